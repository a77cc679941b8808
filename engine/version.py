"""The game's version, from its one source: `version` in pyproject.toml.

An installed checkout (`make venv` installs the project) reads it from the package metadata;
the PyInstaller bundle from the VERSION file that build.spec writes from pyproject.toml; a
bare source tree from pyproject.toml itself. Shown on the title screen, written into crash
reports (game.crash), into saves (engine.kernel.saves) and printed by `--smoke`.
"""

from __future__ import annotations

import sys
import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path

DIST_NAME = "age-contrived"  # [project] name in pyproject.toml
ROOT = Path(__file__).resolve().parents[1]


def frozen() -> bool:
    """Running from the PyInstaller bundle."""
    return bool(getattr(sys, "frozen", False))


@cache
def version() -> str:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        try:
            return (Path(bundle) / "VERSION").read_text(encoding="utf-8").strip() or "unknown"
        except OSError:
            return "unknown"
    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        pass
    try:
        with open(ROOT / "pyproject.toml", "rb") as fh:
            return str(tomllib.load(fh)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


def describe() -> str:
    """"0.1.0" from an installed checkout, "0.1.0 (frozen)" from the bundle."""
    return version() + (" (frozen)" if frozen() else "")

"""Where the shipped files are: the repository's folders from source, the bundle's inside the
PyInstaller build (sys._MEIPASS). Every game's catalog and the front end's art are found here."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def root() -> Path:
    """The folder holding assets/ and saves/: the bundle's when frozen, else the repo."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if isinstance(bundle, str) else REPO


def asset_dir(*parts: str) -> Path:
    """A folder under assets/ (e.g. asset_dir("aac", "data"))."""
    return root().joinpath("assets", *parts)

"""The player's own folders (platformdirs): settings, saves, autosaves, crash reports, a
game's own files (its tutorial's progress...). `$AAC_HOME` puts them all in one folder instead
(tests, portable use). The names are the product's since its first release, so a player's
saves and settings stay where they always were, whichever games are installed."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from engine.kernel import dirs

APP = "AnAgeContrived"
ENV = "AAC_HOME"


def data_root() -> Path:
    return dirs.data_root(APP, ENV)


def user_dir(kind: str = "config") -> Path:
    """A per-user folder: the config folder, or `data_root()/kind` (saves, autosave,
    crashes, tutorial...)."""
    if kind == "config" and not os.environ.get(ENV):
        return Path(platformdirs.user_config_dir(APP, appauthor=False))
    return data_root() / kind


def saves_dir() -> Path:
    """Saves made with Ctrl+S (every game's, side by side: each file says its game)."""
    return user_dir("saves")


def autosave_dir() -> Path:
    """One folder per game in progress or finished (engine.kernel.autosave)."""
    return user_dir("autosave")

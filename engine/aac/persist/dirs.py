"""Where saves and autosaves live: platformdirs' per-user data dir, or $AAC_HOME."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "AnAgeContrived"
ENV = "AAC_HOME"


def data_root() -> Path:
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_root() / "saves"


def autosave_dir() -> Path:
    return data_root() / "autosave"

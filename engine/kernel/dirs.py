"""Where a game's saves and autosaves live: platformdirs' per-user data dir, or an
environment variable the game names (An Age Contrived: $AAC_HOME)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_root(app: str, env: str) -> Path:
    given = os.environ.get(env)
    if given:
        return Path(given)
    return Path(platformdirs.user_data_dir(app, appauthor=False))


def saves_dir(app: str, env: str) -> Path:
    return data_root(app, env) / "saves"


def autosave_dir(app: str, env: str) -> Path:
    return data_root(app, env) / "autosave"

"""Where An Age Contrived's saves and autosaves live: platformdirs' per-user data dir, or
$AAC_HOME (the kernel's engine.kernel.dirs with this game's names)."""

from __future__ import annotations

from pathlib import Path

from engine.kernel import dirs

APP = "AnAgeContrived"
ENV = "AAC_HOME"


def data_root() -> Path:
    return dirs.data_root(APP, ENV)


def saves_dir() -> Path:
    return dirs.saves_dir(APP, ENV)


def autosave_dir() -> Path:
    return dirs.autosave_dir(APP, ENV)

"""Where the learner is in the tutorial, remembered in the per-user folder
(game.settings.user_dir("tutorial")): progress.json (lesson, step) and game.json (the
tutorial's game, an engine save). A damaged file just means starting the lesson again."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.aac.api import Game, SaveError, load_game, save_game
from engine.kernel import files
from engine.kernel.saves import atomic_write
from game.shell.dirs import user_dir

MAX_FILE = 64 * 1024


class Progress(BaseModel):
    model_config = ConfigDict(extra="ignore")
    version: int = 1
    lesson: int = Field(0, ge=0, le=100)
    step: int = Field(0, ge=0, le=1000)
    done_once: bool = False  # the current repeating step has been answered at least once
    finished: bool = False  # every lesson done: the game goes on as a normal game


def folder() -> Path:
    return user_dir("tutorial")


def load() -> tuple[Progress, Game | None] | None:
    """The remembered progress and game, or None when there is none (or it is unreadable)."""
    path = folder() / "progress.json"
    try:
        prog = Progress.model_validate(json.loads(files.read_text(path, MAX_FILE)))
    except (files.Unreadable, ValueError, RecursionError, ValidationError):
        return None
    game: Game | None = None
    saved = folder() / "game.json"
    if files.exists(saved) and not prog.finished:
        try:
            game = load_game(saved, verify=True)
        except SaveError:
            game = None
    return prog, game


def save(prog: Progress, game: Game | None) -> None:
    folder().mkdir(parents=True, exist_ok=True)
    if game is not None and not game.is_over:
        save_game(game, folder() / "game.json", note="the tutorial's game")
    atomic_write(folder() / "progress.json", prog.model_dump_json())


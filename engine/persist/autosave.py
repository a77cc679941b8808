"""Autosave at the start of every turn, keeping the last 10 per game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from engine import events as ev
from engine.game import Game
from engine.persist.dirs import autosave_dir
from engine.persist.io import save_game

KEEP = 10


class Autosaver:
    def __init__(self, game_id: str, root: Path | None = None, keep: int = KEEP) -> None:
        if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", game_id):
            raise ValueError("game_id must be 1-64 letters, digits, '_', '.' or '-'")
        self.dir = (root or autosave_dir()) / game_id
        self.keep = keep

    def after_choose(self, game: Game, events: Iterable[ev.Event]) -> Path | None:
        """Call with the events of every choose(); saves when a new turn has started."""
        if any(isinstance(e, ev.TurnStarted) for e in events):
            return self.save(game)
        return None

    def save(self, game: Game) -> Path:
        path = self.dir / f"turn-{game.state.turn:05d}.json"
        save_game(game, path, note=f"autosave, turn {game.state.turn}")
        files = sorted(self.dir.glob("turn-*.json"))
        for old in files[:-self.keep]:
            old.unlink(missing_ok=True)
        return path

    def latest(self) -> Path | None:
        files = sorted(self.dir.glob("turn-*.json"))
        return files[-1] if files else None


def latest_autosave(root: Path | None = None) -> Path | None:
    """The most recent autosave of any game (for "continue")."""
    base = root or autosave_dir()
    files = list(base.glob("*/turn-*.json"))
    return max(files, key=lambda p: p.stat().st_mtime) if files else None

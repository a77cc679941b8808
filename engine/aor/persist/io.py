"""Saving and loading Age of Reason games through the kernel's envelope
(engine.kernel.saves): atomic writes, replay-verified loads, one-sentence refusals."""

from __future__ import annotations

from pathlib import Path

from engine.aor.definition import AOR
from engine.aor.game import Game
from engine.kernel import saves
from engine.kernel.saves import SaveError

__all__ = ["SaveError", "dumps_save", "load_game", "loads_save", "save_game"]


def dumps_save(game: Game, note: str = "") -> str:
    return saves.dumps(game, note)


def save_game(game: Game, path: str | Path, note: str = "") -> Path:
    return saves.write(game, path, note)


def _game(g: object) -> Game:
    assert isinstance(g, Game)
    return g


def loads_save(text: str, *, verify: bool = True) -> Game:
    return _game(saves.loads(text, AOR, verify=verify))


def load_game(path: str | Path, *, verify: bool = True) -> Game:
    return _game(saves.load(path, AOR, verify=verify))

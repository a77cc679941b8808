"""Reading and writing An Age Contrived's save files, through the kernel's save envelope
(engine.kernel.saves: atomic writes, size cap, one-sentence refusals, the upgrade chain, the
verified load); this game's own checks are `AacDefinition.check_document`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.aac.config import GameConfig
from engine.aac.game import Game
from engine.kernel import definition, saves
from engine.kernel.definition import GameDefinition
from engine.kernel.saves import MAX_BYTES, SaveError, atomic_write, check_playable

__all__ = ["MAX_BYTES", "SaveError", "atomic_write", "check_playable", "document", "dumps_save",
           "load_game", "loads_save", "parse_document", "replay", "save_game", "verify_replay"]


def _aac() -> GameDefinition:
    """The registered definition (engine.aac.definition registers it when the package is
    imported; this module is imported by it, so it looks it up when it is needed)."""
    return definition.get("aac")


def document(game: Game, note: str = "", seats: saves.Seats = ()) -> dict[str, Any]:
    return saves.document(game, note, seats)


def dumps_save(game: Game, note: str = "", seats: saves.Seats = ()) -> str:
    return saves.dumps(game, note, seats)


def save_game(game: Game, path: str | Path, note: str = "", seats: saves.Seats = ()) -> Path:
    return saves.write(game, path, note, seats)


def parse_document(text: str) -> dict[str, Any]:
    return saves.parse_document(text, _aac())


def loads_save(text: str, *, verify: bool = True) -> Game:
    """Build a Game from a save document's text; SaveError with one sentence if refused.

    With `verify` (the default, and what every player-facing path uses) the snapshot must
    equal a replay of config + seed + choices, so a loaded game is one legal play reached and
    plays on to its end. Nothing but SaveError leaves this function."""
    g = saves.loads(text, _aac(), verify=verify)
    assert isinstance(g, Game)
    return g


def load_game(path: str | Path, *, verify: bool = True) -> Game:
    """Open a save file (see loads_save); SaveError with one sentence if refused."""
    g = saves.load(path, _aac(), verify=verify)
    assert isinstance(g, Game)
    return g


def replay(cfg: GameConfig, choices: list[str], upto: int | None = None) -> Game:
    """Play config + seed + choices from the start; any failure is a SaveError."""
    g = saves.replay(_aac(), cfg, choices, upto)
    assert isinstance(g, Game)
    return g


def verify_replay(game: Game, cfg: GameConfig, choices: list[str]) -> None:
    """The snapshot must equal a replay of config + seed + choices, pending decision
    included."""
    saves.verify_replay(game, cfg, choices)

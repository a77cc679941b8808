"""Autosave rotation: a folder per game holding `turn-NNNNN.json` files (the newest `keep`
kept) and `final.json` once the game has ended. The game decides when a save is due
(`GameDefinition.turn_started`: An Age Contrived at the start of every turn, Age of Reason at
every segment too) and how its files are numbered (`GameDefinition.autosave_number`); the
front end decides where the folders live."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.kernel import saves

if TYPE_CHECKING:
    from engine.kernel.events import Event
    from engine.kernel.runner import Runner

KEEP = 10
FINAL = "final.json"
_TURN_FILE = re.compile(r"turn-(\d{5,})\.json")


def is_turn_file(path: Path) -> bool:
    return _TURN_FILE.fullmatch(path.name) is not None


def turn_no(path: Path) -> int:
    m = _TURN_FILE.fullmatch(path.name)
    return int(m.group(1)) if m else -1


def turn_files(folder: Path) -> list[Path]:
    """A game folder's turn autosaves, oldest first (side files beside them are skipped)."""
    try:
        files = [p for p in folder.iterdir() if is_turn_file(p)]
    except OSError:
        return []
    return sorted(files, key=turn_no)


def side_files(path: Path) -> list[Path]:
    """The files a front end keeps beside a save (`x.seats.json`, `x.png`)."""
    return [path.with_suffix(".seats.json"), path.with_suffix(".png")]


def valid_game_id(game_id: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", game_id)) and game_id not in (".", "..")


class Rotation:
    """One game's autosave folder."""

    def __init__(self, folder: Path, keep: int = KEEP) -> None:
        self.dir = folder
        self.keep = keep

    def save_turn(self, game: Runner, number: int, note: str,
                  seats: saves.Seats = ()) -> Path:
        """Save as number `number` (rising through the game: its decisions so far), then drop
        all but the newest `keep` turn files."""
        path = self.dir / f"turn-{number:05d}.json"
        saves.write(game, path, note=note, seats=seats)
        for old in turn_files(self.dir)[:-self.keep]:
            for p in (old, *side_files(old)):
                p.unlink(missing_ok=True)
        return path

    def save_final(self, game: Runner, note: str = "the finished game",
                   seats: saves.Seats = ()) -> Path:
        path = self.dir / FINAL
        saves.write(game, path, note=note, seats=seats)
        return path

    def latest(self) -> Path | None:
        files = turn_files(self.dir)
        return files[-1] if files else None


class Autosaver(Rotation):
    """One game's autosaves in `root/<game_id>/`: a save whenever the game says a new turn
    (or segment) started; the newest `keep` are kept."""

    def __init__(self, game_id: str, root: Path, keep: int = KEEP) -> None:
        if not valid_game_id(game_id):
            raise ValueError("game_id must be 1-64 letters, digits, '_', '.' or '-'")
        super().__init__(root / game_id, keep)

    def after_choose(self, game: Runner, events: Iterable[Event],
                     seats: saves.Seats = ()) -> Path | None:
        """Call with the events of every choose(); saves when a new turn has started."""
        if game.definition.turn_started(events):
            return self.save(game, seats)
        return None

    def save(self, game: Runner, seats: saves.Seats = ()) -> Path:
        """Save the game as it is now (at a turn start, or mid-turn when a player leaves:
        the choice history keeps every decision of the turn so far)."""
        defn = game.definition
        return self.save_turn(game, defn.autosave_number(game),
                              f"autosave, turn {defn.turn(game)}", seats)

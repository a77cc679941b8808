"""Autosave at the start of every turn, keeping the last 10 per game; listing saves cheaply.

An autosave folder (one per game) holds `turn-NNNNN.json` files, and `final.json` once the
game has ended. The listing helpers read a save's few summary fields (seats' characters,
turn, scores, over) without the verified load, so a list of many saves opens fast; a file
that cannot be read that way is listed as damaged, and loading it gives the loader's own
one-sentence refusal.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.aac import events as ev
from engine.aac.data import rules
from engine.aac.game import Game
from engine.aac.persist.dirs import autosave_dir
from engine.aac.persist.io import MAX_BYTES
from engine.aac.persist.models import CURRENT_VERSION
from engine.aac.persist.upgrade import upgrade
from engine.kernel import autosave as kernel_autosave

KEEP = kernel_autosave.KEEP
FINAL = kernel_autosave.FINAL
is_turn_file = kernel_autosave.is_turn_file
turn_files = kernel_autosave.turn_files
side_files = kernel_autosave.side_files


class Autosaver(kernel_autosave.Rotation):
    """Autosave at the start of every turn (the kernel's rotation keeps the newest 10)."""

    def __init__(self, game_id: str, root: Path | None = None, keep: int = KEEP) -> None:
        if not kernel_autosave.valid_game_id(game_id):
            raise ValueError("game_id must be 1-64 letters, digits, '_', '.' or '-'")
        super().__init__((root or autosave_dir()) / game_id, keep)

    def after_choose(self, game: Game, events: Iterable[ev.Event]) -> Path | None:
        """Call with the events of every choose(); saves when a new turn has started."""
        if any(isinstance(e, ev.TurnStarted) for e in events):
            return self.save(game)
        return None

    def save(self, game: Game) -> Path:
        """Save the game as it is now (at a turn start, or mid-turn when a player leaves:
        the choice history keeps every decision of the turn so far)."""
        return self.save_turn(game, game.state.turn, note=f"autosave, turn {game.state.turn}")


def latest_autosave(root: Path | None = None) -> Path | None:
    """The most recent turn autosave of any game (newest file by time)."""
    base = root or autosave_dir()
    files = [p for p in base.glob("*/turn-*.json") if is_turn_file(p)]
    return max(files, key=lambda p: p.stat().st_mtime) if files else None


# --- listing -------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """What a list of saves shows about one file, read without the verified load."""

    path: Path
    kind: str  # "autosave", "save" or "scenario"
    when: float  # seconds since the epoch: the save's own time stamp, else the file's
    damaged: str = ""  # "" or why the summary could not be read
    characters: tuple[str, ...] = ()
    turn: int = 0
    scores: tuple[int, ...] = ()
    over: bool = False
    seed: int = 0
    config: dict[str, Any] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    note: str = ""
    mtime_ns: int = 0

    @property
    def game_folder(self) -> Path | None:
        return self.path.parent if self.kind == "autosave" else None

    def continues(self, other: SaveInfo) -> bool:
        """Is `other` this same game, played on from here (same set-up, our choices first)?"""
        return (not self.damaged and not other.damaged and self.seed == other.seed
                and self.config == other.config
                and other.choices[:len(self.choices)] == self.choices)


_cache: dict[tuple[str, int, int, str], SaveInfo] = {}


def _stamp(text: object) -> float | None:
    if not isinstance(text, str):
        return None
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC).timestamp()
    except ValueError:
        return None


def _ints(raw: object, lo: int, hi: int, n: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > n:
        raise ValueError("not a list of numbers")
    out = tuple(x for x in raw if isinstance(x, int) and not isinstance(x, bool))
    if len(out) != len(raw) or any(not lo <= x <= hi for x in out):
        raise ValueError("not a list of numbers")
    return out


def peek_save(path: Path, kind: str = "save") -> SaveInfo:
    """A save's summary for a list; `damaged` says why it could not be read (the file is
    then still listed, and the full loader explains itself when it is opened)."""
    path = Path(path)
    try:
        st = path.stat()
    except OSError:
        return SaveInfo(path, kind, 0.0, damaged="it cannot be read")
    key = (str(path), st.st_mtime_ns, st.st_size, kind)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    info = _peek(path, kind, st.st_mtime, st.st_size, st.st_mtime_ns)
    if len(_cache) > 512:
        _cache.clear()
    _cache[key] = info
    return info


def _peek(path: Path, kind: str, mtime: float, size: int, mtime_ns: int) -> SaveInfo:
    bad = SaveInfo(path, kind, mtime, damaged="it is damaged", mtime_ns=mtime_ns)
    if size > MAX_BYTES:
        return SaveInfo(path, kind, mtime, damaged="it is too large", mtime_ns=mtime_ns)
    try:
        doc = json.loads(path.read_bytes().decode("utf-8"))
        v = doc.get("version")
        if type(v) is int and 1 <= v < CURRENT_VERSION:  # summaries compare like new saves
            doc = upgrade(doc)
        snap = doc["snapshot"]
        players = snap["players"]
        if not isinstance(players, list) or not 2 <= len(players) <= 5:
            return bad
        chars = tuple(p["character"] for p in players)
        known = rules().characters
        if any(not isinstance(c, str) or c not in known for c in chars):
            return bad
        turn, over, seed = snap["turn"], snap["over"], doc["seed"]
        if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn <= 10**7:
            return bad
        if not isinstance(over, bool) or not isinstance(seed, int) or isinstance(seed, bool):
            return bad
        scores = _ints(snap["scores"], 0, 1000, len(chars))
        cfg, choices, note = doc["config"], doc["choices"], doc.get("note", "")
        if not isinstance(cfg, dict) or not isinstance(choices, list) or \
                not all(isinstance(c, str) for c in choices):
            return bad
        when = _stamp(doc.get("saved_at")) or mtime
        return SaveInfo(path, kind, when, "", chars, turn, scores, over, seed, cfg,
                        tuple(choices), note if isinstance(note, str) else "", mtime_ns)
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError,
            MemoryError, AttributeError):
        return bad


def newest_first(infos: Iterable[SaveInfo]) -> list[SaveInfo]:
    return sorted(infos, key=lambda i: (i.when, i.mtime_ns), reverse=True)


def autosave_games(root: Path | None = None) -> list[SaveInfo]:
    """One entry per autosaved game: its finished game (`final.json`) if it has one, else
    its newest turn autosave; when that newest one is damaged, the newest readable one is
    listed too (so a bad last write never hides the game)."""
    base = root or autosave_dir()
    out: list[SaveInfo] = []
    try:
        folders = [p for p in base.iterdir() if p.is_dir()]
    except OSError:
        return out
    for folder in folders:
        final = folder / FINAL
        if final.is_file():
            info = peek_save(final, "autosave")
            if not info.damaged:
                out.append(info)
                continue
        for p in reversed(turn_files(folder)):
            info = peek_save(p, "autosave")
            out.append(info)
            if not info.damaged:
                break
    return newest_first(out)


def manual_saves(folder: Path) -> list[SaveInfo]:
    try:
        files = [p for p in folder.glob("*.json") if not p.name.endswith(".seats.json")]
    except OSError:
        return []
    return newest_first(peek_save(p, "save") for p in files)


def continue_candidate(saves: Iterable[SaveInfo]) -> SaveInfo | None:
    """The newest readable save of a game that is not over and has not been played on to
    its end elsewhere (a manual save whose game later finished is not offered)."""
    infos = [i for i in saves if not i.damaged]
    finished = [i for i in infos if i.over]
    for info in newest_first(i for i in infos if not i.over):
        if not any(info.continues(f) for f in finished):
            return info
    return None


def delete_save(info: SaveInfo) -> None:
    """Remove a save and the files beside it; an autosave entry stands for its whole game
    folder (every turn autosave, the finished game, the seats file)."""
    folder = info.game_folder
    if folder is not None:
        for p in folder.iterdir():
            if p.is_file():
                p.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            folder.rmdir()
        return
    for p in (info.path, *side_files(info.path)):
        p.unlink(missing_ok=True)

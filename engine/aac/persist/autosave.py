"""Autosave at the start of every turn, keeping the last 10 per game; listing saves cheaply.

An autosave folder (one per game) holds `turn-NNNNN.json` files, and `final.json` once the
game has ended. The listing helpers read a save's few summary fields (seats' characters,
turn, scores, over) without the verified load, so a list of many saves opens fast; a file
that cannot be read that way is listed as damaged, and loading it gives the loader's own
one-sentence refusal. Files are read through engine.kernel.files (regular files only, reads
bounded by the bytes read), so a pipe, a device or a link to one is listed as a file that
cannot be opened, and a folder that cannot be read is listed as such: nothing in the
player's folders stops the listing.
"""

from __future__ import annotations

import contextlib
import errno
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
from engine.kernel import files

KEEP = kernel_autosave.KEEP
FINAL = kernel_autosave.FINAL
is_turn_file = kernel_autosave.is_turn_file
turn_files = kernel_autosave.turn_files
side_files = kernel_autosave.side_files
turn_no = kernel_autosave.turn_no


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
    found: list[tuple[float, Path]] = []
    with contextlib.suppress(files.Unreadable):
        folders = [f for f in files.entries(base) if files.is_folder(f)]
        for folder in folders:
            with contextlib.suppress(files.Unreadable):
                for p in files.entries(folder):
                    if is_turn_file(p) and files.is_file(p):
                        with contextlib.suppress(OSError):
                            found.append((p.stat().st_mtime, p))
    return max(found)[1] if found else None


# --- listing -------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """What a list of saves shows about one file, read without the verified load."""

    path: Path
    kind: str  # "autosave", "save" or "scenario"
    when: float  # seconds since the epoch: the save's own time stamp, else the file's
    damaged: str = ""  # "" or why the summary could not be read (the end of a sentence)
    characters: tuple[str, ...] = ()
    turn: int = 0
    scores: tuple[int, ...] = ()
    over: bool = False
    seed: int = 0
    config: dict[str, Any] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    note: str = ""
    mtime_ns: int = 0
    unreadable: bool = False  # the file itself could not be read (not a file, no permission)
    folder: bool = False  # `path` is a folder that could not be read (no save inside is known)

    @property
    def game_folder(self) -> Path | None:
        if self.kind != "autosave":
            return None
        return self.path if self.folder else self.path.parent

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


def _os_why(exc: OSError | ValueError) -> str:
    return files.os_words(exc) if isinstance(exc, OSError) else "its name cannot be used"


def peek_save(path: Path, kind: str = "save") -> SaveInfo:
    """A save's summary for a list; `damaged` says why it could not be read (the file is
    then still listed, and the full loader explains itself when it is opened)."""
    path = Path(path)
    try:
        own = path.lstat()  # when this entry was put here (a link's own time, not its target's)
    except (OSError, ValueError) as exc:
        return SaveInfo(path, kind, 0.0, damaged=_os_why(exc), unreadable=True)
    try:
        st = path.stat()
    except (OSError, ValueError) as exc:
        return SaveInfo(path, kind, own.st_mtime, damaged=_os_why(exc), unreadable=True,
                        mtime_ns=own.st_mtime_ns)
    key = (str(path), st.st_mtime_ns, st.st_size, kind)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    info = _peek(path, kind, max(own.st_mtime, st.st_mtime), st.st_size,
                 max(own.st_mtime_ns, st.st_mtime_ns))
    if len(_cache) > 512:
        _cache.clear()
    _cache[key] = info
    return info


def _peek(path: Path, kind: str, mtime: float, size: int, mtime_ns: int) -> SaveInfo:
    bad = SaveInfo(path, kind, mtime, damaged="it is damaged", mtime_ns=mtime_ns)
    if size > MAX_BYTES:
        return SaveInfo(path, kind, mtime, damaged="it is too large", mtime_ns=mtime_ns)
    try:
        raw = files.read_bytes(path, MAX_BYTES)
    except files.Unreadable as exc:
        if exc.too_large:
            return SaveInfo(path, kind, mtime, damaged="it is too large", mtime_ns=mtime_ns)
        return SaveInfo(path, kind, mtime, damaged=exc.why, mtime_ns=mtime_ns, unreadable=True)
    try:
        doc = json.loads(raw.decode("utf-8"))
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
    try:
        folders = [p for p in files.entries(base) if files.is_folder(p)]
    except files.Unreadable as exc:  # the autosave folder itself: listed, never fatal
        return [unreadable_folder(base, "autosave", exc.why)]
    out: list[SaveInfo] = []
    for folder in folders:
        final = folder / FINAL
        if files.exists(final):
            info = peek_save(final, "autosave")
            if not info.damaged:
                out.append(info)
                continue
        try:
            turns = sorted((p for p in files.entries(folder) if is_turn_file(p)), key=turn_no)
        except files.Unreadable as exc:
            out.append(unreadable_folder(folder, "autosave", exc.why))
            continue
        for p in reversed(turns):
            info = peek_save(p, "autosave")
            out.append(info)
            if not info.damaged:
                break
    return newest_first(out)


def unreadable_folder(folder: Path, kind: str, why: str) -> SaveInfo:
    """A folder of saves that cannot be read, listed so that the player learns why its
    games are missing."""
    try:
        st = folder.stat()
        when, ns = st.st_mtime, st.st_mtime_ns
    except OSError:
        when, ns = 0.0, 0
    return SaveInfo(folder, kind, when, damaged=why, mtime_ns=ns, unreadable=True, folder=True)


def manual_saves(folder: Path) -> list[SaveInfo]:
    """Every `*.json` in the saves folder but the side files (`*.seats.json`); a folder that
    cannot be read is one entry saying so."""
    try:
        found = [p for p in files.entries(folder)
                 if p.suffix == ".json" and not p.name.endswith(".seats.json")]
    except files.Unreadable as exc:
        return [unreadable_folder(folder, "save", exc.why)]
    return newest_first(peek_save(p, "save") for p in found)


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
        for p in folder.iterdir():  # an OSError (no permission) is the caller's to tell
            if not (p.is_dir() and not p.is_symlink()):  # files, pipes, links: never a folder
                p.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            folder.rmdir()
        return
    if info.folder:
        raise PermissionError(errno.EPERM, "a whole folder of saves is not deleted from here")
    for p in (info.path, *side_files(info.path)):
        p.unlink(missing_ok=True)

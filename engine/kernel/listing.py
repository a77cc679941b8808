"""Listing saves of any game without opening them: a save's summary header (engine.kernel.
summary) read safely (engine.kernel.files), the game found by the document's `format` in the
registry of games (engine.kernel.definition.by_format); autosave folders (one per game,
engine.kernel.autosave), manual saves, and what Continue resumes.

A file that cannot be read (not a file, no permission, too large, not JSON, not a save of an
installed game) is still listed, with why in a few plain words; a folder that cannot be read
is one entry saying so. Nothing here raises on what a player's folders hold.
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

from engine.kernel import files
from engine.kernel.autosave import FINAL, is_turn_file, side_files, turn_no
from engine.kernel.definition import by_format
from engine.kernel.saves import MAX_BYTES
from engine.kernel.summary import SeatSummary, Summary, SummaryError


@dataclass(frozen=True)
class SaveInfo:
    """What a list of saves shows about one file, read without the verified load."""

    path: Path
    kind: str  # "autosave", "save" or "scenario"
    when: float  # seconds since the epoch: the save's own time stamp, else the file's
    damaged: str = ""  # "" or why the summary could not be read (the end of a sentence)
    summary: Summary | None = None  # None when damaged
    seed: int = 0
    config: dict[str, Any] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    note: str = ""
    mtime_ns: int = 0
    unreadable: bool = False  # the file itself could not be read (not a file, no permission)
    folder: bool = False  # `path` is a folder that could not be read (no save inside is known)

    # --- the summary's parts (empty for a damaged file) ---------------------------------------
    @property
    def game(self) -> str:
        return self.summary.game if self.summary is not None else ""

    @property
    def seats(self) -> tuple[SeatSummary, ...]:
        return self.summary.seats if self.summary is not None else ()

    @property
    def turn(self) -> int:
        return self.summary.turn if self.summary is not None else 0

    @property
    def over(self) -> bool:
        return self.summary is not None and self.summary.over

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(s.score for s in self.seats)

    @property
    def game_folder(self) -> Path | None:
        if self.kind != "autosave":
            return None
        return self.path if self.folder else self.path.parent

    def continues(self, other: SaveInfo) -> bool:
        """Is `other` this same game, played on from here (same set-up, our choices first)?"""
        return (not self.damaged and not other.damaged and self.game == other.game
                and self.seed == other.seed and self.config == other.config
                and other.choices[:len(self.choices)] == self.choices)


_cache: dict[tuple[str, int, int, str], SaveInfo] = {}


def _stamp(text: object) -> float | None:
    if not isinstance(text, str):
        return None
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC).timestamp()
    except ValueError:
        return None


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
        if not isinstance(doc, dict):
            return bad
        defn = by_format(str(doc.get("format")))
        if defn is None:
            return SaveInfo(path, kind, mtime, damaged="it is not a save of a game installed here",
                            mtime_ns=mtime_ns)
        v = doc.get("version")
        if type(v) is not int or not 1 <= v <= defn.save_version:
            why = "it was made by a newer version of the game" if type(v) is int and \
                v > defn.save_version else "it is damaged"
            return SaveInfo(path, kind, mtime, damaged=why, mtime_ns=mtime_ns)
        summary = defn.document_summary(doc)
        seed, cfg, choices, note = doc["seed"], doc["config"], doc["choices"], doc.get("note", "")
        if type(seed) is not int or not isinstance(cfg, dict) or not isinstance(choices, list) \
                or not all(isinstance(c, str) for c in choices):
            return bad
        when = _stamp(doc.get("saved_at")) or mtime
        return SaveInfo(path, kind, when, "", summary, seed, cfg, tuple(choices),
                        note if isinstance(note, str) else "", mtime_ns)
    except (SummaryError, OSError, ValueError, KeyError, TypeError, IndexError, RecursionError,
            MemoryError, AttributeError):
        return bad


def newest_first(infos: Iterable[SaveInfo]) -> list[SaveInfo]:
    return sorted(infos, key=lambda i: (i.when, i.mtime_ns), reverse=True)


def unreadable_folder(folder: Path, kind: str, why: str) -> SaveInfo:
    """A folder of saves that cannot be read, listed so that the player learns why its
    games are missing."""
    try:
        st = folder.stat()
        when, ns = st.st_mtime, st.st_mtime_ns
    except OSError:
        when, ns = 0.0, 0
    return SaveInfo(folder, kind, when, damaged=why, mtime_ns=ns, unreadable=True, folder=True)


def autosave_games(base: Path) -> list[SaveInfo]:
    """One entry per autosaved game in `base`: its finished game (`final.json`) if it has
    one, else its newest turn autosave; when that newest one is damaged, the newest readable
    one is listed too (so a bad last write never hides the game)."""
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


def latest_autosave(base: Path) -> Path | None:
    """The most recent turn autosave of any game in `base` (newest file by time)."""
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


def manual_saves(folder: Path, kind: str = "save") -> list[SaveInfo]:
    """Every `*.json` in a folder of saves but the side files (`*.seats.json`); a folder that
    cannot be read is one entry saying so."""
    try:
        found = [p for p in files.entries(folder)
                 if p.suffix == ".json" and not p.name.endswith(".seats.json")]
    except files.Unreadable as exc:
        return [unreadable_folder(folder, kind, exc.why)]
    return newest_first(peek_save(p, kind) for p in found)


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

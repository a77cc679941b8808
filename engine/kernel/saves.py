"""The save envelope shared by every game: one JSON document per game holding the game's id,
its config, the choice ids made so far and a snapshot of the whole state.

- writes are atomic (a temp file in the same folder, fsync, rename);
- a file over `MAX_BYTES` is refused unread;
- every refusal is a `SaveError` whose text is one readable sentence;
- old versions go through the game's upgrade chain, one step per version;
- a load rebuilds the game from its snapshot and (by default) checks that the snapshot
  equals a replay of config + choices, so a game that opens is one legal play reached.

A game supplies the rest through its `GameDefinition`: its format string and version, its
upgrade steps, its own document checks (`check_document`), setup and restore.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.kernel import files
from engine.kernel.decisions import IllegalChoice
from engine.kernel.summary import Summary, SummaryError
from engine.kernel.words import said
from engine.version import version

if TYPE_CHECKING:
    from engine.kernel.definition import GameDefinition
    from engine.kernel.runner import Runner

Doc = dict[str, Any]
MAX_BYTES = 8 * 1024 * 1024


class SaveError(ValueError):
    """A save file was refused; str() is one readable sentence in a player's words (never
    Python's text), `detail` the technical reason for a log or a bug report ("" if none)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


def short(exc: BaseException) -> str:
    """An exception in a few words, for a refusal sentence."""
    text = " ".join(str(exc).split())
    text = text if len(text) <= 120 else text[:117] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


# --- writing -----------------------------------------------------------------------------------


Seats = Sequence[tuple[str, str]]  # per seat: the name typed ("" if none), the bot level


def document(game: Runner, note: str = "", seats: Seats = ()) -> Doc:
    """The save document of a game; `seats` names the seats for its summary header
    (engine.kernel.summary)."""
    defn = game.definition
    cfg = dict(game.config) if game.config else {"players": game.state.n,
                                                  "seed": game.state.seed}
    return {
        "format": defn.save_format,
        "version": defn.save_version,
        "game": defn.id,
        "app_version": version()[:40],  # the build that wrote it (a bug report names it)
        "summary": defn.summary(game, seats).to_plain(),
        "config": cfg,
        "seed": cfg.get("seed", 0),
        "choices": list(game.history),
        "snapshot": game.snapshot(),
        "saved_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "note": note,
    }


def dumps(game: Runner, note: str = "", seats: Seats = ()) -> str:
    return json.dumps(document(game, note, seats), separators=(",", ":"))


def atomic_write(path: Path, text: str) -> None:
    """Write via a temp file in the same folder, fsync, rename: a crash leaves the old file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in path.parent.glob(f".{path.name}.*.tmp"):  # left by a writer that was killed
        with contextlib.suppress(OSError):
            stale.unlink()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write(game: Runner, path: str | Path, note: str = "", seats: Seats = ()) -> Path:
    p = Path(path)
    atomic_write(p, dumps(game, note, seats))
    return p


# --- versions ----------------------------------------------------------------------------------


def run_upgrades(doc: Doc, steps: Mapping[int, Callable[[Doc], Doc]], current: int) -> Doc:
    """Upgrade a document one version at a time (`steps[v]` turns version v into v + 1).
    KeyError for a version below 1 or a missing step (never skipped)."""
    v = int(doc["version"])
    if v < 1:
        raise KeyError(v)
    while v < current:
        doc = steps[v](doc)
        v += 1
        doc["version"] = v
    return doc


# --- reading -----------------------------------------------------------------------------------


class _NotJsonNumber(ValueError):
    """NaN or Infinity in a file: Python's reader takes them, JSON does not."""


def _reject_constant(name: str) -> Any:
    raise _NotJsonNumber(f"it is not valid JSON ({name} is not a number JSON allows)")


def parse_document(text: str, defn: GameDefinition) -> Doc:
    """JSON text -> a document of the game's current version (upgraded), or SaveError."""
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except RecursionError as exc:
        raise SaveError("This is not a save file: its JSON is nested too deeply.") from exc
    except _NotJsonNumber as exc:
        raise SaveError(f"This is not a save file: {exc}.") from exc
    except ValueError as exc:
        where = f" (line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise SaveError(f"This is not a save file: it is not valid JSON{where}.",
                        short(exc)) from exc
    if not isinstance(doc, dict):
        raise SaveError("This is not a save file: it does not hold a JSON object.")
    if doc.get("format") != defn.save_format:
        raise SaveError(f"This is not an {defn.title} save file (its format is "
                        f"{said(doc.get('format'))}, expected {said(defn.save_format)}).")
    v = doc.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise SaveError("This save file has no valid version number.")
    current = defn.save_version
    if v > current:
        raise SaveError(f"This save was made by a newer version of the game (save version {v}; "
                        f"this game reads up to {current}).")
    try:
        doc = run_upgrades(doc, defn.upgraders(), current)
    except KeyError as exc:
        raise SaveError(f"This save file's version {v} is not one this game knows.") from exc
    game = doc.get("game")
    if game != defn.id:
        raise SaveError(f"This save file is for another game ({said(game)}; this is "
                        f"{defn.title}).")
    return doc


def loads(text: str, defn: GameDefinition, *, verify: bool = True) -> Runner:
    """Build a game from a save document's text; SaveError with one sentence if refused.

    With `verify` (the default, and what every player-facing path uses) the snapshot must
    equal a replay of config + choices. Nothing but SaveError leaves this function."""
    try:
        return _loads(text, defn, verify)
    except SaveError:
        raise
    except RecursionError as exc:
        raise SaveError("This save file cannot be opened: it is nested too deeply.") from exc
    except MemoryError as exc:
        raise SaveError("This save file cannot be opened: it is too large to read.") from exc
    except Exception as exc:  # a refusal, never a crash: any failure means "not a good save"
        raise SaveError("This save file is damaged and cannot be opened.",
                        short(exc)) from exc


def _loads(text: str, defn: GameDefinition, verify: bool) -> Runner:
    if len(text) > MAX_BYTES:
        raise SaveError(f"This save file is too large ({len(text)} bytes; the limit is "
                        f"{MAX_BYTES}).")
    doc = parse_document(text, defn)
    cfg = defn.check_document(doc)
    header = read_summary(doc)
    choices = list(doc["choices"])
    if verify:
        # the game that opens is the replay itself, checked against the file's snapshot:
        # exactly what the engine would have written, whatever order or number types the
        # file holds
        game = verified_replay(defn, cfg, choices, doc["snapshot"])
        if header is not None:
            check_summary(defn, game, header)
    else:
        try:
            game = defn.runner.from_snapshot(doc["snapshot"])
        except Exception as exc:  # any failure to resume is a refusal, never a crash
            raise SaveError("This save file cannot be resumed: its game is damaged.",
                            short(exc)) from exc
    game.config = cfg.to_dict()
    game.history = choices
    check_playable(game)
    game.note_loaded()
    return game


def read_summary(doc: Doc) -> Summary | None:
    """The document's summary header (None in a file written before headers existed);
    SaveError if it is not one a game writes."""
    raw = doc.get("summary")
    if raw is None:
        return None
    try:
        return Summary.from_plain(raw)
    except SummaryError as exc:
        raise SaveError(f"This save file is damaged: {exc}.") from exc


def check_summary(defn: GameDefinition, game: Runner, header: Summary) -> None:
    """The header says of the game what the game says of itself (only the seats' names and
    levels are the front end's own)."""
    seats = [(s.name, s.level) for s in header.seats]
    if len(seats) != game.state.n or defn.summary(game, seats) != header:
        raise SaveError("This save file is inconsistent: its summary does not match its game.")


def check_playable(game: Runner) -> None:
    """An unfinished game must wait on a decision with at least one choice (the rules always
    ask somebody something until the game ends)."""
    d = game.pending
    if game.is_over:
        if d is not None:
            raise SaveError("This save file is inconsistent: the game is over but still asks "
                            "for a decision.")
        return
    if d is None or not d.choices:
        raise SaveError("This save file is inconsistent: the game is not over but nobody "
                        "has a decision to make.")
    if not 0 <= d.seat < game.state.n:
        raise SaveError("This save file is inconsistent: the pending decision belongs to a "
                        "seat that does not exist.")


def replay(defn: GameDefinition, cfg: Any, choices: list[str],
           upto: int | None = None) -> Runner:
    """Play config + choices from the start (undo bookkeeping off: it is not needed and would
    copy the state at every choice). Any failure is a SaveError."""
    try:
        g = defn.new_game(cfg)
    except Exception as exc:
        raise SaveError("This save's set-up cannot be played.", short(exc)) from exc
    g.undo_enabled = False
    for i, cid in enumerate(choices if upto is None else choices[:upto]):
        try:
            g.choose(cid)
        except IllegalChoice as exc:
            raise SaveError(f"Replaying the save failed at decision {i + 1}: its choice is "
                            "not legal there.", f"{cid[:60]}: {exc}") from exc
        except Exception as exc:
            raise SaveError(f"Replaying the save failed at decision {i + 1}: the game "
                            "cannot go on from there.", short(exc)) from exc
    g.undo_enabled = True
    return g


def canonical(data: Any) -> str:
    """Plain data as one exact text: key order does not count, types do (1, 1.0 and true
    differ), so two canonical texts are equal exactly when JSON would hold the same values."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


def snapshot_mismatch(replayed: Mapping[str, Any], snap: Any) -> str:
    """"" when `snap` is exactly `replayed` (canonically), else the refusal sentence."""
    if not isinstance(snap, dict):
        return "This save file is damaged: its snapshot is not a mapping."
    if canonical(replayed) == canonical(snap):
        return ""
    diff = sorted(k for k in set(replayed) | set(snap)
                  if k not in replayed or k not in snap
                  or canonical(replayed[k]) != canonical(snap[k]))
    return ("The save's snapshot does not match a replay of its choices "
            f"(differs in: {', '.join(str(k)[:40] for k in diff[:5])}).")


def verified_replay(defn: GameDefinition, cfg: Any, choices: list[str],
                    snap: Any) -> Runner:
    """A replay of config + choices whose snapshot is exactly `snap` (canonically: the same
    values of the same types); SaveError if it is not."""
    g = replay(defn, cfg, choices)
    why = snapshot_mismatch(g.snapshot(), snap)
    if why:
        raise SaveError(why)
    return g


def verify_replay(game: Runner, cfg: Any, choices: list[str]) -> None:
    """A game's snapshot must be exactly a replay of config + choices, pending decision
    included."""
    g = verified_replay(game.definition, cfg, choices, game.snapshot())
    if g.pending != game.pending:
        raise SaveError("The save's pending decision does not match a replay of its choices.")


def format_of(text: str) -> str:
    """The "format" a save document's text names ("" if it names none or is not JSON): which
    game's loader to ask (engine.kernel.definition.by_format)."""
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except (RecursionError, ValueError):
        return ""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    return fmt if isinstance(fmt, str) else ""


def load(path: str | Path, defn: GameDefinition, *, verify: bool = True) -> Runner:
    """Open a save file (see loads); SaveError with one sentence if refused."""
    return loads(read_text(path), defn, verify=verify)


def read_text(path: str | Path) -> str:
    """A save file's text; SaveError with one sentence if it cannot be read. Only a regular
    file is read, and never more than MAX_BYTES of it (engine.kernel.files)."""
    try:
        raw = files.read_bytes(path, MAX_BYTES)
    except files.Unreadable as exc:
        if exc.too_large:
            raise SaveError(f"This save file is too large (the limit is "
                            f"{files.size_text(MAX_BYTES)}).") from exc
        raise SaveError(f"The save file cannot be read ({exc.why}).") from exc
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError("This is not a save file: it is not UTF-8 text.") from exc

"""Reading and writing save files: atomic writes, size cap, one-sentence refusals."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.aac.config import GameConfig
from engine.aac.data import rules
from engine.aac.game import Game, new_game
from engine.aac.persist.models import CURRENT_VERSION, FORMAT, SaveFile
from engine.aac.persist.upgrade import upgrade
from engine.aac.persist.validate import Invalid, check_config, check_snapshot
from engine.aac.state import state_to_dict
from engine.kernel.decisions import IllegalChoice

MAX_BYTES = 8 * 1024 * 1024


class SaveError(ValueError):
    """A save file was refused; str() is one readable sentence."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def document(game: Game, note: str = "") -> dict[str, Any]:
    cfg = dict(game.config) if game.config else {"players": game.state.n, "seed": game.state.seed}
    return {
        "format": FORMAT,
        "version": CURRENT_VERSION,
        "config": cfg,
        "seed": game.state.seed,
        "choices": list(game.history),
        "snapshot": state_to_dict(game.state),
        "saved_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "note": note,
    }


def dumps_save(game: Game, note: str = "") -> str:
    return json.dumps(document(game, note), separators=(",", ":"))


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


def save_game(game: Game, path: str | Path, note: str = "") -> Path:
    p = Path(path)
    atomic_write(p, dumps_save(game, note))
    return p


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ""
    for part in err["loc"]:
        loc += f"[{part}]" if isinstance(part, int) else (f".{part}" if loc else str(part))
    msg = err["msg"]
    val = err.get("input")
    shown = repr(val) if isinstance(val, int | float | str | bool) and len(repr(val)) < 40 else ""
    got = f" (got {shown})" if shown else ""
    return f"{loc}: {msg[0].lower() + msg[1:]}{got}"


def parse_document(text: str) -> dict[str, Any]:
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except RecursionError as exc:
        raise SaveError("This is not a save file: its JSON is nested too deeply.") from exc
    except (json.JSONDecodeError, ValueError) as exc:
        raise SaveError(f"This is not a save file: it is not valid JSON ({exc}).") from exc
    if not isinstance(doc, dict):
        raise SaveError("This is not a save file: it does not hold a JSON object.")
    if doc.get("format") != FORMAT:
        raise SaveError("This is not an An Age Contrived save file (its format is "
                        f"{str(doc.get('format'))[:40]!r}, expected {FORMAT!r}).")
    v = doc.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise SaveError("This save file has no valid version number.")
    if v > CURRENT_VERSION:
        raise SaveError(f"This save was made by a newer version of the game (save version {v}; "
                        f"this game reads up to {CURRENT_VERSION}).")
    try:
        return upgrade(doc)
    except KeyError as exc:
        raise SaveError(f"This save file's version {v} is not one this game knows.") from exc


def loads_save(text: str, *, verify: bool = True) -> Game:
    """Build a Game from a save document's text; SaveError with one sentence if refused.

    With `verify` (the default, and what every player-facing path uses) the snapshot must
    equal a replay of config + seed + choices, so a loaded game is one legal play reached and
    plays on to its end. Nothing but SaveError leaves this function."""
    try:
        return _loads_save(text, verify)
    except SaveError:
        raise
    except RecursionError as exc:
        raise SaveError("This save file cannot be opened: it is nested too deeply.") from exc
    except MemoryError as exc:
        raise SaveError("This save file cannot be opened: it is too large to read.") from exc
    except Exception as exc:  # a refusal, never a crash: any failure means "not a good save"
        raise SaveError(f"This save file cannot be opened ({_short(exc)}).") from exc


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    text = text if len(text) <= 120 else text[:117] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _loads_save(text: str, verify: bool) -> Game:
    if len(text) > MAX_BYTES:
        raise SaveError(f"This save file is too large ({len(text)} bytes; the limit is "
                        f"{MAX_BYTES}).")
    doc = parse_document(text)
    try:
        model = SaveFile.model_validate(doc)
    except ValidationError as exc:
        raise SaveError(f"This save file is damaged: {_first_error(exc)}.") from exc
    r = rules()
    snap = doc["snapshot"]
    try:
        cfg = GameConfig(**model.config.model_dump())
        cfg.validate()
        check_config(cfg, r)
        check_snapshot(snap, r)
    except (Invalid, ValueError, TypeError) as exc:
        raise SaveError(f"This save file is inconsistent: {exc}.") from exc
    if cfg.players != model.snapshot.n or model.seed != model.snapshot.seed:
        raise SaveError("This save file is inconsistent: its config and snapshot disagree.")
    try:
        game = Game.from_snapshot(snap)
    except Exception as exc:  # any failure to resume is a refusal, never a crash
        raise SaveError(f"This save file cannot be resumed ({_short(exc)}).") from exc
    game.config = cfg.to_dict()
    game.history = list(model.choices)
    check_playable(game)
    if verify:
        verify_replay(game, cfg, model.choices)
    game.note_loaded()
    return game


def check_playable(game: Game) -> None:
    """An unfinished game must wait on a decision with at least one choice (R0: the rules
    always ask somebody something until the game ends)."""
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


def replay(cfg: GameConfig, choices: list[str], upto: int | None = None) -> Game:
    """Play config + seed + choices from the start (undo bookkeeping off: it is not needed
    and would copy the state at every choice). Any failure is a SaveError."""
    try:
        g = new_game(cfg)
    except Exception as exc:
        raise SaveError(f"This save's set-up cannot be played ({_short(exc)}).") from exc
    g.undo_enabled = False
    for i, cid in enumerate(choices if upto is None else choices[:upto]):
        try:
            g.choose(cid)
        except IllegalChoice as exc:
            raise SaveError(f"Replaying the save failed at choice {i + 1} ({cid[:60]!r}): it "
                            "is not legal there.") from exc
        except Exception as exc:
            raise SaveError(f"Replaying the save failed at choice {i + 1} "
                            f"({_short(exc)}).") from exc
    g.undo_enabled = True
    return g


def verify_replay(game: Game, cfg: GameConfig, choices: list[str]) -> None:
    """The snapshot must equal a replay of config + seed + choices, pending decision
    included."""
    g = replay(cfg, choices)
    a = state_to_dict(g.state)
    b = state_to_dict(game.state)
    if a != b:
        diff = sorted(k for k in a if a[k] != b.get(k))
        raise SaveError("The save's snapshot does not match a replay of its choices "
                        f"(differs in: {', '.join(diff[:5])}).")
    if g.pending != game.pending:
        raise SaveError("The save's pending decision does not match a replay of its choices.")
    game.notes = g.notes  # the replay knows why each score changed (engine.aac.score_notes)



def load_game(path: str | Path, *, verify: bool = True) -> Game:
    """Open a save file (see loads_save); SaveError with one sentence if refused."""
    try:
        p = Path(path)
        size = p.stat().st_size
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else _short(exc)
        raise SaveError(f"The save file cannot be read ({why}).") from exc
    if size > MAX_BYTES:
        raise SaveError(f"This save file is too large ({size} bytes; the limit is {MAX_BYTES}).")
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise SaveError(f"The save file cannot be read ({exc.strerror}).") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError("This is not a save file: it is not UTF-8 text.") from exc
    return loads_save(text, verify=verify)


"""A seeded mutation fuzzer over real saves (issue 10), shared by the test and the benchmark.

Base saves are real games: random play from 0 moves to the end at 2-5 seats, a finished
easy-bot game, and the shipped scenarios. A mutant changes 1-3 things in the document tree
(numbers, strings, catalog ids of every family, list elements deleted / duplicated / swapped /
truncated, keys deleted / renamed / added, whole subtrees replaced) or damages the text (cut,
flipped bytes, deleted or duplicated spans, garbage inserted). Each mutant must either be
refused with a one-sentence `SaveError`, or load a game that is consistent (engine invariants,
a pending decision with choices unless over, every seat's view and the scores computable) and
plays on for 50 decisions without an exception.

    outcome = check_engine(text, path, rng)   # through engine.aac.persist.load_game
    outcome = check_table(text, path, rng, app)  # through the table's Session.load + the App
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import GameConfig, new_game
from engine.aac.bots import make_bot
from engine.aac.core import Ctx
from engine.aac.data import rules
from engine.aac.game import Game
from engine.aac.invariants import check
from engine.aac.persist.io import SaveError, dumps_save, load_game
from engine.kernel.bots import RandomBot
from engine.kernel.frames import Frame
from tests.save_positions import run_workers

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "saves" / "scenarios" / "aac"
PLAY_ON = 50


@dataclass
class Outcome:
    kind: str  # "refused", "loaded", "crash" (an exception escaped), "broken" (loaded, failed)
    detail: str = ""


# --- base saves -----------------------------------------------------------------------------


def _random_game(players: int, seed: int, moves: int | None) -> Game:
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    bot = RandomBot(seed)
    n = 0
    while not g.is_over and (moves is None or n < moves):
        assert g.pending is not None
        g.choose(bot.choose(None, g.pending))
        n += 1
    return g


def _bot_game(players: int, seed: int, level: str = "easy") -> Game:
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    bots = [make_bot(level, seed * 7 + i) for i in range(players)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
    return g


def base_saves(seed: int = 1, finished_random: bool = True, bot_game: bool = True
               ) -> list[tuple[str, str]]:
    """(name, save text) of real games: 0 moves to finished, 2-5 seats, plus the scenarios."""
    out: list[tuple[str, str]] = []
    for players in (2, 3, 4, 5):
        for moves in (0, 40, 400):
            g = _random_game(players, seed * 100 + players * 10 + moves, moves)
            out.append((f"random-{players}p-{moves}", dumps_save(g, "fuzz base")))
    if finished_random:
        g = _random_game(2, seed * 100 + 7, None)
        out.append(("random-2p-finished", dumps_save(g, "fuzz base")))
    if bot_game:
        g = _bot_game(2, seed)
        out.append(("easy-2p-finished", dumps_save(g, "fuzz base")))
    for p in sorted(SCENARIOS.glob("*.json")):
        out.append((f"scenario-{p.stem}", p.read_text(encoding="utf-8")))
    return out


# --- mutation ---------------------------------------------------------------------------------


def id_families() -> list[list[str]]:
    """Catalog ids by family (so a mutant names a real thing, of the same kind or another,
    in the wrong place)."""
    r = rules()
    fams = [sorted(f) for f in (r.tiles, r.sections, r.neighbours, r.monuments, r.characters,
                                r.achievements, r.action_tokens, r.bonus_tiles,
                                r.neutral_tokens, r.conduit_icons, r.regions)]
    fams += [sorted(r.bridge_spaces), sorted(r.upgrade_designs), sorted(Frame.registry),
             ["board", "box", "tile_pool", "", "p:0:1", "p:4:3", "n:x"],
             ["", "advance", "actions", "choosing"]]
    return fams


class Pool(list[str]):
    """Every catalog id, and for each id the families it belongs to."""

    def __init__(self) -> None:
        fams = id_families()
        super().__init__(sorted({i for f in fams for i in f}))
        self.family: dict[str, list[list[str]]] = {}
        for f in fams:
            for i in f:
                self.family.setdefault(i, []).append(f)

    def like(self, v: str, rng: random.Random) -> str:
        """Another id of v's family (or any id, if v is not a catalog id)."""
        fams = self.family.get(v)
        return rng.choice(rng.choice(fams)) if fams else rng.choice(self)


def id_pool() -> Pool:
    return Pool()


def _slots(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, Any, tuple[Any, ...]]]:
    """(container, key, path) for every node below the root."""
    if isinstance(doc, dict):
        for k in list(doc):
            yield doc, k, path + (k,)
            yield from _slots(doc[k], path + (k,))
    elif isinstance(doc, list):
        for i in range(len(doc)):
            yield doc, i, path + (i,)
            yield from _slots(doc[i], path + (i,))


def _scalar_variants(v: Any, rng: random.Random, pool: Pool, strings: list[str]
                     ) -> list[Any]:
    if isinstance(v, bool):
        return [not v, 0, 1, None, "true"]
    if isinstance(v, int):
        return [v + 1, v - 1, 0, -1, -2, 1, 2, 3, 4, 5, 11, 19, 21, 255, 10**6, 2**63,
                -(2**63), -v, float(v), v + 0.5, str(v), None, True, rng.randint(-50, 50)]
    if isinstance(v, float):
        return [int(v), -v, 0, 1e308, str(v), None]
    if isinstance(v, str):
        return [pool.like(v, rng), pool.like(v, rng), pool.like(v, rng), rng.choice(pool),
                rng.choice(strings) if strings else "",
                "", v + "x", v[:-1], v.upper(), "x" * 70, "é\u0000", 5, None, [v]]
    if v is None:
        return [0, "", [], {}, False]
    return [None]


def mutate_tree(doc: dict[str, Any], rng: random.Random, pool: Pool) -> None:
    """One change somewhere in the document tree: the snapshot's rule stack (pending rule
    work) a third of the time, elsewhere in the snapshot most of the rest."""
    slots = list(_slots(doc))
    snap = [s for s in slots if len(s[2]) > 1 and s[2][0] == "snapshot"]
    frames = [s for s in snap if s[2][1] in ("stack", "completions")]
    x = rng.random()
    parent, key, _ = rng.choice(frames if frames and x < 0.33 else
                                snap if snap and x < 0.8 else slots)
    v = parent[key]
    strings = [s[0][s[1]] for s in rng.sample(slots, min(40, len(slots)))
               if isinstance(s[0][s[1]], str)]
    if isinstance(v, list) and rng.random() < 0.85:
        op = rng.randrange(8)
        if op == 0 and v:
            del v[rng.randrange(len(v))]
        elif op == 1 and v:
            v.insert(rng.randrange(len(v) + 1), copy.deepcopy(rng.choice(v)))
        elif op == 2 and len(v) > 1:
            i, j = rng.sample(range(len(v)), 2)
            v[i], v[j] = v[j], v[i]
        elif op == 3 and v:
            del v[rng.randrange(len(v)):]
        elif op == 4:
            v.clear()
        elif op == 5:
            v.reverse()
        elif op == 6:
            v.append(rng.choice(pool) if rng.random() < 0.5 or not v else copy.deepcopy(v[0]))
        else:
            parent[key] = {}
        return
    if isinstance(v, dict) and rng.random() < 0.85:
        keys = list(v)
        op = rng.randrange(5)
        if op == 0 and keys:
            del v[rng.choice(keys)]
        elif op == 1 and keys:  # rename a key (to a catalog id or another key: a collision)
            k = rng.choice(keys)
            new = rng.choice(pool + keys)
            v[new] = v.pop(k)
        elif op == 2 and keys:
            v[rng.choice(pool)] = copy.deepcopy(v[rng.choice(keys)])
        elif op == 3 and keys:  # one entry's value copied onto another's
            a, b = rng.choice(keys), rng.choice(keys)
            v[a] = copy.deepcopy(v[b])
        else:
            parent[key] = []
        return
    parent[key] = rng.choice(_scalar_variants(v, rng, pool, strings))


def mutate_text(text: str, rng: random.Random) -> bytes:
    """Damage the bytes themselves: cut, flip, delete, duplicate, insert."""
    b = bytearray(text.encode("utf-8"))
    n = len(b)
    op = rng.randrange(6)
    if op == 0:
        del b[rng.randrange(n):]
    elif op == 1:
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(n)] = rng.randrange(256)
    elif op == 2:
        i = rng.randrange(n)
        del b[i:i + rng.randint(1, 40)]
    elif op == 3:
        i = rng.randrange(n)
        j = min(n, i + rng.randint(1, 60))
        b[i:i] = b[i:j]
    elif op == 4:
        b[rng.randrange(n):rng.randrange(n)] = bytes(rng.randrange(256)
                                                      for _ in range(rng.randint(1, 12)))
    else:  # a digit changed
        digits = [i for i, c in enumerate(b) if 48 <= c <= 57]
        if digits:
            b[rng.choice(digits)] = 48 + rng.randrange(10)
    return bytes(b)


def mutant(text: str, rng: random.Random, pool: Pool) -> bytes:
    """A mutant of one save: 1-3 tree changes (most of the time), or damaged bytes."""
    return mutant_with(text, rng, pool, twins=0.0)[0]


# --- twins: mutants equal to the save under Python's == -----------------------------------------


def _numbers(doc: Any) -> list[tuple[Any, Any, tuple[Any, ...]]]:
    """(container, key, path) of every number and true/false in the document."""
    return [s for s in _slots(doc) if isinstance(s[0][s[1]], int | float)]


def _twin_number(v: Any, rng: random.Random) -> Any:
    """A value equal to v under == of another JSON type: 1 -> 1.0 or true, true -> 1 or
    1.0, 2.0 -> 2."""
    if isinstance(v, bool):
        return rng.choice((int(v), float(v)))
    if isinstance(v, int):
        return rng.choice((float(v), bool(v))) if v in (0, 1) else float(v)
    if isinstance(v, float) and v.is_integer():
        return int(v) if abs(v) < 2**53 else v
    return v


def twin(doc: dict[str, Any], rng: random.Random) -> str:
    """Change doc in place so that it stays == to what it was (issue 27: the verified load
    compared with ==): numbers of another type (one, a few, or every number of a subtree),
    and/or the keys of one dict, or of every dict, in another order. What was done, in
    words."""
    done: list[str] = []
    op = rng.randrange(5)
    if op in (0, 1, 4):
        nums = _numbers(doc)
        if nums:
            if op == 1 and rng.random() < 0.5:  # every number below one node of the snapshot
                snap = [s for s in _slots(doc) if s[2][:1] == ("snapshot",)
                        and isinstance(s[0][s[1]], dict | list)]
                root = rng.choice(snap)[2] if snap else ()
                picked = [s for s in nums if s[2][:len(root)] == root]
            else:
                picked = rng.sample(nums, min(len(nums), rng.choice((1, 1, 2, 3))))
            for parent, key, path in picked:
                old = parent[key]
                parent[key] = _twin_number(old, rng)
                if len(done) < 3:
                    done.append(f"{'/'.join(map(str, path))}: {old!r} -> {parent[key]!r}")
            if len(picked) > 3:
                done.append(f"... {len(picked)} numbers")
    if op in (2, 3, 4):
        dicts = [s for s in _slots(doc)
                 if isinstance(s[0][s[1]], dict) and len(s[0][s[1]]) > 1]
        targets = [(None, None, ())] if op == 3 else [rng.choice(dicts)] if dicts else []
        for parent, key, path in targets:
            node = doc if parent is None else parent[key]
            _shuffle(node, rng, deep=op == 3)
            done.append(f"keys reordered in {'/'.join(map(str, path)) or 'every dict'}")
    return "; ".join(done) or "no change"


def _shuffle(node: Any, rng: random.Random, deep: bool) -> None:
    if isinstance(node, dict):
        items = list(node.items())
        before = list(node)
        rng.shuffle(items)
        if len(items) > 1 and [k for k, _ in items] == before:
            items = items[1:] + items[:1]  # never the same order
        node.clear()
        node.update(items)
        if deep:
            for v in node.values():
                _shuffle(v, rng, deep)
    elif isinstance(node, list) and deep:
        for v in node:
            _shuffle(v, rng, deep)


def mutant_with(text: str, rng: random.Random, pool: Pool, twins: float = 0.3
                ) -> tuple[bytes, str]:
    """A mutant of one save and what was done: a twin (equal under ==) `twins` of the time,
    else 1-3 tree changes (most of the time) or damaged bytes."""
    if twins and rng.random() < twins:  # (none: the same mutants as before twins existed)
        doc = json.loads(text)
        what = twin(doc, rng)
        return json.dumps(doc, separators=(",", ":")).encode("utf-8"), f"twin: {what}"
    if rng.random() < 0.2:
        return mutate_text(text, rng), "damaged bytes"
    doc = json.loads(text)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        mutate_tree(doc, rng, pool)
    try:
        return (json.dumps(doc, separators=(",", ":")).encode("utf-8", "surrogatepass"),
                "tree changes")
    except (ValueError, TypeError):
        return text.encode("utf-8"), "tree changes (not writable: the save itself)"


# --- checking ------------------------------------------------------------------------------------


def one_sentence(msg: str) -> bool:
    return bool(msg) and "\n" not in msg and "Traceback" not in msg and len(msg) <= 400


# Python's own words in a text meant for a player: exception names, reprs, type names,
# tracebacks, the json module's and pydantic's messages.
PYTHON_TEXT = re.compile("|".join((
    r"\b[A-Z][A-Za-z]*(?:Error|Exception|Warning)\b", r"Traceback", r"\bNoneType\b",
    r"not supported between instances", r"has no attribute", r"object is not",
    r"unhashable", r"positional argument", r"keyword argument", r"invalid literal for",
    r"index out of range", r"not subscriptable", r"not iterable", r"<class ", r"<function ",
    r"\b0x[0-9a-f]{6,}", r"pydantic", r"input_value=", r"input_type=", r"\[type=",
    r"Expecting (?:value|property name|',' delimiter|':' delimiter)", r"Extra data",
    r"Unterminated string", r"Invalid control character", r"Invalid \\escape",
    r"\(char \d+\)", r"line \d+ column \d+", r"dict_keys", r"\bkwargs\b", r"\bargs\b",
    r"'(?:int|str|float|bool|list|dict|tuple|NoneType)'", r"\bNone\b", r"\bself\.",
    r"__\w+__", r"\.py\b",
)))


def python_text(msg: str) -> str:
    """The first piece of Python's own text in `msg`, or ""."""
    m = PYTHON_TEXT.search(msg)
    return m.group(0) if m else ""


def plain_sentence(msg: str) -> str:
    """"" if `msg` is one plain sentence for a player, else what is wrong with it."""
    if not one_sentence(msg):
        return f"not one sentence: {msg[:160]!r}"
    bad = python_text(msg)
    return f"Python text {bad!r} in {msg[:200]!r}" if bad else ""


def check_consistent(g: Game) -> None:
    """Raise AssertionError if a loaded game is not whole: invariants, a decision to make
    (or over), every view and the scores computable."""
    errs = check(Ctx(g.state, g.rules))
    assert not errs, f"invariant: {errs[0]}"
    if g.is_over:
        assert g.pending is None, "over but a decision is pending"
    else:
        d = g.pending
        assert d is not None and d.choices, "not over, but no decision with choices"
        assert 0 <= d.seat < g.state.n, f"the decision's seat {d.seat} does not exist"
    for seat in range(g.state.n):
        g.view(seat)
    g.final_scores()
    g.ranking()


def play_on(g: Game, rng: random.Random, n: int = PLAY_ON) -> int:
    """Play up to n random legal decisions, checking the game after each; the count played."""
    played = 0
    check_consistent(g)
    while played < n and not g.is_over:
        d = g.pending
        assert d is not None
        g.choose(rng.choice(d.choices).id)
        played += 1
        check_consistent(g)
    return played


def check_engine(data: bytes, path: Path, rng: random.Random, verify: bool = True) -> Outcome:
    """Load a mutant (verify=False: without the snapshot check) and play on from it."""
    path.write_bytes(data)
    try:
        g = load_game(path, verify=verify)
    except SaveError as exc:
        msg = str(exc)
        if not one_sentence(msg):
            return Outcome("crash", f"refusal is not one sentence: {msg[:200]!r}")
        return Outcome("refused", msg)
    except BaseException as exc:  # noqa: BLE001 - exactly what the fuzzer looks for
        return Outcome("crash", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}")
    try:
        play_on(g, rng)
    except BaseException as exc:  # noqa: BLE001
        return Outcome("broken", f"{type(exc).__name__}: {exc}\n"
                       f"{traceback.format_exc(limit=6)}")
    return Outcome("loaded")


def check_table(data: bytes, path: Path, rng: random.Random, app: Any,
                seats: bytes | None = None, frames: int = 3000) -> Outcome:
    """The table's load path: Session.load (with the seats side file), the table scene, then
    50 decisions (people's by their choices, bots' through the worker) frame by frame."""
    from game.shell.session import Session, seats_path

    path.write_bytes(data)
    side = seats_path(path)
    if seats is not None:
        side.write_bytes(seats)
    elif side.exists():
        side.unlink()
    try:
        session = Session.load(path)
    except SaveError as exc:
        msg = str(exc)
        return Outcome("refused", msg) if one_sentence(msg) else Outcome(
            "crash", f"refusal is not one sentence: {msg[:200]!r}")
    except BaseException as exc:  # noqa: BLE001
        return Outcome("crash", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}")
    try:
        app.start_session(session)
        game = session.game
        assert isinstance(game, Game)
        start = len(game.history)
        for _ in range(frames):
            if game.is_over or len(game.history) - start >= PLAY_ON:
                break
            table = app.scene
            d = game.pending
            if (d is not None and session.is_human(d.seat) and type(table).__name__ ==
                    "TableScene" and not table.animator.busy):
                if table.handoff.visible:
                    table.handoff.visible = False
                    table.handoff_done(d.seat)
                table.choose(rng.choice(d.choices).id)
            app.step(1 / 60)
            if app.bot_worker.error is not None:
                raise RuntimeError(f"a bot failed: {app.bot_worker.error!r}")
        else:
            raise RuntimeError(f"the table made {len(game.history) - start} decisions in "
                               f"{frames} frames")
        check_consistent(game)
    except BaseException as exc:  # noqa: BLE001
        return Outcome("broken", f"{type(exc).__name__}: {exc}\n"
                       f"{traceback.format_exc(limit=6)}")
    finally:
        app.open_menu()
    return Outcome("loaded")


def seat_mutant(n: int, rng: random.Random) -> bytes:
    """A seats side file: right, damaged, or foreign."""
    good = [{"human": i == 0, "level": "random", "character": None} for i in range(n)]
    variants: list[Callable[[], Any]] = [
        lambda: good,
        lambda: good[:-1],
        lambda: [{"human": "yes", "level": 5}] * n,
        lambda: [{"human": False, "level": "superbot"}] * n,
        lambda: [{"human": False, "level": "random", "extra": 1}] * n,
        lambda: {"seats": good},
        lambda: [[1, 2]] * n,
        lambda: [None] * n,
    ]
    raw = json.dumps(rng.choice(variants)()).encode()
    if rng.random() < 0.15:
        return raw[: rng.randrange(len(raw))]
    return raw


def run(bases: list[tuple[str, str]], count: int, seed: int, workdir: Path,
        table_app: Any = None, table_every: int = 0,
        report: Callable[[int, str, Outcome], None] | None = None,
        verify: bool = True) -> dict[str, Any]:
    """Fuzz `count` mutants (round-robin over the bases); every `table_every`-th also goes
    through the table path. Returns counts and the first failures."""
    rng = random.Random(seed)
    pool = id_pool()
    counts = {"refused": 0, "loaded": 0, "crash": 0, "broken": 0}
    table_counts = {"refused": 0, "loaded": 0, "crash": 0, "broken": 0}
    failures: list[str] = []
    path = workdir / "mutant.json"
    for i in range(count):
        name, text = bases[i % len(bases)]
        data = mutant(text, rng, pool)
        out = check_engine(data, path, random.Random(seed * 1_000_003 + i), verify)
        counts[out.kind] += 1
        if out.kind in ("crash", "broken"):
            failures.append(f"engine #{i} ({name}): {out.kind}: {out.detail}")
        if report is not None:
            report(i, name, out)
        if table_app is not None and table_every and i % table_every == 0:
            n = json.loads(text)["config"]["players"]
            tout = check_table(data, workdir / "table-mutant.json",
                               random.Random(seed + i), table_app, seat_mutant(n, rng))
            table_counts[tout.kind] += 1
            if tout.kind in ("crash", "broken"):
                failures.append(f"table #{i} ({name}): {tout.kind}: {tout.detail}")
    return {"mutants": count, "engine": counts, "table": table_counts,
            "failures": failures[:20], "failure_count": len(failures)}


# --- fresh processes: what players touch (issue 27, item 5) ---------------------------------------

PATHS = ("engine", "listing", "continue", "load")
MARK = "@@fuzz "  # starts the workers' protocol lines (tests.fuzz_worker)
# outcomes that fail the check (a worker's "hang" and "crash" included)
FAILING = frozenset({"crash", "hang", "broken", "python-text", "memory", "resave-refused"})


def module_bases(work: Path, long_games: int = 0) -> list[tuple[str, str]]:
    """The reopen test's saves as bases (tests.save_positions): every module mix at 2-5 seats,
    at each kind of rule step and decision, written by a long-running writer in its own
    interpreter."""
    out = work / "bases"
    cmd = [sys.executable, "-m", "tests.save_positions", str(out)]
    if long_games:
        cmd += ["--long", str(long_games)]
    r = subprocess.run(cmd, cwd=ROOT, timeout=3600, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"the bases' writer failed: {r.stderr[-2000:]}")
    man = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return [(f"{w['file'][:-5]}", (out / w["file"]).read_text(encoding="utf-8"))
            for w in man["saves"]]


def is_module_base(text: str) -> bool:
    try:
        return bool(json.loads(text)["config"]["modules"])
    except (ValueError, KeyError, TypeError):
        return False


@dataclass
class Mutant:
    i: int
    base: str
    what: str
    data: bytes
    seats: bytes | None
    module: bool


def mutants(bases: list[tuple[str, str]], count: int, seed: int, twins: float = 0.3
            ) -> Iterator[Mutant]:
    """`count` mutants, round-robin over the bases; a seats side file beside a third of them
    (right, damaged or foreign) and one seating only bots beside another third."""
    rng = random.Random(seed)
    pool = id_pool()
    module = [is_module_base(t) for _, t in bases]
    for i in range(count):
        k = i % len(bases)
        name, text = bases[k]
        data, what = mutant_with(text, rng, pool, twins)
        x = rng.random()
        try:
            n = int(json.loads(text)["config"]["players"])
        except (ValueError, KeyError, TypeError):
            n = 2
        seats = seat_mutant(n, rng) if x < 0.33 else json.dumps(
            [{"human": False, "level": "random", "character": None}] * n).encode() \
            if x < 0.66 else None
        yield Mutant(i, name, what, data, seats, module[k])


class WorkerProcess:
    """One tests.fuzz_worker process: a job in, its result out within a time limit; a worker
    that hangs is killed (with its bot worker) and started again."""

    def __init__(self, work: Path, slot: int, mem_mb: int, bare: bool = False) -> None:
        self.work = work / f"worker-{slot}"
        self.work.mkdir(parents=True, exist_ok=True)
        self.mem_mb = mem_mb
        self.bare = bare  # no window: for the harness's own check only
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.starts = 0

    def start(self) -> None:
        home = self.work / "home"
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        self.lines = queue.Queue()
        err = (self.work / "stderr.txt").open("w", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.fuzz_worker", "--home", str(home), "--mem-mb",
             str(self.mem_mb), *(["--bare"] if self.bare else [])], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
            start_new_session=True)
        err.close()
        self.starts += 1
        lines = self.lines
        out = self.proc.stdout
        assert out is not None

        def read() -> None:
            for ln in out:
                if ln.startswith(MARK):
                    lines.put(ln[len(MARK):])
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        try:
            msg = self._next(240.0)
        except TimeoutError:
            msg = None
        if msg is None or "ready" not in msg:
            raise RuntimeError(f"a fuzz worker did not start: {self.stderr()}")

    def _next(self, timeout: float) -> dict[str, Any] | None:
        try:
            ln = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError from None
        return None if ln is None else json.loads(ln)

    def stderr(self) -> str:
        try:
            return (self.work / "stderr.txt").read_text(encoding="utf-8",
                                                        errors="replace")[-600:]
        except OSError:
            return ""

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.proc = None

    def run(self, job: dict[str, Any], timeout: float) -> dict[str, Any]:
        """The worker's result, or {"i", "paths": {path: [outcome, detail...]}} with
        "hang" (no result within `timeout` seconds) or "crash" (the worker died) for the
        path it was in."""
        at = PATHS[0]
        if self.proc is None or self.proc.poll() is not None:
            try:
                self.start()
            except (RuntimeError, TimeoutError, OSError) as exc:
                self.kill()
                return {"i": job["i"], "paths": {at: ["crash", f"{exc}", 0, 0]}, "resaves": []}
        assert self.proc is not None and self.proc.stdin is not None
        t0 = time.perf_counter()
        try:
            self.proc.stdin.write(json.dumps(job) + "\n")
            self.proc.stdin.flush()
            while True:
                left = timeout - (time.perf_counter() - t0)
                msg = self._next(max(0.01, left))
                if msg is None:
                    self.proc.wait()
                    why = f"the worker died (exit {self.proc.returncode}): {self.stderr()}"
                    self.proc = None
                    return {"i": job["i"], "paths": {at: ["crash", why, 0, 0]}, "resaves": []}
                if "at" in msg:
                    at = msg["at"]
                    continue
                return msg
        except TimeoutError:
            self.kill()
            return {"i": job["i"], "paths": {at: ["hang", f"no answer in {timeout:.0f} s",
                                                  timeout, 0]}, "resaves": []}
        except OSError as exc:  # the pipe broke: the worker died
            self.kill()
            return {"i": job["i"], "paths": {at: ["crash", f"the worker died ({exc})", 0, 0]},
                    "resaves": []}


def failure_class(path: str, outcome: str, detail: str) -> str:
    """A failure's class: the path, the outcome and the gist of the detail (the exception
    and where it was raised, or the Python text)."""
    d = detail
    if outcome == "python-text":
        m = re.search(r"Python text ('[^']*'|\"[^\"]*\")", d)
        d = m.group(1) if m else d[:60]
    else:
        d = re.sub(r"\d+", "N", d.split(" | ")[0])[:90]
        where = re.findall(r'File "([^"]+)", line (\d+)', detail)
        if where:
            f, ln = where[-1]
            d += f" @ {Path(f).name}:{ln}"
    return f"{path}: {outcome}: {d}"


@dataclass
class FreshRun:
    """Counts per path and outcome, the failures (each with its mutant kept as a file) and
    their classes."""

    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)
    classes: dict[str, list[Any]] = field(default_factory=dict)  # class -> [count, repro]
    mutants: int = 0
    module_mutants: int = 0
    twins: int = 0
    seconds: float = 0.0
    worker_starts: int = 0

    def add(self, path: str, outcome: str) -> None:
        self.counts.setdefault(path, {})
        self.counts[path][outcome] = self.counts[path].get(outcome, 0) + 1

    @property
    def failure_count(self) -> int:
        return len(self.failures)

    def as_json(self) -> dict[str, Any]:
        return {"mutants": self.mutants, "module_mutants": self.module_mutants,
                "twins": self.twins, "seconds": round(self.seconds, 1),
                "worker_starts": self.worker_starts, "counts": self.counts,
                "failure_count": self.failure_count,
                "classes": dict(sorted(self.classes.items(), key=lambda kv: -kv[1][0])),
                "failures": self.failures[:30]}


def fresh_run(bases: list[tuple[str, str]], count: int, seed: int, work: Path, jobs: int = 2,
              timeout: float = 60.0, mem_mb: int = 2048, twins: float = 0.3,
              keep: Path | None = None, reopen_every: int = 500,
              report: Callable[[int, FreshRun], None] | None = None) -> FreshRun:
    """Fuzz `count` mutants in `jobs` worker processes (tests.fuzz_worker: each mutant
    through the engine, the listing, Continue and the Load screen), then reopen every
    opened game's own save in fresh interpreters (tests.reopen_worker). A failing mutant is
    kept in `keep` (default work/failures) as <i>-<path>.json (+ .seats.json)."""
    keep = keep or work / "failures"
    keep.mkdir(parents=True, exist_ok=True)
    res = FreshRun()
    gen = mutants(bases, count, seed, twins)
    todo: Iterator[Mutant] = iter(())
    workers = [WorkerProcess(work, k, mem_mb) for k in range(max(1, jobs))]
    lock = threading.Lock()
    resaves: list[tuple[Mutant, dict[str, Any]]] = []
    t0 = time.perf_counter()

    def fail(m: Mutant, path: str, outcome: str, detail: str) -> None:
        repro = keep / f"{m.i}-{path}.json"
        repro.write_bytes(m.data)
        if m.seats is not None:
            repro.with_suffix(".seats.json").write_bytes(m.seats)
        cls = failure_class(path, outcome, detail)
        entry = res.classes.setdefault(cls, [0, str(repro), m.what[:200], detail[:600]])
        entry[0] += 1
        res.failures.append({"i": m.i, "base": m.base, "what": m.what[:300], "path": path,
                             "outcome": outcome, "detail": detail[:1500],
                             "repro": str(repro)})

    def reopen_step(batch: list[tuple[Mutant, dict[str, Any]]]) -> None:
        if not batch:
            return
        items = [dict(r, cost=1) for _, r in batch]
        out = run_workers(items, work / "reopen", jobs, play_on=0, resave=False)
        by_name = {r["name"]: r for r in out}
        for m, item in batch:
            r = by_name.get(item["name"])
            how = "resave-" + item["name"].rsplit("-", 1)[1]
            if r is not None and r["ok"]:
                res.add(how, "reopened")
            else:
                res.add(how, "resave-refused")
                fail(m, how, "resave-refused", r["problem"] if r else "not reopened")
            Path(item["path"]).unlink(missing_ok=True)
        shutil.rmtree(work / "reopen", ignore_errors=True)

    def slot(w: WorkerProcess) -> None:
        inbox = w.work
        resave_dir = work / "resaves"
        resave_dir.mkdir(parents=True, exist_ok=True)
        while True:
            with lock:
                m = next(todo, None)
            if m is None:
                return
            src = inbox / "mutant.json"
            src.write_bytes(m.data)
            side = None
            if m.seats is not None:
                side = inbox / "mutant.seats.json"
                side.write_bytes(m.seats)
            job = {"i": m.i, "file": str(src), "seats": str(side) if side else None,
                   "seed": seed * 1_000_003 + m.i, "resave_dir": str(resave_dir)}
            out = w.run(job, timeout)
            with lock:
                res.mutants += 1
                res.module_mutants += m.module
                res.twins += m.what.startswith("twin")
                for path in PATHS:
                    got = out["paths"].get(path)
                    if got is None:
                        continue
                    res.add(path, got[0])
                    if path == "load" and got[0] == "loaded":
                        res.add("load-opened", got[1])  # the table, or a finished game's results
                    if got[0] in FAILING:
                        fail(m, path, got[0], got[1])
                resaves.extend((m, r) for r in out.get("resaves", []))
                if report is not None:
                    report(res.mutants, res)

    done = 0
    try:
        while done < count:
            n = min(reopen_every, count - done) if reopen_every else count
            todo = iter(list(itertools.islice(gen, n)))
            threads = [threading.Thread(target=slot, args=(w,)) for w in workers]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            batch, resaves[:] = list(resaves), []
            reopen_step(batch)
            done += n
    finally:
        for w in workers:
            w.kill()
            res.worker_starts += w.starts
    res.seconds = time.perf_counter() - t0
    return res

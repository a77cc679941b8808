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

import copy
import json
import random
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
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
    if rng.random() < 0.2:
        return mutate_text(text, rng)
    doc = json.loads(text)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        mutate_tree(doc, rng, pool)
    try:
        return json.dumps(doc, separators=(",", ":")).encode("utf-8", "surrogatepass")
    except (ValueError, TypeError):
        return text.encode("utf-8")


# --- checking ------------------------------------------------------------------------------------


def one_sentence(msg: str) -> bool:
    return bool(msg) and "\n" not in msg and "Traceback" not in msg and len(msg) <= 400


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

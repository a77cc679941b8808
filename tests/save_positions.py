"""Saves the game writes, at every kind of decision (issue 27): seeded games of every module
mix and seat count, saved by a long-running writer at the first decision where each kind of
rule step (frame kind) is on the stack, each kind of decision is asked, at the start and at
the end. Shared by the fresh-process reopen test (tests/test_save_reopen.py, bench/save_reopen.py)
and the save fuzzer's bases (tests/save_fuzz.py).

The writer is what hid the bug of issue 27: a process that has long been playing, so the
generated copy and save functions of common classes (MoveFrame) were built before the rare
ones (TrackMoveFrame) were first written. `warm_up()` puts a fresh process in that state: it
uses every record class once, parents before their subclasses, through the ordinary methods,
then plays a while saving and copying at every decision (autosaves, undo and the bots' copies
do that at the table). The writer also undoes now and then (undo puts back a copy of the
state) and plays on from there.

    python -m tests.save_positions OUT_DIR [--long N]   # write the saves and manifest.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import subprocess
import sys
import time
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import GameConfig, new_game
from engine.aac.config import OPTION_MODULE
from engine.aac.game import Game
from engine.aac.persist.io import dumps_save, loads_save
from engine.kernel.bots import RandomBot
from engine.kernel.fields import Record
from engine.kernel.frames import Frame

MIXES: tuple[tuple[str, ...], ...] = ((), ("folklore",), ("pilgrimage",),
                                      ("folklore", "pilgrimage"))
SEATS = (2, 3, 4, 5)
UNDO_EVERY = 40  # the writer undoes about once in this many decisions (and plays on)

# Rule-step kinds of the registry that no game reaches, and why. Every other kind is reached
# by the bounded case list below (the test fails if one is not; bench/save_reopen.py --find
# picks new seeds when rule changes move them).
NOT_REACHED: dict[str, str] = {}


def game_kinds() -> set[str]:
    """This game's rule-step kinds in the registry (other games' live there too: "aac.")."""
    return {k for k in Frame.registry if k.startswith("aac.")}


def mix_name(modules: Iterable[str]) -> str:
    return "+".join(modules) or "base"


# --- the games ---------------------------------------------------------------------------------

# Set-up variants: what each asks that a default game does not (R3.3.1 character choice,
# R3.3.9 expert loading, R26.1.3 the expert hand, the OPEN points' house rules).
VARIANTS = ("", "choice", "expert", "expert_hand", "house", "no_blocker")
HOUSE_RULES = {"running_out_everywhere": False, "ignotas_once_per_turn": True,
               "doubler_patron_trigger": False, "folklore_forfeit_flexible": True,
               "folklore_active_only": True, "pilgrimage_active_always": True}


@dataclass(frozen=True)
class Case:
    """One seeded game of random bots; `stop`: at most this many decisions (None: to the
    end)."""

    modules: tuple[str, ...]
    players: int
    seed: int
    variant: str = ""
    stop: int | None = None

    def config(self) -> GameConfig:
        opts: dict[str, Any] = {}
        kw: dict[str, Any] = {}
        if self.variant == "choice":
            kw["character_selection"] = "choice"
        elif self.variant == "expert":
            kw["expert_loading"] = True
        elif self.variant == "expert_hand" and "folklore" in self.modules:
            opts["folklore_expert_hand"] = True
        elif self.variant == "house":
            opts = {k: v for k, v in HOUSE_RULES.items()
                    if OPTION_MODULE.get(k, "") in ("", *self.modules)
                    or (OPTION_MODULE.get(k) == "*" and self.modules)}
        elif self.variant == "no_blocker" and "pilgrimage" in self.modules:
            opts["pilgrimage_blocker"] = False
        return GameConfig(players=self.players, seed=self.seed, modules=self.modules,
                          options=opts, **kw)

    @property
    def name(self) -> str:
        v = f"-{self.variant}" if self.variant else ""
        return f"{mix_name(self.modules)}-{self.players}p-s{self.seed}{v}"


# Found with `bench/save_reopen.py --find` (the shortest game of each mix and seat count
# among the surveyed seeds, each with its own set-up variant; then games that reach the rare
# kinds of rule step soonest, played up to that decision).
BASELINE: list[Case] = [
    Case((), 2, 9020, "choice"),
    Case((), 3, 7030, "expert"),
    Case((), 4, 5040, "expert_hand"),
    Case((), 5, 7050, "house"),
    Case(("folklore",), 2, 6021, "choice"),
    Case(("folklore",), 3, 10031, "expert"),
    Case(("folklore",), 4, 7041, "expert_hand"),
    Case(("folklore",), 5, 9051, "house"),
    Case(("pilgrimage",), 2, 9022, "choice"),
    Case(("pilgrimage",), 3, 10032, "expert"),
    Case(("pilgrimage",), 4, 9042, "expert_hand"),
    Case(("pilgrimage",), 5, 9052, "house"),
    Case(("folklore", "pilgrimage"), 2, 5023, "choice"),
    Case(("folklore", "pilgrimage"), 3, 9033, "expert"),
    Case(("folklore", "pilgrimage"), 4, 5043, "expert_hand"),
    Case(("folklore", "pilgrimage"), 5, 7053, "house"),
]
RARE: list[Case] = [
    Case(("folklore",), 4, 10041, "choice", 5475),
    Case(("folklore", "pilgrimage"), 5, 8053, "choice", 3098),
    Case(("folklore",), 5, 7051, "choice", 3064),
    Case(("folklore", "pilgrimage"), 4, 8043, "choice", 1050),
    Case(("folklore",), 5, 10051, "", 2354),
    Case(("folklore",), 3, 7031, "expert", 853),
    Case((), 3, 7030, "", 2623),
    Case(("folklore", "pilgrimage"), 2, 10023, "expert_hand", 2246),
    Case(("folklore",), 5, 8051, "", 1126),
    Case(("folklore", "pilgrimage"), 2, 7023, "choice", 358),
    Case(("folklore",), 5, 8051, "expert_hand", 780),
    Case((), 2, 10020, "", 1857),
    Case(("pilgrimage",), 4, 7042, "", 1163),
]


def bounded_cases() -> list[Case]:
    return BASELINE + RARE


def long_cases(games: int, seed0: int = 1000) -> list[Case]:
    """`games` more games per mix and seat count, the variants in turn, to their end."""
    out = bounded_cases()
    for k in range(games):
        for i, m in enumerate(MIXES):
            for n in SEATS:
                out.append(Case(m, n, seed0 + 97 * k + 10 * n + i,
                                VARIANTS[(k + n + i) % len(VARIANTS)]))
    return out


# --- the writer's process ------------------------------------------------------------------------


def _dummy(tp: Any) -> Any:
    """Some value of a field type (for using a class's generated methods once)."""
    if tp is int:
        return 0
    if tp is str:
        return ""
    if tp is bool:
        return False
    if tp is float:
        return 0.0
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        return _dummy(typing.get_args(tp)[0])
    if origin is typing.Literal:
        return typing.get_args(tp)[0]
    if origin is tuple:
        return ()
    if origin is list:
        return []
    if origin is dict:
        return {}
    if isinstance(tp, type) and issubclass(tp, Record):
        return _instance(tp)
    return None


def _instance(cls: type) -> Any:
    hints = typing.get_type_hints(cls)
    return cls(*(_dummy(hints[f.name]) for f in dataclasses.fields(cls) if f.init))


def record_classes() -> list[type]:
    """Every record class in use, parents before their subclasses (breadth first from
    Record): the registered frame classes and the state's dataclasses."""
    out: list[type] = []
    seen: set[type] = set()
    todo: list[type] = [Record]
    while todo:
        cls = todo.pop(0)
        subs: list[type] = cls.__subclasses__()
        for sub in subs:
            if sub in seen:
                continue
            seen.add(sub)
            todo.append(sub)
            if not dataclasses.is_dataclass(sub) or "__slots__" not in sub.__dict__:
                continue  # an abstract base, or the class @dataclass(slots=True) replaced
            if issubclass(sub, Frame) and Frame.registry.get(sub.kind) is not sub:
                continue
            out.append(sub)
    return out


def warm_up(decisions: int = 300) -> None:
    """Put this process where a long-running game is: every record class's clone, to_plain
    and from_plain used once, parents first, through the ordinary methods; then a game of
    both modules played with a save, a copy and a reopen at every decision."""
    for cls in record_classes():
        try:
            obj = _instance(cls)
            obj.clone()
            type(obj).from_plain(obj.to_plain())
        except Exception:  # noqa: BLE001, S112 - a class the dummy values do not fit
            continue
    g = new_game(GameConfig(players=3, seed=7, modules=("folklore", "pilgrimage")))
    bot = RandomBot(7)
    for i in range(decisions):
        if g.is_over:
            break
        g.clone()
        text = dumps_save(g)
        if i % 50 == 0:
            loads_save(text)
        d = g.pending
        assert d is not None
        g.choose(bot.choose(None, d))


@dataclass
class Written:
    """One save the writer wrote, and what its game was when it wrote it."""

    file: str
    case: str
    mix: str
    players: int
    decision: int  # decisions made in the game so far
    why: str  # "start", "end", "frame:<kind>", "decision:<kind>"
    stack: list[str]  # the classes' kinds on the stack, bottom first
    pending: list[Any] | None  # [seat, decision kind, [choice ids]] or None (over)
    choices: int = 0

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass
class Coverage:
    """Which kinds the games reached (on the stack at a decision; asked as decisions) and
    which were saved."""

    reached: dict[str, int] = field(default_factory=dict)  # frame kind -> decisions seen
    saved: set[str] = field(default_factory=set)
    decisions_reached: dict[str, int] = field(default_factory=dict)
    decisions_saved: set[str] = field(default_factory=set)
    top: set[str] = field(default_factory=set)  # frame kinds that asked a decision

    def to_json(self) -> dict[str, Any]:
        return {"reached": self.reached, "saved": sorted(self.saved),
                "decisions_reached": self.decisions_reached,
                "decisions_saved": sorted(self.decisions_saved), "top": sorted(self.top)}


def pending_of(g: Game) -> list[Any] | None:
    d = g.pending
    return None if d is None else [d.seat, d.kind, [c.id for c in d.choices]]


def stack_kinds(g: Game) -> list[str]:
    return [type(f).kind for f in g.state.stack]


def undo_round_trip(g: Game, choice: str) -> bool:
    """Make `choice` with undo on and undo it (the state comes back from the copy taken
    before the choice, as at the table); False if the choice cannot be undone (it revealed
    something): the game has then moved on by that choice."""
    g.undo_enabled = True
    try:
        g.choose(choice)
        if not g.can_undo:
            return False
        g.undo()
        return True
    finally:
        g.undo_enabled = False


def play(case: Case, want: Callable[[Game, int], list[str]],
         undo_every: int = UNDO_EVERY) -> Iterator[tuple[Game, int, list[str]]]:
    """(the game, decisions made, why to save) at each decision of a case's game where
    `want` gives reasons to save, and at its end. Half of those positions are saved from a
    copy (the bots' copies, undo: the game then plays on from the copy); now and then a
    decision is made, undone and made again, as at the table."""
    g = new_game(case.config())
    g.undo_enabled = False
    bot = RandomBot(case.seed)
    rng = random.Random(case.seed)  # when to undo
    copy = random.Random(case.seed + 1)  # which saves are of a copy (never changes the game)
    n = 0
    while True:
        whys = want(g, n)
        if whys:
            if copy.random() < 0.5:
                g = g.clone()
            yield g, n, whys
        if g.is_over or (case.stop is not None and n >= case.stop):
            return
        d = g.pending
        assert d is not None
        cid = bot.choose(None, d)
        if undo_every and rng.randrange(undo_every) == 0 and not undo_round_trip(g, cid):
            n += 1
            continue
        g.choose(cid)
        n += 1


def write_saves(cases: list[Case], out: Path, per_seats: bool = False
                ) -> tuple[list[Written], Coverage]:
    """Play the cases and save (the game's own writer) at the first decision where a kind
    of rule step is on the stack or a kind of decision is asked that was not yet saved for
    the module mix (and seat count, with per_seats), at each game's start and at its end."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Written] = []
    cov = Coverage()
    done: set[tuple[Any, ...]] = set()
    for case in cases:
        mix = mix_name(case.modules)
        scope: tuple[Any, ...] = (mix, case.players) if per_seats else (mix,)

        def want(g: Game, n: int, scope: tuple[Any, ...] = scope) -> list[str]:
            kinds = stack_kinds(g)
            d = g.pending
            whys: list[str] = ["start"] if n == 0 else []
            for k in dict.fromkeys(kinds):
                cov.reached[k] = cov.reached.get(k, 0) + 1
                if (*scope, "frame", k) not in done:
                    whys.append(f"frame:{k}")
            if d is not None:
                cov.top.add(kinds[-1])
                cov.decisions_reached[d.kind] = cov.decisions_reached.get(d.kind, 0) + 1
                if (*scope, "decision", d.kind) not in done:
                    whys.append(f"decision:{d.kind}")
            if g.is_over:
                whys.append("end")
            return whys

        for g, n, whys in play(case, want):
            for w in whys:
                if w.startswith(("frame:", "decision:")):
                    done.add((*scope, *w.split(":", 1)))
            kinds = stack_kinds(g)
            cov.saved.update(kinds)
            if g.pending is not None:
                cov.decisions_saved.add(g.pending.kind)
            name = f"{case.name}-d{n:05d}.json"
            # the text save_game writes (without its fsync, which costs more than the game)
            (out / name).write_text(dumps_save(g, f"issue 27 reopen test: {', '.join(whys)}"),
                                    encoding="utf-8")
            written.append(Written(name, case.name, mix, case.players, n, ", ".join(whys),
                                   kinds, pending_of(g), len(g.history)))
    return written, cov


def write_manifest(cases: list[Case], out: Path, per_seats: bool = False) -> dict[str, Any]:
    """Warm up, write the saves and out/manifest.json (what the reopen workers check)."""
    t0 = time.perf_counter()
    warm_up()
    t1 = time.perf_counter()
    written, cov = write_saves(cases, out, per_seats)
    man = {"saves": [w.to_json() for w in written], "coverage": cov.to_json(),
           "registry": sorted(game_kinds()), "cases": [c.name for c in cases],
           "warm_up_seconds": round(t1 - t0, 2),
           "write_seconds": round(time.perf_counter() - t1, 2)}
    (out / "manifest.json").write_text(json.dumps(man), encoding="utf-8")
    return man


# --- the readers: fresh interpreters ---------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def shards(items: list[dict[str, Any]], jobs: int) -> list[list[dict[str, Any]]]:
    """Split into `jobs` batches of about equal work (a save's replay is most of it)."""
    out: list[list[dict[str, Any]]] = [[] for _ in range(max(1, jobs))]
    load = [0] * len(out)
    for it in sorted(items, key=lambda x: -int(x.get("cost", 1))):
        k = load.index(min(load))
        out[k].append(it)
        load[k] += int(it.get("cost", 1)) + 200  # + what opening any file costs
    return [s for s in out if s]


def run_workers(items: list[dict[str, Any]], work: Path, jobs: int = 2, play_on: int = 3,
                resave: bool = True, seed: int = 1, timeout: float = 600.0
                ) -> list[dict[str, Any]]:
    """Reopen `items` in `jobs` new interpreters at once (tests.reopen_worker); their
    results (a worker that fails reports every save of its batch as failed)."""
    work.mkdir(parents=True, exist_ok=True)
    procs = []
    for k, batch in enumerate(shards(items, jobs)):
        job = work / f"job-{k}.json"
        res = work / f"result-{k}.json"
        job.write_text(json.dumps({"saves": batch, "play_on": play_on, "seed": seed + k * 7919,
                                   "resave_dir": str(work / "next") if resave else None}),
                       encoding="utf-8")
        p = subprocess.Popen([sys.executable, "-m", "tests.reopen_worker", str(job), str(res)],
                             cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True)
        procs.append((p, batch, res))
    out: list[dict[str, Any]] = []
    for p, batch, res in procs:
        try:
            _, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            _, err = p.communicate()
        if p.returncode == 0 and res.is_file():
            out.extend(json.loads(res.read_text(encoding="utf-8")))
        else:
            why = f"the worker stopped (exit {p.returncode}): {err.strip()[-300:]}"
            out.extend({"name": it.get("name"), "ok": False, "problem": why} for it in batch)
    return out


def reopen_items(folder: Path, man: dict[str, Any]) -> list[dict[str, Any]]:
    """The manifest's saves as the workers' items (checked exactly)."""
    return [{"path": str(folder / w["file"]), "name": w["file"], "exact": True,
             "stack": w["stack"], "pending": w["pending"], "cost": w["choices"]}
            for w in man["saves"]]


def fixture_items() -> list[dict[str, Any]]:
    """Every save fixture of an earlier format (tests/fixtures/v*/): verified and playable,
    not compared exactly (an upgrade may change the file's snapshot)."""
    out = []
    for p in sorted((ROOT / "tests" / "fixtures").glob("v*/*.json")):
        if p.name.endswith(".seats.json"):
            continue
        doc = json.loads(p.read_text(encoding="utf-8"))
        out.append({"path": str(p), "name": f"{p.parent.name}/{p.name}", "exact": False,
                    "cost": len(doc.get("choices", []))})
    return out


@dataclass
class Report:
    """Both rounds of the reopen check."""

    first: list[dict[str, Any]]
    second: list[dict[str, Any]]
    seconds: float

    @property
    def failures(self) -> list[str]:
        return [f"{r['name']}: {r['problem']}" for r in self.first + self.second if not r["ok"]]


def reopen_check(folder: Path, man: dict[str, Any], jobs: int = 2, play_on: int = 3,
                 fixtures: bool = True) -> Report:
    """Round 1: every written save (and the fixtures) in fresh interpreters, each reopened
    game then saved again after `play_on` decisions; round 2: those saves, in fresh
    interpreters again."""
    t0 = time.perf_counter()
    items = reopen_items(folder, man) + (fixture_items() if fixtures else [])
    first = run_workers(items, folder / "round-1", jobs, play_on)
    nxt = [dict(r["next"], cost=1) for r in first if r.get("next")]
    second = run_workers(nxt, folder / "round-2", jobs, play_on, resave=False)
    return Report(first, second, time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="write the reopen test's saves")
    ap.add_argument("out", type=Path)
    ap.add_argument("--long", type=int, default=0,
                    help="this many more games per module mix and seat count")
    ap.add_argument("--per-seats", action="store_true",
                    help="save each kind once per module mix and seat count")
    a = ap.parse_args(argv)
    cases = long_cases(a.long) if a.long else bounded_cases()
    man = write_manifest(cases, a.out, a.per_seats)
    print(f"{len(man['saves'])} saves of {len(cases)} games in {man['write_seconds']} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

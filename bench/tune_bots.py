"""Tune the hard level's evaluation weights (engine/aac/bots/evaluate.py HARD_WEIGHTS) by
self-play against a fixed pool of opponents.

Score. A candidate (a full weight dict) plays seeded 2-player games against every bot of the
pool (--pool, default "hard,normal,easy"; "hard" is the shipped HARD_WEIGHTS hard, fixed for
the whole run), --games per opponent, seat order alternating (a deal is played once from each
seat), engine seeds from engine.aac.simulate.game_seed. Its score is the mean win share over
the pool (a shared win is split, a game cut at --max-decisions counts half), with a 95% Wilson
interval (engine.kernel.tournament.wilson). Every candidate plays the very same games and bot
seeds (common random numbers), so two scores differ by the weights, not by the deals.

Search: coordinate search. For each key in turn (--keys, default every key hard reads that
the games' modules use), the incumbent's value is scaled by each of --factors (default
1/1.5 and 1.5; a weight at 0 is tried at 0.5 scaled so); both candidates are played as one
batch, and the better one replaces the incumbent if its pooled score beats the incumbent's by
at least --accept. --rounds passes over the keys; no candidate is started after
--max-minutes. The winner of many comparisons is flattered by its own games, so at the end
the best weights and the shipped weights are measured again side by side on fresh seeds
(--final-games per opponent, same games for both).

Hard bots are PlannerBot(seed, "hard", Params(**{**HARD.__dict__, "weights": w})): every
other field of the shipped hard level is kept (--nodes overrides max_nodes of every planner
in the run, for quick runs only). Output: progress on stderr, the --out JSON (best weights,
the changed ones, every candidate's score and interval, the final comparison) and a
paste-ready dict of the changed weights on stdout.

    .venv/bin/python bench/tune_bots.py --rounds 1 --games 20 --jobs 2
    .venv/bin/python bench/tune_bots.py --keys charged,edge --games 4 --jobs 1 --rounds 1
    .venv/bin/python bench/tune_bots.py --check tune.json --pool hard --games 200 --seed 2027
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.aac.bots import make_bot  # noqa: E402
from engine.aac.bots.evaluate import HARD_WEIGHTS  # noqa: E402
from engine.aac.bots.planner import HARD, NORMAL, Params, PlannerBot  # noqa: E402
from engine.aac.config import GameConfig  # noqa: E402
from engine.aac.game import new_game  # noqa: E402
from engine.kernel.bots import Bot  # noqa: E402
from engine.kernel.tournament import wilson  # noqa: E402
from engine.tools.simulate import game_seed  # noqa: E402
from engine.tools.tournament import bot_seed  # noqa: E402

Weights = dict[str, float]
# (candidate number, its weights, opponent name, candidate's seat, engine seed, node budget
#  or 0, decision cap, modules)
Task = tuple[int, Weights, str, int, int, int, int, tuple[str, ...]]

# keys that only matter with a module in play (engine.aac.bots.folk_eval, pil_eval)
FOLK_MODULES = frozenset({"folklore", "doublers", "scoring_cards"})
SWITCHES = frozenset({"folk_facing"})  # read as on/off (> 0): scaling it changes nothing
INTEGER = frozenset({"folk_far"})  # read as a whole number of steps
ZERO_BASE = 0.5  # a weight at 0 is tried at ZERO_BASE x each factor


def default_keys(modules: Iterable[str] = ()) -> list[str]:
    """Every HARD_WEIGHTS key that the games (with these modules) read, switches left out."""
    mods = set(modules)
    out = []
    for k in HARD_WEIGHTS:
        if k in SWITCHES:
            continue
        if k.startswith("folk_") and not mods & FOLK_MODULES:
            continue
        if k == "scoring_card" and "scoring_cards" not in mods:
            continue
        if k.startswith("pil_") and "pilgrimage" not in mods:
            continue
        out.append(k)
    return out


def hard_bot(seed: int, weights: Weights, nodes: int = 0) -> PlannerBot:
    """A hard bot with these weights and every other field of the shipped hard level."""
    extra: dict[str, Any] = {"max_nodes": nodes} if nodes else {}
    return PlannerBot(seed, "hard", Params(**{**HARD.__dict__, "weights": dict(weights),
                                              **extra}))


def opponent(name: str, seed: int, nodes: int = 0) -> Bot:
    """A pool bot: "hard" plays the shipped HARD_WEIGHTS; with a node budget the planners
    (hard, normal) get it too."""
    if name == "hard":
        return hard_bot(seed, HARD_WEIGHTS, nodes)
    if name == "normal" and nodes:
        return PlannerBot(seed, "normal", Params(**{**NORMAL.__dict__,
                                                    "weights": dict(NORMAL.weights),
                                                    "max_nodes": nodes}))
    return make_bot(name, seed)


def play_one(task: Task) -> dict[str, Any]:
    """Worker (top level, spawn-safe): one game, candidate vs a pool bot; the candidate's
    share of the win (1, 0.5 for a shared win or a game cut at the decision cap, 0)."""
    cand, weights, opp, cand_seat, gseed, nodes, cap, modules = task
    g = new_game(GameConfig(players=2, seed=gseed, modules=modules))
    g.undo_enabled = False
    bots: list[Bot] = []
    for seat in range(2):
        bseed = bot_seed(gseed, seat)  # as engine.tools.tournament.play_game
        bots.append(hard_bot(bseed, weights, nodes) if seat == cand_seat
                    else opponent(opp, bseed, nodes))
    decisions = 0
    error = ""
    try:
        while not g.is_over and decisions < cap:
            d = g.pending
            if d is None:
                error = "no pending decision"
                break
            g.choose(bots[d.seat].choose(g.view(d.seat), d))
            decisions += 1
    except Exception as exc:  # counted as half and reported, never hidden
        error = f"{type(exc).__name__}: {exc}"
    if error or not g.is_over:
        share = 0.5
    else:
        win = g.ranking()[0]
        share = 1.0 / len(win) if cand_seat in win else 0.0
    return {"cand": cand, "opp": opp, "share": share, "error": error,
            "cut": not g.is_over and not error,
            "cap_fired": sum(int(getattr(b, "cap_fired", 0)) for b in bots)}


def pool_tasks(cands: list[Weights], pool: list[str], games: int, seed: int, nodes: int,
               cap: int, modules: tuple[str, ...]) -> list[Task]:
    """The same games for every candidate: per opponent k, deal i // 2 (engine seed
    game_seed(seed, k * games + i // 2)) with the candidate in seat i % 2."""
    return [(c, w, opp, i % 2, game_seed(seed, k * games + i // 2), nodes, cap, modules)
            for c, w in enumerate(cands) for k, opp in enumerate(pool) for i in range(games)]


def summary(results: list[dict[str, Any]], pool: list[str]) -> dict[str, Any]:
    """Pooled score (mean win share over the pool) with its Wilson interval, per opponent."""
    n = len(results)
    wins = sum(r["share"] for r in results)
    lo, hi = wilson(wins, n)
    by = {o: [r["share"] for r in results if r["opp"] == o] for o in pool}
    return {"score": round(wins / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
            "games": n, "by_opponent": {o: round(sum(v) / len(v), 4) if v else 0.0
                                        for o, v in by.items()},
            "errors": [r["error"] for r in results if r["error"]][:3],
            "cut": sum(1 for r in results if r["cut"]),
            "cap_fired": sum(r["cap_fired"] for r in results)}


class Runner:
    """Plays batches of candidates, in-process (jobs 1) or over spawned processes."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: Any = mp.get_context("spawn").Pool(jobs) if jobs > 1 else None

    def play(self, tasks: list[Task]) -> list[dict[str, Any]]:
        if self._pool is None:
            return [play_one(t) for t in tasks]
        return list(self._pool.imap_unordered(play_one, tasks))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()


def step(value: float, factor: float, key: str) -> float:
    v = (value if value else ZERO_BASE) * factor
    return float(max(1, round(v))) if key in INTEGER else round(v, 3)


def changed(best: Weights, base: Weights) -> Weights:
    return {k: v for k, v in best.items() if base.get(k) != v}


def tune(keys: list[str], pool: list[str], games: int = 20, rounds: int = 1, seed: int = 7,
         jobs: int = 1, accept: float = 0.02, factors: tuple[float, ...] = (1 / 1.5, 1.5),
         max_minutes: float | None = None, final_games: int | None = None, nodes: int = 0,
         max_decisions: int = 20_000, modules: tuple[str, ...] = (),
         say: Callable[[str], None] = lambda s: None) -> dict[str, Any]:
    """Coordinate search over `keys` (see the module docstring). Returns {"weights": best
    full dict, "changed": keys that moved, "log": one entry per candidate played (the
    shipped weights first), "final": best vs shipped on fresh seeds (absent if nothing
    changed or final_games is 0)}."""
    unknown = [k for k in keys if k not in HARD_WEIGHTS]
    if unknown:
        raise ValueError(f"not a HARD_WEIGHTS key: {', '.join(unknown)}")
    shipped = dict(HARD_WEIGHTS)
    best = dict(shipped)
    log: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    runner = Runner(jobs)

    def batch(cands: list[Weights], at_seed: int, n: int) -> list[dict[str, Any]]:
        res = runner.play(pool_tasks(cands, pool, n, at_seed, nodes, max_decisions, modules))
        return [summary([r for r in res if r["cand"] == c], pool) for c in range(len(cands))]

    try:
        inc = batch([best], seed, games)[0]
        log.append({"round": -1, "key": "", "value": None, "accepted": True, **inc})
        say(f"[{time.perf_counter() - t0:6.0f}s] shipped hard: {100 * inc['score']:.1f}% "
            f"({100 * inc['ci95'][0]:.0f}-{100 * inc['ci95'][1]:.0f}%) {inc['by_opponent']}")
        out_of_time = False
        for rnd in range(rounds):
            for k in keys:
                if max_minutes is not None and time.perf_counter() - t0 > 60 * max_minutes:
                    say(f"--max-minutes reached: no candidate for {k!r} or after")
                    out_of_time = True
                    break
                values = sorted({step(best[k], f, k) for f in factors} - {best[k]})
                cands = [{**best, k: v} for v in values]
                sums = batch(cands, seed, games) if cands else []
                top = max(range(len(cands)), key=lambda i: sums[i]["score"], default=-1)
                win = top >= 0 and sums[top]["score"] >= inc["score"] + accept
                for i, (v, sm) in enumerate(zip(values, sums, strict=True)):
                    log.append({"round": rnd, "key": k, "value": v, "was": best[k],
                                "accepted": win and i == top, **sm})
                    say(f"[{time.perf_counter() - t0:6.0f}s] round {rnd} {k}={v} (was "
                        f"{best[k]}): {100 * sm['score']:.1f}% ({100 * sm['ci95'][0]:.0f}-"
                        f"{100 * sm['ci95'][1]:.0f}%) vs {100 * inc['score']:.1f}%"
                        f"{'  kept' if win and i == top else ''}")
                if win:
                    best, inc = cands[top], sums[top]
            if out_of_time:
                break
    except BaseException:
        runner.close()
        raise
    out: dict[str, Any] = {"weights": best, "changed": changed(best, shipped), "log": log,
                           "pool": pool, "games": games, "seed": seed, "nodes": nodes,
                           "modules": list(modules)}
    try:
        fg = games if final_games is None else final_games
        if out["changed"] and fg > 0:
            fseed = seed + 1_000  # fresh deals: the search's own games flatter its winner
            fb, fs = batch([best, shipped], fseed, fg)
            out["final"] = {"seed": fseed, "games": fg, "best": fb, "shipped": fs}
    finally:
        runner.close()
    return out


def check(path: Path, pool: list[str], games: int, seed: int, jobs: int, nodes: int, cap: int,
          modules: tuple[str, ...]) -> dict[str, Any]:
    """The weights a run changed (the "changed" of its --out JSON) on top of HARD_WEIGHTS,
    played against the pool on its own: e.g. --pool hard, a head-to-head with the shipped hard."""
    changed_weights = json.loads(path.read_text(encoding="utf-8"))["changed"]
    runner = Runner(jobs)
    try:
        res = runner.play(pool_tasks([{**HARD_WEIGHTS, **changed_weights}], pool, games, seed,
                                     nodes, cap, modules))
    finally:
        runner.close()
    return {"changed": changed_weights, "seed": seed, **summary(res, pool)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pool", default="hard,normal,easy",
                    help="opponents (hard = the shipped HARD_WEIGHTS, fixed)")
    ap.add_argument("--games", type=int, default=20, help="games per opponent (even)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    ap.add_argument("--accept", type=float, default=0.02,
                    help="pooled score margin over the incumbent to keep a candidate")
    ap.add_argument("--factors", default=f"{1 / 1.5:.6f},1.5")
    ap.add_argument("--keys", default="", help="comma-separated weights (default: all)")
    ap.add_argument("--modules", default="", help="comma-separated expansion modules")
    ap.add_argument("--max-minutes", type=float, default=None,
                    help="start no new candidate after this")
    ap.add_argument("--final-games", type=int, default=None,
                    help="games per opponent for best vs shipped (default: --games)")
    ap.add_argument("--nodes", type=int, default=0, help="planner node budget (0: shipped)")
    ap.add_argument("--max-decisions", type=int, default=20_000)
    ap.add_argument("--out", type=Path, default=None,
                    help="write the best weights and the log as JSON here")
    ap.add_argument("--check", type=Path, default=None,
                    help="no search: play the changed weights of this --out JSON against the "
                         "pool (--games per opponent, --seed) and print the result")
    a = ap.parse_args()
    modules = tuple(m for m in a.modules.split(",") if m)
    keys = [k for k in a.keys.split(",") if k] or default_keys(modules)
    pool = [p for p in a.pool.split(",") if p]
    if a.games % 2:
        ap.error("--games must be even (each deal from both seats)")

    def say(s: str) -> None:
        print(s, file=sys.stderr, flush=True)

    if a.check is not None:
        print(json.dumps(check(a.check, pool, a.games, a.seed, a.jobs or mp.cpu_count(),
                               a.nodes, a.max_decisions, modules)))
        return 0
    say(f"tuning {len(keys)} keys against {pool}, {a.games} games each per candidate")
    res = tune(keys, pool, a.games, a.rounds, a.seed, a.jobs or mp.cpu_count(), a.accept,
               tuple(float(x) for x in a.factors.split(",")), a.max_minutes, a.final_games,
               a.nodes, a.max_decisions, modules, say)
    if a.out is not None:
        a.out.write_text(json.dumps(res, indent=1) + "\n", encoding="utf-8")
        say(f"wrote {a.out}")
    print("# changed HARD_WEIGHTS (paste into engine/aac/bots/evaluate.py):")
    print(json.dumps(res["changed"], indent=4) if res["changed"] else "{}  # none changed")
    if "final" in res:
        f = res["final"]
        for name in ("best", "shipped"):
            s = f[name]
            print(f"# {name:<8} {100 * s['score']:.1f}% ({100 * s['ci95'][0]:.0f}-"
                  f"{100 * s['ci95'][1]:.0f}%) over {s['games']} games, seed {f['seed']}: "
                  f"{s['by_opponent']}")
    else:
        print(f"# shipped  {100 * res['log'][0]['score']:.1f}% over "
              f"{res['log'][0]['games']} games (nothing changed: no final comparison)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Tune the evaluation weights (engine/aac/bots/evaluate.py STRONG_WEIGHTS) by self-play.

Coordinate search: for each weight in turn, try it scaled up and down; a candidate plays
--games seeded 2-player games (seat order alternating) against the current best, both sides
using the normal-level turn planner (cheaper than hard, same evaluation). A candidate whose
win rate is at least --accept replaces the best. Prints progress and the final weights as JSON;
paste them into STRONG_WEIGHTS.

    .venv/bin/python bench/tune_bots.py --rounds 1 --games 40 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.aac.bots.evaluate import STRONG_WEIGHTS  # noqa: E402
from engine.aac.bots.planner import NORMAL, Params, PlannerBot  # noqa: E402
from engine.aac.config import GameConfig  # noqa: E402
from engine.aac.game import new_game  # noqa: E402


def play_pair(task: tuple[int, dict[str, float], dict[str, float], int]) -> float:
    """One game, candidate vs baseline; returns the candidate's share of the win (0, 0.5, 1)."""
    index, cand, base, seed = task
    cand_seat = index % 2
    g = new_game(GameConfig(players=2, seed=seed))
    bots = []
    for seat in range(2):
        w = cand if seat == cand_seat else base
        p = Params(**{**NORMAL.__dict__, "weights": dict(w)})
        bots.append(PlannerBot(seed * 3 + seat, "normal", p))
    steps = 0
    while not g.is_over and steps < 5_000:  # a stalled pairing: a draw
        d = g.pending
        assert d is not None
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
        steps += 1
    if not g.is_over:
        return 0.5
    win = g.ranking()[0]
    return (1.0 / len(win)) if cand_seat in win else 0.0


def match(
    pool: Any, cand: dict[str, float], base: dict[str, float], games: int, seed: int
) -> float:
    tasks = [(i, cand, base, seed * 100_003 + i // 2) for i in range(games)]
    res = list(pool.imap_unordered(play_pair, tasks))
    return sum(res) / len(res)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--games", type=int, default=40, help="games per candidate (even)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--accept", type=float, default=0.55)
    ap.add_argument("--factors", default="0.5,1.6")
    ap.add_argument("--keys", default="", help="comma-separated weights to tune (default: all)")
    a = ap.parse_args()
    best = dict(STRONG_WEIGHTS)
    keys = [k for k in a.keys.split(",") if k] or [k for k in best if not k.startswith("opp")]
    factors = [float(x) for x in a.factors.split(",")]
    ctx = mp.get_context("spawn")
    t0 = time.perf_counter()
    history: list[dict[str, Any]] = []
    with ctx.Pool(a.jobs or mp.cpu_count()) as pool:
        for rnd in range(a.rounds):
            for k in keys:
                for f in factors:
                    cand = dict(best)
                    cand[k] = round(best[k] * f if best[k] else 0.5 * f, 3)
                    rate = match(pool, cand, best, a.games, a.seed + rnd * 1000 + len(history))
                    took = time.perf_counter() - t0
                    history.append({"key": k, "value": cand[k], "win_rate": rate})
                    print(f"[{took:7.0f}s] round {rnd} {k}={cand[k]} vs {best[k]}: "
                          f"{100 * rate:.1f}%", file=sys.stderr, flush=True)
                    if rate >= a.accept:
                        best = cand
                        break
    print(json.dumps({"weights": best, "history": history}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""State copy speed: `GameState.clone` of a mid-game 4-player position (the bots' hot path).

    python bench/state_copy.py [--players 4] [--seed 3] [--moves 600] [--reps 20000]

Plays `--moves` random legal decisions from a seeded 4-player game, then times the state's
clone (what every planner node and every undo snapshot costs), and, for reference, the
snapshot to plain data and back (saves, bots' views). Prints one JSON line; microseconds per
call, best of 5 rounds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GameConfig, new_game  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402


def best_us(fn: Callable[[], object], reps: int, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - t0) / reps)
    return round(best * 1e6, 2)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--moves", type=int, default=1800)
    ap.add_argument("--reps", type=int, default=20000)
    a = ap.parse_args()
    g = new_game(GameConfig(players=a.players, seed=a.seed))
    g.undo_enabled = False
    bot = RandomBot(a.seed)
    for _ in range(a.moves):
        d = g.pending
        if d is None:
            break
        g.choose(bot.choose(None, d))
    s = g.state
    snap = g.snapshot()
    out = {
        "players": a.players,
        "turn": s.turn,
        "stack_frames": len(s.stack),
        "clone_us": best_us(s.clone, a.reps),
        "snapshot_us": best_us(g.snapshot, max(1, a.reps // 10)),
        "restore_us": best_us(lambda: type(g).from_snapshot(snap), max(1, a.reps // 20)),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

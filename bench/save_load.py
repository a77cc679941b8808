"""Save/load speed and size of a late-game 4-player save (issue 3's goal: <= 10 ms, <= 64 KB).

    python bench/save_load.py [--seed 1] [--reps 50] [--fraction 0.8]

Plays a seeded random 4-player game to its end to learn its length, then replays it to
`fraction` of that length (or to the decision where the end was triggered, if earlier) and
times, over `reps` repetitions:
  save          dumps_save + atomic_write into a temp dir (fsync included)
  load          load_game(verify=False) (schema and catalog checks only: trusted files)
  load_verify   load_game() as every player-facing path does (re-plays every choice)
Prints one JSON object: median/p95 ms of each, the file size, and the size without the
choices list (what a snapshot-only save would take).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.aac.bots import make_bot  # noqa: E402
from engine.aac.config import GameConfig  # noqa: E402
from engine.aac.data import rules  # noqa: E402
from engine.aac.game import Game, new_game  # noqa: E402
from engine.aac.persist.io import atomic_write, document, dumps_save, load_game  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402

GOAL_MS = 10.0
GOAL_BYTES = 64 * 1024


def late_game(players: int, seed: int, fraction: float, level: str = "random"
              ) -> tuple[Game, int, int]:
    """A seeded game played by `level` bots to `fraction` of its length (or the end trigger)."""
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    if level == "random":
        bots: list[Any] = [RandomBot(seed)] * players
    else:
        bots = [make_bot(level, seed * 7 + k) for k in range(players)]

    triggered_at = None
    while not g.is_over:
        d = g.pending
        assert d is not None
        view = None if level == "random" else g.view(d.seat)
        g.choose(bots[d.seat].choose(view, d))
        if triggered_at is None and g.state.end_triggered:
            triggered_at = len(g.history)
    length = len(g.history)
    stop = int(length * fraction)
    if triggered_at is not None:
        stop = min(stop, triggered_at)
    h = new_game(GameConfig(players=players, seed=seed))
    h.undo_enabled = False
    for cid in g.history[:stop]:
        h.choose(cid)
    return h, stop, length


def timed(fn: Callable[[], object], reps: int) -> dict[str, float]:
    fn()  # warm up
    ms = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ms.append((time.perf_counter() - t0) * 1000)
    ms.sort()
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return {"median_ms": round(statistics.median(ms), 3), "p95_ms": round(p95, 3)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--fraction", type=float, default=0.8)
    ap.add_argument("--bot", default="random",
                    help="who plays the game that is saved: random (very long games) or a bot "
                    "level such as easy (games of realistic length)")
    a = ap.parse_args(argv)
    rules()  # catalog loading is not part of a save or a load
    g, at, length = late_game(a.players, a.seed, a.fraction, a.bot)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.json"

        def save() -> None:
            atomic_write(path, dumps_save(g))

        save()
        size = path.stat().st_size
        doc = document(g)
        doc["choices"] = []
        size_no_choices = len(json.dumps(doc, separators=(",", ":")).encode("utf-8"))
        res_save = timed(save, a.reps)
        res_dumps = timed(lambda: dumps_save(g), a.reps)
        res_load = timed(lambda: load_game(path, verify=False), a.reps)
        res_verify = timed(lambda: load_game(path, verify=True), max(5, a.reps // 5))
        assert load_game(path, verify=True).history == g.history
    out = {
        "players": a.players,
        "seed": a.seed,
        "decision": at,
        "game_length": length,
        "turn": g.state.turn,
        "end_triggered": g.state.end_triggered,
        "reps": a.reps,
        "save": res_save,
        "dumps_only": res_dumps,
        "load": res_load,
        "load_verify": res_verify,
        "file_bytes": size,
        "file_bytes_without_choices": size_no_choices,
        "goal": {"ms": GOAL_MS, "bytes": GOAL_BYTES},
        "meets_goal": {
            "save": res_save["p95_ms"] <= GOAL_MS,
            "load": res_load["p95_ms"] <= GOAL_MS,
            "load_verify": res_verify["p95_ms"] <= GOAL_MS,
            "size": size <= GOAL_BYTES,
            "size_without_choices": size_no_choices <= GOAL_BYTES,
        },
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

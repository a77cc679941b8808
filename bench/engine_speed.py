"""Engine throughput: random 4-player games, decisions per second (issue 2's speed goal).

    python bench/engine_speed.py [--games 40] [--seed 1] [--players 4]
        [--catan-python .catan-venv/bin/python]

Counts every `Game.choose` call as one decision (a player's choice). Forced single-choice
decisions that the engine applies itself (auto_skip_forced) are reported separately; the
catanatron baseline counts its forced actions (ROLL, END_TURN...) as decisions, so
`decisions_incl_forced_per_s` is the like-for-like figure. With --catan-python pointing at an
interpreter that has catanatron 3.2.1 installed (see bench/catanatron_baseline.py), both
engines are measured in one run and the ratio is printed. Catalog loading is excluded.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.aac.config import GameConfig  # noqa: E402
from engine.aac.data import rules  # noqa: E402
from engine.aac.game import new_game  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402


def run(players: int, games: int, seed: int, undo: bool = False) -> dict[str, Any]:
    rules()  # load and validate the catalog once, outside the timing
    decisions = forced = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = new_game(GameConfig(players=players, seed=seed * 1000 + i))
        g.undo_enabled = undo
        bots = [RandomBot(seed * 7 + i * 13 + k) for k in range(players)]
        while not g.state.over:
            d = g.pending
            assert d is not None
            g.choose(bots[d.seat].choose(None, d))
        decisions += g.state.decisions
        forced += g.state.forced
    dt = time.perf_counter() - t0
    return {
        "engine": "age-contrived",
        "undo_tracking": undo,
        "players": players,
        "games": games,
        "decisions": decisions,
        "forced_decisions": forced,
        "seconds": round(dt, 3),
        "decisions_per_s": round(decisions / dt, 1),
        "decisions_incl_forced_per_s": round((decisions + forced) / dt, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--catan-python", default=os.environ.get("CATAN_PYTHON", ""))
    ap.add_argument("--catan-games", type=int, default=50)
    a = ap.parse_args()
    ours = run(a.players, a.games, a.seed)
    print(json.dumps(ours))
    print(json.dumps(run(a.players, max(1, a.games // 4), a.seed, undo=True)))
    if a.catan_python and Path(a.catan_python).exists():
        script = Path(__file__).with_name("catanatron_baseline.py")
        out = subprocess.run(
            [a.catan_python, str(script), "--games", str(a.catan_games), "--seed", "1"],
            capture_output=True, text=True, check=True,
        ).stdout.strip().splitlines()[-1]
        catan = json.loads(out)
        print(json.dumps(catan))
        base = float(catan["decisions_per_s"])
        print(json.dumps({
            "ratio_decisions": round(ours["decisions_per_s"] / base, 2),
            "ratio_incl_forced": round(ours["decisions_incl_forced_per_s"] / base, 2),
            "goal": ">= 2.0",
        }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

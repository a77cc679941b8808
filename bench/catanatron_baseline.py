# mypy: ignore-errors
"""Baseline throughput of the catanatron 3.2.1 engine (4 RandomPlayers, 4-player games).

Standalone script: run it with the interpreter of a throwaway venv that has catanatron
installed, e.g.

    python3 -m venv .catan-venv
    .catan-venv/bin/pip install catanatron==3.2.1
    .catan-venv/bin/python bench/catanatron_baseline.py --games 50 --seed 1

It is not part of the project package and must not be imported by tests.

Decision counting: one decision == one call of ``Game.play_tick()``, i.e. the current
player picks one action from ``state.playable_actions`` and ``apply_action`` applies it.
This includes forced single-option decisions (ROLL, END_TURN when nothing else is legal,
DISCARD, which catanatron models as one action whose cards are chosen at random inside the
engine, and the initial placements). Every ``apply_action`` appends exactly one entry to
``game.state.actions``, so the tick counter is cross-checked against ``len(state.actions)``.

Reproducibility: ``--seed`` seeds each game, but on Python < 3.12 catanatron still varies
between processes because it iterates a ``set`` of maritime-trade tuples containing ``None``
(``hash(None)`` is address-based before 3.12). For identical games across runs use
``PYTHONHASHSEED=0 setarch "$(uname -m)" -R <python> ...`` (no ASLR). Within one process a
given seed always replays the same game.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter

try:
    from catanatron.game import TURNS_LIMIT, Game
    from catanatron.models.player import Color, RandomPlayer
except ImportError:  # pragma: no cover - only meaningful inside the catanatron venv
    sys.exit("catanatron is not installed in this interpreter; see the module docstring")

ENGINE = "catanatron 3.2.1"
COLORS = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)


def play_one(seed: int) -> tuple[int, float, Game]:
    """Play one game to completion (win or TURNS_LIMIT); return (ticks, seconds, game)."""
    t0 = time.perf_counter()
    players = [RandomPlayer(c) for c in COLORS]
    game = Game(players, seed=seed)  # seeds the global `random` used by RandomPlayer
    ticks = 0
    # Same loop as Game.play(), with a tick counter.
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        game.play_tick()
        ticks += 1
    seconds = time.perf_counter() - t0
    return ticks, seconds, game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50, help="number of games (default 50)")
    ap.add_argument("--seed", type=int, default=1, help="seed of game 0; game i uses seed+i")
    ap.add_argument("--detail", action="store_true", help="add per-action-type counts")
    args = ap.parse_args(argv)
    if args.seed <= 0:
        ap.error("--seed must be >= 1 (catanatron treats seed 0 as 'random')")

    decisions = 0
    seconds = 0.0
    finished = 0
    turns = 0
    wins: Counter[str] = Counter()
    by_type: Counter[str] = Counter()
    wall0 = time.perf_counter()
    for i in range(args.games):
        ticks, secs, game = play_one(args.seed + i)
        # Bookkeeping below is outside the per-game timed region.
        logged = len(game.state.actions)
        if ticks != logged:
            raise RuntimeError(f"game {i}: {ticks} ticks but {logged} logged actions")
        decisions += ticks
        seconds += secs
        turns += game.state.num_turns
        winner = game.winning_color()
        if winner is not None:
            finished += 1
            wins[winner.value] += 1
        if args.detail:
            by_type.update(a.action_type.name for a in game.state.actions)
    wall = time.perf_counter() - wall0

    out = {
        "engine": ENGINE,
        "games": args.games,
        "decisions": decisions,
        "seconds": round(seconds, 4),
        "decisions_per_s": round(decisions / seconds, 1),
        "mean_decisions_per_game": round(decisions / args.games, 1),
        "seed": args.seed,
        "games_won": finished,
        "games_hit_turn_limit": args.games - finished,
        "turns_limit": TURNS_LIMIT,
        "mean_turns_per_game": round(turns / args.games, 1),
        "wins_by_color": dict(sorted(wins.items())),
        "wall_seconds": round(wall, 4),
        "python": sys.version.split()[0],
        "pythonhashseed": os.environ.get("PYTHONHASHSEED"),
    }
    if args.detail:
        out["decisions_by_type"] = dict(by_type.most_common())
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Search speed: what a bot pays per decision before it searches, and per search node.

    python bench/search_speed.py [--players 2,4] [--seed 3] [--moves 600] [--reps 2000]

For a mid-game position (`--moves` random legal decisions from a seeded game) at each player
count, microseconds per call, best of 5 rounds:
- clone_us: `Game.clone` (every search node), and state_clone_us (the state alone);
- view_us: `Game.view(seat)` (the bot's input, plain data with hidden parts redacted);
- rebuild_us: `determinize.game_from_view` (a playable game from the view: resample the
  hidden parts, rebuild the state, run it to its decision), and its parts resample_us,
  from_plain_us, run_us;
- decision_us: view + rebuild, what every bot decision costs before its search;
- choose_us / choose_undo_us: one `choose` on a search clone (no undo bookkeeping) and on a
  game keeping undo snapshots, replaying the same choice each time (a game rebuilt from a view
  used to keep them: determinize now switches them off);
- follow_rebuild_us / follow_view_us: a planner decision on its planned course, checked the old
  way (rebuild the game from the view, compare its fingerprint) and the new way (compare the
  view with the one the plan expected: no rebuild).
Prints one JSON line per player count.
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
from engine.aac import hidden  # noqa: E402
from engine.aac.bots.determinize import game_from_view  # noqa: E402
from engine.aac.bots.planner import fingerprint  # noqa: E402
from engine.aac.game import Game  # noqa: E402
from engine.aac.state import state_from_dict  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402
from engine.kernel.hidden import resample  # noqa: E402


def best_us(fn: Callable[[], object], reps: int, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for _ in range(reps):
            fn()
        best = min(best, (time.process_time() - t0) / reps)
    return round(best * 1e6, 2)


def position(players: int, seed: int, moves: int) -> Game:
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    bot = RandomBot(seed)
    for _ in range(moves):
        d = g.pending
        if d is None:
            raise SystemExit(f"the game ended before {moves} moves: use fewer --moves")
        g.choose(bot.choose(None, d))
    # stop at a decision with a real choice
    while g.pending is not None and len(g.pending.choices) < 2:
        g.choose(g.pending.choices[0].id)
    return g


def measure(players: int, seed: int, moves: int, reps: int) -> dict[str, object]:
    g = position(players, seed, moves)
    d = g.pending
    assert d is not None
    seat = d.seat
    view = g.view(seat)
    plain = resample(hidden.parts(), view, 7)

    def run_only() -> None:
        h = Game(state_from_dict(plain), g.rules)
        h.notes = None
        h._run(h.context())

    cid = d.choices[0].id
    search = g.clone()

    def choose_clone() -> None:
        search.clone().choose(cid)

    undo = g.clone()
    undo.undo_enabled = True

    def choose_undo() -> None:
        h = undo.clone()
        h.undo_enabled = True
        h.choose(cid)

    expected = (g.clone().view(seat), tuple(d.ids()))
    fp_expected = (fingerprint(g.state), tuple(d.ids()))

    def follow_rebuild() -> bool:
        h = game_from_view(view, 7)
        return (fingerprint(h.state), tuple(d.ids())) == fp_expected

    def follow_view() -> bool:
        return (view, tuple(d.ids())) == expected

    assert follow_rebuild() and follow_view()
    out: dict[str, object] = {
        "players": players, "turn": g.state.turn, "decision": d.kind,
        "clone_us": best_us(g.clone, reps),
        "state_clone_us": best_us(g.state.clone, reps),
        "view_us": best_us(lambda: g.view(seat), reps),
        "rebuild_us": best_us(lambda: game_from_view(view, 7), reps),
        "resample_us": best_us(lambda: resample(hidden.parts(), view, 7), reps),
        "from_plain_us": best_us(lambda: state_from_dict(plain), reps),
        "run_us": best_us(run_only, reps),
        "choose_us": best_us(choose_clone, reps),
        "choose_undo_us": best_us(choose_undo, reps),
        "follow_rebuild_us": best_us(follow_rebuild, reps),
        "follow_view_us": best_us(follow_view, reps),
    }
    out["decision_us"] = round(float(out["view_us"]) + float(out["rebuild_us"]), 2)  # type: ignore
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--moves", type=int, default=600)
    ap.add_argument("--reps", type=int, default=2000)
    a = ap.parse_args()
    for n in (int(x) for x in a.players.split(",")):
        print(json.dumps(measure(n, a.seed, a.moves, a.reps)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

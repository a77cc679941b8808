"""How much the bots use the Pilgrimage module (R27).

Seeded 2-player games with the Pilgrimage (and with --modules folklore,pilgrimage both
modules): each level plays --games games against the easy bot (seat order alternating). Per
level, over its own seat: Shrines constructed (R27.5.2 A, R27.9), Shrine completions taken
part in, energy put on the Pilgrim Board (R27.3), speed raised instead of a recharge
(R27.2.1), Blockades removed (R27.7.1), the final Pilgrimage VP (R27.10), the mean score, the
game length in turns, the win rate against easy and the p99 decision time.

Profiles run side by side on the same seeds: "after" is the bots as they are, "before" the
same bots with every Pilgrimage weight of engine/aac/bots/evaluate.py ("pil_*") at 0.

    .venv/bin/python bench/pilgrimage_usage.py --games 10 --seed 1 --jobs 1
    .venv/bin/python bench/pilgrimage_usage.py --levels hard --profiles after --games 20 \
        --modules folklore,pilgrimage
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.aac.bots.evaluate import SIMPLE_WEIGHTS, STRONG_WEIGHTS  # noqa: E402
from engine.aac.bots.greedy import GreedyBot  # noqa: E402
from engine.aac.bots.planner import HARD, NORMAL, Params, PlannerBot  # noqa: E402
from engine.aac.config import GameConfig  # noqa: E402
from engine.aac.game import Game, new_game  # noqa: E402
from engine.aac.pilgrimage import events as pev  # noqa: E402
from engine.aac.pilgrimage.state import LOC, NAME  # noqa: E402
from engine.kernel.bots import Bot  # noqa: E402
from engine.kernel.tournament import pct  # noqa: E402
from engine.tools.simulate import game_seed  # noqa: E402


def weights(profile: str, strong: bool) -> dict[str, float]:
    w = dict(STRONG_WEIGHTS if strong else SIMPLE_WEIGHTS)
    if profile == "before":
        for k in w:
            if k.startswith("pil_"):
                w[k] = 0.0
    return w


def make(level: str, profile: str, seed: int) -> Bot:
    if level == "easy":
        return GreedyBot(seed, weights(profile, False))
    base = HARD if level == "hard" else NORMAL
    return PlannerBot(seed, level, Params(**{**base.__dict__, "weights": weights(profile, True)}))


Task = tuple[str, str, int, int, tuple[str, ...]]  # profile, level, game, seed, modules
STATS = ("shrines", "completions", "to_board", "speed_up", "blockades", "pil_vp", "score",
         "turns")


def play(task: Task) -> dict[str, Any]:
    profile, level, index, seed, mods = task
    me = index % 2
    gseed = game_seed(seed, index)
    g: Game = new_game(GameConfig(players=2, seed=gseed, modules=mods))
    bots = [make(level if k == me else "easy", profile, gseed * 7 + 101 * k + 13)
            for k in range(2)]
    times: list[float] = []
    st = dict.fromkeys(STATS, 0.0)
    steps = 0
    while not g.is_over and steps < 20_000:
        d = g.pending
        assert d is not None
        t = time.perf_counter()
        cid = bots[d.seat].choose(g.view(d.seat), d)
        if d.seat == me:
            times.append(time.perf_counter() - t)
            if f">{LOC}:" in cid:
                st["to_board"] += 1
        for e in g.choose(cid):
            if isinstance(e, pev.ShrineConstructed) and e.seat == me:
                st["shrines"] += 1
            elif isinstance(e, pev.ShrineCompletionStarted) and me in e.seats:
                st["completions"] += 1
            elif isinstance(e, pev.SpeedChanged) and e.seat == me and e.new > e.old:
                st["speed_up"] += 1
            elif isinstance(e, pev.BlockadeRemoved) and e.seat == me:
                st["blockades"] += 1
        steps += 1
    sc = g.final_scores()[me]
    st["pil_vp"] = dict(sc.parts).get(NAME, 0)
    st["score"] = sc.total
    st["turns"] = g.state.turn
    return {"profile": profile, "level": level, "over": g.is_over,
            "win": (1.0 / len(g.ranking()[0])) if me in g.ranking()[0] else 0.0,
            "times": times, **st}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--profiles", default="before,after")
    ap.add_argument("--modules", default=NAME)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    mods = tuple(m for m in a.modules.split(",") if m)
    tasks: list[Task] = [(pr, lv, i, a.seed, mods) for pr in a.profiles.split(",")
                         for lv in a.levels.split(",") for i in range(a.games)]
    t0 = time.perf_counter()
    if a.jobs > 1:
        with mp.get_context("spawn").Pool(a.jobs) as pool:
            rows = pool.map(play, tasks)
    else:
        rows = [play(t) for t in tasks]
    print(f"{a.games} games per row vs easy, modules {','.join(mods)}, seed {a.seed} "
          f"({time.perf_counter() - t0:.0f} s)")
    print(f"{'profile':8}{'level':8}" + "".join(f"{k:>12}" for k in STATS)
          + f"{'win':>8}{'p99 ms':>9}{'unfinished':>11}")
    for pr in a.profiles.split(","):
        for lv in a.levels.split(","):
            rs = [r for r in rows if r["profile"] == pr and r["level"] == lv]
            if not rs:
                continue
            mean = {k: sum(r[k] for r in rs) / len(rs) for k in STATS}
            win = sum(r["win"] for r in rs) / len(rs)
            times = [t for r in rs for t in r["times"]]
            print(f"{pr:8}{lv:8}" + "".join(f"{mean[k]:12.2f}" for k in STATS)
                  + f"{win:8.0%}{pct(times, 0.99) * 1000:9.0f}"
                  + f"{sum(1 for r in rs if not r['over']):11d}")


if __name__ == "__main__":
    main()

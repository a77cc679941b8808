"""How much the bots use the Folklore module (R26, Doublers R29, Scoring Cards R30).

Seeded 2-player games with the Folklore module: each level plays --games games against the easy
bot (seat order alternating). Per level, over its own seat: Folklore Cards played, Artifacts
placed (and of those, on an opponent's Artifact), final Folklore Track position, Folklore Track
VP, Doublers placed, Scoring Cards held, mean score, the win rate against easy and the p99
decision time.

Profiles run side by side on the same seeds: "after" is the bots as they are (the weights of
engine/aac/bots/evaluate.py), "before" the weights of the first Folklore evaluation with the
terms added since switched off (every new term is weighted, 0 is the old behaviour), so one run
shows both.

    .venv/bin/python bench/folklore_usage.py --games 20 --seed 1 --jobs 2
    .venv/bin/python bench/folklore_usage.py --levels hard --profiles after --games 40
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
from engine.aac.expansion.events import DoublerMoved  # noqa: E402
from engine.aac.folklore.events import ArtifactPlaced  # noqa: E402
from engine.aac.folklore.state import artifacts_out  # noqa: E402
from engine.aac.game import Game, new_game  # noqa: E402
from engine.kernel.bots import Bot  # noqa: E402
from engine.kernel.tournament import pct  # noqa: E402
from engine.tools.simulate import game_seed  # noqa: E402

# The Folklore weights of the first evaluation (before this bench); terms added later are 0.
BEFORE_SIMPLE = {"folk_play": 0.4, "folk_primed": 0.2, "folk_spot": 0.2,
                 "folk_option_floor": 0.3}
BEFORE_STRONG = {"folk_play": 0.25, "folk_primed": 0.05, "folk_spot": 0.6,
                 "folk_option_floor": 0.5}
NEW_TERMS = {"folk_contest": 0.0, "folk_recharge": 0.0, "folk_far": 4.0, "folk_action": 0.0,
             "folk_reach": 0.0, "folk_facing": 0.0}


def weights(profile: str, strong: bool, sets: dict[str, float]) -> dict[str, float]:
    w = dict(STRONG_WEIGHTS if strong else SIMPLE_WEIGHTS)
    if profile == "before":
        w.update(BEFORE_STRONG if strong else BEFORE_SIMPLE)
        w.update(NEW_TERMS)
    else:  # NAME=V: the normal / hard weights; easy.NAME=V: the easy bot's
        for k, v in sets.items():
            if k.startswith("easy.") != strong:
                w[k.removeprefix("easy.")] = v
    return w


def make(level: str, profile: str, seed: int, sets: dict[str, float]) -> Bot:
    if level == "easy":
        bot = GreedyBot(seed, weights(profile, False, sets))
        if profile == "before":
            bot.look_ahead = frozenset()
        return bot
    base = HARD if level == "hard" else NORMAL
    p = Params(**{**base.__dict__, "weights": weights(profile, True, sets)})
    if profile == "before":
        p.look_ahead = frozenset()
    return PlannerBot(seed, level, p)


Task = tuple[str, str, int, int, dict[str, float]]  # profile, level, game, seed, --set
STATS = ("cards", "artifacts", "contested", "track", "folk_vp", "doublers", "scoring_cards",
         "score")


def play(task: Task) -> dict[str, Any]:
    profile, level, index, seed, sets = task
    me = index % 2
    gseed = game_seed(seed, index)
    g: Game = new_game(GameConfig(players=2, seed=gseed, modules=("folklore",)))
    bots = [make(level if k == me else "easy", profile, gseed * 7 + 101 * k + 13, sets)
            for k in range(2)]
    times: list[float] = []
    doublers = contested = 0
    steps = 0
    while not g.is_over and steps < 20_000:
        d = g.pending
        assert d is not None
        t = time.perf_counter()
        cid = bots[d.seat].choose(g.view(d.seat), d)
        if d.seat == me:
            times.append(time.perf_counter() - t)
        for e in g.choose(cid):
            if isinstance(e, DoublerMoved) and e.seat == me and not e.src:
                doublers += 1
            elif isinstance(e, ArtifactPlaced) and e.seat == me and e.on_seat >= 0:
                contested += 1  # on an opponent's Artifact (R26.3.3)
        steps += 1
    s = g.state
    f = s.ext["folklore"]
    sc = g.final_scores()[me]
    held = s.ext.get("scoring_cards", {"held": [[], []]})["held"][me]
    return {
        "profile": profile, "level": level, "over": g.is_over,
        "win": (1.0 / len(g.ranking()[0])) if me in g.ranking()[0] else 0.0,
        "cards": len(f["played"][me]), "artifacts": artifacts_out(f, me), "contested": contested,
        "track": f["track"][me], "folk_vp": dict(sc.parts).get("folklore", 0),
        "doublers": doublers, "scoring_cards": len(held), "score": sc.total,
        "times": times,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per level and profile")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="hard,normal,easy")
    ap.add_argument("--profiles", default="before,after")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="change a weight of the 'after' profile, normal and hard "
                         "(easy.NAME=VALUE: the easy bot's); repeatable")
    a = ap.parse_args()
    sets = {k: float(v) for k, v in (x.split("=", 1) for x in a.set)}
    profiles = a.profiles.split(",")
    levels = a.levels.split(",")
    tasks: list[Task] = [(pr, lv, i, a.seed, sets) for pr in profiles for lv in levels
                         for i in range(a.games)]
    t0 = time.perf_counter()
    with mp.get_context("spawn").Pool(a.jobs) as pool:
        res = list(pool.imap_unordered(play, tasks))
    print(f"Folklore usage: {a.games} two-player games per row against easy, seed {a.seed} "
          f"({time.perf_counter() - t0:.0f} s)")
    head = (f"{'level':<8}{'profile':<8}{'cards':>7}{'artif.':>8}{'on opp':>8}{'track':>7}"
            f"{'fVP':>6}"
            f"{'doubl.':>8}{'sc.c.':>7}{'score':>7}{'win%':>6}{'p99 s':>7}")
    print(head)
    for lv in levels:
        for pr in profiles:
            rs = [r for r in res if r["level"] == lv and r["profile"] == pr]
            n = len(rs)
            mean = {k: sum(r[k] for r in rs) / n for k in STATS}
            win = 100 * sum(r["win"] for r in rs) / n
            t = pct([x for r in rs for x in r["times"]], 0.99)
            unfinished = sum(1 for r in rs if not r["over"])
            print(f"{lv:<8}{pr:<8}{mean['cards']:>7.2f}{mean['artifacts']:>8.2f}"
                  f"{mean['contested']:>8.2f}{mean['track']:>7.2f}{mean['folk_vp']:>6.1f}{mean['doublers']:>8.2f}"
                  f"{mean['scoring_cards']:>7.2f}{mean['score']:>7.1f}{win:>6.0f}{t:>7.2f}"
                  + (f"  ({unfinished} unfinished)" if unfinished else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

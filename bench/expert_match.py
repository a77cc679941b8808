"""A resumable, time-bounded match for the expert level (EXPERT in engine/aac/bots/planner.py).

The same games as `python -m engine tournament --seats A,B --games N --seed S --jobs J`
(same engine and bot seeds, seat order rotating), but every finished game is appended to
--results at once and no game starts after --max-minutes, so a loaded machine still gives the
games finished so far (rerun to resume). Prints the win rates with 95% intervals, the style
report and, with --cpu, the CPU seconds of the expert's searches in one extra game (the
thread's CPU time: the tournament's decision times are wall clock).

    nice -n 10 .venv/bin/python bench/expert_match.py --seats expert,hard --games 20 --seed 5 \
        --results expert_hard.jsonl --max-minutes 30
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.aac.bots import make_bot  # noqa: E402
from engine.aac.bots.style import style_report, style_table  # noqa: E402
from engine.aac.config import GameConfig  # noqa: E402
from engine.aac.game import new_game  # noqa: E402
from engine.kernel.tournament import (  # noqa: E402
    labels_for,
    pct,  # noqa: E402
    run_games,
    summarize,
)
from engine.tools.simulate import game_seed  # noqa: E402
from engine.tools.tournament import play_game  # noqa: E402


def cpu_game(names: list[str], seed: int) -> list[float]:
    """The CPU seconds of every decision of the expert seats in one game (seed's first),
    sorted (most follow a plan made earlier in the turn and take next to nothing)."""
    g = new_game(GameConfig(players=len(names), seed=game_seed(seed, 0)))
    g.undo_enabled = False
    bots = [make_bot(b, game_seed(seed, 0) * 7 + 101 * k + 13) for k, b in enumerate(names)]
    out: list[float] = []
    while not g.is_over:
        d = g.pending
        assert d is not None
        t = time.thread_time()
        cid = bots[d.seat].choose(g.view(d.seat), d)
        if names[d.seat].split("#", 1)[0] == "expert":
            out.append(time.thread_time() - t)
        g.choose(cid)
    return sorted(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", default="expert,hard")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--results", type=Path, default=None)
    ap.add_argument("--max-minutes", type=float, default=None)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--cpu", action="store_true", help="also time the expert's searches")
    a = ap.parse_args()
    names = [x.strip() for x in a.seats.split(",") if x.strip()]
    labels = labels_for(names)
    n = len(names)
    tasks = []
    for i in range(a.games):
        rot = i % n
        order = list(range(rot, n)) + list(range(rot))
        tasks.append((i, [labels[j] for j in order], [names[j] for j in order],
                      game_seed(a.seed, i), ()))
    t0 = time.perf_counter()
    results = run_games(tasks, play_game, a.jobs, False, a.results,
                        a.max_minutes * 60.0 if a.max_minutes else None)
    out = summarize(labels, results)
    print(f"{out['games']} of {a.games} games, mean {out['mean_turns']} turns, "
          f"{time.perf_counter() - t0:.0f} s")
    for lb, b in out["bots"].items():
        lo, hi = b["ci95"]
        print(f"{lb:<10} wins {b['wins']:>5} ({100 * b['win_rate']:.1f}%, 95% "
              f"{100 * lo:.1f}-{100 * hi:.1f}%)  mean score {b['mean_score']:>6}  "
              f"decision ms (wall) median {b['decision_ms_median']} p99 {b['decision_ms_p99']}")
    caps = sum(sum(r.get("cap_fired", ())) for r in results)
    print(f"CPU-time safety cap fired {caps} times; errors: {out.get('errors', [])}")
    print(style_table(style_report(results)))
    if a.cpu:
        cpu = cpu_game(names, a.seed)
        if cpu:
            p99 = pct(cpu, 0.99)
            print(f"expert decisions in one game: {len(cpu)}, CPU s median "
                  f"{cpu[len(cpu) // 2]:.3f} p99 {p99:.3f} max {cpu[-1]:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

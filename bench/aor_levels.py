"""Age of Reason's bot levels measured against issue 30's bars, resumably.

    python bench/aor_levels.py --games 200 --jobs 2 --out aor-levels
    python bench/aor_levels.py --only hard4 --games 200 --jobs 2 --out aor-levels

Each check is a tournament with the seat order rotating, exactly as `python -m engine
tournament --game aor --seats ... --games N --seed S` plays it (the same tasks, seeds and
worker: engine.tools.tournament.play_game), so the figures are the command line's. Every
finished game is appended to `<out>/<check>.jsonl` and a rerun resumes where it stopped
(`--max-minutes` stops early). The bars (issue 30):

- hard4:  hard wins >= 45% of 4-player tables against 3 normal
- normal4: normal >= 45% against 3 easy
- easy4:  easy >= 60% against 3 random (chance is 25%)
- hard2:  hard >= 70% of 2-player games against normal
- and hard's decision time: median <= 0.5 s, p99 <= 2 s (wall clock, as the tournament
  reports it).

`--balance N` also plays N same-level 7-player games (`--balance-level`, like `python -m
engine balance --game aor --players 7`) and prints win rates by country.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games import game  # noqa: E402
from engine.kernel.tournament import labels_for, run_games, summarize  # noqa: E402
from engine.tools.simulate import game_seed  # noqa: E402
from engine.tools.tournament import balance_table, play_game, run_balance  # noqa: E402

GAME = "age-of-reason"
CHECKS: dict[str, tuple[list[str], int, float]] = {
    # name: (seats, seed, bar for the first seat's win rate)
    "hard4": (["hard", "normal", "normal", "normal"], 1, 0.45),
    "normal4": (["normal", "easy", "easy", "easy"], 2, 0.45),
    "easy4": (["easy", "random", "random", "random"], 3, 0.60),
    "hard2": (["hard", "normal"], 4, 0.70),
}
MEDIAN_MS, P99_MS = 500.0, 2000.0


def tasks_for(names: list[str], games: int, seed: int) -> list[tuple[Any, ...]]:
    """The tasks `engine.tools.tournament.run_tournament` plays (seat order rotating)."""
    labels = labels_for(names)
    n = len(names)
    out = []
    for i in range(games):
        rot = i % n
        order = list(range(rot, n)) + list(range(rot))
        out.append((i, [labels[j] for j in order], [names[j] for j in order],
                    game_seed(seed, i), (), GAME))
    return out


def run_check(name: str, games: int, jobs: int, out: Path,
              max_seconds: float | None) -> dict[str, Any]:
    names, seed, bar = CHECKS[name]
    results = run_games(tasks_for(names, games, seed), play_game, jobs, progress=True,
                        results_file=out / f"{name}.jsonl", max_seconds=max_seconds)
    data = summarize(labels_for(names), results)
    data["cap_fired"] = sum(sum(r.get("cap_fired", ())) for r in results)
    data["style"] = game(GAME).style_report(results)
    first = data["bots"][labels_for(names)[0]]
    data["check"] = {"seats": names, "seed": seed, "bar": bar,
                     "passed": first["win_rate"] >= bar}
    if "hard" in names:
        h = data["bots"][labels_for(names)[names.index("hard")]]
        data["check"]["time_passed"] = (h["decision_ms_median"] <= MEDIAN_MS
                                        and h["decision_ms_p99"] <= P99_MS)
    return data


def line(name: str, data: dict[str, Any]) -> str:
    c = data["check"]
    lb = labels_for(c["seats"])[0]
    b = data["bots"][lb]
    lo, hi = b["ci95"]
    verdict = "PASS" if c["passed"] else "FAIL"
    s = (f"{name:<8} {' '.join(c['seats']):<28} seed {c['seed']}: {lb} won "
         f"{b['wins']:.1f}/{data['finished']} = {100 * b['win_rate']:.1f}% (95% {100 * lo:.0f}-"
         f"{100 * hi:.0f}%), bar {100 * c['bar']:.0f}%: {verdict}")
    if "time_passed" in c:
        h = next(v for k, v in data["bots"].items() if k.startswith("hard"))
        s += (f"; hard ms median {h['decision_ms_median']} p99 {h['decision_ms_p99']} max "
              f"{h['decision_ms_max']}: {'PASS' if c['time_passed'] else 'FAIL'}; "
              f"cap fired {data['cap_fired']}")
    return s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("aor-levels"))
    ap.add_argument("--only", default="", help="comma-separated checks: " + ",".join(CHECKS))
    ap.add_argument("--balance", type=int, default=0, help="7-player same-level games")
    ap.add_argument("--balance-level", default="normal")
    ap.add_argument("--max-minutes", type=float, default=None)
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    secs = a.max_minutes * 60 if a.max_minutes else None
    lines = []
    for name in (a.only.split(",") if a.only else list(CHECKS)):
        data = run_check(name, a.games, a.jobs, a.out, secs)
        (a.out / f"{name}.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
        lines.append(line(name, data))
        print(lines[-1], flush=True)
        print(game(GAME).style_table(data["style"]), flush=True)
    if a.balance:
        defn = game(GAME)
        bal = run_balance(a.balance, 1, a.jobs, level=a.balance_level, players=(7,),
                          results_file=a.out / f"balance7-{a.balance_level}.jsonl",
                          max_seconds=secs, game_id=GAME)
        (a.out / f"balance7-{a.balance_level}.json").write_text(json.dumps(bal, indent=1),
                                                                 encoding="utf-8")
        print(balance_table(bal, defn.role_name, defn.role_word))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

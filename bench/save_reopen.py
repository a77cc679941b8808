"""Every save the game writes opens again in a fresh process (issue 27), at scale.

    python bench/save_reopen.py [--games 3] [--jobs 2] [--json]
    python bench/save_reopen.py --find [--seeds 12] [--cap 6000]

The default run is the long variant of tests/test_save_reopen.py: the bounded games plus
`--games` more per module mix and seat count (the set-up variants in turn, to their end), each
kind of rule step and decision saved once per mix and seat count by a long-running writer
(tests.save_positions), every save reopened in fresh interpreters (`--jobs` at once) with
verification and compared exactly with the writer's game, each reopened game's next save
reopened again. Prints the counts, the kinds reached and saved, the time and every failure;
the exit status is 1 on any failure.

`--find` surveys seeded games (every mix, seat count and set-up variant, `--seeds` seeds each,
at most `--cap` decisions) and prints the bounded case list that reaches every kind of rule
step soonest: the shortest game of each mix and seat count, and games that reach the rare
kinds early (paste into tests/save_positions.py when rule changes move them).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import save_positions as sp  # noqa: E402
from tests.save_positions import Case  # noqa: E402


def _survey(case: Case, cap: int) -> dict[str, Any]:
    """When each kind of rule step is first on the stack at a decision, and the length."""
    first: dict[str, int] = {}
    length = 0

    def want(g: Any, n: int) -> list[str]:
        nonlocal length
        length = n
        for k in sp.stack_kinds(g):
            first.setdefault(k, n)
        return []

    for _ in sp.play(Case(case.modules, case.players, case.seed, case.variant, cap), want):
        pass
    return {"case": case, "first": first, "length": length, "ended": length < cap}


def _survey_star(args: tuple[Case, int]) -> dict[str, Any]:
    return _survey(*args)


def find(seeds: int, cap: int, jobs: int
         ) -> tuple[list[Case], list[Case], set[str], dict[Case, int]]:
    variant = {2: "choice", 3: "expert", 4: "expert_hand", 5: "house"}
    todo: list[tuple[Case, int]] = []
    for i, m in enumerate(sp.MIXES):
        for n in sp.SEATS:
            for k in range(seeds):
                for v in sp.VARIANTS:
                    todo.append((Case(m, n, 5000 + 1000 * k + 10 * n + i, v), cap))
    with multiprocessing.Pool(jobs) as pool:
        rows = pool.map(_survey_star, todo, chunksize=4)
    base: list[Case] = []
    lengths: dict[Case, int] = {}
    reached: set[str] = set()
    for m in sp.MIXES:
        for n in sp.SEATS:
            mine: list[dict[str, Any]] = [
                r for r in rows
                if r["case"].modules == m and r["case"].players == n and r["ended"]]
            # the mix and seat count's own set-up variant if one of its games ended
            best = min(mine, key=lambda r: (r["case"].variant != variant[n], r["length"]))
            base.append(best["case"])
            lengths[best["case"]] = best["length"]
            reached |= set(best["first"])
    rare: list[Case] = []
    left = sp.game_kinds() - reached
    while left:
        rarest = min(left, key=lambda x: sum(1 for r in rows if x in r["first"]))
        hits = [r for r in rows if rarest in r["first"]]
        if not hits:
            break
        best = min(hits, key=lambda r: r["first"][rarest])
        stop = best["first"][rarest]
        c = best["case"]
        got = {x for x, at in best["first"].items() if at <= stop}
        rare.append(Case(c.modules, c.players, c.seed, c.variant, stop))
        left -= got
        reached |= got
    return base, rare, sp.game_kinds() - reached, lengths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--find", action="store_true")
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--cap", type=int, default=6000)
    a = ap.parse_args(argv)
    if a.find:
        t0 = time.perf_counter()
        base, rare, never, lengths = find(a.seeds, a.cap, a.jobs)
        print(f"# surveyed in {time.perf_counter() - t0:.0f} s")
        print("BASELINE: list[Case] = [")
        for c in base:
            print(f"    Case({c.modules!r}, {c.players}, {c.seed}, {c.variant!r}),"
                  f"  # {lengths[c]} decisions")
        print("]")
        print("RARE: list[Case] = [")
        for c in rare:
            print(f"    Case({c.modules!r}, {c.players}, {c.seed}, {c.variant!r}, {c.stop}),")
        print("]")
        print(f"# never reached: {sorted(never)}")
        return 0
    work = Path(tempfile.mkdtemp(prefix="aac-reopen-"))
    t0 = time.perf_counter()
    cases = sp.long_cases(a.games)
    man = sp.write_manifest(cases, work, per_seats=True)
    t1 = time.perf_counter()
    rep = sp.reopen_check(work, man, a.jobs)
    cov = man["coverage"]
    reg = set(man["registry"])
    res = {
        "games": len(cases), "saves": len(man["saves"]),
        "write_seconds": round(t1 - t0, 1), "reopen_seconds": round(rep.seconds, 1),
        "reopened": len(rep.first), "next_saves_reopened": len(rep.second),
        "frame_kinds": len(reg), "reached": len(cov["reached"]), "saved": len(cov["saved"]),
        "not_reached": sorted(reg - set(cov["reached"])),
        "reached_not_saved": sorted(set(cov["reached"]) - set(cov["saved"])),
        "decision_kinds_reached": len(cov["decisions_reached"]),
        "decision_kinds_saved": len(cov["decisions_saved"]),
        "failures": rep.failures, "folder": str(work),
    }
    if a.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"{res['saves']} saves of {res['games']} games written in "
              f"{res['write_seconds']} s; reopened in fresh interpreters with their next "
              f"saves in {res['reopen_seconds']} s ({res['reopened']} + "
              f"{res['next_saves_reopened']})")
        print(f"  rule-step kinds: {res['reached']} of {res['frame_kinds']} reached, "
              f"{res['saved']} saved; not reached: {res['not_reached'] or 'none'}")
        print(f"  decision kinds: {res['decision_kinds_reached']} reached, "
              f"{res['decision_kinds_saved']} saved")
        print(f"  failures: {len(rep.failures)}")
        for f in rep.failures[:40]:
            print(f"    {f}")
    return 1 if rep.failures or res["reached_not_saved"] else 0


if __name__ == "__main__":
    sys.exit(main())

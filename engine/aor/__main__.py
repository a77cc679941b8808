"""`python -m engine.aor simulate --players P --games N --seed S` (and `scenarios`, which
writes saves/scenarios/aor/ again)."""

from __future__ import annotations

import argparse
import sys

from engine.aor.config import SEATS
from engine.aor.persist.scenarios import write_all
from engine.aor.simulate import report, run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.aor", description="Age of Reason")
    sub = ap.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="random legal games with the invariants checked")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=50)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--check", choices=("decision", "end"), default="decision",
                     help="check the invariants after every decision (default) or at the end")
    sc = sub.add_parser("scenarios", help="write the scenario saves again")
    sc.add_argument("--out", default="saves/scenarios/aor")
    args = ap.parse_args(argv)
    if args.command == "simulate":
        lo, hi = SEATS
        if not lo <= args.players <= hi:
            ap.error(f"--players must be {lo} to {hi}")
        sm = run(args.players, args.games, args.seed, args.check)
        print(report(sm))
        return 0 if not sm.errors and sm.finished == sm.games else 1
    for path in write_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

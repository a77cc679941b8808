"""CLI subcommands: `python -m engine tournament ...` and `python -m engine balance ...`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.aac.bots import BOT_LEVELS
from engine.aac.bots.style import style_table
from engine.aac.bots.tournament import balance_table, run_balance, run_tournament
from engine.aac.data import rules
from engine.cli import add_modules_option


def _tournament(a: argparse.Namespace) -> int:
    names = [x.strip() for x in a.seats.split(",") if x.strip()]
    bad = [x for x in names if x not in BOT_LEVELS]
    if bad or not 2 <= len(names) <= 5:
        print(f"--seats: 2-5 of {', '.join(BOT_LEVELS)} (got {a.seats!r})", file=sys.stderr)
        return 2
    data = run_tournament(names, a.games, a.seed, a.jobs, progress=not a.quiet,
                          modules=a.modules, style=a.style)
    if a.json:
        print(json.dumps(data))
    else:
        print(f"{data['games']} games, mean {data['mean_turns']} turns")
        for lb, b in data["bots"].items():
            lo, hi = b["ci95"]
            print(f"{lb:<10} wins {b['wins']:>7} ({100 * b['win_rate']:.1f}%, 95% "
                  f"{100 * lo:.1f}-{100 * hi:.1f}%)  mean score {b['mean_score']:>6}  "
                  f"decision ms median {b['decision_ms_median']} p99 {b['decision_ms_p99']}")
        if data.get("cap_fired"):
            print(f"the CPU-time safety cap cut {data['cap_fired']} searches short: "
                  "this run may not replay the same")
        if a.style:
            print(style_table(data["style"]))
    return 0 if not data.get("errors") else 1


def _balance(a: argparse.Namespace) -> int:
    players = [int(x) for x in a.players.split(",")]
    if any(not 2 <= n <= 5 for n in players):
        print("--players: player counts 2-5", file=sys.stderr)
        return 2
    data: dict[str, Any] = run_balance(
        a.games, a.seed, a.jobs, level=a.level, players=players, progress=not a.quiet,
        results_file=Path(a.results) if a.results else None,
        max_seconds=a.max_minutes * 60.0 if a.max_minutes else None, modules=a.modules,
    )
    if a.json:
        print(json.dumps(data))
    else:
        r = rules()
        print(balance_table(data, lambda ch: r.names.get(ch, ch)))
    return 0 if not data.get("errors") else 1


def add_parsers(sub: Any) -> None:
    t = sub.add_parser("tournament", help="seeded games between bots, with win rates")
    t.add_argument("--seats", default="hard,easy",
                   help=f"comma-separated bot levels, one per seat ({', '.join(BOT_LEVELS)})")
    t.add_argument("--games", type=int, default=200)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    t.add_argument("--json", action="store_true")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.add_argument("--style", action="store_true",
                   help="also report how each seat plays (turn types, claims, Patron uses...)")
    add_modules_option(t)
    t.set_defaults(fn=_tournament)
    b = sub.add_parser("balance", help="win rate by character and seat, same-level bot tables")
    b.add_argument("--games", type=int, default=2000, help="games in all, spread over --players")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--players", default="2,3,4,5")
    b.add_argument("--level", default="hard", choices=list(BOT_LEVELS))
    b.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    b.add_argument("--results", default="",
                   help="append each finished game to this JSON-lines file and skip games "
                        "already in it (resume a long run)")
    b.add_argument("--max-minutes", type=float, default=0.0,
                   help="stop starting games after this long; report the finished ones")
    b.add_argument("--json", action="store_true")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    add_modules_option(b)
    b.set_defaults(fn=_balance)

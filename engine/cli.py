"""Command line: `python -m engine simulate|play ...`."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from typing import Any

from engine.aac.config import GameConfig
from engine.aac.game import new_game
from engine.aac.log import describe
from engine.aac.modules import check_names
from engine.aac.scoring import categories
from engine.aac.simulate import simulate
from engine.kernel.bots import RandomBot


def modules_arg(text: str) -> tuple[str, ...]:
    """--modules folklore,pilgrimage: registered module names (engine.aac.modules)."""
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    try:
        check_names(names)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc
    return names


def add_modules_option(p: Any) -> None:
    p.add_argument("--modules", type=modules_arg, default=(),
                   help="comma-separated expansion modules (none by default)")


def _simulate(a: argparse.Namespace) -> int:
    if not 2 <= a.players <= 5:
        print("--players must be 2-5", file=sys.stderr)
        return 2
    summ = simulate(a.players, a.games, a.seed, check_every=a.check, modules=a.modules)
    data = summ.as_json()
    if a.json:
        print(json.dumps(data))
    else:
        for k, v in data.items():
            print(f"{k}: {v}")
    if summ.errors or summ.finished + summ.unplayed != summ.games:
        return 1
    return 3 if summ.unplayed else 0  # 3: no error, but games stopped on unplayed effects


def _play(a: argparse.Namespace) -> int:
    """A bots' game in the terminal, with its log and the final score breakdown."""
    g = new_game(GameConfig(players=a.players, seed=a.seed, modules=a.modules))
    chars = [p.character for p in g.state.players]
    for e in getattr(g, "setup_events", []):
        print(describe(e, g.rules, chars))
    bots = [RandomBot(a.seed * 31 + k) for k in range(a.players)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        for e in g.choose(bots[d.seat].choose(None, d)):
            if a.verbose or type(e).__name__ != "TokenMoved":
                print(describe(e, g.rules, chars))
    print()
    cats = categories(g.state.modules)  # the game's score categories, base game first
    widths = [len(c.short) + 2 for c in cats]
    print(f"{'seat':<22}" + "".join(f"{c.short:>{w}}" for c, w in zip(cats, widths, strict=True))
          + f"{'total':>7}")
    for sc in g.final_scores():
        name = f"{g.rules.names[chars[sc.seat]]} ({sc.seat + 1})"
        print(f"{name:<22}" + "".join(f"{sc.part(c.name):>{w}}"
                                      for c, w in zip(cats, widths, strict=True))
              + f"{sc.total:>7}")
    print("Standings (R24.8 tiebreakers):", g.ranking())
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("simulate", help="play random-bot games headless")
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true")
    s.add_argument("--check", choices=["decision", "turn", "end"], default="turn",
                   help="how often to check the invariants (default: every turn)")
    add_modules_option(s)
    s.set_defaults(fn=_simulate)
    p = sub.add_parser("play", help="watch a bots' game in the terminal")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="also print every token move")
    add_modules_option(p)
    p.set_defaults(fn=_play)
    for mod in ("engine.aac.bots.commands", "engine.aac.persist.commands"):
        try:
            found = importlib.util.find_spec(mod) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            importlib.import_module(mod).add_parsers(sub)
    a = ap.parse_args(argv)
    return int(a.fn(a))

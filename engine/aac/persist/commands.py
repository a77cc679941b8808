"""CLI: `python -m engine save-schema | replay FILE | selfplay ...`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.aac.config import GameConfig
from engine.aac.game import new_game
from engine.aac.log import describe
from engine.aac.persist.io import SaveError, load_game, replay, save_game
from engine.aac.persist.models import schema
from engine.aac.persist.scenarios import generate
from engine.cli import add_modules_option
from engine.kernel.bots import RandomBot


def _count(text: str) -> int:
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return n


def _schema(a: argparse.Namespace) -> int:
    print(json.dumps(schema(), indent=2, sort_keys=True))
    return 0


def _replay(a: argparse.Namespace) -> int:
    try:
        g = load_game(a.file)  # always verified: the snapshot must equal the replay
        cfg = GameConfig(**g.config)
        r = replay(cfg, g.history, a.to)
    except SaveError as exc:
        print(f"{a.file}: {exc}", file=sys.stderr)
        return 1
    if a.log:
        chars = [p.character for p in r.state.players]
        lines: list[str] = []
        # replay again, collecting the events of every choice for the log
        g2 = new_game(cfg)
        lines.extend(describe(e, g2.rules, chars) for e in getattr(g2, "setup_events", []))
        for cid in g.history[: a.to] if a.to is not None else g.history:
            lines.extend(describe(e, g2.rules, chars) for e in g2.choose(cid))
        print("\n".join(lines))
    n = len(g.history) if a.to is None else min(a.to, len(g.history))
    status = "over" if r.is_over else f"turn {r.state.turn}"
    if a.to is None:
        print(f"{a.file}: replayed {n} choices; verified against the snapshot; game {status}.",
              file=sys.stderr)
    else:
        print(f"{a.file}: replayed {n} of {len(g.history)} choices (the save itself verified "
              f"against the snapshot); game {status}.", file=sys.stderr)
    return 0


def _selfplay(a: argparse.Namespace) -> int:
    g = new_game(GameConfig(players=a.players, seed=a.seed, modules=a.modules))
    bot = RandomBot(a.seed)
    for _ in range(a.moves):
        if g.is_over or g.pending is None:
            break
        g.choose(bot.choose(None, g.pending))
    save_game(g, a.out, note=f"selfplay {a.moves} random moves")
    print(f"saved {len(g.history)} choices (turn {g.state.turn}) to {a.out}", file=sys.stderr)
    return 0


def _scenarios(a: argparse.Namespace) -> int:
    for p in generate(Path(a.out)):
        print(p)
    return 0


def add_parsers(sub: Any) -> None:
    c = sub.add_parser("scenarios", help="(re)generate the scenario saves")
    c.add_argument("--out", default="saves/scenarios")
    c.set_defaults(fn=_scenarios)
    s = sub.add_parser("save-schema", help="print the save format's JSON Schema")
    s.set_defaults(fn=_schema)
    r = sub.add_parser("replay", help="re-play a save from its config, seed and choices")
    r.add_argument("file")
    r.add_argument("--verify", action="store_true",
                   help="accepted for older scripts: every load checks the snapshot equals "
                   "the replay")
    r.add_argument("--to", type=_count, default=None, help="stop after N choices")
    r.add_argument("--log", action="store_true", help="print the game log")
    r.set_defaults(fn=_replay)
    p = sub.add_parser("selfplay", help="play N random legal decisions and save")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--moves", type=int, default=100)
    p.add_argument("--out", required=True)
    add_modules_option(p)
    p.set_defaults(fn=_selfplay)

"""The command line for every installed game: `python -m engine COMMAND [--game ID] ...`.

    simulate    random-bot games headless, the game's invariants checked
    play        watch a bots' game in the terminal, with its log and final scores
    tournament  seeded games between bot levels, with win rates (and a style report)
    balance     win rate by role (character, country) and seat, same-level tables
    replay      verify a save, re-play it and print its log
    selfplay    play N random legal decisions and save
    scenarios   (re)generate the game's scenario saves
    save-schema print the game's save format as a JSON Schema

`--game` takes an installed game's id or alias (engine.games); An Age Contrived is the
default, so every command written before other games existed works as it did. Seat counts,
modules, rules options and bot levels come from the game's definition.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine import games
from engine.kernel import saves
from engine.kernel.bots import RandomBot
from engine.kernel.definition import GameDefinition, by_format
from engine.kernel.saves import SaveError
from engine.tools.simulate import simulate
from engine.tools.tournament import balance_table, run_balance, run_tournament


def _game(a: argparse.Namespace) -> GameDefinition:
    return games.game(a.game)


def _players_ok(defn: GameDefinition, counts: list[int]) -> bool:
    lo, hi = defn.seats
    if all(lo <= n <= hi for n in counts):
        return True
    print(f"{defn.title} is played by {lo}-{hi} players", file=sys.stderr)
    return False


def _modules(defn: GameDefinition, text: str) -> tuple[str, ...]:
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    bad = [x for x in names if x not in defn.modules()]
    if bad:
        known = ", ".join(defn.modules()) or "none"
        raise SystemExit(f"--modules: {defn.title} has no module {bad[0]!r} (modules: {known})")
    return names


def _options(defn: GameDefinition, pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    known = defn.options()
    for pair in pairs:
        key, _, raw = pair.partition("=")
        if key not in known:
            raise SystemExit(f"--option: {defn.title} has no rules option {key!r} "
                             f"(options: {', '.join(known) or 'none'})")
        try:
            out[key] = json.loads(raw) if raw else True
        except json.JSONDecodeError:
            out[key] = raw
    return out


def _print(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(data))
    else:
        for k, v in data.items():
            print(f"{k}: {v}")


# --- commands ----------------------------------------------------------------------------------


def _simulate(a: argparse.Namespace) -> int:
    defn = _game(a)
    if not _players_ok(defn, [a.players]):
        return 2
    summ = simulate(defn, a.players, a.games, a.seed, check_every=a.check,
                    modules=_modules(defn, a.modules), options=_options(defn, a.option))
    _print(summ.as_json(), a.json)
    if summ.errors or summ.finished + summ.unplayed != summ.games:
        return 1
    return 3 if summ.unplayed else 0  # 3: no error, but games stopped on unplayed effects


def _play(a: argparse.Namespace) -> int:
    """A bots' game in the terminal, with its log and the final score breakdown."""
    defn = _game(a)
    if not _players_ok(defn, [a.players]):
        return 2
    mods = _modules(defn, a.modules)
    g = defn.new_game(defn.config_for(a.players, a.seed, mods, _options(defn, a.option)))
    for e in g.setup_events:
        print(defn.describe(g, e))
    bots = [RandomBot(a.seed * 31 + k) for k in range(a.players)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        for e in g.choose(bots[d.seat].choose(None, d)):
            if a.verbose or not defn.minor_event(e):
                print(defn.describe(g, e))
    print()
    cats = defn.score_categories(mods)  # the game's score categories, base game first
    widths = [len(c.short) + 2 for c in cats]
    print(f"{'seat':<22}" + "".join(f"{c.short:>{w}}" for c, w in zip(cats, widths, strict=True))
          + f"{'total':>7}")
    roles = defn.roles(g)
    for seat, sc in enumerate(defn.scores(g)):
        name = f"{defn.role_name(roles[seat])} ({seat + 1})"
        print(f"{name:<22}" + "".join(f"{sc.get(c.name, 0):>{w}}"
                                      for c, w in zip(cats, widths, strict=True))
              + f"{sc.get('total', 0):>7}")
    print("Winner:", ", ".join(defn.role_name(roles[s]) for s in defn.winners(g)))
    return 0


def _tournament(a: argparse.Namespace) -> int:
    defn = _game(a)
    names = [x.strip() for x in a.seats.split(",") if x.strip()]
    bad = [x for x in names if x.split("#", 1)[0] not in defn.bot_levels]
    lo, hi = defn.seats
    if bad or not lo <= len(names) <= hi:
        print(f"--seats: {lo}-{hi} of {', '.join(defn.bot_levels)} (got {a.seats!r})",
              file=sys.stderr)
        return 2
    data = run_tournament(names, a.games, a.seed, a.jobs, progress=not a.quiet,
                          modules=_modules(defn, a.modules), style=a.style, game_id=defn.id)
    if a.json:
        print(json.dumps(data))
    else:
        print(f"{data['games']} games, mean {data['mean_turns']} turns")
        for lb, b in data["bots"].items():
            lo_, hi_ = b["ci95"]
            print(f"{lb:<10} wins {b['wins']:>7} ({100 * b['win_rate']:.1f}%, 95% "
                  f"{100 * lo_:.1f}-{100 * hi_:.1f}%)  mean score {b['mean_score']:>6}  "
                  f"decision ms median {b['decision_ms_median']} p99 {b['decision_ms_p99']}")
        if data.get("cap_fired"):
            print(f"the CPU-time safety cap cut {data['cap_fired']} searches short: "
                  "this run may not replay the same")
        if a.style:
            print(defn.style_table(data["style"]))
    return 0 if not data.get("errors") else 1


def _balance(a: argparse.Namespace) -> int:
    defn = _game(a)
    lo, hi = defn.seats
    players = ([int(x) for x in a.players.split(",")] if a.players
               else list(range(lo, hi + 1)))
    if not _players_ok(defn, players):
        return 2
    if a.level not in defn.bot_levels:
        print(f"--level: one of {', '.join(defn.bot_levels)}", file=sys.stderr)
        return 2
    data: dict[str, Any] = run_balance(
        a.games, a.seed, a.jobs, level=a.level, players=players, progress=not a.quiet,
        results_file=Path(a.results) if a.results else None,
        max_seconds=a.max_minutes * 60.0 if a.max_minutes else None,
        modules=_modules(defn, a.modules), game_id=defn.id,
    )
    if a.json:
        print(json.dumps(data))
    else:
        print(balance_table(data, defn.role_name, defn.role_word))
    return 0 if not data.get("errors") else 1


def _count(text: str) -> int:
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return n


def _replay(a: argparse.Namespace) -> int:
    try:
        text = saves.read_text(a.file)
        # the game the file names; else --game's loader says why it is not one of its saves
        defn = by_format(saves.format_of(text)) or _game(a)
        g = saves.loads(text, defn)  # always verified: the snapshot must equal the replay
        cfg = defn.make_config(g.config)
        r = saves.replay(defn, cfg, g.history, a.to)
    except SaveError as exc:
        print(f"{a.file}: {exc}", file=sys.stderr)
        return 1
    if a.log:
        # replay again, collecting the events of every choice for the log
        g2 = defn.new_game(cfg)
        lines = [defn.describe(g2, e) for e in g2.setup_events]
        for cid in g.history[: a.to] if a.to is not None else g.history:
            lines.extend(defn.describe(g2, e) for e in g2.choose(cid))
        print("\n".join(lines))
    n = len(g.history) if a.to is None else min(a.to, len(g.history))
    status = "over" if r.is_over else f"turn {defn.turn(r)}"
    if a.to is None:
        print(f"{a.file}: replayed {n} choices; verified against the snapshot; game {status}.",
              file=sys.stderr)
    else:
        print(f"{a.file}: replayed {n} of {len(g.history)} choices (the save itself verified "
              f"against the snapshot); game {status}.", file=sys.stderr)
    return 0


def _selfplay(a: argparse.Namespace) -> int:
    defn = _game(a)
    if not _players_ok(defn, [a.players]):
        return 2
    g = defn.new_game(defn.config_for(a.players, a.seed, _modules(defn, a.modules),
                                      _options(defn, a.option)))
    bot = RandomBot(a.seed)
    for _ in range(a.moves):
        if g.is_over or g.pending is None:
            break
        g.choose(bot.choose(None, g.pending))
    saves.write(g, a.out, note=f"selfplay {a.moves} random moves")
    print(f"saved {len(g.history)} choices (turn {defn.turn(g)}) to {a.out}", file=sys.stderr)
    return 0


def _scenarios(a: argparse.Namespace) -> int:
    defn = _game(a)
    folder = defn.folder or defn.id
    for p in defn.scenarios(Path(a.out) if a.out else Path("saves", "scenarios", folder)):
        print(p)
    return 0


def _schema(a: argparse.Namespace) -> int:
    print(json.dumps(_game(a).save_schema(), indent=2, sort_keys=True))
    return 0


# --- the parser --------------------------------------------------------------------------------


def _common(p: argparse.ArgumentParser, *, modules: bool = True, options: bool = False) -> None:
    ids = ", ".join(d.id for d in games.installed())
    p.add_argument("--game", default=games.DEFAULT,
                   help=f"the game: {ids} (default {games.DEFAULT})")
    if modules:
        p.add_argument("--modules", default="",
                       help="comma-separated modules of the game (none by default)")
    if options:
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a rules option of the game (repeatable)")


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("simulate", help="play random-bot games headless")
    _common(s, options=True)
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true")
    s.add_argument("--check", choices=["decision", "turn", "end"], default="turn",
                   help="how often to check the invariants (default: every turn)")
    s.set_defaults(fn=_simulate)
    p = sub.add_parser("play", help="watch a bots' game in the terminal")
    _common(p, options=True)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="also print every token move")
    p.set_defaults(fn=_play)
    t = sub.add_parser("tournament", help="seeded games between bots, with win rates")
    _common(t)
    t.add_argument("--seats", default="hard,easy",
                   help="comma-separated bot levels, one per seat")
    t.add_argument("--games", type=int, default=200)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    t.add_argument("--json", action="store_true")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.add_argument("--style", action="store_true", help="also report how each seat plays")
    t.set_defaults(fn=_tournament)
    b = sub.add_parser("balance", help="win rate by role and seat, same-level bot tables")
    _common(b)
    b.add_argument("--games", type=int, default=2000, help="games in all, spread over --players")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--players", default="", help="player counts (default: every count)")
    b.add_argument("--level", default="hard")
    b.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    b.add_argument("--results", default="",
                   help="append each finished game to this JSON-lines file and skip games "
                        "already in it (resume a long run)")
    b.add_argument("--max-minutes", type=float, default=0.0,
                   help="stop starting games after this long; report the finished ones")
    b.add_argument("--json", action="store_true")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.set_defaults(fn=_balance)
    r = sub.add_parser("replay", help="re-play a save from its config, seed and choices")
    _common(r, modules=False)
    r.add_argument("file")
    r.add_argument("--verify", action="store_true",
                   help="accepted for older scripts: every load checks the snapshot equals "
                   "the replay")
    r.add_argument("--to", type=_count, default=None, help="stop after N choices")
    r.add_argument("--log", action="store_true", help="print the game log")
    r.set_defaults(fn=_replay)
    sp = sub.add_parser("selfplay", help="play N random legal decisions and save")
    _common(sp, options=True)
    sp.add_argument("--players", type=int, default=2)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--moves", type=int, default=100)
    sp.add_argument("--out", required=True)
    sp.set_defaults(fn=_selfplay)
    c = sub.add_parser("scenarios", help="(re)generate the game's scenario saves")
    _common(c, modules=False)
    c.add_argument("--out", default="", help="the folder (default saves/scenarios/GAME)")
    c.set_defaults(fn=_scenarios)
    sc = sub.add_parser("save-schema", help="print the game's save format as a JSON Schema")
    _common(sc, modules=False)
    sc.set_defaults(fn=_schema)
    return ap


def main(argv: list[str] | None = None) -> int:
    a = parser().parse_args(argv)
    try:
        games.game(getattr(a, "game", games.DEFAULT))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return int(a.fn(a))

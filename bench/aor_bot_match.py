"""Age of Reason bot matches with parameter variants (tuning the bots' judgement).

    python bench/aor_bot_match.py --seats "normal:weights.unrest=1.5,normal,normal,normal" \
        --games 100 --seed 7 --jobs 2

A seat is a level ("easy", "normal", "hard") optionally followed by ":" and overrides of its
parameters, comma-free dotted keys joined by ";" (engine.aor.bots.policy.Params and its
parts: `weights.gold=0.2;models.allies=false;attack_min=0.1`; hard also takes `search.` keys,
engine.aor.bots.search.SearchParams; a set is names joined by "|":
`search.kinds=box|attack|bid|proposal`). Seats rotate one step per game as in the tournament
(engine.tools.tournament); every bot sees only its seat's view. Prints win rates with 95%
intervals and mean scores (and the style report with --style).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.aor.definition  # noqa: E402,F401  (registers the game)
from engine.aor.bots import levels  # noqa: E402
from engine.aor.bots.player import PolicyBot  # noqa: E402
from engine.aor.bots.search import SearchBot  # noqa: E402
from engine.aor.bots.style import StyleCounter, style_report, style_table  # noqa: E402
from engine.aor.config import AorConfig  # noqa: E402
from engine.aor.game import new_game  # noqa: E402
from engine.kernel.bots import Bot, RandomBot  # noqa: E402
from engine.kernel.tournament import labels_for, run_games, summarize  # noqa: E402
from engine.tools.simulate import game_seed  # noqa: E402
from engine.tools.tournament import bot_seed  # noqa: E402


def _parse(v: str) -> Any:
    if "|" in v:  # a set of names: search.kinds=box|attack|bid|proposal
        return frozenset(x for x in v.split("|") if x)
    if v.lower() in ("true", "false"):
        return v.lower() == "true"
    try:
        return int(v)
    except ValueError:
        return float(v)


def _override(obj: Any, key: str, value: Any) -> Any:
    head, _, rest = key.partition(".")
    if rest:
        return dataclasses.replace(obj, **{head: _override(getattr(obj, head), rest, value)})
    return dataclasses.replace(obj, **{head: value})


def make(spec: str, seed: int) -> Bot:
    """A bot from "<level>[:key=value;key=value]"."""
    level, _, over = spec.partition(":")
    base = level.split("#", 1)[0]
    if base == "random":
        return RandomBot(seed)
    if not over:
        return levels.make_bot(base, seed)
    params = {"easy": levels.EASY, "normal": levels.NORMAL, "hard": levels.HARD_POLICY}[base]
    search = levels.HARD_SEARCH
    for item in over.split(";"):
        k, _, v = item.partition("=")
        if k.startswith("search."):
            search = _override(search, k[len("search."):], _parse(v))
        else:
            params = _override(params, k, _parse(v))
    if base == "hard":
        return SearchBot(seed, "hard", params, search)
    return PolicyBot(seed, base, params, levels.SALTS[base])


def play(task: tuple[Any, ...]) -> dict[str, Any]:
    index, labels, specs, gseed = task[:4]
    n = len(specs)
    g = new_game(AorConfig(players=n, seed=gseed))
    g.undo_enabled = False
    bots = [make(sp, bot_seed(gseed, k)) for k, sp in enumerate(specs)]
    times: list[list[float]] = [[] for _ in range(n)]
    style = StyleCounter(n)
    error = ""
    try:
        while not g.is_over:
            d = g.pending
            assert d is not None
            t0 = time.perf_counter()
            cid = bots[d.seat].choose(g.view(d.seat), d)
            times[d.seat].append((time.perf_counter() - t0) * 1000.0)
            style.note(g, d, cid)
            style.add(g.choose(cid))
    except Exception as exc:  # reported, never hidden
        error = f"{type(exc).__name__}: {exc}"
    out = {"index": index, "labels": labels, "scores": [p.vp for p in g.state.players],
           "winners": g.ranking()[0] if not error else [], "turns": g.state.turn,
           "times": times, "error": error,
           "cap_fired": [int(getattr(b, "cap_fired", 0)) for b in bots]}
    out.update(style.result())
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True, help="comma-separated seat specs")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--style", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    specs = a.seats.split(",")
    labels = labels_for(specs)
    n = len(specs)
    tasks = []
    for i in range(a.games):
        rot = i % n
        order = list(range(rot, n)) + list(range(rot))
        tasks.append((i, [labels[j] for j in order], [specs[j] for j in order],
                      game_seed(a.seed, i)))
    results = run_games(tasks, play, a.jobs, progress=not a.json)
    data = summarize(labels, results)
    data["cap_fired"] = sum(sum(r.get("cap_fired", ())) for r in results)
    if a.style:
        data["style"] = style_report(results)
    if a.json:
        print(json.dumps(data))
        return 0
    print(f"{data['games']} games")
    for lb, b in data["bots"].items():
        lo, hi = b["ci95"]
        print(f"{lb:<40} wins {b['wins']:6.1f} ({100 * b['win_rate']:5.1f}%, 95% "
              f"{100 * lo:.0f}-{100 * hi:.0f}%)  mean {b['mean_score']:6.1f}  ms median "
              f"{b['decision_ms_median']} p99 {b['decision_ms_p99']} max {b['decision_ms_max']}")
    for e in data.get("errors", []):
        print("error:", e)
    if a.style:
        print(style_table(data["style"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Seeded bot tournaments and balance runs for any installed game, on the kernel's harness
(engine.kernel.tournament: processes, resumable results files, win rates with intervals).

`run_tournament(["hard", "easy"], games=200, seed=1)` plays games with the seat order rotating
one step per game; every bot sees only its seat's view. Game i uses the engine seed
game_seed(seed, i) and bot seeds derived from it, so a run is reproducible whatever --jobs.
`game="age-of-reason"` plays another installed game; `modules=(...)` plays every game with
those modules. A task is (index, seat labels, bot names, seed, modules, game id).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from engine.games import DEFAULT, game
from engine.kernel.tournament import Task, labels_for, run_games, summarize, wilson
from engine.tools.simulate import game_seed

__all__ = ["MAX_DECISIONS", "balance_table", "play_game", "run_balance", "run_tournament"]

MAX_DECISIONS = 20_000


def bot_seed(gseed: int, seat: int) -> int:
    """The seed of seat `seat`'s bot in the game of engine seed `gseed`."""
    return gseed * 7 + 101 * seat + 13


def play_game(task: Task) -> dict[str, Any]:
    """Worker (top level, spawn-safe): one game. task = (index, seat labels, bot names, seed
    [, modules[, game id]])."""
    index, seat_labels, seat_bots, gseed = task[:4]
    mods = tuple(task[4]) if len(task) > 4 else ()
    defn = game(task[5] if len(task) > 5 else DEFAULT)
    n = len(seat_bots)
    g = defn.new_game(defn.config_for(n, gseed, mods))
    g.undo_enabled = False  # nobody undoes here: no state copy per choice
    bots = [defn.make_bot(b, bot_seed(gseed, k)) for k, b in enumerate(seat_bots)]
    times: list[list[float]] = [[] for _ in range(n)]
    decisions = 0
    error = ""
    style = defn.style(n)
    try:
        while not g.is_over:
            d = g.pending
            if d is None:
                error = "no pending decision"
                break
            t = time.perf_counter()
            cid = bots[d.seat].choose(g.view(d.seat), d)
            times[d.seat].append((time.perf_counter() - t) * 1000.0)
            if style is not None:
                style.note(g, d, cid)
            events = g.choose(cid)  # raises IllegalChoice on an illegal bot choice
            if style is not None:
                style.add(events)
            decisions += 1
            if decisions > MAX_DECISIONS:
                error = "decision cap reached"
                break
    except Exception as exc:  # reported in the result, never hidden
        error = f"{type(exc).__name__}: {exc}"
    roles = defn.roles(g)
    out: dict[str, Any] = {
        "index": index,
        "game": defn.id,
        "labels": seat_labels,
        "roles": roles,
        "characters": roles,  # the name An Age Contrived's reports have always used
        "scores": [s.get("total", 0) for s in defn.scores(g)],
        "winners": defn.winners(g) if not error else [],
        "turns": defn.turn(g),
        "decisions": decisions,
        "times": times,
        "error": error,
    }
    if style is not None:
        out.update(style.result())
    out.update(defn.bot_stats(bots))
    return out


def run_tournament(
    names: list[str], games: int, seed: int, jobs: int | None = None, progress: bool = True,
    modules: tuple[str, ...] = (), style: bool = False, game_id: str = DEFAULT,
) -> dict[str, Any]:
    """Win rates (engine.kernel.tournament.summarize); with `style`, also the game's style
    report under "style". "cap_fired" counts the searches a CPU-time safety cap cut short (a
    run where it is not 0 may not replay the same)."""
    defn = game(game_id)
    labels = labels_for(names)
    n = len(names)
    tasks = []
    for i in range(games):
        rot = i % n
        order = list(range(rot, n)) + list(range(rot))  # seat k plays labels[order[k]]
        tasks.append((i, [labels[j] for j in order], [names[j] for j in order],
                      game_seed(seed, i), modules, defn.id))
    results = run_games(tasks, play_game, jobs, progress)
    out = summarize(labels, results)
    out["cap_fired"] = sum(sum(r.get("cap_fired", ())) for r in results)
    if style:
        out["style"] = defn.style_report(results)
    return out


def _rates(v: list[float]) -> dict[str, Any]:
    return {"games": int(v[1]), "wins": round(v[0], 2),
            "win_rate": round(v[0] / v[1], 4) if v[1] else 0.0,
            "ci95": [round(x, 4) for x in wilson(v[0], int(v[1]))]}


def run_balance(
    games: int, seed: int, jobs: int | None = None, level: str = "hard",
    players: Iterable[int] = (2, 3, 4, 5), progress: bool = True,
    results_file: Path | None = None, max_seconds: float | None = None,
    modules: tuple[str, ...] = (), game_id: str = DEFAULT,
) -> dict[str, Any]:
    """Win rate by role (character, country) and by seat position, same-level tables at
    each player count."""
    defn = game(game_id)
    counts = list(players)
    tasks = []
    for i in range(games):
        n = counts[i % len(counts)]
        tasks.append((i, [f"{level}#{k + 1}" for k in range(n)], [level] * n,
                      game_seed(seed, i), modules, defn.id))
    results = run_games(tasks, play_game, jobs, progress, results_file, max_seconds)
    out: dict[str, Any] = {"games": len(results), "planned": games, "level": level,
                           "game": defn.id, "tables": {}}
    for n in counts:
        rs = [r for r in results if len(r["labels"]) == n and not r["error"]]
        by_role: dict[str, list[float]] = {}
        by_seat = [[0.0, 0.0] for _ in range(n)]
        for r in rs:
            share = 1.0 / len(r["winners"])
            for seat, role in enumerate(r.get("roles", r.get("characters", []))):
                w = share if seat in r["winners"] else 0.0
                by_role.setdefault(role, [0.0, 0.0])
                by_role[role][0] += w
                by_role[role][1] += 1
                by_seat[seat][0] += w
                by_seat[seat][1] += 1
        out["tables"][str(n)] = {
            "games": len(rs),
            "by_character": {role: _rates(v) for role, v in sorted(by_role.items())},
            "by_seat": {str(k + 1): _rates(v) for k, v in enumerate(by_seat)},
            "expected_win_rate": round(1.0 / n, 4),
        }
    errors = [f"game {r['index']}: {r['error']}" for r in results if r["error"]]
    if errors:
        out["errors"] = errors[:5]
    return out


def balance_table(data: dict[str, Any], names: Callable[[str], str],
                  role_word: str = "character") -> str:
    """The balance result as a plain-text table."""
    lines = [f"Balance: {data['games']} games, {data['level']} bots at every seat"]
    if data.get("planned", data["games"]) != data["games"]:
        lines[0] += f" ({data['planned']} planned; stopped early, rerun to resume)"
    for n, t in data["tables"].items():
        lines.append("")
        lines.append(f"{n} players: {t['games']} games (a fair share is "
                     f"{100 * t['expected_win_rate']:.0f}%)")
        lines.append(f"  {role_word:<14}{'games':>7}{'wins':>8}{'win %':>8}   95% interval")
        for ch, v in t["by_character"].items():
            lo, hi = v["ci95"]
            lines.append(f"  {names(ch):<14}{v['games']:>7}{v['wins']:>8.1f}"
                         f"{100 * v['win_rate']:>7.1f}%   {100 * lo:.0f}-{100 * hi:.0f}%")
        lines.append(f"  {'seat':<14}{'games':>7}{'wins':>8}{'win %':>8}   95% interval")
        for k, v in t["by_seat"].items():
            lo, hi = v["ci95"]
            lines.append(f"  {'seat ' + k:<14}{v['games']:>7}{v['wins']:>8.1f}"
                         f"{100 * v['win_rate']:>7.1f}%   {100 * lo:.0f}-{100 * hi:.0f}%")
    return "\n".join(lines)

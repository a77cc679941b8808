"""Seeded bot tournaments and balance runs, over several processes.

`run_tournament(["hard", "easy"], games=200, seed=1)` plays games with the seat order rotating
one step per game; every bot sees only its seat's view. Game i uses the engine seed
game_seed(seed, i) and bot seeds derived from it, so a run is reproducible whatever --jobs.
"""

from __future__ import annotations

import json
import math
import multiprocessing as mp
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from engine.aac import events as ev
from engine.aac.bots import make_bot
from engine.aac.config import GameConfig
from engine.aac.game import new_game
from engine.aac.simulate import game_seed

Task = tuple[int, list[str], list[str], int]

MAX_DECISIONS = 20_000


def labels_for(names: list[str]) -> list[str]:
    """Bot labels: a name given twice or more gets suffixes (hard#1, hard#2)."""
    out = []
    for i, n in enumerate(names):
        if names.count(n) > 1:
            out.append(f"{n}#{names[: i + 1].count(n)}")
        else:
            out.append(n)
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(task: tuple[int, list[str], list[str], int]) -> dict[str, Any]:
    """Worker (top level, spawn-safe): one game. task = (index, seat labels, bot names, seed)."""
    index, seat_labels, seat_bots, gseed = task
    n = len(seat_bots)
    g = new_game(GameConfig(players=n, seed=gseed))
    bots = [make_bot(b, gseed * 7 + 101 * k + 13) for k, b in enumerate(seat_bots)]
    times: list[list[float]] = [[] for _ in range(n)]
    decisions = 0
    error = ""
    turns_seen = 0
    try:
        while not g.is_over:
            d = g.pending
            if d is None:
                error = "no pending decision"
                break
            t = time.perf_counter()
            cid = bots[d.seat].choose(g.view(d.seat), d)
            times[d.seat].append((time.perf_counter() - t) * 1000.0)
            events = g.choose(cid)  # raises IllegalChoice on an illegal bot choice
            turns_seen += sum(1 for e in events if isinstance(e, ev.TurnStarted))
            decisions += 1
            if decisions > MAX_DECISIONS:
                error = "decision cap reached"
                break
    except Exception as exc:  # reported in the result, never hidden
        error = f"{type(exc).__name__}: {exc}"
    scores = [sc.total for sc in g.final_scores()]
    winners = list(g.ranking()[0]) if not error else []
    return {
        "index": index,
        "labels": seat_labels,
        "characters": [p.character for p in g.state.players],
        "scores": scores,
        "winners": winners,
        "turns": g.state.turn,
        "decisions": decisions,
        "times": times,
        "error": error,
    }


def _progress(done: int, total: int, t0: float, resumed: int = 0) -> None:
    """A progress bar on stderr; `resumed` games came from a results file (not in the ETA)."""
    width = 30
    fill = int(width * done / total) if total else width
    el = time.perf_counter() - t0
    played = done - resumed
    eta = el / played * (total - done) if played > 0 else 0.0
    sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} "
                     f"{el:6.0f}s elapsed, ~{eta:5.0f}s left")
    sys.stderr.flush()
    if done == total:
        sys.stderr.write("\n")


def _task_key(task: Task) -> list[Any]:
    return [task[0], task[1], task[2], task[3]]


def load_results(path: Path, tasks: list[Task]) -> dict[int, dict[str, Any]]:
    """Finished games recorded in a results file (one JSON object per line) that belong to
    this run: same index, seats and engine seed. Other or damaged lines are ignored."""
    want = {t[0]: _task_key(t) for t in tasks}
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            r = json.loads(line)
            if want.get(int(r["index"])) == r["task"]:
                done[int(r["index"])] = r
        except (ValueError, KeyError, TypeError):
            continue
    return done


def run_games(
    tasks: list[Task], jobs: int | None, progress: bool = True,
    results_file: Path | None = None, max_seconds: float | None = None,
) -> list[dict[str, Any]]:
    """Play the tasks; with `results_file`, games already recorded there are not replayed and
    each finished game is appended at once (an interrupted run resumes where it stopped).
    With `max_seconds`, no game is started after that and games still running are dropped:
    the result then covers the games finished so far."""
    jobs = jobs or mp.cpu_count()
    t0 = time.perf_counter()
    done = load_results(results_file, tasks) if results_file else {}
    results: list[dict[str, Any]] = list(done.values())
    todo = [t for t in tasks if t[0] not in done]
    out = results_file.open("a", encoding="utf-8") if results_file else None

    def record(r: dict[str, Any], task: Task) -> None:
        results.append(r)
        if out is not None:
            out.write(json.dumps({**r, "task": _task_key(task)}) + "\n")
            out.flush()
        if progress:
            _progress(len(results), len(tasks), t0, len(done))

    by_index = {t[0]: t for t in todo}
    try:
        if jobs <= 1:
            for t in todo:
                if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
                    break
                record(play_game(t), t)
        else:
            ctx = mp.get_context("spawn")
            pool = ctx.Pool(jobs)
            try:
                it = pool.imap_unordered(play_game, todo)
                while True:
                    if max_seconds is None:
                        r = next(it)
                    else:
                        left = max_seconds - (time.perf_counter() - t0)
                        if left <= 0:
                            break
                        r = it.next(timeout=left)
                    record(r, by_index[int(r["index"])])
            except (StopIteration, mp.TimeoutError):
                pass
            finally:
                pool.terminate()
                pool.join()
    finally:
        if out is not None:
            out.close()
        if progress and len(results) < len(tasks):
            sys.stderr.write("\n")
    results.sort(key=lambda r: int(r["index"]))
    return results


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[i]


def run_tournament(
    names: list[str], games: int, seed: int, jobs: int | None = None, progress: bool = True
) -> dict[str, Any]:
    labels = labels_for(names)
    n = len(names)
    tasks = []
    for i in range(games):
        rot = i % n
        order = list(range(rot, n)) + list(range(rot))  # seat k plays labels[order[k]]
        tasks.append((i, [labels[j] for j in order], [names[j] for j in order],
                      game_seed(seed, i)))
    results = run_games(tasks, jobs, progress)
    return summarize(labels, results)


def summarize(labels: list[str], results: list[dict[str, Any]]) -> dict[str, Any]:
    wins = {lb: 0.0 for lb in labels}
    scores: dict[str, list[int]] = {lb: [] for lb in labels}
    times: dict[str, list[float]] = {lb: [] for lb in labels}
    errors = [f"game {r['index']}: {r['error']}" for r in results if r["error"]]
    ok = [r for r in results if not r["error"]]
    for r in ok:
        for seat, lb in enumerate(r["labels"]):
            scores[lb].append(r["scores"][seat])
            times[lb].extend(r["times"][seat])
        for w in r["winners"]:
            wins[r["labels"][w]] += 1.0 / len(r["winners"])  # a shared win is split
    n = len(ok)
    bots: dict[str, Any] = {}
    for lb in labels:
        lo, hi = wilson(wins[lb], n)
        bots[lb] = {
            "wins": round(wins[lb], 2),
            "win_rate": round(wins[lb] / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(statistics.fmean(scores[lb]), 2) if scores[lb] else 0.0,
            "decision_ms_median": round(statistics.median(times[lb]), 2) if times[lb] else 0.0,
            "decision_ms_p99": round(_pct(times[lb], 0.99), 2),
            "decision_ms_max": round(max(times[lb]), 2) if times[lb] else 0.0,
            "decisions": len(times[lb]),
        }
    out: dict[str, Any] = {"games": len(results), "bots": bots}
    out["finished"] = n
    out["mean_turns"] = round(statistics.fmean(r["turns"] for r in ok), 2) if ok else 0.0
    if errors:
        out["errors"] = errors[:5]
    return out


def run_balance(
    games: int, seed: int, jobs: int | None = None, level: str = "hard",
    players: Iterable[int] = (2, 3, 4, 5), progress: bool = True,
    results_file: Path | None = None, max_seconds: float | None = None,
) -> dict[str, Any]:
    """Win rate by character and by seat position, same-level tables at each player count."""
    counts = list(players)
    tasks = []
    for i in range(games):
        n = counts[i % len(counts)]
        tasks.append((i, [f"{level}#{k + 1}" for k in range(n)], [level] * n,
                      game_seed(seed, i)))
    results = run_games(tasks, jobs, progress, results_file, max_seconds)
    out: dict[str, Any] = {"games": len(results), "planned": games, "level": level,
                           "tables": {}}
    for n in counts:
        rs = [r for r in results if len(r["labels"]) == n and not r["error"]]
        by_char: dict[str, list[float]] = {}
        by_seat = [[0.0, 0] for _ in range(n)]
        for r in rs:
            share = 1.0 / len(r["winners"])
            for seat, ch in enumerate(r["characters"]):
                w = share if seat in r["winners"] else 0.0
                by_char.setdefault(ch, [0.0, 0])
                by_char[ch][0] += w
                by_char[ch][1] += 1
                by_seat[seat][0] += w
                by_seat[seat][1] += 1
        out["tables"][str(n)] = {
            "games": len(rs),
            "by_character": {
                ch: {"games": int(v[1]), "wins": round(v[0], 2),
                     "win_rate": round(v[0] / v[1], 4) if v[1] else 0.0,
                     "ci95": [round(x, 4) for x in wilson(v[0], int(v[1]))]}
                for ch, v in sorted(by_char.items())
            },
            "by_seat": {
                str(k + 1): {"games": int(v[1]), "wins": round(v[0], 2),
                             "win_rate": round(v[0] / v[1], 4) if v[1] else 0.0,
                             "ci95": [round(x, 4) for x in wilson(v[0], int(v[1]))]}
                for k, v in enumerate(by_seat)
            },
            "expected_win_rate": round(1.0 / n, 4),
        }
    errors = [f"game {r['index']}: {r['error']}" for r in results if r["error"]]
    if errors:
        out["errors"] = errors[:5]
    return out


def balance_table(data: dict[str, Any], names: Callable[[str], str]) -> str:
    """The balance result as a plain-text table."""
    lines = [f"Balance: {data['games']} games, {data['level']} bots at every seat"]
    if data.get("planned", data["games"]) != data["games"]:
        lines[0] += f" ({data['planned']} planned; stopped early, rerun to resume)"
    for n, t in data["tables"].items():
        lines.append("")
        lines.append(f"{n} players: {t['games']} games (a fair share is "
                     f"{100 * t['expected_win_rate']:.0f}%)")
        lines.append(f"  {'character':<14}{'games':>7}{'wins':>8}{'win %':>8}   95% interval")
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

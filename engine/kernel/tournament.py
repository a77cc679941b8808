"""The tournament harness: seeded games between bots over several processes, for any game.

A task is (index, seat labels, bot names per seat, engine seed, modules); a worker plays one
task and returns a result dict with at least "index", "labels", "scores", "winners", "turns",
"times" (per seat, decision milliseconds) and "error". `run_games` runs tasks (resuming from a
results file, stopping after a time budget) and `summarize` turns results into win rates with
95% Wilson intervals, mean scores and decision times. A game's own entry points
(engine.tools.tournament, for every installed game) build the tasks and the worker.
"""

from __future__ import annotations

import json
import math
import multiprocessing as mp
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Task = tuple[Any, ...]  # (index, labels, bot names, seed[, modules])
Worker = Callable[[Task], dict[str, Any]]


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


def progress_bar(done: int, total: int, t0: float, resumed: int = 0) -> None:
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


def task_key(task: Task) -> list[Any]:
    """How a task is recorded in a results file (modules only when there are some, so files
    written before modules existed still match)."""
    key = [task[0], task[1], task[2], task[3]]
    if len(task) > 4 and task[4]:
        key.append(list(task[4]))
    return key


def load_results(path: Path, tasks: list[Task]) -> dict[int, dict[str, Any]]:
    """Finished games recorded in a results file (one JSON object per line) that belong to
    this run: same index, seats and engine seed. Other or damaged lines are ignored."""
    want = {t[0]: task_key(t) for t in tasks}
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
    tasks: list[Task], worker: Worker, jobs: int | None, progress: bool = True,
    results_file: Path | None = None, max_seconds: float | None = None,
) -> list[dict[str, Any]]:
    """Play the tasks with `worker` (a top-level function: processes are spawned). With
    `results_file`, games already recorded there are not replayed and each finished game is
    appended at once (an interrupted run resumes where it stopped). With `max_seconds`, no
    game is started after that and games still running are dropped: the result then covers
    the games finished so far."""
    jobs = jobs or mp.cpu_count()
    t0 = time.perf_counter()
    done = load_results(results_file, tasks) if results_file else {}
    results: list[dict[str, Any]] = list(done.values())
    todo = [t for t in tasks if t[0] not in done]
    out = results_file.open("a", encoding="utf-8") if results_file else None

    def record(r: dict[str, Any], task: Task) -> None:
        results.append(r)
        if out is not None:
            out.write(json.dumps({**r, "task": task_key(task)}) + "\n")
            out.flush()
        if progress:
            progress_bar(len(results), len(tasks), t0, len(done))

    by_index = {t[0]: t for t in todo}
    try:
        if jobs <= 1:
            for t in todo:
                if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
                    break
                record(worker(t), t)
        else:
            ctx = mp.get_context("spawn")
            pool = ctx.Pool(jobs)
            try:
                it = pool.imap_unordered(worker, todo)
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


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[i]


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
            "decision_ms_p99": round(pct(times[lb], 0.99), 2),
            "decision_ms_max": round(max(times[lb]), 2) if times[lb] else 0.0,
            "decisions": len(times[lb]),
        }
    out: dict[str, Any] = {"games": len(results), "bots": bots}
    out["finished"] = n
    out["mean_turns"] = round(statistics.fmean(r["turns"] for r in ok), 2) if ok else 0.0
    if errors:
        out["errors"] = errors[:5]
    return out

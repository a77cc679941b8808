"""The save fuzzer at scale (issues 10 and 27): mutants of real saves opened the way players open
them, each in a worker process of its own interpreter with a time and a memory limit.

    python bench/fuzz_saves.py [--mutants 20000] [--jobs 2] [--seed 1] [--json]
    python bench/fuzz_saves.py --in-process [--mutants 5000] [--table-every 10] [--no-verify]

Bases: the saves of tests/save_positions (every module mix at 2-5 seats, at each kind of rule
step and decision, at the start and the end, written by a long-running writer; `--long-bases N`
adds N more games per mix and seat count), the base game's random saves and the scenarios.
Mutants: tree changes, damaged bytes, and (`--twins`, 30% by default) twins equal to the save
under Python's == (1 -> 1.0 or true, keys in another order). Each mutant goes through the
engine's verified load (and 50 decisions), the save listing, the title menu's Continue (the
table drawn and played on by bots and the fuzzer), the Load screen drawn and its card clicked
(the table, or a finished game's results, drawn); every game that opened is saved again and
that save reopened in a fresh interpreter. Prints the counts per path and outcome, the time,
and every failure class with a repro file (the exit status is 1 on any failure: a crash, a
hang, a game that opened broken, a refusal carrying Python's text, a memory blow-up, a re-save
refused).

`--in-process` runs the older fuzzer of issue 10 (one process; the engine's loader and every
`--table-every`-th mutant through the table; `--no-verify` shows what the replay check
prevents).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.shell.app import App  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests import save_fuzz  # noqa: E402


def in_process(a: argparse.Namespace, work: Path) -> int:
    os.environ["AAC_HOME"] = str(work)
    app = None
    if a.table_every:
        app = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=False,
                  headless=True)
    t0 = time.perf_counter()
    bases = save_fuzz.base_saves(a.seed)
    t1 = time.perf_counter()

    def progress(i: int, name: str, out: save_fuzz.Outcome) -> None:
        if (i + 1) % 500 == 0:
            print(f"  {i + 1}/{a.mutants} mutants, {time.perf_counter() - t1:.0f} s",
                  file=sys.stderr)

    res = save_fuzz.run(bases, a.mutants, a.seed, work, app, a.table_every, progress,
                        verify=not a.no_verify)
    res["bases"] = len(bases)
    res["base_seconds"] = round(t1 - t0, 2)
    res["fuzz_seconds"] = round(time.perf_counter() - t1, 2)
    if app is not None:
        app.bot_worker.stop()
    if a.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"{a.mutants} mutants of {len(bases)} real saves in {res['fuzz_seconds']} s")
        for path in ("engine", "table"):
            c = res[path]
            print(f"  {path:6}: refused {c['refused']}, loaded and played on {c['loaded']}, "
                  f"crashed {c['crash']}, loaded broken {c['broken']}")
        for f in res["failures"]:
            print(f)
    return 1 if res["failure_count"] else 0


def fresh(a: argparse.Namespace, work: Path) -> int:
    t0 = time.perf_counter()
    bases = save_fuzz.module_bases(work, a.long_bases)
    if a.base_game:
        bases += save_fuzz.base_saves(a.seed, finished_random=True, bot_game=True)
    t1 = time.perf_counter()
    print(f"{len(bases)} bases ({sum(map(save_fuzz.is_module_base, (t for _, t in bases)))} "
          f"of module games) in {t1 - t0:.0f} s; failures kept in {work / 'failures'}",
          file=sys.stderr)
    last = [t1]

    def progress(n: int, res: save_fuzz.FreshRun) -> None:
        now = time.perf_counter()
        if n % 500 == 0 or now - last[0] > 300:
            last[0] = now
            print(f"  {n}/{a.mutants} mutants, {now - t1:.0f} s, "
                  f"{res.failure_count} failures", file=sys.stderr, flush=True)

    res = save_fuzz.fresh_run(bases, a.mutants, a.seed, work, a.jobs, a.timeout, a.mem_mb,
                              a.twins, report=progress)
    out = res.as_json()
    out["bases"] = len(bases)
    out["base_seconds"] = round(t1 - t0, 1)
    if a.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"{res.mutants} mutants ({res.module_mutants} of module saves, {res.twins} "
              f"twins equal under ==) of {len(bases)} real saves in {res.seconds:.0f} s "
              f"({a.jobs} workers, {res.worker_starts} worker starts)")
        for path, c in res.counts.items():
            print(f"  {path:14}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
        print(f"  failures: {res.failure_count} in {len(res.classes)} classes")
        for cls, (n, repro, what, detail) in out["classes"].items():
            print(f"    {n:5} x {cls}\n          repro {repro} ({what})\n          {detail}")
    return 1 if res.failure_count else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mutants", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes at once")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per mutant")
    ap.add_argument("--mem-mb", type=int, default=2048, help="each worker's address space")
    ap.add_argument("--twins", type=float, default=0.3,
                    help="the share of mutants equal to their save under ==")
    ap.add_argument("--long-bases", type=int, default=0,
                    help="more games per module mix and seat count for the bases")
    ap.add_argument("--base-game", action="store_true",
                    help="also the base game's random saves and the scenarios as bases")
    ap.add_argument("--in-process", action="store_true", help="the older one-process fuzzer")
    ap.add_argument("--table-every", type=int, default=10,
                    help="--in-process: also send every Nth mutant through the table")
    ap.add_argument("--no-verify", action="store_true",
                    help="--in-process: the engine path without the replay check")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="aac-fuzz-"))
    return in_process(a, work) if a.in_process else fresh(a, work)


if __name__ == "__main__":
    sys.exit(main())

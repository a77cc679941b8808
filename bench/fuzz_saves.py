"""The save fuzzer at scale (issue 10): mutants of real saves through the engine's loader and
the table's load path; every mutant must be refused with one sentence or load and play on.

    python bench/fuzz_saves.py [--mutants 5000] [--seed 1] [--table-every 10] [--json]

Prints the counts (refused / loaded / crash / broken) for each path and the first failures;
the exit status is 1 if any mutant crashed or loaded broken. `--no-verify` loads without the
replay check, to show what it prevents.
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mutants", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--table-every", type=int, default=10,
                    help="also send every Nth mutant through the table (0: never)")
    ap.add_argument("--no-verify", action="store_true",
                    help="engine path without the replay check (to see what it prevents)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="aac-fuzz-"))
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


if __name__ == "__main__":
    sys.exit(main())

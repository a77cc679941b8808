"""Idle cost of the game (issue 28, item 7): the share of one core the game's process uses
while nobody moves, at the title menu and at the table waiting for a person's click, in a
real window on an X display (a virtual one, Xvfb, is started when $DISPLAY is not set), beside
the same figure with redrawing forced on every frame (AAC_ALWAYS_REDRAW=1: how the game ran
before it slept when idle).

    python bench/idle_cpu.py [--seconds 15] [--size 1600x900] [--json]

Each case starts `python -m game` in its own process, lets it settle for a few seconds, then
reads the process's CPU time (user + system, /proc/<pid>/stat) over `--seconds`. Linux only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "saves" / "scenarios" / "aac" / "start-2p.json"  # a person decides first
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def measure(args: list[str], env: dict[str, str], settle: float, seconds: float) -> float:
    proc = subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(settle)
        if proc.poll() is not None:
            raise RuntimeError(f"the game ended early (exit {proc.returncode})")
        c0, t0 = cpu_seconds(proc.pid), time.perf_counter()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(proc.pid), time.perf_counter()
        return (c1 - c0) / (t1 - t0)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--settle", type=float, default=8.0)
    ap.add_argument("--size", default="1600x900")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    xvfb = None
    env = dict(os.environ)
    for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        env.pop(k, None)
    env["SDL_AUDIODRIVER"] = "dummy"  # no sound card here: the mixer would fail, not idle
    home = Path(tempfile.mkdtemp(prefix="aac-idle-"))
    env["AAC_HOME"] = str(home)
    if not env.get("DISPLAY"):
        if shutil.which("Xvfb") is None:
            print("idle_cpu: no $DISPLAY and no Xvfb (apt-get install xvfb)", file=sys.stderr)
            return 2
        w, h = a.size.split("x")
        xvfb = subprocess.Popen(["Xvfb", ":77", "-screen", "0", f"{w}x{h}x24", "-nolisten",
                                 "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        env["DISPLAY"] = ":77"
        time.sleep(1.5)
    cases = {"title menu": ["--size", a.size],
             "table, waiting for a person": ["--size", a.size, "--scenario", str(SCENARIO)]}
    out: dict[str, dict[str, float]] = {}
    try:
        for name, args in cases.items():
            row = {}
            for mode, extra in (("idle", {}), ("always redrawing", {"AAC_ALWAYS_REDRAW": "1"})):
                row[mode] = round(100 * measure(args, {**env, **extra}, a.settle, a.seconds), 1)
            out[name] = row
    finally:
        if xvfb is not None:
            xvfb.terminate()
        shutil.rmtree(home, ignore_errors=True)
    if a.json:
        print(json.dumps(out))
    else:
        print(f"share of one core over {a.seconds:.0f} s, {a.size}, a real window on "
              f"{'Xvfb' if xvfb else env['DISPLAY']}:")
        for name, row in out.items():
            print(f"  {name:<30} {row['idle']:5.1f}%   (always redrawing: "
                  f"{row['always redrawing']:5.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

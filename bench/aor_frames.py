"""Frame times of Age of Reason's table (issue 31): a seeded game of one person (a seeded hand
answering through the table's own controls) and three random bots, played at normal
animation speed with a bot's thinking pause, every frame drawn and timed. Frames are sorted
by what the table shows while they are drawn: the dice rolling in the tray, markers drawn
out of the bag, the end-of-turn scoring, a bot thinking (nothing moving but the "thinking"
spinner), and all of them. In the same run, the bare-blit baseline: the blits of sampled
frames replayed with no scene graph, no game and no bots (game.aac.headless's recorder);
the figures are each case's p95 over the baseline's.

    python bench/aor_frames.py [--size 1600x900] [--seed 7] [--json]
    python bench/aor_frames.py --idle [--seconds 15]   # idle CPU at the table, real window

--idle starts the table in its own process in a real window (on Xvfb when $DISPLAY is not
set), a person to decide, and reads that process's CPU time over --seconds: the share of one
core the table takes while nobody moves. Linux only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # (the --idle table opens its own window)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["AAC_HOME"] = tempfile.mkdtemp(prefix="aor-bench-")

import pygame  # noqa: E402

import game.games  # noqa: E402,F401  (every game's front end registers)
from engine.aor.api import AOR  # noqa: E402
from game.aac.headless import Blit, record_blits, summary  # noqa: E402
from game.aor.headless import answer  # noqa: E402
from game.aor.scenes.table import TableScene  # noqa: E402
from game.aor.session import AorSession  # noqa: E402
from game.shell import theme  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.registry import front_end  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402

CASES = ("dice", "bag", "scoring", "bots thinking")
IDLE_SCRIPT = """
import os, sys
sys.path.insert(0, {root!r})
import game.games
from engine.aor.api import AOR
from game.aor.session import AorSession
from game.shell.app import App
from game.shell.registry import front_end
from game.shell.settings import Settings
app = App(({w}, {h}), Settings(), persist=False)
app.choose_game(front_end(AOR.id))
app.start_session(AorSession.mid_game(5, 4, 40, humans=1))
app.run()
"""


def baseline(window: pygame.Surface, frames: list[list[Blit]], count: int,
             clock: Callable[[], float]) -> list[float]:
    """The bare-blit baseline (ms by `clock`): the recorded frames' blits replayed in turn
    onto the window (a clear, the blits, a flip: no scene graph, no game, no bots)."""
    out: list[float] = []
    for i in range(count):
        blits = frames[i % len(frames)]
        t0 = clock()
        window.fill(theme.BG_DARK)
        for src, dest, area, flags in blits:
            window.blit(src, dest, area, flags)
        pygame.display.flip()
        out.append((clock() - t0) * 1000)
    return out


def frames(size: tuple[int, int], seed: int, bot_delay: float,
           cpu: bool = False) -> dict[str, Any]:
    """`cpu`: each frame timed by this thread's CPU time, not the wall clock (on a machine
    shared with other work the wall clock mostly measures the waiting)."""
    clock = time.thread_time if cpu else time.perf_counter
    app = App(size, Settings(anim_speed=1.0, bot_delay=bot_delay), persist=False,
              headless=True)
    app.bot_worker.wait_ready(60.0)
    app.choose_game(front_end(AOR.id))
    seats = [SeatSpec(True, "Ada")] + [SeatSpec(False) for _ in range(3)]
    app.start_session(AorSession.new(seats, seed))
    t = app.scene
    assert isinstance(t, TableScene)
    batch: set[str] = set()  # the event kinds of the move playing now
    bot_decisions = [0]
    choose_many = t.choose_many

    def counted(ids: list[str]) -> None:
        d = t.pending
        if d is not None and not t.session.is_human(d.seat):
            bot_decisions[0] += 1
        choose_many(ids)

    t.choose_many = counted  # type: ignore[method-assign,assignment]
    animate = t.event_anim.animate

    def animate_noted(events: list[object]) -> None:
        batch.clear()
        batch.update(type(e).__name__ for e in events)
        animate(events)

    t.event_anim.animate = animate_noted  # type: ignore[method-assign,assignment]
    rng = random.Random(seed)
    times: dict[str, list[float]] = {c: [] for c in CASES}
    every: list[float] = []
    samples: list[Any] = []
    n = 0
    start = time.perf_counter()
    while app.scene is t and n < 60 * 60 * 20:
        answer(t, rng)
        d = t.pending
        busy = t.animator.busy
        t0 = clock()
        app.step(1 / 60)
        ms = (clock() - t0) * 1000
        every.append(ms)
        n += 1
        if busy and t.stage.fight is not None and t.stage.fight.roll is not None and \
                not t.stage.fight.roll.finished:
            times["dice"].append(ms)
        elif busy and "MarkersDrawn" in batch:
            times["bag"].append(ms)
        elif busy and "AreaScored" in batch:
            times["scoring"].append(ms)
        elif not busy and d is not None and not t.session.is_human(d.seat):
            times["bots thinking"].append(ms)
        if n % 97 == 0:
            samples.append(record_blits(app))
    elapsed = time.perf_counter() - start
    over = app.scene is not t
    history = t.game.history
    app.bot_worker.stop()
    base = summary(baseline(app.window, samples, max(600, len(samples)), clock))
    out: dict[str, Any] = {"size": f"{size[0]}x{size[1]}", "seed": seed,
                           "bot_delay_s": bot_delay, "game_over": over,
                           "clock": "thread CPU" if cpu else "wall",
                           "wall_s": round(elapsed, 1), "decisions": len(history),
                           "bot_decisions": bot_decisions[0], "all": summary(every),
                           "baseline": base}
    for c in CASES:
        s = summary(times[c])
        s["ratio_p95"] = round(s["p95_ms"] / base["p95_ms"], 2) if base["p95_ms"] else 0.0
        out[c] = s
    out["all"]["ratio_p95"] = round(out["all"]["p95_ms"] / base["p95_ms"], 2) \
        if base["p95_ms"] else 0.0
    return out


def cpu_seconds(pid: int) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick


def idle(size: tuple[int, int], settle: float, seconds: float) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["SDL_AUDIODRIVER"] = "dummy"
    home = Path(tempfile.mkdtemp(prefix="aor-idle-"))
    env["AAC_HOME"] = str(home)
    xvfb = None
    if not env.get("DISPLAY"):
        if shutil.which("Xvfb") is None:
            raise SystemExit("aor_frames --idle: no $DISPLAY and no Xvfb")
        xvfb = subprocess.Popen(["Xvfb", ":78", "-screen", "0", f"{size[0]}x{size[1]}x24",
                                 "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        env["DISPLAY"] = ":78"
        time.sleep(1.5)
    script = IDLE_SCRIPT.format(root=str(ROOT), w=size[0], h=size[1])
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(settle)
        if proc.poll() is not None:
            raise RuntimeError(f"the table ended early (exit {proc.returncode})")
        c0, t0 = cpu_seconds(proc.pid), time.perf_counter()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(proc.pid), time.perf_counter()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if xvfb is not None:
            xvfb.terminate()
        shutil.rmtree(home, ignore_errors=True)
    return {"size": f"{size[0]}x{size[1]}", "seconds": seconds,
            "idle_cpu_percent": round(100 * (c1 - c0) / (t1 - t0), 2)}


def report(out: dict[str, Any]) -> str:
    lines = [f"Age of Reason's table at {out['size']}, seed {out['seed']}, a person and three "
             f"random bots (thinking pause {out['bot_delay_s']} s), "
             f"{'a whole game' if out['game_over'] else 'stopped early'} in "
             f"{out['wall_s']} s ({out['decisions']} decisions, {out['bot_decisions']} by "
             f"bots), frames timed by the {out['clock']} clock:"]
    for name in ("all", *CASES, "baseline"):
        s = out[name]
        ratio = f"  p95 / baseline {s['ratio_p95']}x" if "ratio_p95" in s else ""
        lines.append(f"  {name:<15} {s['frames']:>6} frames  median {s['median_ms']:7.2f} ms  "
                     f"p95 {s['p95_ms']:7.2f} ms  max {s['max_ms']:7.2f} ms{ratio}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="1600x900")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bot-delay", type=float, default=Settings().bot_delay,
                    help="the bots' thinking pause (default: the game's Normal)")
    ap.add_argument("--cpu", action="store_true",
                    help="time frames by CPU time (for a machine busy with other work)")
    ap.add_argument("--idle", action="store_true")
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--settle", type=float, default=20.0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    w, h = (int(x) for x in a.size.split("x"))
    if a.idle:
        out = idle((w, h), a.settle, a.seconds)
        print(json.dumps(out) if a.json else
              f"idle CPU at Age of Reason's table ({out['size']}, a person to decide, "
              f"{out['seconds']:.0f} s): {out['idle_cpu_percent']}% of one core")
        return 0
    out = frames((w, h), a.seed, a.bot_delay, a.cpu)
    print(json.dumps(out) if a.json else report(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

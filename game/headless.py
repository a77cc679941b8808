"""Headless helpers: --screenshot and --bench-frames."""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import pygame

from game.session import SeatSpec, Session
from game.settings import Settings


def _headless_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def build_session(scenario: str | None, seed: int, players: int, moves: int,
                  humans: int = 1) -> Session | None:
    if scenario:
        return Session.load(Path(scenario))
    if moves > 0:
        return Session.mid_game(seed, players, moves, humans)
    return None


def screenshot(out: str, size: tuple[int, int], scenario: str | None, seed: int,
               players: int, moves: int) -> int:
    _headless_env()
    from game.app import App

    app = App(size, Settings(anim_speed=0.0), persist=False, headless=True)
    session = build_session(scenario, seed, players, moves)
    if session is not None:
        app.start_session(session)
    for _ in range(3):
        app.step(1 / 60)
    app.screenshot(out)
    app.bot_worker.stop()
    print(out)
    return 0


# --- the frame-time benchmark --------------------------------------------------------------------

Blit = tuple[pygame.Surface, Any, Any, int]


class BlitRecorder(pygame.Surface):
    """A window-sized surface that notes every blit drawn straight onto it (sprites, labels,
    cached layers), so the same blits can be replayed later without any of the logic. (The
    game draws with Surface.blit only; Surface.blits/fblits would not be noted.)"""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits_done: list[Blit] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        self.blits_done.append((source, _copy_pos(dest), _copy_pos(area), special_flags))
        return super().blit(source, dest, area, special_flags)


def _copy_pos(p: Any) -> Any:
    return p.copy() if isinstance(p, pygame.Rect) else p


def record_blits(app: Any) -> list[Blit]:
    """One frame of the current scene, drawn onto a recorder: the blits it made."""
    rec = BlitRecorder(app.window.get_size())
    app.render(rec)
    return rec.blits_done


def time_baseline(window: pygame.Surface, frames: list[list[Blit]], count: int,
                  fill: tuple[int, int, int]) -> list[float]:
    """Frame times (ms) of the bare-blit baseline: the recorded frames' blits replayed onto
    the window in turn (a clear, the blits, a flip: no scene graph, no game, no bots)."""
    times: list[float] = []
    for i in range(count):
        blits = frames[i % len(frames)]
        t0 = time.perf_counter()
        window.fill(fill)
        for src, dest, area, flags in blits:
            window.blit(src, dest, area, flags)
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def summary(times: list[float]) -> dict[str, float]:
    if not times:
        return {"frames": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    s = sorted(times)
    return {"frames": len(s), "median_ms": round(statistics.median(s), 3),
            "p95_ms": round(s[int(0.95 * (len(s) - 1))], 3), "max_ms": round(s[-1], 3)}


def bench_session(scenario: str | None, seed: int, players: int, moves: int, level: str,
                  humans: int) -> Session:
    """The benchmark's game: `humans` people (the first seats) and bots of `level`."""
    humans = max(0, min(humans, players))
    base = build_session(scenario, seed, players, moves, humans=humans)
    n = base.game.state.n if base is not None else players
    seats = [SeatSpec(human=i < humans, level=level) for i in range(n)]
    if base is None:
        return Session.new(seats, seed)
    return Session(base.game, seats, seed)


def bench(frames: int, size: tuple[int, int], scenario: str | None, seed: int, players: int,
          moves: int, as_json: bool, level: str = "random", humans: int = 0,
          realtime: bool = False, samples: int = 12) -> int:
    """Time `frames` frames of the table while bots of `level` play (the people's seats are
    played by a seeded random hand as soon as the table waits for them), then the bare-blit
    baseline: the blits of `samples` of those frames, replayed as many times. Prints the
    table's frame times (all frames, and those while a bot thinks), the baseline's and
    their ratio. With `realtime` the frames start 1/60 s apart, as in the game's own loop
    (which waits between frames, so a bot thinking in a thread of this process takes the
    interpreter then); each is timed from its start to its end, the wait excluded."""
    _headless_env()
    from game import theme
    from game.app import App

    app = App(size, Settings(anim_speed=1.0, bot_delay=0.0), persist=False, headless=True)
    t0 = time.perf_counter()
    app.bot_worker.wait_ready(60.0)  # as in the game, whose loop starts it with the menu
    ready_s = time.perf_counter() - t0
    session = bench_session(scenario, seed, players, moves, level, humans)
    app.start_session(session)
    person = random.Random(seed)
    worker = app.bot_worker
    times: list[float] = []
    thinking: list[float] = []
    recorded: list[list[Blit]] = []
    every = max(1, frames // max(1, samples))
    games, decisions = 1, 0
    period, due = 1 / 60, time.perf_counter()
    for i in range(frames):
        if realtime:
            due += period
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            else:
                due = now  # late: the next frame starts at once, as the game's clock does
        busy = worker.thinking
        t0 = time.perf_counter()
        app.step(1 / 60)
        ms = (time.perf_counter() - t0) * 1000
        times.append(ms)
        if busy and worker.thinking:  # a bot thought all through this frame
            thinking.append(ms)
        scene: Any = app.scene
        if i % every == every // 2:
            recorded.append(record_blits(app))
        if scene.__class__.__name__ == "ResultsScene":
            games += 1
            decisions += len(session.game.history)
            session = bench_session(None, seed + games, players, 0, level, humans)
            app.start_session(session)
            continue
        d = scene.pending
        if d is not None and session.is_human(d.seat) and not scene.animator.busy and \
                not scene.handoff.visible:
            scene.choose(person.choice(d.choices).id)
    error = worker.error
    worker.stop()
    base = time_baseline(app.window, recorded or [record_blits(app)], frames, theme.BG_DARK)
    table, base_s, think_s = summary(times), summary(base), summary(thinking)
    out: dict[str, Any] = {
        **table, "size": f"{size[0]}x{size[1]}", "level": level, "players": players,
        "humans": humans, "realtime": realtime,
        "decisions": decisions + len(session.game.history), "games": games,
        "while_bots_think": think_s, "baseline": base_s,
        "blits_per_frame": round(sum(map(len, recorded)) / max(1, len(recorded)), 1),
        "ratio_p95": round(table["p95_ms"] / base_s["p95_ms"], 2) if base_s["p95_ms"] else 0.0,
        "ratio_median": round(table["median_ms"] / base_s["median_ms"], 2)
        if base_s["median_ms"] else 0.0,
        "think_ratio_p95": round(think_s["p95_ms"] / base_s["p95_ms"], 2)
        if base_s["p95_ms"] else 0.0,
        "worker_ready_s": round(ready_s, 3), "bot_error": repr(error) if error is not None else "",
    }
    print(json.dumps(out) if as_json else _report(out))
    return 0


def _report(out: dict[str, Any]) -> str:
    def line(name: str, s: dict[str, Any]) -> str:
        return (f"  {name:<18} {s['frames']:>6} frames  median {s['median_ms']:7.2f} ms  "
                f"p95 {s['p95_ms']:7.2f} ms  max {s['max_ms']:7.2f} ms")

    lines = [f"frames at {out['size']}{' in real time' if out['realtime'] else ''}: "
             f"{out['players']} seats, {out['humans']} people, bots {out['level']} "
             f"({out['decisions']} decisions, {out['games']} game(s))",
             line("table", out), line("while bots think", out["while_bots_think"]),
             line("bare-blit baseline", out["baseline"]),
             f"  {out['blits_per_frame']} blits a frame; table / baseline: p95 "
             f"{out['ratio_p95']}x, median {out['ratio_median']}x; while bots think: p95 "
             f"{out['think_ratio_p95']}x"]
    if out["bot_error"]:
        lines.append(f"  a bot failed: {out['bot_error']}")
    return "\n".join(lines)

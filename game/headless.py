"""Headless helpers: --screenshot and --bench-frames."""

from __future__ import annotations

import json
import os
import statistics
import time

from game.session import Session
from game.settings import Settings


def _headless_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def build_session(scenario: str | None, seed: int, players: int, moves: int,
                  humans: int = 1) -> Session | None:
    if scenario:
        from pathlib import Path

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


def bench(frames: int, size: tuple[int, int], scenario: str | None, seed: int, players: int,
          moves: int, as_json: bool) -> int:
    _headless_env()
    from game.app import App

    app = App(size, Settings(anim_speed=1.0, bot_delay=0.0), persist=False, headless=True)
    session = build_session(scenario, seed, players, moves, humans=0)
    if session is None:
        session = Session.mid_game(seed, players, 0, humans=0)
    for k in session.seats:
        k.human = False
    session.bots = session.bots or {}
    from game.bot_worker import make_bot

    for i in range(len(session.seats)):
        session.bots.setdefault(i, make_bot("random", seed * 31 + i))
    app.start_session(session)
    times: list[float] = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
        if app.scene.__class__.__name__ == "ResultsScene":
            app.start_session(Session.mid_game(seed + 1, players, 0, humans=0))
    app.bot_worker.stop()
    times.sort()
    out = {"frames": frames, "median_ms": round(statistics.median(times), 3),
           "p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
           "max_ms": round(times[-1], 3)}
    print(json.dumps(out) if as_json else out)
    return 0

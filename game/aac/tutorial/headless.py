"""Headless runs of the tutorial: `python -m game --tutorial --autoplay` and
`--tutorial --screenshot OUT.png`."""

from __future__ import annotations

import os
import time

import pygame

from game.aac.scenes.results import ResultsScene
from game.aac.tutorial.runner import Tutorial
from game.aac.tutorial.script import LESSONS, scored_say
from game.shell.app import App
from game.shell.settings import Settings


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def autoplay(size: tuple[int, int] = (1280, 720), max_frames: int = 60_000,
             draw_every: int = 25) -> int:
    """`python -m game --tutorial --autoplay`: the whole tutorial, headless, clicked through
    by synthesized mouse events, then the game finished by easy bots. 0 when it reached the
    final scores."""
    _headless()
    app = App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    ok = False
    frames = 0
    lessons_seen: set[int] = set()
    try:
        for frames in range(1, max_frames + 1):
            app.step(1 / 60, draw=frames % draw_every == 0)
            lessons_seen.add(tut.lesson_i)
            if isinstance(app.scene, ResultsScene):
                ok = tut.finished
                break
            if tut.stuck:
                break
            if app.bot_worker.thinking:  # a bot thinks in its process: no frames to spend
                time.sleep(0.001)
    finally:
        app.bot_worker.stop()
    result = "finished" if ok else f"did not finish ({tut.stuck or 'out of frames'})"
    print(f"tutorial autoplay: {result}: lessons {len(lessons_seen)} of {len(LESSONS)}, "
          f"{frames} frames")
    return 0 if ok else 1


def scoring_step() -> tuple[int, int]:
    """(lesson, step) of the scoring lesson's "Section scored!": why the score changed."""
    for li, lesson in enumerate(LESSONS):
        for si, step in enumerate(lesson.steps):
            if step.say is scored_say:
                return li, si
    raise LookupError("the tutorial has no scoring step")


def reach(app: App, lesson: int = -1, step: int = 0) -> Tutorial:
    """Play the tutorial on `app` by autoplay up to a step (by default the scoring lesson's
    "Section scored!"), then stop clicking: the step waits on the screen."""
    if lesson < 0:
        lesson, step = scoring_step()
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    for _ in range(20000):
        cue = tut.cue
        if (tut.lesson_i, tut.step_i) >= (lesson, step) and cue is not None and \
                not cue.waiting:
            break
        if tut.stuck or tut.finished:
            break
        app.step(1 / 60, draw=False)
        if app.bot_worker.thinking:  # a bot thinks in its process: no frames to spend
            time.sleep(0.001)
    tut.autoplay = False
    pygame.event.clear()  # an autoplay click may still be queued
    for _ in range(3):
        app.step(1 / 60)
    return tut


def screenshot(out: str, size: tuple[int, int], lesson: int = -1, step: int = 0) -> int:
    """`python -m game --tutorial --screenshot OUT.png`: a step of the tutorial (by default
    the scoring lesson's "Section scored!"), reached headless by autoplay."""
    _headless()
    app = App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    try:
        reach(app, lesson, step)
        app.screenshot(out)
    finally:
        app.bot_worker.stop()
    print(out)
    return 0

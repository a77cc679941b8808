"""UI tests: whole games driven only by synthesized mouse events (SDL dummy driver)."""

from __future__ import annotations

import os
import random
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.layout import fit  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402

pytestmark = pytest.mark.app(size=(1280, 720))

def click(app: App, vx: float, vy: float) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def centre(node) -> tuple[float, float]:
    r = node.world_rect()
    return r.centerx, r.centery


def human_click(app: App, rng: random.Random | None = None) -> bool:
    """Click a highlighted target, a popup entry or a prompt button (the first one, or a
    seeded random one: always picking the first can loop forever, e.g. repositioning)."""
    t = app.scene
    if t.handoff.visible:
        click(app, 800, 450)
        return True
    if t.popup is not None:
        buttons = [b for b in t.popup.children if hasattr(b, "choice_id")]
        click(app, *centre(rng.choice(buttons) if rng else buttons[0]))
        return True
    options = [p for _, p in t.legal_points()]
    options += [centre(b) for b in t.prompt.buttons]
    if options:
        click(app, *(rng.choice(options) if rng else options[0]))
        return True
    return False


def test_full_game_human_vs_bot_by_mouse(app):
    session = Session.new([SeatSpec(True), SeatSpec(False)], seed=11)
    app.start_session(session)
    table = app.scene
    rng = random.Random(1)
    start = time.perf_counter()
    frames = 0
    while app.scene is table and time.perf_counter() - start < 60:
        d = session.game.pending
        if d is not None and session.is_human(d.seat) and not table.animator.busy:
            assert human_click(app, rng), f"nothing to click for {d.kind}: {d.prompt}"
        app.step(1 / 60, draw=frames % 500 == 0)
        frames += 1
    assert session.game.is_over
    assert type(app.scene).__name__ == "ResultsScene"
    app.step(1 / 60)  # draws the results
    assert len(app.scene.scores) == 2


def test_hot_seat_handoff_between_humans(app):
    app.settings.handoff_always = True  # not the default: only when something is private
    session = Session.new([SeatSpec(True), SeatSpec(True), SeatSpec(True)], seed=5)
    app.start_session(session)
    table = app.scene
    handoffs = []
    last_seat = None
    for _ in range(400):
        d = session.game.pending
        if table.handoff.visible:
            handoffs.append(table.handoff.seat)
            assert d is not None and table.handoff.seat == d.seat
            last_seat = d.seat
        elif d is not None and d.seat != last_seat and last_seat is not None:
            pytest.fail("a different human decided without the hand-off screen")
        if d is not None and not table.handoff.visible:
            last_seat = d.seat
        human_click(app)
        app.step(1 / 60, draw=False)
    assert len(set(handoffs)) >= 2
    app.step(1 / 60)


def test_random_input_raises_nothing(app):
    rng = random.Random(3)
    session = Session.new([SeatSpec(True), SeatSpec(False), SeatSpec(True)], seed=9)
    app.start_session(session)
    keys = [pygame.K_SPACE, pygame.K_l, pygame.K_ESCAPE, pygame.K_z, pygame.K_s, pygame.K_n,
            pygame.K_RETURN, pygame.K_a]
    for i in range(2500):
        r = rng.random()
        if r < 0.6:
            click(app, rng.uniform(0, 1600), rng.uniform(0, 900))
        elif r < 0.8:
            k = rng.choice(keys)
            mod = pygame.KMOD_CTRL if rng.random() < 0.3 else 0
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
        elif r < 0.82:
            app.settings.window_w, app.settings.window_h = rng.choice(
                [(1280, 720), (1600, 900), (1920, 1080)])
            app.apply_window()
        app.step(1 / 60, draw=i % 10 == 0)
        if not app.running:
            app.running = True

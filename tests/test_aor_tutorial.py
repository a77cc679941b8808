"""Age of Reason's guided first turn: opened from the title menu's Tutorial button, the coach
walks the learner through the bidding, an action box, an attack and the secret card as each
comes to them, never covering a place they must click, then offers to play on or leave."""

from __future__ import annotations

import random

import pygame
import pytest

from engine.aor.api import AOR
from game.aor.headless import answer
from game.aor.scenes.table import TableScene
from game.aor.tutorial import Coach
from game.shell.app import App
from game.shell.layout import fit
from game.shell.scenegraph import Button, Node
from game.shell.scenes.menu import MenuScene


def click(app: App, node: Node) -> None:
    r = node.world_rect()
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + r.centerx * s), round(oy + r.centery * s))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


@pytest.mark.app(game=AOR.id)
def test_the_tutorial_teaches_a_first_turn(app: App) -> None:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click(app, next(n for n in menu.walk() if isinstance(n, Button) and n.label == "Tutorial"))
    t = app.scene
    assert isinstance(t, TableScene)
    coach = t.tutorial
    assert isinstance(coach, Coach) and coach.visible
    rng = random.Random(1)
    order: list[str] = []
    for _ in range(20000):
        if coach.finished:
            break
        ls = coach.lesson
        if ls is not None and (not order or order[-1] != ls.id):
            order.append(ls.id)
            box = coach.world_rect()
            for target in t.hotspots.legal:  # the coach covers nothing to click
                for sp in t.hotspots.spots.get(target, []):
                    if t.hotspots.on_screen(sp) and not t.covered(sp):
                        assert not box.colliderect(sp.world_rect()), (ls.id, target)
        answer(t, rng)
        app.step(1 / 60, draw=False)
    assert coach.finished
    assert order[:3] == ["bid", "box", "attack"], order
    assert coach.lesson is not None and coach.lesson.id == "done"
    app.step(1 / 60)
    assert coach.leave.visible
    click(app, coach.leave)
    assert isinstance(app.scene, MenuScene)

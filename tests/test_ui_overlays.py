"""UI tests (issue 29 item 1): nothing covers the play area uninvited. While a person's
decision waits, no overlay (the recap, the status line, a tooltip, the launch hint, a
monument's card, another seat's device, the rule link, "Skip to your turn") covers a place
that answers it (a highlighted target, a sheet's tab, the prompt's buttons, a popup's
answers, a waiting plunger and its "Fire for me"); tooltips come after a hover delay, beside
what they explain, and go on a click. ("Fire for me" keeps one place: tests/test_ui_trapdoor.py.)"""

from __future__ import annotations

import random

import pygame
import pytest

from game.aac.session import AacSession as Session
from game.aac.table import clearance
from game.shell.app import TOOLTIP_DELAY, App
from game.shell.layout import fit
from game.shell.session import SeatSpec


def screen(app: App, vx: float, vy: float) -> tuple[int, int]:
    sc, ox, oy = fit(*app.window.get_size())
    return round(ox + vx * sc), round(oy + vy * sc)


def hover(app: App, vx: float, vy: float, seconds: float) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen(app, vx, vy),
                                         rel=(1, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    app.step(seconds)
    app.render()


def covered(t) -> list[str]:
    """Every (overlay, target) pair where the overlay covers the target now."""
    targets = clearance.targets(t)
    return [f"{what} covers {target}" for what, r in clearance.overlays(t)
            for target, tr in targets if r.colliderect(tr)]


def until_human(app: App, s: Session, frames: int = 3000) -> None:
    t = app.scene
    for _ in range(frames):
        d = s.game.pending
        if d is not None and s.is_human(d.seat) and not t.animator.busy:
            return
        app.step(1 / 60)
    raise AssertionError("no person's decision came")


@pytest.mark.parametrize("modules", [(), ("folklore", "pilgrimage")])
def test_no_overlay_covers_a_target_while_a_decision_waits(app, modules):
    """A person plays against two bots (random answers, the recap and the status line
    showing as they come): at every decision, no overlay covers a target, and a tooltip
    over a target (after the hover delay) covers neither it nor, where the room allows,
    any other."""
    s = Session.new([SeatSpec(True)] + [SeatSpec(False, "easy")] * 2, seed=11,
                    modules=modules)
    app.start_session(s)
    t = app.scene
    rng = random.Random(5)
    problems: list[str] = []
    recaps = 0
    for n in range(30):
        if s.game.is_over:
            break
        until_human(app, s)
        app.render()
        targets = clearance.targets(t)
        assert targets, "a person decides: something answers it"
        recaps += bool(t.recap_card.visible and t.recap_card.lines)
        problems += [f"decision {n} ({s.game.pending.kind}): {p}" for p in covered(t)]
        if n % 4 == 0:  # point at a target: its tooltip comes after the delay, beside it
            what, r = rng.choice(targets)
            hover(app, r.centerx, r.centery, TOOLTIP_DELAY + 0.1)
            if app.tip_rect is not None:
                assert not app.tip_rect.colliderect(r), f"the tooltip covers {what}"
                problems += [f"decision {n}: {p}" for p in covered(t)
                             if p.startswith("a tooltip")]
        t.choose(rng.choice(s.game.pending.choices).id)
        app.step(1 / 60)
    assert recaps, "the recap showed at some decision (the test saw it)"
    assert not problems, "\n".join(problems)


@pytest.mark.app(anim_speed=1.0)
def test_the_recap_stays_beside_the_board(app):
    """The recap is a strip in the right column, under the seats' rows: never over the map
    or the device."""
    s = Session.new([SeatSpec(True), SeatSpec(False, "easy")], seed=11)
    app.start_session(s)
    t = app.scene
    rng = random.Random(2)
    for _ in range(400):
        until_human(app, s, 6000)
        if t.recap_card.visible and t.recap_card.lines:
            break
        t.choose(rng.choice(s.game.pending.choices).id)
    assert t.recap_card.visible
    card = t.recap_card.world_rect()
    assert not card.colliderect(t.board.world_rect())
    assert not card.colliderect(t.device.world_rect())
    assert not card.colliderect(t.prompt.world_rect())


def test_a_tooltip_waits_for_the_hover_delay_and_goes_on_click(app):
    s = Session.mid_game(4, 2, 40, humans=2)
    app.start_session(s)
    t = app.scene
    app.step(1 / 60)
    b = t.topbar.hint_button.world_rect()
    hover(app, b.centerx, b.centery, TOOLTIP_DELAY / 2)
    assert app.tip_rect is None  # not at once
    app.step(TOOLTIP_DELAY)
    app.render()
    assert app.tip_rect is not None and not app.tip_rect.colliderect(b)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen(app, 5, 5),
                                         button=3))  # a click anywhere
    app.step(1 / 60)
    app.step(1.0)
    app.render()
    assert app.tip_rect is None  # gone until the pointer moves again
    hover(app, b.centerx + 1, b.centery, TOOLTIP_DELAY + 0.1)
    assert app.tip_rect is not None

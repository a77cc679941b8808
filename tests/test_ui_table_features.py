"""UI tests: the display model walks forward event by event, hover help everywhere, device
overlays on hover, the scrolling log, the hand-off setting, undo reasons, cached layers."""

from __future__ import annotations

import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac import events as ev  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.layout import fit  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.test_ui_game import click, human_click  # noqa: E402

pytestmark = pytest.mark.app(anim_speed=1.0)

def move_mouse(app: App, vx: float, vy: float) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))


def test_tokens_leave_their_source_before_they_land(app):
    """Batches with a token flying out of an exhausted pool: once that flight starts the
    shown pool has one token fewer while the batch is still animating; at the end the table
    shows the engine's state."""
    s = Session.mid_game(5, 2, 0, humans=0)
    app.start_session(s)
    t = app.scene
    rng = random.Random(5)
    seen = False
    for _ in range(3000):
        d = s.game.pending
        if d is None or seen:
            break
        before = t.shown.clone()
        t.choose(rng.choice(d.choices).id)
        first = next((e for e in s._last_events if isinstance(e, ev.TokenMoved)
                      and e.src == "exhausted"), None)
        if first is not None and t.animator.busy:
            ty = ("compass", "rose", "magnet", "wild").index(first.etype)
            for _ in range(6):  # the first flight starts at once
                t.animator.update(1 / 60)
            p0, p1 = before.players[first.owner], t.shown.players[first.owner]
            seen = p1.exhausted[ty] < p0.exhausted[ty] and t.animator.busy
        t.animator.skip()
        assert not t.animator.busy
        assert t.shown.players == s.game.state.players
    assert seen, "no batch moved a token out of an exhausted pool"


@pytest.fixture(autouse=True)
def _record_events(monkeypatch):
    orig = Session.apply

    def apply(self, choice_id):
        events = orig(self, choice_id)
        self._last_events = events
        return events

    monkeypatch.setattr(Session, "apply", apply)


def test_every_table_element_explains_itself(app):
    s = Session.mid_game(7, 3, 300, humans=1)
    app.start_session(s)
    t = app.scene
    app.step(1 / 60)
    tips: dict[str, str] = {}
    for view in (t.board, t.device, t.seats, t.topbar):
        for n in view.children:
            if isinstance(n, Hotspot):
                tip = t.tooltip_for(n)
                assert tip.strip(), f"no tooltip for {n.target}"
                tips[n.target] = tip
    act = next(v for k, v in tips.items() if k.startswith("action:"))
    assert any(a.text in act for a in s.rules.action_tokens.values())
    energy = tips["exhausted:compass"]
    assert "Compass" in energy and "When activated" in energy
    assert any(k.startswith("power:") and "Power" in v for k, v in tips.items())
    assert any(k.startswith("bonus:") and "Bonus tile" in v for k, v in tips.items())
    assert any(k.startswith("patron:") and "Take it" in v for k, v in tips.items())
    assert any(k.startswith("achievement:") for k in tips)
    bridges = [sid for sid, v in t.shown.bridges.items() if v.startswith("n:")]
    if bridges:
        assert "Crossing it" in tips[bridges[0]]
    assert "Not now" not in tips["info:channel"]


def test_hovering_a_seat_row_opens_its_device(app):
    s = Session.mid_game(7, 3, 200, humans=1)
    app.start_session(s)
    t = app.scene
    other = next(i for i in range(3) if i != t.device.seat)
    rh = t.seats.row_h()
    move_mouse(app, t.seats.x + 300, t.seats.y + other * rh + rh / 2)
    for _ in range(20):
        app.step(1 / 60)
    assert t.overlay_seat == other
    move_mouse(app, 400, 400)
    app.step(1 / 60)
    assert t.overlay_seat == -1


def test_log_scrolls_with_the_wheel(app):
    s = Session.mid_game(7, 2, 400, humans=1)
    app.start_session(s)
    t = app.scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0))
    for _ in range(20):
        app.step(1 / 60)
    assert t.log_drawer.visible and t.log_drawer.x < 1600 - 500
    move_mouse(app, 1400, 500)
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    app.step(1 / 60)
    assert t.log_drawer.scroll == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5))
    app.step(1 / 60)
    assert t.log_drawer.scroll == 0


def _handoffs(app: App, session: Session, steps: int = 150) -> int:
    app.start_session(session)
    t = app.scene
    t.animator.speed = 0
    app.settings.anim_speed = 0.0
    n = 0
    for _ in range(steps):
        if t.handoff.visible:
            n += 1
        human_click(app)
        app.step(1 / 60, draw=False)
        if app.scene is not t:
            break
    return n


def test_handoff_only_when_private_if_so_set(app):
    app.settings.handoff_always = False
    assert _handoffs(app, Session.new([SeatSpec(True), SeatSpec(True)], seed=3)) == 0
    expert = Session.new([SeatSpec(True), SeatSpec(True)], seed=3, expert_loading=True)
    if expert.game.state.turn == 0:
        assert _handoffs(app, expert) >= 1
    app.settings.handoff_always = True
    assert _handoffs(app, Session.new([SeatSpec(True), SeatSpec(True)], seed=3)) >= 1


def test_secret_loading_hides_other_devices(app):
    s = Session.new([SeatSpec(True), SeatSpec(True)], seed=4, expert_loading=True)
    app.start_session(s)
    t = app.scene
    if s.game.state.turn != 0:
        pytest.skip("no secret loading decision in this setup")
    d = s.game.pending
    assert t.hidden_seats() == frozenset({1 - d.seat})
    t.peek(1 - d.seat)
    assert t.peek_seat == -1 and "secret" in t.message


def test_undo_says_why_not(app):
    s = Session.new([SeatSpec(True), SeatSpec(False)], seed=11)
    app.start_session(s)
    t = app.scene
    app.settings.anim_speed = 0.0
    t.undo()
    assert t.message.startswith("Cannot undo:") and len(t.message) > 15
    for _ in range(50):  # make a decision of our own, then undo it
        d = s.game.pending
        if d is not None and s.is_human(d.seat) and len(d.choices) > 1:
            break
        app.step(1 / 60, draw=False)
    n = len(s.game.history)
    human_click(app)
    app.step(1 / 60, draw=False)
    if len(s.game.history) == n + 1 and s.game.can_undo:
        click(app, *t.topbar.undo_button.world_rect().center)
        app.step(1 / 60)
        assert len(s.game.history) == n and t.message.startswith("Undone")


def test_layers_redraw_only_what_changed(app):
    s = Session.mid_game(7, 3, 100, humans=1)
    app.start_session(s)
    t = app.scene
    app.step(1 / 60)
    drawn: list[str] = []
    orig = t.layers._draw_layer
    t.layers._draw_layer = lambda name, c: (drawn.append(name), orig(name, c))
    for _ in range(10):
        app.step(1 / 60)
    assert drawn == []
    t.shown.players[0].reserve[0] += 1
    t.rev += 1
    app.step(1 / 60)
    assert "board:reserves" in drawn and "board:map" not in drawn


def right_click(app: App, vx: float, vy: float) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))


def test_right_click_and_esc_cancel_a_half_made_pick(app):
    """Issue 5: right-click or Esc backs out of a multi-step pick when the engine allows undo
    (here: 'Actions' then a reposition source, then cancel back to the source choice)."""
    from engine.aac.state import state_to_dict

    app.settings.handoff_always = False  # nothing private: no hand-off screens in the way
    s = Session.new([SeatSpec(True), SeatSpec(True)], seed=11)
    app.start_session(s)
    app.settings.anim_speed = 0.0
    t = app.scene
    g = s.game
    for _ in range(10):  # through the setup facings
        d = g.pending
        if d is not None and d.kind == "turn_type":
            break
        assert d is not None
        t.choose(d.choices[0].id)
        app.step(1 / 60, draw=False)
    d = g.pending
    assert d is not None and d.kind == "turn_type"
    before = state_to_dict(g.state)
    t.choose("actions")
    for _ in range(5):
        app.step(1 / 60, draw=False)
    assert g.pending.kind == "action" and g.can_undo
    right_click(app, 400, 400)
    for _ in range(3):
        app.step(1 / 60, draw=False)
    assert state_to_dict(g.state) == before and g.pending.kind == "turn_type", t.message
    t.choose("actions")
    first = next(c.id for c in g.pending.choices if c.id.startswith("act:"))
    t.choose(first)
    for _ in range(5):
        app.step(1 / 60, draw=False)
    if t.in_multi_step_pick():
        kind = g.pending.kind
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        for _ in range(3):
            app.step(1 / 60, draw=False)
        assert g.pending.kind != kind or t.message.startswith("Undone")

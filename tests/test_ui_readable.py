"""UI tests (issue 11, "readable at every size" and the small faults): tooltips vanish when
their node goes or a popup opens, the status line fades, the turn marker follows the deciding
seat, each movement choice has its own icon, one click on an energy type picks it."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import GameConfig, new_game  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402
from engine.kernel.decisions import Choice  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.prompt_bar import choice_icon  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.test_ui_table_features import move_mouse  # noqa: E402


def session_at(kind: str, seed: int = 1, players: int = 2) -> Session:
    """A game run by random choices to the first decision of `kind`, seat 0 human there."""
    g = new_game(GameConfig(players=players, seed=seed))
    bot = RandomBot(seed)
    for _ in range(5000):
        d = g.pending
        assert d is not None
        if d.kind == kind:
            break
        g.choose(bot.choose(None, d))
    else:
        raise AssertionError(f"no {kind} decision")
    seats = [SeatSpec(human=i == g.pending.seat) for i in range(players)]
    return Session(g, seats, 1)


def test_a_tooltip_goes_when_its_node_goes(app):
    s = Session.new([SeatSpec(True), SeatSpec(False)], seed=3)
    app.start_session(s)
    t = app.scene
    btn = t.topbar.undo_button
    r = btn.world_rect()
    move_mouse(app, r.centerx, r.centery)
    app.step(0.5)
    assert app.hovered is btn
    btn.visible = False  # gone from the screen while the mouse stands still
    app.step(1 / 60)
    assert app.hovered is not btn


def test_no_tooltip_over_an_open_popup(app):
    s = Session.new([SeatSpec(True), SeatSpec(False)], seed=3)
    app.start_session(s)
    t = app.scene
    d = s.game.pending
    t.open_popup(300, 300, list(d.choices))
    # a point on the board far from the popup: nothing answers while it is open
    assert t.hover_node(600, 800) is None
    pr = t.popup.world_rect()
    inside = t.hover_node(pr.centerx, pr.y + 40)
    assert inside is None or inside is t.popup or inside.parent is t.popup


def test_the_status_line_fades(app):
    s = Session.new([SeatSpec(True), SeatSpec(False)], seed=3)
    app.start_session(s)
    t = app.scene
    t.message = "Cannot undo: this is the start of the turn."
    assert t.toast.alpha() == 1.0
    t.clock += 5.5
    assert 0 < t.toast.alpha() < 1
    t.clock += 2
    assert t.toast.alpha() == 0.0


def test_the_turn_marker_follows_the_deciding_seat(app):
    """R3.5: in set-up every seat chooses its facing; the marker is on that seat, not on
    the start player."""
    for seed in range(1, 30):
        g = new_game(GameConfig(players=3, seed=seed))
        bot = RandomBot(seed)
        g.choose(bot.choose(None, g.pending))
        if g.pending.kind == "choose_facing" and g.pending.seat != g.state.active:
            break
    else:
        pytest.skip("no seed where the facing seat differs from the start player")
    s = Session(g, [SeatSpec(True)] * 3, 1)
    app.start_session(s)
    t = app.scene
    assert t.deciding_seat() == g.pending.seat != g.state.active


def test_each_movement_choice_has_its_own_icon() -> None:
    icons = [choice_icon(Choice("opt:0:move_character", "move your character up to 2")),
             choice_icon(Choice("opt:1:move_track", "Monument Track 1 step")),
             choice_icon(Choice("opt:2:move_track", "Pillar Track 1 step"))]
    assert icons == ["boot", "castle", "pillar"]


def test_one_click_on_an_energy_type_picks_it(app):
    s = session_at("load_slot")
    app.start_session(s)
    t = app.scene
    app.step(1 / 60)
    d = s.game.pending
    typed = [k for k in t.legal if k.startswith(("exhausted:", "shop:", "reserve:"))]
    assert typed, t.legal.keys()
    key = typed[0]
    assert len(t.legal[key]) == 1
    want = t.legal[key][0].id
    assert key.split(":")[1] in want  # the cell of the type the choice moves
    r = t.spots[key][0].world_rect()
    t.click(r.centerx, r.centery, 1)
    assert t.popup is None  # no "which type?" popup
    assert s.game.history[-1] == want
    assert len(d.choices) > 1  # there was a real choice of types

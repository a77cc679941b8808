"""UI tests: scene flow by mouse, popups for shared targets, hover help, queued input."""

from __future__ import annotations

import os

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402


def button(app: App, label: str) -> Button:
    for n in app.scene.walk():
        if isinstance(n, Button) and n.label.startswith(label):
            return n
    raise AssertionError(f"no button {label!r} in {type(app.scene).__name__}")


def press(app: App, label: str) -> None:
    click(app, *centre(button(app, label)))
    app.step(1 / 60)


def test_menu_to_table_by_mouse(app):
    app.step(1 / 60)
    assert type(app.scene).__name__ == "MenuScene"
    press(app, "Settings")
    assert type(app.scene).__name__ == "SettingsScene"
    press(app, "Back")
    press(app, "New game")
    assert type(app.scene).__name__ == "SetupScene"
    press(app, "+ seat")
    assert len(app.scene.seats) == 3
    press(app, "Start the game")
    assert type(app.scene).__name__ == "TableScene"
    assert app.scene.session.game.state.n == 3
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step(1 / 60)
    assert type(app.scene).__name__ == "PauseScene"
    press(app, "Resume")
    assert type(app.scene).__name__ == "TableScene"


def _table_at(app: App, kind: str, seed: int = 2):
    """A 2-human table played (by the engine) until a decision of `kind` with a target
    shared by several choices."""
    import random

    s = Session.new([SeatSpec(True), SeatSpec(True)], seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        d = s.game.pending
        if d.kind == kind:
            break
        s.apply(rng.choice(d.choices).id)
    app.start_session(s)
    t = app.scene
    app.step(1 / 60)
    if t.handoff.visible:
        click(app, 800, 450)
        app.step(1 / 60)
    return t


def test_shared_target_opens_popup(app):
    t = _table_at(app, "load_slot")
    d = t.session.game.pending
    assert d.kind == "load_slot"
    shared = [k for k, v in t.legal.items() if len(v) > 1]
    assert shared
    target = shared[0]
    pt = dict(t.legal_points())[target]
    click(app, *pt)
    app.step(1 / 60)
    assert t.popup is not None
    entries = [b for b in t.popup.children if hasattr(b, "choice_id")]
    assert {b.choice_id for b in entries} == {c.id for c in t.legal[target]}
    before = len(t.session.game.history)
    click(app, *centre(entries[0]))
    app.step(1 / 60)
    assert len(t.session.game.history) == before + 1
    assert t.popup is None


def test_hover_explains_why_not(app):
    t = _table_at(app, "turn_type")
    d = t.session.game.pending
    assert d.kind == "turn_type"  # answered by prompt buttons: nothing on the board is legal
    assert t.prompt.buttons
    spot = next(n for n in t.board.children if isinstance(n, Hotspot)
                and n.target.startswith("pool_slot"))
    text = t.tooltip_for(spot)
    assert "Not now" in text and "Claim" in text
    pos = centre(spot)
    s = app.window.get_size()
    assert s == (1600, 900)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(0.5)
    app.step(0.5)
    assert app.hovered is spot


def test_input_during_animation_is_queued(app):
    app.settings.anim_speed = 1.0
    t = _table_at(app, "turn_type")
    t.animator.speed = 1.0
    press(app, "Advance")  # first answer starts animations (or not), then more input
    for _ in range(3):
        if t.animator.busy:
            break
        btns = t.prompt.buttons
        pts = t.legal_points()
        if pts:
            click(app, *pts[0][1])
        elif btns:
            click(app, *centre(btns[0]))
        app.step(1 / 60)
    if t.animator.busy:
        n = len(t.session.game.history)
        click(app, 10, 10)
        app.step(1 / 60)
        assert t.driver.queued or not t.animator.busy
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        app.step(1 / 60)
        assert not t.animator.busy
        assert len(t.session.game.history) >= n


def test_save_and_undo_seams(app, tmp_path):
    t = _table_at(app, "load_slot")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL))
    app.step(1 / 60)
    saves = [p for p in (tmp_path / "saves").glob("save-*.json")
             if not p.name.endswith(".seats.json")]
    assert saves
    loaded = Session.load(saves[0])
    assert loaded.game.pending.kind == t.session.game.pending.kind
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL))
    app.step(1 / 60)
    assert t.message


def test_results_scene_draws(app):
    import random

    s = Session.new([SeatSpec(False), SeatSpec(False)], seed=4)
    rng = random.Random(0)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.pending.choices).id)
    app.show_results(s)
    app.step(1 / 60)
    assert "win" in app.scene.winner_text()

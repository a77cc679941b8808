"""The table's hint (H / the Hint button, game.table.hints): a person asks what the hard bot
would do now; the answer comes in one line of words while the table keeps drawing, and the
game never changes. Off with several people at the table unless the setting is on; nothing
for a bot's decision."""

from __future__ import annotations

import os
import re
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.game import Game  # noqa: E402
from game.aac.scenes.table import TableScene  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.layout import RIGHT_W  # noqa: E402
from game.shell.scenegraph import fit_text  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402

ID_LIKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")


pytestmark = pytest.mark.app(size=(1280, 720))

def digest(g: Game) -> tuple[object, ...]:
    d = g.pending
    return (g.state.to_plain(), tuple(g.history), d.ids() if d else None)


def start(app: App, humans: tuple[bool, ...], seed: int = 4) -> TableScene:
    s = Session.new([SeatSpec(h, level="easy") for h in humans], seed)
    app.start_session(s)
    for _ in range(3):
        app.step(1 / 60)
    t = app.scene
    assert isinstance(t, TableScene)
    for _ in range(600):  # up to the first person's decision (the bots move first, maybe)
        d = t.pending
        if d is not None and s.is_human(d.seat) and not t.animator.busy:
            break
        app.step(1 / 60)
    return t


def wait_hint(app: App, t: TableScene, limit: float = 60.0) -> None:
    """Frames go on while the hint is thought of (a safety bound, not a speed check)."""
    end = time.monotonic() + limit
    while t.hints.thinking and time.monotonic() < end:
        app.step(1 / 60)
        time.sleep(0.005)
    app.step(1 / 60)


def test_h_shows_the_hard_bots_move_in_words_and_the_game_is_unchanged(app: App) -> None:
    t = start(app, (True, False))
    before = digest(t.game)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
    app.step(1 / 60)
    assert t.message == "Thinking of a hint…" or t.message.startswith("Hint: ")
    wait_hint(app, t)
    assert t.message.startswith("Hint: "), t.message
    assert not ID_LIKE.search(t.message), t.message
    h = t.hints.shown
    assert h is not None and t.pending is not None and t.pending.find(h.choices[0]) is not None
    assert digest(t.game) == before  # the hint never changes the game
    assert t.message in t.session.log  # the log keeps it
    app.render()
    t.choose(t.pending.choices[0].id)  # the decision moves on: the hint is dropped
    app.step(1 / 60)
    assert t.hints.shown is None


def test_the_hint_button_asks_too_and_a_second_ask_waits(app: App) -> None:
    t = start(app, (True, False))
    click(app, *centre(t.topbar.hint_button))
    app.step(1 / 60)
    if t.hints.thinking:
        t.hint()
        assert t.message == "No hint: a hint is being thought of."
    wait_hint(app, t)
    assert t.message.startswith("Hint: ")


def test_hot_seat_hints_are_off_unless_the_setting_is_on(app: App) -> None:
    t = start(app, (True, True))
    before = digest(t.game)
    t.hint()
    assert t.message.startswith("No hint: hints are off with several people")
    assert not t.hints.thinking and digest(t.game) == before
    app.settings.hints_hot_seat = True
    t.hint()
    wait_hint(app, t)
    assert t.message.startswith("Hint: ")
    assert digest(t.game) == before


def test_the_reason_stays_in_the_prompt_bar_on_one_line(app: App) -> None:
    """While the decision waits, the prompt bar's second line says "Hint: <reason>" and fits
    its line uncut at every window size (no smaller type either); once answered, it goes."""
    t = start(app, (True, False))
    t.hint()
    wait_hint(app, t)
    h = t.hints.shown
    assert h is not None
    assert t.prompt.detail == f"Hint: {h.reason}"
    room = RIGHT_W - 30
    for scale in (0.8, 1.0, 1.2):  # 1280x720, 1600x900, 1920x1080
        px = round(12 * scale)
        text, size, cut = fit_text(t.prompt.detail, px, round(room * scale), False)
        assert not cut and size == px, (scale, t.prompt.detail)
    t.choose(t.pending.choices[0].id)
    app.step(1 / 60)
    assert not t.prompt.detail.startswith("Hint:")

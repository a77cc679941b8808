"""Every text of every scene fits its box at 1280x720 and 1600x900 (issue 11): nothing cut
short, nothing drawn outside the node (or cached table layer) that drew it or outside the
window. Scenes: title, set-up (2 and 5 seats), settings, load (with saves), pause, the
leave question, the table at 2-5 seats (mid-game, a choice popup, the log drawer, the recap
card, the hand-off screen, tooltips of its things) and the results."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist.io import load_game  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.dirs import saves_dir  # noqa: E402
from game.shell.scenes.confirm import LEAVE_TEXT, ConfirmScene  # noqa: E402
from game.shell.scenes.load import LoadScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.layout_scan import scan, walk  # noqa: E402
from tests.test_ui_memory import LAST_ROUND  # noqa: E402

SIZES = [(1280, 720), (1600, 900)]


# the shared app fixture (tests/conftest.py) at each size
pytestmark = pytest.mark.parametrize("app", SIZES, indirect=True,
                                     ids=lambda s: f"{s[0]}x{s[1]}")


def check(app: App, what: str, **kw) -> None:
    problems = scan(app, **kw)
    assert not problems, f"{what} at {app.window.get_size()}:\n" + "\n".join(problems)


def test_title_setup_settings_fit(app):
    check(app, "title menu")
    app.open_setup()
    check(app, "set-up, 2 seats")
    for _ in range(3):
        app.scene.add_seat()
    check(app, "set-up, 5 seats")
    app.open_settings()
    check(app, "settings")


def test_load_screen_fits(app):
    for i, n in enumerate((2, 3, 5)):
        s = Session.mid_game(20 + i, n, 120)
        s.save(saves_dir() / f"save-{i}.json")
    app.set_scene(LoadScene(app))
    check(app, "load screen")
    for tab in ("finished", "scenarios"):
        app.scene.show_tab(tab)
        check(app, f"load screen, {tab}")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_table_fits(app, players):
    s = Session.mid_game(30 + players, players, 250)
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    check(app, "table")
    # the tooltip of every thing on the table, as a player hovering it sees it
    seen = set()
    for node in walk(t):
        if not isinstance(node, Hotspot) or node.target in seen or not t.on_screen(node):
            continue
        seen.add(node.target)
        r = node.world_rect()
        check(app, f"tooltip of {node.target}", tooltip_at=(r.centerx, r.centery))
    d = s.game.pending
    if d is not None and len(d.choices) > 1:
        t.open_popup(400, 400, list(d.choices))
        check(app, "choice popup")
        t.close_popup()
    t.toggle_log()
    for _ in range(30):
        app.step(1 / 60)
    check(app, "log drawer")
    t.toggle_log()
    t.message = ("Cannot undo: this is the start of the turn, and undo never crosses "
                 "another seat's decisions.")
    check(app, "status line")


def test_recap_handoff_and_leave_question_fit(app):
    s = Session.new([SeatSpec(True), SeatSpec(True), SeatSpec(False, "easy")], seed=11)
    app.settings.handoff_always = True
    app.start_session(s)
    t = app.scene
    rng = random.Random(2)
    for _ in range(6000):
        d = s.game.pending
        if t.handoff.visible:
            check(app, "hand-off screen")
            t.handoff.on_click(1, 1, 1)
        if d is not None and s.is_human(d.seat) and not t.animator.busy:
            if s.game.state.turn >= 6 and t.recap_showing():
                break
            t.choose(rng.choice(d.choices).id)
        app.step(1 / 60)
    app.step(1 / 60)
    assert t.recap_card.visible
    check(app, "recap card")
    app.push(ConfirmScene(app, LEAVE_TEXT, "Leave", "Stay", app.open_menu, None))
    check(app, "leave question")
    app.back()
    assert app.scene is t
    app.open_pause_menu(t)
    check(app, "pause menu")


def test_results_fit(app):
    s = Session(load_game(LAST_ROUND), [SeatSpec(False, "random")] * 4, 1)
    app.start_session(s)
    for _ in range(20000):
        app.step(1 / 60)
        if type(app.scene).__name__ == "ResultsScene":
            break
    app.step(1 / 60)
    check(app, "results")


def test_every_question_fits_the_prompt_bar(app):
    """The prompt bar at each kind of decision a seeded 3-player game reaches (long questions
    wrap), with the person deciding."""
    from engine import GameConfig, new_game
    from engine.kernel.bots import RandomBot

    g = new_game(GameConfig(players=3, seed=17))
    bot = RandomBot(3)
    seen: set[str] = set()
    for _ in range(2500):
        d = g.pending
        if d is None:
            break
        if d.kind not in seen:
            seen.add(d.kind)
            s = Session(g.clone(), [SeatSpec(human=i == d.seat) for i in range(3)], 1)
            s.game.undo_enabled = False
            app.start_session(s)
            app.step(1 / 60)
            check(app, f"prompt of a {d.kind} decision ({d.prompt!r})")
        g.choose(bot.choose(None, d))
    assert len(seen) > 15

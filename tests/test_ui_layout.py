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
from engine.aor.api import AOR  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.aor.scenes.table import TableScene as AorTable  # noqa: E402
from game.aor.session import AorSession  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.dirs import saves_dir  # noqa: E402
from game.shell.registry import front_end  # noqa: E402
from game.shell.scenes.confirm import LEAVE_TEXT, ConfirmScene  # noqa: E402
from game.shell.scenes.load import LoadScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.fit_scenes import aor_longest_tips  # noqa: E402
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


# --- Age of Reason ------------------------------------------------------------------------------

def aor_check(app: App, what: str, **kw) -> None:
    t = app.scene
    if isinstance(t, AorTable):
        t.map_view.forget_pictures()  # the map's cached picture drawn again too
        if t.stage.visible:
            t.stage.map_view.forget_pictures()
    check(app, what, **kw)


def test_aor_setup_and_results_fit(app):
    app.choose_game(front_end(AOR.id))
    app.open_menu()
    check(app, "Age of Reason's title menu")
    app.open_setup()
    check(app, "Age of Reason's set-up, 3 seats")
    for _ in range(4):
        app.scene.add_seat()
    check(app, "Age of Reason's set-up, 7 seats")
    s = AorSession.mid_game(21, 5, 5000, humans=0)
    assert s.game.is_over
    app.show_results(s)
    check(app, "Age of Reason's results, 5 players")


# (seed, players, random moves): the auction, the actions, a combat; 3 to 7 players
AOR_TABLES = [(3, 3, 2), (5, 4, 40), (8, 7, 90)]


@pytest.mark.parametrize("seed,players,moves", AOR_TABLES)
def test_aor_table_fits(app, seed, players, moves):
    s = AorSession.mid_game(seed, players, moves, humans=1)
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    assert isinstance(t, AorTable)
    d = s.game.pending
    aor_check(app, f"Age of Reason's table at a {d.kind} decision")
    longest = aor_longest_tips(t)  # per kind of thing, its longest hover text
    for node in longest:
        r = node.world_rect()
        aor_check(app, f"tooltip of {node.target}", tooltip_at=(r.centerx, r.centery))
    assert len(longest) >= 6  # (the map under the combat stage is not hovered)
    t.toggle_log()
    for _ in range(30):
        app.step(1 / 60)
    aor_check(app, "Age of Reason's log drawer")


def test_aor_combat_and_handoff_fit(app):
    """Two people: the hand-off before a secret card, the combat stage at the card choice."""
    s = AorSession.new([SeatSpec(True, "Ada"), SeatSpec(True, "Ben"), SeatSpec(False)], 4)
    app.start_session(s)
    t = app.scene
    rng = random.Random(3)
    shown = set()
    for _ in range(4000):
        d = s.game.pending
        if d is None:
            break
        if t.handoff.visible and "handoff" not in shown:
            shown.add("handoff")
            aor_check(app, "Age of Reason's hand-off screen")
        if t.handoff.visible:
            t.handoff.on_click(1, 1, 1)
        if d.kind in ("attack_card", "defence_card") and s.is_human(d.seat) and \
                not t.animator.busy and not t.handoff.visible:
            app.step(1 / 60)
            aor_check(app, f"Age of Reason's combat stage ({d.kind})")
            shown.add("combat")
            break
        if d is not None and s.is_human(d.seat) and not t.animator.busy and \
                not t.handoff.visible:
            attack = [c.id for c in d.choices if c.id.startswith("attack_disc")]
            t.choose(attack[0] if attack else rng.choice(d.choices).id)
        app.step(1 / 60, draw=False)
    assert shown == {"handoff", "combat"}


def test_aor_guide_fits(app):
    """The guide's pages with the most words: a picture page, the boxes and combat rules, the
    long components page scrolled to its end, the set-up and the player counts."""
    app.choose_game(front_end(AOR.id))
    app.open_menu()
    for page in ("goal", "combat", "gold", "R1", "R1.17", "R2", "R6", "R8", "R14"):
        app.open_guide(page)
        check(app, f"Age of Reason's guide, page {page}")


def test_aor_tutorial_coach_fits(app):
    app.choose_game(front_end(AOR.id))
    app.open_menu()
    app.open_tutorial()
    t = app.scene
    coach = t.tutorial
    for _ in range(600):
        if coach.lesson is not None:
            break
        app.step(1 / 60, draw=False)
    assert coach.lesson is not None
    aor_check(app, f"Age of Reason's tutorial, lesson {coach.lesson.id}")

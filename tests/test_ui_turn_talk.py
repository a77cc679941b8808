"""UI tests (issue 29 items 4 and 9): a turn that talks — why a turn ended, that a choice
with one possible answer was made for you, "thinking" only while a bot thinks, "Take …"
beside every "Decline …", the Patron Token named and explained, scores that change as they
change; Esc means one thing and the screen says what; hot-seat seats are not "you"; the
window sizes offered fit the screen. Positions are found by playing seeded random games
(so an engine change cannot stale them)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from engine.aac import api
from engine.aac.rules.endturn import end_of_advance_prompt
from engine.kernel.decisions import Choice, Decision
from engine.kernel.events import Event
from game.aac.recap import TurnNote, describe
from game.aac.session import AacSession as Session
from game.shell.app import App
from game.shell.scenes.settings_scene import window_sizes
from game.shell.session import SeatSpec
from game.shell.settings import WINDOW_SIZES

Found = tuple[int, int, str]  # (seed, random moves played, the next choice's id)


Wanted = Callable[[Session, Decision, str, list[Event]], bool]


def find(wanted: Wanted, seeds: int = 6) -> Found:
    """The first position of a seeded random 2-seat game where the next random choice is
    `wanted` (the session after the choice, the decision, the choice id, its events)."""
    for seed in range(1, 1 + seeds):
        s = Session.mid_game(seed, 2, 0, humans=0)
        rng = random.Random(seed)
        for moves in range(900):
            d = s.game.pending
            if d is None:
                break
            cid = rng.choice(d.choices).id
            if wanted(s, d, cid, s.game.choose(cid)):
                return seed, moves, cid
    raise AssertionError("no such position")


def at(app: App, found: Found, humans: tuple[bool, bool] = (True, True)) -> Session:
    """The table at a found position, the seats played as `humans` says."""
    seed, moves, _ = found
    s0 = Session.mid_game(seed, 2, 0, humans=0)
    rng = random.Random(seed)
    for _ in range(moves):
        s0.game.choose(rng.choice(s0.game.pending.choices).id)
    s = Session(s0.game.clone(), [SeatSpec(human=h, level="easy") for h in humans])
    app.start_session(s)
    app.step(1 / 60)
    return s


def forced(kind: str, choice: str | None = None) -> Wanted:
    def wanted(s: Session, d: Decision, cid: str, events: list[Event]) -> bool:
        return any(fd.kind == kind and (choice is None or ch.id == choice)
                   for _, fd, ch in s.game.forced)
    return wanted


@pytest.fixture(scope="module")
def turn_ends() -> Found:
    """A choice after which the rules end the turn by themselves (R6.4: no bottom-row
    energy left: the Actions turn's only answer is to end)."""
    return find(forced("action", "end"))


def test_a_turn_that_ends_by_itself_says_why(app, turn_ends):
    s = at(app, turn_ends)
    t = app.scene
    seat = s.game.pending.seat
    t.choose(turn_ends[2])
    assert t.message == "Your turn ends: no bottom-row energy is left to spend."
    line = f"{s.name(seat)}: the turn ends, no bottom-row energy is left to spend."
    assert line in s.log
    started = [i for i, ln in enumerate(s.log) if "turn" in ln.lower() and ln != line]
    assert s.log.index(line) < started[-1]  # in its place: before the next turn's start


def test_a_choice_made_for_you_is_said_and_a_later_click_told_why(app):
    """R5 (one legal answer): the rules choose it; the person reads what was chosen, and a
    click on a place that answered it is told it was decided, not another moment's
    reason."""
    found = find(lambda s, d, cid, e: any(fd.seat == d.seat and fd.kind != "action"
                                       for _, fd, _ in s.game.forced))
    s = at(app, found)
    t = app.scene
    t.choose(found[2])
    (_, fd, ch), *_ = [f for f in s.game.forced if f[1].kind != "action"]
    assert t.message.startswith("Chosen for you, the only possible answer to")
    assert ch.label in t.message
    assert any(ch.label in ln and "only possible answer" in ln for ln in s.log)
    if ch.targets and s.game.pending is not None and s.game.pending.seat == fd.seat:
        why = t.hotspots.why_not(ch.targets[0])
        assert why.startswith("that was decided for you")


@pytest.mark.app(anim_speed=1.0)
def test_thinking_shows_only_while_a_bot_thinks(app, drawn):
    """While a person's last move of the turn is being shown, the bot after them is not
    shown thinking (it may think meanwhile), "Skip to your turn" does not show, and the
    person's row keeps the turn marker; once it has played, the bot is shown thinking."""
    found = find(lambda s, d, cid, e: len(e) >= 6 and s.game.pending is not None
                 and s.game.pending.seat != d.seat)
    s0 = at(app, found)
    me = s0.game.pending.seat
    s = at(app, found, humans=(me == 0, me == 1))
    t = app.scene
    t.choose(found[2])
    assert not s.is_human(s.game.pending.seat)  # the bot decides next
    frames = 0
    while t.animator.busy and not t.driver.batch_by_bot:  # the person's move is shown
        drawn.clear()
        app.step(1 / 60)
        if t.animator.busy and not t.driver.batch_by_bot:  # still the person's move
            frames += 1
            assert t.driver.thinking_seat == -1 and not t.driver.bots_playing()
            assert not t.skip_button.visible
            assert t.deciding_seat() == me and "is being shown" in t.prompt.detail
            assert not [x for x in drawn if x.startswith("thinking")]
    assert frames > 5, "the move took some frames to show"
    if t.pending is not None and not s.is_human(t.pending.seat) and not t.animator.busy:
        assert t.driver.thinking_seat == t.pending.seat


def test_take_beside_decline(app):
    """A bridge benefit (R15) offers "Take …" as a button beside "Decline …", not only as
    a place to click on the map."""
    found = find(lambda s, d, cid, e: s.game.pending is not None
                 and s.game.pending.kind == "bridge_benefit")
    s = at(app, found)
    t = app.scene
    t.choose(found[2])
    app.step(1 / 60)
    assert s.game.pending.kind == "bridge_benefit"
    labels = [getattr(b, "label", "") for b in t.prompt.children]
    takes = [x for x in labels if x.startswith("Take")]
    declines = [x for x in labels if x.startswith("Decline")]
    assert takes and declines, labels
    assert labels.index(takes[0]) < labels.index(declines[0])


def test_the_patron_token_is_named_and_explained():
    """R21.2: the end-of-Advance question names the Patron Token, its cost and effect."""
    ch = [Choice("conduits", "Gain your conduit movement"),
          Choice("patron:ember_forge", "Use your Patron Token on Ember Forge",
                 ("monument:ember_forge",)),
          Choice("done", "Finish the Advance turn")]
    words = end_of_advance_prompt(ch)
    assert "Patron Token" in words and "bottom-row energy" in words
    assert "complete" in words and "conduit movement" in words
    assert end_of_advance_prompt([Choice("done", "Finish")]) == "End of your Advance turn"


def test_a_score_changes_as_it_changes_not_when_the_turn_ends(app):
    """R24: the score shown is the score if the game ended now: a move that scores shows at
    once, within the turn."""
    def scores(s: Session) -> list[int]:
        return [api.score_breakdown(s.game.state, k).total for k in range(2)]

    found: list[list[int]] = []

    def scored(s: Session, d: Decision, cid: str, events: list[Event]) -> bool:
        now = scores(s)
        changed = bool(found) and now != found[-1] and s.game.pending is not None \
            and s.game.pending.seat == d.seat
        found.append(now)
        return changed

    pos = find(scored, seeds=1)
    s = at(app, pos)
    t = app.scene
    seat, turn = s.game.pending.seat, s.game.state.turn
    before = t.score_shown(seat)
    t.choose(pos[2])
    for _ in range(120):
        app.step(1 / 60)
    assert s.game.state.turn == turn and s.game.pending.seat == seat  # the same turn
    assert t.score_shown(seat) == api.score_breakdown(s.game.state, seat).total != before


def test_a_recap_line_says_why_a_score_changed():
    n = TurnNote(seat=1, turn=4, turn_type="actions")
    n.score, n.score_parts["Monuments"] = 3, 3
    assert "+3 VP (Monuments)" in describe(n)


def test_esc_closes_the_question_open_else_opens_the_menu_and_never_undoes(app):
    s = Session.mid_game(4, 2, 40, humans=2)
    app.start_session(s)
    t = app.scene
    app.step(1 / 60)
    assert t.topbar.menu_button.label == "Menu (Esc)"
    d = s.game.pending
    t.open_popup(600, 400, list(d.choices[:2]))
    assert t.topbar.menu_button.label == "Menu"  # Esc is the popup's now
    assert any(getattr(b, "label", "") == "Cancel (Esc)" for b in t.popup.children)
    history = len(s.game.history)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b"))
    app.step(1 / 60)
    assert t.popup is None and app.scene is t and t.topbar.menu_button.label == "Menu (Esc)"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b"))
    app.step(1 / 60)
    assert app.scene is not t  # the pause menu
    assert len(s.game.history) == history  # nothing undone


def test_hot_seat_seats_are_players_not_you(app, drawn):
    s = Session.mid_game(4, 2, 40, humans=2)
    assert [s.seat_word(k) for k in range(2)] == ["player", "player"]
    app.start_session(s)
    app.step(1 / 60)
    drawn.clear()
    app.render()
    assert "you" not in drawn and "player" in drawn
    solo = Session.new([SeatSpec(True), SeatSpec(False, "easy")], seed=3)
    assert [solo.seat_word(0), solo.seat_word(1), solo.seat_word(1, level=True)] == \
        ["you", "bot", "bot (easy)"]


def test_window_sizes_offered_fit_the_screen():
    assert window_sizes((1366, 768)) == [(1280, 720), (1366, 768)]
    assert window_sizes((1920, 1080)) == [(1280, 720), (1600, 900), (1920, 1080)]
    assert window_sizes((1024, 600)) == [(1280, 720)]  # the smallest is always offered
    assert window_sizes((9000, 5000)) == list(WINDOW_SIZES) + [(9000, 5000)]

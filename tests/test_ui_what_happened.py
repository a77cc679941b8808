"""UI tests (issue 11, "see what happened" and pacing): the recap of the other seats' turns,
their moves marked on the board until the person acts, score changes floating over the seat,
the score breakdown on hover, bots thinking while the last move plays, "skip to your turn",
fast bots, and the results screen's final board and score-by-turn chart."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac import events as ev  # noqa: E402
from engine.aac.persist.io import load_game  # noqa: E402
from game.aac.recap import Recap, TurnNote, describe  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.test_ui_memory import LAST_ROUND  # noqa: E402


def make_app(tmp_path, monkeypatch, **kw) -> App:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    st = Settings(**{"anim_speed": 0.0, "bot_delay": 0.0, **kw})
    return App((1600, 900), st, persist=False, headless=True)



def human_vs_bots(app: App, seed: int = 11, bots: int = 2) -> Session:
    s = Session.new([SeatSpec(True)] + [SeatSpec(False, "easy")] * bots, seed=seed)
    app.start_session(s)
    return s


def until_human(app: App, s: Session, frames: int = 4000) -> None:
    t = app.scene
    for _ in range(frames):
        d = s.game.pending
        if d is not None and s.is_human(d.seat) and not t.animator.busy:
            return
        app.step(1 / 60)
    raise AssertionError("no human decision came")


def play_human(app: App, s: Session, rng: random.Random, until) -> None:
    t = app.scene
    for _ in range(20000):
        if until():
            return
        d = s.game.pending
        assert d is not None
        if s.is_human(d.seat) and not t.animator.busy:
            t.choose(rng.choice(d.choices).id)
        app.step(1 / 60)
    raise AssertionError("condition never met")


def test_recap_lists_each_other_turn_until_the_person_acts(app):
    s = human_vs_bots(app)
    t = app.scene
    rng = random.Random(2)
    play_human(app, s, rng, lambda: s.game.state.turn >= 6 and bool(t.recap_showing()))
    lines = t.recap_showing()
    seats = {seat for seat, _ in lines}
    assert seats and 0 not in seats  # only the others' turns
    for seat, text in lines:
        assert text.startswith(s.name(seat) + " — ")
        assert "_" not in text  # words, not ids
    app.step(1 / 60)
    assert t.recap_card.visible and t.recap_card.lines == lines
    # a click closes it; the person acting also ends it
    t.recap_card.on_click(5, 5, 1)
    assert t.recap_showing() == []
    d = s.game.pending
    t.choose(d.choices[0].id)  # acting ends the recap (bots have not moved yet)
    assert t.recap_lines(0) == []


def test_other_seats_moves_stay_marked_until_the_person_acts(app):
    s = human_vs_bots(app, seed=4)
    t = app.scene
    rng = random.Random(3)
    play_human(app, s, rng, lambda: bool(t.recap.marks_for(0)) and
               s.is_human(s.game.pending.seat) and not t.animator.busy)
    marks = t.recap.marks_for(0)
    assert all(seat != 0 for seat, _ in marks)
    assert any(target in t.spots for _, target in marks)
    t.choose(s.game.pending.choices[0].id)  # acting: the marks go (bots have not moved yet)
    assert t.recap.marks_for(0) == []


def test_recap_words_for_a_turn() -> None:
    n = TurnNote(1, 7, "actions", loaded=0, claimed=1, score=5)
    n.deployed["Ember Forge"] = 3
    n.completed.append("Ember Forge")
    assert describe(n) == ("Actions turn: deployed 3 energy to Ember Forge; completed a "
                           "section of Ember Forge; claimed a tile; +5 VP")
    assert describe(TurnNote(0, 1, "advance", pushes=2, loaded=4)) == \
        "Advance turn: pushed 2 tiles; loaded 4 energy"


def test_every_recap_score_says_where_it_came_from() -> None:
    """Issue 29: never "Rusnė — +1 VP": the category that moved, and on whose turn when it
    was not the seat's own."""
    from engine.aac.data import rules

    rc = Recap(rules())
    rc.feed([ev.TurnStarted(1, 3, False), ev.TurnTypeChosen(1, "actions"),
             ev.ScoreChanged(1, 4, 9, (ev.ScorePart("monuments", 2, 6, "a section"),
                                       ev.ScorePart("pillars", 0, 1, "a pillar"))),
             ev.ScoreChanged(2, 3, 4, (ev.ScorePart("tile_pool", 1, 2, "energy paid"),))])
    names = {0: "Anna", 1: "Aureon", 2: "Rusnė"}
    assert rc.lines_for(0, names) == [
        (1, "Aureon — Actions turn: +5 VP (Monuments +4, Pillars +1)"),
        (2, "Rusnė — +1 VP (Tile Pool) (on Aureon\u2019s turn)")]
    # every line of a real game with a score in it says why
    s = Session.new([SeatSpec(True)] + [SeatSpec(False, "easy")] * 2, seed=12)
    rc = Recap(rules())
    rng = random.Random(1)
    while s.game.state.turn < 30:
        rc.feed(s.apply(rng.choice(s.game.pending.choices).id))
    lines = [text for _, text in rc.lines_for(0, {})]
    scored = [t for t in lines if " VP" in t]
    assert scored and all(" VP (" in t for t in scored), scored


def test_recap_is_per_person_in_hot_seat() -> None:
    """Two people: each sees what happened since they themselves last acted."""
    from engine.aac.data import rules

    rc = Recap(rules())
    rc.feed([ev.TurnStarted(1, 1, False), ev.TurnTypeChosen(1, "advance")])
    rc.acted(0)
    rc.feed([ev.TurnStarted(2, 2, False), ev.TurnTypeChosen(2, "actions")])
    names = {0: "A", 1: "B", 2: "C"}
    assert [seat for seat, _ in rc.lines_for(0, names)] == [2]
    assert [seat for seat, _ in rc.lines_for(1, names)] == [2]
    rc.acted(1)
    assert rc.lines_for(1, names) == []
    assert [seat for seat, _ in rc.lines_for(0, names)] == [2]


def test_a_score_change_floats_over_the_seat(tmp_path, monkeypatch):
    """A ScoreChanged event gets a "+5" (or "\u22122") floating off the seat's score in the
    top strip; it is a decoration, so the game does not wait for it."""
    a = make_app(tmp_path, monkeypatch, anim_speed=1.0)
    try:
        s = Session(load_game(LAST_ROUND), [SeatSpec(True)] + [SeatSpec(False)] * 3, 1)
        a.start_session(s)
        t = a.scene
        old = t.shown.scores[1]
        t.animate([ev.ScoreChanged(1, old, old + 5), ev.ScoreChanged(2, 4, 2)], None)
        deco = [sp for sp in t.fxl.sprites if sp.background]
        assert len(deco) == 2
        floaters = list(t.animator.background)
        assert len(floaters) == 2  # they never hold the game back
        assert all(not tw.blocking for tw in floaters)
        for _ in range(90):
            a.step(1 / 60)
        assert all(tw.done for tw in floaters) and all(sp.finished for sp in deco)
    finally:
        a.bot_worker.stop()


def test_hovering_a_seat_shows_its_score_by_category(app):
    s = Session(load_game(LAST_ROUND), [SeatSpec(True)] + [SeatSpec(False)] * 3, 1)
    app.start_session(s)
    t = app.scene
    b = s.game.final_scores()[1]
    tip = t.score_tip(1)
    assert tip.startswith(f"Score now: {b.total} VP")
    if b.monuments:
        assert f"monuments {b.monuments}" in tip
    spot = next(sp for sp in t.topbar.children if getattr(sp, "target", "") == "info:top:1")
    assert tip in t.tooltip_for(spot)


def test_bots_think_while_the_last_move_plays(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, anim_speed=1.0)
    try:
        s = Session.new([SeatSpec(False, "random")] * 2, seed=6)
        a.start_session(s)
        t = a.scene
        asked_while_busy = False
        for _ in range(600):
            a.step(1 / 60)
            d = s.game.pending
            if t.animator.busy and d is not None and t.driver._bot_decision is d:
                asked_while_busy = True
                break
        assert asked_while_busy
    finally:
        a.bot_worker.stop()


def test_skip_to_your_turn_plays_the_bots_at_once(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, anim_speed=1.0)
    try:
        s = human_vs_bots(a, seed=8)
        t = a.scene
        rng = random.Random(1)
        # the human makes choices until a bot is to play
        for _ in range(3000):
            d = s.game.pending
            if not s.is_human(d.seat):
                break
            if not t.animator.busy:
                t.choose(rng.choice(d.choices).id)
            a.step(1 / 60)
        a.step(1 / 60)
        assert t.skip_button.visible
        r = t.skip_button.world_rect()
        t.mouse_down(r.centerx, r.centery, 1)  # a click while the bots' moves animate
        assert t.turbo
        frames = 0
        while not (s.is_human(s.game.pending.seat) and not t.animator.busy):
            a.step(1 / 60)
            frames += 1
            assert frames < 600, "skipping did not reach the person's turn"
            assert t.anim_speed() == 0.0 or s.is_human(s.game.pending.seat)
        a.step(1 / 60)
        assert not t.turbo and not t.skip_button.visible
        assert t.anim_speed() == 1.0
    finally:
        a.bot_worker.stop()


def test_fast_bots_speed_up_only_the_bots(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, anim_speed=1.0, bot_delay=0.7, fast_bots=True)
    try:
        s = human_vs_bots(a, seed=8)
        t = a.scene
        t.driver.batch_by_bot = True
        assert t.anim_speed() == 3.0 and t.bot_pause() == 0.0
        t.driver.batch_by_bot = False
        assert t.anim_speed() == 1.0
        del s
    finally:
        a.bot_worker.stop()


def test_results_show_the_final_board_and_scores_by_turn(app):
    s = Session(load_game(LAST_ROUND), [SeatSpec(False, "random")] * 4, 1)
    app.start_session(s)
    for _ in range(20000):
        app.step(1 / 60)
        if type(app.scene).__name__ == "ResultsScene":
            break
    res = app.scene
    assert type(res).__name__ == "ResultsScene"
    rows = res.history
    assert len(rows) >= 2 and all(len(r) == 4 for r in rows)
    assert rows[-1] == [b.total for b in s.game.final_scores()]
    assert rows[0] != rows[-1]
    app.step(1 / 60)
    pic = res._board
    assert pic is not None and pic.get_width() > 200
    # the picture is the board: not one flat colour
    colours = {tuple(pic.get_at((x, y)))[:3] for x in range(0, pic.get_width(), 37)
               for y in range(0, pic.get_height(), 37)}
    assert len(colours) > 20


def test_no_recap_card_on_a_fresh_table_under_the_pause_menu(app):
    s = Session.new([SeatSpec(True), SeatSpec(False)], seed=3)
    app.start_session(s)
    t = app.scene
    app.open_pause_menu(t)
    app.render()
    assert not t.recap_card.visible and t.recap_card.lines == []


def test_the_hand_off_screen_recaps_the_other_turns(app):
    """Hot-seat: the hand-off screen lists what the others did since this person last played."""
    from game.shell.scenegraph import TextLog

    s = Session.new([SeatSpec(True), SeatSpec(True), SeatSpec(False, "easy")], seed=11)
    app.settings.handoff_always = True
    app.start_session(s)
    t = app.scene
    rng = random.Random(2)
    for _ in range(8000):
        if t.handoff.visible and s.game.state.turn >= 4 and t.recap_lines(t.handoff.seat):
            break
        if t.handoff.visible:
            t.handoff.on_click(1, 1, 1)
        d = s.game.pending
        if d is not None and s.is_human(d.seat) and not t.animator.busy:
            t.choose(rng.choice(d.choices).id)
        app.step(1 / 60)
    assert t.handoff.visible
    TextLog.records = []
    try:
        app.render()
        drawn = [r.text for r in TextLog.records]
    finally:
        TextLog.records = None
    lines = [text for _, text in t.recap_lines(t.handoff.seat)[-5:]]
    assert lines and all(any(text.startswith(ln[:40]) or ln.startswith(text.rstrip("…"))
                             for text in drawn) for ln in lines)

"""History survives a load (issue 29 item 6): a game opened from a save has the log and the
recap it had when it was saved, every seat called by the name its player typed (never
"Aureon (seat 1)"); every save has a picture of its table (module games and hot-seat games
too, drawn as a spectator sees it: no hand face up); and the Load screen lists each game once,
its newest save standing for it, its older saves (earlier turns, saves made by hand) one click
away."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.api import folklore_card, rules  # noqa: E402
from engine.kernel.autosave import turn_files  # noqa: E402
from game.aac.scenes.table import TableScene  # noqa: E402
from game.aac.session import AacSession  # noqa: E402
from game.shell.dirs import autosave_dir, saves_dir  # noqa: E402
from game.shell.saves import all_saves, listed_games  # noqa: E402
from game.shell.scenes.load import LoadScene  # noqa: E402
from game.shell.session import SeatSpec, Session  # noqa: E402

NAMES = ("Anastasia Wild", "Bartholomew")


def play(t: TableScene, rng: random.Random, until_turn: int) -> None:
    """Choices through the table, as clicks make them, for every seat (people and bots),
    until `until_turn` has begun and the first person decides."""
    s = t.session
    for _ in range(20000):
        d = s.game.pending
        assert d is not None
        if s.game.state.turn >= until_turn and s.is_human(d.seat) and d.seat == 0:
            return
        t.choose(rng.choice(d.choices).id)
    raise AssertionError("the game did not get there")


def test_the_log_and_the_recap_survive_a_load_with_the_names_typed(app, tmp_path):
    seats = [SeatSpec(True, name=NAMES[0]), SeatSpec(False, "easy"),
             SeatSpec(True, name=NAMES[1])]
    s = AacSession.new(seats, seed=21)
    app.start_session(s)
    t = app.scene
    assert isinstance(t, TableScene)
    play(t, random.Random(4), 9)
    log = list(s.log)
    lines = t.recap_lines(0)
    marks = t.recap.marks_for(0)
    assert len(log) > 40 and lines and marks
    # the log calls the seats by the names typed, and never counts seats from anywhere
    assert any(line.startswith(f"{NAMES[0]} ") for line in log)
    assert any(NAMES[1] in line for line in log)
    assert not any("(seat" in line or "seat 1" in line for line in log)
    path = tmp_path / "story.json"
    s.save(path)
    loaded = Session.load(path)
    assert loaded.log == log
    app.start_session(loaded)
    t2 = app.scene
    assert isinstance(t2, TableScene) and t2 is not t
    assert t2.recap_lines(0) == lines
    assert t2.recap.marks_for(0) == marks
    assert t2.recap_viewer() == 0
    # the log drawer shows the story, not an empty page
    assert t2.session.log[-1] == log[-1]


@pytest.mark.parametrize("modules,humans,expert", [
    (("folklore",), 1, False), (("pilgrimage",), 1, False), (("folklore", "pilgrimage"), 2, False),
    ((), 2, False), ((), 2, True)], ids=["folklore", "pilgrimage", "both-hot-seat", "hot-seat",
                                          "secret-loading"])
def test_every_save_has_a_picture_that_shows_no_secret(app, drawn, modules, humans, expert):
    app.settings.handoff_always = True
    seats = [SeatSpec(True, name=NAMES[i]) if i < humans else SeatSpec(False, "easy")
             for i in range(2)]
    s = AacSession.new(seats, seed=5, modules=modules, expert_loading=expert)
    app.start_session(s)
    s.autosaving = True  # the test app does not persist; autosaves go to the tmp home
    t = app.scene
    rng = random.Random(3)
    for _ in range(60 if not expert else 1):  # into the game (or still secret loading)
        d = s.game.pending
        assert d is not None
        t.choose(rng.choice(d.choices).id)
    app.step(1 / 60)
    assert s.game.private_now() == (bool(modules) or expert)
    hands: set[str] = set()
    if "folklore" in modules:  # the cards in hands, which no picture may name
        fd = s.game.state.ext["folklore"]
        played = {c for row in fd["played"] for c in row}
        hands = {folklore_card(rules(), c).name for row in fd["hand"] for c in row} - {
            folklore_card(rules(), c).name for c in played}
        assert hands
        if humans == 1:  # the one person sees their own hand on the sheet...
            if not t.folk_panel.visible:
                t.toggle_folklore()
            t.folk_panel.seat = 0
            drawn.clear()
            app.render()
            assert hands & set(drawn), "(the test must see a hand drawn face up)"
    drawn.clear()
    path = s.autosave()
    pic = path.with_suffix(".png")
    assert pic.is_file(), "every save has its picture"
    assert pygame.image.load(str(pic)).get_size() == (320, 180)
    assert not hands & set(drawn), "the picture names a card in a hand"  # ...never a picture
    # the table on screen is as it was (the picture changed nothing)
    assert t.driver.spectator is False and t.prompt.visible
    app.render()


def _autosaved_game(app, seed: int, turns: int) -> tuple[AacSession, Path]:
    s = AacSession.new([SeatSpec(True), SeatSpec(False, "easy")], seed=seed)
    app.start_session(s)
    s.autosaving = True
    t = app.scene
    t.autosave_enabled = True
    play(t, random.Random(seed), turns)
    return s, turn_files(autosave_dir() / s.game_id)[-1]


def test_each_game_is_listed_once_with_its_older_saves_one_click_away(app):
    s, _ = _autosaved_game(app, 8, 4)
    s.save(saves_dir() / "by-hand.json", "saved from the table")  # a save of the same game
    t = app.scene
    play(t, random.Random(9), 6)  # played on: the autosave folder is newer than the save
    newest = turn_files(autosave_dir() / s.game_id)
    other, _ = _autosaved_game(app, 13, 3)  # another game
    assert len(all_saves()) == 3  # two autosave folders and one save by hand
    games = listed_games()
    assert len(games) == 2
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    scene = app.scene
    cards = scene.visible_cards()
    assert len(cards) == 2, [c.info.path for c in cards]
    mine = next(c for c in cards if c.info.path.parent.name == s.game_id)
    assert mine.info.path == newest[-1]
    assert mine.earlier is not None
    assert mine.earlier.label.startswith(f"{len(newest)} earlier saves")  # turns + by hand
    r = mine.earlier.world_rect()
    mine.earlier.on_click(r.centerx, r.centery, 1)
    assert scene.tab == "game"
    listed = [c.info.path for c in scene.cards["game"]]
    assert listed[0] == newest[-1] and saves_dir() / "by-hand.json" in listed
    assert set(newest) <= set(listed)
    # the older turn autosaves are not deleted one by one (they go with their game)
    by_path = {c.info.path: c for c in scene.cards["game"]}
    assert by_path[saves_dir() / "by-hand.json"].delete is not None
    assert by_path[newest[0]].delete is None
    # going back to an earlier turn starts a story of its own: the later turns stay
    scene.load(newest[0])
    back = app.scene
    assert isinstance(back, TableScene) and back.session.game_id != s.game_id
    assert turn_files(autosave_dir() / s.game_id) == newest
    app.set_scene(LoadScene(app))
    app.scene.show_game(app.scene.games[mine.info.path])
    app.scene.leave_game()
    assert app.scene.tab == "saves" and len(app.scene.visible_cards()) == 2
    del other

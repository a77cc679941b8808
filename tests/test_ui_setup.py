"""UI tests for the set-up (issue 11, part 8): player names typed in a text field and
remembered, shown on the hand-off screen; each character's powers shown when choosing; the
last set-up restored; the hand-off default; old seats files without names still load."""

from __future__ import annotations

import json
import os

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.data import rules  # noqa: E402
from game.aac import settings as aac_settings  # noqa: E402
from game.aac.scenes.setup import NameField, SetupScene  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.dirs import saves_dir  # noqa: E402
from game.shell.registry import settings_sections  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.session import SeatSpec, read_seats  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402
from tests.test_ui_scenes import button, press  # noqa: E402


def type_text(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0,
                                             unicode=ch))
    app.step(1 / 60)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(1 / 60)


def field(app: App, seat: int) -> NameField:
    return next(n for n in app.scene.walk() if isinstance(n, NameField) and n.seat == seat)


def test_hand_off_default_is_only_when_something_is_private():
    assert Settings().handoff_always is False


def test_names_are_typed_remembered_and_shown_on_the_hand_off(app, drawn):
    app.settings.handoff_always = True  # cover the table between the two people every time
    press(app, "New game")
    scene = app.scene
    assert isinstance(scene, SetupScene)
    press(app, "Bot")  # seat 2 becomes a person
    assert scene.seats[1].human
    click(app, *centre(field(app, 0)))
    app.step(1 / 60)
    assert scene.editing == 0
    type_text(app, "Anna")
    key(app, pygame.K_RETURN)  # Enter keeps the name and does not start the game
    assert scene.seats[0].name == "Anna" and type(app.scene) is SetupScene
    click(app, *centre(field(app, 1)))
    app.step(1 / 60)
    type_text(app, "Bxn")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "en")
    click(app, 800, 860)  # a click elsewhere keeps what was typed
    app.step(1 / 60)
    assert scene.seats[1].name == "Ben" and scene.editing == -1
    click(app, *centre(field(app, 0)))
    app.step(1 / 60)
    type_text(app, "xyz")
    key(app, pygame.K_ESCAPE)  # Esc puts the name back and stays on the set-up
    assert scene.seats[0].name == "Anna" and type(app.scene) is SetupScene
    assert app.settings.player_names[:2] == ["Anna", "Ben"]
    press(app, "Start the game")
    t = app.scene
    assert type(t).__name__ == "TableScene"
    s = t.session
    assert [s.player_name(i) for i in range(2)] == ["Anna", "Ben"]
    assert s.name(0) == f"Anna ({s.character_name(0)})"
    app.step(1 / 60)
    assert t.handoff.visible
    drawn.clear()
    app.render()
    who = s.player_name(t.handoff.seat)
    assert f"Pass the table to {who}" in drawn
    assert f"playing {s.character_name(t.handoff.seat)}" in drawn
    # the next set-up starts with the same names
    app.open_setup()
    assert [x.name for x in app.scene.seats] == ["Anna", "Ben"]


def test_a_name_is_trimmed_and_capped(app):
    app.open_setup()
    scene = app.scene
    scene.edit_name(0)
    type_text(app, "  A  very   long name that goes on and on  ")
    key(app, pygame.K_RETURN)
    name = scene.seats[0].name
    assert name == "A very long name tha" and len(name) == 20


def test_the_powers_of_the_character_being_chosen_are_shown(app, drawn):
    app.open_setup()
    scene = app.scene
    r = rules()
    cid = r.character_order[0]
    click(app, *centre(button(app, "Character: Random")))
    app.step(1 / 60)
    assert scene.seats[0].character == cid and scene.focus == 0
    drawn.clear()
    app.render()
    ch = r.characters[cid]
    assert ch.name in drawn
    for pw in ch.powers:
        assert f"Power {'I' * pw.tier} · {pw.name}" in drawn
        assert pw.text.split(" ")[0] in " ".join(drawn)
    assert not any("pw_" in t or "_" in t.split(" ")[0] for t in drawn), "names, not ids"
    # hovering another seat's character button shows that one (random: the list)
    other = next(b for b in scene.walk() if isinstance(b, Button) and getattr(b, "seat", None) == 1)
    pos = centre(other)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.focus == 1
    drawn.clear()
    app.render()
    assert any("random character" in t for t in drawn)
    assert all(any(r.characters[c].name in t for t in drawn) for c in r.character_order)


def test_the_last_set_up_is_restored(app, tmp_path):
    app.open_setup()
    scene = app.scene
    scene.add_seat()
    scene.cycle_level(1)
    scene.cycle_char(2)
    scene.cycle_char(2)
    opt = next(iter(scene.options))
    scene.toggle_opt(opt)
    scene.toggle_expert()
    want = [(s.human, s.level, s.character) for s in scene.seats]
    options = dict(scene.options)
    press(app, "Start the game")
    assert app.scene.session.game.state.n == 3
    # through the settings file, as the next start of the game would read it
    path = tmp_path / "settings.json"
    assert app.settings.save(path)
    st, notice = Settings.load_with_notice(path)
    assert notice == ""
    app.settings = st
    app.open_setup()
    again = app.scene
    assert [(s.human, s.level, s.character) for s in again.seats] == want
    assert again.options == options and again.expert


def test_a_remembered_set_up_that_no_longer_fits_is_mended(app):
    r = rules()
    c0 = r.character_order[0]
    st = aac_settings.of(app.settings)  # An Age Contrived's own section of the settings
    st.setup_humans = [True, False, False]
    st.setup_levels = ["random", "no-such-level", "easy"]
    st.setup_characters = [c0, c0, "no_such_character"]  # a duplicate, a stranger
    st.setup_options = {"no_such_option": True}
    app.open_setup()
    seats = app.scene.seats
    assert [s.character for s in seats] == [c0, None, None]
    assert seats[1].level == app.scene.default_level and seats[2].level == "easy"
    assert "no_such_option" not in app.scene.options


def test_a_damaged_last_set_up_in_the_file_is_reset_with_a_notice(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"setup_humans": "yes", "player_names": ["Anna", 3],
                                "anim_speed": 2.0}), "utf-8")
    # (a file written before the games' sections: its set-up moves into the game's section)
    st, notice = Settings.load_with_notice(path, sections=settings_sections())
    assert aac_settings.of(st).setup_humans == [] and st.player_names == []
    assert st.anim_speed == 2.0
    assert "The last set-up" in notice and "Players' names" in notice
    assert notice.count("last set-up") == 1


def test_seat_names_are_saved_and_old_seat_files_still_load(app):
    s = Session.new([SeatSpec(True, name="Anna"), SeatSpec(False, "easy")], seed=6)
    path = saves_dir() / "named.json"
    s.save(path)
    back = Session.load(path)
    assert back.seats[0].name == "Anna" and back.player_name(0) == "Anna"
    assert back.seats[1].level == "easy" and back.name(1) == back.character_name(1)
    # a save written before summary headers, with a side file written before names existed
    doc = json.loads(path.read_text())
    doc["summary"] = None
    path.write_text(json.dumps(doc))
    old = path.with_suffix(".seats.json")
    old.write_text(json.dumps([{"human": True, "level": "random", "character": None},
                               {"human": False, "level": "easy", "character": None}]))
    seats = read_seats(old, 2, "aac")
    assert seats is not None and [x.name for x in seats] == ["", ""]
    again = Session.load(path)
    assert again.name(0) == again.character_name(0) and again.seats[1].level == "easy"

"""The scene manager (issue 12, item 8): scenes registered by name, a real stack (the pause
menu, dialogs, the settings and the guide are overlays over a scene that stays alive), and
scenes that depend on the navigation protocol, never on the App."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.shell.app import App  # noqa: E402
from game.shell.scenes.base import Scene  # noqa: E402
from game.shell.scenes.confirm import ConfirmScene  # noqa: E402
from game.shell.scenes.manager import register, registered  # noqa: E402
from game.shell.session import SeatSpec, Session  # noqa: E402
from game.shell.settings import Settings  # noqa: E402

SCENES = Path(__file__).resolve().parents[1] / "game" / "scenes"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    a = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    yield a
    a.bot_worker.stop()


def test_every_scene_is_registered_by_name():
    assert set(registered()) >= {"menu", "setup", "settings", "load", "table", "pause",
                                 "confirm", "results", "guide"}


def test_a_name_is_registered_once():
    with pytest.raises(ValueError):
        register("menu")(type("Other", (Scene,), {}))


def test_the_pause_menu_is_an_overlay_on_a_table_that_stays_alive(app):
    app.start_session(Session.new([SeatSpec(True), SeatSpec(False)], seed=3))
    table = app.scene
    exits: list[str] = []
    table.on_exit = lambda: exits.append("table")  # type: ignore[method-assign]
    app.open_pause_menu(table)
    assert [type(s).__name__ for s in app.scenes.stack] == ["TableScene", "PauseScene"]
    assert app.scenes.drawn() == [table, app.scene]  # the table is drawn under the menu
    app.open_settings()  # settings over the pause menu; Back returns there
    assert type(app.scene).__name__ == "SettingsScene"
    app.scene.go_back()
    assert type(app.scene).__name__ == "PauseScene"
    app.scene.resume()
    assert app.scene is table and exits == []  # never left: the game is exactly as it was
    app.open_menu()
    assert exits == ["table"] and type(app.scene).__name__ == "MenuScene"


def test_a_question_returns_to_where_it_was_asked(app):
    app.start_session(Session.new([SeatSpec(True), SeatSpec(False)], seed=3))
    table = app.scene
    app.open_pause_menu(table)
    app.scene.leave()  # "Leave the game?"
    assert isinstance(app.scene, ConfirmScene)
    app.scene.answer(False)  # Stay
    assert type(app.scene).__name__ == "PauseScene"
    app.scene.resume()
    assert app.scene is table


def test_scenes_never_import_the_app():
    for path in sorted(SCENES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "game.shell.app", f"{path.name} imports game.app"
            elif isinstance(node, ast.Import):
                assert all(a.name != "game.shell.app" for a in node.names), path.name

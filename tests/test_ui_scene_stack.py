"""The scene manager (issue 12, item 8; issue 28): scenes opened by type (the shell's own, and
a game's from its front end), a real stack (the pause menu, dialogs, the settings and the
guide are overlays over a scene that stays alive), and scenes that depend on the navigation
protocol, never on the App."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.registry import FrontEnd, front_end, register  # noqa: E402
from game.shell.scenes.base import (  # noqa: E402
    HelpScene,
    PlayScene,
    Scene,  # noqa: E402
)
from game.shell.scenes.confirm import ConfirmScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402

GAME = Path(__file__).resolve().parents[1] / "game"
SCENES = [*(GAME / "shell" / "scenes").glob("*.py"), *(GAME / "aac" / "scenes").glob("*.py")]


pytestmark = pytest.mark.app(size=(1280, 720))

def test_a_games_scenes_come_from_its_front_end_by_type(app):
    front = front_end("aac")
    assert isinstance(front.setup_scene(app), Scene)
    s = Session.new([SeatSpec(True), SeatSpec(False)], seed=3)
    assert isinstance(front.table_scene(app, s), PlayScene)
    assert isinstance(front.guide_scene(app, None), HelpScene)
    app.start_session(s)  # the app opens the table of the session's game
    assert isinstance(app.scene, PlayScene) and app.scene.session is s


def test_a_game_registers_one_front_end():
    other = type("Other", (FrontEnd,), {"game_id": "aac", "title": "x", "blurb": "",
                                        "folder": "x", "setup_scene": None,
                                        "table_scene": None, "results_scene": None,
                                        "session": None})
    with pytest.raises(ValueError):
        register(other())


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
    assert SCENES
    for path in sorted(SCENES):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "game.shell.app", f"{path.name} imports game.app"
            elif isinstance(node, ast.Import):
                assert all(a.name != "game.shell.app" for a in node.names), path.name

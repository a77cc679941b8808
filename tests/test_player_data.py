"""The tests never touch the player's data (issue 29 item 9): the whole session runs with its
own per-user folder (tests/conftest.py, tests/player_data.py), every per-user folder the game
computes lies in it even with $AAC_HOME unset, and the player's real folders hold what they
held when the session began (conftest checks it again when the session ends). And the
tutorial's game is the tutorial's own: leaving a lesson never leaves an autosave that Continue
would offer."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.kernel.listing import autosave_games  # noqa: E402
from game.aac.scenes.table import TableScene  # noqa: E402
from game.aac.session import AacSession  # noqa: E402
from game.aac.tutorial.runner import Tutorial  # noqa: E402
from game.shell import crash, dirs  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.desktop_entry import applications_dir  # noqa: E402
from game.shell.scenes.menu import MenuScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests import player_data  # noqa: E402


def inside(p: Path, root: Path) -> bool:
    return Path(os.path.realpath(p)).is_relative_to(os.path.realpath(root))


def test_every_per_user_folder_is_the_sessions_own(monkeypatch: pytest.MonkeyPatch) -> None:
    home = player_data.home
    assert home is not None and home.is_dir()
    for real in player_data.real:
        assert not inside(real, home)
    for unset in (False, True):  # with $AAC_HOME, and with it unset (platformdirs decides)
        if unset:
            monkeypatch.delenv("AAC_HOME")
        folders = [dirs.data_root(), dirs.user_dir("config"), dirs.saves_dir(),
                   dirs.autosave_dir(), dirs.user_dir("tutorial"), crash.crash_dir(),
                   applications_dir()]
        for f in folders:
            assert inside(f, home), f"{f} is outside the session's folder {home}"
            assert not any(inside(f, real) for real in player_data.real), f


def test_a_game_played_and_kept_lands_in_the_sessions_folder() -> None:
    """An app that keeps its files (as the player's does) plays a bots' game and leaves it:
    the autosave is in the session's folder, nothing changed in the player's."""
    app = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=True,
              headless=True)
    try:
        s = AacSession.new([SeatSpec(True), SeatSpec(False, "random")], seed=5)
        app.start_session(s)
        assert s.autosaving
        assert s.keep()
        listed = autosave_games(dirs.autosave_dir())
        assert listed and all(inside(i.path, player_data.home) for i in listed)
    finally:
        app.bot_worker.stop()
    assert player_data.changes() == []


def test_the_player_folders_are_untouched_so_far() -> None:
    assert player_data.changes() == []


def test_a_tutorial_left_is_not_offered_by_continue(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson's table never autosaves, neither at a turn start nor when it is left (Leave
    keeps the game in progress: a tutorial's is kept by the tutorial, progress.py)."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    app = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=True,
              headless=True)
    try:
        tut = Tutorial(app, remember=True, autoplay=True)
        tut.start(resume=False)
        t = app.scene
        assert isinstance(t, TableScene)
        start = len(t.game.history)
        for _ in range(400):  # a few decisions of the first lesson, by the autoplay
            app.step(1 / 60, draw=False)
            if len(t.game.history) > start + 3:
                break
        assert app.scene is t and not tut.finished and len(t.game.history) > start + 3
        assert t.session.keep()  # what Leave, Quit and a logout do
        app.end_now()
        assert autosave_games(dirs.autosave_dir()) == []
        app.open_menu()
        menu = app.scene
        assert isinstance(menu, MenuScene) and menu.resume is None
        tut.play_on()  # after the last lesson it is a normal game: kept like one
        assert t.session.autosaving and t.autosave_enabled
    finally:
        app.bot_worker.stop()

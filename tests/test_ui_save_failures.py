"""A failed autosave or save is told to the player in words, and the game goes on
(issue 10). Root ignores folder permissions, so the disk's refusals are simulated."""

from __future__ import annotations

import errno
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.kernel import autosave as autosave_mod  # noqa: E402
from engine.kernel import saves as io_mod  # noqa: E402  (the save envelope writes files)
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402

pytestmark = pytest.mark.app(size=(1280, 720), persist=True)

def refuse(code: int):
    def save(*args, **kw):
        raise OSError(code, os.strerror(code))
    return save


@pytest.mark.parametrize("code,words", [(errno.ENOSPC, "the disk is full"),
                                        (errno.EROFS, "the save folder cannot be written to")])
def test_a_failed_autosave_is_told_and_play_goes_on(app: App, monkeypatch: pytest.MonkeyPatch,
                                                    code: int, words: str) -> None:
    monkeypatch.setattr(autosave_mod.Autosaver, "save", refuse(code))
    session = Session.new([SeatSpec(human=False), SeatSpec(human=False)], seed=5)
    app.start_session(session)
    table = app.scene
    turns = 0
    for _ in range(3000):
        app.step(1 / 60)
        turns = session.game.state.turn
        if turns >= 4:
            break
    assert turns >= 4, "the game stopped"
    assert table.message == f"Autosave failed: {words}. The game goes on; Ctrl+S tries again."
    assert sum(line.startswith("Autosave failed") for line in session.log) == 1
    monkeypatch.undo()
    table.autosave()
    assert table.message == "Autosave works again."


def test_a_failed_save_is_told(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session.new([SeatSpec(human=True), SeatSpec(human=False)], seed=5)
    app.start_session(session)
    table = app.scene
    monkeypatch.setattr(io_mod.os, "fsync", refuse(errno.ENOSPC))
    table.save()
    assert table.message == "Could not save: the disk is full. The game goes on."
    assert session.log[-1] == table.message

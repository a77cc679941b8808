"""Fixtures shared by the tests (pytest finds them here, no import needed): `drawn`, every
text drawn on a Canvas, and `app`, a headless 1600x900 App with instant animations and its
settings in a temporary folder, for the UI tests."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import game.games  # noqa: E402,F401  (every installed game's front end registers)
from game.shell.app import App  # noqa: E402
from game.shell.registry import front_end  # noqa: E402
from game.shell.scenegraph import Canvas  # noqa: E402
from game.shell.settings import Settings  # noqa: E402


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn on a Canvas, in order."""
    texts: list[str] = []
    orig: Callable[..., Any] = Canvas.text

    def text(self: Canvas, s: str, *a: Any, **k: Any) -> Any:
        texts.append(s)
        return orig(self, s, *a, **k)

    monkeypatch.setattr(Canvas, "text", text)
    return texts


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A headless App (1600x900, no animation or bot delay) keeping its files in tmp_path, at
    An Age Contrived's title menu (as if chosen on the game picker, the first screen now that
    several games are installed; Age of Reason's tests choose theirs)."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    a = App((1600, 900), Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    a.choose_game(front_end("aac"))
    a.open_menu()
    yield a
    a.bot_worker.stop()

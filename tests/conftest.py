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


def headless_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                 size: tuple[int, int] = (1600, 900), persist: bool = False,
                 **settings: Any) -> App:
    """A headless App keeping its files in tmp_path: no animation and no bot delay unless
    `settings` say otherwise."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    st = Settings(**{"anim_speed": 0.0, "bot_delay": 0.0, **settings})
    return App(size, st, persist=persist, headless=True)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "app(size=..., persist=..., **settings): how the "
                                       "shared `app` fixture is made for a module or a test")


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The one headless App of the UI tests (1600x900, no animation or bot delay, its files in
    tmp_path). A module or a test changes it with `@pytest.mark.app(size=(1280, 720),
    anim_speed=1.0, persist=True)`; `@pytest.mark.parametrize("app", [sizes], indirect=True)`
    runs a test at several window sizes."""
    marker = request.node.get_closest_marker("app")
    kw: dict[str, Any] = dict(marker.kwargs) if marker is not None else {}
    if hasattr(request, "param"):
        kw["size"] = request.param
    a = headless_app(tmp_path, monkeypatch, **kw)
    yield a
    a.bot_worker.stop()

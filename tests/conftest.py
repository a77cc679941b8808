"""Fixtures shared by the tests (pytest finds them here, no import needed): `drawn`, every
text drawn on a Canvas, for the UI tests."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.scenegraph import Canvas  # noqa: E402


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

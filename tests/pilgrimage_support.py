"""Tests that play the Pilgrimage module use the fixture `pilgrimage`: the module is registered
by engine.aac.game (as Folklore is); the fixture makes sure it is registered for the test, in
case an earlier test took it back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine import Game
from engine.aac.modules import MODULES, register_module
from engine.aac.pilgrimage import MODULE
from engine.aac.pilgrimage.state import pdata
from engine.aac.state import EMPTY
from tests.builder import T


@pytest.fixture
def pilgrimage() -> Iterator[None]:
    if MODULE.name not in MODULES:
        register_module(MODULE)
    yield


def pd(g: Game) -> dict[str, Any]:
    """The Pilgrimage module's data of a game (engine.aac.pilgrimage.state)."""
    return pdata(g.state)


def on_board(g: Game, seat: int, space: str, etype: str) -> None:
    """One of the seat's exhausted energy onto a Pilgrim Board energy space."""
    p = g.state.players[seat]
    t = T(etype)
    assert p.exhausted[t] > 0 and pd(g)["energy"][space] == EMPTY
    p.exhausted[t] -= 1
    pd(g)["energy"][space] = seat * 4 + t

"""The Pilgrimage module is not offered to players yet (engine.aac.game does not import it).
Tests that play it import it from here: importing registers it, so the registration is taken
back at once (the other tests see only the modules the game offers); the fixture
`pilgrimage` registers it for one test. Its effect handlers stay registered (they act only in
a game with the module)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.aac.modules import MODULES, register_module, unregister_module
from engine.aac.pilgrimage import MODULE

if MODULE.name in MODULES:
    unregister_module(MODULE.name)


@pytest.fixture
def pilgrimage() -> Iterator[None]:
    register_module(MODULE)
    try:
        yield
    finally:
        unregister_module(MODULE.name)

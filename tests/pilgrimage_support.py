"""Tests that play the Pilgrimage module use the fixture `pilgrimage`: the module is registered
by engine.aac.game (as Folklore is); the fixture makes sure it is registered for the test, in
case an earlier test took it back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.aac.modules import MODULES, register_module
from engine.aac.pilgrimage import MODULE


@pytest.fixture
def pilgrimage() -> Iterator[None]:
    if MODULE.name not in MODULES:
        register_module(MODULE)
    yield

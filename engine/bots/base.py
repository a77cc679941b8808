"""The bot interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.decisions import Decision


class Bot(Protocol):
    name: str

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        """Return the id of one of `decision.choices`. `view` is the seat's view
        (Game.view(seat)); bots that do not read it may be given None."""
        ...

"""The bot interface and the legal-random bot (game-neutral)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state


class Bot(Protocol):
    name: str

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        """Return the id of one of `decision.choices`. `view` is the seat's view
        (Game.view(seat)); bots that do not read it may be given None."""
        ...


class RandomBot:
    """A uniformly random legal choice, seeded and deterministic."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed_state(seed ^ 0x5EED))

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return decision.choices[self._rng.below(len(decision.choices))].id

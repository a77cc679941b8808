"""The legal-random bot: a uniformly random legal choice, seeded and deterministic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.decisions import Decision
from engine.rng import Rng, seed_state


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed_state(seed ^ 0x5EED))

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return decision.choices[self._rng.below(len(decision.choices))].id

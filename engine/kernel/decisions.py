"""Decisions the engine asks for, and the Choices they offer."""

from __future__ import annotations

from typing import Any, NamedTuple


class Choice(NamedTuple):
    """One legal answer. `id` is stable (derived from what the choice means, never an index);
    `targets` name the board things a UI can highlight (space ids, "section:<mon>:<i>",
    "slot:<pos>:<row>", "pool_slot:<n>", "achievement:<id>:<col>", ...); `data` is the
    engine's own payload for applying it."""

    id: str
    label: str
    targets: tuple[str, ...] = ()
    data: Any = None


class Decision(NamedTuple):
    seat: int
    kind: str
    prompt: str
    choices: tuple[Choice, ...]

    def ids(self) -> list[str]:
        return [c.id for c in self.choices]

    def find(self, choice_id: str) -> Choice | None:
        for c in self.choices:
            if c.id == choice_id:
                return c
        return None


class IllegalChoice(ValueError):
    """The choice id is not one the pending decision offers; the game is unchanged."""

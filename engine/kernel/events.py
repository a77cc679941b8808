"""The Event base: what happened on the table, in order (a game's events subclass it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Event:
    pass

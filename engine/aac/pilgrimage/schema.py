"""The Pilgrimage module's data in a save (`snapshot.ext["pilgrimage"]`,
engine.aac.pilgrimage.state)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from engine.aac.schema import PER_SEAT, Cell, Id, SeatOrNone, Strict


class PilgrimageData(Strict):
    pos: Annotated[list[Id], PER_SEAT]
    speed: Annotated[list[Annotated[int, Field(ge=0, le=2)]], PER_SEAT]
    supply: Annotated[list[Id], Field(max_length=8)]
    frames: dict[Id, Id]
    blockades: dict[Id, SeatOrNone]
    energy: dict[Id, Cell]
    marked: dict[Id, Id] = Field(default_factory=dict)  # only once set (R27.1.7)

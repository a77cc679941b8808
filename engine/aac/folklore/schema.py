"""The Folklore module's data in a save (`snapshot.ext["folklore"]`, engine.aac.folklore.state)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from engine.aac.schema import PER_SEAT, Id, Seat, Strict

Cards = Annotated[list[Id], Field(max_length=6)]


class FolkloreData(Strict):
    hand: Annotated[list[Cards], PER_SEAT]
    aside: Annotated[list[Cards], PER_SEAT]
    played: Annotated[list[Cards], PER_SEAT]
    slots: Annotated[list[Annotated[int, Field(ge=0, le=3)]], PER_SEAT]
    primed: Annotated[list[bool], PER_SEAT]
    map: dict[Id, Annotated[list[Seat], Field(min_length=1, max_length=2)]]
    bound: dict[Id, Annotated[list[Seat], Field(min_length=1, max_length=5)]]
    track: Annotated[list[Annotated[int, Field(ge=0, le=4)]], PER_SEAT]
    placed: Annotated[list[Annotated[int, Field(ge=-1, le=10**7)]], PER_SEAT]
    teleport: Annotated[list[Annotated[str, Field(max_length=200)]], PER_SEAT]

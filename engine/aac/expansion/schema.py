"""The shared expansion parts' data in a save: Doubler Tokens (`snapshot.ext["doublers"]`,
engine.aac.expansion.doublers) and Scoring Cards (`snapshot.ext["scoring_cards"]`)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from engine.aac.schema import PER_SEAT, Id, Strict

Count = Annotated[int, Field(ge=0, le=16)]


class DoublerData(Strict):
    supply: Count
    areas: dict[Id, Annotated[list[Annotated[list[Count], Field(min_length=4, max_length=4)]],
                              PER_SEAT]]
    pillars: Annotated[list[Id], Field(max_length=16)]


class ScoringCardData(Strict):
    held: Annotated[list[Annotated[list[Id], Field(max_length=2)]], PER_SEAT]
    supply: Annotated[list[Id], Field(max_length=16)]

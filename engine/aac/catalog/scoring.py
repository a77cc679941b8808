"""Scoring objects.

Base game (content README "Scoring objects"): `{"type": "flat" | "threshold" | "per_unit"}`,
used by tier-III bridge sides and the achievement columns.

Scoring Cards (expansion README, scoring_cards.json): the replacement value objects,
discriminated on `kind`: a `table` of rows, a `linear` rule, `by_column` (achievements) and
`printed_on_token` (the standard tier-III values live on each character's token).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.aac.catalog.common import Frozen
from engine.aac.catalog.counters import Counter


class FlatScoring(Frozen):
    type: Literal["flat"]
    vp: int


class ThresholdScoring(Frozen):
    type: Literal["threshold"]
    counter: Counter
    at_least: int
    vp: int


class PerUnitScoring(Frozen):
    type: Literal["per_unit"]
    counter: Counter
    vp_each: int
    max_vp: int | None
    max_is_natural: bool


Scoring = Annotated[
    FlatScoring | ThresholdScoring | PerUnitScoring, Field(discriminator="type")
]


# --- Scoring Card values -----------------------------------------------------------------------


class TableRow(Frozen):
    id: str
    count: int
    vp: int
    or_more: bool


class TableValues(Frozen):
    """VP by count; `or_more` on the last row means higher counts score that row."""

    id: str
    kind: Literal["table"]
    zero_scores: int
    rows: tuple[TableRow, ...]


class LinearValues(Frozen):
    """`flat_vp + vp_per_unit x count`."""

    id: str
    kind: Literal["linear"]
    flat_vp: int
    vp_per_unit: int


class ByColumnValues(Frozen):
    """Achievements: one linear rule per column."""

    id: str
    kind: Literal["by_column"]
    flat_column: LinearValues
    multiplier_column: LinearValues


class PrintedOnTokenValues(Frozen):
    """The standard tier-III values: printed on each character's Bridge Token III."""

    id: str
    kind: Literal["printed_on_token"]


CardValues = Annotated[
    TableValues | LinearValues | ByColumnValues | PrintedOnTokenValues,
    Field(discriminator="kind"),
]

"""The models of `expansion/scoring_cards.json`: the 8 Scoring Cards, the six categories whose
standard values they replace, and their rules. The value objects are the scoring vocabulary's
Scoring Card values (engine.aac.catalog.scoring).

The top-level model is :class:`ScoringCardsFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import Frozen, RuleText
from engine.aac.catalog.scoring import CardValues


class ScoringCategory(Frozen):
    id: str
    name: str
    counts: str
    scope: Literal["player", "per_monument", "per_achievement"]
    max_count: int | None = None
    standard: CardValues


class ScoringCard(Frozen):
    id: str
    name: str
    category: str
    applies_to: Literal["all", "one_achievement"]
    choose: str | None = None
    requires: str | None = None
    counts_override: str | None = None
    scoring: CardValues
    text: str
    design_note: str


class ScoringCardsFile(Frozen):
    id: str
    schema_version: Literal[1]
    module: Literal["either"]
    description: str
    max_per_player: int
    card_count: int
    categories: tuple[ScoringCategory, ...]
    cards: tuple[ScoringCard, ...]
    rules: tuple[RuleText, ...]

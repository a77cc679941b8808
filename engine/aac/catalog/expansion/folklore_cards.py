"""The models of `expansion/folklore_cards.json`: 42 Folklore Cards (6 per character) with
their 2-4 options, the decks and the resolution rules.

The top-level model is :class:`FolkloreCardsFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import Frozen, RuleText
from engine.aac.catalog.expansion.common import Benefit


class FolkloreOption(Benefit):
    label: Literal["A", "B", "C", "D"]


class FolkloreCard(Frozen):
    id: str
    character: str
    number: int
    name: str
    flavour: str
    theme: str
    option_count: int
    options: tuple[FolkloreOption, ...]


class FolkloreDeck(Frozen):
    id: str
    character: str
    display_name: str
    theme: str
    cards: tuple[str, ...]


class FolkloreCardsFile(Frozen):
    id: str
    schema_version: Literal[1]
    module: Literal["folklore"]
    description: str
    card_count: int
    resolution_rules: tuple[RuleText, ...]
    decks: tuple[FolkloreDeck, ...]
    cards: tuple[FolkloreCard, ...]

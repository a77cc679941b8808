"""The models of `expansion/patron_tokens.json`: the six revised Monument Patron Tokens (one
shared use: exhaust the bottom row, then complete a section or, with Pilgrimage, construct a
Shrine).

The top-level model is :class:`PatronTokensFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import Frozen, RuleText
from engine.aac.catalog.effects import Effect
from engine.aac.catalog.expansion.common import Benefit


class PatronChoice(Benefit):
    module: Literal["any", "pilgrimage"]


class PatronUse(Frozen):
    id: str
    timing: Literal["end_of_advance_turn"]
    limit: str
    reusable: bool
    cost: tuple[Effect, ...]
    cost_note: str
    choices: tuple[PatronChoice, ...]


class RevisedPatronToken(Frozen):
    id: str
    replaces_base_patron_token: str
    home_monument: str
    face: str
    use: str


class PatronTokensFile(Frozen):
    id: str
    schema_version: Literal[1]
    module: Literal["base_revision"]
    description: str
    token_count: int
    identical_function: bool
    why_identical: str
    acquire: RuleText
    use: PatronUse
    tokens: tuple[RevisedPatronToken, ...]

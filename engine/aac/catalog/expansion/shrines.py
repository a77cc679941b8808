"""The models of `expansion/shrines.json`: the 8 Shrines in the solo bot's ranked order, each
with its benefit.

The top-level model is :class:`ShrinesFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import Frozen, RuleText
from engine.aac.catalog.expansion.common import Benefit


class Shrine(Frozen):
    id: str
    name: str
    bot_rank: int
    printed_symbol: str
    benefit: Benefit
    optional: bool
    inference: str


class ShrinesFile(Frozen):
    id: str
    schema_version: Literal[1]
    module: Literal["pilgrimage"]
    description: str
    shrine_count: int
    shrines: tuple[Shrine, ...]
    rules: tuple[RuleText, ...]

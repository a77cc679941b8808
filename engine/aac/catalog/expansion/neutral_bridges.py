"""The models of `expansion/neutral_bridges_pilgrimage.json`: the Pilgrimage Module's two
neutral Bridge Tokens, which replace two base neutral bridges and give a Pilgrim Board move.

The top-level model is :class:`NeutralBridgesFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import Frozen, RuleText
from engine.aac.catalog.expansion.common import Benefit


class PilgrimageBridge(Frozen):
    id: str
    name: str
    module: Literal["pilgrimage"]
    replaces_neutral_bridge: str
    replaced_role: str
    placement: str
    perk: Benefit
    trigger: str
    design_note: str


class NeutralBridgesFile(Frozen):
    id: str
    schema_version: Literal[1]
    module: Literal["pilgrimage"]
    description: str
    bridge_count: int
    bridges: tuple[PilgrimageBridge, ...]
    rules: tuple[RuleText, ...]

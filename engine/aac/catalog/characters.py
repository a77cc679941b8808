"""The models of `characters.json`: Energy types, the energy reserve, the seven characters with
their powers, bridge tokens and quick-start loads (content README "characters.json").

The top-level model is :class:`CharactersFile`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.aac.catalog.common import (
    ChannelSide,
    EnergyType,
    Frozen,
    Limit,
    TierNumeral,
)
from engine.aac.catalog.effects import Effect
from engine.aac.catalog.scoring import Scoring
from engine.aac.catalog.triggers import Trigger


class EnergyTypeDef(Frozen):
    id: EnergyType
    name: str
    activation: Effect
    activation_text: str
    matches_any_symbol: bool = False


class ReserveRow(Frozen):
    id: str
    type: EnergyType
    tokens: int


class ReserveColumn(Frozen):
    id: str
    position: int


class ReserveScoring(Frozen):
    by_rows_fully_freed: dict[int, int]


class EnergyReserve(Frozen):
    id: str
    rows: tuple[ReserveRow, ...]
    columns: tuple[ReserveColumn, ...]
    setup: str
    pair_bonus: str
    scoring: ReserveScoring
    not_on_board: str
    empty_row: str


class ChannelMarkerRules(Frozen):
    sides: tuple[ChannelSide, ...]
    start_rule: str
    use: str


class EnergyCounts(Frozen):
    compass: int
    rose: int
    magnet: int
    wild: int

    def get(self, energy: EnergyType) -> int:
        """Count for one energy type."""
        counts: dict[EnergyType, int] = {
            "compass": self.compass,
            "rose": self.rose,
            "magnet": self.magnet,
            "wild": self.wild,
        }
        return counts[energy]


class EnergyCountsWithTotal(EnergyCounts):
    total: int


class QuickStartRules(Frozen):
    standard: str
    expert_variant: str
    in_play_energy: EnergyCountsWithTotal


class BridgeTokenRules(Frozen):
    order: str
    sides: str
    tier3_scoring_scope: str


class WildEnergy(Frozen):
    type: Literal["wild"]
    name: str


class CharacterChannelMarker(Frozen):
    id: str
    start_side: dict[int, ChannelSide]


class Passive(Frozen):
    id: str
    tier: Literal[0]
    name: str
    always_active: bool
    trigger: Trigger
    effect: Effect
    limit: Limit
    text: str


class Power(Frozen):
    id: str
    tier: Literal[1, 2, 3]
    tier_numeral: TierNumeral
    name: str
    uncovered_by: str
    trigger: Trigger
    effect: Effect
    limit: Limit
    limit_with_modules: Limit = None
    optional: bool
    text: str


class BridgeSide(Frozen):
    id: str
    side: Literal["A", "B"]
    bonus: Effect
    bonus_text: str
    end_game_scoring: Scoring | None = None
    end_game_text: str | None = None


class BridgeToken(Frozen):
    id: str
    tier: Literal[1, 2, 3]
    tier_numeral: TierNumeral
    uncovers: str
    sides: tuple[BridgeSide, BridgeSide]


class DeviceLoad(Frozen):
    position: int
    tile: str
    top: tuple[EnergyType, ...]
    bottom: tuple[EnergyType, ...]


class DeviceLoads(Frozen):
    three_plus_players: tuple[DeviceLoad, ...]
    two_players: tuple[DeviceLoad, ...]


class ExhaustedPool(Frozen):
    three_plus_players: EnergyCounts
    two_players: EnergyCounts


class QuickStart(Frozen):
    id: str
    device_loads: DeviceLoads
    on_deck: tuple[str, ...]
    tile_pool: tuple[EnergyType, ...]
    energy_reserve: EnergyCounts
    exhausted_pool: ExhaustedPool
    tip: str


class Character(Frozen):
    id: str
    name: str
    alt_spellings: tuple[str, ...] = ()
    title: str
    pronoun: str
    origin: Literal["base", "expansion"]
    colour: str
    colour_hex: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    figure: str
    wild_energy: WildEnergy
    energy_tokens: EnergyCountsWithTotal
    starting_tiles: tuple[str, ...]
    action_tokens: tuple[str, ...]
    channel_marker: CharacterChannelMarker
    passive: Passive | None
    powers: tuple[Power, ...]
    bridge_tokens: tuple[BridgeToken, ...]
    quick_start: QuickStart


class CharactersFile(Frozen):
    id: str
    energy_types: tuple[EnergyTypeDef, ...]
    energy_token_rule: str
    energy_reserve: EnergyReserve
    channel_marker: ChannelMarkerRules
    quick_start_rules: QuickStartRules
    bridge_token_rules: BridgeTokenRules
    characters: tuple[Character, ...]

"""The models of `map.json`: Regions, spaces, edges, forks, bridge spaces and neutral bridge
tokens, pillars, monument sites and bound areas, and the board areas (content README
"map.json").

The top-level model is :class:`MapFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import (
    ColumnKind,
    CoordinateSystem,
    Frozen,
    Point,
    RegionKind,
    Spot,
)
from engine.aac.catalog.effects import Effect

SpaceKind = Literal["path", "start", "bridge_gap", "bridge_neutral_fixed"]
BridgeRole = Literal["spoke", "ring_inner", "ring_outer"]
BridgeSetupKind = Literal["neutral_if_region_monument_in_use", "neutral_always", "empty"]


class MovementModel(Frozen):
    edges_directed: bool
    facing: str
    bounce: str
    occupied_spaces: str
    initial_facing: str
    bridge_space_regions: str


class BoundArea(Frozen):
    id: str
    x: int
    y: int
    capacity: int | None


class MonumentSite(Frozen):
    id: str
    monument: str
    x: int
    y: int
    bound_area: BoundArea
    patron_token_spot: Spot


class PillarAvailabilityExtra(Frozen):
    players: int
    condition: Literal["region_monument_not_in_use"]


class PillarAvailability(Frozen):
    always: bool = False
    min_players: int | None = None
    also_when: tuple[PillarAvailabilityExtra, ...] = ()


class PillarSpace(Frozen):
    id: str
    side: Literal["left", "right"]
    availability: PillarAvailability


class Pillar(Frozen):
    id: str
    name: str
    x: int
    y: int
    spaces: tuple[PillarSpace, ...]


class Region(Frozen):
    id: str
    name: str
    kind: RegionKind
    centroid: Point
    draw_radius: int
    clockwise_index: int | None = None
    start_space: str
    start_eligible: bool
    monument_site: MonumentSite
    pillar: Pillar


class BridgeSite(Frozen):
    role: BridgeRole
    setup: BridgeSetupKind
    setup_region: str | None = None
    neutral_token: str | None = None


class MapSpace(Frozen):
    id: str
    kind: SpaceKind
    x: int
    y: int
    region: str | None
    regions: tuple[str, str] | None = None
    initial_facing_options: tuple[str, ...] | None = None
    bridge_site: BridgeSite | None = None


class Edge(Frozen):
    id: str
    a: str
    b: str


class Fork(Frozen):
    id: str
    space: str
    branches: tuple[str, ...]


class RegionAdjacency(Frozen):
    region: str
    shares_bridge_space_with: tuple[str, ...]


class CharacterSetup(Frozen):
    rule: str
    digital_assignment: str
    central_start_space: str


class BridgeSetup(Frozen):
    player_count_tokens: str
    fixed_tokens: str
    left_empty: str
    empty_spaces_at_start_by_players: dict[int, int]
    unused_tokens: str


class BridgeRules(Frozen):
    bonus_trigger: tuple[Literal["land", "cross"], ...]
    bonus_limit: Literal["once_per_bridge_per_turn_per_player"]
    bonus_recipient: str
    empty_bridge_space: str
    player_bridge_placement: str
    influence: str


class NeutralBridgeToken(Frozen):
    id: str
    name: str
    group: Literal["player_count", "fixed"]
    min_players: int
    placement: Literal["spoke_of_region_with_monument_in_use", "fixed_site"]
    site: str | None = None
    bonus: Effect
    bonus_text: str


class PillarScoring(Frozen):
    by_pillars_with_your_energy: dict[int, int]
    note: str


class TilePoolBoardSlot(Frozen):
    id: str
    slot: int
    price: int
    x: int
    y: int


class PlayerBanks(Frozen):
    id: str
    x: int
    y: int
    note: str


class TilePoolArea(Frozen):
    id: str
    name: str
    x: int
    y: int
    w: int
    h: int
    slots: tuple[TilePoolBoardSlot, ...]
    rightmost_slot: str
    stack_spot: Spot
    player_banks: PlayerBanks


class AchievementColumnSpot(Frozen):
    id: str
    column: ColumnKind
    x: int
    y: int


class AchievementSpot(Frozen):
    id: str
    kind: Literal["variable", "fixed"]
    x: int
    y: int
    columns: tuple[AchievementColumnSpot, ...]


class AchievementsArea(Frozen):
    id: str
    x: int
    y: int
    w: int
    h: int
    spots: tuple[AchievementSpot, ...]


class EnergyReservesArea(Frozen):
    id: str
    x: int
    y: int
    w: int
    h: int
    player_areas: tuple[Spot, ...]
    assignment: str


class MonumentTray(Frozen):
    id: str
    x: int
    y: int
    w: int
    h: int
    note: str


class BoardAreas(Frozen):
    tile_pool: TilePoolArea
    achievements: AchievementsArea
    energy_reserves: EnergyReservesArea
    monument_tray: MonumentTray


class MapFile(Frozen):
    id: str
    name: str
    coordinate_system: CoordinateSystem
    movement_model: MovementModel
    regions: tuple[Region, ...]
    spaces: tuple[MapSpace, ...]
    edges: tuple[Edge, ...]
    forks: tuple[Fork, ...]
    region_adjacency: tuple[RegionAdjacency, ...]
    dead_ends: tuple[str, ...]
    dead_ends_note: str
    character_setup: CharacterSetup
    bridge_setup: BridgeSetup
    bridge_rules: BridgeRules
    neutral_bridge_tokens: tuple[NeutralBridgeToken, ...]
    pillar_scoring: PillarScoring
    board_areas: BoardAreas

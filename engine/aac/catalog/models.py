"""Pydantic models for the component catalog (``assets/data/*.json``).

One ``*File`` model per JSON file: :class:`MapFile`, :class:`MonumentsFile`,
:class:`TilesFile`, :class:`CharactersFile` and :class:`AchievementsFile`.
All models are frozen and reject unknown fields. Lists are stored as tuples.
Maps keyed by player count (``{"2": 8, ...}``) are parsed to ``dict[int, ...]``.

Effects, triggers, counters and scoring objects are discriminated unions on
``effect``, ``trigger``, ``counter`` and ``type`` respectively, so every name
outside the README's vocabulary is rejected.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

# ---------------------------------------------------------------------------
# Closed vocabularies
# ---------------------------------------------------------------------------

EnergyType = Literal["compass", "rose", "magnet", "wild"]
Symbol = Literal["compass", "rose", "magnet"]
ReserveChoice = Literal["compass", "rose", "magnet", "wild", "any"]
IconId = Literal["move", "monument", "pillar"]
MovementKind = Literal["character", "monument", "pillar"]
TrackKind = Literal["monument", "pillar"]
BoundKind = Literal["bound_area", "pillar", "achievement"]
RegionKind = Literal["central", "outer"]
SpaceKind = Literal["path", "start", "bridge_gap", "bridge_neutral_fixed"]
BridgeRole = Literal["spoke", "ring_inner", "ring_outer"]
BridgeSetupKind = Literal["neutral_if_region_monument_in_use", "neutral_always", "empty"]
StackId = Literal["I", "II", "III"]
TierNumeral = Literal["I", "II", "III"]
Limit = Literal["once_per_turn", "once_per_action"] | None
TurnType = Literal["advance", "actions"]
ColumnKind = Literal["flat", "multiplier"]
ChannelSide = Literal["charged", "exhausted"]

EffectName = Literal[
    "choice",
    "sequence",
    "free_reserve",
    "shop_deposit",
    "replenish_tile",
    "relocate_energy",
    "load_into_device",
    "load_energy",
    "exhaust_energy",
    "swap_top_row_with_exhausted",
    "recharge",
    "deploy",
    "claim_tiles",
    "claim_rightmost_free",
    "reposition",
    "activate_action",
    "upgrade_action",
    "gain_conduit",
    "count_conduits",
    "rearrange_conduits",
    "reverse_advance_direction",
    "move_character",
    "move_track",
    "movement_points",
    "extra_character_movement",
    "set_rose_activation",
    "fly_over_empty_bridge",
    "fly_character",
    "teleport_character",
    "movement_per_claimed_icon",
    "place_bridge",
    "activate_other_bonus_tile",
    "construct_section",
    "construct_and_deconstruct",
    "relocate_bound_energy",
    "place_as_any_symbol",
    "gain_both_perks",
    "bind_from_section",
    "character_counts_as_energy",
]

TriggerName = Literal[
    "passive",
    "on_gain_character_movement",
    "on_activate_energy",
    "end_of_turn_if_entered_region",
    "on_load_wild_into_position",
    "before_position_action",
    "on_recharge_while_charged",
    "start_of_advance_turn",
    "claim_step_2",
    "on_would_bounce",
    "after_first_push_of_two",
    "on_place_energy_in_section",
    "on_section_completed",
]

CounterName = Literal[
    "tile_icons",
    "conduit_tokens",
    "upgraded_actions",
    "bound_energy",
    "distinct_types_bound",
    "max_distinct_types_bound_in_one_region",
    "regions_with_bound_energy",
    "bound_areas_with_energy",
    "max_bound_in_one_region",
    "reserve_types_freed",
    "bridge_regions_meeting",
    "bridges_touching",
    "character_in_bridge_regions",
    "tile_pool_energy",
    "achievement_energy",
]


class Frozen(BaseModel):
    """Base class: immutable, and unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Point(Frozen):
    x: int
    y: int


class Spot(Frozen):
    """A named point on the board."""

    id: str
    x: int
    y: int


# ---------------------------------------------------------------------------
# Effects (discriminated on ``effect``)
# ---------------------------------------------------------------------------


class ChoiceEffect(Frozen):
    effect: Literal["choice"]
    options: tuple[Effect, ...]


class SequenceEffect(Frozen):
    effect: Literal["sequence"]
    steps: tuple[Effect, ...]


class FreeReserveEffect(Frozen):
    effect: Literal["free_reserve"]
    types: tuple[ReserveChoice, ...]


class ShopDepositEffect(Frozen):
    effect: Literal["shop_deposit"]
    count: int


class ReplenishTileEffect(Frozen):
    effect: Literal["replenish_tile"]
    tiles: int
    row: Literal["top"]
    filter: Literal["has_icon"] | None = None


class RelocateEnergyEffect(Frozen):
    effect: Literal["relocate_energy"]
    destinations: tuple[Literal["tile_pool", "achievement", "monument_section"], ...]


class LoadIntoDeviceEffect(Frozen):
    effect: Literal["load_into_device"]
    slots: Literal["any_empty"]


class LoadEnergyEffect(Frozen):
    effect: Literal["load_energy"]
    energies: tuple[Literal["activated_wild", "one_from_exhausted"], ...]
    into: Literal["empty_slots_of_one_active_tile"]
    if_none_exhausted: Literal["take_as_when_running_out"]


class ExhaustEnergyEffect(Frozen):
    effect: Literal["exhaust_energy"]
    which: Literal["this", "activated_wild"]


class SwapTopRowWithExhaustedEffect(Frozen):
    effect: Literal["swap_top_row_with_exhausted"]
    count: int


class RechargeEffect(Frozen):
    effect: Literal["recharge"]


class DeployEffect(Frozen):
    effect: Literal["deploy"]
    from_positions: tuple[int, ...]
    tiles: int


class ClaimTilesEffect(Frozen):
    effect: Literal["claim_tiles"]
    max: int
    price_each: int | None


class ClaimRightmostFreeEffect(Frozen):
    effect: Literal["claim_rightmost_free"]


class RepositionEffect(Frozen):
    effect: Literal["reposition"]
    times: int


class ActivateActionEffect(Frozen):
    effect: Literal["activate_action"]
    positions: tuple[int, ...]


class UpgradeActionEffect(Frozen):
    effect: Literal["upgrade_action"]


class GainConduitEffect(Frozen):
    effect: Literal["gain_conduit"]


class CountConduitsEffect(Frozen):
    effect: Literal["count_conduits"]


class RearrangeConduitsEffect(Frozen):
    effect: Literal["rearrange_conduits"]


class ReverseAdvanceCost(Frozen):
    exhaust_from_device: int


class ReverseAdvanceDirectionEffect(Frozen):
    effect: Literal["reverse_advance_direction"]
    cost: ReverseAdvanceCost


class MoveCharacterEffect(Frozen):
    effect: Literal["move_character"]
    amount: int


class MoveTrackEffect(Frozen):
    effect: Literal["move_track"]
    track: TrackKind
    amount: int


class MovementPointsEffect(Frozen):
    effect: Literal["movement_points"]
    amount: int
    kinds: tuple[MovementKind, ...]


class ExtraCharacterMovementEffect(Frozen):
    effect: Literal["extra_character_movement"]
    amount: int


class SetRoseActivationEffect(Frozen):
    effect: Literal["set_rose_activation"]
    movement_points: int


class FlyOverEmptyBridgeEffect(Frozen):
    effect: Literal["fly_over_empty_bridge"]
    cost: int


class FlyCharacterEffect(Frozen):
    effect: Literal["fly_character"]
    scope: Literal["current_or_adjacent_region"]
    spend: Literal["all_gained_movement"]


class TeleportCharacterEffect(Frozen):
    effect: Literal["teleport_character"]
    to: Literal["tile_pool", "any_non_bridge_space"]
    choose_facing: bool = False
    optional: bool = False


class MovementPerClaimedIconEffect(Frozen):
    effect: Literal["movement_per_claimed_icon"]
    per_icon: int


class PlaceBridgeEffect(Frozen):
    effect: Literal["place_bridge"]


class ActivateOtherBonusTileEffect(Frozen):
    effect: Literal["activate_other_bonus_tile"]


class ConstructSectionEffect(Frozen):
    effect: Literal["construct_section"]
    which: Literal["topmost_of_any_monument"]
    completing_player: None = None


class ConstructAndDeconstructEffect(Frozen):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    effect: Literal["construct_and_deconstruct"]
    here: Literal["a_region_entered_this_turn"]
    elsewhere: Literal["other_region_with_monument_in_use"]
    # ``construct`` would shadow ``BaseModel.construct``; the JSON key stays ``construct``.
    construct_: Literal["topmost_section_as_patron"] = Field(alias="construct")
    deconstruct: Literal["any_constructed_section_to_bottom_of_stack"]


class RelocateBoundEnergyEffect(Frozen):
    effect: Literal["relocate_bound_energy"]
    count: int
    to: Literal["character_region"]
    same_kind: bool


class PlaceAsAnySymbolEffect(Frozen):
    effect: Literal["place_as_any_symbol"]
    count: int
    energy: Literal["non_wild"]


class GainBothPerksEffect(Frozen):
    effect: Literal["gain_both_perks"]


class BindFromSectionEffect(Frozen):
    effect: Literal["bind_from_section"]
    count: int


class CharacterCountsAsEnergyEffect(Frozen):
    """Valimod's passive."""

    effect: Literal["character_counts_as_energy"]
    value: int
    location: Literal["tile_pool"]
    immobile_there: bool
    may_exceed_price: bool
    when_spent_in_claim: TeleportCharacterEffect
    claim_without_tiles_to_teleport: bool
    no_interest_when_claiming_without_tiles: bool
    end_game_vp_if_in_tile_pool: int


Effect = Annotated[
    ChoiceEffect
    | SequenceEffect
    | FreeReserveEffect
    | ShopDepositEffect
    | ReplenishTileEffect
    | RelocateEnergyEffect
    | LoadIntoDeviceEffect
    | LoadEnergyEffect
    | ExhaustEnergyEffect
    | SwapTopRowWithExhaustedEffect
    | RechargeEffect
    | DeployEffect
    | ClaimTilesEffect
    | ClaimRightmostFreeEffect
    | RepositionEffect
    | ActivateActionEffect
    | UpgradeActionEffect
    | GainConduitEffect
    | CountConduitsEffect
    | RearrangeConduitsEffect
    | ReverseAdvanceDirectionEffect
    | MoveCharacterEffect
    | MoveTrackEffect
    | MovementPointsEffect
    | ExtraCharacterMovementEffect
    | SetRoseActivationEffect
    | FlyOverEmptyBridgeEffect
    | FlyCharacterEffect
    | TeleportCharacterEffect
    | MovementPerClaimedIconEffect
    | PlaceBridgeEffect
    | ActivateOtherBonusTileEffect
    | ConstructSectionEffect
    | ConstructAndDeconstructEffect
    | RelocateBoundEnergyEffect
    | PlaceAsAnySymbolEffect
    | GainBothPerksEffect
    | BindFromSectionEffect
    | CharacterCountsAsEnergyEffect,
    Field(discriminator="effect"),
]

# ---------------------------------------------------------------------------
# Triggers (discriminated on ``trigger``)
# ---------------------------------------------------------------------------


class PassiveTrigger(Frozen):
    trigger: Literal["passive"]


class OnGainCharacterMovementTrigger(Frozen):
    trigger: Literal["on_gain_character_movement"]
    min_amount: int


class OnActivateEnergyTrigger(Frozen):
    trigger: Literal["on_activate_energy"]
    types: tuple[EnergyType, ...]


class EndOfTurnIfEnteredRegionTrigger(Frozen):
    trigger: Literal["end_of_turn_if_entered_region"]
    turn_types: tuple[TurnType, ...]


class OnLoadWildIntoPositionTrigger(Frozen):
    trigger: Literal["on_load_wild_into_position"]
    position: int


class BeforePositionActionTrigger(Frozen):
    trigger: Literal["before_position_action"]
    position: int


class OnRechargeWhileChargedTrigger(Frozen):
    trigger: Literal["on_recharge_while_charged"]


class StartOfAdvanceTurnTrigger(Frozen):
    trigger: Literal["start_of_advance_turn"]


class ClaimStep2Trigger(Frozen):
    trigger: Literal["claim_step_2"]


class OnWouldBounceTrigger(Frozen):
    trigger: Literal["on_would_bounce"]


class AfterFirstPushOfTwoTrigger(Frozen):
    trigger: Literal["after_first_push_of_two"]


class OnPlaceEnergyInSectionTrigger(Frozen):
    trigger: Literal["on_place_energy_in_section"]


class OnSectionCompletedTrigger(Frozen):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    trigger: Literal["on_section_completed"]
    as_: Literal["completer", "contributor_not_completer"] = Field(alias="as")


Trigger = Annotated[
    PassiveTrigger
    | OnGainCharacterMovementTrigger
    | OnActivateEnergyTrigger
    | EndOfTurnIfEnteredRegionTrigger
    | OnLoadWildIntoPositionTrigger
    | BeforePositionActionTrigger
    | OnRechargeWhileChargedTrigger
    | StartOfAdvanceTurnTrigger
    | ClaimStep2Trigger
    | OnWouldBounceTrigger
    | AfterFirstPushOfTwoTrigger
    | OnPlaceEnergyInSectionTrigger
    | OnSectionCompletedTrigger,
    Field(discriminator="trigger"),
]

# ---------------------------------------------------------------------------
# Counters, conditions and scoring
# ---------------------------------------------------------------------------


class TileIconsCounter(Frozen):
    counter: Literal["tile_icons"]
    icon: IconId


class ConduitTokensCounter(Frozen):
    counter: Literal["conduit_tokens"]


class UpgradedActionsCounter(Frozen):
    counter: Literal["upgraded_actions"]


class BoundEnergyCounter(Frozen):
    counter: Literal["bound_energy"]
    # ``None`` inside ``bridge_regions_meeting`` requirements: the region being tested.
    scope: Literal["board", "bridge_regions", "this_monument"] | None = None
    kinds: tuple[BoundKind, ...]
    types: tuple[EnergyType, ...] | Literal["claiming_token_type"] | None = None


class DistinctTypesBoundCounter(Frozen):
    counter: Literal["distinct_types_bound"]
    scope: Literal["board", "bridge_regions"]
    kinds: tuple[BoundKind, ...]


class MaxDistinctTypesBoundInOneRegionCounter(Frozen):
    counter: Literal["max_distinct_types_bound_in_one_region"]
    scope: Literal["bridge_regions"]
    kinds: tuple[BoundKind, ...]


class RegionsWithBoundEnergyCounter(Frozen):
    counter: Literal["regions_with_bound_energy"]
    scope: Literal["all_regions"]
    kinds: tuple[BoundKind, ...]


class BoundAreasWithEnergyCounter(Frozen):
    counter: Literal["bound_areas_with_energy"]


class MaxBoundInOneRegionCounter(Frozen):
    counter: Literal["max_bound_in_one_region"]
    kinds: tuple[BoundKind, ...]


class ReserveTypesFreedCounter(Frozen):
    counter: Literal["reserve_types_freed"]


class BridgeRegionsMeetingCounter(Frozen):
    counter: Literal["bridge_regions_meeting"]
    requirements: tuple[Condition, ...]


class BridgesTouchingCounter(Frozen):
    counter: Literal["bridges_touching"]
    scope: Literal["bridge_regions"]
    owners: Literal["players"]


class CharacterInBridgeRegionsCounter(Frozen):
    counter: Literal["character_in_bridge_regions"]


class TilePoolEnergyCounter(Frozen):
    counter: Literal["tile_pool_energy"]
    include_character_value: bool


class AchievementEnergyCounter(Frozen):
    counter: Literal["achievement_energy"]


Counter = Annotated[
    TileIconsCounter
    | ConduitTokensCounter
    | UpgradedActionsCounter
    | BoundEnergyCounter
    | DistinctTypesBoundCounter
    | MaxDistinctTypesBoundInOneRegionCounter
    | RegionsWithBoundEnergyCounter
    | BoundAreasWithEnergyCounter
    | MaxBoundInOneRegionCounter
    | ReserveTypesFreedCounter
    | BridgeRegionsMeetingCounter
    | BridgesTouchingCounter
    | CharacterInBridgeRegionsCounter
    | TilePoolEnergyCounter
    | AchievementEnergyCounter,
    Field(discriminator="counter"),
]


class Condition(Frozen):
    """``counter >= at_least``."""

    counter: Counter
    at_least: int


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

# ---------------------------------------------------------------------------
# map.json
# ---------------------------------------------------------------------------


class CoordinateSystem(Frozen):
    x_range: tuple[int, int]
    y_range: tuple[int, int]
    origin: Literal["top_left"]
    y_axis: Literal["down"]
    note: str


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


# ---------------------------------------------------------------------------
# monuments.json
# ---------------------------------------------------------------------------


class MonumentsSetup(Frozen):
    monuments_in_use: str
    section_order: str
    bonus_tiles: str
    patron_tokens: str


class BonusTileCountRule(Frozen):
    rule: Literal["player_count_plus_one"]
    by_players: dict[int, int]


class BoundAreaScoring(Frozen):
    by_your_energy_in_one_bound_area: dict[int, int]
    cap: int
    note: str


class SectionCompletion(Frozen):
    perk_choice: str
    binding: str
    activation: str


class MonumentSpace(Frozen):
    id: str
    symbol: Symbol


class Section(Frozen):
    id: str
    number: int
    space_count: int
    spaces: tuple[MonumentSpace, ...]
    perk: FreeReserveEffect
    perk_text: str


class SymbolTotals(Frozen):
    compass: int
    rose: int
    magnet: int


class Monument(Frozen):
    id: str
    name: str
    region: str
    site: str
    always_in_use: bool
    randomizer_token: str | None
    colour: str
    description: str
    symbol_lean: str
    section_count: int
    total_spaces: int
    symbol_totals: SymbolTotals
    sections: tuple[Section, ...]


class RandomizerToken(Frozen):
    id: str
    monument: str


class MonumentBonusTile(Frozen):
    id: str
    name: str
    min_players: int
    always_present: bool
    effect: Effect
    text: str


class PatronToken(Frozen):
    id: str
    name: str
    monument: str
    spot: str


class PatronGain(Frozen):
    condition: Condition
    requires_token_available: bool
    max_held_per_player: int
    text: str


class PatronUse(Frozen):
    timing: Literal["end_of_advance_turn"]
    cost: Literal["exhaust_all_bottom_row_energy"]
    reusable: bool
    effect: Effect
    text: str


class PatronRules(Frozen):
    gain: PatronGain
    use: PatronUse


class MonumentsFile(Frozen):
    id: str
    energy_symbols: tuple[Symbol, ...]
    setup: MonumentsSetup
    bonus_tile_count_rule: BonusTileCountRule
    bound_area_scoring: BoundAreaScoring
    section_completion: SectionCompletion
    vertical_order_bottom_to_top: tuple[str, ...]
    vertical_order_note: str
    monuments: tuple[Monument, ...]
    randomizer_tokens: tuple[RandomizerToken, ...]
    monument_bonus_tiles: tuple[MonumentBonusTile, ...]
    monument_patron_tokens: tuple[PatronToken, ...]
    patron_rules: PatronRules


# ---------------------------------------------------------------------------
# tiles.json
# ---------------------------------------------------------------------------


class Icon(Frozen):
    id: IconId
    name: str
    also_called: tuple[str, ...] = ()
    movement_kind: MovementKind
    meaning: str | None = None


class DevicePosition(Frozen):
    id: str
    position: int
    conduit_space: str


class DeckSpace(Frozen):
    id: str


class ConduitSpace(Frozen):
    id: str
    above_position: int


class TileRows(Frozen):
    top: str
    bottom: str


class Device(Frozen):
    id: str
    positions: tuple[DevicePosition, ...]
    position_order: str
    on_deck_spaces: tuple[DeckSpace, ...]
    on_deck_note: str
    conduit_spaces: tuple[ConduitSpace, ...]
    tile_rows: TileRows
    tiles_owned: int
    tiles_in_device: int


class Track(Frozen):
    id: Literal["monument_track", "pillar_track"]
    name: str
    icon: IconId
    pegs: int
    entry_peg: int
    top_peg: int
    binds_to: Literal["monument_bound_area", "pillar_of_civilization"]
    max_tokens: int
    note: str


class StartingTile(Frozen):
    id: str
    character: str
    number: Literal["0", "1", "2", "3", "4", "5"]
    start_location: str
    top_slots: int
    bottom_slots: int
    icons: tuple[IconId, ...]
    upgraded: bool


class StartingTiles(Frozen):
    note: str
    tiles: tuple[StartingTile, ...]


class TilePoolSlot(Frozen):
    slot: int
    price: int
    board_slot: str


class TilePool(Frozen):
    id: str
    location: str
    slots: tuple[TilePoolSlot, ...]
    display_size: int
    refill: str
    stacks: tuple[StackId, ...]
    setup: str
    stack_sizes_by_players: dict[StackId | Literal["total"], dict[int, int]]
    claim_steps: tuple[str, ...]
    end_game_vp_per_energy: int


class ShopTile(Frozen):
    id: str
    stack: StackId
    min_players: int
    top_slots: int
    bottom_slots: int
    icons: tuple[IconId, ...]
    upgraded: bool


class DefaultActionToken(Frozen):
    id: str
    position: int
    name: str
    effect: Effect
    text: str


class UpgradeCopy(Frozen):
    id: str
    min_players: int


class ActionUpgrade(Frozen):
    id: str
    column: int
    name: str
    replaces: str
    effect: Effect
    text: str
    copies: tuple[UpgradeCopy, ...]


class ActionUpgradeRules(Frozen):
    setup: str
    one_per_column: str
    column_5: str
    copies_by_players: dict[int, int]


class ConduitToken(Frozen):
    id: str
    icons: tuple[IconId, ...]
    double: bool


class ConduitStack(Frozen):
    id: str
    icon: IconId
    tokens_top_to_bottom: tuple[ConduitToken, ...]


class ConduitMatching(Frozen):
    rule: Literal["product_per_column"]
    text: str


class ConduitTokens(Frozen):
    stacks: tuple[ConduitStack, ...]
    setup: str
    taking: str
    matching: ConduitMatching


class ReferenceNumbers(Frozen):
    tiles_per_player: int
    device_positions: int
    tile_pool_prices: tuple[int, ...]
    claim_max_tiles: int
    reposition_default_times: int
    character_move_default: int


class TilesFile(Frozen):
    id: str
    icons: tuple[Icon, ...]
    device: Device
    tracks: tuple[Track, ...]
    starting_tiles: StartingTiles
    tile_pool: TilePool
    shop_tiles: tuple[ShopTile, ...]
    default_action_tokens: tuple[DefaultActionToken, ...]
    action_upgrades: tuple[ActionUpgrade, ...]
    action_upgrade_rules: ActionUpgradeRules
    conduit_tokens: ConduitTokens
    reference_numbers: ReferenceNumbers


# ---------------------------------------------------------------------------
# characters.json
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# achievements.json
# ---------------------------------------------------------------------------


class AchievementColumn(Frozen):
    id: str
    column: ColumnKind
    name: str
    min_players: int
    scoring: Scoring
    text: str


class AchievementLayout(Frozen):
    variable_spots: tuple[str, ...]
    fixed_spots: tuple[str, ...]


class FixedAchievement(Frozen):
    id: str
    name: str
    spot: str
    qualify: Condition
    text: str


class RandomAchievement(Frozen):
    id: str
    name: str
    qualify: Condition
    text: str


class AchievementRules(Frozen):
    claiming: str
    one_token_per_column: bool
    one_column_per_player_per_achievement: bool
    distinct_types_per_player: str
    locked: str
    qualification_checked: str


class AchievementsFile(Frozen):
    id: str
    columns: tuple[AchievementColumn, ...]
    layout: AchievementLayout
    setup: str
    random_drawn_per_game: int
    fixed: tuple[FixedAchievement, ...]
    random_pool: tuple[RandomAchievement, ...]
    rules: AchievementRules


# Resolve the forward references of the recursive models.
ChoiceEffect.model_rebuild()
SequenceEffect.model_rebuild()
BridgeRegionsMeetingCounter.model_rebuild()

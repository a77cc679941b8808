"""Strict pydantic models of Age of Reason's catalog files (assets/aor/data/*.json).

One model per file; every field the files hold is declared (unknown fields are errors), ints
are ints (strict), and the closed vocabularies (area regions, card kinds, marker faces, box
kinds, effect types) are Literals. Cross-file checks (references, counts) are the loader's.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["given", "confirmed", "inferred", "proposed", "partly_given", "spaces_proposed"]
NonNeg = Annotated[int, Field(ge=0)]
Pos = Annotated[int, Field(ge=1)]


class Frozen(BaseModel):
    """Base class: immutable, strict (no coercion), unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# --- map.json ----------------------------------------------------------------------------------


class Layout(Frozen):
    board: Literal["main", "colonial"]
    x: int
    y: int


class CoordinateSystem(Frozen):
    units: str
    x_range: tuple[int, int]
    y_range: tuple[int, int]
    origin: str
    y_axis: str
    note: str


class BoardPart(Frozen):
    id: str
    key: Literal["main", "colonial"]
    holds: str


class Area(Frozen):
    id: str
    name: str
    name_de: str
    region: Literal["europe", "colony"]
    ship_area: bool
    coast_ship_optional: bool
    vp: Annotated[list[NonNeg], Field(min_length=2, max_length=3)]
    vp_status: Status
    empire_markers: Pos
    layout: Layout


class HomeCountry(Frozen):
    id: str
    country: str
    is_area: bool
    layout: Layout


class Edge(Frozen):
    a: str
    b: str
    use: Literal["reach", "display"]
    option: str | None
    status: Status


class MapOption(Frozen):
    id: str
    default: bool
    text: str


class MapFile(Frozen):
    id: str
    coordinate_system: CoordinateSystem
    board_parts: list[BoardPart]
    areas: Annotated[list[Area], Field(min_length=1)]
    home_countries: list[HomeCountry]
    adjacency: list[Edge]
    rules_options: list[MapOption]
    reach_note: str


# --- countries.json ----------------------------------------------------------------------------


class DiscSplit(Frozen):
    total: Pos
    board: Pos
    alliance_display: NonNeg
    vp_track: NonNeg
    unrest_track: NonNeg


class Country(Frozen):
    id: str
    name: str
    name_de: str
    colour: str
    home: str
    discs: DiscSplit


class StartingPlayerState(Frozen):
    gold: NonNeg
    vp: NonNeg
    unrest_space: Annotated[int, Field(le=0)]
    cards_in_hand: Pos
    board_discs_in_supply: Pos


class CountriesFile(Frozen):
    id: str
    countries: Annotated[list[Country], Field(min_length=2)]
    fixed_order: list[str]
    starting_player_state: StartingPlayerState
    npc_keeps: list[str]


# --- cards.json --------------------------------------------------------------------------------


class Card(Frozen):
    id: str
    kind: Literal["ally", "blank", "combat"]
    soldiers: NonNeg
    ships: NonNeg
    cost: NonNeg
    status: Status
    note: str = ""


class CardSet(Frozen):
    country: str
    cards: list[Card]


class PerCountry(Frozen):
    ally: Pos
    blank: Pos
    combat: Pos


class CardsFile(Frozen):
    id: str
    per_country: PerCountry
    sets: list[CardSet]


# --- empire_markers.json -----------------------------------------------------------------------


class Reward(Frozen):
    vp: NonNeg = 0
    gold: NonNeg = 0


class Marker(Frozen):
    id: str
    area: str
    face: Literal["aktion", "number"]
    strength: NonNeg | None
    reward: Reward | None
    status: Status


class MarkerSetup(Frozen):
    draws_per_country: Pos
    faces_ignored_at_setup: bool


class MarkersFile(Frozen):
    id: str
    count_status: Status
    face_status: Status
    counts_per_area: dict[str, Pos]
    setup: MarkerSetup
    per_turn_draw: Pos
    markers: list[Marker]


# --- action_boxes.json -------------------------------------------------------------------------

AreaScope = list[str] | Literal["any", "ship_areas"]


class CombatBonus(Frozen):
    type: Literal["combat_bonus"]
    amount: Pos
    areas: AreaScope
    applies_to: Literal["primary_combatant"]


class GainGold(Frozen):
    type: Literal["gain_gold"]
    amount: Pos


class ReduceUnrest(Frozen):
    type: Literal["reduce_unrest"]
    amount: Pos


class RetrieveDiscard(Frozen):
    type: Literal["retrieve_discard"]
    filter: Literal["soldiers_no_ships", "any"]
    count: Pos


class BattleReroll(Frozen):
    type: Literal["battle_reroll"]
    uses: Pos
    applies_to: Literal["primary_combatant"]
    disc_returns_after_use: bool


class AttacksPerStep(Frozen):
    type: Literal["attacks_per_step"]
    amount: Pos


class GoldPerDisc(Frozen):
    type: Literal["gold_per_disc"]
    per_disc: Pos
    areas: Annotated[list[str], Field(min_length=1)]
    counting: Literal["sum_over_areas"]


Effect = Annotated[
    CombatBonus | GainGold | ReduceUnrest | RetrieveDiscard | BattleReroll | AttacksPerStep
    | GoldPerDisc,
    Field(discriminator="type"),
]


class Space(Frozen):
    id: str
    min_players: Annotated[int, Field(ge=2, le=7)]


class Section(Frozen):
    kind: Literal["advancement", "support", "trading"]
    name: str
    name_de: str | None


class Box(Frozen):
    id: str
    name: str
    name_de: str | None
    kind: Literal["advancement", "support", "trading"]
    spaces: Annotated[list[Space], Field(min_length=1)]
    cost: NonNeg
    effect: Effect
    duration: Literal["turn", "immediate", "until_used"]
    status: Status


class BoxesFile(Frozen):
    id: str
    sections: list[Section]
    board_order: str
    boxes: list[Box]


# --- tracks.json -------------------------------------------------------------------------------


class TurnTrack(Frozen):
    id: str
    spaces: Annotated[list[Pos], Field(min_length=1)]


class SegmentTrack(Frozen):
    id: str
    spaces: list[Pos]
    segments_by_players: dict[str, Pos]


class VpTrack(Frozen):
    id: str
    start: NonNeg
    min: int
    max: int | None
    ui_lap: Pos


class UnrestTrack(Frozen):
    id: str
    start: Annotated[int, Field(le=0)]
    lowest: Annotated[int, Field(le=0)]
    highest: Annotated[int, Field(le=0)]
    halving: str


class AllySpace(Frozen):
    id: str
    number: Pos
    row: Literal["top", "bottom"]


class ProposalBox(Frozen):
    id: str
    row: Literal["top", "bottom"]


class AllianceDisplay(Frozen):
    id: str
    spaces: Annotated[list[AllySpace], Field(min_length=2)]
    proposal_boxes: Annotated[list[ProposalBox], Field(min_length=2, max_length=2)]
    action_order: str


class Auction(Frozen):
    pair_phases: NonNeg
    single_phases: NonNeg
    first_bid_min: NonNeg
    min_raise: Pos


class TracksFile(Frozen):
    id: str
    turn_track: TurnTrack
    segment_track: SegmentTrack
    vp_track: VpTrack
    unrest_track: UnrestTrack
    alliance_display: AllianceDisplay
    auction: Auction


# --- components.json ---------------------------------------------------------------------------


class DiceColour(Frozen):
    colour: str
    count: Pos
    ui_use: str


class Dice(Frozen):
    count: Pos
    faces: Annotated[list[Pos], Field(min_length=2)]
    colours: list[DiceColour]
    per_combat_side: Pos
    unrest_loss_roll: Pos


class Coin(Frozen):
    value: Pos
    count: Pos


class Gold(Frozen):
    coins: list[Coin]
    total: Pos
    engine_bank: Literal["unlimited"]


class Bag(Frozen):
    holds: str
    opaque: bool


class TrackMarker(Frozen):
    id: str
    track: str


class Total(Frozen):
    total: Pos


class PerCountryTotal(Frozen):
    per_country: Pos
    total: Pos


class ComponentsFile(Frozen):
    id: str
    dice: Dice
    gold: Gold
    bag: Bag
    markers: list[TrackMarker]
    control_discs: PerCountryTotal
    country_cards: PerCountryTotal
    empire_markers: Total

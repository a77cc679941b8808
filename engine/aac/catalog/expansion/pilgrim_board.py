"""The models of `expansion/pilgrim_board.json`: Mount Eldranir, the Pilgrim Board (tiers, the
path graph with its Shrine frames and forks, Blockades, energy spaces, the speed track).

The top-level model is :class:`PilgrimBoardFile`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from engine.aac.catalog.common import CoordinateSystem, Frozen, RuleText, Symbol

Route = Literal["trunk", "ridge", "saddle", "summit_trail", "summit"]


class Tier(Frozen):
    id: str
    numeral: Literal["I", "II", "III", "IV"] | None
    tier: int
    vp: int | None = None
    vp_min: int | None = None
    vp_max: int | None = None
    placement: Literal["highest_value_available"] | None = None
    band_y: tuple[int, int]
    note: str | None = None


class PilgrimSpace(Frozen):
    id: str
    kind: Literal["start", "path", "summit"]
    tier: int
    route: Route
    capacity: int | None
    x: int
    y: int
    min_steps_to_tier_4: int | None = None
    vp: int | None = None


class Summit(Frozen):
    id: str
    tier: int
    placement: Literal["highest_value_available"]
    spaces: tuple[str, ...]
    note: str


class ShrineFrame(Frozen):
    id: str
    kind: Literal["shrine_frame"]
    tier: int
    capacity: None
    fork_space: str
    beside_space: str
    exit_space: str
    x: int
    y: int
    min_steps_to_tier_4: int


class PilgrimEdge(Frozen):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: str
    from_: str = Field(alias="from")
    to: str
    kind: Literal["path", "to_shrine", "from_shrine", "to_summit"]
    direct: bool
    blockade: str | None
    requires: Literal["constructed_shrine"] | None = None


class PilgrimFork(Frozen):
    id: str
    space: str
    kind: Literal["shrine_fork"]
    direct: str
    shrine_frame: str
    other_branch: str | None


class TierEntry(Frozen):
    id: str
    tier: int
    from_tier: int
    blockade: str
    edges: tuple[str, ...]
    entry_space: str


class Blockade(Frozen):
    id: str
    number: int
    speed_reduction: int
    vp: int
    entry_to_tier: int
    route: Route
    guards_edge: str
    stop_space_if_unpaid: str
    x: int
    y: int


class EnergySpace(Frozen):
    id: str
    type: Symbol
    min_players: int
    x: int
    y: int
    note: str | None = None


class SpeedSlot(Frozen):
    id: str
    speed: int
    x: int
    y: int


class SpeedTrack(Frozen):
    id: str
    min_speed: int
    max_speed: int
    start_slot: str
    slots: tuple[SpeedSlot, ...]
    increase: str
    decrease: str
    solo: str


class ShrineSupply(Frozen):
    id: str
    count: int
    x: int
    y: int
    note: str


class PilgrimBoardFile(Frozen):
    id: str
    schema_version: Literal[1]
    module: Literal["pilgrimage"]
    name: str
    description: str
    coordinate_system: CoordinateSystem
    tiers: tuple[Tier, ...]
    start_space: str
    spaces: tuple[PilgrimSpace, ...]
    summit: Summit
    shrine_frames: tuple[ShrineFrame, ...]
    edges: tuple[PilgrimEdge, ...]
    forks: tuple[PilgrimFork, ...]
    tier_entries: tuple[TierEntry, ...]
    blockades: tuple[Blockade, ...]
    energy_spaces: tuple[EnergySpace, ...]
    speed_track: SpeedTrack
    shrine_supply: ShrineSupply
    rules: tuple[RuleText, ...]

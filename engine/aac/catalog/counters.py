"""The counting vocabulary: counters `{"counter": name, ...params}` and conditions
`{"counter": {...}, "at_least": N}` (content README "Counters and conditions"). The engine
evaluates them in engine.aac.counters."""

from __future__ import annotations

from typing import Annotated, Final, Literal, get_args

from pydantic import Field, TypeAdapter

from engine.aac.catalog.common import BoundKind, EnergyType, Frozen, IconId


class CounterBase(Frozen):
    counter: str


class TileIconsCounter(CounterBase):
    counter: Literal["tile_icons"]
    icon: IconId


class ConduitTokensCounter(CounterBase):
    counter: Literal["conduit_tokens"]


class UpgradedActionsCounter(CounterBase):
    counter: Literal["upgraded_actions"]


class BoundEnergyCounter(CounterBase):
    counter: Literal["bound_energy"]
    # ``None`` inside ``bridge_regions_meeting`` requirements: the region being tested.
    scope: Literal["board", "bridge_regions", "this_monument"] | None = None
    kinds: tuple[BoundKind, ...]
    types: tuple[EnergyType, ...] | Literal["claiming_token_type"] | None = None


class DistinctTypesBoundCounter(CounterBase):
    counter: Literal["distinct_types_bound"]
    scope: Literal["board", "bridge_regions"]
    kinds: tuple[BoundKind, ...]


class MaxDistinctTypesBoundInOneRegionCounter(CounterBase):
    counter: Literal["max_distinct_types_bound_in_one_region"]
    scope: Literal["bridge_regions"]
    kinds: tuple[BoundKind, ...]


class RegionsWithBoundEnergyCounter(CounterBase):
    counter: Literal["regions_with_bound_energy"]
    scope: Literal["all_regions"]
    kinds: tuple[BoundKind, ...]


class BoundAreasWithEnergyCounter(CounterBase):
    counter: Literal["bound_areas_with_energy"]


class MaxBoundInOneRegionCounter(CounterBase):
    counter: Literal["max_bound_in_one_region"]
    kinds: tuple[BoundKind, ...]


class ReserveTypesFreedCounter(CounterBase):
    counter: Literal["reserve_types_freed"]


class BridgeRegionsMeetingCounter(CounterBase):
    counter: Literal["bridge_regions_meeting"]
    requirements: tuple[Condition, ...]


class BridgesTouchingCounter(CounterBase):
    counter: Literal["bridges_touching"]
    scope: Literal["bridge_regions"]
    owners: Literal["players"]


class CharacterInBridgeRegionsCounter(CounterBase):
    counter: Literal["character_in_bridge_regions"]


class TilePoolEnergyCounter(CounterBase):
    counter: Literal["tile_pool_energy"]
    include_character_value: bool


class AchievementEnergyCounter(CounterBase):
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


BridgeRegionsMeetingCounter.model_rebuild()

COUNTER_NAMES: Final[frozenset[str]] = frozenset(
    get_args(m.model_fields["counter"].annotation)[0] for m in get_args(get_args(Counter)[0])
)

COUNTER_ADAPTER: Final[TypeAdapter[Counter]] = TypeAdapter(Counter)


def parse_counter(data: object) -> Counter:
    """A counter from its JSON form (a ValueError names what is wrong)."""
    return COUNTER_ADAPTER.validate_python(data)


def parse_condition(data: object) -> Condition:
    """A condition from its JSON form."""
    return Condition.model_validate(data)

"""Counters and conditions: the catalog's closed counting vocabulary (content README,
"Counters and conditions").

A counter is `{"counter": name, ...params}`; a condition is `{"counter": {...}, "at_least": N}`;
both are the catalog's typed objects (engine.aac.catalog.counters: `parse_counter` and
`parse_condition` make them from their JSON form).
They are used for Achievement qualification (R22.1), tier-III bridge scoring (R24.4) and the
×2 Achievement column (R24.5).

"Bound to the board" (R1.37) = energy in Bound Energy Areas, in Pillar spaces and on
Achievements (counter kinds `bound_area`, `pillar`, `achievement`). Achievement energy belongs
to no region, so region-restricted counts never include it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.aac import triggers
from engine.aac.catalog.counters import (
    AchievementEnergyCounter,
    BoundAreasWithEnergyCounter,
    BoundEnergyCounter,
    BridgeRegionsMeetingCounter,
    BridgesTouchingCounter,
    CharacterInBridgeRegionsCounter,
    Condition,
    ConduitTokensCounter,
    Counter,
    DistinctTypesBoundCounter,
    MaxBoundInOneRegionCounter,
    MaxDistinctTypesBoundInOneRegionCounter,
    RegionsWithBoundEnergyCounter,
    ReserveTypesFreedCounter,
    TileIconsCounter,
    TilePoolEnergyCounter,
    UpgradedActionsCounter,
)
from engine.aac.core import Ctx, figure_regions, figure_value_in_pool
from engine.aac.data import TYPE_INDEX, TYPES

ALL_KINDS = ("bound_area", "pillar", "achievement")
ALL_TYPES = tuple(range(len(TYPES)))

RegionScoped = (
    BoundEnergyCounter
    | DistinctTypesBoundCounter
    | MaxDistinctTypesBoundInOneRegionCounter
    | RegionsWithBoundEnergyCounter
    | MaxBoundInOneRegionCounter
)


def tier3_bridge_regions(ctx: Ctx, seat: int) -> tuple[str, ...]:
    """The two regions joined by the seat's tier-III bridge token, or () if not on the map."""
    loc = ctx.s.players[seat].bridge_loc[2]
    if loc in ("board", "box") or not loc:
        return ()
    return ctx.r.space_regions[loc]


def _types(counter: BoundEnergyCounter, claiming_type: int | None) -> tuple[int, ...]:
    spec = counter.types
    if spec is None:
        return ALL_TYPES
    if spec == "claiming_token_type":
        if claiming_type is None:
            raise ValueError("counter needs the claiming token's type (claiming_type)")
        return (claiming_type,)
    return tuple(sorted({TYPE_INDEX[t] for t in spec}))


def _scope_regions(
    ctx: Ctx,
    seat: int,
    counter: RegionScoped,
    bridge_regions: tuple[str, ...],
    only_region: str | None,
    this_region: str | None,
) -> tuple[tuple[str, ...], bool]:
    """(regions in scope, whether Achievement energy is in scope)."""
    if only_region is not None:  # a per-region requirement (bridge_regions_meeting)
        return (only_region,), False
    scope = counter.__dict__.get("scope") or "board"  # a model field, or none (board)
    if scope in ("board", "all_regions"):
        return ctx.r.region_order, scope == "board"
    if scope == "bridge_regions":
        return bridge_regions or tier3_bridge_regions(ctx, seat), False
    if scope == "this_monument":
        if this_region is None:
            raise ValueError("scope this_monument needs this_region")
        return (this_region,), False
    raise ValueError(f"unknown counter scope {scope!r}")  # pragma: no cover - the model forbids


def _region_counts(ctx: Ctx, seat: int, region: str, kinds: Sequence[str]) -> list[int]:
    """The seat's bound energy per type in one region (its Bound Energy Area and Pillars)."""
    out = [0, 0, 0, 0]
    s = ctx.s
    if "bound_area" in kinds:
        row = s.bound.get(region)
        if row is not None:
            for t, c in enumerate(row[seat]):
                out[t] += c
    if "pillar" in kinds:
        for space, e in s.pillars.items():
            if e >= 0 and e // 4 == seat and ctx.r.pillar_region[space] == region:
                out[e % 4] += 1
    if s.modules:
        triggers.query(ctx, "bound_extra", seat, out, regions=(region,), kinds=kinds)
    return out


def _achievement_counts(ctx: Ctx, seat: int) -> list[int]:
    out = [0, 0, 0, 0]
    for cells in ctx.s.ach.values():
        for e in cells:
            if e >= 0 and e // 4 == seat:
                out[e % 4] += 1
    return out


def bound_counts(
    ctx: Ctx,
    seat: int,
    regions: Iterable[str],
    kinds: Sequence[str] = ALL_KINDS,
    with_achievements: bool = True,
) -> list[int]:
    """The seat's bound energy per type over the regions (plus Achievements if asked)."""
    out = [0, 0, 0, 0]
    s = ctx.s
    regs = set(regions)
    if "bound_area" in kinds:
        for reg in regs:
            row = s.bound.get(reg)
            if row is not None:
                r = row[seat]
                out[0] += r[0]
                out[1] += r[1]
                out[2] += r[2]
                out[3] += r[3]
    if "pillar" in kinds:
        pr = ctx.r.pillar_region
        lo, hi = seat * 4, seat * 4 + 4
        for space, e in s.pillars.items():
            if lo <= e < hi and pr[space] in regs:
                out[e - lo] += 1
    if with_achievements and "achievement" in kinds:
        lo, hi = seat * 4, seat * 4 + 4
        for cells in s.ach.values():
            for e in cells:
                if lo <= e < hi:
                    out[e - lo] += 1
    if s.modules:  # a module's tokens may weigh more (Doublers, R29.1)
        triggers.query(ctx, "bound_extra", seat, out, regions=regs, kinds=kinds)
    return out


def area_count(ctx: Ctx, seat: int, region: str) -> int:
    """The seat's energy in one Bound Energy Area, as the rules count it (R21.1, R24.2: a
    module's tokens may weigh more, the trigger "bound_extra")."""
    n = sum(ctx.s.bound[region][seat])
    if ctx.s.modules:
        out: list[int] = triggers.query(ctx, "bound_extra", seat, [0, 0, 0, 0],
                                        regions=(region,), kinds=("bound_area",))
        n += sum(out)
    return n


def pillar_count(ctx: Ctx, seat: int) -> int:
    """The seat's energy on Pillar spaces, as the rules count it (R24.3, "bound_extra")."""
    lo, hi = seat * 4, seat * 4 + 4
    n = sum(1 for e in ctx.s.pillars.values() if lo <= e < hi)
    if ctx.s.modules:
        out: list[int] = triggers.query(ctx, "bound_extra", seat, [0, 0, 0, 0],
                                        regions=ctx.r.region_order, kinds=("pillar",))
        n += sum(out)
    return n


def bound_to_board(ctx: Ctx, seat: int, types: Sequence[int] = ALL_TYPES) -> int:
    """Energy bound to the board (R1.37): bound areas, pillars and achievements."""
    c = bound_counts(ctx, seat, ctx.r.region_order)
    return sum(c[t] for t in types)


def counter_value(
    ctx: Ctx,
    seat: int,
    counter: Counter,
    *,
    bridge_regions: tuple[str, ...] = (),
    claiming_type: int | None = None,
    this_region: str | None = None,
) -> int:
    """Evaluate one counter for `seat`.

    bridge_regions: the two regions of the tier-III bridge (default: computed from the seat's
    tier-III token; empty if it is not on the map). claiming_type: the type of the token on
    the Achievement (for `"types": "claiming_token_type"`). this_region: the region of the
    monument for scope `this_monument` (Patron Token gain).
    """
    return _value(ctx, seat, counter, bridge_regions, claiming_type, None, this_region)


def condition_met(
    ctx: Ctx,
    seat: int,
    cond: Condition,
    *,
    bridge_regions: tuple[str, ...] = (),
    claiming_type: int | None = None,
    this_region: str | None = None,
) -> bool:
    return _met(ctx, seat, cond, bridge_regions, claiming_type, None, this_region)


def qualifies(ctx: Ctx, seat: int, achievement_id: str) -> bool:
    """Whether the seat meets the Achievement's qualification (R22.1-R22.2)."""
    return condition_met(ctx, seat, ctx.r.achievements[achievement_id].qualify)


def _met(
    ctx: Ctx,
    seat: int,
    cond: Condition,
    bridge_regions: tuple[str, ...],
    claiming_type: int | None,
    only_region: str | None,
    this_region: str | None,
) -> bool:
    value = _value(
        ctx, seat, cond.counter, bridge_regions, claiming_type, only_region, this_region
    )
    return value >= cond.at_least


def _value(
    ctx: Ctx,
    seat: int,
    counter: Counter,
    bridge_regions: tuple[str, ...],
    claiming_type: int | None,
    only_region: str | None,
    this_region: str | None,
) -> int:
    return EVALUATORS[counter.counter](
        ctx, seat, counter, bridge_regions, claiming_type, only_region, this_region
    )


# One evaluator per counter name (the arguments of `_value`), dispatched by name.
Evaluator = Callable[
    [Ctx, int, Any, tuple[str, ...], int | None, str | None, str | None], int
]


def _tile_icons(ctx: Ctx, seat: int, c: TileIconsCounter, *_: object) -> int:
    p, tiles = ctx.s.players[seat], ctx.r.tiles
    return sum(tiles[t].icons.count(c.icon) for t in (*p.device, *p.staging) if t)


def _conduit_tokens(ctx: Ctx, seat: int, c: ConduitTokensCounter, *_: object) -> int:
    return sum(1 for x in ctx.s.players[seat].conduits if x)


def _upgraded_actions(ctx: Ctx, seat: int, c: UpgradedActionsCounter, *_: object) -> int:
    tokens = ctx.r.action_tokens
    return sum(1 for a in ctx.s.players[seat].actions if a and tokens[a].upgrade)


def _reserve_types_freed(ctx: Ctx, seat: int, c: ReserveTypesFreedCounter, *_: object) -> int:
    return sum(1 for n in ctx.s.players[seat].reserve if n < 2)


def _tile_pool_energy(ctx: Ctx, seat: int, c: TilePoolEnergyCounter, *_: object) -> int:
    extra = figure_value_in_pool(ctx, seat) if c.include_character_value else 0
    return sum(ctx.s.players[seat].shop) + extra


def _achievement_energy(ctx: Ctx, seat: int, c: AchievementEnergyCounter, *_: object) -> int:
    return sum(_achievement_counts(ctx, seat))


def _bound_areas_with_energy(
    ctx: Ctx, seat: int, c: BoundAreasWithEnergyCounter, bridge_regions: tuple[str, ...],
    claiming_type: int | None, only_region: str | None, this_region: str | None,
) -> int:
    regions = (only_region,) if only_region is not None else ctx.r.region_order
    return sum(1 for reg in regions if sum(_region_counts(ctx, seat, reg, ("bound_area",))))


def _bridge_regions_meeting(
    ctx: Ctx, seat: int, c: BridgeRegionsMeetingCounter, bridge_regions: tuple[str, ...],
    claiming_type: int | None, only_region: str | None, this_region: str | None,
) -> int:
    regs = bridge_regions or tier3_bridge_regions(ctx, seat)
    return sum(
        1 for reg in regs
        if all(_met(ctx, seat, q, regs, claiming_type, reg, this_region) for q in c.requirements)
    )


def _bridges_touching(
    ctx: Ctx, seat: int, c: BridgesTouchingCounter, bridge_regions: tuple[str, ...],
    *_: object,
) -> int:
    """Player bridge tokens touching either bridge region (scope bridge_regions, owners
    players: the only values the vocabulary has)."""
    touching = set(bridge_regions or tier3_bridge_regions(ctx, seat))
    sr = ctx.r.space_regions
    return sum(1 for space, tok in ctx.s.bridges.items()
               if tok.startswith("p:") and touching.intersection(sr[space]))


def _character_in_bridge_regions(
    ctx: Ctx, seat: int, c: CharacterInBridgeRegionsCounter, bridge_regions: tuple[str, ...],
    *_: object,
) -> int:
    regs = bridge_regions or tier3_bridge_regions(ctx, seat)
    return 1 if set(figure_regions(ctx, seat)).intersection(regs) else 0


def _bound_energy(
    ctx: Ctx, seat: int, c: BoundEnergyCounter, bridge_regions: tuple[str, ...],
    claiming_type: int | None, only_region: str | None, this_region: str | None,
) -> int:
    regions, with_ach = _scope_regions(ctx, seat, c, bridge_regions, only_region, this_region)
    counts = bound_counts(ctx, seat, regions, c.kinds, with_ach)
    return sum(counts[t] for t in _types(c, claiming_type))


def _distinct_types_bound(
    ctx: Ctx, seat: int, c: DistinctTypesBoundCounter, bridge_regions: tuple[str, ...],
    claiming_type: int | None, only_region: str | None, this_region: str | None,
) -> int:
    regions, with_ach = _scope_regions(ctx, seat, c, bridge_regions, only_region, this_region)
    return sum(1 for n in bound_counts(ctx, seat, regions, c.kinds, with_ach) if n > 0)


def _max_distinct_types_in_one_region(
    ctx: Ctx, seat: int, c: MaxDistinctTypesBoundInOneRegionCounter,
    bridge_regions: tuple[str, ...], claiming_type: int | None, only_region: str | None,
    this_region: str | None,
) -> int:
    regions, _ = _scope_regions(ctx, seat, c, bridge_regions, only_region, this_region)
    return max(
        (sum(1 for n in _region_counts(ctx, seat, reg, c.kinds) if n > 0) for reg in regions),
        default=0,
    )


def _regions_with_bound_energy(
    ctx: Ctx, seat: int, c: RegionsWithBoundEnergyCounter, bridge_regions: tuple[str, ...],
    claiming_type: int | None, only_region: str | None, this_region: str | None,
) -> int:
    regions, _ = _scope_regions(ctx, seat, c, bridge_regions, only_region, this_region)
    return sum(1 for reg in regions if sum(_region_counts(ctx, seat, reg, c.kinds)) > 0)


def _max_bound_in_one_region(
    ctx: Ctx, seat: int, c: MaxBoundInOneRegionCounter, bridge_regions: tuple[str, ...],
    claiming_type: int | None, only_region: str | None, this_region: str | None,
) -> int:
    regions, _ = _scope_regions(ctx, seat, c, bridge_regions, only_region, this_region)
    return max((sum(_region_counts(ctx, seat, reg, c.kinds)) for reg in regions), default=0)


EVALUATORS: dict[str, Evaluator] = {
    "tile_icons": _tile_icons,
    "conduit_tokens": _conduit_tokens,
    "upgraded_actions": _upgraded_actions,
    "reserve_types_freed": _reserve_types_freed,
    "tile_pool_energy": _tile_pool_energy,
    "achievement_energy": _achievement_energy,
    "bound_areas_with_energy": _bound_areas_with_energy,
    "bridge_regions_meeting": _bridge_regions_meeting,
    "bridges_touching": _bridges_touching,
    "character_in_bridge_regions": _character_in_bridge_regions,
    "bound_energy": _bound_energy,
    "distinct_types_bound": _distinct_types_bound,
    "max_distinct_types_bound_in_one_region": _max_distinct_types_in_one_region,
    "regions_with_bound_energy": _regions_with_bound_energy,
    "max_bound_in_one_region": _max_bound_in_one_region,
}

"""Final scoring (R24.1-R24.6) and standings with tiebreakers (R24.8).

Base game only: Doublers (R29), Folklore, Pilgrimage and Scoring Cards are not scored here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac.catalog.counters import parse_counter
from engine.aac.catalog.scoring import FlatScoring, Scoring, ThresholdScoring
from engine.aac.core import Ctx, figure_value_in_pool, shop_value
from engine.aac.counters import bound_to_board, counter_value

# The multiplier column's scoring object (achievements.json columns[col_multiplier]).
MULTIPLIER_COUNTER = parse_counter({
    "counter": "bound_energy",
    "scope": "board",
    "kinds": ["bound_area", "pillar", "achievement"],
    "types": "claiming_token_type",
})
MULTIPLIER_VP_EACH = 2


@dataclass(frozen=True)
class ScoreBreakdown:
    seat: int
    reserve: int
    monuments: int
    pillars: int
    bridge: int
    achievements: int
    tile_pool: int
    total: int
    bound_total: int  # tiebreaker 1: energy bound to the board (R1.37)
    pool_total: int  # tiebreaker 2: Tile Pool energy, Valimod's figure counting 2

    @property
    def tiebreak_key(self) -> tuple[int, int, int]:
        return (self.total, self.bound_total, self.pool_total)


def score_object(
    ctx: Ctx, seat: int, obj: Scoring, *, bridge_regions: tuple[str, ...] = ()
) -> int:
    """VP from a catalog scoring object (flat / threshold / per_unit)."""
    if isinstance(obj, FlatScoring):
        return obj.vp
    if isinstance(obj, ThresholdScoring):
        met = counter_value(ctx, seat, obj.counter, bridge_regions=bridge_regions) >= obj.at_least
        return obj.vp if met else 0
    n = counter_value(ctx, seat, obj.counter, bridge_regions=bridge_regions)
    vp = n * obj.vp_each
    # Without Doublers a "natural" maximum is never exceeded, so it is applied as a cap.
    if obj.max_vp is not None:
        vp = min(vp, obj.max_vp)
    return vp


def reserve_vp(ctx: Ctx, seat: int) -> int:
    """R24.1: rows of the Energy Reserve with both energy freed."""
    rows = sum(1 for n in ctx.s.players[seat].reserve if n == 0)
    return ctx.r.reserve_vp[rows]


def monuments_vp(ctx: Ctx, seat: int) -> int:
    """R24.2: each Bound Energy Area scored on its own, 3 or more energy scoring the maximum."""
    top = len(ctx.r.bound_vp) - 1
    return sum(ctx.r.bound_vp[min(top, sum(rows[seat]))] for rows in ctx.s.bound.values())


def pillars_vp(ctx: Ctx, seat: int) -> int:
    """R24.3: energy on Pillar spaces, capped at 6."""
    n = sum(1 for e in ctx.s.pillars.values() if e >= 0 and e // 4 == seat)
    return ctx.r.pillar_vp[min(n, len(ctx.r.pillar_vp) - 1)]


def bridge_vp(ctx: Ctx, seat: int) -> int:
    """R24.4: the face-up side of the tier-III Bridge Token, if that token is on the map."""
    p = ctx.s.players[seat]
    loc = p.bridge_loc[2]
    if not loc or loc in ("board", "box"):
        return 0
    side = p.bridge_side[2]
    if side not in (0, 1):
        raise ValueError(f"seat {seat}: tier-III bridge on {loc} has no face-up side")
    sd = ctx.r.characters[p.character].bridge_sides[2][side]
    if sd.scoring is None:
        return 0
    return score_object(ctx, seat, sd.scoring, bridge_regions=ctx.r.space_regions[loc])


def achievements_vp(ctx: Ctx, seat: int) -> int:
    """R24.5: flat column 5; ×2 column 2 × the claiming type's energy bound to the board."""
    vp = 0
    for flat, mult in ctx.s.ach.values():
        if flat >= 0 and flat // 4 == seat:
            vp += ctx.r.flat_vp
        if mult >= 0 and mult // 4 == seat:
            n = counter_value(ctx, seat, MULTIPLIER_COUNTER, claiming_type=mult % 4)
            vp += MULTIPLIER_VP_EACH * n
    return vp


def tile_pool_vp(ctx: Ctx, seat: int) -> int:
    """R24.6 / R25.7.4: 1 per shop energy; Valimod's figure there is worth 2."""
    return sum(ctx.s.players[seat].shop) + figure_value_in_pool(ctx, seat)


def score_player(ctx: Ctx, seat: int) -> ScoreBreakdown:
    parts = (
        reserve_vp(ctx, seat),
        monuments_vp(ctx, seat),
        pillars_vp(ctx, seat),
        bridge_vp(ctx, seat),
        achievements_vp(ctx, seat),
        tile_pool_vp(ctx, seat),
    )
    return ScoreBreakdown(
        seat, *parts, total=sum(parts), bound_total=bound_to_board(ctx, seat),
        pool_total=shop_value(ctx, seat),
    )


def final_scores(ctx: Ctx) -> list[ScoreBreakdown]:
    return [score_player(ctx, p.seat) for p in ctx.s.players]


def ranking(ctx: Ctx) -> list[list[int]]:
    """Standings (R24.8), best first: groups of seats sharing a place, seats ascending."""
    scores = sorted(final_scores(ctx), key=lambda b: (tuple(-x for x in b.tiebreak_key), b.seat))
    out: list[list[int]] = []
    last: tuple[int, int, int] | None = None
    for b in scores:
        if b.tiebreak_key == last:
            out[-1].append(b.seat)
        else:
            out.append([b.seat])
            last = b.tiebreak_key
    return out

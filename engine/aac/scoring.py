"""Final scoring (R24.1-R24.6) and standings with tiebreakers (R24.8), by named category.

The base game's six categories are `BASE_CATEGORIES`; a module adds its own
(`ModuleDef.score_categories`: Folklore Track, Pilgrimage...), and everything that reads a
score (the results screen, the table's tooltip, the log's ScoreChanged parts, the bots'
evaluation) walks the categories of the game's modules (`categories`). Doublers (R29) weigh
in through the trigger "bound_extra" (engine.aac.counters) and "natural_max_lifted"; Scoring
Cards (R30) are a module category (engine.aac.expansion.scoring_cards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.aac import triggers
from engine.aac.catalog.counters import parse_counter
from engine.aac.catalog.scoring import FlatScoring, Scoring, ThresholdScoring
from engine.aac.core import Ctx, figure_value_in_pool, shop_value
from engine.aac.counters import area_count, bound_to_board, counter_value, pillar_count
from engine.aac.modules import MODULES, ModuleDef, on_register
from engine.kernel.definition import ScoreCategory

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
    """A seat's score by category: `parts` holds (category name, VP) in category order, and
    each category also reads as an attribute (`b.monuments`)."""

    seat: int
    parts: tuple[tuple[str, int], ...]
    total: int
    bound_total: int  # tiebreaker 1: energy bound to the board (R1.37)
    pool_total: int  # tiebreaker 2: Tile Pool energy, Valimod's figure counting 2

    @property
    def tiebreak_key(self) -> tuple[int, int, int]:
        return (self.total, self.bound_total, self.pool_total)

    @classmethod
    def of(cls, seat: int, total: int, bound_total: int, pool_total: int,
           **parts: int) -> ScoreBreakdown:
        """A breakdown from category keywords, in the order given (tests, tools)."""
        return cls(seat, tuple(parts.items()), total, bound_total, pool_total)

    def part(self, name: str) -> int:
        """VP of one category (0 for a category this game does not have)."""
        for k, v in self.parts:
            if k == name:
                return v
        return 0

    def __getattr__(self, name: str) -> int:
        parts: tuple[tuple[str, int], ...] = object.__getattribute__(self, "parts")
        for k, v in parts:
            if k == name:
                return v
        raise AttributeError(name)


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
    # Without Doublers a "natural" maximum is never exceeded, so it is applied as a cap; a
    # module whose tokens count more (Doublers, R29.3.3) lifts it ("natural_max_lifted").
    if obj.max_vp is not None and not (
            obj.max_is_natural and ctx.s.modules
            and triggers.query(ctx, "natural_max_lifted", seat, False)):
        vp = min(vp, obj.max_vp)
    return vp


def reserve_vp(ctx: Ctx, seat: int) -> int:
    """R24.1: rows of the Energy Reserve with both energy freed."""
    rows = sum(1 for n in ctx.s.players[seat].reserve if n == 0)
    return ctx.r.reserve_vp[rows]


def monuments_vp(ctx: Ctx, seat: int) -> int:
    """R24.2: each Bound Energy Area scored on its own, 3 or more energy scoring the maximum."""
    top = len(ctx.r.bound_vp) - 1
    if ctx.s.modules:  # a module's tokens may weigh more (Doublers, R29.3.1)
        return sum(ctx.r.bound_vp[min(top, area_count(ctx, seat, reg))] for reg in ctx.s.bound)
    return sum(ctx.r.bound_vp[min(top, sum(rows[seat]))] for rows in ctx.s.bound.values())


def pillars_vp(ctx: Ctx, seat: int) -> int:
    """R24.3: energy on Pillar spaces, capped at 6."""
    if ctx.s.modules:  # Doublers count 2, never more than 6 count (R29.3.2)
        n = pillar_count(ctx, seat)
    else:
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


Scorer = Callable[[Ctx, int], int]

BASE_CATEGORIES: tuple[tuple[ScoreCategory, Scorer], ...] = (
    (ScoreCategory("reserve", "Energy reserve", "energy reserve", "Energy Reserve"), reserve_vp),
    (ScoreCategory("monuments", "Monuments", "monuments"), monuments_vp),
    (ScoreCategory("pillars", "Pillars", "pillars"), pillars_vp),
    (ScoreCategory("bridge", "Bridge token", "bridge token", "Bridge Token III"), bridge_vp),
    (ScoreCategory("achievements", "Achievements", "achievements"), achievements_vp),
    (ScoreCategory("tile_pool", "Tile Pool", "Tile Pool"), tile_pool_vp),
)
BASE_NAMES = tuple(c.name for c, _ in BASE_CATEGORIES)

_CACHE: dict[tuple[str, ...], tuple[tuple[ScoreCategory, Scorer], ...]] = {}
_FAST: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[Scorer, ...]]] = {}


def scorers(modules: tuple[str, ...] = ()) -> tuple[tuple[ScoreCategory, Scorer], ...]:
    """(category, scorer) of the base game and then each enabled module, in order."""
    hit = _CACHE.get(modules)
    if hit is None:
        extra = {c.name: (c, fn) for name in modules
                 for c, fn in MODULES[name].score_categories}  # one shared by two: once
        hit = _CACHE[modules] = BASE_CATEGORIES + tuple(extra.values())
    return hit


def _forget(m: ModuleDef) -> None:
    _CACHE.clear()
    _FAST.clear()


on_register(_forget, _forget)


def _fast(modules: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[Scorer, ...]]:
    hit = _FAST.get(modules)
    if hit is None:
        pairs = scorers(modules)
        hit = _FAST[modules] = (tuple(c.name for c, _ in pairs), tuple(fn for _, fn in pairs))
    return hit


def categories(modules: tuple[str, ...] = ()) -> tuple[ScoreCategory, ...]:
    return tuple(c for c, _ in scorers(modules))


def category(name: str) -> ScoreCategory | None:
    """A category by name, among the base game's and every registered module's."""
    for c, _ in BASE_CATEGORIES:
        if c.name == name:
            return c
    for m in MODULES.values():
        for c, _ in m.score_categories:
            if c.name == name:
                return c
    return None


def score_player(ctx: Ctx, seat: int) -> ScoreBreakdown:
    names, fns = _fast(ctx.s.modules)
    vals = [fn(ctx, seat) for fn in fns]
    return ScoreBreakdown(
        seat, tuple(zip(names, vals, strict=True)), total=sum(vals),
        bound_total=bound_to_board(ctx, seat), pool_total=shop_value(ctx, seat),
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

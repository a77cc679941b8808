"""Legal destinations for placing energy (R7.2) and claiming Achievements (R22.3)."""

from __future__ import annotations

from engine.aac import events as ev
from engine.aac import locations, triggers
from engine.aac.core import Ctx, mark_power_used, move_energy
from engine.aac.counters import qualifies
from engine.aac.data import TYPES, WILD
from engine.aac.state import EMPTY
from engine.kernel.decisions import Choice


def achievement_columns(ctx: Ctx, seat: int, t: int) -> list[tuple[str, str]]:
    """(achievement, column) pairs where `seat` may place an energy of type t (R22.3)."""
    s = ctx.s
    out: list[tuple[str, str]] = []
    # one energy type per achievement per player (R22.3)
    for aid in s.achievements:
        cols = s.ach[aid]
        for c in cols:
            if c != EMPTY and c // 4 == seat and c % 4 == t:
                return out
    for aid in s.achievements:
        cols = s.ach[aid]
        if any(c != EMPTY and c // 4 == seat for c in cols):
            continue
        free = []
        if cols[0] == EMPTY and s.n >= ctx.r.flat_min_players:
            free.append("flat")
        if cols[1] == EMPTY:
            free.append("multiplier")
        if free and qualifies(ctx, seat, aid):
            out.extend((aid, col) for col in free)
    return out


def masterwork_ok(ctx: Ctx, seat: int, t: int) -> int:
    """Tier of Multanec I if it lets this non-Wild energy go in any space now, else 0
    (trigger on_place_energy_in_section)."""
    if t == WILD:
        return 0
    return int(triggers.query(ctx, "on_place_energy_in_section", seat, 0, energy=t))


def destinations(
    ctx: Ctx,
    seat: int,
    t: int,
    *,
    src: str = "",
    exclude_monument: str = "",
    prefix: str = "",
) -> list[Choice]:
    """Every legal place for one energy of `seat` of type t, from the location table:
    monument spaces, the Tile Pool, Achievement columns (then modules' locations).
    Choice.data = (dst, t, masterwork_tier)."""
    mw = masterwork_ok(ctx, seat, t)
    return locations.destinations(ctx, seat, t, src, exclude_monument, prefix, mw)


def place(ctx: Ctx, seat: int, t: int, src: str, dst: str, mw_tier: int, reason: str) -> None:
    """Carry out a placement chosen from `destinations`."""
    if mw_tier:
        mark_power_used(ctx, seat, mw_tier)
    move_energy(ctx, seat, t, src, dst, reason)
    if dst.startswith("achievement:"):
        _, aid, col = dst.split(":")
        ctx.emit(ev.AchievementClaimed(seat, aid, col, TYPES[t]))


locations.ACHIEVEMENT_COLUMNS[0] = achievement_columns  # the table's Achievement destinations

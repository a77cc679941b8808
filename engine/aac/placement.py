"""Legal destinations for placing energy (R7.2) and claiming Achievements (R22.3)."""

from __future__ import annotations

from engine.aac import events as ev
from engine.aac.core import Ctx, find_power, mark_power_used, move_energy, power_available
from engine.aac.counters import qualifies
from engine.aac.data import TYPES, WILD
from engine.aac.names import ENERGY
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
    """Tier of Multanec I if it lets this non-Wild energy go in any space now, else 0."""
    if t == WILD:
        return 0
    tier = find_power(ctx, seat, "place_as_any_symbol")
    if tier and power_available(ctx, seat, tier):
        return tier
    return 0


def destinations(
    ctx: Ctx,
    seat: int,
    t: int,
    *,
    src: str = "",
    exclude_monument: str = "",
    prefix: str = "",
) -> list[Choice]:
    """Every legal place for one energy of `seat` of type t: monument spaces, the Tile Pool,
    Achievement columns. Choice.data = (dst, t, masterwork_tier)."""
    s = ctx.s
    out: list[Choice] = []
    tn = TYPES[t]
    en = ENERGY[t]
    src_section = src.rsplit(":", 1)[0] if src.startswith("section:") else ""
    mw = masterwork_ok(ctx, seat, t)
    for mon, m in s.monuments.items():
        if m.completed or not m.stack or mon == exclude_monument:
            continue
        if src_section == f"section:{mon}":
            continue  # O19: source and destination must be different locations
        syms = ctx.r.sections[m.stack[0]].symbols
        for i, cell in enumerate(m.spaces):
            if cell != EMPTY:
                continue
            loc = f"section:{mon}:{i}"
            if t == WILD or syms[i] == t:
                out.append(
                    Choice(f"{prefix}{tn}>{loc}", f"{en} to {ctx.name(mon)}, space {i + 1}",
                           (loc,), (loc, t, 0))
                )
            elif mw:
                out.append(
                    Choice(f"{prefix}{tn}>{loc}!mw",
                           f"{en} to {ctx.name(mon)}, space {i + 1} (Masterwork: as any symbol)",
                           (loc,), (loc, t, mw))
                )
    if src != "shop":
        out.append(Choice(f"{prefix}{tn}>shop", f"{en} to your Tile Pool bank", ("shop",),
                          ("shop", t, 0)))
    for aid, col in achievement_columns(ctx, seat, t):
        loc = f"achievement:{aid}:{col}"
        out.append(Choice(f"{prefix}{tn}>{loc}", f"{en} to {ctx.name(aid)} ({col} column)",

                          (loc,), (loc, t, 0)))
    return out


def place(ctx: Ctx, seat: int, t: int, src: str, dst: str, mw_tier: int, reason: str) -> None:
    """Carry out a placement chosen from `destinations`."""
    if mw_tier:
        mark_power_used(ctx, seat, mw_tier)
    move_energy(ctx, seat, t, src, dst, reason)
    if dst.startswith("achievement:"):
        _, aid, col = dst.split(":")
        ctx.emit(ev.AchievementClaimed(seat, aid, col, TYPES[t]))

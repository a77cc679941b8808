"""Unrest at the end of a turn: the VP lost to unrest (R11.4, R11.5) and the halving (R12.6).
The levy and unrest gains are in engine.aor.core (R4.4, R4.5); combat unrest in
engine.aor.strength (R8.6)."""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.core import Ctx, action_order


def rolls_for(ctx: Ctx, unrest: int) -> tuple[int, ...]:
    """R11.4: one die rolled until the sum reaches the unrest level (none at 0)."""
    rolls: list[int] = []
    total = 0
    while total < unrest:
        v = ctx.die()
        rolls.append(v)
        total += v
    return tuple(rolls)


def unrest_losses(ctx: Ctx) -> None:
    """R11.4-R11.6: each player, in action order, loses one VP per roll; VP stop at 0 (O23)
    unless the rules option "vp_may_go_negative"."""
    s = ctx.s
    negative = ctx.opt("vp_may_go_negative")
    for seat in action_order(s) or tuple(range(s.n)):
        p = s.players[seat]
        rolls = rolls_for(ctx, p.unrest)
        lost = len(rolls) if negative else min(len(rolls), p.vp)
        p.vp -= lost
        p.score["unrest"] -= lost
        ctx.emit(ev.UnrestRolled(seat, p.unrest, rolls, lost))


def halved(u: int) -> int:
    """R12.6: U := ceil(U / 2) (e.g. 5 -> 3)."""
    return (u + 1) // 2


def halve(ctx: Ctx) -> tuple[tuple[int, int, int], ...]:
    out = []
    for seat, p in enumerate(ctx.s.players):
        before = p.unrest
        p.unrest = halved(before)
        out.append((seat, before, p.unrest))
    return tuple(out)

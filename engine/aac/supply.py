"""Taking energy "from the Exhausted Pool", with Running Out of Energy (R14)."""

from __future__ import annotations

from engine.aac import locations, triggers
from engine.aac.core import Ctx
from engine.aac.data import TYPES
from engine.aac.names import ENERGY, loc
from engine.kernel.decisions import Choice


def running_out_sources(ctx: Ctx, seat: int, t_req: int = -1) -> list[tuple[str, int]]:
    """Allowed locations (R14.3) holding the seat's energy (of type t_req if >= 0), from the
    location table. Forbidden (R14.4): Achievements, the Reserve, Completed sections."""
    return locations.running_out_sources(ctx, seat, t_req)


_FROM_POOL = tuple(f"A {ENERGY[t]} from your Exhausted Pool" for t in range(4))
_POOL_DATA = tuple(("exhausted", t) for t in range(4))


def energy_choices(
    ctx: Ctx, seat: int, t_req: int = -1, *, running_out: bool = True, prefix: str = "",
    exclude: str | tuple[str, ...] = "", lead: tuple[str, ...] = (),
) -> list[Choice]:
    """Choices for taking one energy from the Exhausted Pool (type chosen freely unless t_req),
    or, if the pool is empty (or, for a typed effect, holds none of that type), by Running Out.
    Choice.data = (src, type). `lead`: targets put before each choice's own (where it goes)."""
    p = ctx.s.players[seat]
    out: list[Choice] = []
    pool_targets = lead + ("exhausted",)
    if t_req >= 0:
        if p.exhausted[t_req]:
            return [Choice(f"{prefix}{TYPES[t_req]}", _FROM_POOL[t_req], pool_targets,
                           _POOL_DATA[t_req])]
    else:
        ex = p.exhausted
        for t in range(4):
            if ex[t]:
                out.append(Choice(f"{prefix}{TYPES[t]}", _FROM_POOL[t], pool_targets,
                                  _POOL_DATA[t]))
        if out:
            return out
    if not running_out:
        return out
    for src, t in running_out_sources(ctx, seat, t_req):
        if src == exclude or (isinstance(exclude, tuple) and src in exclude):
            continue  # taking from the destination itself would change nothing
        out.append(Choice(f"{prefix}{TYPES[t]}<{src}",
                          f"Running out: take a {ENERGY[t]} from {loc(ctx.r, src)}",
                          lead + (src,), (src, t)))

    return out


def running_out_applies(ctx: Ctx) -> bool:
    """O63: Running Out for interest/replenish/deposit effects (default: every game). With
    the option off, a module may still extend it (R26.7.1, the Folklore Module: the query
    "running_out_extended")."""
    if ctx.s.options.get("running_out_everywhere", True):
        return True
    return bool(ctx.s.modules) and bool(
        triggers.query(ctx, "running_out_extended", ctx.s.active, False))

"""Taking energy "from the Exhausted Pool", with Running Out of Energy (R14)."""

from __future__ import annotations

from engine.aac.core import ROWS, Ctx
from engine.aac.data import TYPES
from engine.aac.names import ENERGY, loc
from engine.aac.state import EMPTY
from engine.kernel.decisions import Choice


def running_out_sources(ctx: Ctx, seat: int, t_req: int = -1) -> list[tuple[str, int]]:
    """Allowed locations (R14.3) holding the seat's energy (of type t_req if >= 0).
    Forbidden (R14.4): Achievements, the Reserve, Completed sections."""
    s = ctx.s
    p = s.players[seat]
    out: list[tuple[str, int]] = []
    for pos in range(1, 6):
        tile = p.device[pos - 1]
        for row in ROWS:
            seen = set()
            for t in p.top[tile] if row == "top" else p.bottom[tile]:
                if t != EMPTY and t not in seen and (t_req < 0 or t == t_req):
                    seen.add(t)
                    out.append((f"slot:{pos}:{row}", t))
    for t in range(4):
        if p.shop[t] and (t_req < 0 or t == t_req):
            out.append(("shop", t))
    for mon, m in s.monuments.items():
        if m.completed:
            continue
        seen2: set[int] = set()
        for i, cell in enumerate(m.spaces):
            if cell != EMPTY and cell // 4 == seat:
                t = cell % 4
                if (t_req < 0 or t == t_req) and t not in seen2:
                    seen2.add(t)
                    out.append((f"section:{mon}:{i}", t))
    for k, tr in enumerate(p.tracks):
        if tr[0] != EMPTY and (t_req < 0 or tr[0] == t_req):
            out.append((f"track:{('monument', 'pillar')[k]}", tr[0]))
    for reg, rows in s.bound.items():
        for t in range(4):
            if rows[seat][t] and (t_req < 0 or t == t_req):
                out.append((f"bound:{reg}", t))
    for sp, cell in s.pillars.items():
        if cell >= 0 and cell // 4 == seat and (t_req < 0 or cell % 4 == t_req):
            out.append((f"pillar:{sp}", cell % 4))
    return out


def energy_choices(
    ctx: Ctx, seat: int, t_req: int = -1, *, running_out: bool = True, prefix: str = "",
    exclude: str | tuple[str, ...] = "",
) -> list[Choice]:
    """Choices for taking one energy from the Exhausted Pool (type chosen freely unless t_req),
    or, if the pool is empty (or, for a typed effect, holds none of that type), by Running Out.
    Choice.data = (src, type)."""
    p = ctx.s.players[seat]
    out: list[Choice] = []
    if t_req >= 0:
        if p.exhausted[t_req]:
            return [Choice(f"{prefix}{TYPES[t_req]}", f"a {ENERGY[t_req]} from your exhausted pool",
                           ("exhausted",), ("exhausted", t_req))]
    else:
        for t in range(4):
            if p.exhausted[t]:
                out.append(Choice(f"{prefix}{TYPES[t]}", f"a {ENERGY[t]} from your exhausted pool",
                                  ("exhausted",), ("exhausted", t)))
        if out:
            return out
    if not running_out:
        return out
    for src, t in running_out_sources(ctx, seat, t_req):
        if src == exclude or (isinstance(exclude, tuple) and src in exclude):
            continue  # taking from the destination itself would change nothing
        out.append(Choice(f"{prefix}{TYPES[t]}<{src}",
                          f"Running out: take a {ENERGY[t]} from {loc(ctx.r, src)}", (src,),
                          (src, t)))

    return out


def running_out_applies(ctx: Ctx) -> bool:
    """O63: Running Out for interest/replenish/deposit effects (default: every game)."""
    return bool(ctx.s.options.get("running_out_everywhere", True))

"""R10 Reposition: move own energy from the Tile Pool or an Open section to a legal
destination, up to N times (R10.1-R10.4)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import locations
from engine.aac.catalog.effects import RepositionEffect
from engine.aac.core import Ctx, decision
from engine.aac.data import TYPES
from engine.aac.names import ENERGY
from engine.aac.names import loc as where
from engine.aac.placement import destinations, place
from engine.aac.rules.effects import Use, effect
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def reposition_sources(ctx: Ctx, seat: int) -> list[tuple[str, int]]:
    """Own energy that may be repositioned (R10.1-R10.2), from the location table: the Tile
    Pool and Open sections (then modules' locations)."""
    return locations.reposition_sources(ctx, seat)


@dataclass(slots=True)
class RepositionFrame(Frame, kind="aac.reposition"):
    seat: int
    times: int
    src: str  # "<loc>|<type>" once a source is picked

    def step(self, ctx: Ctx) -> Decision | None:
        if self.src:
            loc, ts = self.src.split("|")
            t = int(ts)
            ch = destinations(ctx, self.seat, t, src=loc)
            return decision(self.seat, "reposition_to",
                            f"Move the {ENERGY[t]} from {where(ctx.r, loc)} to where?", ch)
        if self.times <= 0:
            ctx.pop()
            return None
        ch = []
        for loc, t in reposition_sources(ctx, self.seat):
            if loc == "shop" and not any(
                d.data[0] != "shop" for d in destinations(ctx, self.seat, t, src="shop")
            ):
                continue
            ch.append(Choice(f"from:{loc}:{TYPES[t]}",
                             f"Move your {ENERGY[t]} from {where(ctx.r, loc)}",

                             (loc,), f"{loc}|{t}"))
        ch.append(Choice("done", "Stop repositioning"))
        return decision(self.seat, "reposition_from",
                        f"Reposition which energy? ({self.times} left)", ch)


    def apply(self, ctx: Ctx, c: Choice) -> None:
        if self.src:
            loc = self.src.split("|")[0]
            dst, t, mw = c.data
            place(ctx, self.seat, t, loc, dst, mw, "repositioned")
            self.src = ""
            self.times -= 1
            return
        if c.id == "done":
            ctx.pop()
            return
        self.src = c.data


@effect("reposition")
def _reposition(ctx: Ctx, seat: int, e: RepositionEffect, use: Use) -> None:
    ctx.push(RepositionFrame(seat, e.times, ""))

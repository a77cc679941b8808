"""R21.1 Monument Patron Tokens: taking one after binding a second energy at its monument
(shared by binding from a track, from a completed section and by Migration); taking one fires
the trigger "patron_token_gained"."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.core import Ctx, decision
from engine.aac.counters import area_count
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def offer_patron(ctx: Ctx, seat: int, region: str) -> None:
    """R21.1: after binding into a monument's area with 2+ there, the Patron may be taken."""
    s = ctx.s
    mon = ctx.r.monument_by_region.get(region, "")
    m = s.monuments.get(mon)
    if m is None or not m.patron or s.players[seat].patron:
        return
    if area_count(ctx, seat, region) >= 2:  # a Doubler counts 2 (R29.2.1)
        ctx.push(PatronOfferFrame(seat, mon))


@dataclass(slots=True)
class PatronOfferFrame(Frame, kind="aac.patron_offer"):
    seat: int
    monument: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = [
            Choice("take", f"Take the Monument Patron Token of {ctx.name(self.monument)}",
                   (f"patron:{self.monument}",)),
            Choice("decline", "Leave it"),
        ]
        return decision(self.seat, "patron_take", "Take the Monument Patron Token?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id == "take":
            ctx.s.monuments[self.monument].patron = False
            ctx.s.players[self.seat].patron = self.monument
            ctx.emit(ev.PatronTaken(self.seat, self.monument))
            triggers.fire(ctx, "patron_token_gained", self.seat, monument=self.monument)

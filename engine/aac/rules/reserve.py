"""R17.2-R17.3 the Energy Reserve and the Channel Marker: freeing energy (a pair freed
recharges), recharging, and Ignotas III (Edict of Plenty) turning a wasted recharge into a
freed energy. Effects: `free_reserve`, `recharge`."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.catalog.effects import FreeReserveEffect, RechargeEffect
from engine.aac.catalog.triggers import OnRechargeWhileChargedTrigger
from engine.aac.core import (
    Ctx,
    decision,
    find_power,
    free_reserve,
    mark_power_used,
    power_available,
    set_charged,
)
from engine.aac.data import TYPE_INDEX, TYPES
from engine.aac.names import ENERGY
from engine.aac.rules.effects import Use, effect
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def recharge(ctx: Ctx, seat: int) -> None:
    """R8.1 / R17.3; Ignotas III may turn a wasted recharge into a freed energy."""
    p = ctx.s.players[seat]
    if not p.charged:
        set_charged(ctx, seat, True)
        return
    tier = find_power(ctx, seat, "free_reserve")  # Ignotas III (Edict of Plenty)
    if tier and power_available(ctx, seat, tier) and sum(p.reserve) > 0:
        pw = ctx.r.characters[p.character].powers[tier - 1]
        if isinstance(pw.trigger, OnRechargeWhileChargedTrigger):
            ctx.push(PowerOfferFrame(seat, tier, "Edict of Plenty: free 1 energy of any type"))


def free_types(ctx: Ctx, seat: int, types: tuple[str, ...]) -> None:
    """Free listed types without choice; 'any' must be resolved by the caller."""
    for tn in types:
        if free_reserve(ctx, seat, TYPE_INDEX[tn]):
            recharge(ctx, seat)


@effect("free_reserve")
def _free_reserve(ctx: Ctx, seat: int, e: FreeReserveEffect, use: Use) -> None:
    ctx.push(FreeReserveFrame(seat, tuple(e.types), 0))


@effect("recharge")
def _recharge(ctx: Ctx, seat: int, e: RechargeEffect, use: Use) -> None:
    ctx.push(RechargeFrame(seat))  # queued, so "X and Recharge" keeps its order (R6.1)


@dataclass(slots=True)
class RechargeFrame(Frame, kind="recharge"):
    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        ctx.pop()
        recharge(ctx, self.seat)
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:  # pragma: no cover - never decides
        raise AssertionError("RechargeFrame makes no decision")


@dataclass(slots=True)
class FreeReserveFrame(Frame, kind="free_reserve"):
    """Free energy from the Reserve (R17.2), one listed type at a time; 'any' asks which."""

    seat: int
    types: tuple[str, ...]
    idx: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        while self.idx < len(self.types):
            tn = self.types[self.idx]
            if tn == "any":
                avail = [t for t in range(4) if p.reserve[t] > 0]
                if not avail:
                    self.idx += 1
                    continue
                ch = [Choice(f"free:{TYPES[t]}", f"Free a {ENERGY[t]}", ("reserve",), t)
                      for t in avail]
                return decision(self.seat, "free_any", "Free 1 energy of any type", ch)
            self.idx += 1
            free_types(ctx, self.seat, (tn,))
            if ctx.s.stack[-1] is not self:
                return None  # a recharge offer was pushed; resume afterwards
        ctx.pop()
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        self.idx += 1
        if free_reserve(ctx, self.seat, c.data):
            recharge(ctx, self.seat)


@dataclass(slots=True)
class PowerOfferFrame(Frame, kind="edict_of_plenty"):
    """Ignotas III: instead of a wasted recharge, free 1 energy of any type (once per turn)."""

    seat: int
    tier: int
    text: str

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = [Choice(f"free:{TYPES[t]}", f"Edict of Plenty: free a {ENERGY[t]}", ("reserve",), t)
              for t in range(4) if p.reserve[t] > 0]
        ch.append(Choice("decline", "Do not use Edict of Plenty"))
        return decision(self.seat, "power_edict", self.text, ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id == "decline":
            return
        mark_power_used(ctx, self.seat, self.tier)
        pw = ctx.r.characters[ctx.s.players[self.seat].character].powers[self.tier - 1]
        ctx.emit(ev.PowerUsed(self.seat, pw.id, f"freed a {ENERGY[c.data]}"))

        if free_reserve(ctx, self.seat, c.data):
            recharge(ctx, self.seat)

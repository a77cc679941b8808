"""R17.2-R17.3 the Energy Reserve and the Channel Marker: freeing energy (a pair freed
recharges), recharging (a decision when a module offers a substitute, R8.2), and Ignotas III
(Edict of Plenty, trigger on_recharge_while_charged: engine.aac.rules.powers) turning a
wasted recharge into a freed energy. Effects: `free_reserve`, `recharge`."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.catalog.effects import FreeReserveEffect, RechargeEffect
from engine.aac.core import (
    Ctx,
    decision,
    free_reserve,
    mark_power_used,
    set_charged,
)
from engine.aac.data import TYPE_INDEX, TYPES
from engine.aac.names import ENERGY
from engine.aac.rules.effects import Use, effect
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def recharge(ctx: Ctx, seat: int) -> None:
    """A recharge (R8). It is a decision point a module may widen (R8.2: prime an Artifact,
    raise Pilgrimage speed: trigger "recharge" offers): with alternatives on offer the seat
    chooses (RechargeChoiceFrame); with none it simply recharges."""
    if triggers.offers(ctx, "recharge", seat):
        ctx.push(RechargeChoiceFrame(seat))
        return
    recharge_marker(ctx, seat)


def recharge_marker(ctx: Ctx, seat: int) -> None:
    """R8.1 / R17.3: turn the Channel Marker to Charged; if it already is, Ignotas III may turn
    the wasted recharge into a freed energy (trigger on_recharge_while_charged)."""
    p = ctx.s.players[seat]
    if not p.charged:
        set_charged(ctx, seat, True)
        return
    triggers.fire(ctx, "on_recharge_while_charged", seat)


@dataclass(slots=True)
class RechargeChoiceFrame(Frame, kind="aac.recharge_choice"):
    """R8.2 / R32.11: recharge, or one of the modules' substitutions for it."""

    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        ch = [Choice("recharge", "Recharge your Channel Marker", ("channel_marker",))]
        ch += triggers.offers(ctx, "recharge", self.seat)
        return decision(self.seat, "recharge",
                        "Recharge your Channel Marker, or do one of these instead?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id == "recharge":
            recharge_marker(ctx, self.seat)
        else:
            triggers.take(ctx, "recharge", self.seat, c)


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
class RechargeFrame(Frame, kind="aac.recharge"):
    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        ctx.pop()
        recharge(ctx, self.seat)
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:  # pragma: no cover - never decides
        raise AssertionError("RechargeFrame makes no decision")


@dataclass(slots=True)
class FreeReserveFrame(Frame, kind="aac.free_reserve"):
    """Free energy from the Reserve (R17.2), one listed type at a time; 'any' asks which."""

    seat: int
    types: tuple[str, ...]
    idx: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        while self.idx < len(self.types):
            tn = self.types[self.idx]
            if tn == "any":
                # "free 2 energy of different types": an "any" entry is never a type an
                # earlier entry freed (resolved entries hold the type chosen, see apply)
                done = self.types[:self.idx]
                avail = [t for t in range(4) if p.reserve[t] > 0 and TYPES[t] not in done]
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
        i = self.idx
        self.types = self.types[:i] + (TYPES[c.data],) + self.types[i + 1:]
        self.idx += 1
        if free_reserve(ctx, self.seat, c.data):
            recharge(ctx, self.seat)


@dataclass(slots=True)
class PowerOfferFrame(Frame, kind="aac.edict_of_plenty"):
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

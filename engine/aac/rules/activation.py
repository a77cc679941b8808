"""Activating energy in the Exhausted Pool (`activate_exhausted`, Chronari's and Ignotas's
Folklore Cards; expansion README "Expansion effects"): each energy is activated as if it were
leaving a completed section (R16), but it starts in, and stays in, the Exhausted Pool unless
its activation moves it.

- Rose: movement points of any kind (2, or Aureon II's value: trigger on_activate_energy);
  the Rose stays exhausted.
- Magnet: it may be loaded into any empty slot of an active tile (R16.3).
- Compass: it may be placed at any legal Compass destination (R16.4; no monument is
  excluded, the energy does not come from one).
- Wild: nothing, except powers that trigger on a Wild activation (Chronari I's Rewind, Valimod
  I: R16.5, trigger on_activate_energy).
R14.6 / R26.7.1: Running Out does not apply to activate effects.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import triggers
from engine.aac.catalog.effects import ActivateExhaustedEffect
from engine.aac.core import Ctx, move_energy
from engine.aac.data import COMPASS, MAGNET, ROSE, TYPES, WILD
from engine.aac.names import ENERGY
from engine.aac.placement import destinations, place
from engine.aac.rules.effects import Use, effect
from engine.aac.rules.exhausted import empty_slots, slot_words
from engine.aac.rules.movement import MoveFrame
from engine.aac.rules.prompts import ask
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

POOL = "exhausted"
_GIVES = {
    ROSE: "movement of any kind",
    MAGNET: "you may load it into an empty slot",
    COMPASS: "you may place it",
    WILD: "it stays exhausted",
}


@effect("activate_exhausted")
def _activate_exhausted(ctx: Ctx, seat: int, e: ActivateExhaustedEffect, use: Use) -> None:
    ctx.push(ActivateExhaustedFrame(seat, e.count, use.source))


def activate_in_pool(ctx: Ctx, seat: int, t: int, src: str) -> None:
    """Activate one energy of type t lying in the seat's Exhausted Pool (R16 from the pool)."""
    if t == ROSE:
        pts = int(triggers.query(ctx, "on_activate_energy", seat, 2, energy=ROSE))  # Aureon II
        ctx.push(MoveFrame.make(ctx, seat, flex=pts, source=src or "Rose"))
    elif t == MAGNET:
        ctx.push(PoolMagnetFrame(seat, src))
    elif t == COMPASS:
        ctx.push(PoolCompassFrame(seat, src))
    else:
        triggers.fire(ctx, "on_activate_energy", seat, energy=WILD, loc=POOL)


@dataclass(slots=True)
class ActivateExhaustedFrame(Frame, kind="aac.activate_exhausted"):
    """Activate up to `left` energy of the Exhausted Pool, one at a time."""

    seat: int
    left: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = [Choice(f"activate:{TYPES[t]}", f"Activate a {ENERGY[t]}: {_GIVES[t]}", (POOL,), t)
              for t in range(4) if p.exhausted[t]] if self.left > 0 else []
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("stop", "Activate no more energy"))
        return ask(ctx, self.seat, "activate_exhausted", self.source,
                   f"activate energy in your exhausted pool (up to {self.left} more)", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        self.left -= 1
        activate_in_pool(ctx, self.seat, c.data, self.source)


@dataclass(slots=True)
class PoolMagnetFrame(Frame, kind="aac.pool_magnet"):
    """An exhausted Magnet activated: load it into any empty slot, or leave it exhausted."""

    seat: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = [Choice(f"load:{w}", f"Load the Magnet at {slot_words(w)}", (w,), w)
              for w in empty_slots(ctx, self.seat)]
        if not ch or not ctx.s.players[self.seat].exhausted[MAGNET]:
            ctx.pop()
            return None
        ch.append(Choice("leave", "Leave it in your exhausted pool"))
        return ask(ctx, self.seat, "pool_magnet", self.source, "load the activated Magnet where?",
                   ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id != "leave":
            move_energy(ctx, self.seat, MAGNET, POOL, c.data, "Magnet activated")


@dataclass(slots=True)
class PoolCompassFrame(Frame, kind="aac.pool_compass"):
    """An exhausted Compass activated: place it at a legal Compass destination (the Tile Pool,
    an Achievement it qualifies for, a matching space of a topmost section, a module's
    space), or leave it exhausted."""

    seat: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = destinations(ctx, self.seat, COMPASS, src=POOL)
        if not ch or not ctx.s.players[self.seat].exhausted[COMPASS]:
            ctx.pop()
            return None
        ch.append(Choice("leave", "Leave it in your exhausted pool"))
        return ask(ctx, self.seat, "pool_compass", self.source,
                   "place the activated Compass where?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id != "leave":
            dst, t, mw = c.data
            place(ctx, self.seat, t, POOL, dst, mw, "Compass activated")

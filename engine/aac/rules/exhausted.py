"""Folklore Card effects that take energy out of the Exhausted Pool into the Device or the
Reserve (expansion README "Expansion effects"): loading into any empty slots (`load_energy`
with `into: any_empty_slots`, dispatched here by engine.aac.rules.completion), returning to the
Reserve (`return_to_reserve`) and swapping with slot energy (`swap_with_exhausted`).

R26.7.1 / R14.1: Running Out applies to the load and return effects (one energy at a time,
each taken by choice, R14.2), and a typed load ("load 1 Wild") may use it when the pool holds
none of that type (expansion edition ruling 4). R14.6: it does not apply to swaps.
R26.6.2: energy loaded on an Actions turn may be used at once (it simply sits in its slot).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac.catalog.effects import (
    LoadEnergyEffect,
    ReturnToReserveEffect,
    SwapWithExhaustedEffect,
)
from engine.aac.core import ROWS, Ctx, move_energy, row_slots
from engine.aac.data import TYPES, WILD
from engine.aac.names import ENERGY
from engine.aac.rules.advance import after_load
from engine.aac.rules.effects import Use, effect
from engine.aac.rules.prompts import ask, verb_label
from engine.aac.state import EMPTY
from engine.aac.supply import energy_choices
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def empty_slots(ctx: Ctx, seat: int) -> list[str]:
    """Rows of the active tiles ("slot:<pos>:<row>") with an empty slot."""
    p = ctx.s.players[seat]
    return [f"slot:{pos}:{row}" for pos in range(1, 6) for row in ROWS
            if EMPTY in row_slots(p, p.device[pos - 1], row)]


def slot_words(where: str) -> str:
    _, pos, row = where.split(":")
    return f"position {pos} ({row} row)"


# --- load_energy into any empty slots ----------------------------------------------------------


def push_load_any(ctx: Ctx, seat: int, e: LoadEnergyEffect, use: Use) -> None:
    """`load_energy` with `into: any_empty_slots`: one energy per entry, each into any empty
    slot of an active tile, either row (Folklore Cards)."""
    ctx.push(LoadAnyFrame(seat, tuple(e.energies), 0, "", -1, use.source))


@dataclass(slots=True)
class LoadAnyFrame(Frame, kind="aac.load_any"):
    """Load up to one energy per entry ("one_from_exhausted": any type; "wild_from_exhausted":
    a Wild) from the Exhausted Pool, or by Running Out (R26.7.1), into any empty slot. First
    the energy, then its slot; the player may stop at any point (amounts are maximums)."""

    seat: int
    entries: tuple[str, ...]
    idx: int
    src: str  # the energy being loaded ("" while choosing it)
    t: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        slots = empty_slots(ctx, self.seat)
        if self.idx >= len(self.entries) or not slots:
            ctx.pop()
            return None
        left = len(self.entries) - self.idx
        if not self.src:
            t_req = WILD if self.entries[self.idx] == "wild_from_exhausted" else -1
            ch = energy_choices(ctx, self.seat, t_req, prefix="e:")
            if not ch:
                ctx.pop()
                return None
            ch = [Choice(c.id, verb_label("load", c.label), c.targets, c.data) for c in ch]
            ch.append(Choice("stop", "Load no more energy"))
            kind = "a Wild" if t_req == WILD else "energy"
            return ask(ctx, self.seat, "load_energy", self.source,
                       f"load {kind} (up to {left} more)", ch)
        ch = [Choice(f"to:{where}", f"Load the {ENERGY[self.t]} at {slot_words(where)}",
                     (where,), where) for where in slots if where != self.src]
        if not ch:
            ctx.pop()
            return None
        return ask(ctx, self.seat, "load_slot_any", self.source,
                   f"load the {ENERGY[self.t]} into which slot?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        if not self.src:
            self.src, self.t = c.data
            return
        where: str = c.data
        src, t = self.src, self.t
        self.src, self.t = "", -1
        self.idx += 1
        move_energy(ctx, self.seat, t, src, where, "loaded")
        after_load(ctx, self.seat, int(where.split(":")[1]), t)


# --- return_to_reserve -------------------------------------------------------------------------


def reserve_room(ctx: Ctx, seat: int) -> list[int]:
    """Energy types with an empty space of their own type in the seat's Energy Reserve."""
    p = ctx.s.players[seat]
    full = ctx.r.characters[p.character].qs_reserve
    return [t for t in range(4) if p.reserve[t] < full[t]]


@effect("return_to_reserve")
def _return_to_reserve(ctx: Ctx, seat: int, e: ReturnToReserveEffect, use: Use) -> None:
    ctx.push(ReturnFrame(seat, e.count, use.source))


@dataclass(slots=True)
class ReturnFrame(Frame, kind="aac.return_to_reserve"):
    """Move up to `left` energy from the Exhausted Pool into an empty Reserve space of its own
    type (the reverse of freeing). Running Out applies (R26.7.1) when the pool holds no
    energy of a type with room."""

    seat: int
    left: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        room = reserve_room(ctx, self.seat)
        if self.left <= 0 or not room:
            ctx.pop()
            return None
        p = ctx.s.players[self.seat]
        in_pool = [t for t in room if p.exhausted[t]]
        ch: list[Choice] = []
        for t in in_pool or room:  # R14: Running Out only when the pool has none that fit
            ch.extend(energy_choices(ctx, self.seat, t, prefix="ret:", lead=("reserve",)))
        if not ch:
            ctx.pop()
            return None
        ch = [Choice(c.id, verb_label("return", c.label) + " to your reserve", c.targets, c.data)
              for c in ch]
        ch.append(Choice("stop", "Return no more energy"))
        return ask(ctx, self.seat, "return_to_reserve", self.source,
                   f"return energy to your reserve (up to {self.left} more)", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        src, t = c.data
        self.left -= 1
        move_energy(ctx, self.seat, t, src, "reserve", "returned to the reserve")


# --- swap_with_exhausted -----------------------------------------------------------------------


@effect("swap_with_exhausted")
def _swap_with_exhausted(ctx: Ctx, seat: int, e: SwapWithExhaustedEffect, use: Use) -> None:
    ctx.push(SwapPoolFrame(seat, e.count, use.source))


def swap_choices(ctx: Ctx, seat: int) -> list[Choice]:
    """Each (row with an energy of type a, pool energy of another type b): swap them. No
    Running Out (R14.6, R26.7.1)."""
    p = ctx.s.players[seat]
    out = []
    for pos in range(1, 6):
        for row in ROWS:
            where = f"slot:{pos}:{row}"
            for a in sorted({t for t in row_slots(p, p.device[pos - 1], row) if t != EMPTY}):
                for b in range(4):
                    if b != a and p.exhausted[b]:
                        out.append(Choice(
                            f"swap:{pos}:{row}:{TYPES[a]}>{TYPES[b]}",
                            f"Swap the {ENERGY[a]} at {slot_words(where)} for a {ENERGY[b]} "
                            "from your exhausted pool", (where, "exhausted"), (where, a, b)))
    return out


@dataclass(slots=True)
class SwapPoolFrame(Frame, kind="aac.swap_with_exhausted"):
    """Exchange up to `left` slot energy (either row of an active tile) with energy of the
    Exhausted Pool, one at a time."""

    seat: int
    left: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = swap_choices(ctx, self.seat) if self.left > 0 else []
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("stop", "Swap no more energy"))
        return ask(ctx, self.seat, "swap_with_exhausted", self.source,
                   f"swap energy with your exhausted pool (up to {self.left} more)", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        where, a, b = c.data
        self.left -= 1
        move_energy(ctx, self.seat, a, where, "exhausted", "swapped")
        move_energy(ctx, self.seat, b, "exhausted", where, "swapped")
        after_load(ctx, self.seat, int(where.split(":")[1]), b)


__all__ = ["LoadAnyFrame", "ReturnFrame", "SwapPoolFrame", "empty_slots",
           "push_load_any", "reserve_room", "slot_words", "swap_choices"]

"""Folklore Card effects that bind or place energy without the tracks (expansion README
"Expansion effects"): binding straight from the Exhausted Pool (`bind_energy`), moving bound
energy into a region where the player is present (`relocate_bound_energy` with
`to: presence_region`, dispatched here by engine.aac.rules.endturn) and Multanec 6's placing
from the Reserve into a section without completing it (`place_energy`).

R26.7.1: Running Out applies to bind and place effects. R26.7.2 (Multanec 6): a non-Wild
energy that cannot go into a Monument section without completing it is exhausted instead.
R26.3.9 (O70): the region of "this Artifact" is the region of the Artifact's space, given as
`Use.at == "artifact:<space>"` (the contested space in an owner's reply).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import triggers
from engine.aac.catalog.effects import (
    BindEnergyEffect,
    PlaceEnergyEffect,
    RelocateBoundEnergyEffect,
)
from engine.aac.core import Ctx, move_energy, reach
from engine.aac.data import TYPE_INDEX, TYPES
from engine.aac.names import ENERGY
from engine.aac.placement import destinations, place
from engine.aac.rules.effects import Use, effect
from engine.aac.rules.patron import offer_patron
from engine.aac.rules.prompts import ask, verb_label
from engine.aac.rules.reserve import recharge
from engine.aac.state import EMPTY
from engine.aac.supply import energy_choices
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def artifact_space(at: str) -> str:
    """The space of `Use.at == "artifact:<space>"`, or ""."""
    head, _, space = at.partition(":")
    return space if head == "artifact" else ""


def artifact_region(ctx: Ctx, at: str) -> str:
    """The region of the Artifact's space named by `Use.at` (R26.3.9), or ""."""
    regs = ctx.r.space_regions.get(artifact_space(at), ())
    return regs[0] if regs else ""


def monument_in_use(ctx: Ctx, region: str) -> bool:
    return ctx.r.monument_by_region.get(region, "") in ctx.s.monuments


def pillar_targets(ctx: Ctx, seat: int, region: str) -> list[str]:
    """Open, empty Pillar spaces of a region where the seat has no energy on its Pillars yet
    (at most one per region; spaces closed at this player count hold BLOCKED)."""
    s = ctx.s
    rd = ctx.r.regions[region]
    sides = (rd.pillar_left, rd.pillar_right)
    if any(s.pillars[x] >= 0 and s.pillars[x] // 4 == seat for x in sides):
        return []
    return [x for x in sides if s.pillars[x] == EMPTY]


def bind_into(ctx: Ctx, seat: int, t: int, src: str, dst: str, reason: str) -> None:
    """Move one energy into a bound energy area or onto a Pillar; binding into a monument's
    area may earn its Patron Token (R21.1)."""
    move_energy(ctx, seat, t, src, dst, reason)
    if dst.startswith("bound:"):
        offer_patron(ctx, seat, dst[6:])


def _dst_words(ctx: Ctx, dst: str) -> str:
    head, _, rest = dst.partition(":")
    if head == "bound":
        return f"{ctx.name(ctx.r.monument_by_region.get(rest, rest))}'s bound area"
    return f"the Pillar of {ctx.name(ctx.r.pillar_region[rest])}"


# --- bind_energy -------------------------------------------------------------------------------


@effect("bind_energy")
def _bind_energy(ctx: Ctx, seat: int, e: BindEnergyEffect, use: Use) -> None:
    if e.region == "artifact_region":
        reg = artifact_region(ctx, use.at)
        if not reg:
            return  # no Artifact named: nothing can happen (an effect that cannot happen)
        regions: tuple[str, ...] = (reg,)
    else:
        regions = tuple(ctx.r.regions)
    ctx.push(BindFrame(seat, e.count, e.destination, regions, use.source))


@dataclass(slots=True)
class BindFrame(Frame, kind="aac.bind_from_pool"):
    """Bind up to `left` energy from the Exhausted Pool (or by Running Out, R26.7.1) into a
    Monument's bound energy area (a monument in use) and/or onto a Pillar of `regions`."""

    seat: int
    left: int
    destination: str  # "monument" | "pillar" | "monument_or_pillar"
    regions: tuple[str, ...]
    source: str

    def targets(self, ctx: Ctx) -> list[str]:
        out = []
        for reg in self.regions:
            if self.destination != "pillar" and monument_in_use(ctx, reg):
                out.append(f"bound:{reg}")
            if self.destination != "monument":
                out.extend(f"pillar:{x}" for x in pillar_targets(ctx, self.seat, reg))
        return out

    def step(self, ctx: Ctx) -> Decision | None:
        dsts = self.targets(ctx) if self.left > 0 else []
        if not dsts:
            ctx.pop()
            return None
        ch = []
        for dst in dsts:
            for c in energy_choices(ctx, self.seat, prefix=f"{dst}<", exclude=dst, lead=(dst,)):
                src, t = c.data
                ch.append(Choice(c.id, f"{verb_label('bind', c.label)} in {_dst_words(ctx, dst)}",
                                 c.targets,
                                 (src, t, dst)))
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("stop", "Bind no more energy"))
        return ask(ctx, self.seat, "bind_from_pool", self.source,
                   f"bind energy from your exhausted pool (up to {self.left} more)", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        src, t, dst = c.data
        self.left -= 1
        bind_into(ctx, self.seat, t, src, dst, "bound")


# --- relocate_bound_energy to a presence region ------------------------------------------------


def push_relocate_presence(ctx: Ctx, seat: int, e: RelocateBoundEnergyEffect, use: Use) -> None:
    """`relocate_bound_energy` with `to: presence_region` (Freyith's Folklore Cards)."""
    ctx.push(RelocateFrame(seat, e.count, e.same_kind, use.source))


def relocate_choices(ctx: Ctx, seat: int, same_kind: bool) -> list[Choice]:
    """Each of the seat's bound energy (a bound energy area or a Pillar space, never an
    Achievement) to another Monument's bound energy area (a monument in use) or a Pillar in a
    region where its figure or one of its Bridge Tokens is present, obeying that location's
    limits (one of its energy on a region's Pillars)."""
    s = ctx.s
    present = reach(ctx, seat)
    sources: list[tuple[str, int]] = []  # (location, energy type)
    for reg, rows in s.bound.items():
        for t in range(4):
            if rows[seat][t]:
                sources.append((f"bound:{reg}", t))
    for sp, cell in s.pillars.items():
        if cell >= 0 and cell // 4 == seat:
            sources.append((f"pillar:{sp}", cell % 4))
    out = []
    for src, t in sources:
        kind = src.partition(":")[0]
        for reg in present:
            dsts = []
            if (not same_kind or kind == "bound") and monument_in_use(ctx, reg):
                dsts.append(f"bound:{reg}")
            if not same_kind or kind == "pillar":
                dsts.extend(f"pillar:{x}" for x in pillar_targets(ctx, seat, reg))
            for dst in dsts:
                if dst == src:
                    continue
                out.append(Choice(f"rel:{src}:{TYPES[t]}>{dst}",
                                  f"Move your bound {ENERGY[t]} from {_dst_words(ctx, src)} to "
                                  f"{_dst_words(ctx, dst)}", (src, dst), (src, dst, t)))
    if s.modules:  # as for Migration: a module may tell alike energy apart (a Doubler, R29.2.4)
        out = triggers.query(ctx, "relocation_choices", seat, out)
    return out


@dataclass(slots=True)
class RelocateFrame(Frame, kind="aac.relocate_presence"):
    """Move up to `left` bound energy, one at a time (a Doubler on it travels with it,
    R29.2.4)."""

    seat: int
    left: int
    same_kind: bool
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = relocate_choices(ctx, self.seat, self.same_kind) if self.left > 0 else []
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("stop", "Move no more bound energy"))
        return ask(ctx, self.seat, "relocate_bound", self.source,
                   f"move bound energy to a region where you are present "
                   f"(up to {self.left} more)", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        src, dst, t = c.data  # Migration's shape (src may carry a module's "#" tag)
        self.left -= 1
        bind_into(ctx, self.seat, t, src, dst, "relocated")


# --- place_energy (Multanec 6) -----------------------------------------------------------------


@effect("place_energy")
def _place_energy(ctx: Ctx, seat: int, e: PlaceEnergyEffect, use: Use) -> None:
    types = tuple(TYPE_INDEX[x] for x in e.types)
    ctx.push(PlaceFromReserveFrame(seat, e.count, types, e.may_complete, use.source))


def section_places(ctx: Ctx, seat: int, t: int, may_complete: bool) -> list[Choice]:
    """Matching empty spaces of the topmost sections (Masterwork included) where an energy of
    type t may go; without `may_complete`, only spaces that leave the section incomplete."""
    out = []
    for c in destinations(ctx, seat, t, src="reserve", prefix="place:"):
        dst = c.data[0]
        if not dst.startswith("section:"):
            continue
        mon = dst[8:].rsplit(":", 1)[0]
        if not may_complete and ctx.s.monuments[mon].spaces.count(EMPTY) <= 1:
            continue
        out.append(c)
    return out


@dataclass(slots=True)
class PlaceFromReserveFrame(Frame, kind="aac.place_from_reserve"):
    """Free an energy of one of `types` from the Energy Reserve into a matching empty section
    space without completing the section; if it cannot go anywhere so, it is exhausted
    instead (R26.7.2). Either way it counts as freeing it: a row emptied recharges (R17.3)."""

    seat: int
    left: int
    types: tuple[int, ...]
    may_complete: bool
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        avail = [t for t in self.types if p.reserve[t] > 0] if self.left > 0 else []
        if not avail:
            ctx.pop()
            return None
        ch = []
        for t in avail:
            places = section_places(ctx, self.seat, t, self.may_complete)
            for c in places:
                ch.append(Choice(c.id, f"Free your {c.label}", ("reserve",) + c.targets,
                                 (t, c.data[0], c.data[2])))
            if not places:
                ch.append(Choice(f"exhaust:{TYPES[t]}",
                                 f"Free your {ENERGY[t]}: it is exhausted (no section space "
                                 "it can take without completing the section)",
                                 ("reserve", "exhausted"), (t, "exhausted", 0)))
        ch.append(Choice("stop", "Free no energy"))
        return ask(ctx, self.seat, "place_from_reserve", self.source,
                   "free an energy into a Monument section without completing it", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        t, dst, mw = c.data
        self.left -= 1
        p = ctx.s.players[self.seat]
        if dst == "exhausted":
            move_energy(ctx, self.seat, t, "reserve", "exhausted", "freed")
        else:
            place(ctx, self.seat, t, "reserve", dst, mw, "freed into a section")
        if p.reserve[t] == 0:
            recharge(ctx, self.seat)  # the pair refresh (R17.3)


__all__ = ["BindFrame", "PlaceFromReserveFrame", "RelocateFrame", "artifact_region",
           "artifact_space", "bind_into", "monument_in_use", "pillar_targets",
           "push_relocate_presence", "relocate_choices", "section_places"]

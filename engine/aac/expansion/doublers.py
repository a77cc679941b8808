"""Doubler Tokens (R28.3, R29), shared by the Folklore and Pilgrimage modules.

State, in `GameState.ext["doublers"]` (plain data, public):
- "supply": Doublers left in the supply (16 at setup, R34.19);
- "areas": region -> per seat, per energy type, how many of the seat's energy of that type in
  that Bound Energy Area carry a Doubler (only regions that hold one are listed);
- "pillars": the Pillar spaces whose energy carries a Doubler (the energy's owner is the
  space's owner).

An energy carrying a Doubler counts as 2 "for all intents and purposes" (R29.1): the Doubler's
extra 1 is added wherever the rules count bound energy (the trigger "bound_extra":
Achievement qualification R29.2.2, Patron Tokens R29.2.1, Monument and Pillar scoring with the
Pillar cap R29.3.1-2, tier-III Bridge scoring past its printed maximum R29.3.3 via
"natural_max_lifted", the ×2 Achievement column R29.3.4, the tiebreak O44). It goes back to
the supply when its energy stops being bound (Running Out, R29.2.3) and moves with a Freyith
relocation (R29.2.4), both through "energy_moved"; energy alike in one area are told apart by
the "#doubler" tag of a relocation choice ("relocation_choices").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.aac.catalog.effects import PlaceDoublerEffect
from engine.aac.core import Ctx, decision
from engine.aac.expansion.events import DoublerMoved, move_doubler
from engine.aac.names import ENERGY, bound_area, pillar
from engine.aac.rules.effects import Use, effect
from engine.aac.rules.patron import offer_patron
from engine.aac.triggers import Hook
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

KEY = "doublers"
SUPPLY = 16  # R34.19
TAG = "doubler"  # the location tag of a relocation that moves the doubled energy


def setup(ctx: Ctx) -> None:
    ctx.s.ext.setdefault(KEY, {"supply": SUPPLY, "areas": {}, "pillars": []})


def state(ctx: Ctx) -> dict[str, Any] | None:
    d: dict[str, Any] | None = ctx.s.ext.get(KEY)
    return d


def on_area(ctx: Ctx, region: str, seat: int, t: int) -> int:
    """Doublers on the seat's energy of type t in the region's Bound Energy Area."""
    d = state(ctx)
    if d is None:
        return 0
    rows = d["areas"].get(region)
    return int(rows[seat][t]) if rows is not None else 0


def on_pillar(ctx: Ctx, space: str) -> bool:
    d = state(ctx)
    return d is not None and space in d["pillars"]


def placed(ctx: Ctx, seat: int) -> int:
    """How many Doublers the seat has on the board."""
    d = state(ctx)
    if d is None:
        return 0
    n = sum(sum(rows[seat]) for rows in d["areas"].values())
    return n + sum(1 for sp in d["pillars"] if ctx.s.pillars.get(sp, -1) // 4 == seat)


# --- counting (R29.1-R29.3) --------------------------------------------------------------------


def bound_extra(ctx: Ctx, hook: Hook) -> None:
    """Add each Doubler's extra 1 to the counts of its energy's type and location."""
    d = state(ctx)
    if d is None:
        return
    out: list[int] = hook.value
    seat, regions, kinds = hook.seat, hook.info["regions"], hook.info["kinds"]
    if "bound_area" in kinds and d["areas"]:
        for reg, rows in d["areas"].items():
            if reg in regions:
                r = rows[seat]
                for t in range(4):
                    out[t] += r[t]
    if "pillar" in kinds and d["pillars"]:
        pr = ctx.r.pillar_region
        for sp in d["pillars"]:
            e = ctx.s.pillars[sp]
            if e // 4 == seat and pr[sp] in regions:
                out[e % 4] += 1


def natural_max_lifted(ctx: Ctx, hook: Hook) -> None:
    """R29.3.3: a Doubler may push a tier-III score beyond its printed (natural) maximum."""
    if state(ctx) is not None:
        hook.value = True


# --- leaving and moving (R29.2.3, R29.2.4) -----------------------------------------------------


def _bound_kind(loc: str) -> bool:
    return loc.startswith(("bound:", "pillar:"))


def energy_moved(ctx: Ctx, hook: Hook) -> None:
    """A bound energy moved. If it carried a Doubler, the Doubler moves with it to another bound
    location (R29.2.4) or goes back to the supply (R29.2.3). Of alike energy in one Bound
    Energy Area, an undoubled one is the one that moved unless the move is tagged "doubler"
    (keeping the Doubler on the board is always the holder's better reading)."""
    d = state(ctx)
    src: str = hook.info["src"]
    if d is None or not _bound_kind(src):
        return
    seat, t, dst = hook.seat, hook.info["t"], hook.info["dst"]
    if src.startswith("pillar:"):
        if src[7:] not in d["pillars"]:
            return
    else:
        reg = src[6:]
        k = on_area(ctx, reg, seat, t)
        if not k:
            return
        left = ctx.s.bound[reg][seat][t]  # alike energy still there after the move
        if hook.info.get("tag") != TAG and left >= k:
            return  # an undoubled one moved
    to = dst if dst.startswith(("pillar:", "bound:")) else ""  # elsewhere: to the supply
    move_doubler(ctx.s, seat, t, src, to)
    ctx.emit(DoublerMoved(seat, t, src, to))


def relocation_choices(ctx: Ctx, hook: Hook) -> None:
    """Freyith's relocation of a bound energy (R29.2.4): where the area holds alike energy with
    and without a Doubler, also offer moving the doubled one."""
    d = state(ctx)
    if d is None or not d["areas"]:
        return
    seat = hook.seat
    out: list[Choice] = []
    for c in hook.value:
        out.append(c)
        src, dst, t = c.data
        if not src.startswith("bound:"):
            continue
        reg = src[6:]
        k = on_area(ctx, reg, seat, t)
        if not k:
            continue
        if k < ctx.s.bound[reg][seat][t]:
            out.append(Choice(f"{c.id}#{TAG}", f"{c.label}, the one with the Doubler Token",
                              c.targets, (f"{src}#{TAG}", dst, t)))
        else:  # every alike energy there is doubled: the Doubler goes along
            out[-1] = Choice(c.id, f"{c.label} (its Doubler Token goes along)", c.targets,
                             c.data)
    hook.value = out


# --- placing (R28.3) ---------------------------------------------------------------------------


def targets(ctx: Ctx, seat: int, on: str | None = None, region: str | None = None
            ) -> list[Choice]:
    """R28.3: the seat's bound energy without a Doubler in the Bound Energy Area of a monument
    in use (O72: not a region whose monument is not in use) or on a Pillar space (never
    Achievement energy); `on` / `region` narrow them."""
    s, r = ctx.s, ctx.r
    out: list[Choice] = []
    if on in (None, "monument"):
        for reg, rows in s.bound.items():
            if region is not None and reg != region:
                continue
            if r.monument_by_region.get(reg, "") not in s.monuments:
                continue
            for t in range(4):
                if rows[seat][t] > on_area(ctx, reg, seat, t):
                    loc = f"bound:{reg}"
                    out.append(Choice(f"doubler:{loc}:{t}",
                                      f"On your {ENERGY[t]} in {bound_area(r, reg)}",
                                      (loc,), (loc, t)))
    if on in (None, "pillar"):
        for sp, e in s.pillars.items():
            if e >= 0 and e // 4 == seat and not on_pillar(ctx, sp):
                if region is not None and r.pillar_region[sp] != region:
                    continue
                loc = f"pillar:{sp}"
                out.append(Choice(f"doubler:{loc}", f"On your {ENERGY[e % 4]} on {pillar(r, sp)}",
                                  (loc,), (loc, e % 4)))
    return out


def artifact_region(ctx: Ctx, use: Use) -> str | None:
    """The region of the space named by `use.at == "artifact:<space>"` (the Artifact's)."""
    if not use.at.startswith("artifact:"):
        return None
    regs = ctx.r.space_regions.get(use.at[9:], ())
    return regs[0] if regs else None


def put(ctx: Ctx, seat: int, loc: str, t: int, source: str = "") -> None:
    """Take a Doubler from the supply and put it on the seat's energy at `loc`; placing one
    in a monument's area may win its Patron Token (R21.1, O71: rules option
    doubler_patron_trigger)."""
    d = state(ctx)
    assert d is not None and d["supply"] > 0
    move_doubler(ctx.s, seat, t, "", loc)
    ctx.s.score_dirty |= 1 << seat
    ctx.emit(DoublerMoved(seat, t, "", loc, source))
    if loc.startswith("bound:") and ctx.s.options.get("doubler_patron_trigger", True):
        offer_patron(ctx, seat, loc[6:])


@dataclass(slots=True)
class DoublerFrame(Frame, kind="aac.place_doubler"):
    """Place `left` more Doublers, one decision each (R32.25 / R32.29)."""

    seat: int
    left: int
    on: str = ""
    region: str = ""
    source: str = ""

    def _targets(self, ctx: Ctx) -> list[Choice]:
        d = state(ctx)
        if d is None or d["supply"] <= 0:  # O57: an empty supply, nothing happens
            return []
        return targets(ctx, self.seat, self.on or None, self.region or None)

    def step(self, ctx: Ctx) -> Decision | None:
        ch = self._targets(ctx)
        if self.left <= 0 or not ch:
            ctx.pop()
            return None
        return decision(self.seat, "place_doubler", "Place a Doubler Token on which energy?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        self.left -= 1
        if self.left <= 0:
            ctx.pop()
        loc, t = c.data
        put(ctx, self.seat, loc, t, self.source)


@effect("place_doubler")
def _place_doubler(ctx: Ctx, seat: int, e: PlaceDoublerEffect, use: Use) -> None:
    region = ""
    if e.region == "region_with_your_artifact":
        reg = artifact_region(ctx, use)
        if reg is None:
            return  # no Artifact's space known: no target in its region
        region = reg
    ctx.push(DoublerFrame(seat, e.count, e.on or "", region, use.source))


# --- invariants --------------------------------------------------------------------------------


def invariants(ctx: Ctx) -> list[str]:
    d = state(ctx)
    if d is None:
        return []
    out: list[str] = []
    s = ctx.s
    on = len(d["pillars"]) + sum(sum(map(sum, rows)) for rows in d["areas"].values())
    if d["supply"] < 0 or d["supply"] + on != SUPPLY:
        out.append(f"Doublers: {d['supply']} in the supply and {on} on the board, not {SUPPLY}")
    for reg, rows in d["areas"].items():
        for seat, row in enumerate(rows):
            for t in range(4):
                if row[t] < 0 or row[t] > s.bound[reg][seat][t]:
                    out.append(f"Doublers: seat {seat} has {row[t]} on {s.bound[reg][seat][t]} "
                               f"energy of type {t} in {reg}")
    if len(set(d["pillars"])) != len(d["pillars"]):
        out.append("Doublers: two on one Pillar space")
    for sp in d["pillars"]:
        if s.pillars.get(sp, -1) < 0:
            out.append(f"Doublers: one on the empty Pillar space {sp}")
    return out

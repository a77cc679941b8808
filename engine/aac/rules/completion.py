"""R15 completion phase and section resolution, R16 energy activation, R17 perks,
R21.1 Patron Tokens; Multanec II/III, Chronari I, Valimod I, Aureon II hooks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.catalog.effects import (
    ExhaustEnergyEffect,
    LoadEnergyEffect,
    LoadIntoDeviceEffect,
    RelocateEnergyEffect,
)
from engine.aac.core import (
    ROWS,
    Ctx,
    clockwise_from,
    decision,
    find_power,
    move_energy,
    power_id,
)
from engine.aac.data import COMPASS, MAGNET, ROSE, TYPES, WILD
from engine.aac.modules import CompletionKind, ModuleDef, on_register
from engine.aac.names import ENERGY, energy
from engine.aac.placement import destinations, place
from engine.aac.rules.advance import after_load
from engine.aac.rules.effects import Use, effect, push_effect
from engine.aac.rules.exhausted import push_load_any
from engine.aac.rules.movement import MoveFrame
from engine.aac.rules.patron import offer_patron
from engine.aac.rules.reserve import FreeReserveFrame
from engine.aac.state import EMPTY, Completion
from engine.aac.supply import energy_choices
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

# --- completion kinds (R15.4): monument sections; modules add theirs (Pilgrimage: Shrines) ---


def _section_choice(ctx: Ctx, c: Completion) -> tuple[str, str, tuple[str, ...]]:
    return (f"resolve:{c.monument}", f"Resolve {ctx.name(c.monument)} "
            f"(section {ctx.r.sections[c.section].number})", (f"monument:{c.monument}",))


def _section_resolve(ctx: Ctx, c: Completion) -> None:
    ctx.push(ResolveFrame.make(ctx, c))


SECTION = CompletionKind("section", _section_choice, _section_resolve)
KINDS: dict[str, CompletionKind] = {SECTION.name: SECTION}


DETECT: list[Callable[[Ctx], None]] = []


def _add_kinds(m: ModuleDef) -> None:
    for k in m.completion_kinds:
        if k.name in KINDS:
            raise ValueError(f"completion kind {k.name!r} is declared twice")
        KINDS[k.name] = k
        if k.detect is not None:
            DETECT.append(k.detect)


def _remove_kinds(m: ModuleDef) -> None:
    for k in m.completion_kinds:
        KINDS.pop(k.name, None)
        if k.detect is not None and k.detect in DETECT:
            DETECT.remove(k.detect)


on_register(_add_kinds, _remove_kinds)


def pending_completions(ctx: Ctx) -> list[Completion]:
    """The pending completions, after each kind that finds its own (`detect`) looked."""
    for detect in DETECT:
        detect(ctx)
    return ctx.s.completions


@dataclass(slots=True)
class CompletionPhase(Frame, kind="aac.completion_phase"):
    """R15.4: the active player picks the order of all pending completions, of every kind."""

    active: int

    def step(self, ctx: Ctx) -> Decision | None:
        comps = pending_completions(ctx)
        if not comps:
            ctx.pop()
            return None
        ch = []
        for i, c in enumerate(comps):
            cid, label, targets = KINDS[c.kind].choice(ctx, c)
            ch.append(Choice(cid, label, targets, i))
        what = ("completed section" if all(c.kind == "section" for c in comps) else
                "completion (a section or a Shrine completion)")
        return decision(self.active, "resolve_order", f"Which {what} resolves next?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        comp = ctx.s.completions.pop(c.data)
        KINDS[comp.kind].resolve(ctx, comp)


@dataclass(slots=True)
class ResolveFrame(Frame, kind="aac.resolve_section"):
    """R15.5: participants in order, each a full turn; then the section is constructed."""

    monument: str
    section: str
    completer: int
    order: tuple[int, ...]
    idx: int

    @staticmethod
    def make(ctx: Ctx, comp: Completion) -> ResolveFrame:
        s = ctx.s
        m = s.monuments[comp.monument]
        parts = {cell // 4 for cell in m.spaces if cell != EMPTY}
        anchor = comp.completer if comp.completer >= 0 else comp.causer
        order = tuple(x for x in clockwise_from(s, (anchor + 1) % s.n) if x in parts)
        return ResolveFrame(comp.monument, comp.section, comp.completer, order, 0)

    def step(self, ctx: Ctx) -> Decision | None:
        if self.idx < len(self.order):
            seat = self.order[self.idx]
            self.idx += 1
            ctx.push(ParticipantFrame(seat, self.monument, self.completer, seat == self.completer,
                                      self._perks(ctx, seat), "", False))
            return None
        ctx.pop()
        construct_top(ctx, self.monument)
        return None

    def _perks(self, ctx: Ctx, seat: int) -> int:
        """Perks a participant takes: 1, or both for Multanec II as the completer."""
        if seat != self.completer:
            return 1
        return int(triggers.query(ctx, "on_section_completed", seat, 1, role="completer"))

    def apply(self, ctx: Ctx, c: Choice) -> None:  # pragma: no cover - never decides
        raise AssertionError("ResolveFrame makes no decision")


def construct_top(ctx: Ctx, mon: str) -> None:
    """R15.5.5: attach the resolved section; the next one becomes the topmost."""
    m = ctx.s.monuments[mon]
    assert all(c == EMPTY for c in m.spaces), "energy left on a resolved section"
    sec = m.stack.pop(0)
    m.built.append(sec)
    m.completed = False
    m.spaces = [EMPTY] * len(ctx.r.sections[m.stack[0]].symbols) if m.stack else []
    ctx.emit(ev.SectionConstructed(mon, sec, m.stack[0] if m.stack else ""))


@dataclass(slots=True)
class ParticipantFrame(Frame, kind="aac.participant"):
    """One participant's turn in a resolution (R15.5.2-R15.5.4, R16, R17)."""

    seat: int
    monument: str
    completer: int
    is_completer: bool
    perks: int  # perks still to take (2 for Multanec II as completer)
    perks_taken: str  # "section", "bonus" or "" (already taken kinds)
    bound: bool  # completer's binding done (or Cornerstone used)

    def own(self, ctx: Ctx) -> list[tuple[int, int]]:
        m = ctx.s.monuments[self.monument]
        return [(i, cell % 4) for i, cell in enumerate(m.spaces)
                if cell != EMPTY and cell // 4 == self.seat]

    def step(self, ctx: Ctx) -> Decision | None:
        own = self.own(ctx)
        types = sorted({t for _, t in own})
        mname = ctx.name(self.monument)
        if self.is_completer and not self.bound:
            if not own:
                self.bound = True
            else:
                ch = [Choice(f"bind:{TYPES[t]}", f"Bind your {ENERGY[t]} in {mname}'s bound area",
                             (f"bound:{ctx.r.monuments[self.monument].region}",), t) for t in types]
                return decision(self.seat, "completer_bind",
                                "You completed the section: bind one of your energy", ch)
        ch = []
        if self.perks > 0:
            sec = ctx.r.sections[ctx.s.monuments[self.monument].stack[0]]
            bonus = ctx.s.monuments[self.monument].bonus
            if "section" not in self.perks_taken:
                perk = sec.perk_text or "free " + ", ".join(energy(x) for x in sec.perk)
                ch.append(Choice("perk:section", f"Section perk: {perk}",
                                 (f"perk:{self.monument}",)))
            if "bonus" not in self.perks_taken:
                ch.append(Choice("perk:bonus", f"Bonus tile: {ctx.r.bonus_tiles[bonus].text}",
                                 (f"bonus:{self.monument}",)))
            if self.perks_taken:  # Multanec II (Foreman): the second perk is optional
                ch.append(Choice("perk:none", "Foreman: do not take the other perk"))
        if (not self.is_completer and self.completer >= 0 and not self.bound and own):
            # Multanec III: bind instead of activating
            ch.extend(triggers.offers(ctx, "on_section_completed", self.seat,
                                      role="contributor_not_completer", types=types,
                                      region=ctx.r.monuments[self.monument].region))
        for t in types:
            ch.append(Choice(f"activate:{TYPES[t]}", f"Activate your {ENERGY[t]}", (), t))
            ch.append(Choice(f"exhaust:{TYPES[t]}", f"Exhaust your {ENERGY[t]}", (), t))
        if not ch:
            ctx.pop()
            return None
        return decision(self.seat, "participant",
                        f"{mname} resolves: take your perk and activate or exhaust your energy", ch)

    def _loc(self, ctx: Ctx, t: int) -> str:
        m = ctx.s.monuments[self.monument]
        i = m.spaces.index(self.seat * 4 + t)
        return f"section:{self.monument}:{i}"

    def apply(self, ctx: Ctx, c: Choice) -> None:
        cid = c.id
        region = ctx.r.monuments[self.monument].region
        if cid.startswith("bind:") or cid.startswith("cornerstone:"):
            self.bound = True
            t = c.data
            if cid.startswith("cornerstone:"):
                t = triggers.take(ctx, "on_section_completed", self.seat, c,
                                  role="contributor_not_completer")
            move_energy(ctx, self.seat, t, self._loc(ctx, t), f"bound:{region}", "bound")
            offer_patron(ctx, self.seat, region)
            return
        if cid == "perk:none":
            self.perks = 0
            return
        if cid.startswith("perk:"):
            kind = cid[5:]
            self.perks -= 1
            self.perks_taken += kind
            m = ctx.s.monuments[self.monument]
            if kind == "section":
                sec = ctx.r.sections[m.stack[0]]
                ctx.emit(ev.PerkTaken(self.seat, "section", sec.perk_text))
                ctx.push(FreeReserveFrame(self.seat, sec.perk, 0))
            else:
                bt = ctx.r.bonus_tiles[m.bonus]
                ctx.emit(ev.PerkTaken(self.seat, "bonus", bt.name))
                push_effect(ctx, self.seat, bt.effect, m.bonus)
            return
        t = c.data
        loc = self._loc(ctx, t)
        if cid.startswith("exhaust:"):
            move_energy(ctx, self.seat, t, loc, "exhausted", "exhausted")
            return
        activate(ctx, self.seat, t, loc, self.monument)


def activate(ctx: Ctx, seat: int, t: int, loc: str, from_monument: str) -> None:
    """R16.2-R16.5: activate an energy leaving a completed section (at `loc`, a space of
    `from_monument`): the energy type's activation effect (characters.json energy_types)."""
    if t == ROSE:
        move_energy(ctx, seat, t, loc, "exhausted", "Rose activated")
        pts = int(triggers.query(ctx, "on_activate_energy", seat, 2, energy=ROSE))  # Aureon II
        ctx.push(MoveFrame.make(ctx, seat, flex=pts, source="Rose"))
    elif t == WILD:
        wild_activated(ctx, seat, loc)
    else:  # Compass: relocate_energy, Magnet: load_into_device
        push_effect(ctx, seat, ctx.r.energy_activation[TYPES[t]], ENERGY[t], at=loc)


def wild_activated(ctx: Ctx, seat: int, loc: str) -> None:
    """R16.5: an activated Wild is exhausted (its activation effect, characters.json
    energy_types), unless a power takes it (Chronari I's Rewind); Valimod I may then teleport
    the figure (trigger on_activate_energy)."""
    if triggers.fire(ctx, "on_activate_energy", seat, energy=WILD, loc=loc):
        return
    push_effect(ctx, seat, ctx.r.energy_activation["wild"], "Wild", at=loc)


@dataclass(slots=True)
class MagnetFrame(Frame, kind="aac.magnet"):
    """R16.3: load the Magnet into any empty slot of an active tile, or exhaust it."""

    seat: int
    loc: str

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        for pos in range(1, 6):
            tile = p.device[pos - 1]
            for row in ROWS:
                if EMPTY in (p.top[tile] if row == "top" else p.bottom[tile]):
                    ch.append(Choice(f"load:{pos}:{row}", f"Load it at position {pos} ({row} row)",
                                     (f"slot:{pos}:{row}",), f"slot:{pos}:{row}"))
        ch.append(Choice("exhaust", "Exhaust it", ("exhausted",), "exhausted"))
        return decision(self.seat, "magnet", "Magnet activated: load it where?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        move_energy(ctx, self.seat, MAGNET, self.loc, c.data, "Magnet activated")


@dataclass(slots=True)
class CompassFrame(Frame, kind="aac.compass"):
    """R16.4: place the Compass at a legal destination on a different monument, or exhaust."""

    seat: int
    loc: str
    monument: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = destinations(ctx, self.seat, COMPASS, src=self.loc, exclude_monument=self.monument)
        ch.append(Choice("exhaust", "Exhaust it", ("exhausted",), None))
        return decision(self.seat, "compass", "Compass activated: place it where?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.data is None:
            move_energy(ctx, self.seat, COMPASS, self.loc, "exhausted", "Compass exhausted")
            return
        dst, t, mw = c.data
        place(ctx, self.seat, t, self.loc, dst, mw, "Compass activated")


@dataclass(slots=True)
class RewindFrame(Frame, kind="aac.rewind"):
    """Chronari I (R25.6.1, O47): load the Wild and 1 more energy into one active tile."""

    seat: int
    loc: str
    pos: int  # 0 until the Wild is loaded

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        if self.pos == 0:
            for pos in range(1, 6):
                tile = p.device[pos - 1]
                for row in ROWS:
                    if EMPTY in (p.top[tile] if row == "top" else p.bottom[tile]):
                        ch.append(Choice(f"wild:{pos}:{row}",
                                         f"Rewind: load the Wild at position {pos} ({row} row)",

                                         (f"slot:{pos}:{row}",), (pos, row)))
            ch.append(Choice("exhaust", "Exhaust the Wild (do not use Rewind)"))
            return decision(self.seat, "rewind", "Wild activated: use Rewind?", ch)
        tile = p.device[self.pos - 1]
        rows = [row for row in ROWS if EMPTY in (p.top[tile] if row == "top" else p.bottom[tile])]
        if rows:
            for c in energy_choices(ctx, self.seat, prefix="e:"):
                for row in rows:
                    ch.append(Choice(f"{row}:{c.id}", f"Rewind: {c.label} into the {row} row",
                                     (f"slot:{self.pos}:{row}",) + c.targets, (row, c.data)))
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("none", "Load nothing more"))
        return decision(self.seat, "rewind_second", "Rewind: load 1 more energy", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if self.pos == 0:
            if c.id == "exhaust":
                ctx.pop()
                move_energy(ctx, self.seat, WILD, self.loc, "exhausted", "Wild activated")
                return
            pos, row = c.data
            tier = find_power(ctx, self.seat, "load_energy")  # this frame is Chronari I's
            ctx.emit(ev.PowerUsed(self.seat, power_id(ctx, self.seat, tier), "Rewind"))
            move_energy(ctx, self.seat, WILD, self.loc, f"slot:{pos}:{row}", "Rewind")
            self.pos = pos
            after_load(ctx, self.seat, pos, WILD)
            return
        ctx.pop()
        if c.id == "none":
            return
        row, (src, t) = c.data
        move_energy(ctx, self.seat, t, src, f"slot:{self.pos}:{row}", "Rewind")


# --- effects: the activations of energy leaving a section, and Chronari I --------------------


def _section_energy(ctx: Ctx, at: str) -> tuple[str, int]:
    """(monument, energy type) of the energy on the section space `at` ("section:<mon>:<i>")."""
    head, mon, idx = at.split(":")
    if head != "section":
        raise ValueError(f"an activation needs a section space, not {at!r}")
    return mon, ctx.s.monuments[mon].spaces[int(idx)] % 4


@effect("relocate_energy")
def _compass(ctx: Ctx, seat: int, e: RelocateEnergyEffect, use: Use) -> None:
    """R16.4: the activated Compass to a destination on another monument, or exhausted."""
    mon, _ = _section_energy(ctx, use.at)
    ctx.push(CompassFrame(seat, use.at, mon))


@effect("load_into_device")
def _magnet(ctx: Ctx, seat: int, e: LoadIntoDeviceEffect, use: Use) -> None:
    """R16.3: the activated Magnet into an empty slot, or exhausted."""
    ctx.push(MagnetFrame(seat, use.at))


@effect("exhaust_energy")
def _exhaust(ctx: Ctx, seat: int, e: ExhaustEnergyEffect, use: Use) -> None:
    """R16.5: the activated energy goes to the exhausted pool (nothing to do once it is
    there: Valimod I's sequence)."""
    if e.which == "all_bottom_row":
        raise NotImplementedError("the revised Patron Token cost is not played yet")
    if use.at:
        _, t = _section_energy(ctx, use.at)
        move_energy(ctx, seat, t, use.at, "exhausted", f"{use.source} activated")


@effect("load_energy")
def _rewind(ctx: Ctx, seat: int, e: LoadEnergyEffect, use: Use) -> None:
    """Chronari I (Rewind, R25.6.1): the activated Wild and 1 more energy into one tile;
    Folklore Cards: energy from the Exhausted Pool into any empty slots (rules.exhausted)."""
    if e.into == "any_empty_slots":
        push_load_any(ctx, seat, e, use)
        return
    ctx.push(RewindFrame(seat, use.at, 0))


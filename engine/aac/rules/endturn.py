"""E1 end-of-Advance (conduits R19.3, Patron use R21.2), E3 end-of-turn abilities (R4.3):
Freyith III, Aureon III, Rusne II/III, Chronari III, Valimod III; optional power offers."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.catalog.effects import ConstructAndDeconstructEffect, RelocateBoundEnergyEffect
from engine.aac.core import (
    Ctx,
    clockwise_from,
    decision,
    figure_regions,
    mark_power_used,
    move_energy,
)
from engine.aac.names import ENERGY
from engine.aac.rules.binding import push_relocate_presence
from engine.aac.rules.effects import Use, applied_in, effect
from engine.aac.rules.movement import conduit_points, push_conduit_movement
from engine.aac.rules.patron import offer_patron
from engine.aac.state import EMPTY, Completion
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


@dataclass(slots=True)
class OptionalPowerFrame(Frame, kind="aac.power_offer"):
    """Offer an optional triggered power (Ignotas I, Rusne I, Valimod I)."""

    seat: int
    tier: int
    text: str

    def step(self, ctx: Ctx) -> Decision | None:
        pid = ctx.r.characters[ctx.s.players[self.seat].character].powers[self.tier - 1].id
        ch = [Choice("use", self.text, (f"power:{pid}",)), Choice("decline", "Do not use it")]
        return decision(self.seat, "power_offer", self.text + "?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id != "use":
            return
        pw = ctx.r.characters[ctx.s.players[self.seat].character].powers[self.tier - 1]
        mark_power_used(ctx, self.seat, self.tier)
        ctx.emit(ev.PowerUsed(self.seat, pw.id, pw.name))
        triggers.use_power(ctx, self.seat, pw)  # engine.aac.rules.powers (@use)


def patron_targets(ctx: Ctx) -> list[str]:
    """O40: only an Open topmost section may be completed by a Patron Token."""
    return [mid for mid, m in ctx.s.monuments.items() if m.stack and not m.completed]


def complete_without_completer(ctx: Ctx, seat: int, mon: str, cause: str) -> None:
    """R21.3: a no-completer completion joins the pending set."""
    m = ctx.s.monuments[mon]
    m.completed = True
    ctx.s.completions.append(Completion(mon, m.stack[0], -1, seat))
    ctx.emit(ev.SectionCompleted(mon, m.stack[0], -1, cause))


@dataclass(slots=True)
class EndOfAdvanceFrame(Frame, kind="aac.end_of_advance"):
    """E1 (R4.3, O8): conduit movement and optional Patron use, in the order chosen."""

    seat: int
    conduits_done: bool
    patron_done: bool

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        if not self.conduits_done and sum(conduit_points(ctx, self.seat)) > 0:
            ch.append(Choice("conduits", "Gain your conduit movement"))
        if not self.patron_done and p.patron:
            for mon in patron_targets(ctx):
                ch.append(Choice(f"patron:{mon}",
                                 f"Use your Patron Token: exhaust your bottom row and complete "
                                 f"{ctx.name(mon)}'s section", (f"monument:{mon}",), mon))
        # a module's options here (Pilgrimage: the Patron Token's Shrine, R27.9)
        ch.extend(triggers.offers(ctx, "end_of_advance_options", self.seat, frame=self))
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("done", "Finish the Advance turn"))
        return decision(self.seat, "end_of_advance", end_of_advance_prompt(ch), ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "done":
            ctx.pop()
            return
        if c.id == "conduits":
            self.conduits_done = True
            push_conduit_movement(ctx, self.seat)
            return
        if isinstance(c.data, tuple):  # a module's option
            triggers.take(ctx, "end_of_advance_options", self.seat, c, frame=self)
            return
        # the Patron Token's use (monuments.json patron_rules.use: construct_section, R21.2)
        self.patron_done = True
        pay_patron_cost(ctx, self.seat)
        ctx.emit(ev.PatronUsed(self.seat, c.data))
        complete_without_completer(ctx, self.seat, c.data, "patron")


def end_of_advance_prompt(ch: list[Choice]) -> str:
    """E1's question in words, the Patron Token's use told (R21.2: its cost and effect), so
    the highlighted monuments are not a riddle."""
    offers = []
    if any(c.id == "conduits" for c in ch):
        offers.append("gain your conduit movement")
    if any(c.id.startswith("patron:") for c in ch):
        offers.append("use your Patron Token (click a highlighted monument to complete its "
                      "open section, for all your bottom-row energy)")
    if not offers:
        return "End of your Advance turn"
    return f"End of your Advance turn: {' or '.join(offers)}?"


def pay_patron_cost(ctx: Ctx, seat: int) -> None:
    """R21.2 cost of a Patron Token's use: all bottom-row energy (O39: may be none)."""
    p = ctx.s.players[seat]
    for pos in range(1, 6):
        tile = p.device[pos - 1]
        for t in list(p.bottom[tile]):
            if t != EMPTY:
                move_energy(ctx, seat, t, f"slot:{pos}:bottom", "exhausted", "patron cost")


def has_e1_work(ctx: Ctx, seat: int) -> bool:
    p = ctx.s.players[seat]
    return bool(p.patron) or any(p.conduits) and sum(conduit_points(ctx, seat)) > 0


E3 = "end_of_turn_if_entered_region"


def has_e3_work(ctx: Ctx) -> bool:
    return any(p.entered and e3_powers(ctx, p.seat) for p in ctx.s.players)


def e3_powers(ctx: Ctx, seat: int) -> bool:
    """Has the seat an end-of-turn ability that may trigger now (R4.3 E3; whether it is
    possible is not checked)?"""
    if not ctx.s.players[seat].entered:
        return False
    return bool(triggers.query(ctx, E3, seat, False, turn_type=ctx.s.turn_type, check=True))


@dataclass(slots=True)
class EndOfTurnAbilities(Frame, kind="aac.end_of_turn_abilities"):
    """E3: the active player's abilities first, then clockwise (O61); each player orders
    their own (engine.aac.rules.powers: the powers on the end_of_turn_if_entered_region
    trigger)."""

    active: int
    idx: int
    declined: tuple[str, ...]

    def step(self, ctx: Ctx) -> Decision | None:
        order = clockwise_from(ctx.s, self.active)
        while self.idx < len(order):
            seat = order[self.idx]
            ch = []
            if ctx.s.players[seat].entered:
                ch = triggers.offers(ctx, E3, seat, turn_type=ctx.s.turn_type,
                                     declined=self.declined)
            if ch:
                ch.append(Choice("done", "Use no more end-of-turn abilities"))
                return decision(seat, "end_of_turn_ability", "End of turn: use an ability?", ch)
            self.idx += 1
        ctx.pop()
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        seat = clockwise_from(ctx.s, self.active)[self.idx]
        if c.id == "done":
            self.idx += 1
            return
        triggers.take(ctx, E3, seat, c, turn_type=ctx.s.turn_type)


def migration_options(ctx: Ctx, seat: int) -> list[Choice]:
    """Freyith III: move 1 bound energy from another region to the same kind of location in
    the figure's region (both regions when on a bridge)."""
    s, r = ctx.s, ctx.r
    out = []
    for here in figure_regions(ctx, seat):
        for reg, rows in s.bound.items():
            if reg == here:
                continue
            for t in range(4):
                if rows[seat][t]:
                    src, dst = f"bound:{reg}", f"bound:{here}"
                    out.append(Choice(f"mig:{src}:{t}>{dst}",
                                      f"Move a bound {ENERGY[t]} from {ctx.name(reg)} "

                                      f"to {ctx.name(here)}",
                                      (src, dst), (src, dst, t)))
        rd = r.regions[here]
        if any(s.pillars[x] >= 0 and s.pillars[x] // 4 == seat
               for x in (rd.pillar_left, rd.pillar_right)):
            continue
        free = [x for x in (rd.pillar_left, rd.pillar_right) if s.pillars[x] == EMPTY]
        if not free:
            continue
        for sp, cell in s.pillars.items():
            if cell >= 0 and cell // 4 == seat and r.pillar_region[sp] != here:
                for target in free:
                    src, dst = f"pillar:{sp}", f"pillar:{target}"
                    out.append(Choice(f"mig:{src}>{dst}",
                                      f"Move your pillar energy to {ctx.name(here)}",
                                      (src, dst), (src, dst, cell % 4)))
    if s.modules:  # a module may tell alike energy apart (a Doubler rides along, R29.2.4)
        out = triggers.query(ctx, "relocation_choices", seat, out)
    return out


@dataclass(slots=True)
class MigrationFrame(Frame, kind="aac.migration"):
    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        ch = migration_options(ctx, self.seat)
        if not ch:
            ctx.pop()
            return None
        return decision(self.seat, "migration", "Migration: move which bound energy?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        src, dst, t = c.data
        move_energy(ctx, self.seat, t, src, dst, "Migration")
        if dst.startswith("bound:"):
            offer_patron(ctx, self.seat, dst[6:])


def entropy_starts(ctx: Ctx, seat: int) -> list[Choice]:
    """Chronari III (R25.6.3, O48): usable only if both halves are possible."""
    s, r = ctx.s, ctx.r
    out = []
    for reg in ctx.s.players[seat].entered:
        mon = r.monument_by_region.get(reg, "")
        if mon not in s.monuments:
            continue
        m = s.monuments[mon]
        others = [x for x in s.monuments if x != mon]
        if m.stack and not m.completed and any(s.monuments[o].built for o in others):
            out.append(Choice(f"construct:{reg}", f"Entropy: construct in {ctx.name(reg)}, "
                              "deconstruct elsewhere", (f"monument:{mon}",), ("construct", mon)))
        if m.built and any(s.monuments[o].stack and not s.monuments[o].completed for o in others):
            out.append(Choice(f"deconstruct:{reg}", f"Entropy: deconstruct in {ctx.name(reg)}, "
                              "construct elsewhere", (f"monument:{mon}",), ("deconstruct", mon)))
    return out


def deconstruct(ctx: Ctx, mon: str, sec: str) -> None:
    m = ctx.s.monuments[mon]
    m.built.remove(sec)
    was_full = not m.stack
    m.stack.append(sec)
    if was_full:
        m.spaces = [EMPTY] * len(ctx.r.sections[sec].symbols)
    ctx.emit(ev.SectionDeconstructed(mon, sec))


@dataclass(slots=True)
class EntropyFrame(Frame, kind="aac.entropy"):
    seat: int
    phase: int
    mode: str
    here: str  # monument in the entered region
    sec: str  # section to deconstruct here (deconstruct mode)

    def step(self, ctx: Ctx) -> Decision | None:
        s = ctx.s
        if self.phase == 0:
            ch = entropy_starts(ctx, self.seat)
            if not ch:
                ctx.pop()
                return None
            return decision(self.seat, "entropy", "Entropy: construct or deconstruct where?", ch)
        if self.mode == "construct":
            ch = [Choice(f"deconstruct:{o}:{sec}", f"Deconstruct {ctx.name(o)} section "
                         f"{ctx.r.sections[sec].number}", (f"monument:{o}",), (o, sec))
                  for o, m in s.monuments.items() if o != self.here for sec in m.built]
            return decision(self.seat, "entropy_other", "Entropy: deconstruct which section?", ch)
        if self.phase == 1:
            ch = [Choice(f"deconstruct:{self.here}:{sec}", f"Deconstruct section "
                         f"{ctx.r.sections[sec].number}", (f"monument:{self.here}",), sec)
                  for sec in s.monuments[self.here].built]
            return decision(self.seat, "entropy_here", "Entropy: deconstruct which section?", ch)
        ch = [Choice(f"construct:{o}", f"Construct {ctx.name(o)}'s topmost section",
                     (f"monument:{o}",), o) for o in patron_targets(ctx) if o != self.here]
        return decision(self.seat, "entropy_other", "Entropy: construct where?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if self.phase == 0:
            self.mode, self.here = c.data
            self.phase = 1
            return
        if self.mode == "construct":
            ctx.pop()
            o, sec = c.data
            complete_without_completer(ctx, self.seat, self.here, "chronari")
            deconstruct(ctx, o, sec)
            return
        if self.phase == 1:
            self.sec = c.data
            self.phase = 2
            return
        ctx.pop()
        deconstruct(ctx, self.here, self.sec)
        complete_without_completer(ctx, self.seat, c.data, "chronari")


# --- effects -----------------------------------------------------------------------------------


@effect("relocate_bound_energy")
def _relocate_bound_energy(ctx: Ctx, seat: int, e: RelocateBoundEnergyEffect, use: Use) -> None:
    """Freyith III (Migration): 1 bound energy to the same kind of place in her region;
    Freyith's Folklore Cards: to a region where she is present (rules.binding)."""
    if e.to == "presence_region":
        push_relocate_presence(ctx, seat, e, use)
        return
    if (e.count, e.same_kind) != (1, True):
        raise NotImplementedError("this relocation is not in the catalog")
    ctx.push(MigrationFrame(seat))


@effect("construct_and_deconstruct")
def _entropy(ctx: Ctx, seat: int, e: ConstructAndDeconstructEffect, use: Use) -> None:
    """Chronari III (Entropy, R25.6.3)."""
    ctx.push(EntropyFrame(seat, 0, "", "", ""))


applied_in("construct_section", EndOfAdvanceFrame.apply)  # the Patron Token's use (R21.2)

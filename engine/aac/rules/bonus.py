"""Monument Bonus Tiles and small effects (R17.4-R17.6, R18, R19.2): deposit, replenish,
action upgrade, conduit, copy; Rusne's conduit rearrangement; Ignotas II (Custodian)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.catalog.effects import (
    ActivateOtherBonusTileEffect,
    GainConduitEffect,
    RearrangeConduitsEffect,
    ReplenishTileEffect,
    ShopDepositEffect,
    UpgradeActionEffect,
)
from engine.aac.core import Ctx, decision, mark_power_used, move_energy, power_id
from engine.aac.data import TYPES
from engine.aac.names import ENERGY, cap
from engine.aac.rules.advance import after_load
from engine.aac.rules.effects import Use, effect, push_effect
from engine.aac.state import EMPTY
from engine.aac.supply import energy_choices, running_out_applies
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


@dataclass(slots=True)
class DepositFrame(Frame, kind="aac.deposit"):
    """shop_deposit: move energy from the Exhausted Pool to the Tile Pool bank."""

    seat: int
    count: int

    def step(self, ctx: Ctx) -> Decision | None:
        if self.count <= 0:
            ctx.pop()
            return None
        ch = energy_choices(ctx, self.seat, running_out=running_out_applies(ctx),
                            prefix="deposit:", exclude="shop")
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("stop", "Deposit no more"))
        return decision(self.seat, "deposit", f"Deposit up to {self.count} energy in the Tile Pool",
                        ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        src, t = c.data
        move_energy(ctx, self.seat, t, src, "shop", "deposit")
        self.count -= 1


@dataclass(slots=True)
class ReplenishFrame(Frame, kind="aac.replenish"):
    """R17.6 (O30): fill any or all empty top-row slots of one active tile (Valimod III: two
    tiles with an icon)."""

    seat: int
    tiles: int
    filter: str
    done: tuple[str, ...]
    current: str
    skipped: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        if self.current:
            slots = p.top[self.current]
            empties = sum(1 for t in slots if t == EMPTY)
            if empties > self.skipped:
                pos = p.device.index(self.current) + 1
                loc = f"slot:{pos}:top"
                ch = energy_choices(ctx, self.seat, running_out=running_out_applies(ctx),
                                    prefix="load:",
                                    exclude=(loc, f"slot:{pos}:bottom"))
                if ch:
                    ch = [Choice(c.id, c.label, (loc,) + c.targets, c.data) for c in ch]
                    ch.append(Choice("skip", "Leave this slot empty", (loc,)))
                    ch.append(Choice("skip_rest", "Leave the remaining slots empty"))
                    return decision(self.seat, "replenish_slot",
                                    f"Replenish position {pos}: load which energy?", ch)
            self.current = ""
            self.skipped = 0
        if len(self.done) >= self.tiles:
            ctx.pop()
            return None
        ch = []
        for pos in range(1, 6):
            tile = p.device[pos - 1]
            if tile in self.done or EMPTY not in p.top[tile]:
                continue
            if self.filter == "has_icon" and not ctx.r.tiles[tile].icons:
                continue
            ch.append(Choice(f"tile:{pos}", f"Replenish the top row at position {pos}",
                             (f"slot:{pos}:top",), tile))
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("none", "Replenish no (more) tiles"))
        return decision(self.seat, "replenish_tile", "Replenish which tile?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if self.current:
            if c.id == "skip":
                self.skipped += 1
            elif c.id == "skip_rest":
                self.current = ""
                self.skipped = 0
            else:
                src, t = c.data
                pos = ctx.s.players[self.seat].device.index(self.current) + 1
                move_energy(ctx, self.seat, t, src, f"slot:{pos}:top", "replenished")
                after_load(ctx, self.seat, pos, t)
            return
        if c.id == "none":
            ctx.pop()
            return
        self.done = self.done + (c.data,)
        self.current = c.data


def upgrade_options(ctx: Ctx, seat: int) -> list[Choice]:
    """R18.1: a column not yet upgraded, a design for it still in the tray. R18.3: the
    upgrade goes where that action's token sits now (Action Tokens swapped by a Folklore
    Card); position 5's action (column 5) has no designs wherever it sits."""
    p = ctx.s.players[seat]
    out = []
    for pos in range(1, 6):
        tok = ctx.r.action_tokens[p.actions[pos - 1]]
        if tok.upgrade:
            continue
        col = tok.column
        for d in ctx.r.upgrade_designs:
            ud = ctx.r.action_tokens[d]
            if ud.column == col and ctx.s.tray.get(d, 0) > 0:
                out.append(Choice(f"upgrade:{d}", f"Upgrade position {pos}: {ud.name} — {ud.text}",
                                  (f"action:{seat}:{pos}",), (pos, d)))
    return out


@dataclass(slots=True)
class UpgradeFrame(Frame, kind="aac.upgrade"):
    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        ch = upgrade_options(ctx, self.seat)
        if not ch:
            ctx.pop()  # no legal upgrade: no effect (R18.1)
            return None
        return decision(self.seat, "upgrade", "Take which Action Upgrade?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        pos, d = c.data
        ctx.s.tray[d] -= 1
        ctx.s.players[self.seat].actions[pos - 1] = d
        ctx.emit(ev.ActionUpgraded(self.seat, ctx.r.action_tokens[d].column, d))


@dataclass(slots=True)
class ConduitFrame(Frame, kind="aac.conduit"):
    """R19.2: top token of any pile into any empty conduit space."""

    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        for pile in ctx.s.piles:
            if not pile:
                continue
            tok = pile[0]
            for i, cur in enumerate(p.conduits):
                if not cur:
                    ch.append(Choice(f"conduit:{tok}:{i + 1}",
                                     f"{cap(ctx.name(tok))} above position {i + 1}",
                                     (f"conduit:{self.seat}:{i + 1}",), (tok, i)))
        if not ch:
            ctx.pop()
            return None
        return decision(self.seat, "conduit", "Take which Conduit Token, and where?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        tok, i = c.data
        for pile in ctx.s.piles:
            if pile and pile[0] == tok:
                pile.pop(0)
        ctx.s.players[self.seat].conduits[i] = tok
        ctx.emit(ev.ConduitGained(self.seat, tok, i + 1))


@dataclass(slots=True)
class CopyFrame(Frame, kind="aac.copy_bonus"):
    """R17.5 (Echo): use any other Monument Bonus Tile in play, with its choices."""

    seat: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        seen = []
        for m in ctx.s.monuments.values():
            b = m.bonus
            bt = ctx.r.bonus_tiles[b]
            if b == self.source or bt.effect.effect == "activate_other_bonus_tile" or b in seen:
                continue
            seen.append(b)
        ch = [Choice(f"copy:{b}", f"Copy {ctx.r.bonus_tiles[b].name}: {ctx.r.bonus_tiles[b].text}",
                     (f"bonus_tile:{b}",), b) for b in seen]
        if not ch:
            ctx.pop()
            return None
        return decision(self.seat, "copy_bonus", "Copy which Monument Bonus Tile?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        push_effect(ctx, self.seat, ctx.r.bonus_tiles[c.data].effect, c.data)


@dataclass(slots=True)
class RearrangeFrame(Frame, kind="aac.rearrange_conduits"):
    """Rusne II: rearrange conduit tokens among the conduit spaces (as up to 4 swaps)."""

    seat: int
    swaps: int = 0

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        if self.swaps < 4:
            for i in range(5):
                for j in range(i + 1, 5):
                    if p.conduits[i] != p.conduits[j]:
                        ch.append(Choice(f"swap:{i + 1}:{j + 1}",
                                         f"Swap the conduits above positions {i + 1} and {j + 1}",
                                         (f"conduit:{self.seat}:{i + 1}",
                                          f"conduit:{self.seat}:{j + 1}"), (i, j)))
        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("done", "Keep this arrangement"))
        return decision(self.seat, "rearrange_conduits", "Rearrange your conduits", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "done":
            ctx.pop()
            return
        p = ctx.s.players[self.seat]
        i, j = c.data
        p.conduits[i], p.conduits[j] = p.conduits[j], p.conduits[i]
        self.swaps += 1
        ctx.emit(ev.ConduitsRearranged(self.seat, tuple(p.conduits)))


@dataclass(slots=True)
class CustodianFrame(Frame, kind="aac.custodian"):
    """Ignotas II: before the position-2 action, swap 1 top-row energy with 1 exhausted energy
    (R14 does not apply to swaps, R14.6); the energy put in counts as loaded."""

    seat: int
    tier: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        for pos in range(1, 6):
            seen = set()
            for a in p.top[p.device[pos - 1]]:
                if a == EMPTY or a in seen:
                    continue
                seen.add(a)
                for b in range(4):
                    if b != a and p.exhausted[b]:
                        ch.append(Choice(f"swap:{pos}:{TYPES[a]}:{TYPES[b]}",
                                         f"Custodian: swap the {ENERGY[a]} at position {pos} for a "
                                         f"{ENERGY[b]}", (f"slot:{pos}:top",), (pos, a, b)))

        if not ch:
            ctx.pop()
            return None
        ch.append(Choice("decline", "Do not swap"))
        return decision(self.seat, "custodian", "Custodian: swap a top-row energy first?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id == "decline":
            return
        pos, a, b = c.data
        mark_power_used(ctx, self.seat, self.tier)
        ctx.emit(ev.PowerUsed(self.seat, power_id(ctx, self.seat, self.tier), "Custodian swap"))
        loc = f"slot:{pos}:top"
        move_energy(ctx, self.seat, a, loc, "exhausted", "Custodian")
        move_energy(ctx, self.seat, b, "exhausted", loc, "Custodian")
        after_load(ctx, self.seat, pos, b)


# --- effects -----------------------------------------------------------------------------------


@effect("shop_deposit")
def _shop_deposit(ctx: Ctx, seat: int, e: ShopDepositEffect, use: Use) -> None:
    ctx.push(DepositFrame(seat, e.count))


@effect("replenish_tile")
def _replenish_tile(ctx: Ctx, seat: int, e: ReplenishTileEffect, use: Use) -> None:
    ctx.push(ReplenishFrame(seat, e.tiles, e.filter or "", (), "", 0))


@effect("upgrade_action")
def _upgrade_action(ctx: Ctx, seat: int, e: UpgradeActionEffect, use: Use) -> None:
    ctx.push(UpgradeFrame(seat))


@effect("gain_conduit")
def _gain_conduit(ctx: Ctx, seat: int, e: GainConduitEffect, use: Use) -> None:
    ctx.push(ConduitFrame(seat))


@effect("activate_other_bonus_tile")
def _copy_bonus(ctx: Ctx, seat: int, e: ActivateOtherBonusTileEffect, use: Use) -> None:
    ctx.push(CopyFrame(seat, use.source))


@effect("rearrange_conduits")
def _rearrange_conduits(ctx: Ctx, seat: int, e: RearrangeConduitsEffect, use: Use) -> None:
    ctx.push(RearrangeFrame(seat))

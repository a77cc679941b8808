"""R9 Claim: pick, pay, take, refill, interest; Valimod's passive and tier II (R25.7)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.catalog.effects import (
    CharacterCountsAsEnergyEffect,
    ClaimRightmostFreeEffect,
    ClaimTilesEffect,
)
from engine.aac.core import (
    Ctx,
    clockwise_from,
    decision,
    exhaust_slot_energy,
    figure_value_in_pool,
    is_valimod,
    move_energy,
    position_of,
    shop_value,
)
from engine.aac.data import TYPES
from engine.aac.names import ENERGY
from engine.aac.rules.effects import Use, applied_in, effect, push_effect
from engine.aac.state import EMPTY, FIGURE_IN_POOL
from engine.aac.supply import energy_choices, running_out_applies
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def refill_pool(ctx: Ctx) -> None:
    """R9.5: slide tiles right to close gaps, fill the left from the supply."""
    s = ctx.s
    tiles = [t for t in s.pool if t]
    missing = 4 - len(tiles)
    revealed = []
    for _ in range(missing):
        if s.supply:
            revealed.append(s.supply.pop(0))
    new = [""] * (missing - len(revealed)) + revealed[::-1] + tiles
    if new != s.pool or revealed:
        s.pool = new
        ctx.emit(ev.PoolChanged(tuple(s.pool), tuple(revealed)))


def take_tile(ctx: Ctx, seat: int, slot: int, replaced: str, price: int) -> None:
    """R9.4: the new tile takes the removed tile's place, empty (O17)."""
    s = ctx.s
    p = s.players[seat]
    new = s.pool[slot]
    pos = position_of(p, replaced)
    if pos:  # (before the tile leaves the pool: the events follow the order of the changes)
        exhaust_slot_energy(ctx, seat, replaced, "tile removed from the game")
    s.pool[slot] = ""
    if pos:
        p.device[pos - 1] = new
    else:
        p.staging[p.staging.index(replaced)] = new
    del p.top[replaced]
    del p.bottom[replaced]
    td = ctx.r.tiles[new]
    p.top[new] = [EMPTY] * td.top
    p.bottom[new] = [EMPTY] * td.bottom
    ctx.emit(ev.TileClaimed(seat, new, slot + 1, replaced, pos, price))


def replace_choices(ctx: Ctx, seat: int, new: str) -> list[Choice]:
    p = ctx.s.players[seat]
    ch = []
    for i, t in enumerate(p.device):
        ch.append(Choice(f"replace:{t}", f"Replace position {i + 1}: {ctx.name(t)}",
                         (f"slot:{i + 1}:top",), t))
    for t in p.staging:
        ch.append(Choice(f"replace:{t}", f"Replace the staging tile {ctx.name(t)}",
                         (f"staging:{seat}:{t}",), t))
    return ch


@dataclass(slots=True)
class ClaimFrame(Frame, kind="aac.claim"):
    """Phases: 0 pick, 1 pay, 2 take (replace), 3 refill + interest."""

    seat: int
    max: int
    price_each: int  # -1: printed prices
    phase: int
    picked: tuple[int, ...]  # pool slot indexes 0..3
    owed: int
    taken: int
    teleport_only: bool
    icons: tuple[str, ...]  # icons on the claimed tiles (Valimod II)
    optional: bool = False  # a step of an "and" token: may be declined (R6.1)
    new_tiles: tuple[str, ...] = ()  # tiles taken in this Claim (never replaced by the second)

    @staticmethod
    def new(seat: int, max_tiles: int, price_each: int, optional: bool = False) -> ClaimFrame:
        return ClaimFrame(seat, max_tiles, price_each, 0, (), 0, 0, False, (), optional)

    def price(self, ctx: Ctx, slot: int) -> int:
        return self.price_each if self.price_each >= 0 else ctx.r.pool_prices[slot]

    def step(self, ctx: Ctx) -> Decision | None:
        s = ctx.s
        p = s.players[self.seat]
        if self.phase == 0:
            if len(self.picked) < self.max:
                budget = shop_value(ctx, self.seat) - sum(self.price(ctx, i) for i in self.picked)
                ch = [
                    Choice(f"pick:{i + 1}", f"Claim {ctx.name(t)}: slot {i + 1}, costs "
                           f"{self.price(ctx, i)}", (f"pool_slot:{i + 1}",), i)
                    for i, t in enumerate(s.pool)
                    if t and i not in self.picked and self.price(ctx, i) <= budget
                ]
                if self.picked:
                    ch.append(Choice("done", "Claim no more tiles"))
                elif self.optional and ch:
                    ch.append(Choice("skip", "Skip the Claim"))
                elif (not any(s.pool) and p.figure == FIGURE_IN_POOL
                      and is_valimod(ctx, self.seat)):
                    # R25.7.3: a Claim only to teleport the figure out
                    ch.append(Choice("teleport_only", "Spend your figure just to teleport"))
                if ch:
                    return decision(self.seat, "claim_pick", "Claim which tile?", ch)
                if not self.picked:
                    ctx.pop()  # nothing affordable: the Claim does nothing (O16)
                    return None
            self.phase = 1
            self.owed = sum(self.price(ctx, i) for i in self.picked)
        if self.phase == 1:
            if self.owed > 0:
                ch = [] if self.teleport_only else [
                    Choice(f"pay:{TYPES[t]}", f"Pay with a {ENERGY[t]}", ("shop",), t)
                    for t in range(4) if p.shop[t]
                ]
                if figure_value_in_pool(ctx, self.seat):
                    ch.append(Choice("pay:figure", "Pay with your figure (worth 2) and teleport",
                                     ("shop",), -1))
                return decision(self.seat, "claim_pay", f"Pay {self.owed} more", ch)
            self.phase = 2
        if self.phase == 2:
            if self.taken < len(self.picked):
                slot = self.picked[self.taken]
                ch = [c for c in replace_choices(ctx, self.seat, s.pool[slot])
                      if c.data not in self.new_tiles]
                return decision(self.seat, "claim_replace",
                                f"Which of your tiles does the {ctx.name(s.pool[slot])} "
                                "replace?", ch)
            self.phase = 3
            if triggers.fire(ctx, "claim_step_2", self.seat, icons=self.icons):  # Valimod II
                return None
        # phase 3
        ctx.pop()
        refill_pool(ctx)
        only = self.seat if self.teleport_only else -1
        ctx.push(InterestFrame(self.seat, 0, only))
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s = ctx.s
        if self.phase == 0:
            if c.id == "skip":
                ctx.pop()
            elif c.id == "done":
                self.phase = 1
                self.owed = sum(self.price(ctx, i) for i in self.picked)
            elif c.id == "teleport_only":
                self.teleport_only = True
                self.phase = 1
                self.owed = 1  # paid with the figure
            else:
                self.picked = self.picked + (c.data,)
            return
        if self.phase == 1:
            if c.data == -1:  # R25.7.2: spending the figure teleports it (Valimod's passive)
                self.owed = max(0, self.owed - figure_value_in_pool(ctx, self.seat))
                passive = ctx.r.characters[s.players[self.seat].character].passive
                assert passive is not None
                assert isinstance(passive.effect, CharacterCountsAsEnergyEffect)
                push_effect(ctx, self.seat, passive.effect.when_spent_in_claim,
                            "Valimod's figure")
            else:
                move_energy(ctx, self.seat, c.data, "shop", "exhausted", "paid for a tile")
                self.owed -= 1
            return
        slot = self.picked[self.taken]
        new = s.pool[slot]
        self.icons = self.icons + ctx.r.tiles[new].icons
        self.new_tiles = self.new_tiles + (new,)
        take_tile(ctx, self.seat, slot, c.data, self.price(ctx, slot))
        self.taken += 1


@dataclass(slots=True)
class FreeTileFrame(Frame, kind="aac.free_tile"):
    """R20.7: take the rightmost Tile Pool tile for free (no interest)."""

    seat: int
    phase: int
    tile: str

    def step(self, ctx: Ctx) -> Decision | None:
        s = ctx.s
        if self.phase == 0 and s.pool[3]:
            return decision(self.seat, "claim_replace",
                            f"Which of your tiles does the {ctx.name(s.pool[3])} replace?",

                            replace_choices(ctx, self.seat, s.pool[3]))
        ctx.pop()
        if self.phase == 1:
            refill_pool(ctx)
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        take_tile(ctx, self.seat, 3, c.data, 0)
        self.phase = 1


@dataclass(slots=True)
class InterestFrame(Frame, kind="aac.interest"):
    """R9.6 step 4: clockwise from the active player, each player with shop energy may add 1."""

    active: int
    idx: int
    only: int  # -1 everyone; else only this seat (R25.7.3, O49)

    def step(self, ctx: Ctx) -> Decision | None:
        order = clockwise_from(ctx.s, self.active)
        while self.idx < len(order):
            seat = order[self.idx]
            if (self.only < 0 or seat == self.only) and shop_value(ctx, seat) >= 1:
                ch = energy_choices(ctx, seat, running_out=running_out_applies(ctx),
                                    prefix="interest:", exclude="shop")
                if ch:
                    ch.append(Choice("decline", "No interest"))
                    return decision(seat, "interest", "Interest: add 1 energy to the Tile Pool?",
                                    ch)
            self.idx += 1
        ctx.pop()
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        seat = clockwise_from(ctx.s, self.active)[self.idx]
        self.idx += 1
        if c.id != "decline":
            src, t = c.data
            move_energy(ctx, seat, t, src, "shop", "interest")


# --- effects -----------------------------------------------------------------------------------


@effect("claim_tiles")
def _claim_tiles(ctx: Ctx, seat: int, e: ClaimTilesEffect, use: Use) -> None:
    pe = e.price_each
    ctx.push(ClaimFrame.new(seat, e.max, -1 if pe is None else pe, use.part))


@effect("claim_rightmost_free")
def _claim_rightmost_free(ctx: Ctx, seat: int, e: ClaimRightmostFreeEffect, use: Use) -> None:
    ctx.push(FreeTileFrame(seat, 0, ""))


applied_in("character_counts_as_energy", is_valimod, figure_value_in_pool)  # Valimod's passive

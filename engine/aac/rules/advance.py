"""R5 Advance turn: pushes, loading (with R14 Running Out), second push; Chronari II,
Rusne I and Ignotas I hooks."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.core import (
    ROWS,
    Ctx,
    decision,
    exhaust_slot_energy,
    move_energy,
    position_of,
    set_charged,
)
from engine.aac.data import WILD
from engine.aac.state import EMPTY
from engine.aac.supply import energy_choices
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def push_tile(ctx: Ctx, seat: int, tile: str, reverse: bool) -> str:
    """R5.2 (or R25.6.2 reversed): insert `tile`, shift, eject the end tile to staging.
    Energy on the ejected tile is exhausted (O10)."""
    p = ctx.s.players[seat]
    ejected = p.device[0] if reverse else p.device[4]
    exhaust_slot_energy(ctx, seat, ejected, "tile left the device")
    i = p.staging.index(tile)
    if reverse:
        p.device = p.device[1:] + [tile]
    else:
        p.device = [tile] + p.device[:4]
    p.staging[i] = ejected
    ctx.emit(ev.TilesPushed(seat, tile, 5 if reverse else 1, ejected, tuple(p.device)))
    return ejected


@dataclass(slots=True)
class AdvanceFrame(Frame, kind="aac.advance"):
    """Phases: 0 Chronari II offer, 1 first push, 2 second push?, 3 second push, 4 done."""

    seat: int
    phase: int
    reverse: bool
    other: int  # after push 1: staging index of the other original tile (R5.4); it keeps
    # its index even if a free Tile Pool tile replaced it meanwhile (R9.4)
    pushes: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        if self.phase == 0:
            ch = triggers.offers(ctx, "start_of_advance_turn", self.seat)  # Chronari II
            if ch:
                ch.append(Choice("normal", "Push normally (from the left)"))
                return decision(self.seat, "chronari_reverse",
                                "Use Reverse Flow this Advance turn?", ch)
            self.phase = 1
        if self.phase == 1:
            ch = [
                Choice(f"push:{t}", f"Push {ctx.r.names[t]}", (f"staging:{self.seat}:{t}",), t)


                for t in p.staging
            ]
            return decision(self.seat, "push_tile", "Which tile do you push in?", ch)
        if self.phase == 2:
            if p.charged:
                ch = [
                    Choice("second_push", "Spend the Channel Marker to push the other tile"),
                    Choice("stop", "Stop after one push"),
                ]
                return decision(self.seat, "second_push", "Push a second tile?", ch)
            self.phase = 4
        if self.phase == 3:
            other = p.staging[self.other]
            self.phase = 4
            self.pushes = 2
            set_charged(ctx, self.seat, False)
            push_tile(ctx, self.seat, other, self.reverse)
            ctx.push(LoadFrame(self.seat, other, 0))
            return None
        ctx.pop()
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        p = ctx.s.players[self.seat]
        if self.phase == 0:
            if c.id != "normal":
                self.reverse = bool(triggers.take(ctx, "start_of_advance_turn", self.seat, c))
            self.phase = 1
            return
        if self.phase == 1:
            tile = c.data
            self.pushes = 1
            ejected = push_tile(ctx, self.seat, tile, self.reverse)
            self.other = 1 - p.staging.index(ejected)
            self.phase = 2
            ctx.push(LoadFrame(self.seat, tile, 0))
            return
        if self.phase == 2:
            if c.id == "stop":
                self.phase = 4
                return
            self.phase = 3
            triggers.fire(ctx, "after_first_push_of_two", self.seat)  # Rusne I


@dataclass(slots=True)
class LoadFrame(Frame, kind="aac.load"):
    """R5.3: load each empty slot of the inserted tile (top row, then bottom row)."""

    seat: int
    tile: str
    skipped: int  # slots deliberately left empty so far (they are not offered again)

    def _next_slot(self, ctx: Ctx) -> tuple[str, int] | None:
        p = ctx.s.players[self.seat]
        k = 0
        for row in ROWS:
            slots = p.top[self.tile] if row == "top" else p.bottom[self.tile]
            for i, t in enumerate(slots):
                if t == EMPTY:
                    if k >= self.skipped:
                        return row, i
                    k += 1
        return None

    def step(self, ctx: Ctx) -> Decision | None:
        nxt = self._next_slot(ctx)
        if nxt is None:
            ctx.pop()
            return None
        row, _ = nxt
        p = ctx.s.players[self.seat]
        pos = position_of(p, self.tile)
        loc = f"slot:{pos}:{row}"
        # never from the tile being loaded: it would only move energy around on that tile
        ch = energy_choices(ctx, self.seat, prefix="load:",
                            exclude=(f"slot:{pos}:top", f"slot:{pos}:bottom"), lead=(loc,))
        ch.append(Choice("skip", "Leave this slot empty", (loc,), None))
        ch.append(Choice("skip_rest", "Leave the remaining slots empty", (), None))
        return decision(self.seat, "load_slot", f"Load position {pos}, {row} row", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "skip":
            self.skipped += 1
            return
        if c.id == "skip_rest":
            ctx.pop()
            return
        dst = c.targets[0]  # the slot being loaded ("slot:<pos>:<row>", step's lead target)
        pos = int(dst[5])
        src, t = c.data
        move_energy(ctx, self.seat, t, src, dst, "loaded" if src == "exhausted" else "running out")
        after_load(ctx, self.seat, pos, t)


def after_load(ctx: Ctx, seat: int, pos: int, t: int) -> None:
    """A Wild loaded into a position (Ignotas I, R25.5: into position 2 it may recharge)."""
    if t == WILD:
        triggers.fire(ctx, "on_load_wild_into_position", seat, position=pos)

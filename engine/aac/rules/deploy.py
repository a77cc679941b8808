"""R7 Deploy: choose tile(s) in range, then place every top-row energy (R7.1, O12)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac.catalog.effects import DeployEffect
from engine.aac.core import Ctx, decision, position_of
from engine.aac.placement import destinations, place
from engine.aac.rules.effects import Use, effect
from engine.aac.state import EMPTY
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


@dataclass(slots=True)
class DeployFrame(Frame, kind="aac.deploy"):
    seat: int
    positions: tuple[int, ...]
    max_tiles: int
    chosen: tuple[str, ...]
    current: str  # tile being deployed ("" = choosing a tile)
    optional: bool = False  # a step of an "and" token: may be declined (R6.1)

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        if self.current:
            pos = position_of(p, self.current)
            top = p.top[self.current]
            types = sorted({t for t in top if t != EMPTY})
            if types:
                src = f"slot:{pos}:top"
                ch: list[Choice] = []
                for t in types:
                    ch.extend(destinations(ctx, self.seat, t, src=src))
                return decision(self.seat, "deploy_energy",
                                f"Deploy from position {pos}: where does each energy go?", ch)
            self.current = ""
        if len(self.chosen) >= self.max_tiles:
            ctx.pop()
            return None
        ch = []
        for pos in self.positions:
            tile = p.device[pos - 1]
            if tile in self.chosen:
                continue
            n = sum(1 for t in p.top[tile] if t != EMPTY)
            ch.append(Choice(f"tile:{pos}", f"Deploy the top row of position {pos} ({n} energy)",
                             (f"slot:{pos}:top",), tile))
        if self.chosen:
            ch.append(Choice("done", "Deploy no more tiles"))
        elif self.optional:
            ch.append(Choice("done", "Skip the Deploy"))
        if not ch:
            ctx.pop()
            return None
        which = "another tile" if self.chosen else "a tile"
        return decision(self.seat, "deploy_tile", f"Deploy {which}", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if self.current:
            dst, t, mw = c.data
            pos = position_of(ctx.s.players[self.seat], self.current)
            place(ctx, self.seat, t, f"slot:{pos}:top", dst, mw, "deployed")
            return
        if c.id == "done":
            ctx.pop()
            return
        self.chosen = self.chosen + (c.data,)
        self.current = c.data


@effect("deploy")
def _deploy(ctx: Ctx, seat: int, e: DeployEffect, use: Use) -> None:
    ctx.push(DeployFrame(seat, e.from_positions, e.tiles, (), "", use.part))


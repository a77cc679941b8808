"""R6 Actions turn: spend bottom-row energy, perform the action token under that position."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import triggers
from engine.aac.catalog.effects import ActivateActionEffect
from engine.aac.core import Ctx, decision, move_energy
from engine.aac.data import TYPES
from engine.aac.names import ENERGY
from engine.aac.rules.effects import Use, effect, push_effect
from engine.aac.state import EMPTY
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


@dataclass(slots=True)
class ActionsFrame(Frame, kind="aac.actions"):
    """R6.2: activate any number of actions while bottom-row energy remains; or end (R6.4)."""

    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        for pos in range(1, 6):
            tile = p.device[pos - 1]
            seen = set()
            for t in p.bottom[tile]:
                if t != EMPTY and t not in seen:
                    seen.add(t)
                    tok = ctx.r.action_tokens[p.actions[pos - 1]]
                    ch.append(Choice(f"act:{pos}:{TYPES[t]}",
                                     f"Spend the {ENERGY[t]} at position {pos}: {tok.name}",

                                     (f"slot:{pos}:bottom", f"action:{self.seat}:{pos}"), (pos, t)))
        ch.append(Choice("end", "End your turn"))
        return decision(self.seat, "action", "Choose an action (or end your turn)", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "end":
            ctx.pop()
            return
        pos, t = c.data
        move_energy(ctx, self.seat, t, f"slot:{pos}:bottom", "exhausted", "spent on an action")
        perform_action(ctx, self.seat, pos)


def perform_action(ctx: Ctx, seat: int, pos: int) -> None:
    """Perform the action of the token at `pos` (R6.1), with Ignotas II before position 2."""
    p = ctx.s.players[seat]
    tok = ctx.r.action_tokens[p.actions[pos - 1]]
    if tok.effect.effect == "activate_action":
        # R6.5.5 / O62: the action belongs to its token; it uses any *other* position's token
        others = tuple(q for q in range(1, 6) if q != pos)
        ctx.push(ActivateActionFrame(seat, others))
        return
    push_effect(ctx, seat, tok.effect, f"position {pos}: {tok.name}")
    # pushed last, so it runs first: Ignotas II swaps before the position-2 action
    triggers.fire(ctx, "before_position_action", seat, position=pos)


@dataclass(slots=True)
class ActivateActionFrame(Frame, kind="aac.activate_action"):
    """Position 5 (R6.5.5): use the action token under one of the other positions."""

    seat: int
    positions: tuple[int, ...]

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        for pos in self.positions:
            tok = ctx.r.action_tokens[p.actions[pos - 1]]
            ch.append(Choice(f"pos:{pos}", f"Position {pos}: {tok.name}",
                             (f"action:{self.seat}:{pos}",), pos))
        return decision(self.seat, "channel_position", "Use which position's action?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        perform_action(ctx, self.seat, c.data)


@effect("activate_action")
def _activate_action(ctx: Ctx, seat: int, e: ActivateActionEffect, use: Use) -> None:
    ctx.push(ActivateActionFrame(seat, e.positions))


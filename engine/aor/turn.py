"""The turn (R3.1): place Empire markers, determine alliances, player actions, income,
victory points, end of turn; three turns, then the winner."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import events as ev
from engine.aor.actions import start_actions
from engine.aor.auction import random_alliances, start_auction
from engine.aor.core import Ctx
from engine.aor.endturn import end_game, end_turn
from engine.aor.income import income
from engine.aor.scoring import score_areas
from engine.aor.unrest import unrest_losses
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

STEPS = ("markers", "alliances", "actions", "income", "vp", "end")


def draw_markers(ctx: Ctx) -> None:
    """R4.1: 10 markers from the bag, each into its area (the bag's order is hidden)."""
    s, t = ctx.s, ctx.t
    drawn = []
    for _ in range(min(t.turn_draws, len(s.bag))):
        mid = s.bag.pop()
        s.markers[t.markers[mid].area].append(mid)
        drawn.append(mid)
    ctx.emit(ev.MarkersDrawn(tuple(drawn)))


@dataclass(slots=True)
class TurnFrame(Frame, kind="aor.turn"):
    at: str  # one of STEPS

    def step(self, ctx: Ctx) -> Decision | None:
        s = ctx.s
        at = self.at
        s.step = at
        if at == "markers":
            ctx.emit(ev.TurnStarted(s.turn))
            draw_markers(ctx)
            self.at = "alliances"
        elif at == "alliances":
            self.at = "actions"
            if s.turn == 1 and s.options.get("random_first_alliances"):
                random_alliances(ctx)
            else:
                s.stack.append(start_auction(ctx))
        elif at == "actions":
            self.at = "income"
            s.stack.append(start_actions(ctx))
        elif at == "income":
            income(ctx)
            self.at = "vp"
        elif at == "vp":
            score_areas(ctx)
            unrest_losses(ctx)
            self.at = "end"
        else:
            end_turn(ctx)
            if s.turn >= ctx.t.turns:
                s.stack.pop()
                end_game(ctx)
            else:
                s.turn += 1
                self.at = "markers"
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:  # pragma: no cover - never decides
        raise AssertionError("the turn frame asks nothing")

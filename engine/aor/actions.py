"""Player actions (R6.1, R9): the segments of a turn, each player's action step in Alliance
Display order (R3.3): (a) a box or none (D4), then (b) an attack action or none (D6), and a
second one with War Office (D12, R6.5.8, O14).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor.attack import NO_ATTACK, attack_decision, declare
from engine.aor.boxes import NO_BOX, box_choices, place
from engine.aor.catalog import Tables
from engine.aor.catalog.tables import is_war_office
from engine.aor.core import Ctx, action_order
from engine.aor.state import EMPTY
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def segments(t: Tables, n: int) -> int:
    """R3.2: 6 segments with 2-4 players, 5 with 5-7 (the catalog's segment track)."""
    return t.segments[n]


def attacks_allowed(ctx: Ctx, seat: int, took: str) -> int:
    """R7.1, R6.5.8: one attack action, two with a War Office disc (for the rest of the
    turn, O14; with "war_office_one_segment" only in the step it was taken)."""
    s, t = ctx.s, ctx.t
    country = s.players[seat].country
    for b in t.boxes:
        if not is_war_office(b.effect):
            continue
        if ctx.opt("war_office_one_segment"):
            if took == b.id:
                return 2
        elif any(s.spaces.get(sid, EMPTY) == country for sid, _ in b.spaces):
            return 2
    return 1


def start_actions(ctx: Ctx) -> ActionsFrame:
    s = ctx.s
    s.segment = 1
    order = action_order(s)
    ctx.emit(ev.SegmentStarted(s.turn, 1, order))
    return ActionsFrame(order, 0, "box", 0, 0, "")


@dataclass(slots=True)
class ActionsFrame(Frame, kind="aor.actions"):
    order: tuple[int, ...]  # seats in action order (fixed for the turn)
    idx: int  # whose action step
    at: str  # "box" | "attack"
    attacks: int  # attack actions left in this step
    made: int  # attack actions made in this step
    took: str  # the box taken in this step ("" none)

    def step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        if self.idx >= len(self.order):
            if s.segment >= segments(t, s.n):  # R3.4
                s.segment = 0
                s.stack.pop()
                return None
            s.segment += 1
            self.idx, self.at = 0, "box"
            ctx.emit(ev.SegmentStarted(s.turn, s.segment, self.order))
            return None
        seat = self.order[self.idx]
        if self.at == "box":
            return Decision(seat, "box", f"{nw.seat(t, s, seat)}: place a disc in an action "
                            "box?", tuple(box_choices(ctx, seat)))
        if self.attacks <= 0:
            self.idx, self.at, self.made, self.took = self.idx + 1, "box", 0, ""
            return None
        return attack_decision(ctx, seat, self.made > 0)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s = ctx.s
        seat = self.order[self.idx]
        if self.at == "box":
            frames = []
            if c.id == NO_BOX:
                ctx.emit(ev.BoxSkipped(seat))
            else:
                frames = place(ctx, seat, c.data)
                self.took = ctx.t.space_box[c.data]
            self.at = "attack"
            self.attacks = attacks_allowed(ctx, seat, self.took)
            s.stack.extend(frames)
            return
        if c.id == NO_ATTACK:
            if self.made == 0:
                ctx.emit(ev.AttackSkipped(seat))
            self.attacks = 0
            return
        self.attacks -= 1
        self.made += 1
        s.stack.append(declare(ctx, seat, c.data))

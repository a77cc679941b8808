"""R4 turn structure, E1-E5, R23 game end."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.core import Ctx
from engine.aac.rules.actions import ActionsFrame
from engine.aac.rules.advance import AdvanceFrame
from engine.aac.rules.completion import CompletionPhase
from engine.aac.rules.endturn import EndOfAdvanceFrame, EndOfTurnAbilities, has_e1_work, has_e3_work
from engine.aac.score_notes import ZERO, explain, snapshot
from engine.aac.scoring import final_scores, ranking, score_player
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

TURN_CHOICES = (
    Choice("advance", "Advance turn: push tiles through your device"),
    Choice("actions", "Actions turn: spend bottom-row energy on actions"),
)


def start_turn_flags(ctx: Ctx) -> None:
    for p in ctx.s.players:
        p.entered.clear()
        p.bridges_used.clear()
        p.used.clear()


@dataclass(slots=True)
class TurnFrame(Frame, kind="turn"):
    """One turn of `seat`. Phases: 0 choose type, 1 E1, 2 E2, 3 E3, 4 E2 again, 5 E4/E5."""

    seat: int
    phase: int

    def step(self, ctx: Ctx) -> Decision | None:
        s = ctx.s
        if self.phase == 0:
            if s.turn_type == "":
                # entering the turn for the first time
                s.active = self.seat
                s.turn += 1
                start_turn_flags(ctx)
                s.turn_type = "choosing"
                ctx.emit(ev.TurnStarted(self.seat, s.turn, s.end_triggered))
            return Decision(self.seat, "turn_type", "Advance or Actions?", TURN_CHOICES)
        if self.phase == 1:
            self.phase = 2
            if s.turn_type == "advance" and has_e1_work(ctx, self.seat):
                ctx.push(EndOfAdvanceFrame(self.seat, False, False))
                return None
        if self.phase == 2:
            self.phase = 3
            if s.completions:
                ctx.push(CompletionPhase(self.seat))
                return None
        if self.phase == 3:
            self.phase = 4
            if has_e3_work(ctx):
                ctx.push(EndOfTurnAbilities(self.seat, 0, ()))
                return None
        if self.phase == 4:
            self.phase = 5
            if s.completions:
                ctx.push(CompletionPhase(self.seat))
                return None
        # E4 game-end check (R23.1), E5 next player (R23.2)
        ctx.pop()
        update_scores(ctx)
        if not s.end_triggered and all(not m.stack for m in s.monuments.values()):
            s.end_triggered = True
            ctx.emit(ev.FinalRoundTriggered(self.seat))
        nxt = (self.seat + 1) % s.n
        s.turn_type = ""
        if s.end_triggered and nxt == s.start_player:
            end_game(ctx)
            return None
        ctx.push(TurnFrame(nxt, 0))
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s = ctx.s
        s.turn_type = c.id
        ctx.emit(ev.TurnTypeChosen(self.seat, c.id))
        self.phase = 1
        if c.id == "advance":
            ctx.push(AdvanceFrame(self.seat, 0, False, 0, 0))
        else:
            ctx.push(ActionsFrame(self.seat))


def update_scores(ctx: Ctx) -> None:
    """Emit ScoreChanged for every seat whose current score (R24, as if the game ended now)
    changed during this turn, with the categories that changed and why (engine.aac.score_notes)
    when the game keeps notes."""
    s = ctx.s
    notes = ctx.notes
    first = not s.scores
    if first:
        s.scores = [0] * s.n
        s.score_dirty = (1 << s.n) - 1
    dirty, s.score_dirty = s.score_dirty, 0
    for seat in range(s.n):
        if not dirty >> seat & 1:
            continue
        b = score_player(ctx, seat)
        new, old = b.total, s.scores[seat]
        if notes is None:
            if new != old:
                ctx.emit(ev.ScoreChanged(seat, old, new))
                s.scores[seat] = new
            continue
        snap = snapshot(ctx, seat, b)
        before = ZERO if first else notes.last.get(seat)
        notes.last[seat] = snap
        if new != old:
            parts: tuple[ev.ScorePart, ...] = ()
            if before is not None and before.total == old:
                parts = explain(ctx, seat, before, snap, notes.moves)
            ctx.emit(ev.ScoreChanged(seat, old, new, parts))
            s.scores[seat] = new
    if notes is not None and notes.moves:
        notes.moves.clear()




def end_game(ctx: Ctx) -> None:
    s = ctx.s
    s.over = True
    scores = final_scores(ctx)
    ctx.emit(ev.GameEnded(tuple(sc.total for sc in scores), tuple(ranking(ctx)[0])))

"""End of turn (R12) and of the game (R13)."""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.core import Ctx
from engine.aor.scoring import decided_by, ranking
from engine.aor.state import EMPTY
from engine.aor.unrest import halve


def end_turn(ctx: Ctx) -> None:
    """R12.2-R12.6: discards back to hand, box discs back to supply, the Alliance Display
    cleared, unrest halved (after turn 3 too, O24, unless "no_final_halving")."""
    s, t = ctx.s, ctx.t
    for p in s.players:
        p.hand.extend(p.discard)
        p.discard.clear()
        p.shown.clear()
    for sid, c in s.spaces.items():
        if c != EMPTY:
            seat = s.seat_of[c]
            if seat >= 0:
                s.players[seat].supply += 1
            s.spaces[sid] = EMPTY
    for i in range(len(s.alliance)):
        s.alliance[i] = EMPTY
    s.proposal[0] = s.proposal[1] = EMPTY
    last = s.turn >= t.turns
    halved = () if last and ctx.opt("no_final_halving") else halve(ctx)
    ctx.emit(ev.TurnEnded(s.turn, halved))


def end_game(ctx: Ctx) -> None:
    """R13.1: the winner and the tie-breaks."""
    s = ctx.s
    s.winners = ranking(s)[0]
    s.over = True
    s.step = "over"
    s.segment = 0
    ctx.emit(ev.GameOver(tuple(s.winners), decided_by(s)))

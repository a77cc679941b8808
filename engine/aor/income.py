"""Income (R10): 1 gold per own disc on the map; box discs do not count; NPCs get nothing."""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.core import Ctx, map_discs


def income(ctx: Ctx) -> None:
    s = ctx.s
    for seat, p in enumerate(s.players):
        gold = map_discs(s, p.country)
        p.gold += gold
        ctx.emit(ev.Income(seat, gold))

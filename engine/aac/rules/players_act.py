"""R26.6.1 Folklore Cards on which several players act (`players_act`, one card per
character): each opponent, one at a time in clockwise order starting with the player to the
card owner's left, may carry out the nested effects as their own, or decline (R32.29). The
owner's own effects of the same option come after (they follow this effect in the option's
list). The nested effects never give character movement or teleports (catalog design).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.aac.catalog.effects import PlayersActEffect, effect_from_plain, effect_plain
from engine.aac.core import Ctx, clockwise_from
from engine.aac.names import cap, describe_effect
from engine.aac.rules.effects import Use, effect, push_effect
from engine.aac.rules.prompts import ask
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


@effect("players_act")
def _players_act(ctx: Ctx, seat: int, e: PlayersActEffect, use: Use) -> None:
    ctx.push(PlayersActFrame(seat, tuple(effect_plain(x) for x in e.effects), 0, use.source))


def opponents_in_order(ctx: Ctx, owner: int) -> list[int]:
    """R26.6.1: clockwise from the owner's left (the next seat), the owner excluded."""
    return clockwise_from(ctx.s, (owner + 1) % ctx.s.n)[:-1]


@dataclass(slots=True)
class PlayersActFrame(Frame, kind="aac.players_act"):
    """Each opponent in turn: carry out the nested effects (each as an optional step), or
    decline. The effects are kept in their plain (saved) form."""

    owner: int
    effects: tuple[Any, ...]
    idx: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        order = opponents_in_order(ctx, self.owner)
        if self.idx >= len(order):
            ctx.pop()
            return None
        seat = order[self.idx]
        what = " and ".join(describe_effect(effect_from_plain(x)) for x in self.effects)
        owner = ctx.name(ctx.s.players[self.owner].character)
        ch = [Choice("act", cap(what)), Choice("decline", "Decline")]
        return ask(ctx, seat, "players_act", self.source, f"{owner}'s card lets you {what}", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        seat = opponents_in_order(ctx, self.owner)[self.idx]
        self.idx += 1
        if c.id == "act":
            for plain in reversed(self.effects):  # the first on top (R6.1 order)
                push_effect(ctx, seat, effect_from_plain(plain), self.source, True)

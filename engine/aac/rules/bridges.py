"""R20 Bridges: building Bridge Tokens (bonus tile), and bridge benefits on entering."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.catalog.effects import PlaceBridgeEffect
from engine.aac.core import Ctx, decision
from engine.aac.data import Effect
from engine.aac.names import ROMAN
from engine.aac.rules.effects import Use, effect, push_effect
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

SIDES = ("A", "B")


def bridge_benefit(ctx: Ctx, space: str) -> tuple[Effect, str] | None:
    """The benefit shown by the bridge token on `space`, if any (R20.6-R20.8)."""
    b = ctx.s.bridges.get(space, "")
    if not b:
        return None
    if b.startswith("n:"):
        tok = ctx.r.neutral_tokens[b[2:]]
        return tok.bonus, tok.bonus_text
    _, seat_s, tier_s = b.split(":")
    owner = ctx.s.players[int(seat_s)]
    side = ctx.r.characters[owner.character].bridge_sides[int(tier_s) - 1][
        owner.bridge_side[int(tier_s) - 1]
    ]
    return side.bonus, side.bonus_text


def next_tier(ctx: Ctx, seat: int) -> int:
    """R20.1: the lowest-tier token still on the character board, or 0."""
    p = ctx.s.players[seat]
    for i, loc in enumerate(p.bridge_loc):
        if loc == "board":
            return i + 1
    return 0


@dataclass(slots=True)
class BridgeFrame(Frame, kind="aac.bridge"):
    """R20.2: gap, over a neutral bridge, swap with an own token, or (no gap left) the box."""

    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        tier = next_tier(ctx, self.seat)
        if not tier:
            ctx.pop()
            return None
        s = ctx.s
        p = s.players[self.seat]
        sides = ctx.r.characters[p.character].bridge_sides[tier - 1]
        ch = []
        gaps = [sp for sp, b in s.bridges.items() if b == ""]
        roman = ROMAN[tier]
        for k, sd in enumerate(sides):
            # the space is the choice's target: the label says what differs between choices
            lab = f"{sd.bonus_text.rstrip('.')}"
            if sd.scoring_text:
                lab += f"; at the end: {sd.scoring_text.rstrip('.')}"
            for sp in gaps:
                ch.append(Choice(f"build:{sp}:{sd.side}", f"Side {sd.side}: {lab}",
                                 (sp,), (sp, k)))
            for sp, b in s.bridges.items():
                if b.startswith("n:"):
                    ch.append(Choice(f"over:{sp}:{sd.side}",
                                     f"Side {sd.side}, over the neutral bridge: {lab}",
                                     (sp,), (sp, k)))
                elif b.startswith(f"p:{self.seat}:"):
                    ch.append(Choice(f"swap:{sp}:{sd.side}",
                                     f"Side {sd.side}, replacing your Bridge Token "
                                     f"{ROMAN[int(b[-1])]}: {lab}", (sp,), (sp, k)))
            if not gaps:
                ch.append(Choice(f"box:{sd.side}", f"Side {sd.side} into the box: {lab}", (),
                                 ("", k)))
        return decision(self.seat, "bridge", f"Place your Bridge Token {roman}", ch)


    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        s = ctx.s
        p = s.players[self.seat]
        tier = next_tier(ctx, self.seat)
        sp, k = c.data
        p.bridge_side[tier - 1] = k
        s.score_dirty = (1 << s.n) - 1
        if not sp:
            p.bridge_loc[tier - 1] = "box"  # O36: uncovers the ability, nothing else
            ctx.emit(ev.BridgeBuilt(self.seat, tier, SIDES[k], "", "box"))
            return
        old = s.bridges[sp]
        if old.startswith("p:"):
            old_tier = int(old.split(":")[2])
            p.bridge_loc[old_tier - 1] = "board"  # back to the board, covers its ability
            p.bridge_side[old_tier - 1] = -1
        s.bridges[sp] = f"p:{self.seat}:{tier}"
        p.bridge_loc[tier - 1] = sp
        ctx.emit(ev.BridgeBuilt(self.seat, tier, SIDES[k], sp, old))


@dataclass(slots=True)
class BridgeBenefitFrame(Frame, kind="aac.bridge_benefit"):
    """R20.6 / R32.16: a figure entered a bridge showing a benefit: take it or not."""

    seat: int
    space: str

    def step(self, ctx: Ctx) -> Decision | None:
        ben = bridge_benefit(ctx, self.space)
        if ben is None:
            ctx.pop()
            return None
        _, text = ben
        ch = [Choice("take", f"Take: {text}", (self.space,)),
              Choice("decline", "Decline the benefit")]
        return decision(self.seat, "bridge_benefit",
                        f"Bridge benefit on {ctx.name(self.space)}", ch)


    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id != "take":
            return
        ben = bridge_benefit(ctx, self.space)
        assert ben is not None
        effect, text = ben
        ctx.emit(ev.BridgeBenefit(self.seat, self.space, text))
        push_effect(ctx, self.seat, effect, "bridge benefit")


@effect("place_bridge")
def _place_bridge(ctx: Ctx, seat: int, e: PlaceBridgeEffect, use: Use) -> None:
    ctx.push(BridgeFrame(seat))

"""Action boxes (R6): which spaces a player may take (D4), placing a disc and the immediate
effects (Banking, Government Reform, trading, Militias and Pressgangs), and the small
decisions they raise (D5: which card to take back; the "trading_choose_one_area" option's
area).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor.catalog import BoxInfo, Tables
from engine.aor.catalog.models import (
    AttacksPerStep,
    BattleReroll,
    GainGold,
    ReduceUnrest,
    RetrieveDiscard,
)
from engine.aor.core import Ctx, affordable, pay, reduce_unrest
from engine.aor.state import EMPTY, State
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

NO_BOX = "box:none"


def free_space(t: Tables, s: State, b: BoxInfo) -> str:
    """The first empty space of a box that is in play, or ""."""
    for sid, _ in b.spaces:
        if s.spaces.get(sid) == EMPTY:
            return sid
    return ""


def trade_gold(t: Tables, s: State, country: int, b: BoxInfo) -> int:
    """R6.7: 2 gold per own disc in the named areas (both areas count, O32)."""
    return b.per_disc * sum(s.discs[a][country] for a in b.trade_areas)


def effect_text(t: Tables, s: State, country: int, b: BoxInfo) -> str:
    """What taking the box does, in a few plain words."""
    e = b.effect
    if b.bonus:
        if b.bonus_areas is None:
            where = "every area"
        elif len(b.bonus_areas) == sum(t.ship_area):
            where = "the seas and the colonies"
        else:
            where = " and ".join(nw.the_area(t, t.areas[a]) for a in sorted(b.bonus_areas))
        return f"+{b.bonus} in combat in {where} this turn"
    if isinstance(e, GainGold):
        return f"take {e.amount} gold"
    if isinstance(e, ReduceUnrest):
        return f"reduce your unrest by {e.amount}"
    if isinstance(e, RetrieveDiscard):
        what = "a card of soldiers only" if e.filter == "soldiers_no_ships" else "any card"
        return f"take back {what} from your discard pile"
    if b.trade_areas:
        return f"take {trade_gold(t, s, country, b)} gold now"
    if isinstance(e, BattleReroll):
        return "re-roll one battle as attacker or defender"
    if isinstance(e, AttacksPerStep):
        return "attack twice in each of your action steps this turn"
    return "no effect"


def box_label(t: Tables, s: State, country: int, b: BoxInfo) -> str:
    cost = f" (costs {b.cost} gold)" if b.cost else ""
    return f"Take {b.name}{cost}: {effect_text(t, s, country, b)}"


def box_choices(ctx: Ctx, seat: int) -> list[Choice]:
    """D4: every box with a free space the player may take, and "none" (R6.3, O7, O8)."""
    s, t = ctx.s, ctx.t
    p = s.players[seat]
    out = [Choice(NO_BOX, "Take no box")]
    if p.supply <= 0:
        return out
    af = affordable(t, p)
    one = ctx.opt("one_space_per_box")
    for b in t.boxes:
        sid = free_space(t, s, b)
        if not sid or b.cost > af:
            continue
        if one and any(s.spaces.get(x) == p.country for x, _ in b.spaces):
            continue
        out.append(Choice(f"box:{sid}", box_label(t, s, p.country, b), (sid, b.id), sid))
    return out


def place(ctx: Ctx, seat: int, space: str) -> list[Frame]:
    """R6.3: put a disc from supply in the space, pay its cost, apply its immediate effect.
    Returns the frames of decisions the effect raises (D5, the trading area option)."""
    s, t = ctx.s, ctx.t
    p = s.players[seat]
    b = t.box_by_id[t.space_box[space]]
    pay(ctx, seat, b.cost)
    s.spaces[space] = p.country
    p.supply -= 1
    e = b.effect
    gold = unrest = 0
    frames: list[Frame] = []
    if isinstance(e, GainGold):
        gold = e.amount
    elif isinstance(e, ReduceUnrest):
        unrest = reduce_unrest(ctx, seat, e.amount)
    elif b.trade_areas:
        if ctx.opt("trading_choose_one_area") and len(b.trade_areas) > 1:
            frames.append(TradeAreaFrame(seat, b.id))
        else:
            gold = trade_gold(t, s, p.country, b)
    elif isinstance(e, RetrieveDiscard):
        frames.append(RetrieveFrame(seat, b.id, e.filter))
    p.gold += gold
    ctx.emit(ev.BoxTaken(seat, space, b.id, b.cost, gold, unrest))
    return frames


def retrievable(t: Tables, hand_from: list[str], flt: str) -> list[str]:
    """Cards of a discard pile that Militias ("soldiers_no_ships") or Pressgangs ("any") may
    take back (R6.5.5, R6.5.6)."""
    out = []
    for cid in hand_from:
        c = t.cards[cid]
        if flt == "any" or (c.kind == "combat" and c.ships == 0):
            out.append(cid)
    return out


@dataclass(slots=True)
class RetrieveFrame(Frame, kind="aor.retrieve"):
    """D5: which card to take back from the discard pile (none if none qualifies)."""

    seat: int
    box: str
    filter: str

    def step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        cards = retrievable(t, s.players[self.seat].discard, self.filter)
        if not cards:
            s.stack.pop()
            return None
        ch = tuple(Choice(f"retrieve:{c}", f"Take back your {nw.card(t, c)}", (c,), c)
                   for c in dict.fromkeys(cards))
        return Decision(self.seat, "retrieve",
                        f"{nw.box(t, self.box)}: take which card back into your hand?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        p = ctx.s.players[self.seat]
        p.discard.remove(c.data)
        p.hand.append(c.data)
        ctx.emit(ev.CardRetrieved(self.seat, self.box, c.data))
        ctx.s.stack.pop()


@dataclass(slots=True)
class TradeAreaFrame(Frame, kind="aor.trade_area"):
    """Rules option "trading_choose_one_area" (O32): the area whose discs pay."""

    seat: int
    box: str

    def step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        b = t.box_by_id[self.box]
        c = s.players[self.seat].country
        ch = tuple(Choice(f"trade:{t.areas[a]}",
                          f"{nw.area_at(t, a)}: {b.per_disc * s.discs[a][c]} gold",
                          (t.areas[a],), a)
                   for a in b.trade_areas)
        return Decision(self.seat, "trade_area", f"{b.name}: take gold for which area?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s, t = ctx.s, ctx.t
        b = t.box_by_id[self.box]
        p = s.players[self.seat]
        gold = b.per_disc * s.discs[c.data][p.country]
        p.gold += gold
        ctx.emit(ev.Traded(self.seat, self.box, t.areas[c.data], gold))
        s.stack.pop()

"""A combat as one seat sees it (R8): the margin's distribution from what is known (box
bonuses, the seat's own card, cards already turned, the dice once rolled) and models of what
is not (the other side's face-down card, which eligible allies turn their Ally card rather than
their Blank, which non-player allies get bought), and what each outcome class is worth to the
seat (discs, unrest, rewards: engine.aor.bots.evaluate).

Models read only public knowledge of other seats: the cards they may hold (shown cards,
O29), their gold and unrest (O5), discs on the map. A face-down card is never read unless
it is the seat's own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.aor.bots import odds
from engine.aor.bots.evaluate import Evaluator, public_cards
from engine.aor.catalog import Tables
from engine.aor.combat import ATTACKER, DEFENDER, CombatFrame
from engine.aor.core import NPC_DEFENCE, affordable
from engine.aor.state import State
from engine.aor.strength import card_terms, total

ALLY_COST_GOLD = 1


@dataclass(frozen=True, slots=True)
class Models:
    """How a seat guesses what it cannot see."""

    allies: bool = True  # others' Ally cards as chances from their stakes (False: none)
    stakes: bool = True  # the other side's card by its stakes (False: an average card)
    att_pick: float = 0.6  # an attacker's preference for strength (per point, log-weight)
    att_cost: float = 0.15  # ... against cost
    def_pick: float = 0.45
    def_cost: float = 0.25
    blank_weight: float = 1.0  # a defender's Blank, against exp(pick*str - cost*gold) cards
    npc_buy: float = 0.55  # chance another seat buys each of its non-player allies


def ship_area(t: Tables, area: int) -> bool:
    return t.ship_area[area]


def card_value(t: Tables, s: State, card: str, area: int, attacker: bool) -> int:
    return total(card_terms(t, s, card, area, attacker))


def defender_dice(s: State, fr: CombatFrame) -> bool:
    if fr.target < 0:
        return not s.options.get("marker_fixed_strength")
    if s.seat_of[fr.target] < 0:
        return not s.options.get("npc_fixed_four")
    return True


def holds_reserves(ev: Evaluator, seat: int) -> bool:
    return seat >= 0 and ev.reserves[seat]


# --- the other side's card ----------------------------------------------------------------------


def attacker_card_pmf(t: Tables, s: State, fr: CombatFrame, m: Models) -> odds.Pmf:
    """The attacker's face-down card's strength, as the other seats guess it."""
    seat = fr.attacker
    p = s.players[seat]
    af = affordable(t, p)
    ship = ship_area(t, fr.area)
    items: list[tuple[float, int]] = []
    held_ship = 0.0
    for c, q in public_cards(t, s, seat):
        info = t.cards[c]
        if info.cost > af:
            continue
        if ship and info.ships <= 0:
            continue
        if ship:
            held_ship = max(held_ship, q)
        v = card_value(t, s, c, fr.area, True)
        w = q * (math.exp(m.att_pick * v - m.att_cost * info.cost) if m.stakes else 1.0)
        items.append((w, v))
    if ship and held_ship < 1.0:
        blank = card_value(t, s, t.blank_card[p.country], fr.area, True)
        items.append((max(0.05, 1.0 - held_ship) * (1.0 if items else 1.0), blank))
    if not items:
        return odds.point(0)
    if not m.stakes:
        mean = sum(w * v for w, v in items) / sum(w for w, _ in items)
        return odds.point(int(round(mean)))
    return odds.mixture(items)


def defender_card_pmf(t: Tables, s: State, fr: CombatFrame, m: Models) -> odds.Pmf:
    """A defending player's face-down card's strength, as the other seats guess it."""
    seat = fr.defender_seat(s)
    p = s.players[seat]
    af = affordable(t, p)
    items: list[tuple[float, int]] = [(m.blank_weight, 0)]
    for c, q in public_cards(t, s, seat):
        info = t.cards[c]
        if info.cost > af:
            continue
        v = card_value(t, s, c, fr.area, False)
        w = q * (math.exp(m.def_pick * v - m.def_cost * info.cost) if m.stakes else 1.0)
        items.append((w, v))
    if not m.stakes:
        mean = sum(w * v for w, v in items) / sum(w for w, _ in items)
        return odds.point(int(round(mean)))
    return odds.mixture(items)


# --- allies -----------------------------------------------------------------------------------


def side_swing(ev: Evaluator, fr: CombatFrame, seat: int, side: int) -> float:
    """How much `seat` gains if `side` wins rather than loses (discs only)."""
    s = ev.s
    acountry = s.players[fr.attacker].country
    changes = {acountry: 1}
    if fr.target >= 0:
        changes[fr.target] = -1
    g = ev.gain(seat, area=fr.area, discs=changes)
    return g if side == ATTACKER else -g


def ally_chance(ev: Evaluator, fr: CombatFrame, seat: int, side: int) -> float:
    """The chance another eligible seat turns its Ally card (not its Blank), from its stakes:
    +1 strength moves the odds by about an eighth, for 1 gold."""
    swing = side_swing(ev, fr, seat, side)
    worth = 0.13 * swing - ev.ph.gold_value * ALLY_COST_GOLD
    p = ev.s.players[seat]
    if p.gold < ALLY_COST_GOLD and p.unrest >= 8:
        worth -= 0.3
    if worth > 0.25:
        return 0.8
    if worth > 0.08:
        return 0.55
    if worth > 0.0:
        return 0.3
    if swing > 0.3:
        return 0.12
    return 0.04


# --- the margin -----------------------------------------------------------------------------------


@dataclass(slots=True)
class Known:
    """What the deciding seat fixes for the estimate (its own choices)."""

    att_card: str | None = None  # the attacker's card, when known
    def_card: str | None = None
    me_ally: int = -1  # the deciding seat as an ally: 1 Ally card, 0 Blank, -1 not an ally
    att_npcs: int = -1  # non-player allies the attacker buys (-1: as bought so far + guess)
    def_npcs: int = -1


def margin(ev: Evaluator, fr: CombatFrame, me: int, m: Models, k: Known,
           with_dice: bool = True) -> odds.Pmf:
    """The distribution of attacker strength minus defender strength, as `me` sees it."""
    t, s = ev.t, ev.s
    acountry = s.players[fr.attacker].country
    dseat = fr.defender_seat(s)
    base = ev.bonus(acountry, fr.area)
    revealed = dict(fr.revealed)
    pm: odds.Pmf = odds.point(0)
    # attacker's card
    if fr.attacker in revealed:
        base += card_value(t, s, revealed[fr.attacker], fr.area, True)
    elif k.att_card is not None:
        base += card_value(t, s, k.att_card, fr.area, True)
    else:
        pm = odds.add(pm, attacker_card_pmf(t, s, fr, m))
    # defender
    if dseat >= 0:
        base -= ev.bonus(fr.target, fr.area)
        if dseat in revealed:
            base -= card_value(t, s, revealed[dseat], fr.area, False)
        elif k.def_card is not None:
            base -= card_value(t, s, k.def_card, fr.area, False)
        else:
            pm = odds.add(pm, odds.neg(defender_card_pmf(t, s, fr, m)))
    elif fr.target >= 0:
        base -= NPC_DEFENCE
    else:
        base -= t.markers[fr.marker].strength
    # player allies
    att_q: list[float] = []
    def_q: list[float] = []
    for seat, side in zip(fr.allies, fr.sides, strict=True):
        if seat in fr.out:
            continue
        sign = 1 if side == ATTACKER else -1
        if seat in revealed:
            if t.cards[revealed[seat]].kind == "ally":
                base += sign
            continue
        if seat == me and k.me_ally >= 0:
            base += sign * k.me_ally
            continue
        q = ally_chance(ev, fr, seat, side) if m.allies else 0.0
        (att_q if side == ATTACKER else def_q).append(q)
    if att_q:
        pm = odds.add(pm, odds.bernoullis(att_q))
    if def_q:
        pm = odds.add(pm, odds.neg(odds.bernoullis(def_q)))
    # non-player allies
    pm = odds.add(pm, _npcs(ev, fr, ATTACKER, k.att_npcs, m))
    if dseat >= 0:
        pm = odds.add(pm, odds.neg(_npcs(ev, fr, DEFENDER, k.def_npcs, m)))
    if with_dice:
        if fr.dice:
            base += abs(fr.dice[0] - fr.dice[1])
            if defender_dice(s, fr):
                base -= abs(fr.dice[2] - fr.dice[3])
        else:
            pm = odds.add(pm, odds.dice_margin(t.die_faces, True, defender_dice(s, fr)))
    return odds.shift(pm, base)


def _npcs(ev: Evaluator, fr: CombatFrame, side: int, fixed: int, m: Models) -> odds.Pmf:
    s = ev.s
    bought = len(fr.npc_att if side == ATTACKER else fr.npc_def)
    if fixed >= 0:
        return odds.point(fixed)
    at = fr.at
    decided = (at not in ("attacker_card", "defender_card", "allies", "npc_attacker")
               if side == ATTACKER else
               at not in ("attacker_card", "defender_card", "allies", "npc_attacker",
                          "npc_defender"))
    if decided:
        return odds.point(bought)
    cands = len(fr.npc_candidates(ev.t, s, side)) - bought
    if cands <= 0:
        return odds.point(bought)
    return odds.shift(odds.bernoullis([m.npc_buy] * cands), bought)


def classes_of(ev: Evaluator, fr: CombatFrame, pm: odds.Pmf,
               reroll: bool = True) -> tuple[float, ...]:
    """P(each margin class) of a margin distribution, with Reserves re-rolls by holders who
    dislike their result (R6.5.7)."""
    cls = odds.classes(pm)
    if reroll and not fr.dice:
        if holds_reserves(ev, fr.attacker):
            cls = odds.with_reroll(cls, odds.ATT_BAD)
        if holds_reserves(ev, fr.defender_seat(ev.s)):
            cls = odds.with_reroll(cls, odds.DEF_BAD)
    return cls


def classes(ev: Evaluator, fr: CombatFrame, me: int, m: Models, k: Known,
            reroll: bool = True) -> tuple[float, ...]:
    return classes_of(ev, fr, margin(ev, fr, me, m, k), reroll)


# --- what each outcome is worth -------------------------------------------------------------------


def outcome_values(ev: Evaluator, fr: CombatFrame, me: int) -> list[float]:
    """`me`'s gain in standing for each margin class: discs (and a marker's rewards) when the
    attacker wins, unrest for the primary combatants (R8.6); a tie's unrest for `me` as an
    ally turning its Ally card is counted by the caller."""
    t, s = ev.t, ev.s
    acountry = s.players[fr.attacker].country
    dseat = fr.defender_seat(s)
    win_discs: dict[int, int] = {acountry: 1}
    vp: dict[int, int] = {}
    gold: dict[int, int] = {}
    if fr.target >= 0:
        win_discs[fr.target] = -1
    else:
        mk = t.markers[fr.marker]
        if mk.vp:
            vp[fr.attacker] = mk.vp
        if mk.gold:
            gold[fr.attacker] = mk.gold
    won = ev.apply(ev.proj, area=fr.area, discs=win_discs, vp=vp, gold=gold)
    base = ev.proj
    r0 = ev.rel(base, me)
    out: list[float] = []
    for kk in range(len(odds.CLASSES)):
        o = odds.class_outcome(kk)
        proj = list(won if o.result == "attacker" else base)
        proj[fr.attacker] += ev.unrest_delta(fr.attacker, o.attacker_unrest)
        if dseat >= 0:
            proj[dseat] += ev.unrest_delta(dseat, o.defender_unrest)
        out.append(ev.rel(proj, me) - r0)
    return out


def expected(cls: tuple[float, ...], values: list[float]) -> float:
    return sum(p * v for p, v in zip(cls, values, strict=True))


def tie_prob(cls: tuple[float, ...]) -> float:
    return cls[3]

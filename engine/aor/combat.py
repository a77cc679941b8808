"""Combat (R8; kinds II and III): the secret commitments collected one seat at a time (D7
attacker, D8 defender, D9 every eligible ally's Ally or Blank), non-player allies bought by
the attacker then the defender (D10), the reveal and the payments, two dice each, Reserves
re-rolls (D11), then the outcome: discs, unrest, rewards, and ONE CombatResolved event with
both sides' strength as named parts (engine.aor.strength).

Committed cards sit in the committing player's `committed` field (hidden from the others:
engine.aor.hidden) until the reveal moves them to the frame's public `revealed`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor import strength as st
from engine.aor.catalog import Tables
from engine.aor.catalog.tables import is_reserves
from engine.aor.core import NPC_ALLY_COST, Ctx, affordable, allied, gain_unrest, pay
from engine.aor.state import EMPTY, Player, State
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

ATTACKER, DEFENDER = 0, 1
SIDE_WORDS = ("attacker", "defender")


# --- which cards a primary combatant may commit ----------------------------------------------


def attacker_cards(t: Tables, p: Player, area: int, owed: int = 0) -> list[str]:
    """R7.3.1: in a ship area a ship card, or the Blank only if no ship card is in hand;
    elsewhere any card but the Ally. Only what the player can pay (O7)."""
    af = affordable(t, p) - owed
    cards = t.cards
    if t.ship_area[area]:
        ships = [c for c in p.hand if cards[c].ships > 0]
        if ships:
            return [c for c in ships if cards[c].cost <= af]
        return [c for c in p.hand if cards[c].kind == "blank"]
    return [c for c in p.hand if cards[c].kind != "ally" and cards[c].cost <= af]


def defender_cards(t: Tables, p: Player) -> list[str]:
    """R7.3.5: any card but the Ally, in any area (the Blank is free)."""
    af = affordable(t, p)
    cards = t.cards
    return [c for c in p.hand if cards[c].kind != "ally" and cards[c].cost <= af]


def reserves_spaces(t: Tables, s: State, country: int) -> list[str]:
    return [sid for b in t.boxes if is_reserves(b.effect) for sid, _ in b.spaces
            if s.spaces.get(sid, EMPTY) == country]


def card_cost(t: Tables, card: str) -> int:
    c = t.cards.get(card)
    return c.cost if c is not None else 0


@dataclass(slots=True)
class CombatFrame(Frame, kind="aor.combat"):
    attacker: int  # seat
    area: int
    target: int  # the defending country, -1 for a marker
    marker: str  # the marker attacked (kind III), else ""
    at: str  # "attacker_card" | "defender_card" | "allies" | "npc_attacker" |
    # "npc_defender" | "reveal" | "reserves" | "resolve"
    allies: tuple[int, ...]  # seats asked for Ally or Blank, in R8.3.2 order
    sides: tuple[int, ...]  # ATTACKER or DEFENDER, for each of `allies`
    out: tuple[int, ...]  # seats that stayed out openly (rules option "explicit_stay_out")
    idx: int
    npc_att: tuple[int, ...]  # non-player allies bought by the attacker (countries)
    npc_def: tuple[int, ...]
    revealed: tuple[tuple[int, str], ...]  # (seat, card) turned at the reveal
    dice: tuple[int, ...]  # the attacker's two dice, then the defender's two
    offers: tuple[int, ...]  # seats still to be offered a Reserves re-roll on this roll

    # --- who is who ----------------------------------------------------------------------

    def defender_seat(self, s: State) -> int:
        return s.seat_of[self.target] if self.target >= 0 else -1

    def where(self, t: Tables, s: State) -> str:
        who = nw.seat(t, s, self.attacker)
        place = nw.the_area(t, t.areas[self.area])
        if self.target >= 0:
            return f"{who} attacks {nw.country(t, self.target)} in {place}"
        return f"{who} attacks {nw.marker(t, self.marker, where=False)} in {place}"

    def npc_candidates(self, t: Tables, s: State, side: int) -> list[int]:
        """R8.4: non-player countries allied to that side with a disc in the area."""
        if side == ATTACKER:
            lead = s.players[self.attacker].country
        else:
            if self.defender_seat(s) < 0:
                return []  # O28: nobody buys a non-player defender's allies
            lead = self.target
        return [c for c in range(len(t.countries))
                if s.seat_of[c] < 0 and c != self.target and s.discs[self.area][c] > 0
                and allied(t, s, c, lead)]

    def owed(self, t: Tables, s: State, seat: int) -> int:
        """What a seat will pay at the reveal for what it committed so far."""
        p = s.players[seat]
        out = card_cost(t, p.committed)
        if seat == self.attacker:
            out += NPC_ALLY_COST * len(self.npc_att)
        elif seat == self.defender_seat(s):
            out += NPC_ALLY_COST * len(self.npc_def)
        return out

    # --- the steps -----------------------------------------------------------------------

    def step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        at = self.at
        if at == "attacker_card":
            p = s.players[self.attacker]
            cards = attacker_cards(t, p, self.area)
            return Decision(self.attacker, "attack_card",
                            f"{self.where(t, s)}: choose your card (face down).",
                            _card_choices(t, cards))
        if at == "defender_card":
            seat = self.defender_seat(s)
            cards = defender_cards(t, s.players[seat])
            if not cards:  # only under "blank_conversion_discarded" with no card to play
                self.at = "allies"
                return None
            return Decision(seat, "defence_card",
                            f"{self.where(t, s)}: choose your defence card (face down).",
                            _card_choices(t, cards))
        if at == "allies":
            return self._ally_step(ctx)
        if at in ("npc_attacker", "npc_defender"):
            return self._npc_step(ctx)
        if at == "reveal":
            self._reveal(ctx)
            return None
        if at == "reserves":
            return self._reserves_step(ctx)
        self._resolve(ctx)
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s = ctx.s
        at = self.at
        if at in ("attacker_card", "defender_card"):
            seat = self.attacker if at == "attacker_card" else self.defender_seat(s)
            p = s.players[seat]
            p.hand.remove(c.data)
            p.committed = c.data
            ctx.emit(ev.CardCommitted(seat, "attacker" if at == "attacker_card" else "defender"))
            self.at = "defender_card" if (at == "attacker_card"
                                          and self.defender_seat(s) >= 0) else "allies"
        elif at == "allies":
            seat = self.allies[self.idx]
            if c.data is None:
                self.out = (*self.out, seat)
                ctx.emit(ev.StayedOut(seat))
            else:
                p = s.players[seat]
                p.hand.remove(c.data)
                p.committed = c.data
                ctx.emit(ev.CardCommitted(seat, "ally"))
            self.idx += 1
        elif at in ("npc_attacker", "npc_defender"):
            side = ATTACKER if at == "npc_attacker" else DEFENDER
            country = self.npc_candidates(ctx.t, s, side)[self.idx]
            if c.data:
                if side == ATTACKER:
                    self.npc_att = (*self.npc_att, country)
                else:
                    self.npc_def = (*self.npc_def, country)
                buyer = self.attacker if side == ATTACKER else self.defender_seat(s)
                ctx.emit(ev.NpcBought(buyer, country, SIDE_WORDS[side]))
            self.idx += 1
        elif at == "reserves":
            seat = self.offers[0]
            if c.data:
                self._reroll(ctx, seat)
            else:
                self.offers = self.offers[1:]

    # --- D9: allies --------------------------------------------------------------------------

    def _ally_step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        if self.idx >= len(self.allies):
            self.at, self.idx = "npc_attacker", 0
            return None
        seat = self.allies[self.idx]
        p = s.players[seat]
        ally, blank = t.ally_card[p.country], t.blank_card[p.country]
        side = self.sides[self.idx]
        lead = (nw.seat(t, s, self.attacker) if side == ATTACKER
                else nw.country(t, self.target) if self.target >= 0 else "")
        ch: list[Choice] = []
        if ally in p.hand and affordable(t, p) >= card_cost(t, ally):
            ch.append(Choice(f"card:{ally}", f"Play your Ally card: help {lead} for "
                             f"{card_cost(t, ally)} gold (+1 strength)", (ally,), ally))
        if blank in p.hand:
            ch.append(Choice(f"card:{blank}", f"Play your Blank card: do not help {lead} "
                             "(nobody knows until the cards are turned)", (blank,), blank))
        if ctx.opt("explicit_stay_out") or not ch:
            ch.append(Choice("stay_out", "Stay out of this combat openly", (), None))
        return Decision(seat, "ally", f"{self.where(t, s)}: you may help {lead}. Put down your "
                        "Ally card or your Blank card (face down).", tuple(ch))

    # --- D10: non-player allies --------------------------------------------------------------

    def _npc_step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        side = ATTACKER if self.at == "npc_attacker" else DEFENDER
        cands = self.npc_candidates(t, s, side)
        if self.idx >= len(cands):
            self.at, self.idx = ("npc_defender", 0) if side == ATTACKER else ("reveal", 0)
            return None
        seat = self.attacker if side == ATTACKER else self.defender_seat(s)
        country = cands[self.idx]
        cid = t.countries[country]
        name = nw.country(t, country)
        p = s.players[seat]
        ch = []
        if affordable(t, p) - self.owed(t, s, seat) >= NPC_ALLY_COST:
            ch.append(Choice(f"buy:{cid}", f"Pay {NPC_ALLY_COST} gold for "
                             f"{nw.possessive(name)} help (+1 strength)",
                             (cid, t.areas[self.area]), True))
        ch.append(Choice(f"skip:{cid}", f"Do without {name}", (cid,), False))
        return Decision(seat, "buy_npc", f"{self.where(t, s)}: buy the help of {name}, "
                        "a non-player ally with a disc here?", tuple(ch))

    # --- the reveal, payments and dice -------------------------------------------------------

    def _reveal(self, ctx: Ctx) -> None:
        s, t = ctx.s, ctx.t
        dseat = self.defender_seat(s)
        seats = [self.attacker] + ([dseat] if dseat >= 0 else []) + list(self.allies)
        revealed = []
        for seat in seats:
            p = s.players[seat]
            if p.committed:
                revealed.append((seat, p.committed))
                p.committed = ""
        self.revealed = tuple(revealed)
        cards = dict(revealed)
        ctx.emit(ev.CombatRevealed(self.attacker, cards.get(self.attacker, ""), dseat,
                                   cards.get(dseat, "") if dseat >= 0 else "",
                                   tuple((x, cards[x]) for x in self.allies if x in cards)))
        for seat, cost in self.costs(t, s):  # R8.5.1
            pay(ctx, seat, cost)
        for seat, card in revealed:
            shown = s.players[seat].shown
            if t.cards[card].kind == "combat" and card not in shown:
                shown.append(card)
        self.dice = (ctx.die(), ctx.die(), ctx.die(), ctx.die())  # R8.5.2
        acountry = s.players[self.attacker].country
        ctx.emit(ev.DiceRolled("attacker", (self.dice[0], self.dice[1]), acountry))
        ctx.emit(ev.DiceRolled("defender", (self.dice[2], self.dice[3]), self.target))
        self.offers = self._holders(t, s)
        self.at = "reserves"

    def costs(self, t: Tables, s: State) -> tuple[tuple[int, int], ...]:
        """R8.5.1: what each seat pays once the cards are turned: a primary combatant its
        card's printed cost and 1 per non-player ally bought; an ally 1 for its Ally card;
        a Blank nothing."""
        dseat = self.defender_seat(s)
        out = []
        for seat, card in self.revealed:
            info = t.cards[card]
            cost = 0 if info.kind == "blank" else info.cost
            if seat == self.attacker:
                cost += NPC_ALLY_COST * len(self.npc_att)
            elif seat == dseat:
                cost += NPC_ALLY_COST * len(self.npc_def)
            out.append((seat, cost))
        return tuple(out)

    def _holders(self, t: Tables, s: State) -> tuple[int, ...]:
        """Primary combatants holding Reserves, attacker first (R6.5.7, O13)."""
        out = []
        for seat in (self.attacker, self.defender_seat(s)):
            if seat >= 0 and reserves_spaces(t, s, s.players[seat].country):
                out.append(seat)
        return tuple(out)

    def _reserves_step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        if not self.offers:
            self.at = "resolve"
            return None
        seat = self.offers[0]
        sid = reserves_spaces(t, s, s.players[seat].country)[0]
        mine = self.dice[0:2] if seat == self.attacker else self.dice[2:4]
        theirs = self.dice[2:4] if seat == self.attacker else self.dice[0:2]
        both = not ctx.opt("reroll_own_dice_only")
        what = "both sides re-roll their dice" if both else "re-roll your two dice"
        prompt = (f"{self.where(t, s)}: you rolled {mine[0]} and {mine[1]}, the other side "
                  f"{theirs[0]} and {theirs[1]}. Use your Reserves?")
        return Decision(seat, "reserves", prompt, (
            Choice("reroll", f"Use Reserves: {what} (your disc leaves the box)", (sid,), True),
            Choice("keep", "Keep these dice", (), False)))

    def _reroll(self, ctx: Ctx, seat: int) -> None:
        s, t = ctx.s, ctx.t
        p = s.players[seat]
        sid = reserves_spaces(t, s, p.country)[0]
        s.spaces[sid] = EMPTY  # R6.5.7: the disc returns after use
        p.supply += 1
        ctx.emit(ev.ReservesUsed(seat, sid))
        d = list(self.dice)
        own_only = ctx.opt("reroll_own_dice_only")
        if not own_only or seat == self.attacker:
            d[0], d[1] = ctx.die(), ctx.die()
            ctx.emit(ev.DiceRolled("attacker", (d[0], d[1]),
                                   s.players[self.attacker].country, seat))
        if not own_only or seat != self.attacker:
            d[2], d[3] = ctx.die(), ctx.die()
            ctx.emit(ev.DiceRolled("defender", (d[2], d[3]), self.target, seat))
        self.dice = tuple(d)
        self.offers = self._holders(t, s)  # every primary combatant may answer the new roll

    # --- the outcome -------------------------------------------------------------------------

    def strengths(self, t: Tables, s: State) -> tuple[list[ev.Term], list[ev.Term]]:
        cards = dict(self.revealed)
        acountry = s.players[self.attacker].country
        ally_of: tuple[list[str], list[str]] = ([], [])
        for seat, side in zip(self.allies, self.sides, strict=True):
            card = cards.get(seat, "")
            if card and t.cards[card].kind == "ally":
                ally_of[side].append(t.countries[s.players[seat].country])
        ad = (self.dice[0], self.dice[1])
        dd = (self.dice[2], self.dice[3])
        att = st.player_strength(t, s, acountry, self.area, cards.get(self.attacker, ""), ad,
                                 ally_of[ATTACKER], list(self.npc_att), True)
        dseat = self.defender_seat(s)
        if dseat >= 0:
            dfn = st.player_strength(t, s, self.target, self.area, cards.get(dseat, ""), dd,
                                     ally_of[DEFENDER], list(self.npc_def), False)
        elif self.target >= 0:
            dfn = st.npc_strength(t, s, self.target, dd, ally_of[DEFENDER])
        else:
            dfn = st.marker_strength(t, s, self.marker, dd)
        return att, dfn

    def _resolve(self, ctx: Ctx) -> None:
        s, t = ctx.s, ctx.t
        att_terms, def_terms = self.strengths(t, s)
        a, d = st.total(att_terms), st.total(def_terms)
        out = st.outcome(a, d)
        attacker = s.players[self.attacker]
        acountry = attacker.country
        dseat = self.defender_seat(s)
        cards = dict(self.revealed)
        gains: dict[int, int] = {}

        def unrest(seat: int, n: int) -> None:
            if n > 0 and seat >= 0:
                got = gain_unrest(ctx, seat, n)
                if got:
                    gains[seat] = gains.get(seat, 0) + got

        unrest(self.attacker, out.attacker_unrest)
        unrest(dseat, out.defender_unrest)
        if out.result == "tie":  # R8.6.5 (O20: a Blank ally is not involved, unless option)
            blank_too = ctx.opt("blank_ally_tie_unrest")
            for seat in self.allies:
                card = cards.get(seat, "")
                if card and (t.cards[card].kind == "ally" or blank_too):
                    unrest(seat, out.ally_unrest)
        reward_vp = reward_gold = 0
        if out.result == "attacker":  # R8.5.6
            if self.target >= 0:
                s.discs[self.area][self.target] -= 1
                if dseat >= 0:
                    s.players[dseat].supply += 1
                else:
                    s.npc_lost[self.target] += 1  # R4.7: to the box
            else:
                s.markers[self.area].remove(self.marker)
                s.removed.append(self.marker)
                m = t.markers[self.marker]  # R7.6.3
                reward_vp, reward_gold = m.vp, m.gold
                attacker.vp += m.vp
                attacker.score["markers"] += m.vp
                attacker.gold += m.gold
            s.discs[self.area][acountry] += 1
            attacker.supply -= 1
        # R8.8: combat cards to the discard piles; Blank and Ally cards back to hand
        for seat, card in self.revealed:
            p = s.players[seat]
            if t.cards[card].kind == "combat" and seat in (self.attacker, dseat):
                p.discard.append(card)
            else:
                p.hand.append(card)
        ctx.emit(ev.CombatResolved(
            attacker=self.attacker, attacker_country=acountry, area=t.areas[self.area],
            kind="disc" if self.target >= 0 else "marker", defender=dseat,
            defender_country=self.target, marker=self.marker,
            attacker_card=cards.get(self.attacker, ""),
            defender_card=cards.get(dseat, "") if dseat >= 0 else "",
            attacker_dice=(self.dice[0], self.dice[1]),
            defender_dice=(self.dice[2], self.dice[3]),
            attacker_terms=tuple(att_terms), defender_terms=tuple(def_terms),
            attacker_strength=a, defender_strength=d, result=out.result, margin=out.margin,
            degree=out.degree, unrest=tuple(sorted(gains.items())),
            allies=tuple((seat, SIDE_WORDS[side], cards.get(seat, ""))
                         for seat, side in zip(self.allies, self.sides, strict=True)
                         if seat not in self.out),
            npc_allies=tuple((c, "attacker") for c in self.npc_att)
            + tuple((c, "defender") for c in self.npc_def),
            paid=self.costs(t, s), reward_vp=reward_vp, reward_gold=reward_gold))
        s.stack.pop()


def _card_choices(t: Tables, cards: list[str]) -> tuple[Choice, ...]:
    return tuple(Choice(f"card:{c}", f"Play your {nw.card(t, c)}", (c,), c) for c in cards)


def new_combat(t: Tables, s: State, seat: int, area: int, target: int, marker: str
               ) -> CombatFrame:
    """R8.1-R8.3: the combat frame of a declared attack, with the players who may join it
    (a disc in the area, allied to a side; against a marker only the attacker's side, O27),
    asked in action order starting after the attacker (R8.3.2)."""
    from_seat = s.players[seat].country
    dseat = s.seat_of[target] if target >= 0 else -1
    order = [x for x in _order_from(s, seat) if x not in (seat, dseat)]
    allies: list[int] = []
    sides: list[int] = []
    no_marker_allies = bool(s.options.get("no_allies_vs_markers"))
    for x in order:
        c = s.players[x].country
        if s.discs[area][c] <= 0:
            continue
        if allied(t, s, c, from_seat):
            if target < 0 and no_marker_allies:
                continue
            allies.append(x)
            sides.append(ATTACKER)
        elif target >= 0 and allied(t, s, c, target):
            allies.append(x)
            sides.append(DEFENDER)
    return CombatFrame(seat, area, target, marker, "attacker_card", tuple(allies), tuple(sides),
                       (), 0, (), (), (), (), ())


def _order_from(s: State, seat: int) -> list[int]:
    order = [s.seat_of[c] for c in s.alliance if c != EMPTY and s.seat_of[c] >= 0]
    if seat in order:
        k = order.index(seat)
        order = order[k + 1:] + order[:k]
    return order

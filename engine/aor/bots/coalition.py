"""What an alliance is worth (R5): which countries a seat may attack (its enemies: the other
row), who may attack it, which non-player countries it may buy as allies, and its place in
the action order (R3.3: space 1 acts first in every segment and picks its box first).

For every player country the model lists its attack opportunities on the map as it stands:
each enemy disc it can reach (R7.3), worth the gain in standing if it took it (discs and
ranks, engine.aor.bots.evaluate) times the chance of taking it with an ordinary card against
an ordinary defence. Given a full assignment of the seven countries to the two rows, a
country's coalition value is its best few opportunities against enemies (it makes about one
attack a segment), less what its enemies' best opportunities take from it, plus its place in
the order; non-player allies in the area make an attack likelier (+1 each for 1 gold, R8.4),
the defender's make it harder.

A proposal in the auction fixes two more countries' rows; the rest are filled by later phases.
`AuctionModel.proposals` averages every seat's standing over random completions (the same
completions for every proposal, so they are compared on equal terms).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor.attack import reachable
from engine.aor.bots import odds
from engine.aor.bots.evaluate import Evaluator
from engine.aor.catalog import Tables
from engine.aor.core import NPC_DEFENCE
from engine.aor.state import EMPTY, State
from engine.kernel.rng import Rng

TYPICAL_ATTACK = 3  # strength of an ordinary attack card (soldiers, or soldiers and ships)
TYPICAL_DEFENCE = 2  # of an ordinary defence card
ATTACK_GOLD = 3  # what an ordinary attack costs


@dataclass(frozen=True, slots=True)
class Opportunity:
    value: float  # attacker's expected gain in standing (chance included, cost deducted)
    victim: int  # the defending country
    area: int
    loss: float  # the victim seat's expected loss in standing (<= 0; 0 for a non-player)
    around: tuple[int, ...]  # other countries with discs in the area


@dataclass(frozen=True, slots=True)
class AuctionParams:
    attacks: float = 0.75  # attack actions per segment that go to enemy discs
    decay: float = 0.85  # each further opportunity is less certain
    order: float = 0.5  # VP of acting first rather than last
    npc_ally: float = 0.2  # an allied non-player in the area: the attack's worth x (1 + this)
    npc_enemy: float = 0.15  # a defender's non-player ally there: x (1 - this)
    threats: bool = True  # count what enemies may take (False: own opportunities only)
    threat_weight: float = 1.0  # ... and how much
    relative: bool = True  # standing against the others (False: own value only)
    completions: int = 12


def take_chance(t: Tables, s: State, npc: bool) -> float:
    d = NPC_DEFENCE if npc else TYPICAL_DEFENCE
    dice_def = not (s.options.get("npc_fixed_four") if npc else False)
    m = odds.shift(odds.dice_margin(t.die_faces, True, dice_def), TYPICAL_ATTACK - d)
    return odds.win_prob(odds.classes(m))


class AuctionModel:
    def __init__(self, ev: Evaluator, p: AuctionParams) -> None:
        self.ev, self.p = ev, p
        t, s = ev.t, ev.s
        self.t, self.s = t, s
        self.n = s.n
        self.ncountries = len(t.countries)
        self.country = [pl.country for pl in s.players]
        p_npc = take_chance(t, s, True)
        p_pl = take_chance(t, s, False)
        gv = ev.ph.gold_value
        self.opps: list[list[Opportunity]] = []
        for seat, c in enumerate(self.country):
            items: list[Opportunity] = []
            for a in range(len(t.areas)):
                row = s.discs[a]
                if not reachable(t, s, c, a):
                    continue
                for v in range(self.ncountries):
                    if v == c or row[v] <= 0:
                        continue
                    changes = {c: 1, v: -1}
                    g = ev.gain(seat, area=a, discs=changes)
                    vseat = s.seat_of[v]
                    chance = p_npc if vseat < 0 else p_pl
                    value = g * chance - gv * ATTACK_GOLD
                    if value <= 0:
                        continue
                    loss = ev.gain(vseat, area=a, discs=changes) * chance if vseat >= 0 else 0.0
                    around = tuple(x for x in range(self.ncountries)
                                   if x not in (c, v) and row[x] > 0)
                    items.append(Opportunity(value, v, a, loss, around))
            items.sort(key=lambda o: -o.value)
            self.opps.append(items)
        segs = t.segments[s.n]
        self.k = max(1, int(round(p.attacks * segs)))

    # --- one full assignment -----------------------------------------------------------------

    def values(self, rows: list[int], pos: list[int]) -> list[float]:
        """Per seat, the coalition value under rows (per country 0 top / 1 bottom) and
        positions (per country its Alliance Display index)."""
        p = self.p
        n = self.n
        seat_of = self.s.seat_of
        cv = [0.0] * n
        dmg = [0.0] * n
        for seat in range(n):
            me = self.country[seat]
            r = rows[me]
            taken = 0
            w = 1.0
            total = 0.0
            for o in self.opps[seat]:
                if rows[o.victim] == r:
                    continue
                mult = 1.0
                for x in o.around:
                    if seat_of[x] < 0:
                        if rows[x] == r:
                            mult += p.npc_ally
                        elif seat_of[o.victim] >= 0:
                            mult -= p.npc_enemy
                total += w * o.value * mult
                if p.threats:
                    vs = seat_of[o.victim]
                    if vs >= 0:
                        dmg[vs] += w * o.loss * mult
                w *= p.decay
                taken += 1
                if taken >= self.k:
                    break
            cv[seat] = total + p.order * (1.0 - pos[me] / 7.0)
        if p.threats:
            for seat in range(n):
                cv[seat] += p.threat_weight * dmg[seat]
        return cv

    def standing(self, cv: list[float]) -> list[float]:
        if not self.p.relative or self.n < 2:
            return cv
        lam = self.ev.w.lam
        out = []
        for i, v in enumerate(cv):
            others = [x for j, x in enumerate(cv) if j != i]
            out.append(v - lam * max(others) - (1 - lam) * sum(others) / len(others))
        return out

    # --- proposals -----------------------------------------------------------------------------

    def proposals(self, props: list[tuple[int, int]], rng: Rng) -> list[list[float]]:
        """Per proposal (country to box A or -1, country to box B or -1), every seat's
        expected standing over random completions of the display."""
        s = self.s
        placed = [c for c in s.alliance if c != EMPTY]
        free = [c for c in range(self.ncountries) if c not in placed]
        samples = []
        for _ in range(max(1, self.p.completions)):
            keys = [rng.below(1 << 30) for _ in range(self.ncountries)]
            samples.append((keys, rng.below(2)))
        out = []
        for a, b in props:
            acc = [0.0] * self.n
            for keys, last in samples:
                rows, pos = self._complete(list(s.alliance), free, a, b, keys, last)
                st = self.standing(self.values(rows, pos))
                for i in range(self.n):
                    acc[i] += st[i]
            out.append([x / len(samples) for x in acc])
        return out

    def _complete(self, display: list[int], free: list[int], a: int, b: int, keys: list[int],
                  last: int) -> tuple[list[int], list[int]]:
        t = self.t
        top, bottom = list(t.top_row), list(t.bottom_row)

        def put(c: int, row: list[int]) -> None:
            for i in row:
                if display[i] == EMPTY:
                    display[i] = c
                    return

        if a >= 0:
            put(a, top)
        if b >= 0:
            put(b, bottom)
        rest = sorted((c for c in free if c not in (a, b)), key=lambda c: keys[c])
        while len(rest) >= 2:
            put(rest.pop(), top)
            put(rest.pop(), bottom)
        if rest:
            put(rest.pop(), top if last == 0 else bottom)
        rows = [0] * self.ncountries
        pos = [7] * self.ncountries
        for i, c in enumerate(display):
            if c != EMPTY:
                rows[c] = 0 if i in t.top_row else 1
                pos[c] = i
        return rows, pos

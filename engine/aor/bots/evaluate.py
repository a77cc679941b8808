"""What a position is worth to each seat: the victory points it can expect by the end, from
what the seat deciding may know (R11: area ranks scored every turn, NPCs blocking; R11.4: unrest
rolls; R10: income; gold and cards still to spend).

A seat's projection is the sum of parts, each cheap to change on its own:
- its VP now;
- per area, the VP its rank scores, counted for this turn's scoring (if still to come) and,
  discounted, for every later turn; softened by the chance that a disc changes hands before
  then (the rank one disc up or down), so a disc that does not change the rank today is still
  worth something, the more the longer the game runs;
- income still to come that can be spent (turn 3's income cannot);
- the expected VP lost to unrest rolls this turn and later (R11.4 with the halving of R12.6);
- gold, while it can still buy something (nothing once the last turn's actions are over);
- combat cards in hand for the rest of the turn (other seats' hands by what is public: their
  size and the cards they showed, O29).

`Evaluator` holds the parts for one state and answers "what if" questions (a disc changes
hands, unrest or gold changes) by recomputing only the parts touched. `rel` turns the
projections into one seat's standing: its projection less a mix of the best and the mean of
the others' (a game is won against the leader, but the others matter too).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.aor.catalog import Tables
from engine.aor.catalog.tables import is_reserves
from engine.aor.core import LEVY_GOLD
from engine.aor.state import State
from engine.aor.strength import box_terms, total

ACTION_STEPS = frozenset({"setup", "markers", "alliances", "actions"})


@dataclass(frozen=True, slots=True)
class Weights:
    gold: float = 0.30  # VP per gold while it can still be spent
    future: float = 0.85  # weight of each later turn's scoring
    soft_now: float = 0.16  # rank uncertainty of this turn's scoring (at the turn's start)
    soft_future: float = 0.22  # ... of a later turn's
    card: float = 0.06  # VP per strength point of a combat card in hand, for a whole turn
    unrest_added: int = 2  # unrest assumed gained in each later turn
    unrest: float = 1.0  # how much the VP unrest is expected to cost count
    lam: float = 0.5  # weight of the best other seat (the rest: their mean)
    relative: bool = True  # False: a seat's own projection only (the easy bot)


@cache
def reserve_spaces(t: Tables) -> tuple[str, ...]:
    return tuple(sid for b in t.boxes if is_reserves(b.effect) for sid, _ in b.spaces)


@cache
def expected_rolls(u: int, faces: int = 6) -> float:
    """R11.4: the expected number of rolls of one die until their sum reaches u."""
    if u <= 0:
        return 0.0
    return 1.0 + sum(expected_rolls(u - k, faces) for k in range(1, faces + 1)) / faces


def halved(u: int) -> int:
    return (u + 1) // 2


def card_strength(t: Tables, card: str, ships_weight: float = 0.5) -> float:
    c = t.cards[card]
    if c.kind != "combat":
        return 0.0
    return c.soldiers + ships_weight * c.ships


def vp_at(row: list[int], c: int, values: tuple[int, ...], npc: list[bool]) -> int:
    """R11.2-R11.3: the VP country c scores in an area whose disc counts are `row`."""
    k = row[c]
    if k <= 0 or npc[c]:
        return 0
    higher = {x for x in row if x > k}
    r = len(higher)
    return values[r] if r < len(values) else 0


_AREA_CACHE: dict[tuple[object, ...], tuple[float, ...]] = {}
_UNREST_CACHE: dict[tuple[object, ...], float] = {}


def area_parts(values: tuple[int, ...], row: list[int], countries: list[int],
               coef_exact: float, coef_near: float) -> tuple[float, ...]:
    """Per player country, VP of its rank x coef_exact + (VP with one disc more + with one
    disc less) x coef_near (dense ranks, every country present counting, R11.2)."""
    out = []
    nv = len(values)
    m = len(row)
    for c in countries:
        k = row[c]
        if k <= 0:
            out.append(0.0)
            continue
        others = {row[x] for x in range(m) if x != c and row[x] > 0}
        r0 = r1 = r2 = 0
        for v in others:
            if v > k:
                r0 += 1
            if v > k + 1:
                r1 += 1
            if v > k - 1:
                r2 += 1
        exact = values[r0] if r0 < nv else 0
        up = values[r1] if r1 < nv else 0
        down = (values[r2] if r2 < nv else 0) if k > 1 else 0
        out.append(coef_exact * exact + coef_near * (up + down))
    return tuple(out)


class Phase:
    """Where the game stands for valuing things: scorings left, the share of the turn's
    actions left, what gold and income are still worth."""

    __slots__ = ("card_left", "coef_exact", "coef_near", "future", "gold_value", "incomes",
                 "later", "now", "u_future", "u_now")

    def __init__(self, t: Tables, s: State, w: Weights) -> None:
        turns = t.turns
        over = bool(s.over)
        before_vp = s.step in ACTION_STEPS and not over
        segs = t.segments[s.n]
        if s.step == "actions" and s.segment > 0:
            left = (segs - s.segment + 1) / segs
        elif before_vp:
            left = 1.0
        else:
            left = 0.0
        turn = max(1, s.turn)
        self.now = 1.0 if before_vp else 0.0
        later = 0 if over else turns - turn
        self.future = w.future * later
        self.u_now = w.soft_now * left
        self.u_future = w.soft_future
        self.card_left = left
        # gold buys things in this turn's remaining actions and in later turns
        if over:
            g = 0.0
        elif turn < turns:
            g = w.gold
        else:
            g = w.gold * left
        self.gold_value = g
        # income of a turn is spent in the next one (turn 3's income is worth nothing)
        inc = 0
        if not over:
            inc = max(0, turns - turn - 1) + (1 if (before_vp or s.step == "income")
                                               and turn < turns else 0)
        self.incomes = inc * w.gold
        # an area's part: exact VP x coef_exact + (VP one disc up + one down) x coef_near
        self.coef_exact = (self.now * (1 - 2 * self.u_now)
                           + self.future * (1 - 2 * self.u_future))
        self.coef_near = self.now * self.u_now + self.future * self.u_future
        self.later = later


class Evaluator:
    """One state's projections, by parts, from `me`'s knowledge."""

    def __init__(self, t: Tables, s: State, me: int, w: Weights | None = None) -> None:
        self.t, self.s, self.me = t, s, me
        self.w = w or Weights()
        self.ph = Phase(t, s, self.w)
        n = s.n
        self.n = n
        self.npc = [x < 0 for x in s.seat_of]
        self.country = [p.country for p in s.players]
        self._akey = (tuple(self.country), self.ph.coef_exact, self.ph.coef_near)
        self._bonus: dict[tuple[int, int], int] = {}
        self.area = [self._area(a, s.discs[a]) for a in range(len(t.areas))]
        self.unrest = [self.unrest_value(p.unrest) for p in s.players]
        self.reserves = [any(s.spaces.get(sid, -1) == c for sid in reserve_spaces(t))
                         for c in self.country]
        self.proj = [0.0] * n
        for i, p in enumerate(s.players):
            v = float(p.vp)
            v += sum(av[i] for av in self.area)
            v += self.ph.incomes * sum(row[p.country] for row in s.discs)
            v += self.unrest[i]
            v += self.ph.gold_value * p.gold
            v += self.hand_value(i)
            self.proj[i] = v

    # --- parts ------------------------------------------------------------------------------

    def _area(self, a: int, row: list[int]) -> list[float]:
        """Per seat, the area's VP for the scorings to come (soft ranks)."""
        ph = self.ph
        key = (a, tuple(row), self._akey)
        got = _AREA_CACHE.get(key)
        if got is None:
            if len(_AREA_CACHE) > 200_000:
                _AREA_CACHE.clear()
            got = _AREA_CACHE[key] = area_parts(self.t.vp[a], row, self.country,
                                                ph.coef_exact, ph.coef_near)
        return list(got)

    def unrest_value(self, u: int) -> float:
        """Minus the VP unrest u is expected to cost from now on (R11.4, R12.6), and a small
        part for the tie-break (R13.1)."""
        t, ph, w = self.t, self.ph, self.w
        u = min(u, t.max_unrest)
        key = (u, ph.now, ph.later, w, t.max_unrest, t.die_faces)
        got = _UNREST_CACHE.get(key)
        if got is not None:
            return got
        loss = 0.0
        if ph.now:
            loss += expected_rolls(u, t.die_faces)
        x = u
        for _ in range(ph.later):
            x = min(t.max_unrest, halved(x) + w.unrest_added)
            loss += w.future * expected_rolls(x, t.die_faces)
        v = _UNREST_CACHE[key] = -w.unrest * loss - 0.02 * u
        return v

    def forget_boxes(self) -> None:
        """Box spaces changed (a bot trying a box on): recompute bonuses from them."""
        self._bonus.clear()

    def bonus(self, country: int, area: int) -> int:
        """The combat bonus of the boxes a country holds, in an area (R6.5.1, R6.6)."""
        key = (country, area)
        v = self._bonus.get(key)
        if v is None:
            v = self._bonus[key] = total(box_terms(self.t, self.s, country, area))
        return v

    def hand_value(self, seat: int) -> float:
        """The combat cards a seat holds for the rest of the turn (other seats: by what is
        public, their hand size and the cards they showed)."""
        t, ph = self.t, self.ph
        if ph.card_left <= 0:
            return 0.0
        p = self.s.players[seat]
        if seat == self.me:
            total = sum(card_strength(t, c) for c in p.hand)
        else:
            total = public_hand_strength(t, self.s, seat)
        return self.w.card * ph.card_left * total

    # --- what if ----------------------------------------------------------------------------

    def area_with(self, a: int, changes: dict[int, int]) -> list[float]:
        """The area's part per seat with disc counts changed (country -> delta)."""
        row = list(self.s.discs[a])
        for c, d in changes.items():
            row[c] = max(0, row[c] + d)
        return self._area(a, row)

    def apply(self, proj: list[float], *, area: int = -1, discs: dict[int, int] | None = None,
              unrest: dict[int, int] | None = None, gold: dict[int, int] | None = None,
              vp: dict[int, int] | None = None) -> list[float]:
        """Projections after disc changes in one area, unrest gains, gold gained (+) or paid
        (-, levying as R4.5.3 when short) and VP gained."""
        out = list(proj)
        s = self.s
        seat_of = s.seat_of
        if discs:
            new = self.area_with(area, discs)
            old = self.area[area]
            for i in range(self.n):
                out[i] += new[i] - old[i]
            for c, d in discs.items():
                seat = seat_of[c]
                if seat >= 0:
                    out[seat] += self.ph.incomes * d
        du: dict[int, int] = dict(unrest or {})
        if gold:
            for seat, g in gold.items():
                p = s.players[seat]
                have = p.gold + g
                if have < 0:
                    times = (-have + LEVY_GOLD - 1) // LEVY_GOLD
                    du[seat] = du.get(seat, 0) + times
                    have += LEVY_GOLD * times
                out[seat] += self.ph.gold_value * (have - p.gold)
        for seat, d in du.items():
            if d:
                u0 = s.players[seat].unrest
                u1 = max(0, min(self.t.max_unrest, u0 + d))
                out[seat] += self.unrest_value(u1) - self.unrest[seat]
        if vp:
            for seat, d in vp.items():
                out[seat] += d
        return out

    def unrest_delta(self, seat: int, d: int) -> float:
        """The change in a seat's projection if it gains `d` unrest points (R4.4 bounds)."""
        if not d:
            return 0.0
        u0 = self.s.players[seat].unrest
        u1 = max(0, min(self.t.max_unrest, u0 + d))
        return self.unrest_value(u1) - self.unrest[seat]

    def rel(self, proj: list[float], seat: int) -> float:
        """A seat's standing: its projection less a mix of the best and the mean other."""
        n = self.n
        if not self.w.relative or n < 2:
            return proj[seat]
        mine = proj[seat]
        if n == 2:
            return mine - proj[1 - seat]
        top = float("-inf")
        tot = 0.0
        for i in range(n):
            if i != seat:
                v = proj[i]
                tot += v
                if v > top:
                    top = v
        lam = self.w.lam
        return mine - lam * top - (1 - lam) * tot / (n - 1)

    def gain(self, seat: int, **changes: object) -> float:
        """How much `seat`'s standing changes with these changes (see `apply`)."""
        new = self.apply(self.proj, **changes)  # type: ignore[arg-type]
        return self.rel(new, seat) - self.rel(self.proj, seat)


# --- what others may hold (public knowledge, O29) ---------------------------------------------


def public_cards(t: Tables, s: State, seat: int) -> list[tuple[str, float]]:
    """The combat cards `seat` may hold now as others know it: every combat card not turned
    face up this turn is in its hand (or face down in the combat under way); a card turned up
    is in its discard pile unless Militias or Pressgangs took some back (the count tells how
    many). Pairs (card, chance it is held)."""
    p = s.players[seat]
    cards = t.country_cards[p.country]
    shown = [c for c in p.shown if t.cards[c].kind == "combat"]
    disc = len(p.discard) if isinstance(p.discard, list) else int(p.discard)
    back = max(0, len(shown) - disc)
    share = back / len(shown) if shown else 0.0
    out = []
    for c in cards:
        if t.cards[c].kind != "combat":
            continue
        if c in shown:
            if share > 0:
                out.append((c, share))
        else:
            out.append((c, 1.0))
    return out


def public_hand_strength(t: Tables, s: State, seat: int) -> float:
    return sum(card_strength(t, c) * q for c, q in public_cards(t, s, seat))

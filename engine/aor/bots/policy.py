"""The bots' judgement, one decision at a time (R15 D1-D12): every legal choice gets a score,
the expected change in the deciding seat's standing (engine.aor.bots.evaluate), from what that
seat may know.

- bids and proposals (D2, D3): the coalition a proposal makes, valued from the map
  (engine.aor.bots.coalition); a seat bids up to what winning the phase is worth against what
  the others would propose, keeping gold back for the turn's combats (never levying for a bid);
- boxes (D4): gold (Banking, trading), unrest (Government Reform), a card back (Militias,
  Pressgangs), and the combat boxes by the attacks they improve this turn (Training, supports,
  Reserves) or add (War Office); each less its cost;
- attacks (D6, D12): every conversion, disc and marker attack by its expected gain: the odds
  (engine.aor.bots.odds, the other side's card and allies guessed from public knowledge:
  engine.aor.bots.combat_model) times what each outcome is worth (discs, VP, unrest), less the
  card's cost and its use; the best card and the non-player allies to buy with it;
- the face-down cards (D7, D8, D9): the card with the best expected gain; an eligible ally
  turns its Ally card when +1 is worth its gold and the risk of a tie's unrest, else its Blank
  (which bluffs: nobody sees which it was until the reveal);
- non-player allies (D10), Reserves (D11) with the cards and dice known;
- the small ones: which card to take back (D5), which ship card to show (D6), a Company's
  area (option), a country (D1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.aor.actions import segments
from engine.aor.attack import NO_ATTACK, attack_choices, conversion_cards
from engine.aor.auction import AuctionFrame, unallied
from engine.aor.bots import combat_model as cm
from engine.aor.bots import odds
from engine.aor.bots.coalition import AuctionModel, AuctionParams
from engine.aor.bots.evaluate import Evaluator, Weights, card_strength
from engine.aor.boxes import NO_BOX, retrievable, trade_gold
from engine.aor.catalog import BoxInfo
from engine.aor.catalog.models import (
    AttacksPerStep,
    BattleReroll,
    GainGold,
    ReduceUnrest,
    RetrieveDiscard,
)
from engine.aor.combat import ATTACKER, CombatFrame, attacker_cards, new_combat
from engine.aor.core import CONVERT_COST, NPC_ALLY_COST, affordable
from engine.aor.game import Game
from engine.aor.state import EMPTY
from engine.kernel.decisions import Choice, Decision
from engine.kernel.rng import Rng

Scored = list[tuple[str, float]]


@dataclass(frozen=True, slots=True)
class Params:
    weights: Weights = field(default_factory=Weights)
    models: cm.Models = field(default_factory=cm.Models)
    auction: AuctionParams = field(default_factory=AuctionParams)
    attack_min: float = 0.05  # an attack must be expected to gain at least this
    card_use: float = 1.0  # how much a card's use counts (its strength for the rest of turn)
    bid_keep: int = 4  # gold kept back from bids in turns before the last
    bid_scale: float = 1.0  # bids: VP of winning the phase -> gold, times this
    combat_boxes: bool = True  # value Training and supports by the attacks they improve
    reserve_keep: float = 0.4  # VP of keeping a Reserves disc for a later battle this turn
    npc_choice: bool = True  # choose how many non-player allies to buy (False: all)
    box_attacks: bool = True  # value Reserves and War Office by the attacks on offer
    box_combat: float = 1.0  # the worth of those boxes (and of the combat bonuses) x this


class Look:
    """One decision's context: the game rebuilt from the seat's view, the seat, its
    evaluator and the level's parameters."""

    def __init__(self, g: Game, seat: int, p: Params, rng: Rng) -> None:
        self.g, self.t, self.s = g, g.t, g.state
        self.me = seat
        self.p = p
        self.rng = rng
        self.ev = Evaluator(self.t, self.s, seat, p.weights)
        self._pay: dict[int, float] = {}

    @property
    def player(self) -> Any:
        return self.s.players[self.me]

    def pay(self, gold: int) -> float:
        """The change in standing of paying `gold` (levying if short)."""
        if gold <= 0:
            return 0.0
        v = self._pay.get(gold)
        if v is None:
            v = self._pay[gold] = self.ev.gain(self.me, gold={self.me: -gold})
        return v

    def use(self, card: str) -> float:
        """What playing a card costs in cards: its strength for the rest of the turn."""
        ev = self.ev
        return (self.p.card_use * ev.w.card * ev.ph.card_left * card_strength(self.t, card))

    def steps_left(self) -> int:
        """This seat's action steps left this turn, the current one included."""
        s = self.s
        if s.step != "actions" or s.segment <= 0:
            return segments(self.t, s.n)
        return segments(self.t, s.n) - s.segment + 1


def combat_frame(g: Game) -> CombatFrame:
    for fr in reversed(g.state.stack):
        if isinstance(fr, CombatFrame):
            return fr
    raise AssertionError("no combat under way")


# --- attacks (D6, D12, D7) --------------------------------------------------------------------


@dataclass(slots=True)
class AttackPlan:
    value: float
    card: str
    npcs: int
    swing: float  # the outcome's spread: what winning is worth over losing


def plan_attack(lk: Look, fr: CombatFrame, cards: list[str] | None = None) -> AttackPlan:
    """The best card (and non-player allies to buy) for an attack, and its expected gain."""
    t, s, me = lk.t, lk.s, lk.me
    p = s.players[me]
    if cards is None:
        cards = attacker_cards(t, p, fr.area)
    values = cm.outcome_values(lk.ev, fr, me)
    swing = max(values[:3]) - min(values[3:])
    cands = len(fr.npc_candidates(t, s, ATTACKER))
    af = affordable(t, p)
    # everything but the attacker's own card and purchases, once; each card shifts it
    rest = cm.margin(lk.ev, fr, me, lk.p.models, cm.Known(att_card="", att_npcs=0))
    seen: set[tuple[int, int]] = set()
    best = AttackPlan(float("-inf"), "", 0, swing)
    counts = (0, cands) if lk.p.npc_choice else (cands,)
    for card in cards:
        info = t.cards[card]
        cv = cm.card_value(t, s, card, fr.area, True)
        if (cv, info.cost) in seen:
            continue
        seen.add((cv, info.cost))
        for nb in dict.fromkeys(counts):
            cost = info.cost + NPC_ALLY_COST * nb
            if cost > af:
                continue
            cls = cm.classes_of(lk.ev, fr, odds.shift(rest, cv + nb))
            v = cm.expected(cls, values) + lk.pay(cost) - lk.use(card)
            if v > best.value:
                best = AttackPlan(v, card, nb, swing)
    return best


def convert_value(lk: Look, area: int) -> tuple[float, str]:
    t, me = lk.t, lk.me
    p = lk.player
    cards = conversion_cards(t, p)
    if not cards:
        return float("-inf"), ""
    card = min(cards, key=lambda c: (card_strength(t, c), -t.cards[c].cost))
    lose = lk.use(card) if t.cards[card].kind == "combat" else 0.0
    g = lk.ev.gain(me, area=area, discs={p.country: 1}, gold={me: -CONVERT_COST})
    return g - lose, card


def win_bound(lk: Look, fr: CombatFrame) -> float:
    """What winning an attack would gain at most (no cost, no unrest): no attack's expected
    gain is higher, so options below the best found need no closer look."""
    t, s = lk.t, lk.s
    discs = {s.players[lk.me].country: 1}
    vp: dict[int, int] = {}
    gold: dict[int, int] = {}
    if fr.target >= 0:
        discs[fr.target] = -1
    else:
        mk = t.markers[fr.marker]
        vp = {lk.me: mk.vp} if mk.vp else {}
        gold = {lk.me: mk.gold} if mk.gold else {}
    return lk.ev.gain(lk.me, area=fr.area, discs=discs, vp=vp, gold=gold)


PRUNED = -1e6  # the score of an attack found not to beat the best (plus its bound)


def attack_scores(lk: Look, d: Decision) -> Scored:
    """D6/D12: each attack action's expected gain; attacks whose win could not beat the best
    found are not planned in detail (scored below every planned one)."""
    out: dict[str, float] = {}
    todo: list[tuple[float, str, CombatFrame]] = []
    best = lk.p.attack_min
    for c in d.choices:
        if c.id == NO_ATTACK:
            out[c.id] = lk.p.attack_min
            continue
        kind, area, target, marker = c.data
        if kind == "convert":
            out[c.id] = convert_value(lk, area)[0]
            best = max(best, out[c.id])
            continue
        fr = new_combat(lk.t, lk.s, lk.me, area, target, marker)
        todo.append((win_bound(lk, fr), c.id, fr))
    todo.sort(key=lambda x: -x[0])
    for bound, cid, fr in todo:
        if bound <= best:
            out[cid] = PRUNED + bound
            continue
        v = plan_attack(lk, fr).value
        out[cid] = v
        best = max(best, v)
    return [(c.id, out[c.id]) for c in d.choices]


def attack_card_scores(lk: Look, d: Decision) -> Scored:
    fr = combat_frame(lk.g)
    t, s, me = lk.t, lk.s, lk.me
    values = cm.outcome_values(lk.ev, fr, me)
    cands = len(fr.npc_candidates(t, s, ATTACKER))
    af = affordable(t, s.players[me])
    rest = cm.margin(lk.ev, fr, me, lk.p.models, cm.Known(att_card="", att_npcs=0))
    out: Scored = []
    for c in d.choices:
        card = c.data
        cost0 = t.cards[card].cost
        cv = cm.card_value(t, s, card, fr.area, True)
        best = float("-inf")
        for nb in dict.fromkeys((0, cands) if lk.p.npc_choice else (cands,)):
            if cost0 + nb > af:
                continue
            cls = cm.classes_of(lk.ev, fr, odds.shift(rest, cv + nb))
            best = max(best, cm.expected(cls, values) + lk.pay(cost0 + nb) - lk.use(card))
        out.append((c.id, best))
    return out


def defence_scores(lk: Look, d: Decision) -> Scored:
    fr = combat_frame(lk.g)
    t, s, me = lk.t, lk.s, lk.me
    values = cm.outcome_values(lk.ev, fr, me)
    rest = cm.margin(lk.ev, fr, me, lk.p.models, cm.Known(def_card=""))
    out: Scored = []
    for c in d.choices:
        card = c.data
        cv = cm.card_value(t, s, card, fr.area, False)
        cls = cm.classes_of(lk.ev, fr, odds.shift(rest, -cv))
        v = cm.expected(cls, values) + lk.pay(t.cards[card].cost) - lk.use(card)
        out.append((c.id, v))
    return out


def ally_scores(lk: Look, d: Decision) -> Scored:
    """D9: the Ally card (+1 for its side, 1 gold, a tie's unrest) or the Blank."""
    fr = combat_frame(lk.g)
    t, me = lk.t, lk.me
    values = cm.outcome_values(lk.ev, fr, me)
    m = lk.p.models
    blank = cm.expected(cm.classes(lk.ev, fr, me, m, cm.Known(me_ally=0)), values)
    cls1 = cm.classes(lk.ev, fr, me, m, cm.Known(me_ally=1))
    tie_unrest = lk.ev.gain(me, unrest={me: 1})
    ally = (cm.expected(cls1, values) + lk.pay(NPC_ALLY_COST)
            + cm.tie_prob(cls1) * tie_unrest)
    out: Scored = []
    for c in d.choices:
        if c.data is None:  # "stay_out" (rules option explicit_stay_out)
            out.append((c.id, blank - 0.01))
        elif t.cards[c.data].kind == "ally":
            out.append((c.id, ally))
        else:
            out.append((c.id, blank))
    return out


def npc_scores(lk: Look, d: Decision) -> Scored:
    """D10: buy this non-player ally (+1 for 1 gold) or not, with the seat's own card known."""
    fr = combat_frame(lk.g)
    s, me = lk.s, lk.me
    values = cm.outcome_values(lk.ev, fr, me)
    own = s.players[me].committed or None
    m = lk.p.models
    if fr.at == "npc_attacker":
        bought = len(fr.npc_att)
        k0 = cm.Known(att_card=own, att_npcs=bought)
        k1 = cm.Known(att_card=own, att_npcs=bought + 1)
    else:
        bought = len(fr.npc_def)
        k0 = cm.Known(def_card=own, def_npcs=bought)
        k1 = cm.Known(def_card=own, def_npcs=bought + 1)
    v0 = cm.expected(cm.classes(lk.ev, fr, me, m, k0), values)
    already = fr.owed(lk.t, s, me)
    v1 = (cm.expected(cm.classes(lk.ev, fr, me, m, k1), values)
          + lk.pay(already + NPC_ALLY_COST) - lk.pay(already))
    return [(c.id, v1 if c.data else v0) for c in d.choices]


def reserves_scores(lk: Look, d: Decision) -> Scored:
    """D11: the battle's dice are known; re-roll (R6.5.7) when the expected result after new
    dice beats this one by more than the Reserves disc is worth for a later battle."""
    fr = combat_frame(lk.g)
    t, s, me = lk.t, lk.s, lk.me
    values = cm.outcome_values(lk.ev, fr, me)
    fixed = cm.margin(lk.ev, fr, me, lk.p.models, cm.Known(), with_dice=False)
    a_old = abs(fr.dice[0] - fr.dice[1])
    d_old = abs(fr.dice[2] - fr.dice[3]) if cm.defender_dice(s, fr) else 0
    keep = cm.expected(odds.classes(odds.shift(fixed, a_old - d_old)), values)
    own_only = bool(s.options.get("reroll_own_dice_only"))
    faces = t.die_faces
    if own_only and me == fr.attacker:
        new = odds.shift(odds.dice_margin(faces, True, False), -d_old)
    elif own_only:
        new = odds.shift(odds.dice_margin(faces, False, cm.defender_dice(s, fr)), a_old)
    else:
        new = odds.dice_margin(faces, True, cm.defender_dice(s, fr))
    reroll = (cm.expected(odds.classes(odds.add(fixed, new)), values)
              - lk.p.reserve_keep * lk.ev.ph.card_left)
    return [(c.id, reroll if c.data else keep) for c in d.choices]


# --- boxes (D4) ---------------------------------------------------------------------------------


def _attack_options(lk: Look) -> list[tuple[float, float, int, CombatFrame | None]]:
    """(expected gain, swing, area, frame) of every attack the seat could make now."""
    ctx = lk.g.context()
    out: list[tuple[float, float, int, CombatFrame | None]] = []
    for c in attack_choices(ctx, lk.me):
        if c.id == NO_ATTACK:
            continue
        kind, area, target, marker = c.data
        if kind == "convert":
            v, _ = convert_value(lk, area)
            out.append((v, 0.0, area, None))
        else:
            fr = new_combat(lk.t, lk.s, lk.me, area, target, marker)
            plan = plan_attack(lk, fr)
            out.append((plan.value, plan.swing, area, fr))
    out.sort(key=lambda x: -x[0])
    return out


def _bonus_value(lk: Look, b: BoxInfo, sid: str,
                 opts: list[tuple[float, float, int, CombatFrame | None]]) -> float:
    """A combat bonus box: how much it improves the best attacks in its areas (this step's and,
    discounted, later steps'), and a little for defending there."""
    s = lk.s
    me = lk.player.country
    scope = b.bonus_areas
    steps = lk.steps_left()
    old = s.spaces.get(sid, EMPTY)
    s.spaces[sid] = me
    lk.ev.forget_boxes()
    try:
        gains = []
        for v, _, area, fr in opts[:12]:
            if fr is None or (scope is not None and area not in scope):
                continue
            v2 = plan_attack(lk, fr).value
            gains.append(max(0.0, v2) - max(0.0, v))
    finally:
        s.spaces[sid] = old
        lk.ev.forget_boxes()
    gains.sort(reverse=True)
    total = 0.0
    w = 1.0
    for g in gains[:steps]:
        total += w * g
        w *= 0.6
    mine = sum(1 for a in range(len(lk.t.areas)) if s.discs[a][me] > 0
               and (scope is None or a in scope))
    total += 0.03 * b.bonus * min(steps, 4) * min(mine, 4)
    return total


def lasting_box(b: BoxInfo) -> bool:
    """A box whose worth lies in the attacks of the steps to come (R6.5: a combat bonus,
    Reserves, War Office), not in what it gives at once."""
    return bool(b.bonus) or isinstance(b.effect, BattleReroll | AttacksPerStep)


def box_scores(lk: Look, d: Decision) -> Scored:
    t, s, me = lk.t, lk.s, lk.me
    p = lk.player
    ev = lk.ev
    opts: list[tuple[float, float, int, CombatFrame | None]] | None = None
    steps = lk.steps_left()
    out: Scored = []
    for c in d.choices:
        if c.id == NO_BOX:
            out.append((c.id, 0.0))
            continue
        sid = c.data
        b = t.box_by_id[t.space_box[sid]]
        e = b.effect
        v = lk.pay(b.cost)
        if isinstance(e, GainGold):
            v += ev.gain(me, gold={me: e.amount})
        elif isinstance(e, ReduceUnrest):
            v += ev.gain(me, unrest={me: -e.amount})
        elif b.trade_areas:
            v += ev.gain(me, gold={me: trade_gold(t, s, p.country, b)})
        elif isinstance(e, RetrieveDiscard):
            cards = retrievable(t, p.discard, e.filter)
            if cards:
                strongest = max(card_strength(t, x) for x in cards)
                v += 1.5 * ev.w.card * ev.ph.card_left * strongest + 0.05
        elif b.bonus and not lk.p.combat_boxes:
            v += 0.1 * b.bonus * min(steps, 3)
        elif not b.bonus and not lk.p.box_attacks:
            if isinstance(e, BattleReroll):
                v += 0.25 if steps > 1 else 0.15
            else:
                v += 0.3 * min(steps - 1, max(0, p.gold) // 4)
        elif b.bonus or isinstance(e, BattleReroll | AttacksPerStep):
            if opts is None:
                opts = _attack_options(lk)
            k = lk.p.box_combat
            if b.bonus:
                v += k * _bonus_value(lk, b, sid, opts)
            elif isinstance(e, BattleReroll):
                swings = [sw for val, sw, _, fr in opts if fr is not None and val > 0]
                v += k * 0.2 * max(swings, default=0.0) * (1.0 if steps > 1 else 0.7)
            else:  # War Office: a second attack in each step left
                good = [x[0] for x in opts if x[0] > lk.p.attack_min]
                second = good[1] if len(good) > 1 else 0.0
                extra = min(steps, max(0, p.gold) // 4 + 1)
                v += k * 0.5 * second * extra
        out.append((c.id, v))
    return out


# --- auction (D2, D3) ---------------------------------------------------------------------------


class AuctionCache:
    """The proposals' values for one auction phase (the display does not change while the
    phase is bid: every bid and proposal decision of the phase reuses them)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.props: list[tuple[int, int]] = []
        self.ids: list[str] = []
        self.vals: list[list[float]] = []


def _auction_values(lk: Look, cache: AuctionCache) -> AuctionCache:
    s, t = lk.s, lk.t
    fr = next(f for f in reversed(s.stack) if isinstance(f, AuctionFrame))
    key = (s.turn, fr.phase, tuple(s.alliance), tuple(tuple(r) for r in s.discs), lk.me)
    if cache.key == key:
        return cache
    free = unallied(t, s)
    props: list[tuple[int, int]] = []
    if fr.single(t):
        c = free[0]
        props.append((c, EMPTY))
        if not s.options.get("seventh_disc_on_7"):
            props.append((EMPTY, c))
    else:
        props = [(a, b) for a in free for b in free if a != b]
    model = AuctionModel(lk.ev, lk.p.auction)
    vals = model.proposals(props, lk.rng)
    cache.key = key
    cache.props = props
    cache.ids = [f"propose:{t.countries[a] if a >= 0 else '-'}:"
                 f"{t.countries[b] if b >= 0 else '-'}" for a, b in props]
    cache.vals = vals
    return cache


def proposal_scores(lk: Look, d: Decision, cache: AuctionCache) -> Scored:
    c = _auction_values(lk, cache)
    by_id = {pid: v[lk.me] for pid, v in zip(c.ids, c.vals, strict=True)}
    return [(ch.id, by_id.get(ch.id, float("-inf"))) for ch in d.choices]


def max_bid(lk: Look, cache: AuctionCache) -> int:
    """The most this seat pays to win the phase: what its best proposal is worth over what
    the others would propose (each by its own standing), in gold, less gold kept back."""
    c = _auction_values(lk, cache)
    me = lk.me
    mine = [v[me] for v in c.vals]
    best = max(mine)
    lose = []
    for j in range(lk.s.n):
        if j == me:
            continue
        k = max(range(len(c.vals)), key=lambda i: c.vals[i][j])
        lose.append(mine[k])
    worth = best - (sum(lose) / len(lose) if lose else best)
    gv = lk.ev.ph.gold_value
    if gv <= 0:
        return 0
    p = lk.player
    keep = lk.p.bid_keep if lk.s.turn < lk.t.turns else lk.p.bid_keep // 2
    top = min(int(worth * lk.p.bid_scale / gv), int(p.gold) - keep)
    return max(0, top)


def bid_scores(lk: Look, d: Decision, cache: AuctionCache) -> Scored:
    top = max_bid(lk, cache)
    out: Scored = []
    bids = [c for c in d.choices if c.id != "pass"]
    low = min((c.data for c in bids), default=0)
    for c in d.choices:
        if c.id == "pass":
            out.append((c.id, 0.0))
        else:
            amount = int(c.data)
            # the lowest bid within what winning is worth; above it, worse the higher
            if amount <= top:
                out.append((c.id, 1.0 - 0.01 * (amount - low)))
            else:
                out.append((c.id, -1.0 - 0.01 * amount))
    return out


# --- the small decisions ------------------------------------------------------------------------


def retrieve_scores(lk: Look, d: Decision) -> Scored:
    return [(c.id, card_strength(lk.t, c.data, 1.0)) for c in d.choices]


def convert_card_scores(lk: Look, d: Decision) -> Scored:
    t = lk.t
    return [(c.id, -card_strength(t, c.data) + 0.01 * t.cards[c.data].cost) for c in d.choices]


def trade_scores(lk: Look, d: Decision) -> Scored:
    s = lk.s
    return [(c.id, float(s.discs[c.data][lk.player.country])) for c in d.choices]


def country_scores(lk: Look, d: Decision) -> Scored:
    t = lk.t
    out = []
    for c in d.choices:
        cards = t.country_cards[c.data]
        out.append((c.id, sum(card_strength(t, x, 0.7) for x in cards)))
    return out


def scores(lk: Look, d: Decision, cache: AuctionCache) -> Scored:
    """Every choice of `d` with its score (higher is better)."""
    k = d.kind
    if k in ("attack", "second_attack"):
        return attack_scores(lk, d)
    if k == "attack_card":
        return attack_card_scores(lk, d)
    if k == "defence_card":
        return defence_scores(lk, d)
    if k == "ally":
        return ally_scores(lk, d)
    if k == "buy_npc":
        return npc_scores(lk, d)
    if k == "reserves":
        return reserves_scores(lk, d)
    if k == "box":
        return box_scores(lk, d)
    if k == "bid":
        return bid_scores(lk, d, cache)
    if k == "proposal":
        return proposal_scores(lk, d, cache)
    if k == "retrieve":
        return retrieve_scores(lk, d)
    if k == "convert_card":
        return convert_card_scores(lk, d)
    if k == "trade_area":
        return trade_scores(lk, d)
    if k == "country":
        return country_scores(lk, d)
    return [(c.id, 0.0) for c in d.choices]


def best(scored: Scored, rng: Rng, choices: tuple[Choice, ...]) -> str:
    """The best-scored choice; ties broken by the seeded RNG."""
    if not scored:
        return choices[0].id
    top = max(v for _, v in scored)
    ties = [cid for cid, v in scored if v >= top - 1e-9]
    return ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]

"""The hard bot: the normal policy's best few choices, each played out on several guesses of
what the seat cannot see, and the one with the best outcome taken.

At a searched decision (the box, the attack actions, the attack card: where one choice shapes
the rest of the turn) the bot:
1. scores every choice with its policy (engine.aor.bots.policy) and keeps the `width` best;
2. rebuilds `samples` games from its view (the kernel's resampling, GameDefinition.resample:
   other hands, discard piles, face-down cards, the bag and the dice are guessed from seeds;
   the real hidden state is never read), the same guesses for every candidate so that they
   are compared on equal terms (common random numbers: the same dice where play agrees);
3. plays each candidate on each guess to the end of the turn (its scoring and unrest rolls,
   R11) or until the rollout's share of the node budget is spent, every seat choosing by the
   rollout policy (engine.aor.bots.levels: the normal policy), and values the position
   reached by the seat's standing (engine.aor.bots.evaluate); with `later`, a box whose worth
   lies in the attacks of the steps still to come (a combat bonus, Reserves, War Office: R6.5)
   keeps the policy's value of the steps the rollout did not reach (a variant, measured in
   the README: off in the level);
4. takes the candidate with the best mean, unless it beats the policy's own choice by less
   than `margin` (noise).

Work is bounded by nodes (decisions played in rollouts), never by the clock: a seed and a
budget give the same choice on any machine. A CPU-time cap (the thread's CPU time) is only a
safety net; `cap_fired` counts the searches it cut short.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.aor import events as ev
from engine.aor.actions import ActionsFrame, segments
from engine.aor.bots import combat_model as cm
from engine.aor.bots import odds, policy
from engine.aor.bots.evaluate import Evaluator, Weights, expected_rolls
from engine.aor.bots.player import PolicyBot, matches, rebuild
from engine.aor.bots.policy import lasting_box
from engine.aor.combat import new_combat
from engine.aor.game import Game
from engine.aor.state import State
from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state


@dataclass(frozen=True, slots=True)
class SearchParams:
    kinds: frozenset[str] = frozenset({"box", "attack", "second_attack", "attack_card"})
    width: int = 4  # candidates played out (the policy's best)
    samples: int = 3  # guesses of the hidden parts, the same for every candidate
    horizon: int = 20  # decisions a rollout plays (at most: the turn's end stops it)
    max_nodes: int = 240  # decisions played in all rollouts of one search
    auction_nodes: int = 240  # ... of a search in the auction (bids, proposals)
    margin: float = 0.0  # a candidate must beat the policy's choice by this
    luck: bool = True  # take the dice's luck out of rollout values (control variates)
    later: bool = False  # a box's worth in the steps a rollout did not reach (BoxLater)
    time_cap: float = 6.0  # CPU seconds per search: a safety net, never the budget
    rollout: policy.Params = field(default_factory=policy.Params)


class Rollout:
    """Plays every seat of a rebuilt game by a policy (each seat by what it may know)."""

    def __init__(self, p: policy.Params, seed: int, n: int) -> None:
        self.p = p
        self.rng = Rng(seed_state(seed))
        self.caches = [policy.AuctionCache() for _ in range(n)]

    def choose(self, g: Game) -> str:
        d = g.pending
        assert d is not None
        if len(d.choices) == 1:
            return d.choices[0].id
        lk = policy.Look(g, d.seat, self.p, self.rng)
        return policy.best(policy.scores(lk, d, self.caches[d.seat]), self.rng, d.choices)


AUCTION_KINDS = frozenset({"bid", "proposal"})


def turn_over(events: list[Any]) -> bool:
    return any(isinstance(e, ev.TurnEnded | ev.GameOver) for e in events)


class SearchBot(PolicyBot):
    """hard: the policy, then rollouts of its best choices at the searched decisions."""

    def __init__(self, seed: int, level: str, params: policy.Params, search: SearchParams,
                 salt: int = 0x4A2D, clock: Callable[[], float] = time.thread_time) -> None:
        super().__init__(seed, level, params, salt)
        self.sp = search
        self._clock = clock
        self.searches = 0
        self.overruled = 0  # searches whose choice differed from the policy's

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        first, scored = self.policy_choice(view, decision)
        if view is None or scored is None or decision.kind not in self.sp.kinds:
            return first
        ranked = sorted(scored, key=lambda x: -x[1])
        cands = [first] + [cid for cid, _ in ranked if cid != first][: self.sp.width - 1]
        if len(cands) < 2:
            return first
        pick = self.search(view, decision, cands, dict(scored))
        self.searches += 1
        if pick != first:
            self.overruled += 1
        return pick

    # --- the search ------------------------------------------------------------------------

    def search(self, view: Mapping[str, Any], d: Decision, cands: list[str],
               scores: Mapping[str, float] | None = None) -> str:
        sp = self.sp
        t0 = self._clock()
        seeds = [self._rng.below(1 << 62) for _ in range(sp.samples)]
        games = []
        for sd in seeds:
            g = rebuild(view, sd)
            if matches(g, d):
                games.append((g, sd))
        if not games:
            return cands[0]
        later = box_later_values(games[0][0], d, cands, scores or {}, self.p) if sp.later else {}
        # every rollout gets an equal share of the budget (the candidate's own choice counts)
        budget = sp.auction_nodes if d.kind in AUCTION_KINDS else sp.max_nodes
        per = min(sp.horizon, max(1, budget // (len(cands) * len(games))))
        rows: list[list[float]] = []  # per guess, every candidate's value
        for g0, sd in games:
            row = []
            for cid in cands:
                if self._clock() - t0 > sp.time_cap:
                    break
                row.append(self.rollout(g0.clone(), cid, d.seat, per, sd, later.get(cid)))
            if len(row) < len(cands):  # cut short: a guess played for some candidates only
                self.cap_fired += 1     # does not count
                break
            rows.append(row)
        if not rows:
            return cands[0]
        means = [sum(r[i] for r in rows) / len(rows) for i in range(len(cands))]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        if best != 0 and means[best] - means[0] < sp.margin:
            return cands[0]
        return cands[best]

    def rollout(self, g: Game, cid: str, seat: int, nodes: int, seed: int,
                later: BoxLater | None = None) -> float:
        """Play `cid` then the rollout policy for everyone to the end of the turn (or `nodes`
        decisions); the seat's standing there, less the luck of the dice on the way (with
        `luck`: every combat's outcome against its expectation once the cards are known,
        every unrest roll against its expected loss), which has nothing to do with the
        candidate and would only hide the difference between candidates; with `later` (a
        box searched), the box's worth in the steps the rollout did not reach."""
        r = Rollout(self.sp.rollout, seed ^ 0x5EA5, g.state.n)
        luck = 0.0
        unrest = [0.0] * g.state.n
        choice = cid
        steps = 0
        while True:
            # the state before the choice: a combat it resolves is valued from here
            pre = g.state.clone() if self.sp.luck else None
            events = g.choose(choice)
            steps += 1
            if self.sp.luck:
                for e in events:
                    if isinstance(e, ev.CombatResolved) and pre is not None:
                        luck += combat_luck(g, pre, e, seat, self.p.weights)
                    elif isinstance(e, ev.UnrestRolled):
                        unrest[e.seat] += e.lost - expected_rolls(e.unrest, g.t.die_faces)
            if turn_over(events) or g.pending is None or steps >= nodes:
                break
            choice = r.choose(g)
        self.nodes += steps
        fin = Evaluator(g.t, g.state, seat, self.p.weights)
        proj = [v + x for v, x in zip(fin.proj, unrest, strict=True)]  # rolls lost back
        rest = later.rest(g, seat) if later is not None else 0.0
        return fin.rel(proj, seat) - luck + rest


@dataclass(frozen=True, slots=True)
class BoxLater:
    """A box whose worth lies in the seat's attacks to come (R6.5: a combat bonus, Reserves,
    War Office), as the policy valued it when taken: `value` over `steps` action steps (the
    current one first), the first step's attacks counting most (`decay` for each further
    one, as engine.aor.bots.policy weighs them)."""

    value: float
    steps: int
    decay: float = 0.6

    def rest(self, g: Game, seat: int) -> float:
        """The part of `value` in the steps a rollout ending at `g` did not reach."""
        left = steps_to_come(g, seat)
        if left <= 0 or self.value <= 0 or self.steps <= 0:
            return 0.0
        left = min(left, self.steps)
        weights = [self.decay ** i for i in range(self.steps)]
        return self.value * sum(weights[self.steps - left:]) / sum(weights)


def steps_to_come(g: Game, seat: int) -> int:
    """The seat's action steps this turn in which it has not yet attacked (R3.3, R6)."""
    s = g.state
    if s.step != "actions" or s.segment <= 0:
        return 0
    fr = next((f for f in reversed(s.stack) if isinstance(f, ActionsFrame)), None)
    if fr is None:
        return 0
    later = segments(g.t, s.n) - s.segment
    pos = fr.order.index(seat) if seat in fr.order else -1
    if pos > fr.idx or (pos == fr.idx and fr.made == 0):
        return later + 1
    return later


def box_later_values(g: Game, d: Decision, cands: list[str], scores: Mapping[str, float],
                     p: policy.Params) -> dict[str, BoxLater]:
    """For a box decision: each candidate box that pays in attacks to come, with the policy's
    value of it less its cost (the rest of the candidates pay at once: nothing later)."""
    if d.kind != "box":
        return {}
    t = g.t
    lk = policy.Look(g, d.seat, p, Rng(seed_state(0)))
    steps = lk.steps_left()
    out: dict[str, BoxLater] = {}
    by_id = {c.id: c for c in d.choices}
    for cid in cands:
        c = by_id.get(cid)
        if c is None or cid not in scores or not isinstance(c.data, str):
            continue
        box = t.box_by_id.get(t.space_box.get(c.data, ""))
        if box is None or not lasting_box(box):
            continue
        out[cid] = BoxLater(scores[cid] - lk.pay(box.cost), steps)
    return out


def combat_luck(g: Game, pre: State, e: ev.CombatResolved, seat: int, w: Weights) -> float:
    """How much better the combat ended for `seat` than its cards and allies made likely:
    the value of the result's margin class less its expectation over the dice (R8.5)."""
    t = g.t
    a_dice = sum(x.value for x in e.attacker_terms if x.kind == "dice")
    d_terms = [x.value for x in e.defender_terms if x.kind == "dice"]
    fixed = (e.attacker_strength - a_dice) - (e.defender_strength - sum(d_terms))
    dist = odds.shift(odds.dice_margin(t.die_faces, True, bool(d_terms)), fixed)
    cls = odds.classes(dist)
    fr = new_combat(t, pre, e.attacker, t.area_index[e.area], e.defender_country, e.marker)
    values = cm.outcome_values(Evaluator(t, pre, seat, w), fr, seat)
    m = e.attacker_strength - e.defender_strength
    k = 0 if m >= 3 else 6 if m <= -3 else 3 - m
    return values[k] - cm.expected(cls, values)

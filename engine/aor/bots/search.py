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
   rollout policy (the normal policy, cheaper settings), and values the position reached by
   the seat's standing (engine.aor.bots.evaluate);
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
from engine.aor.bots import combat_model as cm
from engine.aor.bots import odds, policy
from engine.aor.bots.evaluate import Evaluator, Weights, expected_rolls
from engine.aor.bots.player import PolicyBot, matches, rebuild
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
        pick = self.search(view, decision, cands)
        self.searches += 1
        if pick != first:
            self.overruled += 1
        return pick

    # --- the search ------------------------------------------------------------------------

    def search(self, view: Mapping[str, Any], d: Decision, cands: list[str]) -> str:
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
        # every rollout gets an equal share of the budget (the candidate's own choice counts)
        budget = sp.auction_nodes if d.kind in AUCTION_KINDS else sp.max_nodes
        per = min(sp.horizon, max(1, budget // (len(cands) * len(games))))
        rows: list[list[float]] = []  # per guess, every candidate's value
        for g0, sd in games:
            row = []
            for cid in cands:
                if self._clock() - t0 > sp.time_cap:
                    break
                row.append(self.rollout(g0.clone(), cid, d.seat, per, sd))
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

    def rollout(self, g: Game, cid: str, seat: int, nodes: int, seed: int) -> float:
        """Play `cid` then the rollout policy for everyone to the end of the turn (or `nodes`
        decisions); the seat's standing there, less the luck of the dice on the way (with
        `luck`: every combat's outcome against its expectation once the cards are known,
        every unrest roll against its expected loss), which has nothing to do with the
        candidate and would only hide the difference between candidates."""
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
        return fin.rel(proj, seat) - luck


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

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
from engine.aor.bots import policy
from engine.aor.bots.evaluate import Evaluator
from engine.aor.bots.player import PolicyBot, matches, rebuild, safe_choice
from engine.aor.game import Game
from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state


@dataclass(frozen=True, slots=True)
class SearchParams:
    kinds: frozenset[str] = frozenset({"box", "attack", "second_attack", "attack_card"})
    width: int = 3  # candidates played out (the policy's best)
    samples: int = 4  # guesses of the hidden parts, the same for every candidate
    max_nodes: int = 2400  # decisions played in all rollouts of one search
    margin: float = 0.0  # a candidate must beat the policy's choice by this
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
        choices = decision.choices
        if len(choices) == 1:
            return choices[0].id
        if view is None:
            return safe_choice(decision)
        lk = self.look(view, decision)
        if lk is None:
            return safe_choice(decision)
        scored = policy.scores(lk, decision, self.cache)
        first = policy.best(scored, self._rng, choices)
        if decision.kind not in self.sp.kinds:
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
        per = max(1, sp.max_nodes // (len(cands) * len(games)))
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
        decisions); the seat's standing there."""
        r = Rollout(self.sp.rollout, seed ^ 0x5EA5, g.state.n)
        events = g.choose(cid)
        steps = 1
        while not turn_over(events) and g.pending is not None and steps < nodes:
            events = g.choose(r.choose(g))
            steps += 1
        self.nodes += steps
        e = Evaluator(g.t, g.state, seat, self.p.weights)
        return e.rel(e.proj, seat)

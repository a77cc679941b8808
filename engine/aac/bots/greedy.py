"""The easy bot: greedy on one decision with a simple evaluation.

It rebuilds a game from its view (engine.aac.bots.determinize), tries each legal choice on a clone,
scores the position right after it with SIMPLE_WEIGHTS and takes the best (seeded tie-breaks).
Choices that do nothing ("end", "done", "skip"...) carry a small penalty so it keeps acting.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.aac.bots.determinize import game_from_view
from engine.aac.bots.evaluate import SIMPLE_WEIGHTS, evaluate, stalled_weights
from engine.aac.bots.guard import PASSIVE_IDS, StallWatch, TurnBudget, passive, useful
from engine.aac.bots.progress import ProgressGuard, null_choice
from engine.aac.game import Game
from engine.kernel.decisions import Choice, Decision
from engine.kernel.rng import Rng, seed_state

__all__ = ["PASSIVE_IDS", "GreedyBot", "matches", "sample_choices"]

MAX_CHOICES = 24
# follow-up choices worth a look one decision further (see GreedyBot.look_ahead)
LOOK_AHEAD = frozenset({"folklore:prime", "folklore:place"})


def sample_choices(choices: tuple[Choice, ...], cap: int, rng: Rng) -> list[Choice]:
    """All useful choices (engine.aac.bots.guard), or a seeded sample of `cap` of them (passive
    choices always kept)."""
    choices = tuple(useful(choices))
    if len(choices) <= cap:
        return list(choices)
    keep = [c for c in choices if c.id in PASSIVE_IDS]
    rest = [c for c in choices if c.id not in PASSIVE_IDS]
    rng.shuffle(rest)
    out = keep + rest[: max(1, cap - len(keep))]
    order = {c.id: i for i, c in enumerate(choices)}
    out.sort(key=lambda c: order[c.id])
    return out


def matches(g: Game, decision: Decision) -> bool:
    d = g.pending
    return d is not None and d.seat == decision.seat and d.ids() == decision.ids()


class GreedyBot:
    name = "easy"

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None) -> None:
        self._rng = Rng(seed_state(seed ^ 0xEA5E))
        self.weights = dict(weights or SIMPLE_WEIGHTS)
        self.passive_penalty = 0.5
        # a choice whose follow-up decision for the seat offers one of these is valued by the
        # best of that decision: a Recharge option shows its worth only in the choice that
        # follows (prime an Artifact instead, R8.2), character movement in the placement it
        # allows (R26.3.1, R26.3.6)
        self.look_ahead: frozenset[str] = LOOK_AHEAD
        self.budget = TurnBudget()
        self.watch = StallWatch()
        self.progress = ProgressGuard()

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        choices = decision.choices
        if self.budget.tick(view) and (pc := passive(choices)) is not None:
            return pc.id
        pushing = self.progress.pushing(view)
        if len(choices) == 1 or view is None:
            return choices[self._rng.below(len(choices))].id
        g = game_from_view(view, self._rng.below(1 << 62))
        if not matches(g, decision):  # should not happen; stay legal regardless
            return choices[self._rng.below(len(choices))].id
        seat = decision.seat
        w = stalled_weights(self.weights) if self.watch.stalled(view) else self.weights
        if pushing:  # the table has not progressed for a while (engine.aac.bots.progress)
            return self.progress.choose(g, decision, lambda g2, k: self._value(g2, k, w))
        best: list[str] = []
        best_v = float("-inf")
        stack = len(g.state.stack)
        for c in sample_choices(choices, MAX_CHOICES, self._rng):
            g2 = g.clone()
            events = g2.choose(c.id)
            v = self._value(g2, seat, w)
            if c.id in PASSIVE_IDS or null_choice(c, events, stack, g2, seat):
                v -= self.passive_penalty
            if v > best_v + 1e-9:
                best_v = v
                best = [c.id]
            elif abs(v - best_v) <= 1e-9:
                best.append(c.id)
        return best[self._rng.below(len(best))]

    def _value(self, g: Game, seat: int, w: dict[str, float]) -> float:
        """The position's value, or the best of the seat's follow-up decision when it offers
        a `look_ahead` choice."""
        d = g.pending
        if (d is None or d.seat != seat or not self.look_ahead
                or not any(c.id in self.look_ahead for c in d.choices)):
            return evaluate(g.state, g.rules, seat, w)
        best = float("-inf")
        for c in d.choices:
            g2 = g.clone()
            g2.choose(c.id)
            best = max(best, evaluate(g2.state, g2.rules, seat, w))
        return best

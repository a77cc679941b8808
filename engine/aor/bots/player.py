"""The policy bots (easy, normal): each decision from the seat's view alone.

A bot is handed `game.view(seat)` and the decision. It rebuilds a playable game from the view
(the kernel's determinization, `GameDefinition.resample`: hands, discard piles, committed
cards and the bag order filled in from its own seed, engine.aor.hidden), checks that the
rebuilt game asks the same decision, and scores every choice with its level's policy
(engine.aor.bots.policy), which reads of other seats only what the view shows. Ties are
broken by its seeded RNG: a seed and a view always give the same choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.aor.bots import policy
from engine.aor.game import Game
from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state

# choices a bot falls back on when its rebuilt game does not ask the same question (never
# seen; counted in `mismatches`)
SAFE = ("pass", "box:none", "attack:none", "keep")


def rebuild(view: Mapping[str, Any], seed: int) -> Game:
    """A playable game consistent with `view` (the kernel's resampling of the hidden parts)."""
    g = Game.definition.resample(view, seed)
    assert isinstance(g, Game)
    return g


def matches(g: Game, d: Decision) -> bool:
    p = g.pending
    return p is not None and p.seat == d.seat and p.kind == d.kind and p.ids() == d.ids()


def safe_choice(d: Decision) -> str:
    ids = d.ids()
    for cid in SAFE:
        if cid in ids:
            return cid
    return ids[0]


class PolicyBot:
    """easy and normal: the level's policy on one rebuilt game per decision."""

    def __init__(self, seed: int, level: str, params: policy.Params, salt: int) -> None:
        self.name = level
        self.p = params
        self._rng = Rng(seed_state(seed ^ salt))
        self.cache = policy.AuctionCache()
        self.cap_fired = 0  # no search, no cap: kept for the tournament's bot stats
        self.mismatches = 0
        self.nodes = 0

    def look(self, view: Mapping[str, Any], d: Decision) -> policy.Look | None:
        g = rebuild(view, self._rng.below(1 << 62))
        if not matches(g, d):
            self.mismatches += 1
            return None
        return policy.Look(g, d.seat, self.p, self._rng)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return self.policy_choice(view, decision)[0]

    def policy_choice(self, view: Mapping[str, Any] | None,
                      decision: Decision) -> tuple[str, list[tuple[str, float]] | None]:
        """The policy's choice and every choice's score (None when there was nothing to
        weigh: one choice, no view, or a view the game could not be rebuilt from)."""
        choices = decision.choices
        if len(choices) == 1:
            return choices[0].id, None
        if view is None:
            return safe_choice(decision), None
        lk = self.look(view, decision)
        if lk is None:
            return safe_choice(decision), None
        scored = policy.scores(lk, decision, self.cache)
        return policy.best(scored, self._rng, choices), scored

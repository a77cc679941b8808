"""The expert bot: information-set Monte Carlo tree search across turns.

Where the planner (engine.aac.bots.planner) searches the seat's own turn wide and looks at the
opponents' replies only for a few finished candidates, this search goes deep: the bot's own
turn, the other seats' replies and the bot's next turn, under the hidden information.

One search answers one decision of the seat, from its view only:
- every iteration samples a determinization: a game rebuilt from the seat's view with the
  hidden parts (the face-down supply order, the RNG, other seats' secret loading) filled in
  from a new seed (engine.aac.bots.determinize.game_from_view); the real hidden state is
  never read;
- one tree, keyed by the choices made from the root, is shared by all determinizations (the
  information set); a node holds the statistics of whoever decides there, so the other
  seats' replies are searched for their own good (each seat maximizes its own evaluation);
- selection by UCB with availability counts (a choice that the determinization at hand does
  not offer is not counted against), and progressive widening: a node opens its choices one
  at a time as its visits grow, best first by a cheap one-step prior (the deciding seat's
  evaluation after the choice; a choice that does nothing, engine.aac.bots.progress, ranked
  last);
- one node is added per iteration; the playout then follows a greedy policy for every seat
  and is cut at the end of the bot's next turn (or when the game ends), scored for every seat
  by the evaluation (engine.aac.bots.evaluate.evaluate);
- the answer is the most visited root choice (one that does nothing only if nothing else was
  searched). The most visited line of the seat's own choices in the rest of its turn is kept
  as a plan and followed while the table stays exactly as planned (as the planner does).

Budgets are counted in iterations (a seed and a budget give the same choices on any machine);
a CPU-time cap (the thread's CPU time, never the wall clock) is only a safety net, counted in
`cap_fired`. Search games keep no undo snapshots nor score notes. The progress guard, the
stall watch and the per-turn decision budget are the planner's (engine.aac.bots.progress,
engine.aac.bots.guard), so the bot never passes forever.

Measured (bench/expert_match.py --seed 5, 2 players, 120 iterations, a loaded 2-core machine,
12 games each, seat order alternating): expert-hard 7-5 (58%, 95% 32-81%), expert-normal 6-6
(50%, 25-75%): not yet shown stronger. One search: median 0.30 CPU s, p99 0.51 s. Its play
differs: ~13.5 Actions turns a game to hard's 5, Patron Token uses 2.3 to 6.5, energy lost 4 to
16, bridges ~1 and conduits ~1.4 a game (hard: 0).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.aac import events as ev
from engine.aac.bots.determinize import game_from_view
from engine.aac.bots.evaluate import STRONG_WEIGHTS, evaluate, stalled_weights
from engine.aac.bots.greedy import matches, sample_choices
from engine.aac.bots.guard import PASSIVE_IDS, StallWatch, TurnBudget, passive, useful
from engine.aac.bots.progress import ProgressGuard, null_choice
from engine.aac.game import Game
from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state

__all__ = ["EXPERT", "EXPERT_SECONDS", "IsmctsBot", "Params", "horizon"]

NULL_PENALTY = 0.5  # prior: a choice that does nothing (engine.aac.bots.progress.null_choice)
PASSIVE_PENALTY = 0.05  # prior: a passive choice ("End your turn", "Skip", ...)


@dataclass
class Params:
    iterations: int = 120  # tree iterations per search (the budget)
    widen_c: float = 1.0  # progressive widening: a node opens 1 + widen_c * visits**widen_a
    widen_a: float = 0.5  # of its choices (best prior first)
    explore: float = 0.6  # the UCB constant (rewards normalized to [0, 1] per search)
    prior_width: int = 12  # choices scored for a node's prior (a seeded sample beyond)
    playout_width: int = 2  # choices tried per playout decision (greedy for that seat)
    next_turn: bool = True  # cut at the end of the bot's next turn (else at its start)
    max_steps: int = 120  # decisions per iteration (tree and playout), a bound only
    plan_visits: int = 12  # a planned own choice must have been visited this often
    # CPU seconds per search, a safety net only (the iteration budget decides)
    time_cap: float = 6.0
    weights: dict[str, float] = field(default_factory=lambda: dict(STRONG_WEIGHTS))


EXPERT = Params()
# the median CPU seconds of one expert search, measured in tournaments (shown to the player)
EXPERT_SECONDS = 0.3


class TreeNode:
    """The statistics of one node of the information-set tree (whoever decides there)."""

    __slots__ = ("seat", "order", "visits", "kids", "n", "total", "avail")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.order: list[str] = []  # choice ids, best prior first (grows with new ones seen)
        self.visits = 0
        self.kids: dict[str, TreeNode] = {}
        self.n: dict[str, int] = {}  # visits per choice
        self.total: dict[str, float] = {}  # summed reward per choice, for `seat`
        self.avail: dict[str, int] = {}  # how often the choice was on offer when selecting


def horizon(g: Game, seat: int, next_turn: bool) -> int:
    """How many turn starts from `g` until the search stops: at the start of the seat's next
    turn, or (`next_turn`) at its end."""
    n = g.state.n
    k = (seat - g.state.active) % n or n
    return k + (1 if next_turn else 0)


class IsmctsBot:
    def __init__(self, seed: int = 0, level: str = "expert", params: Params | None = None,
                 clock: Callable[[], float] = time.thread_time) -> None:
        self.name = level
        self.p = params or Params(**{**EXPERT.__dict__, "weights": dict(EXPERT.weights)})
        self._rng = Rng(seed_state(seed ^ 0x15C7))
        self._w = self.p.weights
        self._clock = clock
        self._plan: list[str] = []
        self._plan_fps: list[tuple[Any, ...]] = []
        self.budget = TurnBudget()
        self.watch = StallWatch()
        self.progress = ProgressGuard()
        self.plans = 0  # searches run
        self.iterations = 0  # tree iterations in all
        self.cap_fired = 0  # searches the CPU-time safety cap cut short
        self.cpu: list[float] = []  # CPU seconds of each search (for the figures)

    # --- interface ---------------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        choices = decision.choices
        if self.budget.tick(view) and (pc := passive(choices)) is not None:
            self._plan, self._plan_fps = [], []
            return pc.id
        w = stalled_weights(self.p.weights) if self.watch.stalled(view) else self.p.weights
        if w is not self._w and w != self._w:
            self._plan, self._plan_fps = [], []
        self._w = w
        pushing = self.progress.pushing(view)
        if len(choices) == 1 or view is None:
            return choices[self._rng.below(len(choices))].id
        fp = (view, tuple(decision.ids()))
        if not pushing and self._plan and self._plan_fps and self._plan_fps[0] == fp:
            self._plan_fps.pop(0)
            return self._plan.pop(0)
        self._plan, self._plan_fps = [], []
        g = game_from_view(view, self._rng.below(1 << 62))
        if not matches(g, decision):
            return choices[self._rng.below(len(choices))].id
        if pushing:  # the table has not progressed for a while (engine.aac.bots.progress)
            return self.progress.choose(g, decision, self._value)
        cid, self._plan, self._plan_fps = self._search(view, g, decision.seat)
        return cid

    # --- evaluation and policies -------------------------------------------------------------

    def _value(self, g: Game, seat: int) -> float:
        return evaluate(g.state, g.rules, seat, self._w)

    def _rewards(self, g: Game) -> list[float]:
        return [self._value(g, k) for k in range(g.state.n)]

    def _scored(self, g: Game, width: int) -> list[tuple[float, str, bool]]:
        """The deciding seat's one-step values of (a sample of `width` of) its choices, best
        first: (value, choice id, does nothing)."""
        d = g.pending
        assert d is not None
        stack = len(g.state.stack)
        out: list[tuple[float, str, bool]] = []
        for c in sample_choices(d.choices, width, self._rng):
            g2 = g.clone()
            events = g2.choose(c.id)
            nothing = null_choice(c, events, stack, g2, d.seat)
            v = self._value(g2, d.seat) - (PASSIVE_PENALTY if c.id in PASSIVE_IDS else 0.0)
            if nothing:
                v -= NULL_PENALTY
            out.append((v, c.id, nothing))
        out.sort(key=lambda t: -t[0])
        return out

    def _greedy(self, g: Game) -> str:
        return self._scored(g, self.p.playout_width)[0][1]

    # --- search ------------------------------------------------------------------------------

    def _search(self, view: Mapping[str, Any], root_game: Game, seat: int
                ) -> tuple[str, list[str], list[tuple[Any, ...]]]:
        t0 = self._clock()
        p = self.p
        root = TreeNode(seat)
        scored = self._scored(root_game, p.prior_width)
        root.order = [cid for _, cid, _ in scored]
        nulls = {cid for _, cid, nothing in scored if nothing}
        lo, hi = [math.inf], [-math.inf]
        capped = False
        done = 0
        want = root_game.pending
        assert want is not None
        for it in range(p.iterations):
            if self._clock() - t0 > p.time_cap:
                capped = True
                break
            g = root_game.clone() if it == 0 else game_from_view(view, self._rng.below(1 << 62))
            if not matches(g, want):
                continue
            self._iterate(g, root, seat, lo, hi)
            done += 1
        if capped:
            self.cap_fired += 1
        self.plans += 1
        self.iterations += done
        pick = self._best(root, nulls) or root.order[0]
        plan, fps = self._line(root, root_game, seat, pick)
        self.cpu.append(self._clock() - t0)
        return pick, plan, fps

    def _best(self, node: TreeNode, avoid: set[str]) -> str | None:
        """The most visited choice (mean reward breaking ties), one in `avoid` only if no
        other was visited."""
        seen = [c for c in node.order if node.n.get(c, 0) > 0]
        pool = [c for c in seen if c not in avoid] or seen
        if not pool:
            return None
        return max(pool, key=lambda c: (node.n[c], node.total[c] / node.n[c]))

    def _select(self, node: TreeNode, g: Game, lo: float, hi: float) -> tuple[str, bool]:
        """The choice to follow at `node` in game `g` and whether it is a new one (expand)."""
        d = g.pending
        assert d is not None
        legal = {c.id for c in useful(d.choices)}
        if not node.order:
            node.order = [cid for _, cid, _ in self._scored(g, self.p.prior_width)]
        for cid in sorted(legal - set(node.order)):  # offered here, not in the first sample
            node.order.append(cid)
        width = 1 + int(self.p.widen_c * node.visits ** self.p.widen_a)
        cands = [c for c in node.order if c in legal][:width]
        if not cands:
            cands = [d.choices[0].id]
        for c in cands:
            node.avail[c] = node.avail.get(c, 0) + 1
        for c in cands:
            if node.n.get(c, 0) == 0:
                return c, True
        span = hi - lo if hi > lo else 1.0
        best, best_u = cands[0], -math.inf
        for c in cands:
            n = node.n[c]
            q = (node.total[c] / n - lo) / span
            u = q + self.p.explore * math.sqrt(math.log(max(1, node.avail[c])) / n)
            if u > best_u:
                best, best_u = c, u
        return best, False

    def _iterate(self, g: Game, root: TreeNode, seat: int, lo: list[float],
                 hi: list[float]) -> None:
        stop = horizon(g, seat, self.p.next_turn)
        starts = 0
        path: list[tuple[TreeNode, str]] = []
        node: TreeNode | None = root
        steps = 0
        while not g.state.over and g.pending is not None and starts < stop:
            if steps >= self.p.max_steps:
                break
            d = g.pending
            if node is not None and len(d.choices) > 1:
                if node.seat == -1:
                    node.seat = d.seat  # a new node belongs to whoever decides first there
                elif node.seat != d.seat:
                    node = None  # this determinization left the tree's course: play out
            if len(d.choices) == 1:
                cid = d.choices[0].id
            elif node is not None:
                cid, new = self._select(node, g, lo[0], hi[0])
                path.append((node, cid))
                child = node.kids.setdefault(cid, TreeNode(-1))
                node = None if new else child  # one node added per iteration, then a playout
            else:
                cid = self._greedy(g)
            events = g.choose(cid)
            steps += 1
            starts += sum(1 for e in events if isinstance(e, ev.TurnStarted))
        rewards = self._rewards(g)
        for r in rewards:
            lo[0], hi[0] = min(lo[0], r), max(hi[0], r)
        for nd, cid in path:
            nd.visits += 1
            nd.n[cid] = nd.n.get(cid, 0) + 1
            nd.total[cid] = nd.total.get(cid, 0.0) + rewards[nd.seat]

    def _line(self, root: TreeNode, g0: Game, seat: int, pick: str
              ) -> tuple[list[str], list[tuple[Any, ...]]]:
        """The seat's own most visited choices after `pick` in the rest of its turn (each
        visited at least `plan_visits` times), with the view and decision they expect."""
        g = g0.clone()
        events = g.choose(pick)
        node = root.kids.get(pick)
        plan: list[str] = []
        fps: list[tuple[Any, ...]] = []
        while node is not None and not any(isinstance(e, ev.TurnStarted) for e in events):
            d = g.pending
            if d is None or g.state.over or d.seat != seat or node.seat != seat:
                break
            if len(d.choices) == 1:
                cid: str | None = d.choices[0].id
            else:
                cid = self._best(node, set())
                if cid is None or node.n[cid] < self.p.plan_visits or cid not in d.ids():
                    break
                fps.append((g.view(seat), tuple(d.ids())))
                plan.append(cid)
            assert cid is not None
            events = g.choose(cid)
            node = node.kids.get(cid) if len(d.choices) > 1 else node
        return plan, fps

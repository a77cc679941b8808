"""Turn-planning bots: normal and hard.

normal: on its turn, a beam search over whole turn sequences (every decision the seat makes
until the next TurnStarted: Advance pushes and loads, or Actions with their deploys, moves,
claims; then end-of-turn resolutions), scoring the resulting positions with STRONG_WEIGHTS.
Decisions other seats make inside the turn (interest, resolution participants) follow a
one-step greedy policy for that seat. The best sequence is cached and followed while the game
stays on the planned course; any deviation (e.g. a hidden tile drawn) triggers a new plan.

hard: normal with a wider beam, then for its best candidate end-of-turn positions it plays out
the opponents' next turns (each a greedy turn for that seat, on a determinized supply) and
picks the candidate whose position is best after those replies. It scores with HARD_WEIGHTS
(engine.aac.bots.evaluate), and its own choices pay their `choice_cost` (the Patron Token).

expert: hard with a bigger budget (issue 16: depth, not width). A wider beam, more candidates,
and each candidate played on across turns: every opponent's reply is a beam search of its own
turn by its own evaluation (`reply_nodes`), then the seat's own next turn is searched too
(`own_next`), and the position after it scored; averaged over `reply_samples`
determinizations (the searched game, then games rebuilt from the seat's view at the end of the
candidate turn, the supply order and RNG drawn anew: the real hidden state is never read).
With `distinct` (off: measured no stronger, see below) lines that start alike and score
exactly alike count once, and an Advance and an Actions turn are both played on when both
were searched. Measured (bench/expert_match.py, seed 31): with 8 candidates on one guess of
the hidden tiles (`reply_samples` 1), expert beat hard 142-58 over 200 games (71.0%, 95%
64.4-76.8%); with 4 candidates on two guesses (the same work) 101.5 of 161 on the same deals
(63%), with `distinct` too 121-79 (60.5%).

Work is bounded by a node budget (deterministic: the beam stops when its clones are spent;
rollouts and replies have fixed step bounds), so a seed and a budget give the same choices on
any machine, loaded or not. A CPU-time cap (the thread's CPU time, never the wall clock) is only
a last safety net: when it cuts a search short, `cap_fired` counts it, and the tournament
reports that run as not reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.aac import events as ev
from engine.aac.bots import folk_eval, pil_eval
from engine.aac.bots.determinize import game_from_view
from engine.aac.bots.evaluate import (
    HARD_WEIGHTS,
    STRONG_WEIGHTS,
    choice_cost,
    evaluate,
    stalled_weights,
)
from engine.aac.bots.greedy import LOOK_AHEAD, matches, sample_choices
from engine.aac.bots.guard import PASSIVE_IDS, StallWatch, TurnBudget, passive
from engine.aac.bots.progress import ProgressGuard, idle, null_choice
from engine.aac.folklore.rules import CardFrame
from engine.aac.game import Game
from engine.aac.pilgrimage.rules import ShrineResolveFrame
from engine.aac.state import GameState
from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state


def fingerprint(s: GameState) -> tuple[Any, ...]:
    """What a plan step expects the table to look like (cheap, not exhaustive)."""
    return (
        s.turn, s.active, tuple(s.pool), len(s.supply), len(s.stack), len(s.completions),
        tuple(
            (tuple(p.device), tuple(p.staging), tuple(p.exhausted), tuple(p.reserve),
             tuple(p.shop), p.figure, p.behind, p.charged, tuple(tuple(t) for t in p.tracks),
             tuple(tuple(v) for v in p.top.values()), tuple(tuple(v) for v in p.bottom.values()))
            for p in s.players
        ),
        tuple((len(m.stack), tuple(m.spaces), m.completed) for m in s.monuments.values()),
        folk_eval.fingerprint(s), pil_eval.fingerprint(s),
    )


CARD_KINDS = frozenset({"folklore_card", "folklore_option", "folklore_extra"})
# a Shrine completion's decisions (R27.5.2) and a Pilgrimage move (R28.2) are searched the same
# way: each choice scored after the rest is played out (a Shrine built ahead of the Pilgrimage
# shows its worth only once the Pilgrimage has entered it and taken the benefit)
PILGRIM_KINDS = frozenset({"pilgrimage_shrine", "pilgrimage_frame", "pilgrimage_move",
                           "pilgrimage_benefit", "pilgrimage_energy"})
SETTLE_FRAMES = (CardFrame, ShrineResolveFrame)


def in_card(g: Game, seat: int) -> bool:
    """Is the seat to decide which Folklore Card to play or which of its options, or a step
    of a Shrine completion?"""
    d = g.pending
    return d is not None and d.seat == seat and (d.kind in CARD_KINDS or d.kind in PILGRIM_KINDS)


def settling(g: Game) -> bool:
    """Is a Folklore Card or a Shrine completion being resolved, or a Pilgrimage moving?"""
    d = g.pending
    return (any(isinstance(f, SETTLE_FRAMES) for f in g.state.stack)
            or (d is not None and d.kind in PILGRIM_KINDS))


@dataclass
class Node:
    game: Game
    path: list[str]  # the seat's own choices from the root
    fps: list[tuple[Any, ...]]  # the seat's view + decision ids before each own choice
    value: float = 0.0
    done: bool = False
    steps: int = 0
    idle: bool = True  # the seat's own choices so far did nothing (engine.aac.bots.progress)
    penalty: float = 0.0  # NULL_PENALTY per own choice on the line that did nothing


@dataclass
class Params:
    beam: int = 6
    max_children: int = 16
    max_nodes: int = 500
    replies: int = 0  # hard: candidates re-scored after opponents' replies
    reply_children: int = 8
    # how the opponents' replies are played (`_with_replies`): with reply_nodes > 0 each
    # opponent's turn is its own beam search of that many positions (its best turn by its own
    # evaluation), else a greedy decision at a time; over reply_samples determinizations of
    # what the seat cannot see (the first is the searched game itself), averaged
    reply_nodes: int = 0
    reply_beam: int = 3
    reply_samples: int = 1
    # > 0: the seat's own next turn is planned too (a beam search of this many positions)
    # before the candidate is scored: a turn that sets up the next one shows its worth
    own_next: int = 0
    # the re-scored candidates are distinct: a line whose first choice and value equal a
    # better one's is skipped (it differs in what the evaluation cannot tell apart, e.g. which
    # energy type was loaded), and when every candidate starts alike (all Advance turns, say)
    # the last slot goes to the best line of another first choice (`_candidates`)
    distinct: bool = False
    # CPU seconds per search, a safety net only (the node budget decides): when it fires the
    # bot's `cap_fired` counts it
    time_cap: float = 5.0
    # a line whose next own decision offers one of these choices is scored by its best
    # (engine.aac.bots.greedy.LOOK_AHEAD: prime an Artifact, place it): otherwise the Recharge
    # option or a character movement looks like a waste and the beam drops it first
    look_ahead: frozenset[str] = LOOK_AHEAD
    weights: dict[str, float] = field(default_factory=lambda: dict(STRONG_WEIGHTS))


NULL_PENALTY = 0.5  # a choice that does nothing (engine.aac.bots.progress.null_choice)

NORMAL = Params(beam=5, max_children=12, max_nodes=300)
HARD = Params(beam=6, max_children=14, max_nodes=400, replies=3, reply_children=5,
              weights=dict(HARD_WEIGHTS))
# expert: hard with a bigger budget (issue 16): a wider beam, more candidates, the opponents'
# replies searched as turns, and its own next turn. Eight candidates on one guess of the
# hidden tiles beat four on two (the same work) on the same deals: what the replies find is
# worth more on more plans than averaged over guesses (see the module's docstring)
EXPERT = Params(beam=8, max_children=16, max_nodes=800, replies=8, reply_children=6,
                reply_nodes=120, reply_samples=1, own_next=120, time_cap=20.0,
                weights=dict(HARD_WEIGHTS))


LEVELS = {"normal": NORMAL, "hard": HARD, "expert": EXPERT}
SEED_SALT = {"normal": 0x9071, "hard": 0x4A2D, "expert": 0x15C7}


class PlannerBot:
    def __init__(self, seed: int = 0, level: str = "normal", params: Params | None = None,
                 clock: Callable[[], float] = time.thread_time) -> None:
        self.name = level
        base = LEVELS.get(level, NORMAL)
        self.p = params or Params(**{**base.__dict__, "weights": dict(base.weights)})
        self._rng = Rng(seed_state(seed ^ SEED_SALT.get(level, 0x9071)))
        self._plan: list[str] = []
        self._plan_fps: list[tuple[Any, ...]] = []
        self.plans = 0  # how many searches ran (for the stats)
        self.budget = TurnBudget()
        self.watch = StallWatch()
        self.progress = ProgressGuard()
        self._w = self.p.weights
        self._clock = clock  # CPU time of this thread (a test may inject a slow one)
        self.cap_fired = 0  # searches the CPU-time safety cap cut short
        self.nodes = 0  # search work done in all (clones tried by the beam)
        self._capped = False

    # --- interface ---------------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        choices = decision.choices
        if self.budget.tick(view) and (pc := passive(choices)) is not None:
            self._plan, self._plan_fps = [], []
            return pc.id
        w = stalled_weights(self.p.weights) if self.watch.stalled(view) else self.p.weights
        if w is not self._w and w != self._w:
            self._plan, self._plan_fps = [], []  # the plan was made for the other weights
        self._w = w
        pushing = self.progress.pushing(view)
        if len(choices) == 1 or view is None:
            return choices[self._rng.below(len(choices))].id
        if (not pushing and self._plan and self._plan_fps
                and self._plan_fps[0] == (view, tuple(decision.ids()))):
            # on the planned course: the table is exactly as the plan expected it (the seat's
            # view, hidden parts redacted alike), so no game is rebuilt from the view
            self._plan_fps.pop(0)
            return self._plan.pop(0)
        g = game_from_view(view, self._rng.below(1 << 62))
        if not matches(g, decision):
            return choices[self._rng.below(len(choices))].id
        if pushing:  # the table has not progressed for a while (engine.aac.bots.progress)
            self._plan, self._plan_fps = [], []
            return self.progress.choose(g, decision, self._value, self._cost)
        self._plan, self._plan_fps = self._search(g, decision.seat)
        self.plans += 1
        if not self._plan:
            return choices[0].id
        self._plan_fps.pop(0)
        return self._plan.pop(0)

    def plan_for(self, view: Mapping[str, Any], decision: Decision) -> tuple[Game | None,
                                                                            list[str]]:
        """A fresh search at `decision` from the seat's view, leaving the bot's own plan alone:
        the determinized game it searched (None if it did not match the decision) and the
        planned sequence of the seat's choices (the first answers `decision`)."""
        g = game_from_view(view, self._rng.below(1 << 62))
        if not matches(g, decision):
            return None, []
        path, _ = self._search(g.clone(), decision.seat)  # a search may play on its root
        return g, path

    # --- search ------------------------------------------------------------------------------

    def _cost(self, g: Game, seat: int, cid: str) -> float:
        """What an own choice costs that the position after it does not show (choice_cost)."""
        return choice_cost(g.state, g.rules, seat, cid, self._w)

    def _value(self, g: Game, seat: int) -> float:
        return evaluate(g.state, g.rules, seat, self._w)

    def greedy_choice(self, g: Game) -> str:
        """The bot's one-step greedy guess for whoever decides in `g` (a model of a seat)."""
        return self._greedy_step(g, 8)

    def _greedy_step(self, g: Game, cap: int) -> str:
        """One-step greedy choice for whoever is to decide (used for other seats / rollouts)."""
        d = g.pending
        assert d is not None
        best = d.choices[0].id
        best_v = float("-inf")
        stack = len(g.state.stack)
        for c in sample_choices(d.choices, cap, self._rng):
            g2 = g.clone()
            events = g2.choose(c.id)
            v = self._value(g2, d.seat) - (0.3 if c.id in PASSIVE_IDS else 0.0)
            if null_choice(c, events, stack, g2, d.seat):
                v -= NULL_PENALTY
            if v > best_v:
                best_v, best = v, c.id
        return best

    @staticmethod
    def _ended(events: list[ev.Event], g: Game, seat: int, own_turn: bool) -> bool:
        if g.state.over or g.pending is None:
            return True
        if any(isinstance(e, ev.TurnStarted) for e in events):
            return True
        if not own_turn:  # a decision during another seat's turn: until it leaves us
            return g.pending.seat != seat
        return False

    def _advance_others(self, node: Node, seat: int, own_turn: bool, budget: list[int]) -> None:
        """Play other seats' decisions inside the horizon with the greedy policy."""
        g = node.game
        while not node.done:
            d = g.pending
            if d is None or d.seat == seat:
                return
            cid = self._greedy_step(g, 4)
            budget[0] -= min(len(d.choices), 4)
            events = g.choose(cid)
            node.steps += 1
            if self._ended(events, g, seat, own_turn) or node.steps > 200:
                node.done = True

    def _settle(self, g: Game) -> None:
        """Greedily play on to the end of the Folklore Card's resolution (its options and
        their effects, the owner's reply: R26.3.2-R26.3.5) or of the Shrine completion (its
        steps A-C for every listed player, R27.5.2) or Pilgrimage move, whoever decides."""
        steps = 0
        while g.pending is not None and not g.state.over and settling(g) and steps < 40:
            g.choose(self._greedy_step(g, 4))
            steps += 1

    def _resolve_card(self, node: Node, seat: int, own_turn: bool, budget: list[int]) -> None:
        """The seat's own Folklore Card decisions (which card, its options, the first card's
        extra one: R26.3.2-R26.3.4) as one step of the search: each choice scored after its
        effects are played out greedily. A placement's worth shows only once its card has
        resolved; in a beam over decisions it would lose to lines further into the turn."""
        g = node.game
        while not node.done and in_card(g, seat) and node.steps < 200:
            d = g.pending
            assert d is not None
            best, best_v = d.choices[0].id, float("-inf")
            for c in d.choices:
                g2 = g.clone()
                g2.choose(c.id)
                budget[0] -= 1
                self._settle(g2)
                v = self._value(g2, seat) - (0.05 if c.id in PASSIVE_IDS else 0.0)
                if v > best_v:
                    best_v, best = v, c.id
            node.fps.append((g.view(seat), tuple(d.ids())))
            node.path.append(best)
            events = g.choose(best)
            node.idle = node.idle and idle(events)
            node.steps += 1
            node.done = self._ended(events, g, seat, own_turn)
            if not node.done:
                self._advance_others(node, seat, own_turn, budget)

    def _peek(self, g: Game, seat: int, budget: list[int]) -> float:
        """The best value of the seat's pending `look_ahead` choices (a placement with its
        card resolved greedily), -inf when none is on offer."""
        d = g.pending
        best = float("-inf")
        if d is None or d.seat != seat:
            return best
        for c in d.choices:
            if c.id in self.p.look_ahead:
                g2 = g.clone()
                g2.choose(c.id)
                budget[0] -= 1
                self._settle(g2)
                best = max(best, self._value(g2, seat))
        return best

    def _over_cap(self, t0: float) -> bool:
        """Has this search used more than `time_cap` CPU seconds? (counted once per search)"""
        if self._capped:
            return True
        if self._clock() - t0 > self.p.time_cap:
            self._capped = True
            self.cap_fired += 1
        return self._capped

    def _search(self, root: Game, seat: int) -> tuple[list[str], list[tuple[Any, ...]]]:
        t0 = self._clock()
        self._capped = False
        own_turn = root.state.active == seat
        budget = [self.p.max_nodes]
        frontier = [Node(root, [], [])]
        finished: list[Node] = []
        while frontier:
            if budget[0] <= 0 or self._over_cap(t0):
                break
            children: list[Node] = []
            seen: set[Any] = set()
            for node in frontier:
                g = node.game
                d = g.pending
                assert d is not None
                fp = (g.view(seat), tuple(d.ids()))
                stack = len(g.state.stack)
                for c in sample_choices(d.choices, self.p.max_children, self._rng):
                    g2 = g.clone()
                    events = g2.choose(c.id)
                    budget[0] -= 1
                    nothing = null_choice(c, events, stack, g2, seat)
                    cost = (NULL_PENALTY if nothing else 0.0) + (
                        self._cost(g, seat, c.id) if own_turn else 0.0)
                    child = Node(g2, node.path + [c.id], node.fps + [fp], steps=node.steps + 1,
                                 idle=node.idle and idle(events), penalty=node.penalty + cost)
                    child.done = self._ended(events, g2, seat, own_turn)
                    if not child.done:
                        self._advance_others(child, seat, own_turn, budget)
                    if not child.done and in_card(g2, seat):
                        self._resolve_card(child, seat, own_turn, budget)
                    key = (fingerprint(g2.state), g2.pending.ids() if g2.pending else None)
                    k2 = repr(key)
                    if k2 in seen:
                        continue
                    seen.add(k2)
                    child.value = self._value(g2, seat)
                    if not child.done and self.p.look_ahead:
                        child.value = max(child.value, self._peek(g2, seat, budget))
                    if c.id in PASSIVE_IDS:
                        child.value -= 0.05
                    child.value -= child.penalty
                    if child.done:
                        finished.append(child)
                    else:
                        children.append(child)
            children.sort(key=lambda n: -n.value)
            frontier = children[: self.p.beam]
        self.nodes += self.p.max_nodes - budget[0]
        # unfinished lines: finish them greedily (bounded)
        for node in frontier:
            self._rollout(node, seat, own_turn, t0)
            finished.append(node)
        if not finished:
            return [], []
        if root.pending is not None and root.pending.kind == "turn_type":
            # a whole turn that does nothing (an empty Actions turn) only if nothing else
            # was found (engine.aac.bots.progress)
            finished = [n for n in finished if not n.idle] or finished
        finished.sort(key=lambda n: -n.value)
        if self.p.replies > 0 and own_turn and len(finished) > 1:
            best = self._with_replies(finished, seat, t0)
        else:
            best = finished[0]
        return best.path, best.fps

    def _rollout(self, node: Node, seat: int, own_turn: bool, t0: float) -> None:
        g = node.game
        while not node.done and node.steps < 60:
            d = g.pending
            assert d is not None
            if self._over_cap(t0):
                cid = next((c.id for c in d.choices if c.id in PASSIVE_IDS), d.choices[0].id)
            else:
                cid = self._greedy_step(g, 8)
            if d.seat == seat:
                node.fps.append((g.view(seat), tuple(d.ids())))
                node.path.append(cid)
            events = g.choose(cid)
            if d.seat == seat:
                node.idle = node.idle and idle(events)
            node.steps += 1
            node.done = self._ended(events, g, seat, own_turn)
        node.value = self._value(g, seat) - node.penalty

    def _with_replies(self, finished: list[Node], seat: int, t0: float) -> Node:
        """Re-score the best candidates after the opponents' next turns (greedy replies, or
        each opponent's turn searched: `reply_nodes`) and, with `own_next`, the seat's own next
        turn, averaged over `reply_samples` determinizations."""
        cands = self._candidates(finished)
        best = cands[0]
        best_v = float("-inf")
        for n in cands:
            if self._over_cap(t0):
                break
            total = 0.0
            samples = max(1, self.p.reply_samples)
            for i in range(samples):
                if i == 0:
                    g = n.game.clone()
                else:  # what the seat cannot see (the supply order...) drawn anew
                    g = game_from_view(n.game.view(seat), self._rng.below(1 << 62))
                self._play_replies(g, seat, t0)
                total += self._value(g, seat)
            v = total / samples - n.penalty
            if v > best_v:
                best_v, best = v, n
        return best

    def _candidates(self, finished: list[Node]) -> list[Node]:
        """The `replies` best lines (`finished` is sorted best first) that end in different
        positions; with `distinct`, also different to the evaluation, and not all starting
        with the same choice when another first choice was searched."""
        out: list[Node] = []
        seen: set[str] = set()
        for n in finished:
            k = repr(fingerprint(n.game.state))
            if k in seen:
                continue
            seen.add(k)
            if self.p.distinct and any(m.path[:1] == n.path[:1] and m.value == n.value
                                       for m in out):
                continue
            out.append(n)
            # enough lines, and (with `distinct`) one of another first choice if there is one
            if len(out) >= self.p.replies and (
                    not self.p.distinct or len({m.path[0] for m in out if m.path}) > 1):
                break
        picked = out[: self.p.replies]
        if self.p.distinct and len(picked) > 1:
            firsts = {m.path[0] for m in picked if m.path}
            other = next((m for m in out if m.path and m.path[0] not in firsts), None)
            if len(firsts) == 1 and other is not None:
                picked[-1] = other
        return picked

    def _play_replies(self, g: Game, seat: int, t0: float) -> None:
        """Play `g` on to the seat's next turn (to its end with `own_next`): every seat's turn
        is a beam search of its own (`reply_nodes`, `own_next`) or greedy decisions."""
        steps = 0
        own_started = False
        plans: dict[int, list[str]] = {}
        while not g.state.over and g.pending is not None and steps < 400:
            d = g.pending
            active = g.state.active
            if active == seat and d.seat == seat and not own_started:
                if not self.p.own_next:
                    return  # back to our own turn
                own_started = True
                plans[seat] = self._sub_plan(g, seat, self.p.own_next)
            if self._over_cap(t0):
                return
            if (d.seat == active and active != seat and self.p.reply_nodes
                    and active not in plans):
                plans[active] = self._sub_plan(g, active, self.p.reply_nodes)
            plan = plans.get(d.seat) if d.seat == active else None
            if plan and plan[0] in d.ids():
                cid = plan.pop(0)
            else:
                if plan:
                    plans[d.seat] = []  # off the planned course: greedy from here
                cid = self._greedy_step(g, self.p.reply_children)
            events = g.choose(cid)
            steps += 1
            if any(isinstance(e, ev.TurnStarted) for e in events):
                if own_started:
                    return  # the end of our own next turn
                plans.pop(active, None)

    def _sub_plan(self, g: Game, who: int, nodes: int) -> list[str]:
        """`who`'s best turn from `g` by a small beam search (its own evaluation)."""
        sub = PlannerBot(0, "normal", Params(
            beam=self.p.reply_beam, max_children=self.p.reply_children + 4, max_nodes=nodes,
            time_cap=self.p.time_cap, look_ahead=self.p.look_ahead, weights=self._w),
            clock=self._clock)
        sub._rng = self._rng  # one seeded stream: the search stays reproducible
        path, _ = sub._search(g.clone(), who)
        self.nodes += sub.nodes
        return path


"""Games always end: the bots' guarantee of progress (every level, any table).

The game ends only when every monument is fully constructed (R23.1), so a table where every
seat passes never ends. Two measured deadlocks: against an outside bot, hard chose "End your
turn" 1,178 times while both sides passed; hard, ahead 66-19, declined its Patron Token and
passed for 956 turns. This module gives every bot level two things:

- `null_choice`: a choice that does nothing (its turn passes, or its step resolves, with no
  event of substance: an Actions turn with nothing to spend, R6.4; a Claim with nothing
  affordable, O16). The bots never prefer one to a choice that does something; `idle`
  tells a whole planned line that did nothing.
- `ProgressGuard`: watches, in the seat's own view, whether the table still progresses
  towards the end (sections built, monument spaces filled: `measure`, never counted twice
  for energy moved back and forth). After `PUSH_TURNS` of the seat's own turns without
  progress it takes over the seat's decisions (`choose`): no choice that gives something up
  while another exists ("End your turn", "Finish the Advance turn", "Leave it" for a Patron
  Token: GIVE_UP),
  and of the others one that progresses (a short rollout of the rest of the seat's turn
  under the same policy reaches a higher measure), the best of those by the bot's own
  evaluation less what the choice and that rollout's choices cost that the position does
  not show (`choice_cost`: the Monument Patron Token's actions given up and bound points
  lost), the most progress breaking ties. Ranking by progress first made the Patron Token
  (a section at once, at the end of an Advance turn) win every stalled turn over an
  Actions turn that deploys: 7 of hard's 10 Patron uses against normal and all 56 against
  random came from the guard (10 and 6 games, seeds 11 and 12). Whatever the other seats do
  (people, outside bots that always pass), the seat keeps building, and a monument's last
  section is reached.

The stall watch (engine.aac.bots.guard.StallWatch, TurnBudget) stays as the last safety net:
the per-turn decision budget still forces a passive choice (a turn always ends).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.aac import events as ev
from engine.aac.bots.guard import PASSIVE_IDS, useful
from engine.aac.game import Game
from engine.aac.state import GameState
from engine.kernel.decisions import Choice, Decision
from engine.kernel.events import Event

__all__ = ["PUSH_TURNS", "ProgressGuard", "idle", "measure", "null_choice", "view_measure"]

# events that are bookkeeping, not something done: a turn that emits only these did nothing
NEUTRAL: tuple[type[Event], ...] = (ev.TurnStarted, ev.TurnTypeChosen, ev.ScoreChanged,
                                    ev.FinalRoundTriggered)
SPENT_REASON = "spent on an action"  # engine.aac.rules.actions: the energy paying for one
# the passive choices the guard refuses: those that give up the rest of a turn or an offer
# ("End your turn", "Finish the Advance turn", "Leave it"); "Stop after one push" and "Leave
# this slot empty" stay open (a second push or a full load builds nothing by itself)
GIVE_UP = frozenset({"end", "done", "decline"})
PUSH_TURNS = 4  # own turns without table progress before the guard takes over
ROLLOUT_STEPS = 30  # decisions looked at when a choice's progress is measured
ROLLOUT_WIDTH = 8  # choices tried per decision in that rollout
SECTION = 100  # a section built counts like this many spaces filled
COMPLETED = 60  # a completed section waiting for resolution


def idle(events: Iterable[Event]) -> bool:
    """Nothing of substance happened (only turn bookkeeping)."""
    return all(isinstance(e, NEUTRAL) for e in events)


def _turn_passed(events: Sequence[Event]) -> bool:
    return any(isinstance(e, ev.TurnStarted | ev.GameEnded) for e in events)


def null_choice(c: Choice, events: Sequence[Event], before_stack: int, after: Game,
                seat: int, deep: bool = True) -> bool:
    """Did choice `c` (not itself a passive one) do nothing? `events` are what it caused,
    `before_stack` the length of the frame stack before it, `after` the game after it.

    Nothing: the seat's turn (or its part of it) passed with only bookkeeping events (an
    Actions turn with no energy to spend: its only choice, "End your turn", applies by
    itself), or the step resolved with no event at all and left no work behind (a Claim
    with nothing affordable pops at once, O16), or an action was paid for (R6.1) and its
    effect did nothing (an Action Token that is only a Claim, nothing affordable) or offers
    only options that do nothing (`deep`: looked at one decision further)."""
    if c.id in PASSIVE_IDS:
        return False
    spent = False
    for e in events:
        if isinstance(e, ev.TokenMoved) and e.reason == SPENT_REASON:
            spent = True
        elif not isinstance(e, NEUTRAL):
            return False
    d = after.pending
    if _turn_passed(events) or d is None or d.seat != seat:
        return True
    if spent:  # an action paid for whose effect did nothing and left nothing to decide
        if len(after.state.stack) <= before_stack:
            return True
        # ...or whose every option does nothing ("Claim or Reposition" with nothing
        # affordable and nothing to move): one decision deeper
        return deep and all(_option_null(after, x, seat) for x in d.choices)
    return not events and len(after.state.stack) < before_stack


def _option_null(g: Game, c: Choice, seat: int) -> bool:
    if c.id in PASSIVE_IDS:
        return True
    g2 = g.clone()
    events = g2.choose(c.id)
    return null_choice(c, events, len(g.state.stack), g2, seat, deep=False)


def _section_measure(built: int, completed: bool, spaces: Iterable[int]) -> int:
    return SECTION * built + (COMPLETED if completed else 0) + sum(1 for e in spaces if e >= 0)


def measure(s: GameState) -> int:
    """How far the table is towards the end: sections built, completions, spaces filled."""
    return sum(_section_measure(len(m.built), m.completed, m.spaces)
               for m in s.monuments.values())


def view_measure(view: Mapping[str, Any]) -> int:
    """`measure` read from a seat's view (plain data)."""
    return sum(_section_measure(len(m["built"]), bool(m["completed"]), m["spaces"])
               for m in view["monuments"].values())


Score = Callable[[Game, int], float]
Cost = Callable[[Game, int, str], float]  # (game before the choice, seat, choice id)


class ProgressGuard:
    """Per bot: counts the table's turns without progress and, past PUSH_TURNS of the seat's
    own turns, chooses for the seat (see the module's docstring)."""

    def __init__(self, turns: int = PUSH_TURNS) -> None:
        self.turns = turns
        self._best = -1  # the best measure seen (progress only when it is passed)
        self._since = 0  # the table turn when it was last passed
        self.takeovers = 0  # decisions the guard made (for the stats)

    def pushing(self, view: Mapping[str, Any] | None) -> bool:
        """Has the table made no progress for `turns` of this seat's own turns?"""
        if view is None:
            return False
        m = view_measure(view)
        turn = int(view["turn"])
        if m > self._best or turn < self._since:
            self._best, self._since = m, turn
        return turn - self._since >= self.turns * int(view["n"])

    def choose(self, g: Game, decision: Decision, score: Score, cost: Cost | None = None) -> str:
        """The guard's choice at `decision` (g: the bot's determinized game at it): never a
        choice that gives up (GIVE_UP) while another exists, nor one that does nothing
        (`null_choice`); one that progresses by the end of the seat's turn; then `score` (the
        bot's evaluation for the seat) less `cost` (what the choice and its rollout cost the
        seat); then the most progress. Without `cost` (easy, which has no cost model) the most
        progress comes first and `score` breaks ties."""
        seat = decision.seat
        cands = [c for c in useful(decision.choices) if c.id not in GIVE_UP]
        if not cands:
            return decision.choices[0].id
        start = measure(g.state)
        stack = len(g.state.stack)
        best = cands[0].id
        best_key: tuple[bool, bool, float, float] = (False, False, float("-inf"), -1.0)
        for c in cands:
            g2 = g.clone()
            events = g2.choose(c.id)
            does = not null_choice(c, events, stack, g2, seat)  # before the rollout moves g2
            v = score(g2, seat) - (cost(g, seat, c.id) if cost is not None else 0.0)
            reached, spent = self._rollout(g2, seat, cost)
            v, gain = v - spent, reached - start
            key = ((does, gain > 0, v, float(gain)) if cost is not None
                   else (does, True, float(gain), v))  # no cost model (easy): most progress
            if key > best_key:
                best, best_key = c.id, key
        self.takeovers += 1
        return best

    @staticmethod
    def _rollout(g: Game, seat: int, cost: Cost | None = None) -> tuple[int, float]:
        """Play the rest of the seat's turn by the same rule without lookahead (each step:
        of its first ROLLOUT_WIDTH choices that give nothing up, the one that progresses most now,
        else the first); the measure reached and what its choices cost (`cost`)."""
        spent = 0.0
        for _ in range(ROLLOUT_STEPS):
            d = g.pending
            if d is None or d.seat != seat or g.state.over:
                break
            cands = [c for c in useful(d.choices) if c.id not in GIVE_UP] or list(d.choices)
            cands = cands[:ROLLOUT_WIDTH]
            pick, pick_m = cands[0].id, -1
            for c in cands:
                g2 = g.clone()
                g2.choose(c.id)
                m = measure(g2.state)
                if m > pick_m:
                    pick, pick_m = c.id, m
            if cost is not None:
                spent += cost(g, seat, pick)
            events = g.choose(pick)
            if _turn_passed(events):
                break
        return measure(g.state), spent

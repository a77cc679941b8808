"""Undo (issue 3): a seat may step back through its own decisions of the current turn, exactly.

Barriers: nothing to undo at the start of a turn, never across another seat's decision (an
interest decision, a resolution participant's decision...), never past a Tile Pool reveal.
`can_undo` says why not; a game with undo switched off refuses.
"""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from engine import GameConfig, IllegalChoice, new_game
from engine.aac import events as ev
from engine.aac.game import NOTHING_YET, OTHER_SEAT, REVEALED, Game
from engine.aac.persist.io import dumps_save, loads_save
from engine.aac.state import state_to_dict
from engine.kernel.bots import RandomBot
from engine.kernel.decisions import Decision


@dataclass
class Step:
    """One decision made: the position before it and what happened. The state is kept
    pickled (fast, and independent of GameState.clone, which undo itself uses)."""

    blob: bytes
    pending: Decision
    history: list[str]
    events: list[ev.Event]

    @property
    def state(self) -> dict[str, Any]:
        return state_to_dict(pickle.loads(self.blob))

    @property
    def seat(self) -> int:
        return self.pending.seat

    def barrier(self) -> str:
        """The reason of the last barrier among this decision's events ('' if none)."""
        why = ""
        for e in self.events:
            if isinstance(e, ev.TurnStarted):
                why = NOTHING_YET
            elif isinstance(e, ev.PoolChanged) and e.revealed:
                why = REVEALED
        return why


def expected_undo(trail: list[Step], pending: Decision | None) -> tuple[bool, str]:
    """What the rules say, from the decisions made so far: the seat now deciding may undo the
    last decision iff that decision was its own and started no turn and revealed no tile."""
    if pending is None:
        return False, "The game is over."
    if not trail:
        return False, NOTHING_YET
    last = trail[-1]
    if last.barrier():
        return False, last.barrier()
    if last.seat != pending.seat:
        return False, OTHER_SEAT
    return True, ""


def run(players: int, seed: int, decisions: int, undo_rate: float = 0.15) -> Counter[str]:
    """A random game; at every decision can_undo is checked against expected_undo, and at
    random points the seat undoes 1-4 decisions (checking each is exactly the earlier state),
    then plays on (often differently)."""
    g = new_game(GameConfig(players=players, seed=seed))
    assert g.undo_enabled
    bot = RandomBot(seed)
    rnd = random.Random(seed)
    trail: list[Step] = []
    stats: Counter[str] = Counter()
    for _ in range(decisions):
        if g.is_over:
            break
        d = g.pending
        assert d is not None
        st = g.can_undo
        want_ok, want_reason = expected_undo(trail, d)
        assert (st.ok, st.reason) == (want_ok, want_reason), (len(g.history), d.kind)
        assert bool(st) == st.ok
        if not st.ok:
            assert isinstance(st.reason, str) and st.reason.endswith(".")
            stats[st.reason] += 1
            if trail and trail[-1].seat != d.seat and not trail[-1].barrier():
                stats[f"after other seat's {trail[-1].pending.kind}"] += 1
            if rnd.random() < 0.05:  # a refused undo changes nothing
                before = state_to_dict(g.state)
                with pytest.raises(IllegalChoice, match=re.escape(st.reason)):
                    g.undo()
                assert state_to_dict(g.state) == before and g.pending == d
        if st.ok and rnd.random() < undo_rate:
            for _ in range(rnd.randint(1, 4)):
                if not g.can_undo:
                    break
                step = trail.pop()
                assert step.seat == d.seat and not step.barrier()
                g.undo()
                assert state_to_dict(g.state) == step.state
                assert g.pending == step.pending
                assert g.history == step.history
                stats["undone"] += 1
            continue
        before = pickle.dumps(g.state, protocol=pickle.HIGHEST_PROTOCOL)
        hist = list(g.history)
        events = g.choose(bot.choose(None, d))
        trail.append(Step(before, d, hist, events))
        if any(isinstance(e, ev.PoolChanged) and e.revealed for e in events):
            stats["reveal"] += 1
    # the history kept through all the undos replays to the same game, and saves verify
    h = new_game(GameConfig(players=players, seed=seed))
    for cid in g.history:
        h.choose(cid)
    assert state_to_dict(h.state) == state_to_dict(g.state)
    assert loads_save(dumps_save(g), verify=True).pending == g.pending
    return stats


@pytest.mark.parametrize("players,seed", [(p, s) for p in (2, 3, 4, 5) for s in (1, 2)])
def test_random_undo_returns_exactly_and_respects_barriers(players: int, seed: int) -> None:
    stats = run(players, seed * 10 + players, 1200)
    assert stats["undone"] > 20
    assert stats[NOTHING_YET] > 10


def test_random_games_meet_every_barrier() -> None:
    """Across a few games every barrier is met (and checked above, at every decision)."""
    total: Counter[str] = Counter()
    for players, seed in ((3, 5), (4, 6), (5, 7)):
        total += run(players, seed, 2500)
    assert total[OTHER_SEAT] > 0
    assert total["after other seat's interest"] > 0
    assert total["after other seat's participant"] > 0
    assert total[REVEALED] > 0 and total["reveal"] > 0


# --- the barriers, one by one -------------------------------------------------------------------


def play_until(players: int, seed: int, want: Any, limit: int = 20_000) -> tuple[Game, RandomBot]:
    g = new_game(GameConfig(players=players, seed=seed))
    bot = RandomBot(seed)
    for _ in range(limit):
        if want(g):
            return g, bot
        d = g.pending
        assert d is not None
        g.choose(bot.choose(None, d))
    raise AssertionError("position not reached")


def test_nothing_to_undo_at_the_start_of_a_turn() -> None:
    seen = 0
    g = new_game(GameConfig(players=3, seed=8))
    bot = RandomBot(8)
    assert not g.can_undo and g.can_undo.reason == NOTHING_YET  # the first decision
    while seen < 20:
        d = g.pending
        assert d is not None
        events = g.choose(bot.choose(None, d))
        if any(isinstance(e, ev.TurnStarted) for e in events):
            st = g.can_undo
            assert not st.ok
            revealed = any(isinstance(e, ev.PoolChanged) and e.revealed for e in events)
            assert st.reason in ((NOTHING_YET, REVEALED) if revealed else (NOTHING_YET,))
            before = state_to_dict(g.state)
            with pytest.raises(IllegalChoice):
                g.undo()
            assert state_to_dict(g.state) == before
            seen += 1


@pytest.mark.parametrize("kind", ["interest", "participant"])
def test_undo_never_crosses_another_seats_decision(kind: str) -> None:
    def at_other_seats(g: Game) -> bool:
        return g.pending is not None and g.pending.kind == kind and (
            g.pending.seat != g.state.active)

    for seed in range(1, 40):
        g, bot = play_until(4, seed, at_other_seats)
        d = g.pending
        assert d is not None
        other = d.seat
        st = g.can_undo  # the other seat cannot undo the active seat's decisions
        assert not st.ok and st.reason in (OTHER_SEAT, NOTHING_YET, REVEALED)
        assert other != g.state.active
        turned = False
        while g.pending is not None and g.pending.seat != g.state.active:
            events = g.choose(bot.choose(None, g.pending))
            turned |= any(isinstance(e, ev.TurnStarted) or (
                isinstance(e, ev.PoolChanged) and e.revealed) for e in events)
        if g.pending is None or turned:
            continue
        after_other = state_to_dict(g.state)
        # back with the active seat, which cannot undo across the other seat's decision
        st = g.can_undo
        assert not st.ok and st.reason == OTHER_SEAT, st
        with pytest.raises(IllegalChoice, match="another seat"):
            g.undo()
        # ... but may undo its own next decision, back to just after the other seat's
        pend = g.pending
        events = g.choose(bot.choose(None, pend))
        if g.pending is None or g.pending.seat != pend.seat or any(
                isinstance(e, ev.TurnStarted) or (isinstance(e, ev.PoolChanged) and e.revealed)
                for e in events):
            continue
        assert g.can_undo.ok
        g.undo()
        assert state_to_dict(g.state) == after_other and g.pending == pend
        assert not g.can_undo.ok and g.can_undo.reason == OTHER_SEAT
        return
    raise AssertionError(f"no {kind} decision by another seat found")


def test_undo_never_goes_past_a_tile_pool_reveal() -> None:
    for seed in range(1, 40):
        g = new_game(GameConfig(players=3, seed=seed))
        bot = RandomBot(seed)
        while not g.is_over:
            d = g.pending
            assert d is not None
            events = g.choose(bot.choose(None, d))
            reveal = any(isinstance(e, ev.PoolChanged) and e.revealed for e in events)
            if not reveal or any(isinstance(e, ev.TurnStarted) for e in events):
                continue
            if g.pending is None or g.pending.seat != d.seat:
                continue
            st = g.can_undo
            assert not st.ok and st.reason == REVEALED
            after_reveal = state_to_dict(g.state)
            pend = g.pending
            events = g.choose(bot.choose(None, pend))
            if g.pending is None or g.pending.seat != pend.seat or any(
                    isinstance(e, ev.TurnStarted) or (isinstance(e, ev.PoolChanged) and e.revealed)
                    for e in events):
                break
            g.undo()  # one step back is fine ...
            assert state_to_dict(g.state) == after_reveal and g.pending == pend
            st = g.can_undo  # ... but not past the reveal
            assert not st.ok and st.reason == REVEALED
            with pytest.raises(IllegalChoice, match="revealed"):
                g.undo()
            return
    raise AssertionError("no reveal followed by a decision of the same seat found")


def test_undo_steps_back_through_a_seats_run_of_decisions() -> None:
    """Several undos in a row return to each earlier state in turn, then stop at the barrier."""
    g = new_game(GameConfig(players=2, seed=21))
    bot = RandomBot(21)
    run_: list[tuple[dict[str, Any], Decision]] = []
    while not g.is_over:
        pend = g.pending
        assert pend is not None
        before = state_to_dict(g.state)
        g.choose(bot.choose(None, pend))
        if not g.can_undo:
            run_.clear()
            continue
        run_.append((before, pend))
        if len(run_) == 5:
            while run_:
                before, pend = run_.pop()
                assert g.can_undo.ok
                g.undo()
                assert state_to_dict(g.state) == before and g.pending == pend
            assert not g.can_undo.ok
            return
    raise AssertionError("no run of 5 undoable decisions found")


def test_undo_switched_off_is_refused() -> None:
    g = new_game(GameConfig(players=3, seed=4))
    g.undo_enabled = False
    bot = RandomBot(4)
    for _ in range(300):
        d = g.pending
        assert d is not None
        g.choose(bot.choose(None, d))
        st = g.can_undo
        assert not st.ok and st.reason == "Undo is switched off for this game."
    before = state_to_dict(g.state)
    with pytest.raises(IllegalChoice, match="switched off"):
        g.undo()
    assert state_to_dict(g.state) == before


def test_clones_and_finished_games_cannot_undo() -> None:
    g = new_game(GameConfig(players=2, seed=6))
    bot = RandomBot(6)
    while not g.is_over:
        d = g.pending
        assert d is not None
        g.choose(bot.choose(None, d))
        if g.can_undo:
            assert not g.clone().can_undo  # clones are for search: undo is off
    st = g.can_undo
    assert not st.ok and st.reason == "The game is over."
    with pytest.raises(IllegalChoice, match="over"):
        g.undo()


def test_a_loaded_game_starts_with_nothing_to_undo() -> None:
    g, bot = play_until(3, 9, lambda g: len(g.history) >= 400 and bool(g.can_undo))
    h = loads_save(dumps_save(g))
    st = h.can_undo
    assert not st.ok and st.reason
    d = h.pending
    assert d is not None
    before = state_to_dict(h.state)
    h.choose(d.choices[0].id)
    if h.can_undo:
        h.undo()
        assert state_to_dict(h.state) == before and h.pending == d

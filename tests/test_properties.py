"""Property tests over random legal games (issue 2 checks): invariants hold at every decision
(R1.5 energy accounting, 7 tiles, no negative counts), every listed choice is accepted, illegal
choices change nothing, every game ends, and games are deterministic and resumable from data."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GameConfig, IllegalChoice, new_game
from engine.aac.core import Ctx
from engine.aac.game import Game
from engine.aac.invariants import check
from engine.aac.state import state_to_dict
from engine.kernel.bots import RandomBot

CAP = 60_000


def play(players: int, seed: int, *, probe_every: int = 0) -> Game:
    g = new_game(GameConfig(players=players, seed=seed))
    bot = RandomBot(seed)
    n = 0
    while not g.is_over:
        d = g.pending
        assert d is not None, "a game that is not over always has a pending decision"
        assert d.choices, "a decision always offers at least one choice"
        assert len(set(d.ids())) == len(d.choices), f"duplicate choice ids in {d.kind}"
        if probe_every and n % probe_every == 0:
            for c in d.choices:  # every listed choice is accepted
                g2 = g.clone()
                g2.choose(c.id)
                assert not check(Ctx(g2.state, g2.rules)), (d.kind, c.id)
        g.choose(bot.choose(None, d))
        errs = check(Ctx(g.state, g.rules))
        assert not errs, (n, d.kind, errs)
        n += 1
        assert n < CAP, "game did not end"
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_random_games_keep_invariants_and_end(players: int, seed: int) -> None:
    """R1.5, R9.7, R23: accounting holds at every decision and every game ends."""
    g = play(players, seed, probe_every=97)
    assert g.is_over and g.pending is None
    scores = g.final_scores()
    assert len(scores) == players
    assert all(sc.total >= 0 for sc in scores)
    ranking = g.ranking()
    assert sorted(s for grp in ranking for s in grp) == list(range(players))


@pytest.mark.parametrize("players", [2, 5])
def test_illegal_choice_raises_and_leaves_state_untouched(players: int) -> None:
    g = new_game(GameConfig(players=players, seed=3))
    bot = RandomBot(3)
    for step in range(400):
        d = g.pending
        assert d is not None
        if step % 40 == 0:
            before = json.dumps(state_to_dict(g.state), sort_keys=True)
            for bad in ("nonsense", "", d.choices[0].id + "x"):
                with pytest.raises(IllegalChoice):
                    g.choose(bad)
            assert json.dumps(state_to_dict(g.state), sort_keys=True) == before
            assert g.pending == d
        g.choose(bot.choose(None, d))


def test_same_seed_and_choices_replay_identically() -> None:
    """All randomness comes from the state's RNG: seed + choices = the same game."""
    a = play(3, 11)
    b = new_game(GameConfig(players=3, seed=11))
    for cid in a.history:
        b.choose(cid)
    assert b.is_over
    assert state_to_dict(a.state) == state_to_dict(b.state)


def test_snapshot_resumes_exactly_mid_game() -> None:
    """State as data: a snapshot taken at any decision (frames included) resumes exactly."""
    g = new_game(GameConfig(players=4, seed=5))
    bot = RandomBot(5)
    for _ in range(700):
        d = g.pending
        assert d is not None
        g.choose(bot.choose(None, d))
    snap = json.loads(json.dumps(g.snapshot()))
    h = Game.from_snapshot(snap)
    assert h.pending == g.pending
    bot_g, bot_h = RandomBot(9), RandomBot(9)
    for _ in range(500):
        if g.is_over:
            break
        dg, dh = g.pending, h.pending
        assert dg == dh
        assert dg is not None and dh is not None
        eg = g.choose(bot_g.choose(None, dg))
        eh = h.choose(bot_h.choose(None, dh))
        assert eg == eh
    assert state_to_dict(g.state) == state_to_dict(h.state)


def test_view_hides_supply_order_and_rng() -> None:
    g = new_game(GameConfig(players=3, seed=2))
    v = g.view(0)
    assert "rng" not in v
    assert v["supply"] == len(g.state.supply)


def test_forced_decisions_can_be_asked() -> None:
    """auto_skip_forced=False: single-choice decisions are asked too (R32 all real decisions)."""
    g = new_game(GameConfig(players=2, seed=4, auto_skip_forced=False))
    bot = RandomBot(4)
    singles = 0
    for _ in range(300):
        d = g.pending
        assert d is not None
        singles += len(d.choices) == 1
        g.choose(bot.choose(None, d))
    assert singles > 0
    assert g.state.forced == 0

"""Property tests (hypothesis, bounded to a handful of examples): random legal games of every
size and mix of rules options keep gold >= 0, 22 discs per country and never more, unrest in
0..22 and VP >= 0 (with the score categories adding up to it) after every decision."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.aor.config import RULES_OPTIONS, AorConfig
from engine.aor.game import Game, new_game
from engine.aor.invariants import check
from engine.kernel.bots import RandomBot

OPTIONS = sorted(k for k in RULES_OPTIONS if k != "vp_may_go_negative")


def properties(g: Game) -> None:
    s, t = g.state, g.t
    for p in s.players:
        assert p.gold >= 0
        assert 0 <= p.unrest <= t.max_unrest
        assert p.vp >= 0 and sum(p.score.values()) == p.vp
    for c in range(len(t.countries)):
        on_board = sum(row[c] for row in s.discs) + sum(1 for x in s.spaces.values() if x == c)
        assert on_board <= t.board_discs
        seat = s.seat_of[c]
        if seat >= 0:
            assert on_board + s.players[seat].supply == t.board_discs
        else:
            assert on_board <= t.setup_draws
    assert check(t, s) == []


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6),
       options=st.sets(st.sampled_from(OPTIONS), max_size=5),
       random_alliances=st.booleans())
def test_random_games_keep_gold_discs_unrest_and_vp(players: int, seed: int,
                                                   options: set[str],
                                                   random_alliances: bool) -> None:
    cfg = AorConfig(players=players, seed=seed, random_first_alliances=random_alliances,
                    options={k: not RULES_OPTIONS[k][0] for k in options})
    g = new_game(cfg)
    g.undo_enabled = False
    bots = [RandomBot(seed + k) for k in range(players)]
    steps = 0
    while not g.is_over:
        properties(g)
        d = g.pending
        assert d is not None and d.choices
        g.choose(bots[d.seat].choose(None, d))
        steps += 1
        assert steps < 20_000
    properties(g)
    assert g.state.winners

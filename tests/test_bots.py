"""Fast bot tests: legality, determinism, no hidden information, the tournament summary."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.bots import make_bot
from engine.bots.determinize import game_from_view
from engine.bots.tournament import labels_for, play_game, summarize, wilson
from engine.config import GameConfig
from engine.game import Game, new_game


def _drive(game: Game, names: list[str], seed: int, limit: int) -> list[str]:
    """Let bots play `limit` decisions; every choice must be legal (choose raises otherwise)."""
    bots = [make_bot(n, seed * 10 + k) for k, n in enumerate(names)]
    made: list[str] = []
    for _ in range(limit):
        if game.is_over:
            break
        d = game.pending
        assert d is not None
        cid = bots[d.seat].choose(game.view(d.seat), d)
        assert cid in d.ids()
        game.choose(cid)
        made.append(cid)
    return made


@pytest.mark.parametrize("names", [["easy", "random", "easy"], ["normal", "hard"]])
def test_bots_make_only_legal_choices(names: list[str]) -> None:
    g = new_game(GameConfig(players=len(names), seed=11))
    made = _drive(g, names, 3, 80 if "hard" in names else 200)
    assert len(made) >= 80


def test_bots_are_deterministic_for_a_seed() -> None:
    a = _drive(new_game(GameConfig(players=2, seed=5)), ["hard", "easy"], 7, 40)
    b = _drive(new_game(GameConfig(players=2, seed=5)), ["hard", "easy"], 7, 40)
    assert a == b


def test_view_hides_rng_and_supply_order() -> None:
    g = new_game(GameConfig(players=3, seed=2))
    v = g.view(0)
    assert "rng" not in v
    assert isinstance(v["supply"], int) and v["supply"] == len(g.state.supply)
    hidden = set(g.state.supply)
    # no supply tile id appears anywhere in the view
    assert not any(t in repr(v) for t in hidden)


def _reordered(g: Game) -> Game:
    """The same table with the hidden supply in another order (and another RNG)."""
    h = g.clone()
    h.state.supply = list(reversed(h.state.supply))
    h.state.rng ^= 0xFFFF
    return h


def test_hidden_supply_order_does_not_change_the_choice() -> None:
    g = new_game(GameConfig(players=2, seed=9))
    _drive(g, ["easy", "easy"], 1, 40)  # get into the game a little
    h = _reordered(g)
    assert g.state.supply != h.state.supply
    d = g.pending
    assert d is not None and h.pending is not None
    va, vb = g.view(d.seat), h.view(d.seat)
    assert va == vb
    for level in ("easy", "normal", "hard"):
        ca = make_bot(level, 4).choose(va, d)
        cb = make_bot(level, 4).choose(vb, h.pending)
        assert ca == cb


def test_determinized_game_matches_the_view_but_not_the_hidden_order() -> None:
    g = new_game(GameConfig(players=4, seed=3))
    view: dict[str, Any] = g.view(1)
    before = copy.deepcopy(view)
    d = game_from_view(view, 123)
    assert view == before  # the view is not mutated
    assert d.pending is not None and g.pending is not None
    assert d.pending.ids() == g.pending.ids()
    assert len(d.state.supply) == len(g.state.supply)
    assert sorted(d.state.supply) == sorted(g.state.supply)  # same unseen tiles
    assert d.state.pool == g.state.pool
    # and a bot's search on it cannot reach the real state (different objects, no shared lists)
    assert d.state.players[0].exhausted is not g.state.players[0].exhausted


def test_tournament_summary_and_labels() -> None:
    assert labels_for(["hard", "hard", "easy"]) == ["hard#1", "hard#2", "easy"]
    lo, hi = wilson(190, 200)
    assert 0.9 < lo < 0.95 < hi < 0.98
    r = play_game((0, ["easy", "random"], ["easy", "random"], 42))
    assert r["error"] == ""
    s = summarize(["easy", "random"], [r])
    assert s["games"] == 1
    assert set(s["bots"]) == {"easy", "random"}
    assert s["bots"]["easy"]["wins"] + s["bots"]["random"]["wins"] == pytest.approx(1.0)

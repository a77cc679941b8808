"""The simulate check that hidden information never reaches another seat's view
(engine.aac.simulate.hidden_leaks): quiet on real Folklore games, loud when a hidden card
shows up anywhere else in the state (issue 14: hidden hands never in other views)."""

from __future__ import annotations

import random

from engine.aac.config import GameConfig
from engine.aac.folklore.state import fdata
from engine.aac.game import new_game
from engine.aac.simulate import hidden_leaks, play_random_game


def test_random_folklore_games_show_no_hidden_card_to_another_seat() -> None:
    res = play_random_game(3, 11, modules=("folklore",))
    assert res.finished and not res.error


def test_a_hidden_card_copied_elsewhere_in_the_state_is_caught() -> None:
    g = new_game(GameConfig(players=2, seed=4, modules=("folklore",)))
    rng = random.Random(4)
    while g.state.turn < 2:
        d = g.pending
        assert d is not None
        g.choose(rng.choice(d.choices).id)
    assert hidden_leaks(g) == []
    card = fdata(g.state)["hand"][1][0]
    g.state.ext["folklore"]["last_seen"] = card  # a careless field that is never redacted
    leaks = hidden_leaks(g)
    assert leaks and any(x.startswith("seat 0 sees") for x in leaks) and card in leaks[0]

"""The expert bot (engine.aac.bots.ismcts): information-set MCTS across turns.

Small budgets keep these fast; the same code runs with the level's budget in tournaments
(`python -m engine tournament --seats expert,hard ...`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from engine.aac.bots import BOT_LEVELS, make_bot
from engine.aac.bots.guard import passive
from engine.aac.bots.ismcts import EXPERT, IsmctsBot, Params, horizon
from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game
from engine.kernel.decisions import Decision


def _small(iterations: int = 12, **kw: Any) -> Params:
    return Params(**{**EXPERT.__dict__, "weights": dict(EXPERT.weights),
                     "iterations": iterations, **kw})


def _bot(seed: int, iterations: int = 12, clock: Callable[[], float] | None = None,
         **kw: Any) -> IsmctsBot:
    if clock is None:
        return IsmctsBot(seed, params=_small(iterations, **kw))
    return IsmctsBot(seed, params=_small(iterations, **kw), clock=clock)


def _drive(g: Game, seats: list[Any], limit: int) -> list[str]:
    made: list[str] = []
    while not g.is_over and len(made) < limit:
        d = g.pending
        assert d is not None
        cid = seats[d.seat].choose(g.view(d.seat), d)
        assert cid in d.ids()
        g.choose(cid)  # raises IllegalChoice on an illegal choice
        made.append(cid)
    return made


class PassiveSeat:
    """Always the passive choice when there is one ("End your turn", "Leave it"...)."""

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        c = passive(decision.choices)
        return (c or decision.choices[0]).id


def test_expert_is_a_level_made_by_make_bot() -> None:
    assert BOT_LEVELS[-1] == "expert"
    bot = make_bot("expert", 3)
    assert isinstance(bot, IsmctsBot)
    assert bot.p.iterations == EXPERT.iterations


def test_a_seed_and_a_budget_give_the_same_choices() -> None:
    runs = []
    for _ in range(2):
        g = new_game(GameConfig(players=2, seed=21))
        g.undo_enabled = False
        bots = [_bot(5, 10), make_bot("easy", 6)]
        made = _drive(g, bots, 50)
        runs.append((made, bots[0].plans, bots[0].iterations))  # type: ignore[attr-defined]
    assert runs[0] == runs[1]
    made, plans, iterations = runs[0]
    assert plans > 3 and iterations >= plans * 8  # it searched (a few skip a mismatch)


def test_a_slow_clock_does_not_change_the_choices_and_the_cap_is_counted() -> None:
    """A clock 3 ms per reading (a loaded machine) changes nothing: the iteration budget
    decides. One jumping 10 s per reading trips the safety cap in every search: still legal
    choices, and each cut is counted."""
    def clock(step: float) -> Callable[[], float]:
        ticks = itertools.count()
        return lambda: next(ticks) * step

    def run(bot: IsmctsBot) -> list[str]:
        g = new_game(GameConfig(players=2, seed=8))
        g.undo_enabled = False
        return _drive(g, [bot, make_bot("easy", 2)], 30)

    real = run(_bot(5, 8))
    slow_bot = _bot(5, 8, clock=clock(0.003))
    assert run(slow_bot) == real and slow_bot.cap_fired == 0
    capped = _bot(5, 8, clock=clock(10.0))
    run(capped)
    assert capped.plans > 0 and capped.cap_fired == capped.plans


def _reordered(g: Game) -> Game:
    """The same table with the hidden supply in another order (and another RNG)."""
    h = g.clone()
    h.state.supply = list(reversed(h.state.supply))
    h.state.rng ^= 0xFFFF
    return h


def test_hidden_information_does_not_change_the_choice() -> None:
    """Two games that differ only in their hidden parts (the face-down supply order, the
    RNG) give the seat the same view, and the expert the same choice: the search is rebuilt
    from the view only."""
    g = new_game(GameConfig(players=2, seed=9))
    g.undo_enabled = False
    _drive(g, [make_bot("easy", 1), make_bot("easy", 2)], 40)
    while g.pending is not None and len(g.pending.choices) < 2:
        g.choose(g.pending.choices[0].id)
    h = _reordered(g)
    assert g.state.supply != h.state.supply
    d, e = g.pending, h.pending
    assert d is not None and e is not None
    va, vb = g.view(d.seat), h.view(d.seat)
    assert va == vb
    a, b = _bot(4, 30), _bot(4, 30)
    assert a.choose(va, d) == b.choose(vb, e)
    assert a.iterations == b.iterations > 0


def test_the_horizon_reaches_the_end_of_the_next_turn() -> None:
    g = new_game(GameConfig(players=3, seed=4))
    active = g.state.active
    # from its own turn: its turn, the two replies, its next turn
    assert horizon(g, active, True) == 4
    assert horizon(g, active, False) == 3
    # from another seat's turn: until its own next turn ends
    assert horizon(g, (active + 1) % 3, True) == 2


def test_a_short_two_player_game_is_played_to_the_end() -> None:
    g = new_game(GameConfig(players=2, seed=13))
    g.undo_enabled = False
    bot = _bot(2, 6, next_turn=False)
    made = _drive(g, [make_bot("easy", 3), bot], 6000)
    assert g.is_over, f"not over after {len(made)} decisions (turn {g.state.turn})"
    assert all(m.completed or not m.stack for m in g.state.monuments.values())  # R23.1
    assert bot.cap_fired == 0 and bot.plans > 10


def test_against_a_passive_seat_the_game_ends() -> None:
    """A seat that only ever passes (R23.1: the game ends when every monument is built):
    the expert builds them all."""
    g = new_game(GameConfig(players=2, seed=6))
    g.undo_enabled = False
    bot = _bot(7, 4, next_turn=False)
    made = _drive(g, [bot, PassiveSeat()], 6000)
    assert g.is_over, f"not over after {len(made)} decisions (turn {g.state.turn})"
    assert all(m.completed or not m.stack for m in g.state.monuments.values())

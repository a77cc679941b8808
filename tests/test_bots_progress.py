"""Games always end (engine.aac.bots.progress): the bots' guarantee of progress.

The game ends only when every monument is built (R23.1). Property: at every bot level, at 2-4
players, against seats that always take the passive choice ("End your turn", "Leave it",
"Finish the Advance turn"... as a person or an outside bot may) and random seats, every game
ends within a decision cap. Bigger runs: bench/search_speed.py --progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.aac import events as ev
from engine.aac.bots import make_bot
from engine.aac.bots.evaluate import HARD_WEIGHTS, choice_cost, evaluate
from engine.aac.bots.guard import StallWatch, passive
from engine.aac.bots.progress import ProgressGuard, measure, null_choice, view_measure
from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game
from engine.aac.persist.io import load_game
from engine.aac.state import EMPTY
from engine.kernel.bots import Bot, RandomBot
from engine.kernel.decisions import Decision

DECISION_CAP = 6000


class PassiveSeat:
    """Always the passive choice when there is one, else the first (never builds on its own
    initiative)."""

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        c = passive(decision.choices)
        return (c or decision.choices[0]).id


def _seat(name: str, seed: int) -> Bot | PassiveSeat:
    if name == "passive":
        return PassiveSeat()
    return make_bot(name, seed)


def _play(names: list[str], seed: int) -> tuple[Game, int, list[Any]]:
    g = new_game(GameConfig(players=len(names), seed=seed))
    g.undo_enabled = False
    seats = [_seat(n, seed * 31 + k) for k, n in enumerate(names)]
    made = 0
    while not g.is_over and made < DECISION_CAP:
        d = g.pending
        assert d is not None
        g.choose(seats[d.seat].choose(g.view(d.seat), d))
        made += 1
    return g, made, seats


TABLES = [
    ["{}", "passive"],
    ["random", "{}"],
    ["passive", "{}", "random"],
    ["{}", "passive", "passive", "random"],
]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("table", range(len(TABLES)))
def test_games_against_passive_and_random_seats_end(level: str, table: int) -> None:
    names = [n.format(level) for n in TABLES[table]]
    g, made, _ = _play(names, 3 + table)
    assert g.is_over, f"{names}: not over after {made} decisions (turn {g.state.turn})"
    assert all(m.completed or not m.stack for m in g.state.monuments.values())


def _stalled_table() -> Game:
    return _scenario("stalled-2p.json")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_guard_alone_ends_a_stalled_game(level: str) -> None:
    """saves/scenarios/stalled-2p.json (turn 75, both seats' energy parked in the Tile Pool,
    nobody builds: tests/test_bots.py): with the stall watch switched off, the progress guard
    alone makes the seats build until the game ends (R23.1)."""
    g = _stalled_table()
    bots = [make_bot(level, 40 + k) for k in range(g.state.n)]
    for b in bots:
        b.watch = StallWatch(turns_per_seat=10**9)  # type: ignore[attr-defined]
    for _ in range(4000):
        if g.is_over:
            break
        d = g.pending
        assert d is not None
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
    assert g.is_over
    assert sum(b.progress.takeovers for b in bots) > 0  # type: ignore[attr-defined]


def test_the_guard_counts_own_turns_without_progress() -> None:
    g = new_game(GameConfig(players=2, seed=4))
    v = g.view(0)
    guard = ProgressGuard(turns=3)
    assert view_measure(v) == measure(g.state)
    assert not guard.pushing(v)
    later = dict(v, turn=int(v["turn"]) + 5)
    assert not guard.pushing(later)  # 5 table turns < 3 own turns at 2 players
    assert guard.pushing(dict(v, turn=int(v["turn"]) + 6))
    # a space filled is progress: the count starts again
    mons = dict(v["monuments"])
    mid = next(iter(mons))
    m = dict(mons[mid])
    m["spaces"] = [0] + list(m["spaces"][1:])
    mons[mid] = m
    assert not guard.pushing(dict(v, turn=int(v["turn"]) + 7, monuments=mons))


def _turn_type_without_bottom_energy(seed: int) -> Game:
    """A seeded random game at a seat's turn-type choice with no bottom-row energy."""
    g = new_game(GameConfig(players=2, seed=seed))
    bot = RandomBot(seed)
    for _ in range(4000):
        d = g.pending
        assert d is not None
        if d.kind == "turn_type":
            p = g.state.players[d.seat]
            if all(x == EMPTY for tile in p.device for x in p.bottom[tile]):
                return g
        g.choose(bot.choose(None, d))
    raise AssertionError("no such position")


def test_an_empty_actions_turn_is_a_null_choice() -> None:
    """R6.4: an Actions turn with no bottom-row energy does nothing ("End your turn" is its
    only choice and applies by itself); an Advance turn always does something (R5.6)."""
    g = _turn_type_without_bottom_energy(8)
    d = g.pending
    assert d is not None
    stack = len(g.state.stack)
    acts = g.clone()
    events = acts.choose("actions")
    assert any(isinstance(e, ev.TurnStarted) for e in events)
    assert null_choice(d.find("actions"), events, stack, acts, d.seat)  # type: ignore[arg-type]
    adv = g.clone()
    events = adv.choose("advance")
    assert not null_choice(d.find("advance"), events, stack, adv, d.seat)  # type: ignore
    # and the bots take the Advance turn there
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level, 1)
        assert bot.choose(g.view(d.seat), d) == "advance", level


def _scenario(name: str) -> Game:
    return load_game(Path(__file__).resolve().parent.parent / "saves" / "scenarios" / "aac" / name)


def _hard_score(g: Game, k: int) -> float:
    return evaluate(g.state, g.rules, k, HARD_WEIGHTS)


def test_the_guard_charges_the_patron_tokens_cost() -> None:
    """saves/scenarios/patron-or-deploy-2p.json: seat 0 holds the Verdant Spire's Patron Token
    at its turn-type choice, with bottom-row energy. Both turns progress: an Advance turn ends
    with the token's use (a section at once, R21.2), an Actions turn deploys onto a section.
    Ranked by progress alone the guard takes the Advance turn (and then the token); charged
    what the token costs (the bottom row exhausted, no binding: R21.2, R21.3; choice_cost),
    it takes the Actions turn."""
    g = _scenario("patron-or-deploy-2p.json")
    d = g.pending
    assert d is not None and d.kind == "turn_type" and g.state.players[d.seat].patron

    def cost(g0: Game, k: int, cid: str) -> float:
        return choice_cost(g0.state, g0.rules, k, cid, HARD_WEIGHTS)

    assert ProgressGuard().choose(g.clone(), d, _hard_score) == "advance"
    assert ProgressGuard().choose(g.clone(), d, _hard_score, cost) == "actions"


def test_the_guard_still_uses_the_patron_token_when_nothing_else_progresses() -> None:
    """Games always end: at the end of a stalled Advance turn (E1) "Finish the Advance turn"
    gives up and the token's use is the only progress, so the guard uses it however much it
    costs (R21.2, R21.4: the token keeps every player able to end the game)."""
    g = _scenario("patron-or-deploy-2p.json")
    g.choose("advance")
    bot = make_bot("hard", 5)
    for _ in range(200):
        d = g.pending
        assert d is not None
        if d.kind == "end_of_advance":
            break
        g.choose(bot.choose(g.view(d.seat), d))
    else:
        raise AssertionError("the Advance turn did not reach its end")
    assert any(c.id.startswith("patron:") for c in d.choices)

    def dear(g0: Game, k: int, cid: str) -> float:
        return 1000.0 if cid.startswith("patron:") else 0.0

    assert ProgressGuard().choose(g.clone(), d, _hard_score, dear).startswith("patron:")

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
from engine.aac.bots.guard import StallWatch, passive
from engine.aac.bots.progress import ProgressGuard, measure, null_choice, view_measure
from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game
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
    from engine.aac.persist.io import load_game

    path = Path(__file__).resolve().parent.parent / "saves" / "scenarios" / "stalled-2p.json"
    return load_game(path)


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

"""The conformance suite: for every registered game and every mix of its modules (today An
Age Contrived with no module, Age of Reason, and the kernel's tiny test game Pebbles), a few
short random
games checked for what every game on the kernel promises:

- random games run to their end, the game's invariants holding along the way;
- a snapshot taken at a decision (every decision early on, then sparser) survives JSON and
  rebuilds the same game, waiting on the same decision;
- replaying the choices from the config gives the same game (and its save loads verified);
- a seat's view never holds what the redaction hides: rebuilding a game from the view (the
  bots' resampling, with two seeds) and viewing it again gives the same view, and the seat
  deciding sees the same legal choices there;
- undo is exact: stepping back returns exactly the earlier game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine.aac  # noqa: F401  (registers An Age Contrived)
import engine.aor  # noqa: F401  (registers Age of Reason)
import tests.kernel_toy  # noqa: F401  (registers Pebbles)
from engine.kernel import saves
from engine.kernel.bots import RandomBot
from engine.kernel.definition import GameDefinition, definitions
from engine.kernel.rng import Rng, seed_state
from engine.kernel.runner import Runner

EVERY_DECISION = 40  # the first decisions checked at every step, then every SPARSE-th
SPARSE = 97
MAX_DECISIONS = 12_000


def mixes() -> list[Any]:
    out = []
    for defn in definitions():
        for mix in defn.module_mixes():
            out.append(pytest.param(defn, mix, id=f"{defn.id}[{'+'.join(mix) or 'base'}]"))
    return out


def check_round_trip(defn: GameDefinition, g: Runner) -> None:
    snap = g.snapshot()
    again = defn.runner.from_snapshot(json.loads(json.dumps(snap)))
    assert again.snapshot() == snap
    assert again.pending == g.pending


def check_views(defn: GameDefinition, g: Runner, k: int) -> None:
    for seat in range(g.state.n):
        view = g.view(seat)
        json.dumps(view)  # plain data
        for salt in (1, 2):
            guess = defn.resample(view, 1000 * k + salt)
            assert guess.view(seat) == view, f"seat {seat}: the view changes with the hidden part"
            if g.pending is not None and g.pending.seat == seat:
                # a bot deciding from its view sees the same legal choices
                assert guess.pending is not None and guess.pending.ids() == g.pending.ids()
    spectator = g.view(-1)
    assert defn.resample(spectator, k).view(-1) == spectator


def check_undo(g: Runner, rng: Rng) -> bool:
    """Choose, then (when the rules allow it) undo: the earlier game exactly. True if undone."""
    d = g.pending
    assert d is not None
    before = (g.snapshot(), d, list(g.history))
    g.choose(d.choices[rng.below(len(d.choices))].id)
    if not g.can_undo:
        return False
    g.undo()
    assert (g.snapshot(), g.pending, g.history) == before
    return True


@pytest.mark.parametrize("defn,mix", mixes())
def test_conformance(defn: GameDefinition, mix: tuple[str, ...]) -> None:
    undone = 0
    for cfg in defn.conformance_configs(mix):
        g = defn.new_game(cfg)
        assert g.undo_enabled
        n = g.state.n
        bots = [RandomBot(7 * k + cfg.seed) for k in range(n)]
        rng = Rng(seed_state(cfg.seed))
        steps = 0
        while not g.is_over:
            d = g.pending
            assert d is not None and d.choices and 0 <= d.seat < n
            if steps < EVERY_DECISION or steps % SPARSE == 0:
                check_round_trip(defn, g)
                check_views(defn, g, steps)
                assert defn.invariants(g) == [], defn.invariants(g)
                if check_undo(g, rng):
                    undone += 1  # back where we were: the bot decides instead
                else:
                    steps += 1  # the random choice stands (undo stops at a barrier)
                    continue
            g.choose(bots[d.seat].choose(g.view(d.seat), d))
            steps += 1
            assert steps < MAX_DECISIONS, "the game does not end"
        assert defn.invariants(g) == []
        check_round_trip(defn, g)
        scores = defn.scores(g)
        cats = [c.name for c in defn.score_categories(mix)]
        assert len(scores) == n and all(set(s) == set(cats) | {"total"} for s in scores)
        assert all(s["total"] == sum(s[c] for c in cats) for s in scores)
        # replay determinism, and the save of the finished game loads verified
        h = saves.replay(defn, defn.make_config(g.config), g.history)
        assert h.snapshot() == g.snapshot() and h.pending is None
        loaded = saves.loads(saves.dumps(g), defn)
        assert loaded.snapshot() == g.snapshot() and loaded.is_over
    assert undone > 0  # undo was exercised (and exact) in every mix

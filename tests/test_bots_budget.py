"""Reproducible budgets: the planner's work is bounded by nodes, never by a clock.

A CPU-time cap stays as a safety net only; when it fires it is counted (`cap_fired`), so a
run where it fired is known not to replay the same.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from engine.aac.bots.planner import PlannerBot
from engine.aac.config import GameConfig
from engine.aac.game import new_game
from engine.tools.tournament import play_game, run_tournament


def _fake_clock(step: float) -> Callable[[], float]:
    """A clock that advances `step` seconds per reading, whatever the machine does: a
    deterministic stand-in for a loaded (slow) machine."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


def _decisions(level: str, clock: Callable[[], float] | None, limit: int = 120
               ) -> tuple[list[str], list[PlannerBot]]:
    """The choices of two seeded planner bots over the first `limit` decisions of a game."""
    g = new_game(GameConfig(players=2, seed=21))
    g.undo_enabled = False
    kw = {} if clock is None else {"clock": clock}
    bots = [PlannerBot(5, level, **kw), PlannerBot(6, "normal", **kw)]  # type: ignore[arg-type]
    made: list[str] = []
    while not g.is_over and len(made) < limit:
        d = g.pending
        assert d is not None
        cid = bots[d.seat].choose(g.view(d.seat), d)
        g.choose(cid)
        made.append(cid)
    return made, bots


def test_a_seeded_bot_with_a_node_budget_repeats_its_choices() -> None:
    a, bots_a = _decisions("hard", None)
    b, bots_b = _decisions("hard", None)
    assert a == b
    assert [x.nodes for x in bots_a] == [x.nodes for x in bots_b]
    assert bots_a[0].plans > 5 and bots_a[0].nodes > 0
    assert [x.cap_fired for x in bots_a] == [0, 0]


def test_a_slow_clock_does_not_change_the_choices() -> None:
    """The same decisions on a machine whose clock runs 3 ms per reading (as if loaded):
    the node budget decides, the CPU-time cap (5 s) is not reached."""
    real, _ = _decisions("hard", None)
    slow, bots = _decisions("hard", _fake_clock(0.003))
    assert slow == real
    assert [x.cap_fired for x in bots] == [0, 0]


def test_the_safety_cap_is_counted_when_it_fires() -> None:
    """A clock that jumps 10 s per reading trips the cap in every search: the bot still
    chooses legally, and says how often it was cut short."""
    g = new_game(GameConfig(players=2, seed=21))
    bot = PlannerBot(5, "hard", clock=_fake_clock(10.0))
    searches = 0
    for _ in range(60):
        d = g.pending
        assert d is not None
        cid = bot.choose(g.view(d.seat), d) if d.seat == 0 else d.choices[0].id
        assert cid in d.ids()
        g.choose(cid)
        searches = bot.plans
    assert searches > 0
    assert bot.cap_fired == searches


def test_the_tournament_reports_the_cap() -> None:
    r = play_game((0, ["hard", "easy"], ["hard", "easy"], 77))
    assert not r["error"]
    assert r["cap_fired"] == [0, 0]
    data = run_tournament(["normal", "easy"], 1, 3, jobs=1, progress=False)
    assert data["cap_fired"] == 0

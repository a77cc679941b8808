"""Saves, replays and undo with the Pilgrimage module (issue 15): a save taken at every kind of
moment of a Shrine completion (step A: which Shrine, which frame; step B: before and in the
middle of a Pilgrimage's move; a Shrine's benefit; step C), at the closed space's question
(R27.1.7) and in a bridge's Pilgrimage move resumes exactly and plays on identically; a whole
game with both modules replays to the same end; undo steps back inside a Shrine completion
and never across another seat's decision; the scenario save before a Shrine completion."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.aac.game import OTHER_SEAT, Game
from engine.aac.persist.io import dumps_save, load_game, loads_save, replay
from engine.aac.persist.scenarios import starts_shrine_completion
from engine.aac.pilgrimage.rules import PilgrimMoveFrame, ShrineResolveFrame
from engine.aac.state import state_to_dict
from engine.kernel.bots import RandomBot
from engine.kernel.decisions import Decision
from tests.pilgrimage_support import pilgrimage  # noqa: F401  (the fixture)

pytestmark = pytest.mark.usefixtures("pilgrimage")

SCENARIO = (Path(__file__).resolve().parents[1] / "saves" / "scenarios" / "aac"
            / "shrine-completion-3p.json")
BOTH = ("folklore", "pilgrimage")


def keen(d: Decision, k: int) -> str:
    """Keen on the Pilgrim Board two decisions in three (to reach Shrine completions)."""
    if k % 3 == 0:
        return ""
    for want in (lambda i: "pilgrim:" in i and ">" in i,
                 lambda i: i in ("pilgrimage:speed", "take", "resolve:shrine"),
                 lambda i: i.startswith("to:")):
        ids = [i for i in d.ids() if want(i)]
        if ids:
            return ids[0]
    return ""


def in_completion(g: Game) -> bool:
    return any(isinstance(f, ShrineResolveFrame) for f in g.state.stack)


def mid_move(g: Game) -> bool:
    fr = g.state.stack[-1] if g.state.stack else None
    return isinstance(fr, PilgrimMoveFrame) and len(fr.path) > 1


def outside_move(g: Game) -> bool:
    return g.pending is not None and g.pending.kind == "pilgrimage_move" and not in_completion(g)


MOMENTS: dict[str, Callable[[Game], bool]] = {
    "blocker": lambda g: g.pending is not None and g.pending.kind == "pilgrimage_blocker",
    "A: which Shrine": lambda g: in_completion(g) and g.pending is not None
    and g.pending.kind == "pilgrimage_shrine",
    "A: which frame": lambda g: in_completion(g) and g.pending is not None
    and g.pending.kind == "pilgrimage_frame",
    "B: the move starts": lambda g: in_completion(g) and g.pending is not None
    and g.pending.kind == "pilgrimage_move" and not mid_move(g),
    "B: mid move": lambda g: in_completion(g) and mid_move(g),
    "B: a Shrine's benefit": lambda g: g.pending is not None
    and g.pending.kind == "pilgrimage_benefit",
    "C: board energy": lambda g: g.pending is not None and g.pending.kind == "pilgrimage_energy",
}


def same_on(a: Game, b: Game, moves: int, seed: int) -> None:
    """Both copies play on with the same choices: same decisions, events and states."""
    bot = RandomBot(seed)
    for _ in range(moves):
        da, db = a.pending, b.pending
        assert da == db
        if da is None:
            break
        cid = bot.choose(None, da)
        assert a.choose(cid) == b.choose(cid)
    assert state_to_dict(a.state) == state_to_dict(b.state)


def play_to_moments(players: int, seed: int, modules: tuple[str, ...],
                    check: Callable[[str, Game], None]) -> set[str]:
    g = new_game(GameConfig(players=players, seed=seed, modules=modules))
    bots = [RandomBot(seed + i) for i in range(players)]
    met: set[str] = set()
    k = 0
    while not g.is_over and len(met) < len(MOMENTS) and k < 20000:
        for name, at in MOMENTS.items():
            if name not in met and at(g):
                met.add(name)
                check(name, g)
        d = g.pending
        assert d is not None
        g.choose(keen(d, k) or bots[d.seat].choose(None, d))
        k += 1
    return met


@pytest.mark.parametrize("players,seed,modules", [(2, 4, ("pilgrimage",)), (3, 8, BOTH)])
def test_a_save_at_every_moment_of_a_shrine_completion_resumes_exactly(
        players: int, seed: int, modules: tuple[str, ...]) -> None:
    def check(name: str, g: Game) -> None:
        h = loads_save(dumps_save(g))  # verified against a replay of its choices
        assert state_to_dict(h.state) == state_to_dict(g.state), name
        assert h.pending == g.pending, name
        same_on(g.clone(), h, 12, seed)

    met = play_to_moments(players, seed, modules, check)
    want = set(MOMENTS) - ({"blocker"} if players > 2 else set())
    assert want <= met, sorted(want - met)


def test_a_save_in_a_bridges_pilgrimage_move_resumes_exactly() -> None:
    """R27.1.6: the Pilgrims' Ford or Stair moves a Pilgrimage outside a Shrine completion."""
    for seed in range(1, 40):
        g = new_game(GameConfig(players=3, seed=seed, modules=BOTH))
        bots = [RandomBot(seed + i) for i in range(3)]
        k = 0
        while not g.is_over and k < 6000 and not outside_move(g):
            d = g.pending
            assert d is not None
            take = "take" if d.kind == "bridge_benefit" and "take" in d.ids() else ""
            g.choose(take or bots[d.seat].choose(None, d))
            k += 1
        if outside_move(g):
            h = loads_save(dumps_save(g))
            assert state_to_dict(h.state) == state_to_dict(g.state) and h.pending == g.pending
            same_on(g.clone(), h, 12, seed)
            return
    pytest.fail("no bridge Pilgrimage move in 40 games")


def test_a_whole_game_with_both_modules_replays_to_the_same_end() -> None:
    g = new_game(GameConfig(players=3, seed=17, modules=BOTH))
    bots = [RandomBot(17 + i) for i in range(3)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        g.choose(bots[d.seat].choose(None, d))
    cfg = GameConfig(players=3, seed=17, modules=BOTH)
    h = replay(cfg, list(g.history))
    assert h.is_over and state_to_dict(h.state) == state_to_dict(g.state)
    assert h.final_scores() == g.final_scores()
    parts = {p for sc in g.final_scores() for p, _ in sc.parts}
    assert {"pilgrimage", "blockades", "folklore", "scoring_cards"} <= parts
    x = loads_save(dumps_save(g))  # a finished game's save verifies too
    assert x.is_over and x.final_scores() == g.final_scores()


def test_undo_inside_a_shrine_completion_goes_back_exactly() -> None:
    """Within one participant's run of decisions (which Shrine, which frame, each step of
    the move) undo returns exactly; at the next participant's first decision, undo stops
    (another seat decided since)."""
    g = new_game(GameConfig(players=3, seed=8, modules=BOTH))
    assert g.undo_enabled
    bots = [RandomBot(8 + i) for i in range(3)]
    k = 0
    undone: list[str] = []
    refused = 0
    prev_seat = -1
    while not g.is_over and k < 20000 and (len(undone) < 3 or not refused):
        d = g.pending
        assert d is not None
        if in_completion(g) and d.kind.startswith("pilgrimage"):
            st = g.can_undo
            if st.ok and d.kind not in undone:
                g2 = g.clone()
                before = pickle.dumps(g.state)
                pend, hist = g.pending, list(g.history)
                cid = keen(d, 1) or bots[d.seat].choose(None, d)
                g.choose(cid)
                if g.pending is not None and g.pending.seat == d.seat and g.can_undo.ok:
                    g.undo()
                    assert state_to_dict(g.state) == state_to_dict(pickle.loads(before))
                    assert g.pending == pend and g.history == hist
                    assert state_to_dict(g2.state) == state_to_dict(g.state)
                    undone.append(d.kind)
                continue
            if not st.ok and prev_seat not in (-1, d.seat) and st.reason == OTHER_SEAT:
                refused += 1
        prev_seat = d.seat
        g.choose(keen(d, k) or bots[d.seat].choose(None, d))
        k += 1
    assert len(undone) >= 3 and refused, (undone, refused)
    # the history kept through the undos replays to the same game
    h = replay(GameConfig(players=3, seed=8, modules=BOTH), list(g.history))
    assert state_to_dict(h.state) == state_to_dict(g.state)


def test_the_shrine_completion_scenario_is_just_before_one() -> None:
    """saves/scenarios/shrine-completion-3p.json (engine.aac.persist.scenarios): the active
    player's decision whose choice ends the turn into a Shrine completion, all 8 Shrines in
    the supply; it loads, verifies and plays into the completion."""
    g = load_game(SCENARIO)  # verified against a replay of its choices
    d = g.pending
    assert d is not None and d.seat == g.state.active
    assert g.state.n == 3 and set(g.state.modules) == set(BOTH)
    assert len(g.state.ext["pilgrimage"]["supply"]) == 8
    into = [cid for cid in d.ids() if starts_shrine_completion(g, cid)]
    assert into
    events: list[Any] = g.choose(into[0])
    assert any(type(e).__name__ == "ShrineCompletionStarted" for e in events)
    assert in_completion(g) and g.pending is not None
    assert g.pending.kind == "pilgrimage_shrine"

"""Module hooks: a small test-only module ("lantern") uses every hook a real module
(Folklore R26, Pilgrimage R27) needs, and a game with it plays, saves, views and undoes as
the conformance suite requires. The module is registered for these tests only.

The lantern: each seat keeps a secret count of lamps (a hidden part, seen by its owner);
instead of recharging a seat may light a lamp (the "recharge" trigger, R8.2's substitution);
a 3-space lantern board takes energy by Deploy, Reposition, a Compass or Running Out (an
energy location); two energy of one seat there make a lantern completion (a completion
kind) that sends them back to the Exhausted Pool and lights a lamp; every turn ends with a
"lantern_glow" step (a turn step) counting glows; the game end also needs 3 glows (an end
condition); each lamp scores 2 (a score category); lamps are never negative (invariants).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.aac import locations, modules, triggers
from engine.aac.core import Ctx, move_energy
from engine.aac.data import TYPES, WILD
from engine.aac.definition import AAC
from engine.aac.locations import EnergyLocation
from engine.aac.log import describe
from engine.aac.modules import CompletionKind, EndCondition, ModuleDef, TurnStep
from engine.aac.names import ENERGY, loc
from engine.aac.persist.io import dumps_save, loads_save
from engine.aac.placement import destinations
from engine.aac.rules.completion import CompletionPhase
from engine.aac.rules.reserve import recharge
from engine.aac.rules.turn import TurnFrame, _ends_now, turn_steps
from engine.aac.schema import Strict
from engine.aac.scoring import categories, final_scores
from engine.aac.state import EMPTY, Completion, GameState
from engine.kernel.bots import RandomBot
from engine.kernel.decisions import Choice
from engine.kernel.definition import ScoreCategory
from engine.kernel.hidden import HiddenPart
from engine.kernel.rng import Rng, seed_state
from tests.test_conformance import check_round_trip, check_undo, check_views

NAME = "lantern"


class LanternData(Strict):
    """The module's data in a save (ModuleDef.ext_schemas): exact types, as saved."""

    lamps: list[int]
    board: list[int]
    glows: int


def data(s: GameState) -> dict[str, Any]:
    return s.ext[NAME]  # type: ignore[no-any-return]


def _setup(ctx: Ctx) -> None:
    ctx.s.ext[NAME] = {"lamps": [0] * ctx.s.n, "board": [EMPTY] * 3, "glows": 0}


def _glow(ctx: Ctx, seat: int) -> bool:
    data(ctx.s)["glows"] += 1
    return False  # nothing pushed, no decision


def _glowed(ctx: Ctx) -> bool:
    return bool(data(ctx.s)["glows"] >= 3)


def _recharge(ctx: Ctx, hook: triggers.Hook) -> None:
    if hook.choice is None:
        hook.choices.append(Choice("lantern:lamp", "Light a lamp instead of recharging", (),
                                   (NAME, None)))
    elif hook.key() == NAME:
        data(ctx.s)["lamps"][hook.seat] += 1
        hook.handled = True


# --- the lantern board: an energy location -----------------------------------------------------


def _take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    board = data(ctx.s)["board"]
    assert board[int(rest)] == seat * 4 + t
    board[int(rest)] = EMPTY


def _put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    board = data(ctx.s)["board"]
    assert board[int(rest)] == EMPTY
    board[int(rest)] = seat * 4 + t


def _count(s: GameState, seat: int) -> list[int]:
    tot = [0, 0, 0, 0]
    for cell in data(s)["board"] if NAME in s.ext else ():
        if cell >= 0 and cell // 4 == seat:
            tot[cell % 4] += 1
    return tot


def _sources(ctx: Ctx, seat: int, t_req: int = -1) -> list[tuple[str, int]]:
    if NAME not in ctx.s.ext:
        return []
    return [(f"lantern:{i}", c % 4) for i, c in enumerate(data(ctx.s)["board"])
            if c >= 0 and c // 4 == seat and (t_req < 0 or c % 4 == t_req)]


def _destinations(ctx: Ctx, seat: int, t: int, src: str, exclude_monument: str, prefix: str,
                  mw: int) -> list[Choice]:
    if NAME not in ctx.s.ext or src.startswith("lantern:"):
        return []  # like a Compass never going from the Pilgrim Board back onto it (R27.3.4)
    return [Choice(f"{prefix}{TYPES[t]}>lantern:{i}", f"{ENERGY[t]} to the lantern",
                   (f"lantern:{i}",), (f"lantern:{i}", t, 0))
            for i, c in enumerate(data(ctx.s)["board"]) if c == EMPTY]


LANTERN = EnergyLocation(
    "lantern", _take, _put, _count, lambda r, rest: f"the lantern (space {int(rest) + 1})",
    running_out=_sources, destinations=_destinations,
    reposition=lambda ctx, seat: _sources(ctx, seat))


# --- lantern completions: a completion kind ----------------------------------------------------


def _detect(ctx: Ctx) -> None:
    s = ctx.s
    if NAME not in s.ext or any(c.kind == NAME for c in s.completions):
        return
    cells = [c for c in data(s)["board"] if c >= 0]
    if any(sum(1 for c in cells if c // 4 == seat) >= 2 for seat in range(s.n)):
        s.completions.append(Completion("", "", -1, s.active, NAME))


def _choice(ctx: Ctx, comp: Completion) -> tuple[str, str, tuple[str, ...]]:
    return ("resolve:lantern", "Resolve the lantern", ("lantern",))


def _resolve(ctx: Ctx, comp: Completion) -> None:
    board = data(ctx.s)["board"]
    for i, cell in enumerate(board):
        if cell >= 0:
            move_energy(ctx, cell // 4, cell % 4, f"lantern:{i}", "exhausted", "lantern")
            data(ctx.s)["lamps"][cell // 4] += 1


# --- secret lamps: a hidden part ---------------------------------------------------------------


def _visible(s: GameState, owner: int | None, viewer: int) -> bool:
    return NAME not in s.ext or owner == viewer


def _redact(d: dict[str, Any], owner: int | None) -> None:
    assert owner is not None
    ext = dict(d["ext"])
    part = dict(ext[NAME])
    part["lamps"] = [-1 if i == owner else x for i, x in enumerate(part["lamps"])]
    ext[NAME] = part
    d["ext"] = ext


def _resample(d: dict[str, Any], owner: int | None, seed: int) -> None:
    if NAME not in d["ext"] or d["ext"][NAME]["lamps"][owner] >= 0:
        return
    ext = dict(d["ext"])
    part = dict(ext[NAME])
    part["lamps"] = [0 if i == owner else x for i, x in enumerate(part["lamps"])]
    ext[NAME] = part
    d["ext"] = ext


def _digest(s: GameState, owner: int | None) -> int:
    assert owner is not None
    return int(data(s)["lamps"][owner]) if NAME in s.ext else 0


LAMPS = HiddenPart("lantern_lamps", _redact, _resample, _digest, _visible, per_seat=True)
MODULE = ModuleDef(
    NAME, "Lantern", "A test module: lamps, a lantern board and glowing turns.",
    setup=_setup,
    turn_steps=(TurnStep("lantern_glow", _glow, after="completions_after_abilities"),),
    end_conditions=(EndCondition("lantern_glowed", _glowed),),
    triggers={"recharge": _recharge},
    locations=(LANTERN,),
    completion_kinds=(CompletionKind(NAME, _choice, _resolve, _detect),),
    hidden=(LAMPS,),
    score_categories=((ScoreCategory("lamps", "Lamps", "lamps"),
                       lambda ctx, seat: 2 * int(data(ctx.s)["lamps"][seat])),),
    invariants=lambda ctx: [] if min(data(ctx.s)["lamps"]) >= 0 else ["negative lamps"],
    ext_schemas={NAME: LanternData},
)


@pytest.fixture
def lantern() -> Iterator[ModuleDef]:
    modules.register_module(MODULE)
    try:
        yield MODULE
    finally:
        modules.unregister_module(NAME)


def lantern_game(players: int = 3, seed: int = 4) -> Any:
    return new_game(GameConfig(players=players, seed=seed, modules=(NAME,)))


# --- the tests ---------------------------------------------------------------------------------


def test_modules_are_validated_saved_and_named_in_the_log(lantern: ModuleDef) -> None:
    with pytest.raises(ValueError, match="unknown module “quarry”"):
        GameConfig(players=2, modules=("quarry",)).validate()
    with pytest.raises(ValueError, match="listed twice"):
        GameConfig(players=2, modules=(NAME, NAME)).validate()
    g = lantern_game()
    assert g.config["modules"] == [NAME] and g.state.modules == (NAME,)
    doc = json.loads(dumps_save(g))
    assert doc["config"]["modules"] == [NAME] and doc["snapshot"]["modules"] == [NAME]
    assert "lantern" in AAC.modules() and (NAME,) in AAC.module_mixes()
    setup = [describe(e, g.rules, [p.character for p in g.state.players])
             for e in g.setup_events if type(e).__name__ == "SetupDone"]
    assert setup and "with the Lantern module" in setup[0]


def test_unknown_modules_are_refused_without_the_module() -> None:
    known = r"\(known modules: folklore, pilgrimage\)"
    with pytest.raises(ValueError, match=r"unknown module “lantern” " + known):
        GameConfig(players=2, modules=(NAME,)).validate()


def test_a_module_step_joins_every_turn_by_name(lantern: ModuleDef) -> None:
    steps, index, _ = turn_steps((NAME,))
    names = [st.name for st in steps]
    assert names.index("lantern_glow") == names.index("completions_after_abilities") + 1
    assert names[-1] == "end_of_turn" and turn_steps(())[0] != steps
    g = lantern_game()
    while g.state.turn < 4:
        d = g.pending
        g.choose(d.choices[0].id)
    assert data(g.state)["glows"] == 3  # turns 1-3 ended through the module's step
    turn = next(f for f in g.snapshot()["stack"] if f["kind"] == TurnFrame.kind)
    assert turn["at"] in names  # saves store the step by name


def test_the_game_end_needs_the_module_end_condition_too(lantern: ModuleDef) -> None:
    g = lantern_game()
    s = g.state
    for m in s.monuments.values():  # every monument built (R23.1)...
        m.built += m.stack
        m.stack, m.spaces = [], []
    ctx = g.context()
    assert not _ends_now(ctx)  # ... but the lantern has not glowed 3 times yet
    data(s)["glows"] = 3
    assert _ends_now(ctx)


def test_recharge_is_a_decision_the_module_widens(lantern: ModuleDef) -> None:
    """R8.2: a module's substitution for a recharge is offered beside recharging."""
    g = lantern_game()
    ctx = g.context()
    seat = 0
    g.state.players[seat].charged = False
    recharge(ctx, seat)
    g._run(ctx)
    d = g.pending
    assert d is not None and d.kind == "recharge" and d.seat == seat
    assert d.ids() == ["recharge", "lantern:lamp"]
    g.choose("lantern:lamp")
    assert data(g.state)["lamps"][seat] == 1 and not g.state.players[seat].charged


def test_recharge_without_modules_asks_nothing() -> None:
    g = new_game(GameConfig(players=2, seed=1))
    ctx = g.context()
    g.state.players[0].charged = False
    depth = len(g.state.stack)
    recharge(ctx, 0)
    assert g.state.players[0].charged and len(g.state.stack) == depth


def test_the_module_location_is_one_table_entry_for_every_use(lantern: ModuleDef) -> None:
    g = lantern_game()
    ctx = g.context()
    s = g.state
    p = s.players[0]
    assert "lantern" in locations.LOCATIONS
    # placement destinations (R7.2: Deploy, Reposition, Compass) offer the lantern
    ids = [c.id for c in destinations(ctx, 0, WILD, src="slot:1:top")]
    assert "wild>lantern:0" in ids
    # energy put there counts for the seat (R1.5), is a Running Out and Reposition source
    t = next(k for k in range(4) if p.exhausted[k])
    move_energy(ctx, 0, t, "exhausted", "lantern:1", "test")
    assert locations.counts(s, 0) == list(g.rules.characters[p.character].energy)
    assert ("lantern:1", t) in locations.running_out_sources(ctx, 0)
    assert ("lantern:1", t) in locations.reposition_sources(ctx, 0)
    assert AAC.invariants(g) == []
    assert loc(g.rules, "lantern:1") == "the lantern (space 2)"


def test_a_module_completion_kind_is_resolved_in_the_completion_phase(lantern: ModuleDef
                                                                       ) -> None:
    # with forced decisions asked too, the resolution order offers the lantern (R15.4)
    g = new_game(GameConfig(players=3, seed=4, modules=(NAME,), auto_skip_forced=False))
    ctx = g.context()
    s = g.state
    seat = s.active
    p = s.players[seat]
    for i in range(2):
        t = next(k for k in range(4) if p.exhausted[k])
        move_energy(ctx, seat, t, "exhausted", f"lantern:{i}", "test")
    s.stack.append(CompletionPhase(seat))
    g._run(ctx)
    d = g.pending
    assert d is not None and d.kind == "resolve_order" and "resolve:lantern" in d.ids()
    g.choose("resolve:lantern")
    assert data(s)["board"].count(EMPTY) == 3 and data(s)["lamps"][seat] == 2


def test_hidden_lamps_are_declared_once_for_view_bots_table_and_undo(lantern: ModuleDef
                                                                      ) -> None:
    g = lantern_game()
    data(g.state)["lamps"][1] = 2
    assert g.view(0)["ext"][NAME]["lamps"] == [0, -1, -1]
    assert g.view(1)["ext"][NAME]["lamps"] == [-1, 2, -1]
    assert g.private_now() and g.hidden_seats(1) == frozenset({0, 2})
    assert ("lantern_lamps", 0) in g.hidden_parts(1)
    bot_game = AAC.resample(g.view(0), 5)  # determinization fills what seat 0 cannot see
    assert data(bot_game.state)["lamps"] == [0, 0, 0]


def test_the_module_scores_as_a_named_category(lantern: ModuleDef) -> None:
    g = lantern_game()
    data(g.state)["lamps"][2] = 3
    assert [c.name for c in categories((NAME,))][-1] == "lamps"
    b = final_scores(g.context())[2]
    assert b.part("lamps") == 6 and b.lamps == 6 and b.total == sum(v for _, v in b.parts)
    assert AAC.scores(g)[2]["lamps"] == 6


def test_games_with_the_module_meet_the_conformance_checks(lantern: ModuleDef) -> None:
    for players, seed in ((2, 3), (4, 8)):
        g = lantern_game(players, seed)
        bots = [RandomBot(seed + k) for k in range(players)]
        rng = Rng(seed_state(seed))
        steps = undone = 0
        while not g.is_over:
            d = g.pending
            if steps % 29 == 0:
                check_round_trip(AAC, g)
                check_views(AAC, g, steps)
                assert AAC.invariants(g) == []
                undone += check_undo(g, rng)
                d = g.pending
                if d is None:
                    break
            g.choose(bots[d.seat].choose(g.view(d.seat), d))
            steps += 1
            assert steps < 20_000
        assert data(g.state)["glows"] >= 3 and undone > 0
        assert loads_save(dumps_save(g)).snapshot() == g.snapshot()  # verified by replay
    assert "lantern" in locations.LOCATIONS


def test_unregistering_leaves_the_base_game_as_it_was() -> None:
    modules.register_module(MODULE)
    modules.unregister_module(NAME)
    assert "lantern" not in locations.LOCATIONS and NAME not in modules.MODULES
    assert [c.name for c in categories(())][-1] == "tile_pool"
    assert all(p.name != "lantern_lamps" for p in AAC.hidden)

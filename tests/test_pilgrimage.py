"""The Pilgrimage module (RULES.md R27, R28.2, R28.4, R32.8, R32.11, R32.24) in real
positions: setup, speed, the Pilgrim Board as an energy location, Shrine completions (the
rulebook's worked example R27.11 as a test vector), movement with forks, skips, Shrines,
Blockades and the summit, the Patron Token's Shrine, the bridges, scoring and the game end;
random games with Pilgrimage and with both modules, and the conformance suite on both."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from engine.aac import locations
from engine.aac.catalog.effects import effect_from_plain
from engine.aac.definition import AAC
from engine.aac.invariants import check
from engine.aac.log import describe
from engine.aac.modules import MODULES
from engine.aac.persist.io import dumps_save, loads_save
from engine.aac.pilgrimage import MODULE
from engine.aac.pilgrimage import events as pev
from engine.aac.pilgrimage.rules import (
    BuildShrineFrame,
    PilgrimMoveFrame,
    ShrineResolveFrame,
    construct,
)
from engine.aac.pilgrimage.state import NAME, board
from engine.aac.placement import destinations
from engine.aac.rules.completion import CompletionPhase
from engine.aac.rules.effects import NOT_YET_PLAYED, handlers, push_effect
from engine.aac.rules.endturn import EndOfAdvanceFrame
from engine.aac.rules.reserve import recharge
from engine.aac.simulate import play_random_game
from engine.cli import main
from engine.kernel.bots import RandomBot
from tests import test_conformance as conformance
from tests.builder import T, choice_ids, choose, clear_device, ctx, make_game, push_frame, rerun
from tests.pilgrimage_support import (
    on_board,
    pd,
    pilgrimage,  # noqa: F401  (the fixture)
)

pytestmark = pytest.mark.usefixtures("pilgrimage")

FREYITH, IGNOTAS, CHRONARI = 0, 1, 2



def pil_game(players: int = 3, seed: int = 2, **kw: Any) -> Game:
    names = ("freyith", "ignotas", "chronari", "rusne", "aureon")
    chars: list[str | None] = [c for c in names[:players]]
    g = make_game(players, characters=chars, seed=seed, modules=(NAME,),
                  auto_skip_forced=False, **kw)
    for seat in range(players):
        clear_device(g, seat)
    g.state.active = FREYITH
    return g



def invariants_hold(g: Game) -> None:
    assert AAC.invariants(g) == [], AAC.invariants(g)


# --- R27.1 setup -------------------------------------------------------------------------------


def test_r27_1_setup_board_shrines_blockades_pilgrims_speed_and_the_two_bridges() -> None:
    g = pil_game(2)
    d = pd(g)
    b = board(g.rules)
    assert sorted(d["supply"]) == sorted(b.shrines) and len(d["supply"]) == 8  # R27.1.2
    assert d["frames"] == {} and len(b.frames) == 8  # R27.1.1
    assert d["blockades"] == {f"blockade_{k}": -1 for k in range(1, 5)}  # R27.1.3
    assert d["pos"] == ["pb_start"] * 2  # R27.1.4
    assert d["speed"] == [1, 1]  # R27.1.5 (O55)
    bridges = set(g.state.bridges.values())  # R27.1.6
    assert "n:neutral_bridge_pilgrims_ford" in bridges and "n:nb_pc_2a" not in bridges
    assert "n:neutral_bridge_pilgrims_stair" in bridges and "n:nb_fx_north_east" not in bridges
    invariants_hold(g)
    # without the module the base tokens stay
    base = make_game(2, seed=2)
    assert "n:nb_pc_2a" in set(base.state.bridges.values())
    assert NAME not in base.state.ext


@pytest.mark.parametrize("players", [2, 3, 5])
def test_r27_1_6_both_bridges_are_in_play_at_every_player_count(players: int) -> None:
    g = pil_game(players, seed=players)
    vals = set(g.state.bridges.values())
    assert {"n:neutral_bridge_pilgrims_ford", "n:neutral_bridge_pilgrims_stair"} <= vals


# --- R27.2 speed -------------------------------------------------------------------------------


def test_r27_2_1_a_recharge_may_raise_speed_instead_up_to_2() -> None:
    g = pil_game(2)
    p = g.state.players[FREYITH]
    p.charged = False
    recharge(ctx(g), FREYITH)
    rerun(g)
    assert g.pending is not None and g.pending.kind == "recharge"
    assert choice_ids(g) == ["recharge", "pilgrimage:speed"]
    events = g.choose("pilgrimage:speed")
    assert pd(g)["speed"][FREYITH] == 2 and not p.charged
    assert any(isinstance(e, pev.SpeedChanged) and e.new == 2 for e in events)
    depth = len(g.state.stack)
    recharge(ctx(g), FREYITH)  # at 2 the substitution is not offered (maximum 2)
    assert p.charged and len(g.state.stack) == depth


def test_r32_11_both_modules_offer_prime_or_speed_instead_of_a_recharge() -> None:
    g = make_game(2, characters=["freyith", "rusne"], seed=3, modules=("folklore", NAME))
    g.state.players[FREYITH].charged = False
    recharge(ctx(g), FREYITH)
    rerun(g)
    assert choice_ids(g) == ["recharge", "folklore:prime", "pilgrimage:speed"]


# --- R27.3 placing energy on the Pilgrim Board, R27.4 -------------------------------------------


def test_r27_3_destinations_by_type_a_wild_anywhere_and_the_closed_compass_space() -> None:
    g = pil_game(2)
    c = ctx(g)
    rose = [x.data[0] for x in destinations(c, FREYITH, T("rose"), src="reserve")
            if x.data[0].startswith("pilgrim:")]
    assert rose == ["pilgrim:pb_energy_2"]  # one choice per type of space
    wild = {x.data[0] for x in destinations(c, FREYITH, T("wild"), src="reserve")
            if x.data[0].startswith("pilgrim:")}
    assert wild == {"pilgrim:pb_energy_1", "pilgrim:pb_energy_2", "pilgrim:pb_energy_3"}
    # R27.3.6: the bottom-right Compass space is closed at 2 players
    for sp in ("pb_energy_1", "pb_energy_5"):
        pd(g)["energy"][sp] = IGNOTAS * 4 + T("compass")
        g.state.players[IGNOTAS].exhausted[T("compass")] -= 1
    comp = [x for x in destinations(c, FREYITH, T("compass"), src="reserve")
            if x.data[0].startswith("pilgrim:")]
    assert comp == []
    g3 = pil_game(3)
    for sp in ("pb_energy_1", "pb_energy_5"):
        pd(g3)["energy"][sp] = IGNOTAS * 4 + T("compass")
        g3.state.players[IGNOTAS].exhausted[T("compass")] -= 1
    comp3 = [x.data[0] for x in destinations(ctx(g3), FREYITH, T("compass"), src="reserve")
             if x.data[0].startswith("pilgrim:")]
    assert comp3 == ["pilgrim:pb_energy_9"]
    # R27.3.4: never from the Pilgrim Board back onto it
    assert not [x for x in destinations(c, FREYITH, T("compass"), src="pilgrim:pb_energy_1")
                if x.data[0].startswith("pilgrim:")]


def test_r27_3_deploy_reposition_and_running_out_reach_the_board_and_r27_4_scores_nothing(
) -> None:
    g = pil_game(2)
    on_board(g, FREYITH, "pb_energy_2", "rose")
    c = ctx(g)
    assert ("pilgrim:pb_energy_2", T("rose")) in locations.reposition_sources(c, FREYITH)
    assert ("pilgrim:pb_energy_2", T("rose")) in locations.running_out_sources(c, FREYITH, -1)
    assert not locations.scoring("pilgrim:pb_energy_2")  # R27.4
    before = [s.total for s in g.final_scores()]
    pd(g)["energy"]["pb_energy_3"] = FREYITH * 4 + T("magnet")
    g.state.players[FREYITH].exhausted[T("magnet")] -= 1
    assert [s.total for s in g.final_scores()] == before
    invariants_hold(g)


# --- R27.5 / R27.11 the Shrine completion --------------------------------------------------------


def worked_example() -> Game:
    """R27.11: Freyith (active) has a Wild and a Magnet on the board, Ignotas 1 Rose and
    speed 2; Chronari's Pilgrimage stands just ahead of Ignotas's."""
    g = pil_game(3)
    d = pd(g)
    d["blockades"]["blockade_1"] = CHRONARI
    d["pos"] = ["pb_t1_03", "pb_t2_02", "pb_t2_03"]
    d["blockades"]["blockade_2"] = -1
    d["speed"] = [1, 2, 1]
    on_board(g, FREYITH, "pb_energy_1", "wild")
    on_board(g, FREYITH, "pb_energy_3", "magnet")
    on_board(g, IGNOTAS, "pb_energy_2", "rose")
    invariants_hold(g)
    push_frame(g, CompletionPhase(FREYITH))
    return g


def test_r27_11_worked_example_ignotas_and_freyith() -> None:
    """The resolution of the rulebook's example (tests/test_pilgrimage_rules.py plays it from
    Freyith's own turn, her two Deploys onto the Pilgrim Board included)."""
    g = worked_example()
    d = pd(g)
    assert g.pending is not None and "resolve:shrine" in choice_ids(g)
    ev = choose(g, "resolve:shrine")
    started = next(e for e in ev if isinstance(e, pev.ShrineCompletionStarted))
    assert started.seats == (IGNOTAS, FREYITH) and started.completing == (False, True)
    # Ignotas (contributing, first opponent clockwise): constructs a Shrine (A)
    assert g.pending is not None and g.pending.seat == IGNOTAS
    choose(g, "shrine:shrine_scoring_a", "frame:pb_frame_4")
    assert d["frames"]["pb_frame_4"] == "shrine_scoring_a"
    # B: allowance 2 + 1 = 3; skipping Chronari costs nothing; the Shrine in 2 spaces
    frame = g.state.stack[-1]
    assert isinstance(frame, PilgrimMoveFrame) and frame.left == 3
    choose(g, "to:pb_t2_03")
    assert "stop" not in choice_ids(g)  # no stopping on an occupied space
    assert not check(ctx(g))  # R27.8.4: passing over Chronari's Pilgrimage is no sharing
    assert isinstance(g.state.stack[-1], PilgrimMoveFrame) and g.state.stack[-1].left == 3
    choose(g, "to:pb_t2_w1")
    assert "to:pb_frame_4" in choice_ids(g)
    assert isinstance(g.state.stack[-1], PilgrimMoveFrame) and g.state.stack[-1].left == 2
    choose(g, "to:pb_frame_4")  # entering the Shrine ends the move: 1 space forfeited
    assert d["pos"][IGNOTAS] == "pb_frame_4"
    assert not any(isinstance(f, PilgrimMoveFrame) for f in g.state.stack)
    choose(g, "take")  # R27.8.5: the Scoring Card costs 1 speed
    assert d["speed"][IGNOTAS] == 1
    assert g.pending is not None and g.pending.seat == IGNOTAS
    choose(g, g.pending.ids()[0])  # which Scoring Card
    assert len(g.state.ext["scoring_cards"]["held"][IGNOTAS]) == 1
    # C: a contributing player may leave the Rose
    assert "leave" in choice_ids(g)
    choose(g, "leave")
    assert d["energy"]["pb_energy_2"] == IGNOTAS * 4 + T("rose")
    # Freyith (completing) last: constructs a Shrine and moves 3
    assert g.pending is not None and g.pending.seat == FREYITH
    choose(g, "shrine:shrine_bridge", "frame:pb_frame_1")
    assert isinstance(g.state.stack[-1], PilgrimMoveFrame) and g.state.stack[-1].left == 3
    choose(g, "to:pb_t1_04")
    ev = choose(g, "to:pb_t2_01")  # crossing into tier II: Blockade 2 costs 1 speed
    assert any(isinstance(e, pev.BlockadeRemoved) for e in ev)
    assert d["speed"][FREYITH] == 0 and d["blockades"]["blockade_2"] == FREYITH
    assert isinstance(g.state.stack[-1], PilgrimMoveFrame) and g.state.stack[-1].left == 1
    choose(g, "to:pb_t2_02")  # R27.7.3: the 3 spaces are not reduced
    assert d["pos"][FREYITH] == "pb_t2_02"
    # C: a completing player must activate or exhaust both (no leaving)
    assert g.pending is not None and g.pending.kind == "pilgrimage_energy"
    assert "leave" not in choice_ids(g)
    choose(g, "exhaust:pb_energy_1")
    choose(g, "exhaust:pb_energy_3")
    assert d["energy"]["pb_energy_1"] == -1 and d["energy"]["pb_energy_3"] == -1
    # nobody has 2 or more now: no further Shrine completion (R27.5.1 re-check)
    assert not any(isinstance(f, (ShrineResolveFrame, CompletionPhase)) for f in g.state.stack)
    invariants_hold(g)


def test_r27_5_2_o66_the_active_player_takes_part_only_with_energy_there() -> None:
    g = pil_game(3)
    on_board(g, IGNOTAS, "pb_energy_2", "rose")
    on_board(g, IGNOTAS, "pb_energy_3", "magnet")
    push_frame(g, CompletionPhase(FREYITH))
    ev = choose(g, "resolve:shrine")
    started = next(e for e in ev if isinstance(e, pev.ShrineCompletionStarted))
    assert started.seats == (IGNOTAS,)
    # the rules option: the active player always takes part (last)
    h = pil_game(3, options={"pilgrimage_active_always": True})
    on_board(h, IGNOTAS, "pb_energy_2", "rose")
    on_board(h, IGNOTAS, "pb_energy_3", "magnet")
    push_frame(h, CompletionPhase(FREYITH))
    ev = choose(h, "resolve:shrine")
    started = next(e for e in ev if isinstance(e, pev.ShrineCompletionStarted))
    assert started.seats == (IGNOTAS, FREYITH)


def test_r27_5_1_one_energy_each_is_no_trigger_and_r27_5_5_completions_go_on_when_all_built(
) -> None:
    g = pil_game(3)
    on_board(g, IGNOTAS, "pb_energy_2", "rose")
    on_board(g, FREYITH, "pb_energy_3", "magnet")
    push_frame(g, CompletionPhase(FREYITH))
    assert not any(isinstance(f, CompletionPhase) for f in g.state.stack)  # nothing pending
    d = pd(g)
    for sh, fr in zip(list(d["supply"]), board(g.rules).frames, strict=True):
        construct(ctx(g), CHRONARI, sh, fr, False)
    on_board(g, FREYITH, "pb_energy_1", "compass")
    push_frame(g, CompletionPhase(FREYITH))
    choose(g, "resolve:shrine")
    # no Shrine left: step A is skipped, the first decision is Ignotas's movement
    assert g.pending is not None and g.pending.kind == "pilgrimage_move"
    assert g.pending.seat == IGNOTAS


def test_r27_5_7_o67_roles_are_fixed_when_the_completion_is_picked() -> None:
    g = pil_game(3)
    on_board(g, IGNOTAS, "pb_energy_2", "rose")
    on_board(g, IGNOTAS, "pb_energy_3", "magnet")
    push_frame(g, CompletionPhase(FREYITH))
    # Running Out took one meanwhile: nobody has 2 now, so nothing happens
    pd(g)["energy"]["pb_energy_3"] = -1
    g.state.players[IGNOTAS].exhausted[T("magnet")] += 1
    ev = choose(g, "resolve:shrine")
    assert not any(isinstance(e, pev.ShrineCompletionStarted) for e in ev)


# --- R27.7 Blockades, R27.8 movement --------------------------------------------------------------


def move(g: Game, seat: int, n: int) -> None:
    push_frame(g, PilgrimMoveFrame(seat, n, (pd(g)["pos"][seat],), "Test"))


def test_r27_7_2_an_unpaid_blockade_stops_the_move_and_stays() -> None:
    g = pil_game(2)
    d = pd(g)
    d["speed"][FREYITH] = 0
    move(g, FREYITH, 3)
    assert d["pos"][FREYITH] == "pb_start" and d["blockades"]["blockade_1"] == -1
    assert not any(isinstance(f, PilgrimMoveFrame) for f in g.state.stack)
    # blockade 3 costs 2: with speed 1 the move stops before tier III
    d["pos"][FREYITH] = "pb_t2_w4"
    d["speed"][FREYITH] = 1
    move(g, FREYITH, 3)
    choose(g, "to:pb_t2_saddle")
    assert d["pos"][FREYITH] == "pb_t2_saddle" and d["blockades"]["blockade_3"] == -1
    assert not any(isinstance(f, PilgrimMoveFrame) for f in g.state.stack)


def test_r27_7_2_stopping_on_an_occupied_space_goes_back_to_the_nearest_free_one() -> None:
    g = pil_game(3)
    d = pd(g)
    d["pos"] = ["pb_t2_w3", "pb_t2_saddle", "pb_start"]
    d["speed"][FREYITH] = 0
    move(g, FREYITH, 2)
    choose(g, "to:pb_t2_w4")
    # skip onto Ignotas's saddle; Blockade 3 (2 speed) cannot be paid: back to w4
    ev = choose(g, "to:pb_t2_saddle")
    assert d["pos"][FREYITH] == "pb_t2_w4"
    assert any(isinstance(e, pev.PilgrimStopped) for e in ev)


def test_r27_7_1_only_the_first_to_cross_pays_and_r27_7_4_the_summit() -> None:
    g = pil_game(3)
    d = pd(g)
    d["blockades"]["blockade_1"] = IGNOTAS
    d["speed"][FREYITH] = 0
    move(g, FREYITH, 1)
    choose(g, "to:pb_t1_01")  # the token is gone: no speed needed
    assert d["pos"][FREYITH] == "pb_t1_01" and d["speed"][FREYITH] == 0
    d["pos"] = ["pb_t3_05", "pb_summit_25", "pb_start"]
    d["speed"][FREYITH] = 2
    move(g, FREYITH, 4)
    choose(g, "to:pb_summit_24")  # highest-value empty summit space; the rest forfeited
    assert d["pos"][FREYITH] == "pb_summit_24" and d["speed"][FREYITH] == 0
    assert d["blockades"]["blockade_4"] == FREYITH
    move(g, FREYITH, 2)  # later movement does nothing
    assert d["pos"][FREYITH] == "pb_summit_24"
    scores = g.final_scores()
    assert scores[FREYITH].part("pilgrimage") == 24 and scores[FREYITH].part("blockades") == 2
    assert scores[IGNOTAS].part("pilgrimage") == 25 and scores[IGNOTAS].part("blockades") == 2
    assert scores[CHRONARI].part("pilgrimage") == 0  # O56: the start scores 0


def test_r27_8_forward_only_forks_need_a_built_shrine_and_stopping_early() -> None:
    g = pil_game(2)
    d = pd(g)
    d["pos"][FREYITH] = "pb_t1_01"
    move(g, FREYITH, 2)
    assert choice_ids(g) == ["to:pb_t1_02", "stop"]  # no Shrine in frame 1: no fork
    rerun(g)
    g.state.stack.pop()
    construct(ctx(g), IGNOTAS, "shrine_conduit", "pb_frame_1", False)
    move(g, FREYITH, 2)
    assert choice_ids(g) == ["to:pb_t1_02", "to:pb_frame_1", "stop"]
    choose(g, "stop")
    assert d["pos"][FREYITH] == "pb_t1_01"
    # from a Shrine the path goes on by its exit
    d["pos"][FREYITH] = "pb_frame_1"
    move(g, FREYITH, 1)
    assert choice_ids(g) == ["to:pb_t1_03", "stop"]


def test_r27_8_4_many_pilgrimages_share_the_start_and_a_shrine() -> None:
    g = pil_game(3)
    d = pd(g)
    construct(ctx(g), IGNOTAS, "shrine_conduit", "pb_frame_1", False)
    d["pos"] = ["pb_t1_01", "pb_frame_1", "pb_start"]
    move(g, FREYITH, 1)
    choose(g, "to:pb_frame_1")
    assert d["pos"][FREYITH] == "pb_frame_1"
    assert g.pending is not None and g.pending.kind == "pilgrimage_benefit"
    invariants_hold(g)


def test_r27_8_5_no_scoring_card_from_a_shrine_at_speed_0() -> None:
    g = pil_game(2)
    d = pd(g)
    construct(ctx(g), IGNOTAS, "shrine_scoring_b", "pb_frame_1", False)
    d["pos"][FREYITH] = "pb_t1_01"
    d["speed"][FREYITH] = 0
    move(g, FREYITH, 1)
    ev = choose(g, "to:pb_frame_1")
    entered = next(e for e in ev if isinstance(e, pev.ShrineEntered))
    assert not entered.benefit and not g.state.ext["scoring_cards"]["held"][FREYITH]


# --- R27.9 the Patron Token's Shrine, R28.2 the bridges, R27.10 the game end ------------------


def test_r27_9_the_patron_token_may_construct_a_shrine_instead() -> None:
    g = pil_game(2)
    p = g.state.players[FREYITH]
    p.patron = next(iter(g.state.monuments))
    push_frame(g, EndOfAdvanceFrame(FREYITH, True, False))
    assert "pilgrimage:patron_shrine" in choice_ids(g)
    choose(g, "pilgrimage:patron_shrine", "shrine:shrine_upgrade", "frame:pb_frame_8")
    assert pd(g)["frames"] == {"pb_frame_8": "shrine_upgrade"}
    assert pd(g)["pos"] == ["pb_start", "pb_start"]  # nobody moves
    # used once per Advance turn: neither Patron use is offered again
    assert g.pending is not None
    assert not [i for i in choice_ids(g) if "patron" in i]


def test_r28_2_pilgrim_move_effect_of_the_pilgrims_stair() -> None:
    g = pil_game(2)
    d = pd(g)
    d["blockades"]["blockade_1"] = IGNOTAS
    stair = next(b for b in g.rules.expansion.neutral_bridges.bridges  # type: ignore[union-attr]
                 if b.id == "neutral_bridge_pilgrims_stair")
    push_effect(ctx(g), FREYITH, stair.perk.effects[0], stair.name)
    rerun(g)
    choose(g, "to:pb_t1_01", "to:pb_t1_02")
    assert d["pos"][FREYITH] == "pb_t1_02" and not d["frames"]  # no Shrine built
    assert g.rules.neutral_tokens["neutral_bridge_pilgrims_ford"].name == "Pilgrims' Ford"


def test_r27_10_the_game_end_needs_every_shrine_built() -> None:
    g = pil_game(2)
    cond = MODULE.end_conditions[0]
    assert not cond.met(ctx(g))
    d = pd(g)
    for sh, fr in zip(list(d["supply"]), board(g.rules).frames, strict=True):
        construct(ctx(g), FREYITH, sh, fr, False)
    assert cond.met(ctx(g))
    cats = [c.name for c in AAC.score_categories((NAME,))]
    assert "pilgrimage" in cats and "blockades" in cats and "scoring_cards" in str(cats)


def test_the_effects_are_played_and_construct_shrine_is_registered_once() -> None:
    assert not NOT_YET_PLAYED
    assert {"pilgrim_move", "construct_shrine"} <= set(handlers())
    g = pil_game(2)
    push_effect(ctx(g), FREYITH, effect_from_plain({"effect": "construct_shrine", "id": "x_e1"}))
    rerun(g)
    assert isinstance(g.state.stack[-1], BuildShrineFrame)


# --- events, saves, random games ------------------------------------------------------------------


def test_pilgrimage_log_lines_use_names() -> None:
    g = worked_example()
    events = choose(g, "resolve:shrine", "shrine:shrine_scoring_a", "frame:pb_frame_4",
                    "to:pb_t2_03", "to:pb_t2_w1", "to:pb_frame_4", "take")
    chars = [p.character for p in g.state.players]
    text = " ".join(describe(e, g.rules, chars) for e in events
                    if isinstance(e, pev.PILGRIMAGE_EVENTS))
    assert "Shrine of Renown (I)" in text and "skips over" in text and "speed to 1" in text
    for bad in ("pb_", "shrine_", "blockade_"):
        assert bad not in text, text


def test_a_save_mid_shrine_completion_resumes_exactly() -> None:
    g = make_game(3, seed=4, modules=(NAME,))
    bots = [RandomBot(k + 1) for k in range(3)]
    while not any(isinstance(f, PilgrimMoveFrame) for f in g.state.stack):
        d = g.pending
        assert d is not None and g.state.turn < 3000, "no Shrine completion"
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
    h = loads_save(dumps_save(g))
    assert h.snapshot() == g.snapshot() and h.pending == g.pending
    for _ in range(8):
        d = g.pending
        if d is None:
            break
        g.choose(d.ids()[0])
        h.choose(d.ids()[0])
        assert h.snapshot() == g.snapshot()


@pytest.mark.parametrize("mix", [(NAME,), ("folklore", NAME)])
@pytest.mark.parametrize("players", [2, 5])
def test_random_games_finish_with_invariants(mix: tuple[str, ...], players: int) -> None:
    res = play_random_game(players, 11 + players, check_every="turn", modules=mix)
    assert res.finished, res.error


@pytest.mark.parametrize("mix", [(NAME,), ("folklore", NAME)])
def test_conformance_with_pilgrimage(mix: tuple[str, ...]) -> None:
    assert NAME in MODULES
    conformance.test_conformance(AAC, mix)


def test_cli_simulate_loads_the_module_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["simulate", "--players", "2", "--modules", "folklore,pilgrimage",
               "--games", "1", "--seed", "3"])
    assert rc == 0 and "errors: 0" in capsys.readouterr().out

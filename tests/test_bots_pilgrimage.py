"""The bots with the Pilgrimage module (issue 15 item 4): the evaluation values the way up the
Pilgrim Board (R27.7, R27.8), speed (R27.2), energy on the board before a Shrine completion
(R27.5) and the Shrines still to build (R27.10); the bots raise speed before a Blockade, keep
moving, take a Shrine's benefit; the stall watch sees Shrines; the bots never read hidden
information and are deterministic with Pilgrimage on; hard plays a game with both modules
to its end."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import Game
from engine.aac.bots import make_bot, pil_eval
from engine.aac.bots.determinize import game_from_view
from engine.aac.bots.evaluate import (
    STRONG_WEIGHTS,
    closeness,
    evaluate,
    seat_values,
    stall_pressure,
)
from engine.aac.bots.guard import StallWatch, progress_key
from engine.aac.bots.planner import HARD, NORMAL, Params, PlannerBot
from engine.aac.config import GameConfig
from engine.aac.definition import AAC
from engine.aac.expansion import scoring_cards
from engine.aac.game import new_game
from engine.aac.pilgrimage.rules import (
    PilgrimMoveFrame,
    ShrineBenefitFrame,
    ShrineResolveFrame,
    construct,
)
from engine.aac.pilgrimage.state import NAME, board
from engine.aac.rules.endturn import EndOfAdvanceFrame
from engine.aac.rules.reserve import recharge
from tests.builder import at_a_decision, clear_device, ctx, make_game, push_frame, rerun
from tests.pilgrimage_support import (
    on_board,
    pd,
    pilgrimage,  # noqa: F401  (the fixture)
)

pytestmark = pytest.mark.usefixtures("pilgrimage")

LEVELS = ("easy", "normal", "hard")
W = STRONG_WEIGHTS
FREYITH, IGNOTAS = 0, 1



def pil_game(players: int = 2, seed: int = 2, modules: tuple[str, ...] = (NAME,)) -> Game:
    chars: list[str | None] = list(("freyith", "ignotas", "chronari")[:players])
    g = make_game(players, characters=chars, seed=seed, modules=modules)
    for seat in range(players):
        clear_device(g, seat)
    g.state.active = FREYITH
    return g



def values(g: Game) -> list[float]:
    return seat_values(g.state, g.rules, W)


# --- the path and the walk -----------------------------------------------------------------------


def test_r27_8_1_the_path_runs_from_the_start_to_the_summit_with_a_blockade_per_tier() -> None:
    g = pil_game()
    p = pil_eval.path(g.rules)
    b = board(g.rules)
    assert p.spaces[0] == b.start and p.spaces[-1] == b.file.summit.id
    assert sorted(p.blockade_into.values()) == sorted(b.blockades)  # R27.7.1 (O64)
    for fr in b.file.shrine_frames:  # a Shrine leads on to its exit space
        assert p.index[fr.exit_space] == p.index[fr.id] + 1
    # R27.10: tier I 4, II 9, III 15; progress inside a tier counts part of the next
    d = pd(g)
    assert pil_eval.progress_vp(g.rules, d, FREYITH, p.entry[1]) == 4
    assert pil_eval.progress_vp(g.rules, d, FREYITH, p.entry[3]) == 15
    assert 4 < pil_eval.progress_vp(g.rules, d, FREYITH, p.entry[1] + 1) < 9
    assert pil_eval.progress_vp(g.rules, d, FREYITH, len(p.spaces) - 1) == 25


def test_r27_7_walk_pays_blockades_with_speed_stops_before_one_unpaid_and_skips_free() -> None:
    g = pil_game(3)
    r, d = g.rules, pd(g)
    p = pil_eval.path(r)
    # R27.7.1: Blockade 1 costs 1 speed and gives 2 VP
    assert pil_eval.walk(r, d, FREYITH, 0, 3, 1)[:3] == (3, 0, 2)
    # R27.7.2: at speed 0 the walk stops before it
    assert pil_eval.walk(r, d, FREYITH, 0, 3, 0)[0] == 0
    d["blockades"]["blockade_1"] = IGNOTAS  # removed: free for everyone after
    assert pil_eval.walk(r, d, FREYITH, 0, 3, 0)[:3] == (3, 0, 0)
    # R27.8.4: another Pilgrimage on the way is skipped for free
    d["pos"][IGNOTAS] = p.spaces[2]
    assert pil_eval.walk(r, d, FREYITH, 0, 3, 0)[0] == 4


# --- the evaluation ------------------------------------------------------------------------------


def test_r27_5_energy_on_the_board_before_a_completion_is_worth_the_climb_it_brings() -> None:
    g = pil_game()
    d = pd(g)
    d["blockades"]["blockade_1"] = IGNOTAS
    start = values(g)[FREYITH]
    on_board(g, FREYITH, "pb_energy_2", "rose")
    one = values(g)[FREYITH]
    on_board(g, FREYITH, "pb_energy_4", "magnet")  # 2: a Shrine completion at the turn end
    two = values(g)[FREYITH]
    assert start < one < two
    steps, cert, _ = pil_eval.moving_now(g.state, d, [2, 0], W)
    assert steps[FREYITH] == d["speed"][FREYITH] + 2 and cert[FREYITH] == 1.0
    # R27.5.1: Ignotas's 1 energy makes him a contributing player: he moves too
    ig = values(g)[IGNOTAS]
    on_board(g, IGNOTAS, "pb_energy_6", "rose")
    assert values(g)[IGNOTAS] > ig + W["pil_energy"]


def test_r27_6_a_move_under_way_counts_its_steps_left_and_a_shrine_resolving_its_players() -> None:
    g = pil_game()
    d = pd(g)
    g.state.stack.append(PilgrimMoveFrame(FREYITH, 3, ("pb_start",), "Test"))
    steps, cert, _ = pil_eval.moving_now(g.state, d, [0, 0], W)
    assert steps == [3, 0] and cert[FREYITH] == 1.0
    g.state.stack.pop()
    on_board(g, IGNOTAS, "pb_energy_2", "rose")
    g.state.stack.append(ShrineResolveFrame((IGNOTAS, FREYITH), (False, True), 0, 0))
    steps, cert, _ = pil_eval.moving_now(g.state, d, [0, 1], W)
    assert steps == [d["speed"][FREYITH], d["speed"][IGNOTAS] + 1] and cert == [1.0, 1.0]
    g.state.stack.pop()


def test_r27_2_1_speed_is_worth_most_before_a_blockade_it_cannot_pay() -> None:
    g = pil_game()
    d = pd(g)
    d["pos"][FREYITH] = "pb_t2_w4"  # Blockade 3 (2 speed) ahead
    d["speed"][FREYITH] = 0
    v0 = values(g)[FREYITH]
    d["speed"][FREYITH] = 1
    v1 = values(g)[FREYITH]
    d["speed"][FREYITH] = 2
    v2 = values(g)[FREYITH]
    assert v0 <= v1 < v2
    assert v2 - v1 > v1 - v0  # the second point pays the Blockade (R27.7.1)
    d["blockades"]["blockade_3"] = IGNOTAS  # removed: speed is worth the steps it adds
    d["speed"][FREYITH] = 0
    v0 = values(g)[FREYITH]
    d["speed"][FREYITH] = 1
    assert values(g)[FREYITH] > v0


def test_r27_10_shrines_left_hold_off_the_end_and_a_completion_coming_builds_them() -> None:
    g = pil_game()
    s = g.state
    d = pd(g)
    assert pil_eval.shrines_left(s) == 8 and pil_eval.builds_coming(s) == 0
    near = closeness(s)
    on_board(g, FREYITH, "pb_energy_2", "rose")
    on_board(g, FREYITH, "pb_energy_4", "magnet")
    on_board(g, IGNOTAS, "pb_energy_6", "rose")
    assert pil_eval.builds_coming(s) == 2  # both take part: a Shrine each (R27.5.2 A)
    assert closeness(s) > near
    for sh, fr in zip(list(d["supply"]), board(g.rules).frames, strict=True):
        construct(ctx(g), FREYITH, sh, fr, False)
    assert pil_eval.shrines_left(s) == 0 and pil_eval.sections_left(s) == 0
    d["energy"] = {sp: -1 for sp in d["energy"]}  # no Shrine completion on the way
    s.turn = 10_000  # a long game: the stall pressure counts Shrines too
    assert stall_pressure(s, W) < stall_pressure(_with_supply(g), W)


def _with_supply(g: Game) -> Any:
    h = g.clone()
    d = pd(h)
    fr, sh = next(iter(d["frames"].items()))
    del d["frames"][fr]
    d["supply"].append(sh)
    return h.state


def test_r27_10_a_leader_wants_the_last_shrine_built() -> None:
    """With every monument built, the last Shrine is all that holds the end off (R27.10):
    the leader's value rises when it is built (the "finish" term), the trailer's falls."""
    g = pil_game()
    s = g.state
    d = pd(g)
    for m in s.monuments.values():
        m.stack.clear()
    s.players[FREYITH].shop[0] += 12  # far ahead
    shrines = list(d["supply"])
    for sh, fr in zip(shrines[:-1], board(g.rules).frames, strict=False):
        construct(ctx(g), FREYITH, sh, fr, False)
    before = [evaluate(s, g.rules, k, W) for k in (FREYITH, IGNOTAS)]
    construct(ctx(g), IGNOTAS, shrines[-1], board(g.rules).frames[-1], False)
    after = [evaluate(s, g.rules, k, W) for k in (FREYITH, IGNOTAS)]
    assert after[0] > before[0] and after[1] < before[1]


# --- choices -------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_r27_2_1_bots_raise_speed_when_a_blockade_ahead_needs_it(level: str) -> None:
    g = pil_game()
    d = pd(g)
    d["pos"][FREYITH] = "pb_t2_w4"  # Blockade 3 costs 2 speed (R27.7.1)
    d["speed"][FREYITH] = 1
    g.state.players[FREYITH].charged = False
    recharge(ctx(g), FREYITH)
    rerun(g)
    dec = g.pending
    assert dec is not None and dec.kind == "recharge" and "pilgrimage:speed" in dec.ids()
    assert untimed(level, 5).choose(g.view(FREYITH), dec) == "pilgrimage:speed"


@pytest.mark.parametrize("level", LEVELS)
def test_r27_6_bots_use_their_pilgrimage_movement(level: str) -> None:
    """Stopping forfeits the steps left (R27.6): the bots move on."""
    g = pil_game()
    d = pd(g)
    d["blockades"]["blockade_1"] = IGNOTAS
    d["pos"][FREYITH] = "pb_t1_02"
    push_frame(g, PilgrimMoveFrame(FREYITH, 2, ("pb_t1_02",), "Test"))
    dec = g.pending
    assert dec is not None and dec.kind == "pilgrimage_move" and "stop" in dec.ids()
    assert untimed(level, 6).choose(g.view(FREYITH), dec) == "to:pb_t1_03"


@pytest.mark.parametrize("level", LEVELS)
def test_r27_8_3_bots_take_a_shrines_benefit(level: str) -> None:
    """Shrine of Devotion: a Doubler on one of Freyith's 2 bound Compasses (R29.3.1)."""
    g = pil_game()
    s = g.state
    reg = next(iter(s.bound))
    s.bound[reg][FREYITH][0] = 2
    construct(ctx(g), IGNOTAS, "shrine_doubler_a", "pb_frame_1", False)
    pd(g)["pos"][FREYITH] = "pb_frame_1"
    push_frame(g, ShrineBenefitFrame(FREYITH, "shrine_doubler_a"))
    dec = g.pending
    assert dec is not None and dec.kind == "pilgrimage_benefit"
    assert untimed(level, 7).choose(g.view(FREYITH), dec) == "take"


def built_out(g: Game) -> None:
    """Every monument fully constructed (R23.1), every Shrine but the last one built."""
    for m in g.state.monuments.values():
        m.built += m.stack
        m.stack.clear()
        m.spaces = []
    d = pd(g)
    for sh, fr in zip(list(d["supply"])[:-1], board(g.rules).frames, strict=False):
        construct(ctx(g), IGNOTAS, sh, fr, False)


@pytest.mark.parametrize("level", LEVELS)
def test_r27_10_a_leader_builds_the_last_shrine_with_the_patron_token(level: str) -> None:
    """Far ahead, with only the last Shrine holding the game end off, every level uses its
    Patron Token to construct it (R27.9) rather than passing."""
    g = pil_game()
    built_out(g)
    s = g.state
    s.players[FREYITH].shop[0] += 12
    s.players[FREYITH].patron = next(iter(s.monuments))
    push_frame(g, EndOfAdvanceFrame(FREYITH, True, False))
    dec = g.pending
    assert dec is not None and "pilgrimage:patron_shrine" in dec.ids() and "done" in dec.ids()
    assert untimed(level, 3).choose(g.view(FREYITH), dec) == "pilgrimage:patron_shrine"


# --- the stall watch -----------------------------------------------------------------------------


def test_the_stall_watch_counts_shrines_and_pilgrimages_as_progress() -> None:
    g = pil_game()
    view = g.view(FREYITH)
    watch = StallWatch(turns_per_seat=2)
    assert not watch.stalled(view)
    view["turn"] = int(view["turn"]) + 4
    assert watch.stalled(view)  # nothing built, nothing moved for 2 turns per seat
    view = copy.deepcopy(view)
    view["ext"][NAME]["pos"][FREYITH] = "pb_t1_01"
    assert progress_key(view) != progress_key(g.view(FREYITH))
    assert not watch.stalled(view)  # a Pilgrimage moved: progress
    view = copy.deepcopy(view)
    view["turn"] = int(view["turn"]) + 4
    assert watch.stalled(view)
    view["ext"][NAME]["supply"].pop()  # a Shrine built: progress
    assert not watch.stalled(view)


# --- hidden information, determinism ------------------------------------------------------------


def untimed(level: str, seed: int) -> Any:
    """The level's bot with its work bounded by the node budget alone (the wall-clock cap is
    a safety net that a loaded machine could hit, making two runs differ)."""
    if level == "easy":
        return make_bot(level, seed)
    base = HARD if level == "hard" else NORMAL
    return PlannerBot(seed, level, Params(**{**base.__dict__, "weights": dict(base.weights),
                                             "time_cap": 1e6}))


def test_bots_never_read_hidden_information_with_pilgrimage() -> None:
    """Two tables that differ only in the face-down Scoring Card Ignotas holds (from a Shrine
    of Renown, R27.8.5) and in the order of the Tile Pool supply give Freyith the same view
    and every bot level the same choice."""
    a = at_a_decision(pil_game(seed=5, modules=("folklore", NAME)), 5, FREYITH)
    b = a.clone()
    for g, which in ((a, 0), (b, 1)):
        sc = g.state.ext[scoring_cards.KEY]
        cid = sc["supply"][which]
        sc["supply"].remove(cid)
        sc["held"][IGNOTAS].append(cid)
    b.state.supply.reverse()
    assert a.state.ext[scoring_cards.KEY]["held"] != b.state.ext[scoring_cards.KEY]["held"]
    da, db = a.pending, b.pending
    assert da is not None and db is not None and da.ids() == db.ids()
    va, vb = a.view(FREYITH), b.view(FREYITH)
    assert va == vb and va["ext"][NAME] == pd(a)  # the Pilgrim Board is public (R27.5.6)
    held = {tuple(game_from_view(va, k).state.ext[scoring_cards.KEY]["held"][IGNOTAS])
            for k in range(6)}
    assert len(held) > 1  # sampled, not read
    for level in LEVELS:
        ca = untimed(level, 11).choose(copy.deepcopy(va), da)
        assert ca == untimed(level, 11).choose(copy.deepcopy(vb), db)
        assert ca in da.ids()


def _play(seed: int, decisions: int) -> list[str]:
    """Normal against easy, both modules."""
    g = new_game(GameConfig(players=2, seed=seed, modules=("folklore", NAME)))
    bots = [untimed("normal", seed), make_bot("easy", seed + 1)]
    out = []
    for _ in range(decisions):
        d = g.pending
        if d is None or g.is_over:
            break
        cid = bots[d.seat].choose(g.view(d.seat), d)
        out.append(cid)
        g.choose(cid)
    return out


def test_bots_are_deterministic_for_a_seed_with_pilgrimage() -> None:
    assert _play(3, 80) == _play(3, 80)


# --- a whole game --------------------------------------------------------------------------------


def test_hard_plays_a_game_with_both_modules_to_its_end() -> None:
    """Hard (a small search budget, to keep the test fast) against easy, both modules: every
    choice legal, the invariants hold, the game ends (every Shrine built, R27.10) and the
    Pilgrimages climbed."""
    g = new_game(GameConfig(players=2, seed=4, modules=("folklore", NAME)))
    small = Params(**{**HARD.__dict__, "weights": dict(HARD.weights), "beam": 3, "time_cap": 1e6,
                      "max_children": 8, "max_nodes": 80, "replies": 2, "reply_children": 3})
    bots = [PlannerBot(9, "hard", small), make_bot("easy", 10)]
    for i in range(6000):
        d = g.pending
        if d is None or g.is_over:
            break
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
        if i % 200 == 0:
            assert AAC.invariants(g) == []
    assert g.is_over and AAC.invariants(g) == []
    assert not pd(g)["supply"]
    assert max(sc.part("pilgrimage") for sc in g.final_scores()) > 0

"""Rule tests for R20 (Bridge Tokens), R23 (game end) and R25 (character powers I-III as the
catalog, characters.json, defines them). Every test builds a real position with tests.builder
and asserts the exact outcome: state, events and the legal choice ids."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from engine.aac import events as ev
from engine.aac.core import has_power, reach
from engine.aac.invariants import check
from engine.aac.rules.bonus import ReplenishFrame
from engine.aac.rules.bridges import BridgeFrame
from engine.aac.rules.claim import ClaimFrame
from engine.aac.rules.completion import CompletionPhase, ParticipantFrame
from engine.aac.rules.deploy import DeployFrame
from engine.aac.rules.movement import MoveFrame
from engine.aac.state import EMPTY, FIGURE_IN_POOL, Completion
from tests.builder import T, choice_ids, choose, clear_device, ctx, load, make_game, push_frame

GAPS_2P = {
    "br_spoke_north", "br_spoke_southwest", "br_spoke_west", "br_gap_north_east",
    "br_gap_east_southeast", "br_gap_southeast_southwest", "br_gap_southwest_west",
    "br_gap_west_north",
}
NEUTRALS_2P = {
    "br_spoke_east", "br_spoke_southeast", "br_fixed_north_east", "br_fixed_east_southeast",
    "br_fixed_southeast_southwest", "br_fixed_southwest_west", "br_fixed_west_north",
}


# --- helpers -----------------------------------------------------------------------------------


def game(chars: list[str | None], players: int = 2, seed: int = 1) -> Game:
    g = make_game(players, chars, seed=seed)
    assert g.pending is not None and g.pending.kind == "turn_type"
    return g


def ids(g: Game) -> set[str]:
    return set(choice_ids(g))


def uncover(g: Game, seat: int, tier: int, space: str = "box", side: int = 0) -> None:
    """Take the seat's tier token off its character board (to a bridge space or the box)."""
    p = g.state.players[seat]
    p.bridge_loc[tier - 1] = space
    p.bridge_side[tier - 1] = side
    if space != "box":
        g.state.bridges[space] = f"p:{seat}:{tier}"


def ok(g: Game) -> None:
    assert check(ctx(g)) == []


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def put_on_section(g: Game, seat: int, mon: str, idx: int, etype: str) -> None:
    """Move one energy of the seat from its exhausted pool onto a monument space."""
    p = g.state.players[seat]
    t = T(etype)
    assert p.exhausted[t] > 0
    p.exhausted[t] -= 1
    g.state.monuments[mon].spaces[idx] = seat * 4 + t


def bind_energy(g: Game, seat: int, region: str, etype: str) -> None:
    p = g.state.players[seat]
    t = T(etype)
    assert p.exhausted[t] > 0
    p.exhausted[t] -= 1
    g.state.bound[region][seat][t] += 1


def make_active(g: Game, seat: int) -> None:
    """Pass turns until `seat` is at its turn-type decision."""
    while g.state.active != seat:
        pass_turn(g)
    assert g.pending.kind == "turn_type" and g.pending.seat == seat


def pass_turn(g: Game) -> list[Any]:
    """An Actions turn with no activation (R6.4, O11). With no bottom-row energy "end" is the
    only choice and is applied automatically."""
    evs = g.choose("actions")
    if g.pending is not None and g.pending.kind == "action":
        evs += g.choose("end")
    return evs


def build_all_but_last(g: Game, last_mon: str) -> None:
    """Every monument fully constructed, except `last_mon`, whose last section is topmost,
    Completed with no energy on it and pending (as after a Patron Token, R21.2/R21.3)."""
    for mid, m in g.state.monuments.items():
        if mid == last_mon:
            m.built = m.stack[:-1]
            m.stack = m.stack[-1:]
            m.spaces = [EMPTY] * len(g.rules.sections[m.stack[0]].symbols)
        else:
            m.built = m.built + m.stack
            m.stack = []
            m.spaces = []
        m.completed = False


def complete_last(g: Game, mon: str, causer: int) -> None:
    m = g.state.monuments[mon]
    m.completed = True
    g.state.completions.append(Completion(mon, m.stack[0], -1, causer))


# --- R20 Bridges and Bridge Tokens ---------------------------------------------------------------


def test_r20_2_bridge_bonus_offers_every_gap_and_neutral_with_both_sides() -> None:
    """R20.2 (a)/(b) + side choice: every empty gap and every neutral bridge, side A or B; no
    box while a gap is empty (d)."""
    g = game(["freyith", "aureon"])
    push_frame(g, BridgeFrame(0))
    assert g.pending.kind == "bridge" and g.pending.seat == 0
    want = {f"build:{sp}:{sd}" for sp in GAPS_2P for sd in "AB"}
    want |= {f"over:{sp}:{sd}" for sp in NEUTRALS_2P for sd in "AB"}
    assert ids(g) == want


def test_r20_2a_bridge_on_gap_uncovers_power_and_extends_reach() -> None:
    """R20.2(a), R20.3(1)(2): tier I goes on the gap, its ability is uncovered, both regions join
    the owner's reach."""
    g = game(["freyith", "aureon"])
    p = g.state.players[0]
    assert not has_power(ctx(g), 0, 1)
    assert reach(ctx(g), 0) == ["r_southeast"]
    push_frame(g, BridgeFrame(0))
    evs = g.choose("build:br_spoke_north:A")
    assert of(evs, ev.BridgeBuilt) == [ev.BridgeBuilt(0, 1, "A", "br_spoke_north", "")]
    assert g.state.bridges["br_spoke_north"] == "p:0:1"
    assert p.bridge_loc == ["br_spoke_north", "board", "board"]
    assert p.bridge_side[0] == 0
    assert has_power(ctx(g), 0, 1) and not has_power(ctx(g), 0, 2)
    assert reach(ctx(g), 0) == ["r_southeast", "r_center", "r_north"]
    assert g.pending.kind == "turn_type"
    ok(g)


def test_r20_1_next_token_is_lowest_tier_still_on_board() -> None:
    """R20.1: with tier I on the map, the next bonus builds tier II (with tier II's sides)."""
    g = game(["freyith", "aureon"])
    uncover(g, 0, 1, "br_spoke_north")
    push_frame(g, BridgeFrame(0))
    assert "build:br_spoke_west:B" in ids(g)
    evs = g.choose("build:br_spoke_west:B")
    assert of(evs, ev.BridgeBuilt) == [ev.BridgeBuilt(0, 2, "B", "br_spoke_west", "")]
    p = g.state.players[0]
    assert p.bridge_loc == ["br_spoke_north", "br_spoke_west", "board"]
    assert p.bridge_side[1] == 1
    assert g.state.bridges["br_spoke_west"] == "p:0:2"
    ok(g)


def test_r20_2b_build_over_neutral_bridge_sends_neutral_to_box() -> None:
    """R20.2(b): allowed even while empty gaps exist; the neutral token leaves the map."""
    g = game(["freyith", "aureon"])
    push_frame(g, BridgeFrame(0))
    evs = g.choose("over:br_spoke_east:B")
    assert of(evs, ev.BridgeBuilt) == [ev.BridgeBuilt(0, 1, "B", "br_spoke_east", "n:nb_pc_2b")]
    assert g.state.bridges["br_spoke_east"] == "p:0:1"
    assert "n:nb_pc_2b" not in g.state.bridges.values()
    assert g.state.players[0].bridge_loc[0] == "br_spoke_east"
    ok(g)


def test_r20_2c_swap_returns_old_token_which_covers_its_ability_again() -> None:
    """R20.2(c), R20.5: the old token goes back to its space (ability covered) and will be the
    next one built again (lowest tier first)."""
    g = game(["freyith", "aureon"])
    uncover(g, 0, 1, "br_spoke_north")
    push_frame(g, BridgeFrame(0))
    assert {"swap:br_spoke_north:A", "swap:br_spoke_north:B"} <= ids(g)
    evs = g.choose("swap:br_spoke_north:A")
    assert of(evs, ev.BridgeBuilt) == [ev.BridgeBuilt(0, 2, "A", "br_spoke_north", "p:0:1")]
    p = g.state.players[0]
    assert g.state.bridges["br_spoke_north"] == "p:0:2"
    assert p.bridge_loc == ["board", "br_spoke_north", "board"]
    assert not has_power(ctx(g), 0, 1) and has_power(ctx(g), 0, 2)
    ok(g)
    push_frame(g, BridgeFrame(0))
    assert g.pending.prompt == "Place your Bridge Token I"
    assert "swap:br_spoke_north:A" in ids(g)


def test_r20_2d_box_only_when_no_gap_is_empty() -> None:
    """R20.2(d), O36: the box is offered only when no gap is empty; it uncovers the ability but
    gives no reach."""
    g = game(["freyith", "aureon"])
    push_frame(g, BridgeFrame(0))
    assert not any(i.startswith("box:") for i in ids(g))
    g.choose("build:br_spoke_north:A")
    for sp in GAPS_2P - {"br_spoke_north"}:
        g.state.bridges[sp] = "n:nb_pc_3"
    push_frame(g, BridgeFrame(0))
    assert {"box:A", "box:B", "swap:br_spoke_north:A"} <= ids(g)
    assert not any(i.startswith("build:") for i in ids(g))
    bridges_before = dict(g.state.bridges)
    evs = g.choose("box:B")
    assert of(evs, ev.BridgeBuilt) == [ev.BridgeBuilt(0, 2, "B", "", "box")]
    p = g.state.players[0]
    assert p.bridge_loc == ["br_spoke_north", "box", "board"]
    assert has_power(ctx(g), 0, 2)
    assert g.state.bridges == bridges_before
    assert reach(ctx(g), 0) == ["r_southeast", "r_center", "r_north"]
    ok(g)


def test_o35_building_over_another_players_bridge_is_not_offered() -> None:
    """R20.2 / O35: only gaps, neutrals or one's own tokens may be built on."""
    g = game(["freyith", "aureon"])
    uncover(g, 1, 1, "br_spoke_north")
    uncover(g, 1, 2, "br_fixed_north_east")
    push_frame(g, BridgeFrame(0))
    assert not any("br_spoke_north" in i or "br_fixed_north_east" in i for i in ids(g))
    assert not any(i.startswith("swap:") for i in ids(g))


def test_r20_2_no_token_left_means_nothing_happens() -> None:
    """R20.2: with all three tokens off the board the bonus does nothing."""
    g = game(["freyith", "aureon"])
    uncover(g, 0, 1, "br_spoke_north")
    uncover(g, 0, 2, "br_spoke_west")
    uncover(g, 0, 3, "box")
    before = g.state.clone()
    push_frame(g, BridgeFrame(0))
    assert g.pending.kind == "turn_type"
    assert g.state.bridges == before.bridges
    assert g.state.players[0].bridge_loc == ["br_spoke_north", "br_spoke_west", "box"]


def test_r20_3_player_bridge_benefit_goes_to_any_player_entering() -> None:
    """R20.3(3), R20.6: an opponent entering the token gets its face-up benefit (Freyith I side
    B: free 1 Rose), paid from the entering player's own Reserve."""
    g = game(["freyith", "aureon"])
    uncover(g, 0, 1, "br_fixed_north_east", side=1)
    q = g.state.players[1]
    q.figure, q.behind = "sp_east_out_ccw", "sp_east_start"
    push_frame(g, MoveFrame.make(ctx(g), 1, char=1))
    assert ids(g) == {"step:br_fixed_north_east", "step:sp_east_mid_ccw", "done"}
    g.choose("step:br_fixed_north_east")
    assert g.pending.kind == "bridge_benefit" and g.pending.seat == 1
    assert ids(g) == {"take", "decline"}
    rose = T("rose")
    evs = g.choose("take")
    assert of(evs, ev.BridgeBenefit) == [
        ev.BridgeBenefit(1, "br_fixed_north_east", "Free 1 Rose energy from your reserve.")]
    assert q.reserve[rose] == 1 and g.state.players[0].reserve[rose] == 2
    assert q.figure == "br_fixed_north_east"
    ok(g)


def test_r20_4_figure_on_swapped_space_does_not_trigger_new_token() -> None:
    """R20.4: a figure standing on a bridge that is swapped stays there and gains nothing; it does
    not gain it by walking off either (O37)."""
    g = game(["freyith", "aureon"])
    uncover(g, 0, 1, "br_spoke_east")
    q = g.state.players[1]
    q.figure, q.behind = "br_spoke_east", "sp_east_in"
    push_frame(g, BridgeFrame(0))
    evs = g.choose("swap:br_spoke_east:A")
    assert g.pending.kind == "turn_type"
    assert not of(evs, ev.BridgeBenefit)
    assert q.figure == "br_spoke_east" and q.bridges_used == []
    push_frame(g, MoveFrame.make(ctx(g), 1, char=1))
    evs = g.choose("step:sp_center_2")
    assert g.pending.kind == "turn_type" and not of(evs, ev.BridgeBenefit)


def test_r20_4_figure_on_neutral_built_over_does_not_trigger() -> None:
    """R20.4 (inferred half): building over a Neutral Bridge under a figure triggers nothing."""
    g = game(["freyith", "aureon"])
    q = g.state.players[1]
    q.figure, q.behind = "br_spoke_east", "sp_east_in"
    push_frame(g, BridgeFrame(0))
    evs = g.choose("over:br_spoke_east:A")
    assert g.pending.kind == "turn_type"
    assert not of(evs, ev.BridgeBenefit) and q.bridges_used == []


# --- R23 Game end ------------------------------------------------------------------------------


def test_r23_1_not_triggered_while_a_monument_still_has_sections() -> None:
    """R23.1: resolving a section that is not the last one of every monument does not trigger."""
    g = game(["freyith", "aureon"])
    build_all_but_last(g, "verdant_spire")
    m = g.state.monuments["verdant_spire"]
    m.built, m.stack = m.built[:-1], m.built[-1:] + m.stack  # two sections still to build
    m.spaces = [EMPTY] * len(g.rules.sections[m.stack[0]].symbols)
    ok(g)
    complete_last(g, "verdant_spire", g.state.active)
    evs = pass_turn(g)
    assert of(evs, ev.SectionConstructed) == [
        ev.SectionConstructed("verdant_spire", "verdant_spire_s3", "verdant_spire_s4")]
    assert not of(evs, ev.FinalRoundTriggered)
    assert not g.state.end_triggered and not g.is_over


def test_r23_2_final_round_player_after_trigger_plays_then_game_ends() -> None:
    """R23.1/R23.2: the start player triggers; the next player takes one last turn (a final-round
    turn), then the game ends before the start player's turn."""
    g = game(["freyith", "aureon"])
    s = g.state
    start = s.start_player
    assert s.active == start
    other = (start + 1) % 2
    build_all_but_last(g, "anfirien_beacon")
    complete_last(g, "anfirien_beacon", start)
    g.choose("actions")
    assert not s.end_triggered  # checked only at E4, the end of the turn
    evs = g.choose("end")
    assert of(evs, ev.SectionConstructed) == [
        ev.SectionConstructed("anfirien_beacon", "anfirien_beacon_s5", "")]
    assert of(evs, ev.FinalRoundTriggered) == [ev.FinalRoundTriggered(start)]
    started = of(evs, ev.TurnStarted)
    assert len(started) == 1 and started[0].seat == other and started[0].final_round
    assert s.end_triggered and not g.is_over
    assert g.pending.seat == other and g.pending.kind == "turn_type"
    evs = pass_turn(g)
    assert g.is_over and g.pending is None
    assert not of(evs, ev.TurnStarted)
    scores = g.final_scores()
    assert of(evs, ev.GameEnded) == [
        ev.GameEnded(tuple(b.total for b in scores), tuple(g.ranking()[0]))]


def test_r23_2_game_ends_at_once_when_next_player_holds_start_marker() -> None:
    """R23.2: the player to the triggering player's left holds the Start Player Marker."""
    g = game(["freyith", "aureon"])
    s = g.state
    start = s.start_player
    pass_turn(g)
    trig = s.active
    assert trig != start and (trig + 1) % 2 == start
    build_all_but_last(g, "tidewatch_observatory")
    complete_last(g, "tidewatch_observatory", trig)
    evs = pass_turn(g)
    assert of(evs, ev.FinalRoundTriggered) == [ev.FinalRoundTriggered(trig)]
    assert not of(evs, ev.TurnStarted)
    assert len(of(evs, ev.GameEnded)) == 1
    assert g.is_over and g.pending is None
    with pytest.raises(ValueError):
        g.choose("actions")


def test_r23_2_three_players_final_round_stops_before_start_player() -> None:
    """R23.2 with 3 players: the second player triggers; only the third player plays again."""
    g = game(["freyith", "aureon", "rusne"], players=3)
    s = g.state
    start = s.start_player
    pass_turn(g)
    trig = s.active
    assert trig == (start + 1) % 3
    build_all_but_last(g, "anfirien_beacon")
    complete_last(g, "anfirien_beacon", trig)
    evs = pass_turn(g)
    assert [e.seat for e in of(evs, ev.TurnStarted)] == [(start + 2) % 3]
    assert of(evs, ev.TurnStarted)[0].final_round
    evs = pass_turn(g)
    assert g.is_over and len(of(evs, ev.GameEnded)) == 1
    assert not of(evs, ev.TurnStarted)


# --- R25 Freyith ---------------------------------------------------------------------------------


@pytest.mark.parametrize("uncovered", [True, False])
def test_r25_freyith_1_wingbeat_flies_over_gap_for_one_point(uncovered: bool) -> None:
    """R25 / pw_freyith_1 (R12.5 override): facing a Bridge Gap, Freyith may spend 1 point to land
    beyond it instead of bouncing; no bridge benefit. Covered, only the bounce is offered."""
    g = game(["freyith", "aureon"])
    if uncovered:
        uncover(g, 0, 1)
    p = g.state.players[0]
    p.figure, p.behind = "sp_north_in_cw", "sp_north_mid_cw"
    push_frame(g, MoveFrame.make(ctx(g), 0, char=2))
    fly = "step:br_gap_north_east/sp_east_in_ccw"
    base = {"step:sp_north_in", "step:sp_north_mid_cw", "done"}
    assert ids(g) == (base | {fly} if uncovered else base)
    if not uncovered:
        return
    evs = g.choose(fly)
    assert p.figure == "sp_east_in_ccw" and p.behind == "br_gap_north_east"
    assert g.state.stack[-1].char == 1  # exactly 1 point spent
    assert "r_east" in p.entered
    assert not of(evs, ev.BridgeBenefit) and p.bridges_used == []
    assert g.pending.kind == "move"


def test_r25_freyith_2_updraft_flies_within_current_or_adjacent_region_once_per_turn() -> None:
    """pw_freyith_2: gaining >= 2 character points, spend all to fly to a non-bridge space in the
    current region or one sharing a bridge space with it; choose facing; once per turn."""
    g = game(["freyith", "aureon"])
    uncover(g, 0, 2)
    p = g.state.players[0]
    assert p.figure == "sp_southeast_start"
    push_frame(g, MoveFrame.make(ctx(g), 0, char=1))
    assert "fly" not in ids(g)  # fewer than 2 points
    g.choose("done")
    push_frame(g, MoveFrame.make(ctx(g), 0, char=2))
    assert "fly" in ids(g)
    g.choose("fly")
    assert g.pending.kind == "teleport"
    r = g.rules
    regions = {"r_southeast", "r_center", "r_east", "r_southwest"}
    want = {f"to:{sp}" for sp in r.spaces
            if sp not in r.bridge_spaces and r.space_regions[sp][0] in regions
            and sp != "sp_southeast_start"}
    assert ids(g) == want
    assert "to:sp_north_start" not in ids(g) and "to:br_spoke_east" not in ids(g)
    g.choose("to:sp_east_mid_cw")
    assert ids(g) == {"behind:sp_east_in_cw", "behind:sp_east_out_cw"}
    evs = g.choose("behind:sp_east_out_cw")
    assert of(evs, ev.FigureTeleported) == [
        ev.FigureTeleported(0, "sp_southeast_start", "sp_east_mid_cw", "sp_east_out_cw")]
    assert (p.figure, p.behind) == ("sp_east_mid_cw", "sp_east_out_cw")
    assert g.pending.kind == "turn_type"  # all points were spent on the flight
    push_frame(g, MoveFrame.make(ctx(g), 0, char=3))
    assert "fly" not in ids(g)  # once per turn


def test_r25_freyith_3_migration_moves_bound_energy_to_figures_region() -> None:
    """pw_freyith_3 (R4.3 E3): at the end of a turn on which the figure entered a region, move 1
    bound energy from another region's bound area to the same kind of location there."""
    g = game(["freyith", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 3)
    p = g.state.players[0]
    bind_energy(g, 0, "r_north", "magnet")
    p.figure, p.behind = "sp_east_start", "sp_east_out_cw"
    p.entered = ["r_east"]
    g.choose("actions")
    g.choose("end")
    assert g.pending.kind == "end_of_turn_ability" and g.pending.seat == 0
    assert ids(g) == {"use:pw_freyith_3", "done"}
    evs = g.choose("use:pw_freyith_3")  # the single migration option is applied
    mag = T("magnet")
    assert g.state.bound["r_north"][0][mag] == 0 and g.state.bound["r_east"][0][mag] == 1
    assert ev.TokenMoved(0, "magnet", "bound:r_north", "bound:r_east", "Migration") in evs
    assert g.state.active == 1  # the turn went on to the next player
    ok(g)


# --- R25 Aureon ----------------------------------------------------------------------------------


def test_r25_1_aureon_1_covered_is_not_offered() -> None:
    """R25.1: an ability under its Bridge Token is inactive."""
    g = game(["freyith", "aureon"])
    push_frame(g, MoveFrame.make(ctx(g), 1, char=2))
    assert "aureon" not in ids(g)


def test_r25_3_1_aureon_1_plus_one_character_movement_once_per_turn() -> None:
    """R25.3.1 / pw_aureon_1: +1 character movement point, once per turn."""
    g = game(["freyith", "aureon"])
    uncover(g, 1, 1)
    push_frame(g, MoveFrame.make(ctx(g), 1, char=2))
    assert "aureon" in ids(g)
    evs = g.choose("aureon")
    assert of(evs, ev.PowerUsed) == [ev.PowerUsed(1, "pw_aureon_1", "+1 movement")]
    assert g.state.stack[-1].char == 3
    assert "aureon" not in ids(g)
    g.choose("done")
    push_frame(g, MoveFrame.make(ctx(g), 1, char=2))
    assert "aureon" not in ids(g)  # used this turn already


@pytest.mark.parametrize("uncovered,points", [(True, 3), (False, 2)])
def test_r25_aureon_2_rose_activation_gives_three_points(uncovered: bool, points: int) -> None:
    """pw_aureon_2 (R16.2 override): each activated Rose gives 3 movement points instead of 2."""
    g = game(["freyith", "aureon"])
    if uncovered:
        uncover(g, 1, 2)
    clear_device(g, 0)
    put_on_section(g, 1, "anfirien_beacon", 1, "rose")
    put_on_section(g, 0, "anfirien_beacon", 0, "compass")
    g.state.monuments["anfirien_beacon"].completed = True
    push_frame(g, ParticipantFrame(1, "anfirien_beacon", 0, False, 1, "", False))
    assert "activate:rose" in ids(g)
    rose_before = g.state.players[1].exhausted[T("rose")]
    g.choose("activate:rose")
    assert g.state.players[1].exhausted[T("rose")] == rose_before + 1
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and f.seat == 1
    assert (f.char, f.mon, f.pil, f.flex) == (0, 0, 0, points)
    assert g.pending.kind == "move"


def test_r25_aureon_3_procession_gives_one_step_on_each_track() -> None:
    """pw_aureon_3 (R4.3 E3): after entering a region, 1 Monument Track and 1 Pillar Track step
    as one movement opportunity (entering an empty track counts as its step)."""
    g = game(["freyith", "aureon"])
    make_active(g, 1)
    uncover(g, 1, 3)
    g.state.players[1].entered = ["r_center"]
    pass_turn(g)
    assert g.pending.seat == 1 and ids(g) == {"use:pw_aureon_3", "done"}
    g.choose("use:pw_aureon_3")
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame)
    assert (f.char, f.mon, f.pil, f.flex) == (0, 1, 1, 0)
    assert {"monument_enter:compass", "pillar_enter:compass"} <= ids(g)
    g.choose("monument_enter:rose")
    p = g.state.players[1]
    assert p.tracks[0] == [T("rose"), 1]
    assert not any(i.startswith("monument_") for i in ids(g))
    g.choose("pillar_enter:magnet")
    assert p.tracks[1] == [T("magnet"), 1]
    assert g.state.active == 0  # the opportunity is over, the turn passed
    ok(g)


def test_r4_3_e3_end_of_turn_ability_needs_a_region_entered() -> None:
    """R4.3 E3 trigger end_of_turn_if_entered_region: nothing is offered without an entry."""
    g = game(["freyith", "aureon"])
    make_active(g, 1)
    uncover(g, 1, 3)
    pass_turn(g)
    assert g.pending.kind == "turn_type" and g.state.active == 0


# --- R25 Rusne -----------------------------------------------------------------------------------


@pytest.mark.parametrize("uncovered", [True, False])
def test_r25_rusne_1_undertow_counts_conduits_after_first_of_two_pushes(uncovered: bool) -> None:
    """pw_rusne_1 (R19.4 override): on a two-tile Advance, conduits are also counted after the
    first push. Here only the intermediate arrangement lines a Boot up (tile 3 under pos 4)."""
    g = game(["rusne", "aureon"])
    make_active(g, 0)
    if uncovered:
        uncover(g, 0, 1)
    p = g.state.players[0]
    p.conduits = ["", "", "", "cd_move_1", ""]
    assert p.charged
    choose(g, "advance", "push:st_rusne_0b", "skip_rest")
    assert g.pending.kind == "second_push"
    g.choose("second_push")
    if not uncovered:
        # second push, load; the final arrangement has no Boot under position 4: no E1 movement
        assert g.pending.kind == "load_slot"
        g.choose("skip_rest")
        assert g.state.active == 1
        return
    assert g.pending.kind == "power_offer" and ids(g) == {"use", "decline"}
    evs = g.choose("use")
    assert of(evs, ev.PowerUsed) == [ev.PowerUsed(0, "pw_rusne_1", "Undertow")]
    assert p.device == ["st_rusne_0b", "st_rusne_1", "st_rusne_2", "st_rusne_3", "st_rusne_4"]
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and (f.char, f.mon, f.pil) == (1, 0, 0)
    g.choose("done")
    assert g.pending.kind == "load_slot"  # now the second push happens
    assert p.device == ["st_rusne_0a", "st_rusne_0b", "st_rusne_1", "st_rusne_2", "st_rusne_3"]


def test_r25_3_2_rusne_2_rearranges_conduits_after_entering_a_region() -> None:
    """R25.3.2 / pw_rusne_2: at the end of a turn the figure crossed into a region, the conduit
    tokens may be rearranged."""
    g = game(["rusne", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 2)
    p = g.state.players[0]
    p.conduits = ["cd_move_1", "", "cd_pillar_1", "", ""]
    p.entered = ["r_center"]
    pass_turn(g)
    assert ids(g) == {"use:pw_rusne_2", "done"}
    g.choose("use:pw_rusne_2")
    assert g.pending.kind == "rearrange_conduits"
    assert "swap:1:3" in ids(g) and "swap:2:4" not in ids(g)  # two empty spaces: no change
    evs = g.choose("swap:1:5")
    assert of(evs, ev.ConduitsRearranged) == [
        ev.ConduitsRearranged(0, ("", "", "cd_pillar_1", "", "cd_move_1"))]
    g.choose("done")
    assert p.conduits == ["", "", "cd_pillar_1", "", "cd_move_1"]
    assert g.state.active == 1


def test_r25_rusne_3_confluence_counts_conduits_at_end_of_actions_turn() -> None:
    """pw_rusne_3: at the end of an Actions turn after entering a region, count conduits and gain
    the movement as at the end of an Advance turn."""
    g = game(["rusne", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 3)
    p = g.state.players[0]
    p.conduits = ["", "", "cd_move_double", "cd_pillar_1", ""]  # tile 3: Boot, tile 4: Pillar
    p.entered = ["r_center"]
    pass_turn(g)
    assert ids(g) == {"use:pw_rusne_3", "done"}
    g.choose("use:pw_rusne_3")
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and (f.char, f.mon, f.pil) == (2, 0, 1)
    assert g.pending.kind == "move" and g.pending.seat == 0


# --- R25 Multanec --------------------------------------------------------------------------------


def test_r25_multanec_1_masterwork_non_wild_in_any_symbol_once_per_turn() -> None:
    """pw_multanec_1: once per turn a placed non-Wild may go into an empty space of any symbol."""
    g = game(["multanec", "aureon"])
    uncover(g, 0, 1)
    clear_device(g, 0)
    load(g, 0, 1, "top", "compass")
    load(g, 0, 2, "top", "compass")
    push_frame(g, DeployFrame(0, (1,), 1, (), ""))
    assert g.pending.kind == "deploy_energy"
    # beacon section 1 symbols: compass, rose, magnet, compass
    sec = "compass>section:anfirien_beacon"
    assert {f"{sec}:0", f"{sec}:3", f"{sec}:1!mw", f"{sec}:2!mw"} <= ids(g)
    assert "compass>section:anfirien_beacon:1" not in ids(g)
    g.choose("compass>section:anfirien_beacon:1!mw")
    assert g.state.monuments["anfirien_beacon"].spaces[1] == 0 * 4 + T("compass")
    assert "pw_multanec_1" in g.state.players[0].used
    push_frame(g, DeployFrame(0, (2,), 1, (), ""))
    assert "compass>section:anfirien_beacon:0" in ids(g)
    assert not any(i.endswith("!mw") for i in ids(g))  # once per turn
    ok(g)


def test_r25_multanec_1_covered_gives_no_any_symbol_spaces() -> None:
    """R25.1: with the tier-I token on the board, symbols must match."""
    g = game(["multanec", "aureon"])
    clear_device(g, 0)
    load(g, 0, 1, "top", "compass")
    push_frame(g, DeployFrame(0, (1,), 1, (), ""))
    assert not any(i.endswith("!mw") for i in ids(g))


def _beacon_section_of(g: Game, cells: list[tuple[int, str]], completer: int) -> None:
    for i, (seat, etype) in enumerate(cells):
        put_on_section(g, seat, "anfirien_beacon", i, etype)
    m = g.state.monuments["anfirien_beacon"]
    m.completed = True
    g.state.completions.append(Completion("anfirien_beacon", m.stack[0], completer,
                                          completer if completer >= 0 else 1))
    push_frame(g, CompletionPhase(g.state.active))


@pytest.mark.parametrize("uncovered", [True, False])
def test_r25_multanec_2_completer_takes_both_perks(uncovered: bool) -> None:
    """pw_multanec_2 (R15.5.2 override): as completer, the section perk and the Bonus Tile."""
    g = game(["multanec", "aureon"])
    if uncovered:
        uncover(g, 0, 2)
    clear_device(g, 0)
    _beacon_section_of(g, [(0, "compass"), (0, "rose"), (0, "magnet"), (0, "compass")], 0)
    assert g.pending.kind == "completer_bind"
    g.choose("bind:rose")
    assert {"perk:section", "perk:bonus"} <= ids(g)
    evs = g.choose("perk:section")
    assert of(evs, ev.PerkTaken)[0].kind == "section"
    p = g.state.players[0]
    assert p.reserve[T("compass")] == 1 and p.reserve[T("magnet")] == 1
    assert "perk:section" not in ids(g)
    assert ("perk:bonus" in ids(g)) is uncovered
    if uncovered:
        assert g.state.monuments["anfirien_beacon"].bonus == "mb_bridge"
        g.choose("perk:bonus")
        assert g.pending.kind == "bridge" and g.pending.seat == 0


def test_r25_multanec_3_contributor_binds_instead_of_activating() -> None:
    """pw_multanec_3: when an opponent completes a section holding Multanec's energy, Multanec may
    bind 1 of it into that monument's bound area instead of activating it."""
    g = game(["multanec", "aureon"])
    uncover(g, 0, 3)
    clear_device(g, 0)
    clear_device(g, 1)
    _beacon_section_of(g, [(0, "compass"), (0, "rose"), (1, "magnet"), (1, "compass")], 1)
    assert g.pending.seat == 0 and g.pending.kind == "participant"  # contributor goes first
    assert {"cornerstone:compass", "cornerstone:rose"} <= ids(g)
    evs = g.choose("cornerstone:rose")
    assert of(evs, ev.PowerUsed) == [ev.PowerUsed(0, "pw_multanec_3", "binds")]
    assert g.state.bound["r_center"][0][T("rose")] == 1
    assert g.state.monuments["anfirien_beacon"].spaces[1] == EMPTY
    assert not any(i.startswith("cornerstone:") for i in ids(g))  # only 1 energy
    ok(g)


def test_r25_multanec_3_not_with_no_completer() -> None:
    """pw_multanec_3: no Cornerstone when nobody completed the section (Patron, Chronari III)."""
    g = game(["multanec", "aureon"])
    uncover(g, 0, 3)
    clear_device(g, 0)
    clear_device(g, 1)
    _beacon_section_of(g, [(0, "compass"), (0, "rose"), (1, "magnet"), (1, "compass")], -1)
    assert g.pending.seat == 0 and g.pending.kind == "participant"
    assert not any(i.startswith("cornerstone:") for i in ids(g))


# --- R25 Ignotas ---------------------------------------------------------------------------------


def test_r25_5_ignotas_1_loading_wild_into_position_2_may_recharge() -> None:
    """R25.5 / pw_ignotas_1: loading one of Ignotas's Wilds into position 2 offers a recharge;
    loading it elsewhere does not."""
    g = game(["ignotas", "aureon"])
    uncover(g, 0, 1)
    clear_device(g, 0)
    p = g.state.players[0]
    p.charged = False
    p.reserve[T("wild")] -= 1  # a second Wild, freed earlier
    p.exhausted[T("wild")] += 1
    assert p.exhausted[T("wild")] == 2
    push_frame(g, ReplenishFrame(0, 2, "", (), "", 0))
    g.choose("tile:1")
    g.choose("load:wild")
    assert g.pending.kind == "replenish_tile"  # position 1: no offer
    g.choose("tile:2")
    g.choose("load:wild")
    assert g.pending.kind == "power_offer" and ids(g) == {"use", "decline"}
    evs = g.choose("use")
    assert of(evs, ev.ChannelMarker) == [ev.ChannelMarker(0, True)]
    assert p.charged
    assert p.top["st_ignotas_2"] == [T("wild")]
    ok(g)


def test_r25_ignotas_2_custodian_swaps_top_row_before_position_2_action() -> None:
    """pw_ignotas_2: before the position-2 action, swap 1 top-row energy of an active tile with
    1 exhausted energy; then the action itself follows."""
    g = game(["ignotas", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 2)
    clear_device(g, 0)
    load(g, 0, 2, "bottom", "rose")
    load(g, 0, 4, "top", "compass")
    p = g.state.players[0]
    g.choose("actions")
    g.choose("act:2:rose")
    assert g.pending.kind == "custodian"
    others = {f"swap:4:compass:{tn}" for tn in ("rose", "magnet", "wild")
              if p.exhausted[T(tn)]}
    assert ids(g) == others | {"decline"}
    comp = p.exhausted[T("compass")]
    g.choose("swap:4:compass:magnet")
    assert p.top["st_ignotas_4"] == [T("magnet")]
    assert p.exhausted[T("compass")] == comp + 1
    assert g.pending.kind == "effect_option"
    assert ids(g) == {"opt:0:claim_tiles", "opt:1:reposition"}
    ok(g)


def test_r25_ignotas_3_recharge_while_charged_frees_any_type_once_per_turn() -> None:
    """pw_ignotas_3: once per turn, a recharge while Charged may instead free 1 energy of any
    type from the Reserve."""
    g = game(["ignotas", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 3)
    clear_device(g, 0)
    load(g, 0, 1, "bottom", "rose")
    load(g, 0, 5, "bottom", "magnet")
    load(g, 0, 3, "bottom", "compass")  # keeps the Actions turn open
    p = g.state.players[0]
    assert p.charged
    choose(g, "actions", "act:1:rose", "opt:1:recharge")
    assert g.pending.kind == "power_edict"
    assert ids(g) == {"free:compass", "free:rose", "free:magnet", "free:wild", "decline"}
    wild = p.exhausted[T("wild")]
    evs = g.choose("free:wild")
    assert of(evs, ev.PowerUsed) == [ev.PowerUsed(0, "pw_ignotas_3", "freed a Wild")]
    assert p.reserve[T("wild")] == 1 and p.exhausted[T("wild")] == wild + 1
    assert g.pending.kind == "action"
    choose(g, "act:5:magnet", "pos:1", "opt:1:recharge")
    assert g.pending.kind == "action"  # second recharge this turn: no offer
    assert p.reserve == [2, 2, 2, 1]
    ok(g)


# --- R25.6 Chronari ------------------------------------------------------------------------------


def test_r25_6_1_chronari_1_wild_activation_loads_it_and_one_more_into_one_tile() -> None:
    """R25.6.1 / pw_chronari_1: an activated Chronari Wild is loaded, with 1 exhausted energy,
    into empty slots of one active tile."""
    g = game(["chronari", "aureon"])
    uncover(g, 0, 1)
    clear_device(g, 0)
    clear_device(g, 1)
    put_on_section(g, 0, "anfirien_beacon", 0, "wild")
    put_on_section(g, 1, "anfirien_beacon", 3, "compass")
    g.state.monuments["anfirien_beacon"].completed = True
    push_frame(g, ParticipantFrame(0, "anfirien_beacon", 1, False, 1, "", False))
    g.choose("activate:wild")
    assert g.pending.kind == "rewind"
    assert ids(g) == {f"wild:{pos}:{row}" for pos in range(1, 6) for row in ("top", "bottom")} | {
        "exhaust"}
    evs = g.choose("wild:2:top")
    assert of(evs, ev.PowerUsed) == [ev.PowerUsed(0, "pw_chronari_1", "Rewind")]
    p = g.state.players[0]
    assert p.top["st_chronari_2"] == [T("wild")]
    assert g.pending.kind == "rewind_second"
    assert ids(g) == {f"bottom:e:{tn}" for tn in ("compass", "rose", "magnet", "wild")
                      if p.exhausted[T(tn)]} | {"none"}
    rose = p.exhausted[T("rose")]
    g.choose("bottom:e:rose")
    assert p.bottom["st_chronari_2"] == [T("rose")] and p.exhausted[T("rose")] == rose - 1
    assert g.state.monuments["anfirien_beacon"].spaces[0] == EMPTY
    assert g.pending.kind == "participant"
    ok(g)


def test_r25_6_2_chronari_2_reverse_flow_pushes_from_the_right() -> None:
    """R25.6.2 / pw_chronari_2: pay 1 device energy; every push this turn inserts at position 5,
    tiles shift left, the tile leaving position 1 goes to staging with its energy exhausted."""
    g = game(["chronari", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 2)
    clear_device(g, 0)
    load(g, 0, 1, "top", "compass")
    load(g, 0, 1, "bottom", "rose")
    load(g, 0, 3, "top", "magnet")
    p = g.state.players[0]
    ex = p.exhausted[:]
    g.choose("advance")
    assert g.pending.kind == "chronari_reverse"
    assert ids(g) == {"reverse:slot:1:top:compass", "reverse:slot:1:bottom:rose",
                      "reverse:slot:3:top:magnet", "normal"}
    g.choose("reverse:slot:3:top:magnet")
    assert p.top["st_chronari_3"] == [EMPTY]
    evs = g.choose("push:st_chronari_0a")
    pushed = of(evs, ev.TilesPushed)
    assert pushed == [ev.TilesPushed(0, "st_chronari_0a", 5, "st_chronari_1", (
        "st_chronari_2", "st_chronari_3", "st_chronari_4", "st_chronari_5", "st_chronari_0a"))]
    assert sorted(p.staging) == ["st_chronari_0b", "st_chronari_1"]
    assert p.top["st_chronari_1"] == [EMPTY] and p.bottom["st_chronari_1"] == [EMPTY]
    assert p.exhausted == [ex[0] + 1, ex[1] + 1, ex[2] + 1, ex[3]]
    assert g.pending.kind == "load_slot" and g.pending.prompt == "Load position 5, top row"
    assert p.charged
    choose(g, "skip_rest", "second_push")
    assert p.device == ["st_chronari_3", "st_chronari_4", "st_chronari_5", "st_chronari_0a",
                        "st_chronari_0b"]  # the second push is reversed too
    assert sorted(p.staging) == ["st_chronari_1", "st_chronari_2"]
    ok(g)


def test_r25_6_3_chronari_3_construct_here_deconstruct_elsewhere() -> None:
    """R25.6.3 / pw_chronari_3 (O48): after entering a region, construct its monument's topmost
    section (no completer, no binding) and deconstruct a section elsewhere to the bottom of its
    stack; the completion resolves before the next player's turn."""
    g = game(["chronari", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 3)
    vs = g.state.monuments["verdant_spire"]
    vs.built, vs.stack = ["verdant_spire_s1"], vs.stack[1:]
    vs.spaces = [EMPTY] * len(g.rules.sections["verdant_spire_s2"].symbols)
    g.state.players[0].entered = ["r_east"]
    g.choose("actions")
    evs = g.choose("end")
    assert g.pending.kind == "end_of_turn_ability"
    assert ids(g) == {"use:pw_chronari_3", "done"}
    evs = g.choose("use:pw_chronari_3")  # only construct:r_east / one section to deconstruct
    assert of(evs, ev.SectionCompleted) == [
        ev.SectionCompleted("tidewatch_observatory", "tidewatch_observatory_s1", -1, "chronari")]
    assert of(evs, ev.SectionDeconstructed) == [
        ev.SectionDeconstructed("verdant_spire", "verdant_spire_s1")]
    assert vs.stack == ["verdant_spire_s2", "verdant_spire_s3", "verdant_spire_s4",
                        "verdant_spire_s1"] and vs.built == []
    tw = g.state.monuments["tidewatch_observatory"]
    assert tw.built == ["tidewatch_observatory_s1"] and not tw.completed
    kinds = [type(e) for e in evs]
    assert kinds.index(ev.SectionConstructed) < kinds.index(ev.TurnStarted)
    assert g.state.active == 1
    assert sum(sum(row) for rows in g.state.bound.values() for row in rows) == 0  # no binding
    ok(g)


# --- R25.7 Valimod -------------------------------------------------------------------------------


def test_r25_7_1_valimod_figure_in_pool_cannot_move_and_gives_no_reach() -> None:
    """R25.7.1: in the Tile Pool the figure is in no region and character points are lost."""
    g = game(["valimod", "aureon"])
    p = g.state.players[0]
    p.figure, p.behind = FIGURE_IN_POOL, ""
    assert reach(ctx(g), 0) == []
    push_frame(g, MoveFrame.make(ctx(g), 0, char=2))
    assert g.pending.kind == "turn_type"  # nothing to do with character points


def test_r25_7_2_valimod_figure_pays_as_two_and_teleports_out() -> None:
    """R25.7.1/R25.7.2: the figure counts as 2 shop energy for a Claim; paying with it (even
    overpaying) teleports it to any non-bridge space with a chosen facing."""
    g = game(["valimod", "aureon"])
    p = g.state.players[0]
    for t in range(4):
        p.exhausted[t] += p.shop[t]
        p.shop[t] = 0
    p.figure, p.behind = FIGURE_IN_POOL, ""
    push_frame(g, ClaimFrame.new(0, 2, -1))
    assert ids(g) == {"pick:1", "pick:2", "pick:3"}  # budget 2: not the 3-price slot
    g.choose("pick:1")  # price 1; nothing else affordable; pay with the figure (forced)
    assert g.pending.kind == "teleport"
    r = g.rules
    assert ids(g) == {f"to:{sp}" for sp in r.spaces if sp not in r.bridge_spaces}
    g.choose("to:sp_north_start")
    assert ids(g) == {"behind:sp_north_out_cw", "behind:sp_north_out_ccw"}
    evs = g.choose("behind:sp_north_out_cw")
    assert of(evs, ev.FigureTeleported) == [
        ev.FigureTeleported(0, FIGURE_IN_POOL, "sp_north_start", "sp_north_out_cw")]
    assert g.pending.kind == "claim_replace"
    evs = g.choose("replace:st_valimod_0a")
    assert of(evs, ev.TileClaimed) == [ev.TileClaimed(0, "shop_i_02", 1, "st_valimod_0a", 0, 1)]
    assert p.figure == "sp_north_start" and p.shop == [0, 0, 0, 0]
    assert "shop_i_02" in p.staging
    assert g.pending.kind == "interest" and g.pending.seat == 1  # Valimod has no shop energy
    ok(g)


def test_r25_7_5_valimod_1_wild_activation_may_teleport_into_tile_pool() -> None:
    """R25.7.5 / pw_valimod_1: the activated Wild is exhausted; then an optional teleport into
    the Tile Pool."""
    g = game(["valimod", "aureon"])
    uncover(g, 0, 1)
    clear_device(g, 0)
    clear_device(g, 1)
    put_on_section(g, 0, "anfirien_beacon", 0, "wild")
    put_on_section(g, 1, "anfirien_beacon", 3, "compass")
    g.state.monuments["anfirien_beacon"].completed = True
    p = g.state.players[0]
    start = p.figure
    wild = p.exhausted[T("wild")]
    push_frame(g, ParticipantFrame(0, "anfirien_beacon", 1, False, 1, "", False))
    g.choose("activate:wild")
    assert p.exhausted[T("wild")] == wild + 1
    assert g.pending.kind == "power_offer" and ids(g) == {"use", "decline"}
    evs = g.choose("use")
    assert of(evs, ev.FigureTeleported) == [ev.FigureTeleported(0, start, FIGURE_IN_POOL, "")]
    assert p.figure == FIGURE_IN_POOL
    ok(g)


def test_r25_7_6_valimod_2_claimed_icons_give_two_movement_each() -> None:
    """R25.7.6 / pw_valimod_2: in Claim step 2 each icon on the claimed tiles gives 2 movement
    of its kind (Boot: character, castle: Monument Track)."""
    g = game(["valimod", "aureon"])
    uncover(g, 0, 2)
    p = g.state.players[0]
    clear_device(g, 0)
    for tn in ("compass", "rose"):
        p.exhausted[T(tn)] -= 1
        p.shop[T(tn)] += 1
    assert sum(p.shop) == 3
    push_frame(g, ClaimFrame.new(0, 2, -1))
    choose(g, "pick:1", "pick:2")  # shop_i_02 (Boot, 1) + shop_i_04 (castle, 2)
    while g.pending.kind == "claim_pay":
        g.choose(g.pending.choices[0].id)
    choose(g, "replace:st_valimod_0a", "replace:st_valimod_0b")
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and f.source == "Resonance"
    assert (f.char, f.mon, f.pil, f.flex) == (2, 2, 0, 0)
    assert g.pending.kind == "move" and g.pending.seat == 0
    assert p.shop == [0, 0, 0, 0]
    ok(g)


def test_r25_7_7_valimod_3_replenishes_two_iconed_tiles() -> None:
    """R25.7.7 / pw_valimod_3 (O50): after entering a region, replenish the top rows of 2 active
    tiles that show an icon."""
    g = game(["valimod", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 3)
    clear_device(g, 0)
    p = g.state.players[0]
    p.entered = ["r_center"]
    pass_turn(g)
    assert ids(g) == {"use:pw_valimod_3", "done"}
    g.choose("use:pw_valimod_3")
    assert g.pending.kind == "replenish_tile"
    assert ids(g) == {"tile:3", "tile:4", "tile:5", "none"}  # tiles 1 and 2 have no icon
    choose(g, "tile:3", "load:rose")
    assert ids(g) == {"tile:4", "tile:5", "none"}
    choose(g, "tile:5", "load:magnet")
    assert p.top["st_valimod_3"] == [T("rose")] and p.top["st_valimod_5"] == [T("magnet")]
    assert p.top["st_valimod_4"] == [EMPTY]
    assert g.state.active == 1
    ok(g)


def test_r25_7_2_valimod_figure_covers_only_two_of_a_higher_price() -> None:
    """R25.7.1/R25.7.2: the figure is worth 2 shop energy; a price-3 tile paid with the figure
    still needs 1 more shop energy (only a lower price may be overpaid)."""
    g = game(["valimod", "aureon"])
    p = g.state.players[0]
    assert p.shop == [0, 0, 1, 0]
    p.figure, p.behind = FIGURE_IN_POOL, ""
    push_frame(g, ClaimFrame.new(0, 1, -1))
    assert "pick:4" in ids(g)  # budget 1 + 2 = 3
    g.choose("pick:4")
    assert ids(g) == {"pay:magnet", "pay:figure"}
    evs = choose(g, "pay:figure", "to:sp_north_start", "behind:sp_north_out_cw")
    # the 1 still owed is paid with the magnet (the only way left: forced)
    assert g.pending.kind == "claim_replace"
    evs += g.choose("replace:st_valimod_0a")
    assert p.shop == [0, 0, 0, 0]
    assert ev.TokenMoved(0, "magnet", "shop", "exhausted", "paid for a tile") in evs
    assert p.figure == "sp_north_start"


def test_r25_7_3_valimod_teleport_only_claim_gives_opponents_no_interest() -> None:
    """R25.7.3 (O49): with no tiles in the Tile Pool, a Claim may only teleport the figure; no
    opponent gets interest."""
    g = game(["valimod", "aureon"])
    p = g.state.players[0]
    q = g.state.players[1]
    assert sum(q.shop) == 1
    p.figure, p.behind = FIGURE_IN_POOL, ""
    g.state.supply += [t for t in g.state.pool if t]
    g.state.pool = ["", "", "", ""]
    push_frame(g, ClaimFrame.new(0, 2, -1))
    # "teleport_only" is the only choice (applied); it is paid with the figure
    if g.pending.kind == "claim_pay":
        g.choose("pay:figure")
    assert g.pending.kind == "teleport"
    choose(g, "to:sp_west_start", "behind:sp_west_out_cw")
    assert p.figure == "sp_west_start"
    # Valimod himself (1 shop energy) may still take interest; the opponent is not asked
    while g.pending.kind == "interest":
        assert g.pending.seat == 0
        g.choose("decline")
    assert g.pending.kind == "turn_type"
    assert sum(q.shop) == 1
    ok(g)


def test_r25_7_3_valimod_teleport_only_claim_is_paid_with_the_figure() -> None:
    """R25.7.3: the teleport-only Claim spends the figure as in R25.7.2; paying it with shop
    energy (and not teleporting) is not a legal option."""
    g = game(["valimod", "aureon"])
    p = g.state.players[0]
    assert p.shop == [0, 0, 1, 0]
    p.figure, p.behind = FIGURE_IN_POOL, ""
    g.state.supply += [t for t in g.state.pool if t]
    g.state.pool = ["", "", "", ""]
    push_frame(g, ClaimFrame.new(0, 2, -1))
    assert g.pending.kind == "teleport"  # no payment choice: the figure pays
    assert p.shop == [0, 0, 1, 0]


def test_r25_ignotas_2_custodian_before_every_position_2_action() -> None:
    """pw_ignotas_2 (limit once_per_action): offered each time the position-2 action is used,
    also through position 5 in the same turn."""
    g = game(["ignotas", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 2)
    clear_device(g, 0)
    load(g, 0, 2, "bottom", "rose")
    load(g, 0, 5, "bottom", "rose")
    load(g, 0, 3, "bottom", "compass")  # keeps the Actions turn open
    load(g, 0, 4, "top", "compass")
    p = g.state.players[0]
    choose(g, "actions", "act:2:rose", "swap:4:compass:magnet", "opt:1:reposition", "done")
    assert g.pending.kind == "action"
    assert p.top["st_ignotas_4"] == [T("magnet")]
    choose(g, "act:5:rose", "pos:2")
    assert g.pending.kind == "custodian"
    g.choose("swap:4:magnet:wild")
    assert p.top["st_ignotas_4"] == [T("wild")]
    assert g.pending.kind == "effect_option"
    ok(g)


def test_r25_7_6_valimod_2_teleport_out_then_move_at_once() -> None:
    """R25.7.6 example: pay with the figure (teleport out of the Tile Pool), claim a Boot tile,
    then move at once from the new space with the 2 character points."""
    g = game(["valimod", "aureon"])
    uncover(g, 0, 2)
    p = g.state.players[0]
    for t in range(4):
        p.exhausted[t] += p.shop[t]
        p.shop[t] = 0
    p.figure, p.behind = FIGURE_IN_POOL, ""
    push_frame(g, ClaimFrame.new(0, 1, -1))
    choose(g, "pick:1", "to:sp_north_start", "behind:sp_north_out_cw",
           "replace:st_valimod_0a")
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and (f.char, f.mon, f.pil) == (2, 0, 0)
    assert ids(g) == {"step:sp_north_out_ccw", "done"}
    g.choose("step:sp_north_out_ccw")
    assert p.figure == "sp_north_out_ccw"


def test_r20_3_bridge_token_regions_join_reach_for_binding() -> None:
    """R20.3(1), R13.6: a ready Monument Track token may be bound in the figure's region and in
    both regions of each of the player's Bridge Tokens on the map."""
    g = game(["freyith", "aureon"])
    uncover(g, 0, 1, "br_gap_west_north")
    p = g.state.players[0]
    p.exhausted[T("rose")] -= 1
    p.tracks[0] = [T("rose"), 4]
    push_frame(g, MoveFrame.make(ctx(g), 0))
    binds = {i for i in ids(g) if i.startswith("bind_monument:")}
    assert binds == {"bind_monument:r_southeast", "bind_monument:r_west", "bind_monument:r_north"}
    g.choose("bind_monument:r_west")
    assert g.state.bound["r_west"][0][T("rose")] == 1 and p.tracks[0] == [EMPTY, 0]
    ok(g)


def test_r4_3_e3_non_active_players_ability_also_triggers_after_active() -> None:
    """R4.3 E3 (O61): a non-active player whose figure entered a region this turn may use an
    end-of-turn ability, after the active player."""
    g = game(["freyith", "aureon"])
    make_active(g, 0)
    uncover(g, 0, 3)
    uncover(g, 1, 3)
    bind_energy(g, 0, "r_north", "magnet")
    g.state.players[0].entered = ["r_southeast"]
    g.state.players[1].entered = ["r_center"]
    pass_turn(g)
    assert g.pending.seat == 0 and ids(g) == {"use:pw_freyith_3", "done"}
    g.choose("done")
    assert g.pending.seat == 1 and ids(g) == {"use:pw_aureon_3", "done"}
    g.choose("done")
    assert g.pending.kind == "turn_type" and g.state.active == 1

"""Rule tests for movement (R11), character movement (R12), tracks and binding (R13) and
Running Out of Energy (R14). Positions are built on a real game (tests.builder), then the
relevant rule frame is pushed or the real Actions-turn flow is driven.

Map facts used below (assets/data/map.json, 2 players, seed 1):
- the East loop: sp_east_start - sp_east_out_ccw - sp_east_mid_ccw - sp_east_in_ccw - sp_east_in;
  sp_east_out_ccw is a fork onto the neutral bridge br_fixed_north_east (r_east/r_north, benefit:
  1 movement point of any kind); sp_east_in_ccw is a fork onto the Bridge Gap br_gap_north_east.
- monuments in use: anfirien_beacon (r_center), tidewatch_observatory (r_east),
  verdant_spire (r_southeast); r_north (ember_forge) has no monument in use.
"""

from __future__ import annotations

import pytest

from engine import GameConfig
from engine import new_game as engine_new_game
from engine.aac import events as ev
from engine.aac.invariants import check
from engine.aac.rules.bridges import BridgeBenefitFrame
from engine.aac.rules.completion import ParticipantFrame
from engine.aac.rules.movement import MoveFrame, TeleportFrame
from tests.builder import T, choice_ids, choose, clear_device, ctx, load, make_game, push_frame

SEAT = 1  # chronari, the start player with seed 1; no movement-related powers
OTHER = 0  # rusne


def new_game(players: int = 2, chars: tuple[str, ...] = ("rusne", "chronari")):
    g = make_game(players, list(chars), seed=1)
    assert g.state.active == SEAT or players != 2
    return g


def put(g, seat: int, figure: str, behind: str) -> None:
    p = g.state.players[seat]
    p.figure = figure
    p.behind = behind


def move(g, seat: int = SEAT, **pts: int) -> None:
    push_frame(g, MoveFrame.make(ctx(g), seat, **pts))


def steps(g) -> set[str]:
    return {c for c in choice_ids(g) if c.startswith("step:")}


def with_prefix(g, prefix: str) -> set[str]:
    return {c for c in choice_ids(g) if c.startswith(prefix)}


def ready_track(g, seat: int, track: int, etype: str, peg: int = 4) -> None:
    """Put an energy (from the exhausted pool) on a track at `peg` (0 monument, 1 pillar)."""
    p = g.state.players[seat]
    p.exhausted[T(etype)] -= 1
    p.tracks[track] = [T(etype), peg]


def ok(g) -> None:
    assert check(ctx(g)) == []


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


# --- R11 movement points ---------------------------------------------------------------------


def test_r11_3_movement_action_offers_one_type_monument_track_one_step():
    """R11.3 / O20 / O26: the Movement action picks exactly one type; the Monument Track
    option gives 1 track point only: no character steps, no Pillar Track, and entering the
    empty track uses that single point."""
    g = new_game()
    choose(g, "actions", "act:4:compass")
    assert choice_ids(g) == ["opt:0:move_character", "opt:1:move_track", "opt:2:move_track"]
    g.choose("opt:1:move_track")
    p = g.state.players[SEAT]
    # chronari's exhausted pool is now compass 2, rose 1, magnet 2, wild 0
    assert p.exhausted == [2, 1, 2, 0]
    assert set(choice_ids(g)) == {
        "monument_enter:compass", "monument_enter:rose", "monument_enter:magnet", "done"}
    events = g.choose("monument_enter:magnet")
    assert p.tracks == [[T("magnet"), 1], [-1, 0]]
    assert p.exhausted == [2, 1, 1, 0]
    assert ev.TrackMoved(SEAT, "monument", 0, 1) in events
    moved = of(events, ev.TokenMoved)
    assert [(e.etype, e.src, e.dst) for e in moved] == [("magnet", "exhausted", "track:monument")]
    # the single point is spent: the opportunity is over, back to choosing actions
    assert g.pending.kind == "action"
    ok(g)


def test_r11_3_movement_action_character_up_to_two_spaces():
    """R11.3: the character option moves the figure up to 2 spaces, then the points are gone."""
    g = new_game()
    choose(g, "actions", "act:4:compass", "opt:0:move_character")
    assert g.pending.kind == "move"
    assert choice_ids(g) == ["step:sp_east_out_ccw", "done"]
    g.choose("step:sp_east_out_ccw")
    assert steps(g) == {"step:sp_east_mid_ccw", "step:br_fixed_north_east"}
    g.choose("step:sp_east_mid_ccw")
    p = g.state.players[SEAT]
    assert (p.figure, p.behind) == ("sp_east_mid_ccw", "sp_east_out_ccw")
    assert g.pending.kind == "action"  # no third step
    ok(g)


def test_r11_5_points_need_not_be_spent():
    """R11.5 / R12.7: the player may stop after 1 of 2 points; the rest is lost."""
    g = new_game()
    choose(g, "actions", "act:4:compass", "opt:0:move_character", "step:sp_east_out_ccw")
    assert "done" in choice_ids(g)
    g.choose("done")
    p = g.state.players[SEAT]
    assert (p.figure, p.behind) == ("sp_east_out_ccw", "sp_east_start")
    assert g.pending.kind == "action"
    assert not any(isinstance(f, MoveFrame) for f in g.state.stack)
    ok(g)


def test_r11_3_pillar_option_offers_no_character_or_monument_points():
    """R11.3: choosing the Pillar Track option gives a Pillar Track point only."""
    g = new_game()
    choose(g, "actions", "act:4:compass", "opt:2:move_track")
    ids = set(choice_ids(g))
    assert ids == {"pillar_enter:compass", "pillar_enter:rose", "pillar_enter:magnet", "done"}


def test_r11_6_o22_rose_points_split_between_character_and_pillar_track():
    """R11.6 / O22 / R16.2: an activated Rose gives 2 points spendable in any mix, e.g.
    1 character step and 1 Pillar Track step; there is no third point."""
    g = new_game()
    s = g.state
    p = s.players[SEAT]
    p.exhausted[T("rose")] -= 1
    s.monuments["tidewatch_observatory"].spaces[0] = SEAT * 4 + T("rose")
    push_frame(g, ParticipantFrame(SEAT, "tidewatch_observatory", -1, False, 0, "", True))
    assert set(choice_ids(g)) == {"activate:rose", "exhaust:rose"}
    events = g.choose("activate:rose")
    assert [(e.src, e.dst) for e in of(events, ev.TokenMoved)] == [
        ("section:tidewatch_observatory:0", "exhausted")]
    assert g.pending.kind == "move"
    ids = set(choice_ids(g))
    assert "step:sp_east_out_ccw" in ids
    assert "monument_enter:compass" in ids and "pillar_enter:compass" in ids
    g.choose("step:sp_east_out_ccw")
    ids = set(choice_ids(g))
    assert "pillar_enter:magnet" in ids and "monument_enter:magnet" in ids
    assert "step:sp_east_mid_ccw" in ids
    g.choose("pillar_enter:magnet")
    assert p.tracks[1] == [T("magnet"), 1]
    assert p.figure == "sp_east_out_ccw"
    # both points spent: the movement opportunity is over (back to the turn's first decision)
    assert g.pending.kind == "turn_type"
    ok(g)


# --- R12 character movement ------------------------------------------------------------------


def test_r12_1_initial_facing_option_names_the_space_ahead():
    """R12.1 / R3.3.7: the start space's facing options name the neighbour ahead, which fixes
    the other neighbour as behind; the first step then goes to the chosen space."""
    g = engine_new_game(GameConfig(players=2, seed=1, characters=["rusne", "chronari"]))
    assert g.pending.kind == "choose_facing" and g.pending.seat == SEAT
    assert set(choice_ids(g)) == {"face:sp_east_out_ccw", "face:sp_east_out_cw"}
    g.choose("face:sp_east_out_cw")
    p = g.state.players[SEAT]
    assert (p.figure, p.behind) == ("sp_east_start", "sp_east_out_ccw")
    while g.pending.kind == "choose_facing":
        g.choose(g.pending.choices[0].id)
    move(g, char=1)
    assert steps(g) == {"step:sp_east_out_cw"}


def test_r12_2_figure_moves_forward_only():
    """R12.1 / R12.2: forward is every neighbour except the one behind; never backwards."""
    g = new_game()
    move(g, char=1)
    assert steps(g) == {"step:sp_east_out_ccw"}
    g2 = new_game()
    put(g2, SEAT, "sp_east_start", "sp_east_out_ccw")
    move(g2, char=1)
    assert steps(g2) == {"step:sp_east_out_cw"}


def test_r12_3_fork_player_chooses_branch():
    """R12.3: with more than one forward neighbour the player chooses."""
    g = new_game()
    put(g, SEAT, "sp_east_out_ccw", "sp_east_start")
    move(g, char=1)
    assert steps(g) == {"step:sp_east_mid_ccw", "step:br_fixed_north_east"}


def test_r12_4_facing_after_each_step():
    """R12.4: after each step the figure faces away from the space it left, and keeps it."""
    g = new_game()
    move(g, char=2)
    events = g.choose("step:sp_east_out_ccw")
    assert events == [ev.FigureMoved(SEAT, ("sp_east_start", "sp_east_out_ccw"), "sp_east_start")]
    events = g.choose("step:sp_east_mid_ccw")
    assert events == [
        ev.FigureMoved(SEAT, ("sp_east_out_ccw", "sp_east_mid_ccw"), "sp_east_out_ccw")]
    p = g.state.players[SEAT]
    assert (p.figure, p.behind) == ("sp_east_mid_ccw", "sp_east_out_ccw")
    assert g.pending.kind == "turn_type"
    ok(g)


def test_r12_5_o23_bounce_one_space_from_gap_walks_two_back():
    """R12.5 example / O23: a figure next to a Bridge Gap with 2 points bounces for free and
    walks 2 spaces the other way. The gap branch is a legal fork choice; the gap itself can
    never be stood on."""
    g = new_game()
    assert g.state.bridges["br_gap_north_east"] == ""
    put(g, SEAT, "sp_east_in_ccw", "sp_east_mid_ccw")
    move(g, char=2)
    # forward: sp_east_in, or the gap branch, which bounces back to sp_east_mid_ccw
    assert steps(g) == {"step:sp_east_in", "step:sp_east_mid_ccw"}
    assert "step:br_gap_north_east" not in choice_ids(g)
    events = g.choose("step:sp_east_mid_ccw")
    assert events == [
        ev.FigureMoved(SEAT, ("sp_east_in_ccw", "sp_east_mid_ccw"), "sp_east_in_ccw")]
    p = g.state.players[SEAT]
    assert (p.figure, p.behind) == ("sp_east_mid_ccw", "sp_east_in_ccw")
    # the bounce cost nothing: one point is left, and it continues the other way
    assert steps(g) == {"step:sp_east_out_ccw"}
    g.choose("step:sp_east_out_ccw")
    assert (p.figure, p.behind) == ("sp_east_out_ccw", "sp_east_mid_ccw")
    assert g.pending.kind == "turn_type"
    ok(g)


def test_r12_5_bounce_into_occupied_space_may_skip_it():
    """R12.5 + R12.6: after a bounce the step back may land on, or skip, an occupied space."""
    g = new_game()
    put(g, SEAT, "sp_east_in_ccw", "sp_east_mid_ccw")
    put(g, OTHER, "sp_east_mid_ccw", "sp_east_out_ccw")
    move(g, char=1)
    assert steps(g) == {
        "step:sp_east_in", "step:sp_east_mid_ccw", "step:sp_east_mid_ccw/sp_east_out_ccw"}
    g.choose("step:sp_east_mid_ccw/sp_east_out_ccw")
    p = g.state.players[SEAT]
    assert (p.figure, p.behind) == ("sp_east_out_ccw", "sp_east_mid_ccw")
    assert g.pending.kind == "turn_type"


def test_r12_6_chain_of_occupied_spaces_skipped_for_one_point():
    """R12.6: entering an occupied space costs 1 point; skipping it is free, also over a chain
    of consecutive occupied spaces; forks on the way still need a choice."""
    g = new_game(3, ("rusne", "chronari", "multanec"))
    mover = 2  # multanec starts on sp_east_start facing sp_east_out_ccw
    p = g.state.players[mover]
    assert (p.figure, p.behind) == ("sp_east_start", "sp_east_out_cw")
    put(g, 0, "sp_east_out_ccw", "sp_east_start")
    put(g, 1, "sp_east_mid_ccw", "sp_east_out_ccw")
    move(g, mover, char=1)
    assert steps(g) == {
        "step:sp_east_out_ccw",  # stop on the first figure (enter: 1 point)
        "step:sp_east_out_ccw/br_fixed_north_east",  # skip it, take the fork onto the bridge
        "step:sp_east_out_ccw/sp_east_mid_ccw",  # skip the first, stop on the second
        "step:sp_east_out_ccw/sp_east_mid_ccw/sp_east_in_ccw",  # skip the whole chain
    }
    events = g.choose("step:sp_east_out_ccw/sp_east_mid_ccw/sp_east_in_ccw")
    assert of(events, ev.FigureMoved) == [ev.FigureMoved(
        mover, ("sp_east_start", "sp_east_out_ccw", "sp_east_mid_ccw", "sp_east_in_ccw"),
        "sp_east_mid_ccw")]
    assert (p.figure, p.behind) == ("sp_east_in_ccw", "sp_east_mid_ccw")
    assert g.pending.kind == "turn_type"  # the one point is spent
    ok(g)


def test_r12_6_stopping_on_occupied_space_costs_one_point():
    """R12.6: figures may share a space; entering it costs 1 point like any step."""
    g = new_game()
    put(g, OTHER, "sp_east_out_ccw", "sp_east_start")
    move(g, char=2)
    g.choose("step:sp_east_out_ccw")
    p = g.state.players[SEAT]
    assert p.figure == g.state.players[OTHER].figure == "sp_east_out_ccw"
    assert steps(g) == {"step:sp_east_mid_ccw", "step:br_fixed_north_east"}
    g.choose("step:sp_east_mid_ccw")
    assert g.pending.kind == "turn_type"


def test_r12_8_r13_6_figure_on_bridge_reaches_both_regions():
    """R12.8 / R13.6: a figure on a bridge space is in both regions it joins, so a ready
    Monument Track token may be bound in either."""
    g = new_game()
    put(g, SEAT, "br_fixed_north_east", "sp_east_out_ccw")
    ready_track(g, SEAT, 0, "compass")
    move(g, char=1)
    assert with_prefix(g, "bind_monument:") == {"bind_monument:r_east", "bind_monument:r_north"}


def test_r12_9_r20_6_entering_bridge_triggers_benefit_then_movement_continues():
    """R12.9 / R20.6 / O37: entering a bridge with a benefit offers it at once; after it the
    remaining points continue."""
    g = new_game()
    put(g, SEAT, "sp_east_out_ccw", "sp_east_start")
    move(g, char=2)
    g.choose("step:br_fixed_north_east")
    p = g.state.players[SEAT]
    assert p.figure == "br_fixed_north_east"
    assert g.pending.kind == "bridge_benefit"
    assert choice_ids(g) == ["take", "decline"]
    events = g.choose("take")
    assert of(events, ev.BridgeBenefit) == [ev.BridgeBenefit(
        SEAT, "br_fixed_north_east", "Gain 1 movement point for your figure or either track.")]
    # the benefit's own opportunity: 1 point of any kind
    assert g.pending.kind == "move" and "1 for anything" in g.pending.prompt
    g.choose("done")
    # back to the original opportunity: 1 character point left
    assert g.pending.kind == "move" and "1 movement point for your figure" in g.pending.prompt
    assert steps(g) == {"step:sp_north_out_cw"}
    assert p.bridges_used == ["br_fixed_north_east"]
    ok(g)


def test_o37_bridge_benefit_once_per_bridge_per_player_per_turn():
    """O37 / R20.6: each bridge triggers at most once per player per turn; another player
    entering it in the same turn still gets it."""
    g = new_game()
    put(g, SEAT, "sp_east_out_ccw", "sp_east_start")
    move(g, char=1)
    choose(g, "step:br_fixed_north_east", "decline")
    assert g.pending.kind == "turn_type"
    # later in the same turn the figure is back before the bridge and enters it again
    put(g, SEAT, "sp_east_out_ccw", "sp_east_start")
    move(g, char=1)
    g.choose("step:br_fixed_north_east")
    assert g.state.players[SEAT].figure == "br_fixed_north_east"
    assert g.pending.kind == "turn_type"  # no second benefit
    # a different player entering the same bridge this turn is offered it
    put(g, OTHER, "sp_north_out_cw", "sp_north_mid_cw")
    move(g, OTHER, char=1)
    g.choose("step:br_fixed_north_east")
    assert g.pending.kind == "bridge_benefit" and g.pending.seat == OTHER


def test_r20_6_skipping_over_bridge_triggers_benefit():
    """R20.6 / R12.6: skipping over an occupied bridge space still triggers its benefit."""
    g = new_game()
    put(g, SEAT, "sp_east_out_ccw", "sp_east_start")
    put(g, OTHER, "br_fixed_north_east", "sp_north_out_cw")
    move(g, char=1)
    g.choose("step:br_fixed_north_east/sp_north_out_cw")
    p = g.state.players[SEAT]
    assert (p.figure, p.behind) == ("sp_north_out_cw", "br_fixed_north_east")
    assert g.pending.kind == "bridge_benefit"
    assert isinstance(g.state.stack[-1], BridgeBenefitFrame)
    assert g.state.stack[-1].space == "br_fixed_north_east"


def test_r20_3_own_bridge_on_former_gap_is_entered_and_triggers_for_owner():
    """R1.16 / R12.5 / R12.9 / R20.6: once a Bridge Token fills a gap the figure no longer
    bounces there but enters the bridge, and owners benefit from their own bridges."""
    g = new_game()
    s = g.state
    p = s.players[SEAT]
    s.bridges["br_gap_north_east"] = f"p:{SEAT}:1"
    p.bridge_loc[0], p.bridge_side[0] = "br_gap_north_east", 0
    put(g, SEAT, "sp_east_in_ccw", "sp_east_mid_ccw")
    move(g, char=1)
    assert steps(g) == {"step:sp_east_in", "step:br_gap_north_east"}  # no bounce option
    g.choose("step:br_gap_north_east")
    assert p.figure == "br_gap_north_east"
    assert g.pending.kind == "bridge_benefit" and g.pending.seat == SEAT
    assert p.bridges_used == ["br_gap_north_east"]
    ok(g)


def test_o37_leaving_a_bridge_started_on_does_not_trigger():
    """O37: leaving the bridge the figure started its movement on does not trigger it."""
    g = new_game()
    put(g, SEAT, "br_fixed_north_east", "sp_east_out_ccw")
    move(g, char=1)
    g.choose("step:sp_north_out_cw")
    assert g.state.players[SEAT].bridges_used == []
    assert g.pending.kind == "turn_type"


def test_r12_10_teleport_triggers_no_bridge_benefit_and_o25_enters_region():
    """R12.10 / O25: a teleport sets the figure on a (non-bridge) space and asks its facing;
    it crosses nothing and triggers no benefit, but does count as entering the region."""
    g = new_game()
    push_frame(g, TeleportFrame(SEAT, "any_non_bridge", "", "Test"))
    ids = choice_ids(g)
    assert "to:sp_north_out_cw" in ids
    assert not any(i.startswith("to:br_") for i in ids)
    assert "to:sp_east_start" not in ids  # its own space
    g.choose("to:sp_north_out_cw")
    assert set(choice_ids(g)) == {
        "behind:sp_north_mid_cw", "behind:sp_north_start", "behind:br_fixed_north_east"}
    events = g.choose("behind:br_fixed_north_east")
    assert events == [ev.FigureTeleported(
        SEAT, "sp_east_start", "sp_north_out_cw", "br_fixed_north_east")]
    p = g.state.players[SEAT]
    assert p.bridges_used == []
    assert p.entered == ["r_north"]
    assert g.pending.kind == "turn_type"


def test_r12_11_entering_regions_recorded_bridge_counts_as_both():
    """R12.11: stepping onto a bridge enters its other region; stepping on into that region is
    no new entry; moving within the start region enters nothing."""
    g = new_game()
    p = g.state.players[SEAT]
    move(g, char=2)
    g.choose("step:sp_east_out_ccw")
    assert p.entered == []
    g.choose("step:br_fixed_north_east")
    assert p.entered == ["r_north"]
    choose(g, "decline")
    assert g.pending.kind == "turn_type"
    move(g, char=1)
    g.choose("step:sp_north_out_cw")
    assert p.entered == ["r_north"]


# --- R13 tracks and binding ------------------------------------------------------------------


def test_r13_2_o26_entering_empty_track_costs_one_point_then_moves_up():
    """R13.2 / O26 / R13.4: entering an empty track puts an exhausted energy on peg 1 for one
    point; the next point moves it up one peg."""
    g = new_game()
    p = g.state.players[SEAT]
    move(g, pil=2)
    events = g.choose("pillar_enter:rose")
    assert p.tracks[1] == [T("rose"), 1]
    assert p.exhausted == [1, 0, 2, 0]
    assert ev.TrackMoved(SEAT, "pillar", 0, 1) in events
    assert with_prefix(g, "pillar_") == {"pillar_up"}  # one token per track (R13.1)
    events = g.choose("pillar_up")
    assert events == [ev.TrackMoved(SEAT, "pillar", 1, 2)]
    assert p.tracks[1] == [T("rose"), 2]
    assert g.pending.kind == "turn_type"
    ok(g)


def test_r13_3_token_ready_only_at_top_peg_and_bind_after_last_point():
    """R13.3 / R13.4 / R13.5: a token on peg 3 cannot be bound; one more point makes it ready
    on peg 4 (of 4), and it can then be bound in the same opportunity with no point left."""
    g = new_game()
    p = g.state.players[SEAT]
    ready_track(g, SEAT, 0, "magnet", peg=3)
    move(g, mon=1)
    assert with_prefix(g, "bind_") == set()
    assert with_prefix(g, "monument_") == {"monument_up"}
    g.choose("monument_up")
    assert p.tracks[0] == [T("magnet"), 4]
    assert set(choice_ids(g)) == {"bind_monument:r_east", "done"}
    g.choose("bind_monument:r_east")
    assert p.tracks[0] == [-1, 0]
    assert g.state.bound["r_east"][SEAT] == [0, 0, 1, 0]
    ok(g)


def test_r13_3_no_step_above_top_peg():
    """R13.2 / R13.4: a token already at the top peg (4) is not moved further."""
    g = new_game()
    ready_track(g, SEAT, 1, "magnet", peg=4)
    move(g, pil=1)
    assert "pillar_up" not in choice_ids(g)
    assert not with_prefix(g, "pillar_enter:")


def test_r13_5_bind_between_character_steps_costs_no_point():
    """R11.4 / R13.5: binding is allowed in any movement opportunity (here a character-only
    one), before or between steps, and costs no point."""
    g = new_game()
    ready_track(g, SEAT, 0, "compass")
    move(g, char=2)
    g.choose("step:sp_east_out_ccw")
    events = g.choose("bind_monument:r_east")
    assert [(e.etype, e.src, e.dst) for e in of(events, ev.TokenMoved)] == [
        ("compass", "track:monument", "bound:r_east")]
    assert g.state.bound["r_east"][SEAT] == [1, 0, 0, 0]
    # still 1 character point
    assert g.pending.kind == "move" and "1 movement point for your figure" in g.pending.prompt
    assert steps(g) == {"step:sp_east_mid_ccw", "step:br_fixed_north_east"}
    ok(g)


def test_r13_6_reach_includes_own_bridge_tokens_only():
    """R13.6: reach = the figure's region plus both regions of each of the player's own
    Bridge Tokens on the map; an opponent's Bridge Token adds nothing."""
    g = new_game()
    s = g.state
    me, them = s.players[SEAT], s.players[OTHER]
    s.bridges["br_gap_southwest_west"] = f"p:{SEAT}:1"
    me.bridge_loc[0], me.bridge_side[0] = "br_gap_southwest_west", 0
    s.bridges["br_gap_west_north"] = f"p:{OTHER}:1"
    them.bridge_loc[0], them.bridge_side[0] = "br_gap_west_north", 0
    ready_track(g, SEAT, 0, "compass")
    move(g, char=1)
    assert with_prefix(g, "bind_monument:") == {
        "bind_monument:r_east", "bind_monument:r_southwest", "bind_monument:r_west"}
    ok(g)


def test_r13_6_reach_checked_at_moment_of_binding():
    """R13.5 / R13.6: reach is checked when binding, so stepping onto a bridge into r_north
    makes r_north reachable within the same opportunity."""
    g = new_game()
    put(g, SEAT, "sp_east_out_ccw", "sp_east_start")
    ready_track(g, SEAT, 0, "compass")
    move(g, char=1)
    assert with_prefix(g, "bind_monument:") == {"bind_monument:r_east"}
    choose(g, "step:br_fixed_north_east", "decline")
    assert with_prefix(g, "bind_monument:") == {"bind_monument:r_east", "bind_monument:r_north"}


def test_r13_5_1_monument_track_binds_in_region_without_monument_no_patron():
    """R13.5.1 / R21.1: the Monument Track may bind into the Bound Energy Area of a region
    without a monument in use; such a region has no Patron Token to offer."""
    g = new_game()
    s = g.state
    assert "ember_forge" not in s.monuments
    put(g, SEAT, "sp_north_start", "sp_north_out_cw")
    p = s.players[SEAT]
    p.exhausted[T("rose")] -= 1
    s.bound["r_north"][SEAT][T("rose")] += 1  # already 1 there: the bind makes 2
    ready_track(g, SEAT, 0, "magnet")
    move(g, char=1)
    assert with_prefix(g, "bind_monument:") == {"bind_monument:r_north"}
    g.choose("bind_monument:r_north")
    assert s.bound["r_north"][SEAT] == [0, 1, 1, 0]
    assert p.patron == ""
    assert g.pending.kind == "move"  # no patron decision
    ok(g)


def test_r13_5_4_second_bind_at_monument_offers_patron_first_does_not():
    """R13.5.4 / R21.1: binding the first energy at a monument offers nothing; binding the
    second offers its Patron Token."""
    g = new_game()
    s = g.state
    p = s.players[SEAT]
    ready_track(g, SEAT, 0, "magnet")
    move(g, char=1)
    g.choose("bind_monument:r_east")
    assert s.bound["r_east"][SEAT] == [0, 0, 1, 0]
    assert g.pending.kind == "move"
    # a second monument-track energy becomes ready and is bound there
    g.choose("done")
    ready_track(g, SEAT, 0, "rose")
    move(g, char=1)
    g.choose("bind_monument:r_east")
    assert s.bound["r_east"][SEAT] == [0, 1, 1, 0]
    assert g.pending.kind == "patron_take"
    assert choice_ids(g) == ["take", "decline"]
    events = g.choose("take")
    assert events == [ev.PatronTaken(SEAT, "tidewatch_observatory")]
    assert p.patron == "tidewatch_observatory"
    assert s.monuments["tidewatch_observatory"].patron is False
    ok(g)


def test_r13_5_3_fourth_bind_allowed_and_r21_1_one_patron_per_player():
    """R13.5.3 / R21.1: binding a 4th energy into the same area is still allowed; a player who
    already holds a Patron Token is not offered another."""
    g = new_game()
    s = g.state
    p = s.players[SEAT]
    for t in ("compass", "rose", "magnet"):
        p.exhausted[T(t)] -= 1
        s.bound["r_east"][SEAT][T(t)] += 1
    p.patron = "verdant_spire"
    s.monuments["verdant_spire"].patron = False
    ready_track(g, SEAT, 0, "magnet")
    move(g, char=1)
    g.choose("bind_monument:r_east")
    assert s.bound["r_east"][SEAT] == [1, 1, 2, 0]
    assert g.pending.kind == "move"  # no patron offer
    assert s.monuments["tidewatch_observatory"].patron is True
    ok(g)


def test_r13_5_2_pillar_binds_only_to_open_unblocked_space():
    """R13.5.2 / R3.1: with 2 players the right Pillar spaces are blocked; the ready Pillar
    Track token binds to the empty left space of a region in reach."""
    g = new_game()
    s = g.state
    ready_track(g, SEAT, 1, "magnet")
    move(g, char=1)
    assert with_prefix(g, "bind_pillar:") == {"bind_pillar:pil_east_left"}
    g.choose("bind_pillar:pil_east_left")
    assert s.pillars["pil_east_left"] == SEAT * 4 + T("magnet")
    assert s.players[SEAT].tracks[1] == [-1, 0]
    ok(g)


def test_r13_5_2_never_both_pillar_spaces_of_a_region():
    """R13.5.2: with 4 players both Pillar spaces are open; if an opponent holds the left one
    the player may take the right one, but never both spaces of one region."""
    g = make_game(4, ["rusne", "chronari", "multanec", "ignotas"], seed=1)
    s = g.state
    seat = 0  # rusne on sp_east_start
    assert s.players[seat].figure == "sp_east_start"
    s.players[1].exhausted[T("rose")] -= 1
    s.pillars["pil_east_left"] = 1 * 4 + T("rose")
    ready_track(g, seat, 1, "magnet")
    move(g, seat, char=1)
    assert with_prefix(g, "bind_pillar:") == {"bind_pillar:pil_east_right"}
    # now the player holds the left space themselves: nothing in r_east
    g.choose("done")
    s.pillars["pil_east_left"] = -1
    s.players[1].exhausted[T("rose")] += 1
    s.players[seat].exhausted[T("compass")] -= 1
    s.pillars["pil_east_left"] = seat * 4 + T("compass")
    move(g, seat, char=1)
    assert with_prefix(g, "bind_pillar:") == set()
    ok(g)


# --- R14 Running Out of Energy -----------------------------------------------------------------


def test_r14_no_running_out_while_exhausted_pool_has_energy():
    """R14.1: Running Out applies only when the Exhausted Pool is empty."""
    g = new_game()
    p = g.state.players[SEAT]
    clear_device(g, SEAT)
    # leave exactly one magnet in the pool; everything else goes to the Tile Pool
    for t in range(4):
        keep = 1 if t == T("magnet") else 0
        p.shop[t] += p.exhausted[t] - keep
        p.exhausted[t] = keep
    move(g, mon=1)
    assert with_prefix(g, "monument_enter") == {"monument_enter:magnet"}
    ok(g)


def test_r14_running_out_sources_allowed_and_forbidden():
    """R14.1-R14.4: entering an empty track with an empty Exhausted Pool may take energy from
    device slots, the Tile Pool, an Open section, the other track, a Bound Energy Area or a
    Pillar space, but never from the Reserve, an Achievement or a Completed section; it is
    optional and one energy at a time."""
    g = new_game()
    s = g.state
    p = s.players[SEAT]
    clear_device(g, SEAT)
    ex = p.exhausted

    def take(etype: str) -> int:
        ex[T(etype)] -= 1
        return T(etype)

    load(g, SEAT, 2, "top", "compass")
    load(g, SEAT, 5, "bottom", "rose")
    s.monuments["anfirien_beacon"].spaces[1] = SEAT * 4 + take("magnet")  # Open section
    p.tracks[1] = [take("magnet"), 2]  # Pillar Track
    s.bound["r_southeast"][SEAT][take("compass")] += 1
    s.pillars["pil_west_left"] = SEAT * 4 + take("rose")
    # forbidden: a Completed section waiting for resolution, an Achievement
    tw = s.monuments["tidewatch_observatory"]
    tw.spaces = [SEAT * 4 + take("compass"), OTHER * 4 + T("rose"), OTHER * 4 + T("magnet")]
    s.players[OTHER].exhausted[T("rose")] -= 1
    s.players[OTHER].exhausted[T("magnet")] -= 1
    tw.completed = True
    ach = next(a for a in s.ach)
    s.ach[ach][1] = SEAT * 4 + take("rose")
    # the rest goes to the Tile Pool; the pool is now empty
    for t in range(4):
        p.shop[t] += ex[t]
        ex[t] = 0
    assert p.reserve == [2, 2, 2, 2]
    ok(g)
    shop_types = [n for n in ("compass", "rose", "magnet", "wild") if p.shop[T(n)]]
    move(g, mon=1)
    expected = {
        "monument_enter:compass<slot:2:top",
        "monument_enter:rose<slot:5:bottom",
        "monument_enter:magnet<section:anfirien_beacon:1",
        "monument_enter:magnet<track:pillar",
        "monument_enter:compass<bound:r_southeast",
        "monument_enter:rose<pillar:pil_west_left",
    } | {f"monument_enter:{n}<shop" for n in shop_types}
    assert with_prefix(g, "monument_enter") == expected
    assert "done" in choice_ids(g)  # optional
    events = g.choose("monument_enter:rose<pillar:pil_west_left")
    assert s.pillars["pil_west_left"] == -1
    assert p.tracks[0] == [T("rose"), 1]
    assert [(e.src, e.dst) for e in of(events, ev.TokenMoved)] == [
        ("pillar:pil_west_left", "track:monument")]
    ok(g)


@pytest.mark.parametrize("etype", ["compass", "rose"])
def test_r14_2_running_out_is_per_energy_and_keeps_type(etype):
    """R14.2: the taken energy keeps its type and comes from the chosen location only."""
    g = new_game()
    s = g.state
    p = s.players[SEAT]
    for t in range(4):
        p.shop[t] += p.exhausted[t]
        p.exhausted[t] = 0
    before_shop = p.shop[:]
    move(g, pil=1)
    cid = f"pillar_enter:{etype}<shop"
    assert cid in choice_ids(g)
    g.choose(cid)
    assert p.tracks[1] == [T(etype), 1]
    after = before_shop[:]
    after[T(etype)] -= 1
    assert p.shop == after
    assert p.exhausted == [0, 0, 0, 0]
    ok(g)

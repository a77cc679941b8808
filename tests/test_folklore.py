"""The Folklore module (RULES.md R26, R25.5, R32.11, R32.15) in real positions: setup and the
hidden hands, priming instead of a recharge, placing an Artifact (each R26.3 condition on its
own), playing a card (one option, two on an opponent's Artifact and the owner's reply, the
first card's extra option, costs), the Folklore Track and its score, saves mid resolution.

Cards are chosen so that every option performed here uses an effect already played (base
effects, folklore_track, prime_artifact, movement_points per Artifact region)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game
from engine.aac import triggers
from engine.aac.catalog.effects import effect_from_plain
from engine.aac.core import power_limit, teleport
from engine.aac.definition import AAC
from engine.aac.folklore import events as fev
from engine.aac.folklore.rules import CardFrame, why_not
from engine.aac.folklore.state import NAME, deck
from engine.aac.log import describe
from engine.aac.persist.io import dumps_save, loads_save
from engine.aac.rules.effects import push_effect
from engine.aac.rules.movement import MoveFrame, TrackMoveFrame
from engine.aac.rules.reserve import recharge
from engine.aac.scoring import final_scores
from engine.aac.simulate import play_random_game
from engine.cli import main
from engine.kernel.bots import RandomBot
from tests.builder import choice_ids, choose, ctx, make_game, push_frame, rerun
from tests.test_conformance import check_views

FREYITH, RUSNE = 0, 1
CENTER = "sp_center_0"  # a non-bridge space of the central region (no one's start region)


def fd(g: Game) -> dict[str, Any]:
    return g.state.ext[NAME]  # type: ignore[no-any-return]


def folk_game(**kw: Any) -> Game:
    """Freyith (seat 0, starts in the south-west) and Rusnė (seat 1, south-east)."""
    return make_game(2, characters=["freyith", "rusne"], seed=3, modules=(NAME,), **kw)


def set_hand(g: Game, seat: int, cards: list[str]) -> None:
    d = fd(g)
    d["hand"][seat] = list(cards)
    d["aside"][seat] = [c for c in deck(g.rules, g.state.players[seat].character)
                        if c not in cards and c not in d["played"][seat]]


def primed(g: Game, seat: int) -> None:
    d = fd(g)
    if not d["primed"][seat]:
        d["slots"][seat] -= 1
        d["primed"][seat] = True


def stand(g: Game, seat: int, space: str) -> None:
    p = g.state.players[seat]
    p.figure = space
    p.behind = g.rules.neighbours[space][0]


def moving(g: Game, seat: int, space: str = CENTER, **pts: int) -> None:
    """The seat stands on `space` with a primed Artifact and a movement opportunity."""
    primed(g, seat)
    stand(g, seat, space)
    push_frame(g, MoveFrame.make(ctx(g), seat, source="Movement", **pts))


def artifact_at(g: Game, seat: int, space: str, played: str) -> None:
    """An Artifact of `seat` already on `space` (its card `played` played earlier)."""
    d = fd(g)
    d["slots"][seat] -= 1
    d["map"].setdefault(space, []).append(seat)
    d["played"][seat].append(played)
    if played in d["hand"][seat]:
        d["hand"][seat].remove(played)
    if played in d["aside"][seat]:
        d["aside"][seat].remove(played)


# --- setup (R26.1) -----------------------------------------------------------------------------


def test_r26_1_setup_deals_three_hidden_cards_and_sets_three_aside() -> None:
    g = folk_game()
    d = fd(g)
    for seat, p in enumerate(g.state.players):
        assert len(d["hand"][seat]) == 3 and len(d["aside"][seat]) == 3
        assert sorted(d["hand"][seat] + d["aside"][seat]) == sorted(deck(g.rules, p.character))
    assert d["slots"] == [3, 3] and d["primed"] == [False, False] and d["track"] == [0, 0]
    assert AAC.invariants(g) == []
    view = g.view(FREYITH)["ext"][NAME]
    assert view["hand"][FREYITH] == d["hand"][FREYITH]  # the owner sees its hand
    assert view["hand"][RUSNE] == ["", "", ""]  # the opponent's hand: only its size
    assert view["aside"] == [["", "", ""], ["", "", ""]]  # set aside: unseen by everyone
    assert "rusne_" not in json.dumps(g.view(FREYITH)["ext"])


def test_r26_1_3_expert_hand_keeps_three_of_six() -> None:
    g = make_game(2, characters=["freyith", "rusne"], seed=3, modules=(NAME,),
                  options={"folklore_expert_hand": True})
    # the facing decisions come after the hands are chosen: make_game stopped at the first
    d = g.pending
    assert d is not None and d.kind == "folklore_keep" and len(d.choices) == 6
    seat = d.seat
    mine = list(fd(g)["hand"][seat])
    assert g.view(1 - seat)["ext"][NAME]["hand"][seat] == [""] * 6  # others never see them
    check_views(AAC, g, 0)  # views, their resampling and the decider's choices agree
    choose(g, f"keep:{mine[4]}", f"keep:{mine[0]}", f"keep:{mine[2]}")
    assert sorted(fd(g)["hand"][seat]) == sorted([mine[0], mine[2], mine[4]])
    assert sorted(fd(g)["aside"][seat]) == sorted([mine[1], mine[3], mine[5]])
    assert g.pending is not None and g.pending.kind == "folklore_keep"
    assert g.pending.seat == 1 - seat
    check_views(AAC, g, 1)
    assert AAC.invariants(g) == []


# --- priming (R26.2, R8.2, R32.11) -------------------------------------------------------------


def test_r32_11_a_recharge_may_prime_an_artifact_instead_and_only_one_is_primed() -> None:
    g = folk_game()
    c = ctx(g)
    p = g.state.players[FREYITH]
    p.charged = False
    recharge(c, FREYITH)
    rerun(g)
    assert g.pending is not None and g.pending.kind == "recharge"
    assert choice_ids(g) == ["recharge", "folklore:prime"]
    events = g.choose("folklore:prime")
    assert fd(g)["primed"][FREYITH] and fd(g)["slots"][FREYITH] == 2 and not p.charged
    assert any(isinstance(e, fev.ArtifactPrimed) and e.instead_of_recharge for e in events)
    # R26.2.2: with one primed, a recharge is only a recharge (no decision)
    depth = len(g.state.stack)
    recharge(ctx(g), FREYITH)
    assert p.charged and len(g.state.stack) == depth


def test_prime_artifact_effect_primes_without_a_recharge() -> None:
    g = folk_game()
    e = effect_from_plain({"id": "ignotas_x_e1", "effect": "prime_artifact"})
    push_effect(ctx(g), FREYITH, e, "test")
    assert fd(g)["primed"][FREYITH] and fd(g)["slots"][FREYITH] == 2
    push_effect(ctx(g), FREYITH, e, "test")  # one primed already: nothing happens
    assert fd(g)["slots"][FREYITH] == 2 and AAC.invariants(g) == []


# --- placing an Artifact (R26.3, R32.15) -------------------------------------------------------


def test_r26_3_1_placing_while_moving_forfeits_character_movement_but_keeps_track_points(
) -> None:
    """O69: flexible points stay, for the tracks only; character points are lost."""
    g = folk_game()
    set_hand(g, FREYITH, ["freyith_1", "freyith_5", "freyith_2"])
    moving(g, FREYITH, char=1, flex=2)
    assert "folklore:place" in choice_ids(g)
    assert any(c.id.startswith("step:") for c in g.pending.choices)  # type: ignore[union-attr]
    events = g.choose("folklore:place")
    assert fd(g)["map"] == {CENTER: [FREYITH]} and not fd(g)["primed"][FREYITH]
    assert any(isinstance(e, fev.ArtifactPlaced) and e.space == CENTER for e in events)
    below = g.state.stack[-2]
    assert isinstance(below, TrackMoveFrame) and (below.char, below.flex) == (0, 2)
    assert g.pending is not None and g.pending.kind == "folklore_card"
    choose(g, "card:freyith_2", "option:freyith_2_a", "skip")  # +1 Folklore, no extra
    ids = choice_ids(g)  # back in the movement: the tracks only
    assert g.pending is not None and g.pending.kind == "move"
    assert not any(i.startswith("step:") for i in ids) and "folklore:place" not in ids
    assert any(i.startswith(("monument", "pillar")) for i in ids)


def test_o69_house_rule_forfeits_flexible_points_entirely() -> None:
    g = folk_game(options={"folklore_forfeit_flexible": True})
    set_hand(g, FREYITH, ["freyith_1", "freyith_5", "freyith_2"])
    moving(g, FREYITH, char=1, flex=2, mon=1)
    g.choose("folklore:place")
    below = g.state.stack[-2]
    assert isinstance(below, TrackMoveFrame) and (below.flex, below.mon) == (0, 1)


def test_r26_3_6_placement_after_all_movement_is_used_is_a_decision() -> None:
    g = folk_game()
    moving(g, FREYITH, char=1)
    step = next(c.id for c in g.pending.choices if c.id.startswith("step:"))  # type: ignore
    g.choose(step)  # the last point: the opportunity ends, then the offer (R32.15)
    d = g.pending
    assert d is not None and d.kind == "folklore_place" and d.seat == FREYITH
    assert choice_ids(g) == ["folklore:place", "decline"]
    g.choose("decline")
    assert fd(g)["primed"][FREYITH] and fd(g)["map"] == {}


def test_r26_3_6_stopping_with_points_left_declines_the_offer_made_while_moving() -> None:
    g = folk_game()
    moving(g, FREYITH, char=2)
    g.choose("done")
    assert g.pending is not None and g.pending.kind != "folklore_place"


CONDITIONS = ["not primed", "bridge space", "after a teleport", "first in starting region",
              "region holds an Artifact", "region's bound area holds one", "one per turn",
              "no card in hand", "figure in the Tile Pool"]


@pytest.mark.parametrize("cond", CONDITIONS)
def test_r26_3_each_placement_condition_on_its_own(cond: str) -> None:
    """R26.2 / R26.3.1 / R26.3.6 / R26.3.7: each condition alone forbids the placement, and
    the reason says which (the table's "why not")."""
    g = folk_game()
    s = g.state
    d = fd(g)
    space, want = CENTER, ""
    primed(g, FREYITH)
    if cond == "not primed":
        d["primed"][FREYITH], d["slots"][FREYITH] = False, 3
        want = "no primed Artifact"
    elif cond == "bridge space":
        space, want = "br_spoke_north", "bridge space"
    elif cond == "after a teleport":
        teleport(ctx(g), FREYITH, CENTER, g.rules.neighbours[CENTER][0])
        want = "right after a teleport"
    elif cond == "first in starting region":
        space = next(sp for sp in g.rules.spaces if g.rules.space_regions[sp] ==
                     ("r_southwest",) and sp != s.players[FREYITH].figure)
        want = "first Artifact cannot go in your starting region"
    elif cond == "region holds an Artifact":
        artifact_at(g, FREYITH, "sp_center_5" if "sp_center_5" in g.rules.spaces
                    else "sp_center_4", "freyith_6")
        want = "already have an Artifact in"
    elif cond == "region's bound area holds one":
        d["slots"][FREYITH] -= 1
        d["bound"]["r_center"] = [FREYITH, RUSNE]
        d["slots"][RUSNE] -= 1
        want = "already have an Artifact in"
    elif cond == "one per turn":
        d["placed"][FREYITH] = s.turn
        want = "this turn already"
    elif cond == "no card in hand":
        d["aside"][FREYITH] += d["hand"][FREYITH]
        d["hand"][FREYITH] = []
        want = "no Folklore Card"
    elif cond == "figure in the Tile Pool":
        space, want = "tile_pool", "not on a map space"
    if cond != "after a teleport":
        if space == "tile_pool":
            s.players[FREYITH].figure = space
        else:
            stand(g, FREYITH, space)
    reasons = why_not(ctx(g), FREYITH)
    assert len(reasons) == 1 and want in reasons[0], reasons
    assert "sp_" not in reasons[0] and "r_" not in reasons[0]  # names, never ids
    push_frame(g, MoveFrame.make(ctx(g), FREYITH, char=1, flex=1))
    assert "folklore:place" not in choice_ids(g)


def test_r26_3_control_position_allows_the_placement() -> None:
    """The position the condition tests start from is legal: each test above breaks one."""
    g = folk_game()
    moving(g, FREYITH, char=1)
    assert why_not(ctx(g), FREYITH) == [] and "folklore:place" in choice_ids(g)


def test_r26_3_6_movement_generated_is_needed_track_points_do_not_place() -> None:
    g = folk_game()
    moving(g, FREYITH, mon=2, pil=1)
    assert "folklore:place" not in choice_ids(g)
    g.choose("done")
    assert g.pending is not None and g.pending.kind != "folklore_place"


def test_o52_a_teleport_earlier_in_the_turn_does_not_block_a_later_placement() -> None:
    g = folk_game()
    teleport(ctx(g), FREYITH, "sp_center_1", "sp_center_0")
    moving(g, FREYITH, space="sp_center_1", char=1)
    assert "folklore:place" not in choice_ids(g)  # right after the teleport
    step = next(c for c in g.pending.choices if c.id.startswith("step:"))  # type: ignore
    g.choose(step.id)  # one step on: the placement follows movement, not the teleport
    assert g.pending is not None and g.pending.kind == "folklore_place"


def test_r26_3_8_a_player_may_place_on_another_players_turn_o68() -> None:
    g = folk_game()
    other = 1 - g.state.active
    moving(g, other, char=1)
    assert "folklore:place" in choice_ids(g)
    h = folk_game(options={"folklore_active_only": True})
    moving(h, 1 - h.state.active, char=1)
    assert "folklore:place" not in choice_ids(h)
    assert "whose turn it is" in why_not(ctx(h), 1 - h.state.active)[0]


# --- playing a card (R26.3.2-R26.3.5) ----------------------------------------------------------


def test_r26_3_2_one_option_and_r26_3_4_the_first_cards_extra_option() -> None:
    g = folk_game()
    set_hand(g, FREYITH, ["freyith_1", "freyith_5", "freyith_2"])
    moving(g, FREYITH, char=1)
    choose(g, "folklore:place")
    assert g.pending is not None and g.pending.kind == "folklore_card"
    assert "Windborne Tidings" in " ".join(c.label for c in g.pending.choices)
    g.choose("card:freyith_1")
    assert fd(g)["played"][FREYITH] == ["freyith_1"]
    assert fd(g)["hand"][FREYITH] == ["freyith_5", "freyith_2"]
    assert g.pending.kind == "folklore_option"
    # option C costs a move down: not payable at 0 (R26.8, O53)
    assert choice_ids(g) == ["option:freyith_1_a", "option:freyith_1_b"]
    g.choose("option:freyith_1_a")
    assert fd(g)["track"][FREYITH] == 1
    # the extra option (first card): a different one, now C is payable too, or none
    assert g.pending.kind == "folklore_extra"
    assert choice_ids(g) == ["option:freyith_1_b", "option:freyith_1_c", "skip"]
    g.choose("option:freyith_1_b")  # fly anywhere, then 2 Monument Track movement
    assert g.pending.kind == "teleport"
    g.choose("to:sp_north_in")
    g.choose(choice_ids(g)[0])  # facing
    assert g.state.players[FREYITH].figure == "sp_north_in"
    assert g.pending.kind == "move"  # the option's Monument Track movement
    assert fd(g)["map"] == {CENTER: [FREYITH]} and AAC.invariants(g) == []


def test_r26_3_4_a_later_card_gives_one_option_only() -> None:
    g = folk_game()
    set_hand(g, FREYITH, ["freyith_1", "freyith_5"])
    artifact_at(g, FREYITH, "sp_north_in", "freyith_2")
    moving(g, FREYITH, char=1)
    choose(g, "folklore:place", "card:freyith_1", "option:freyith_1_a")
    assert fd(g)["track"][FREYITH] == 1
    # no extra option: the card is done and, with no points left, so is the movement
    assert g.pending is not None and g.pending.kind == "turn_type"
    assert fd(g)["played"][FREYITH] == ["freyith_2", "freyith_1"]


def test_r26_3_3_two_options_on_an_opponents_artifact_the_reply_then_both_bound() -> None:
    g = folk_game()
    artifact_at(g, FREYITH, CENTER, "freyith_1")
    set_hand(g, RUSNE, ["rusne_5", "rusne_3", "rusne_1"])
    moving(g, RUSNE, char=1)
    assert "on an opponent's Artifact" in next(
        c.label for c in g.pending.choices if c.id == "folklore:place")  # type: ignore
    choose(g, "folklore:place", "card:rusne_5")
    assert fd(g)["map"][CENTER] == [FREYITH, RUSNE] and AAC.invariants(g) == []
    assert g.pending is not None and g.pending.kind == "folklore_option"
    g.choose("option:rusne_5_c")  # 3 Pillar Track movement first (any order)
    assert g.pending.kind == "move" and g.pending.seat == RUSNE
    g.choose("done")
    # the second option must differ from the first
    assert "option:rusne_5_c" not in choice_ids(g) and "option:rusne_5_a" in choice_ids(g)
    g.choose("option:rusne_5_a")
    assert fd(g)["track"][RUSNE] == 1
    assert g.pending.kind == "folklore_extra"  # Rusnė's first card: one more, different
    g.choose("skip")
    d = g.pending
    assert d is not None and d.kind == "folklore_reply" and d.seat == FREYITH
    assert choice_ids(g) == ["option:freyith_1_a", "option:freyith_1_b", "decline"]
    events = g.choose("option:freyith_1_a")
    assert fd(g)["track"][FREYITH] == 1
    assert CENTER not in fd(g)["map"] and fd(g)["bound"] == {"r_center": [FREYITH, RUSNE]}
    assert any(isinstance(e, fev.ArtifactsBound) for e in events)
    assert AAC.invariants(g) == []
    # both now have an Artifact in the central region (R26.3.7), bound or not
    primed(g, FREYITH)
    stand(g, FREYITH, "sp_center_1")
    assert "already have an Artifact" in " ".join(why_not(ctx(g), FREYITH))


def test_r26_3_3_the_owner_may_decline_the_reply() -> None:
    g = folk_game()
    artifact_at(g, FREYITH, CENTER, "freyith_1")
    set_hand(g, RUSNE, ["rusne_5", "rusne_3", "rusne_1"])
    d = fd(g)
    d["played"][RUSNE] = ["rusne_6"]  # not Rusnė's first card: no extra option
    d["aside"][RUSNE].remove("rusne_6")
    moving(g, RUSNE, char=1)
    choose(g, "folklore:place", "card:rusne_5", "option:rusne_5_a", "option:rusne_5_c", "done")
    assert g.pending is not None and g.pending.kind == "folklore_reply"
    g.choose("decline")
    assert fd(g)["track"] == [0, 1] and fd(g)["bound"] == {"r_center": [FREYITH, RUSNE]}


# --- the Folklore Track (R26.5, R26.8) ---------------------------------------------------------


def test_r26_5_folklore_track_scores_0_3_7_12_18_and_stops_at_4() -> None:
    g = folk_game()
    e = effect_from_plain({"id": "x_e1", "effect": "folklore_track", "steps": 1})
    got = []
    for _ in range(5):
        got.append(final_scores(ctx(g))[FREYITH].part("folklore"))
        push_effect(ctx(g), FREYITH, e, "test")
    assert got == [0, 3, 7, 12, 18]
    assert fd(g)["track"][FREYITH] == 4  # +1 at 4 does nothing (O53)
    assert final_scores(ctx(g))[FREYITH].part("folklore") == 18
    assert AAC.scores(g)[FREYITH]["folklore"] == 18


def test_r26_3_9_movement_points_per_region_with_your_artifact() -> None:
    """rusne_3 B: 2 movement of any kind per region with an Artifact, this one included;
    bound Artifacts count (O70)."""
    g = folk_game()
    d = fd(g)
    artifact_at(g, RUSNE, "sp_north_in", "rusne_1")
    d["slots"][RUSNE] -= 1
    d["slots"][FREYITH] -= 1
    d["bound"]["r_west"] = [FREYITH, RUSNE]
    set_hand(g, RUSNE, ["rusne_3", "rusne_5"])
    moving(g, RUSNE, char=1)
    choose(g, "folklore:place", "card:rusne_3", "option:rusne_3_b")
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and f.flex == 6  # north, west and centre
    assert AAC.invariants(g) == []


def test_o70_this_artifact_in_an_owners_reply_is_the_owners_on_the_contested_space() -> None:
    """R26.3.9: Rusnė replies with rusne_3 B on the space Freyith contested: her Artifact
    there still counts (centre), with her bound one in the west: 2 regions, 4 points."""
    g = folk_game()
    d = fd(g)
    artifact_at(g, RUSNE, CENTER, "rusne_3")
    d["slots"][RUSNE] -= 1
    d["slots"][FREYITH] -= 1
    d["bound"]["r_west"] = [FREYITH, RUSNE]
    set_hand(g, FREYITH, ["freyith_1", "freyith_5"])
    d["played"][FREYITH].append("freyith_2")  # Freyith's earlier card: no extra option
    d["aside"][FREYITH].remove("freyith_2")
    moving(g, FREYITH, char=1)
    choose(g, "folklore:place", "card:freyith_1", "option:freyith_1_a", "option:freyith_1_b",
           "to:sp_north_in")
    g.choose(choice_ids(g)[0])  # facing, then B's 2 Monument Track movement
    assert g.pending is not None and g.pending.kind == "move"
    g.choose("done")
    assert g.pending is not None and g.pending.kind == "folklore_reply"
    g.choose("option:rusne_3_b")
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and f.seat == RUSNE and f.flex == 4


def test_movement_points_for_the_tracks_only_never_move_the_character() -> None:
    g = folk_game()
    e = effect_from_plain({"id": "x_e1", "effect": "movement_points", "amount": 3,
                           "kinds": ["monument", "pillar"]})
    push_effect(ctx(g), FREYITH, e, "test")
    rerun(g)
    f = g.state.stack[-1]
    assert isinstance(f, TrackMoveFrame) and f.flex == 3
    ids = choice_ids(g)
    assert not any(i.startswith("step:") for i in ids) and "folklore:place" not in ids
    assert any(i.startswith(("monument_enter", "pillar_enter")) for i in ids)
    assert "for either track" in g.pending.prompt  # type: ignore[union-attr]


# --- hidden hands, undo, saves -----------------------------------------------------------------


def test_hidden_hands_in_views_bots_determinization_and_the_undo_barrier() -> None:
    g = folk_game()
    set_hand(g, FREYITH, ["freyith_1", "freyith_5", "freyith_2"])
    assert g.private_now() and ("folklore_hands", FREYITH) in g.hidden_parts(RUSNE)
    check_views(AAC, g, 0)  # the view hides exactly what the redaction says
    bot = AAC.resample(g.view(RUSNE), 5)  # what Rusnė's bot imagines Freyith holds
    guess = bot.state.ext[NAME]
    assert sorted(guess["hand"][FREYITH] + guess["aside"][FREYITH]) == sorted(
        deck(g.rules, "freyith"))
    assert guess["hand"][RUSNE] == fd(g)["hand"][RUSNE]  # its own hand as it is
    moving(g, FREYITH, char=1)
    g.choose("folklore:place")
    assert g.can_undo  # placing reveals nothing yet
    g.choose("card:freyith_1")  # the card is shown to Rusnė: undo stops here
    assert not g.can_undo and "Folklore Card was revealed" in g.can_undo.reason
    assert g.view(RUSNE)["ext"][NAME]["played"][FREYITH] == ["freyith_1"]
    assert g.view(RUSNE)["ext"][NAME]["hand"][FREYITH] == ["", ""]


def test_a_save_mid_card_resolution_resumes_exactly() -> None:
    """Reached by real play (a save is verified by replaying its choices): a Folklore game
    until a card is resolving, saved there, loaded, and both played on alike."""
    g = make_game(2, seed=5, modules=(NAME,))
    bots = [RandomBot(1), RandomBot(2)]
    while not any(isinstance(f, CardFrame) and f.card for f in g.state.stack):
        d = g.pending
        assert d is not None and g.state.turn < 400, "no card played"
        ids = d.ids()
        pick = next((i for i in ("folklore:prime", "folklore:place") if i in ids), None)
        g.choose(pick or bots[d.seat].choose(g.view(d.seat), d))
    h = loads_save(dumps_save(g))  # verified: the replay reaches the same resolution
    assert h.snapshot() == g.snapshot() and h.pending == g.pending
    assert h.pending is not None and h.pending.kind.startswith("folklore")
    for _ in range(12):
        d = g.pending
        if d is None or not any(isinstance(f, CardFrame) for f in g.state.stack):
            break
        cid = d.ids()[0]
        g.choose(cid)
        h.choose(cid)
        assert h.snapshot() == g.snapshot()


def test_folklore_log_lines_use_names() -> None:
    g = folk_game()
    artifact_at(g, FREYITH, CENTER, "freyith_1")
    set_hand(g, RUSNE, ["rusne_5", "rusne_3", "rusne_1"])
    moving(g, RUSNE, char=1)
    events = choose(g, "folklore:place", "card:rusne_5", "option:rusne_5_a", "option:rusne_5_c",
                    "done", "skip", "option:freyith_1_a")
    chars = [p.character for p in g.state.players]
    lines = [describe(e, g.rules, chars) for e in events
             if isinstance(e, fev.FOLKLORE_EVENTS)]
    text = " ".join(lines)
    assert "Ferryman" not in text and "Riverlight" in text and "Folklore Track to 1" in text
    assert "Something happened" not in text
    for bad in ("rusne_", "freyith_", "sp_", "r_center"):
        assert bad not in text, text


# --- R25.5, the whole module under random play ------------------------------------------------


def keepers_charges(modules: tuple[str, ...]) -> int:
    """How often Ignotas I (Keeper's Charge) is offered for two Wilds loaded into position 2
    in one turn (R25.5), Ignotas's tier-I token off the board, each offer taken."""
    g = make_game(2, characters=["ignotas", "rusne"], seed=3, modules=modules)
    p = g.state.players[0]
    p.bridge_loc[0] = "box"  # tier I uncovered (R25.1)
    if modules:
        primed(g, 0)  # so the recharge is a plain recharge (no priming offer)
    offers = 0
    for _ in range(2):
        p.charged = False
        triggers.fire(ctx(g), "on_load_wild_into_position", 0, position=2)
        rerun(g)
        if g.pending is not None and g.pending.kind == "power_offer":
            offers += 1
            g.choose("use")
            assert p.charged
    return offers


def test_r25_5_ignotas_keepers_charge_is_once_per_turn_with_a_module() -> None:
    assert keepers_charges((NAME,)) == 1  # with a module: once per turn
    assert keepers_charges(()) == 2  # without: no limit by default (O46)
    opt = make_game(2, characters=["ignotas", "rusne"], seed=3,
                    options={"ignotas_once_per_turn": True})
    assert power_limit(ctx(opt), 0, 1) == "once_per_turn"  # the rules option (O46)


def test_random_folklore_games_end_or_stop_only_on_effects_not_played_yet() -> None:
    for players, seed in ((2, 11), (4, 12)):
        res = play_random_game(players, seed, check_every="turn", modules=(NAME,))
        assert not res.error, res.error
        assert res.finished or "not played yet" in res.unplayed or "belongs" in res.unplayed


def test_simulate_counts_games_stopped_on_unplayed_effects_apart_from_errors(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "3", "--seed", "1", "--json",
                 "--modules", "folklore"]) in (0, 3)
    out = json.loads(capsys.readouterr().out)
    assert out["errors"] == 0 and out["finished"] + out["stopped_on_unplayed_effect"] == 3
    assert sum(out["unplayed_effects"].values()) == len(out["unplayed_seeds"]) == out[
        "stopped_on_unplayed_effect"]


def test_the_module_keeps_other_games_untouched() -> None:
    g = make_game(2, seed=3)
    assert NAME not in g.state.ext and "folklore_expert_hand" not in g.state.options
    assert not any(part == "folklore_hands" for part, _ in g.hidden_parts(0))
    assert [c.name for c in AAC.score_categories(())][-1] == "tile_pool"
    assert [c.name for c in AAC.score_categories((NAME,))][-2:] == ["folklore", "scoring_cards"]


def test_no_view_ever_holds_another_seats_hidden_cards() -> None:
    """Random play with the module (3 seats, priming and placing whenever offered): at every
    decision, each seat's view holds its own hand and the public played cards only, and the
    game's invariants hold."""
    g = make_game(3, seed=9, modules=(NAME,))
    bots = [RandomBot(40 + k) for k in range(3)]
    for _ in range(600):
        d = g.pending
        if d is None:
            break
        real = fd(g)
        for viewer in range(3):
            v = g.view(viewer)["ext"][NAME]
            for seat in range(3):
                assert v["played"][seat] == real["played"][seat]
                assert v["hand"][seat] == (real["hand"][seat] if seat == viewer
                                           else [""] * len(real["hand"][seat]))
                assert set(v["aside"][seat]) <= {""}
        assert AAC.invariants(g) == []
        ids = d.ids()
        pick = next((i for i in ("folklore:prime", "folklore:place") if i in ids), None)
        try:
            g.choose(pick or bots[d.seat].choose(g.view(d.seat), d))
        except NotImplementedError:  # an effect not played yet: the rest waits for it
            break
    assert any(fd(g)["played"])  # cards were played (and so revealed) along the way

"""The bots with the Folklore module (issue 14 item 6): the evaluation values Artifacts, the
hand, the Folklore Track (R26.5), Doublers (R29.3) and Scoring Cards (R30); the bots place a
primed Artifact, take a card's options and reply on their own Artifacts (R26.3.3); and they
never read another seat's hidden hand or Scoring Cards (issue 14 item 4)."""

from __future__ import annotations

import copy

import pytest

from engine.aac.bots import folk_eval, make_bot
from engine.aac.bots.determinize import game_from_view
from engine.aac.bots.evaluate import SIMPLE_WEIGHTS, STRONG_WEIGHTS, evaluate, seat_values
from engine.aac.bots.greedy import GreedyBot
from engine.aac.bots.planner import PlannerBot
from engine.aac.definition import AAC
from engine.aac.expansion import scoring_cards
from engine.aac.folklore.rules import CardFrame, PlaceOfferFrame
from engine.aac.folklore.state import NAME, TRACK_VP, card, deck
from engine.aac.game import Game
from engine.aac.rules.movement import MoveFrame
from engine.aac.rules.reserve import RechargeChoiceFrame
from tests.builder import at_a_decision, ctx, push_frame
from tests.test_folklore import (
    CENTER,
    FREYITH,
    RUSNE,
    artifact_at,
    fd,
    folk_game,
    primed,
    set_hand,
    stand,
)

LEVELS = ("easy", "normal", "hard")
W = STRONG_WEIGHTS


def values(g: Game, w: dict[str, float] = W) -> list[float]:
    return seat_values(g.state, g.rules, w)


# --- the evaluation ------------------------------------------------------------------------------


def test_r26_5_plays_left_are_worth_the_folklore_track_steps_they_bring() -> None:
    g = folk_game()
    d = fd(g)
    # 3 cards, 3 Artifacts, 6 regions less the starting one: 3 plays
    assert folk_eval.plays_left(g.state, g.rules, d, RUSNE) == 3
    # a step each (0 -> 1 -> 2 -> 3), the first card's extra option (R26.3.4) at the floor
    expected = W["folk_play"] * (TRACK_VP[3] + W["folk_option_floor"])
    assert folk_eval.folklore_potential(g.state, g.rules, d, RUSNE, W) == pytest.approx(expected)
    before = values(g)[RUSNE]
    d["hand"][RUSNE] = d["hand"][RUSNE][:1]  # one card left: one play
    assert folk_eval.plays_left(g.state, g.rules, d, RUSNE) == 1
    assert values(g)[RUSNE] < before
    d["track"][RUSNE] = 4  # at the top: an option is worth the floor value only
    assert folk_eval.folklore_potential(g.state, g.rules, d, RUSNE, W) == pytest.approx(
        W["folk_play"] * 2 * W["folk_option_floor"])


def test_r28_1_every_folklore_card_has_exactly_one_move_up_option() -> None:
    """The evaluation's model of a play (one Folklore Track step per card) rests on it."""
    g = folk_game()
    for c in g.rules.expansion.folklore_cards.cards:  # type: ignore[union-attr]
        ups = [o.id for o in card(g.rules, c.id).options if folk_eval._has_step(g.rules, o.id)]
        assert len(ups) == 1, c.id


def test_r26_3_7_regions_open_to_an_artifact_and_the_distance_to_them() -> None:
    g = folk_game()
    d = fd(g)
    s, r = g.state, g.rules
    start = s.players[RUSNE].start_region
    assert start not in folk_eval.open_regions(s, r, d, RUSNE)  # the first Artifact
    assert folk_eval.open_distance(s, r, d, RUSNE) > 0  # it starts in its starting region
    stand(g, RUSNE, CENTER)
    assert folk_eval.open_distance(s, r, d, RUSNE) == 0
    artifact_at(g, RUSNE, "sp_center_1", "rusne_1")  # one Artifact in the centre already
    assert "r_center" not in folk_eval.open_regions(s, r, d, RUSNE)
    assert start in folk_eval.open_regions(s, r, d, RUSNE)  # no longer the first
    assert folk_eval.open_distance(s, r, d, RUSNE) > 0


def test_a_primed_artifact_near_an_open_region_is_worth_more() -> None:
    g = folk_game()
    base = values(g)[RUSNE]
    primed(g, RUSNE)
    at_start = values(g)[RUSNE]
    stand(g, RUSNE, CENTER)
    in_open = values(g)[RUSNE]
    assert base < at_start < in_open
    # every prospect weighs less than a play made: placing is worth it (weights sum below 1,
    # a placement within reach below a card being resolved)
    for w in (SIMPLE_WEIGHTS, STRONG_WEIGHTS):
        assert w["folk_play"] + w["folk_primed"] + w["folk_spot"] < 1.0
        assert w["folk_play"] + w["folk_primed"] < w["folk_reach"] < folk_eval.RESOLVING


OUT_CW = "sp_southeast_out_cw"  # next to Rusnė's start space and to a Player Bridge space
BRIDGE = "br_fixed_southeast_southwest"


def facing(g: Game, seat: int, space: str, behind: str) -> None:
    p = g.state.players[seat]
    p.figure, p.behind = space, behind


def test_r12_2_steps_to_an_open_region_keep_the_figures_facing() -> None:
    """Two steps away over the bridge, but the figure faces away from it and never turns
    around by itself (R12.2): the walk with its facing is longer, and with a Movement action
    carrying 2 steps (R6.5.4) that is one placement further off."""
    g = folk_game()
    s, r, d = g.state, g.rules, fd(g)
    primed(g, RUSNE)
    facing(g, RUSNE, OUT_CW, "sp_southeast_start")
    assert folk_eval.open_distances(s, r, d, RUSNE, 8, True) == (2, 8)
    ahead = values(g)[RUSNE]
    facing(g, RUSNE, OUT_CW, BRIDGE)
    assert folk_eval.open_distances(s, r, d, RUSNE, 8, False) == (2, 8)
    assert folk_eval.open_distances(s, r, d, RUSNE, 8, True) == (4, 8)
    assert values(g)[RUSNE] < ahead


def test_r26_3_6_a_placement_within_the_current_movement_is_worth_more() -> None:
    """Primed, 2 steps from an open region: with 2 character points left in this movement
    the placement is in reach (R26.3.6); with 1 it still needs another Movement action."""
    g = folk_game()
    primed(g, RUSNE)
    facing(g, RUSNE, OUT_CW, "sp_southeast_start")
    still = values(g)[RUSNE]
    short = copy.deepcopy(g)
    push_frame(short, MoveFrame.make(ctx(short), RUSNE, char=1, source="Movement"))
    push_frame(g, MoveFrame.make(ctx(g), RUSNE, char=2, source="Movement"))
    assert values(short)[RUSNE] == pytest.approx(still)
    assert values(g)[RUSNE] > still


def test_r26_3_3_an_opponents_artifact_in_reach_is_worth_the_second_option() -> None:
    g = folk_game()
    primed(g, RUSNE)
    stand(g, RUSNE, CENTER)
    alone = values(g)[RUSNE]
    artifact_at(g, FREYITH, CENTER, "freyith_1")
    assert values(g)[RUSNE] > alone
    assert values(g, {**W, "folk_contest": 0.0})[RUSNE] == pytest.approx(alone)


def test_r17_3_a_pair_one_energy_from_its_refresh_counts_while_no_artifact_is_primed() -> None:
    """A Reserve row one energy from empty recharges when freed (R17.3), and a recharge may
    prime an Artifact (R26.2.1): worth more while none is primed."""
    g = folk_game()
    p = g.state.players[RUSNE]
    t = next(k for k, x in enumerate(p.reserve) if x == 2)
    off = {**W, "folk_recharge": 0.0}
    full, full_off = values(g)[RUSNE], values(g, off)[RUSNE]
    p.reserve[t] = 1
    assert values(g)[RUSNE] - full > values(g, off)[RUSNE] - full_off
    primed(g, RUSNE)
    assert values(g)[RUSNE] == pytest.approx(values(g, off)[RUSNE])


def test_r8_2_bots_look_past_a_recharge_to_priming_an_artifact() -> None:
    """A recharge whose choice offers priming instead (R8.2, R26.2.1) is valued by its best
    choice: the easy bot's follow-up look and the planner's peek (engine.aac.bots)."""
    g = folk_game()
    push_frame(g, RechargeChoiceFrame(RUSNE))
    d = g.pending
    assert d is not None and "folklore:prime" in d.ids()
    after = []
    for cid in d.ids():
        g2 = copy.deepcopy(g)
        g2.choose(cid)
        after.append(evaluate(g2.state, g2.rules, RUSNE, SIMPLE_WEIGHTS))
    easy = GreedyBot(1)
    assert easy._value(g, RUSNE, SIMPLE_WEIGHTS) == pytest.approx(max(after))
    easy.look_ahead = frozenset()
    assert easy._value(g, RUSNE, SIMPLE_WEIGHTS) == pytest.approx(
        evaluate(g.state, g.rules, RUSNE, SIMPLE_WEIGHTS))
    planner = PlannerBot(1, "normal")
    primed_v = copy.deepcopy(g)
    primed_v.choose("folklore:prime")
    assert planner._peek(g, RUSNE, [10]) == pytest.approx(
        evaluate(primed_v.state, primed_v.rules, RUSNE, STRONG_WEIGHTS))


def test_r29_3_1_a_doubler_counts_2_bound_energy_in_the_evaluation() -> None:
    g = folk_game()
    s = g.state
    reg = next(iter(s.bound))
    s.bound[reg][RUSNE][0] = 2  # 2 bound Compasses
    before = values(g)[RUSNE]
    s.ext["doublers"]["areas"][reg] = [[0, 0, 0, 0] for _ in range(s.n)]
    s.ext["doublers"]["areas"][reg][RUSNE][0] = 1
    s.ext["doublers"]["supply"] -= 1
    r = g.rules
    gain = r.bound_vp[3] - r.bound_vp[2]
    assert values(g)[RUSNE] == pytest.approx(before + gain)


def test_r30_a_held_scoring_card_counts_its_gain_for_its_holder() -> None:
    g = folk_game()
    s = g.state
    s.bound[next(iter(s.bound))][RUSNE][0] = 3  # 3 bound Compasses: the Monument cards differ
    sc = s.ext[scoring_cards.KEY]
    best = max(sc["supply"], key=lambda c: abs(scoring_cards.card_gain(ctx(g), RUSNE, [c])))
    gain = scoring_cards.card_gain(ctx(g), RUSNE, [best])
    assert gain != 0
    before = values(g)
    sc["supply"].remove(best)
    sc["held"][RUSNE].append(best)
    after = values(g)
    assert after[RUSNE] == pytest.approx(before[RUSNE] + W["scoring_card"] * gain)
    assert after[FREYITH] == pytest.approx(before[FREYITH])


# --- choices -------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_r26_3_1_bots_place_a_primed_artifact_where_they_may(level: str) -> None:
    g = folk_game()
    primed(g, RUSNE)
    stand(g, RUSNE, CENTER)
    push_frame(g, PlaceOfferFrame(RUSNE))
    d = g.pending
    assert d is not None and d.kind == "folklore_place" and d.seat == RUSNE
    assert make_bot(level, 3).choose(g.view(RUSNE), d) == "folklore:place"


@pytest.mark.parametrize("level", LEVELS)
def test_r26_3_3_bots_reply_on_their_own_artifact(level: str) -> None:
    """Rusnė played a card on Freyith's Artifact; Freyith, its owner, may perform one option
    of a card she has played: moving up the Folklore Track beats declining."""
    g = folk_game()
    artifact_at(g, FREYITH, CENTER, "freyith_1")  # freyith_1 A: up 1 on the Folklore Track
    fd(g)["played"][RUSNE].append("rusne_1")
    set_hand(g, RUSNE, ["rusne_5", "rusne_3"])
    fd(g)["slots"][RUSNE] -= 1
    fd(g)["map"][CENTER].append(RUSNE)
    push_frame(g, CardFrame(RUSNE, CENTER, FREYITH, "rusne_1", ("rusne_1_a", "rusne_1_c"), 3,
                            False))
    d = g.pending
    assert d is not None and d.kind == "folklore_reply" and d.seat == FREYITH
    assert "decline" in d.ids() and AAC.invariants(g) == []
    cid = make_bot(level, 4).choose(g.view(FREYITH), d)
    assert cid != "decline" and cid in d.ids()


# --- hidden information --------------------------------------------------------------------------


def test_bots_never_read_another_seats_hidden_hand_or_scoring_cards() -> None:
    """Two tables that differ only in Rusnė's hidden hand (one card swapped with a set-aside
    one) and in the face-down Scoring Card she holds give Freyith the same view, and every bot
    level the same choice: determinization samples them from the hidden parts."""
    a = at_a_decision(folk_game(), 7, FREYITH)
    b = a.clone()
    hb = fd(b)
    hb["hand"][RUSNE][0], hb["aside"][RUSNE][0] = hb["aside"][RUSNE][0], hb["hand"][RUSNE][0]
    for g, which in ((a, 0), (b, 1)):
        sc = g.state.ext[scoring_cards.KEY]
        cid = sc["supply"][which]
        sc["supply"].remove(cid)
        sc["held"][RUSNE].append(cid)
    assert fd(a)["hand"][RUSNE] != fd(b)["hand"][RUSNE]
    assert (a.state.ext[scoring_cards.KEY]["held"][RUSNE]
            != b.state.ext[scoring_cards.KEY]["held"][RUSNE])
    da, db = a.pending, b.pending
    assert da is not None and db is not None and da.ids() == db.ids()
    va, vb = a.view(FREYITH), b.view(FREYITH)
    assert va == vb
    assert NAME in va["ext"] and "" in va["ext"][NAME]["hand"][RUSNE]
    # what the bots play on: the hidden parts resampled (engine.kernel.hidden), never copied
    guesses = set()
    for seed in range(6):
        gv = game_from_view(va, seed)
        f = gv.state.ext[NAME]
        assert "" not in f["hand"][RUSNE] and len(f["hand"][RUSNE]) == len(fd(a)["hand"][RUSNE])
        assert sorted(f["hand"][RUSNE] + f["aside"][RUSNE] + f["played"][RUSNE]) == sorted(
            deck(a.rules, a.state.players[RUSNE].character))
        assert f["hand"][FREYITH] == fd(a)["hand"][FREYITH]  # its own hand as it is
        held = gv.state.ext[scoring_cards.KEY]["held"][RUSNE]
        assert len(held) == 1 and scoring_cards.UNKNOWN not in held
        guesses.add((tuple(f["hand"][RUSNE]), tuple(held)))
    assert len(guesses) > 1  # a sample, not the real hand
    for level in LEVELS:
        ca = make_bot(level, 11).choose(copy.deepcopy(va), da)
        assert ca == make_bot(level, 11).choose(copy.deepcopy(vb), db)
        assert ca in da.ids()


# --- a bounded smoke -----------------------------------------------------------------------------


def test_bots_play_folklore_turns_legally_keeping_the_invariants() -> None:
    """Bounded: 150 decisions of a 2-player Folklore game, hard against normal; every choice
    legal (Game.choose raises otherwise), the module's invariants hold throughout."""
    g = folk_game()
    bots = [make_bot("hard", 1), make_bot("normal", 2)]
    for i in range(150):
        d = g.pending
        if d is None or g.is_over:
            break
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
        if i % 25 == 0:
            assert AAC.invariants(g) == []
    assert AAC.invariants(g) == [] and g.state.turn > 2

"""Age of Reason's hard bot, its search's `later` variant: a box whose worth lies in later
attacks (R6.5) keeps that worth in a rollout cut short (engine.aor.bots.search.BoxLater), so
the search does not favour the boxes that pay at once (gold, unrest). Measured, not shipped:
the README's Age of Reason figures."""

from __future__ import annotations

import dataclasses

import pytest

from engine.aor.actions import segments
from engine.aor.bots import policy
from engine.aor.bots.levels import HARD_POLICY, HARD_SEARCH, SALTS
from engine.aor.bots.player import PolicyBot
from engine.aor.bots.search import BoxLater, SearchBot, box_later_values, steps_to_come
from tests.aor_builder import Builder

SEVEN = ["great_britain", "france", "prussia", "austria", "spain", "russia", "united_provinces"]


def two_players(gold: int = 10) -> Builder:
    """Great Britain (space 1, first in the action order, R3.3) against France (space 2);
    both hold discs in the German States."""
    b = Builder(SEVEN[:2])
    b.alliance(["great_britain", "spain", "prussia", "russia"],
               ["france", "austria", "united_provinces"])
    b.discs("deutsche_staaten", great_britain=2, france=2)
    b.player("great_britain", gold=gold).player("france", gold=gold)
    return b


def test_r3_3_steps_to_come_count_the_steps_in_which_the_seat_has_yet_to_attack() -> None:
    b = two_players()
    gb = b.seat("great_britain")
    g = b.at_action("great_britain", segment=1)
    assert segments(g.t, 2) == 6  # R3.2: six segments with 2-4 players
    # its own box decision in segment 1: all six steps are to come
    assert steps_to_come(g, gb) == 6
    # France's step in segment 1: Great Britain has acted (R3.3, space 1 first)
    assert steps_to_come(two_players().at_action("france", segment=1), gb) == 5
    # its attack in segment 4 is still to be made
    assert steps_to_come(two_players().at_action("great_britain", 4, at="attack"), gb) == 3
    # France's step in the last segment: nothing left this turn
    assert steps_to_come(two_players().at_action("france", segment=6), gb) == 0
    # after the actions (income, scoring, the turn's end): nothing left
    assert steps_to_come(two_players().at_turn_step("income"), gb) == 0


def test_r6_5_a_box_keeps_the_worth_of_the_steps_a_rollout_did_not_reach() -> None:
    later = BoxLater(10.0, 6)
    w = [0.6 ** i for i in range(6)]
    gb = two_players().seat("great_britain")
    assert later.rest(two_players().at_action("great_britain", 1), gb) == pytest.approx(10.0)
    # one step played: the first (and largest) share is gone
    assert later.rest(two_players().at_action("france", 1), gb) == pytest.approx(
        10.0 * sum(w[1:]) / sum(w))
    assert later.rest(two_players().at_action("france", 6), gb) == 0.0
    assert later.rest(two_players().at_turn_step("income"), gb) == 0.0
    # a box taken late in the turn: the steps it was valued over cap what is left
    assert BoxLater(4.0, 2).rest(two_players().at_action("great_britain", 1), gb) == (
        pytest.approx(4.0))
    assert BoxLater(-1.0, 6).rest(two_players().at_action("great_britain", 1), gb) == 0.0


def test_r6_5_only_boxes_that_pay_in_later_attacks_carry_a_later_worth() -> None:
    """Army Training (+1 in every area, R6.5.1), Reserves (R6.5.7) and War Office (R6.5.8)
    pay in attacks to come; Banking pays its gold at once (R6.5.2)."""
    g = two_players().at_action("great_britain", 1)
    d = g.pending
    assert d is not None and d.kind == "box"
    bot = PolicyBot(3, "hard", HARD_POLICY, SALTS["hard"])
    first, scored = bot.policy_choice(g.view(d.seat), d)
    assert scored is not None
    scores = dict(scored)
    ids = {c.data: c.id for c in d.choices if isinstance(c.data, str)}
    training, banking = ids["space_army_training_1"], ids["space_banking_1"]
    reserves, war = ids["space_reserves_1"], ids["space_war_office_1"]
    later = box_later_values(g, d, [training, banking, reserves, war], scores, HARD_POLICY)
    assert set(later) == {training, reserves, war}
    t = g.t
    lk = policy.Look(g, d.seat, HARD_POLICY, bot._rng)
    cost = t.box_by_id[t.space_box["space_army_training_1"]].cost
    assert later[training].value == pytest.approx(scores[training] - lk.pay(cost))
    assert later[training].steps == 6
    # other decisions carry nothing later
    assert box_later_values(g, d._replace(kind="attack"), [training], scores,
                            HARD_POLICY) == {}


def test_the_search_with_and_without_the_later_worth_chooses_a_legal_box() -> None:
    g = two_players(gold=14).at_action("great_britain", 1)
    d = g.pending
    assert d is not None
    for later in (True, False):
        sp = dataclasses.replace(HARD_SEARCH, width=3, samples=2, max_nodes=60, later=later)
        bot = SearchBot(5, "hard", HARD_POLICY, sp)
        assert bot.choose(g.view(d.seat), d) in d.ids()
        assert bot.searches == 1

"""Action steps (R6, R9), boxes (R6.2-R6.9), reach and attack choices (R7.1-R7.4) and the
conversion of Aktion markers (R7.5), in real positions."""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.game import Game
from tests.aor_builder import Builder, card, choose, ids

TOP = ["prussia", "france", "spain", "russia"]
BOTTOM = ["austria", "great_britain", "united_provinces"]


def three(n: int = 3, **opts: bool) -> Builder:
    names = ["prussia", "austria", "france", "spain", "russia", "great_britain",
             "united_provinces"][:n]
    b = Builder(names, options=dict(opts))
    b.alliance(TOP, BOTTOM)
    return b


def boxes(g: Game) -> set[str]:
    return {c.removeprefix("box:") for c in ids(g)}


def test_r6_2_r14_2_box_spaces_by_player_count() -> None:
    """R6.2, R14.2 (O30): second spaces only with 5+ players, Government Reform 1/3, Reserves
    2 at every count; the option makes the second Reserves space 5+."""
    g3 = three().at_action("prussia")
    g5 = three(5).at_action("prussia")
    assert len(g3.state.spaces) == 26 and len(g5.state.spaces) == 34
    assert "space_army_training_2" not in g3.state.spaces
    assert "space_government_reform_3" in g5.state.spaces
    assert "space_reserves_2" in g3.state.spaces
    opt = three(reserves_second_space_5plus=True).at_action("prussia")
    assert "space_reserves_2" not in opt.state.spaces


def test_r6_3_take_a_box_pay_its_cost_one_choice_per_box() -> None:
    g = three().at_action("prussia")
    got = boxes(g)
    assert "none" in got and "space_denmark_1" in got and "space_reserves_1" in got
    assert "space_reserves_2" not in got  # the second space works the same: one choice
    gold = g.state.players[0].gold
    evs = g.choose("box:space_denmark_1")
    assert g.state.spaces["space_denmark_1"] == 4 and g.state.players[0].gold == gold - 1
    assert any(isinstance(e, ev.BoxTaken) and e.cost == 1 for e in evs)


def test_r6_5_3_r6_5_4_banking_and_government_reform() -> None:
    b = three()
    b.player("prussia", unrest=1)
    g = b.at_action("prussia")
    g.choose("box:space_government_reform_1")
    assert g.state.players[0].unrest == 0  # O6: never below 0
    b2 = three()
    g2 = b2.at_action("prussia")
    g2.choose("box:space_banking_1")
    assert g2.state.players[0].gold == 14 + 5


def test_r6_5_5_militias_take_back_a_soldiers_only_card() -> None:
    b = three()
    b.player("prussia", discard=["4/0/5", "2/1/3"])
    g = b.at_action("prussia")
    g.choose("box:space_militias_1")
    # D5: a single legal card (soldiers, no ships) is taken without asking
    p = g.state.players[0]
    assert card("prussia", "4/0/5") in p.hand and card("prussia", "2/1/3") in p.discard


def test_r6_5_6_pressgangs_take_back_any_card() -> None:
    b = three()
    b.player("prussia", discard=["4/0/5", "2/1/3"])
    g = b.at_action("prussia")
    g.choose("box:space_pressgangs_1")
    assert g.pending.kind == "retrieve"
    assert set(ids(g)) == {f"retrieve:{card('prussia', '4/0/5')}",
                           f"retrieve:{card('prussia', '2/1/3')}"}
    g.choose(f"retrieve:{card('prussia', '2/1/3')}")
    assert card("prussia", "2/1/3") in g.state.players[0].hand


def test_r6_7_trading_pays_for_both_areas_o32() -> None:
    b = three()
    b.discs("indien", prussia=2).discs("ostindien", prussia=1)
    g = b.at_action("prussia")
    g.choose("box:space_east_indies_company_1")
    assert g.state.players[0].gold == 14 + 6


def test_r6_7_2_option_trading_choose_one_area() -> None:
    b = three(trading_choose_one_area=True)
    b.discs("indien", prussia=2).discs("ostindien", prussia=1)
    g = b.at_action("prussia")
    g.choose("box:space_east_indies_company_1")
    assert g.pending.kind == "trade_area"
    g.choose("trade:area_indien")
    assert g.state.players[0].gold == 14 + 4


def test_r6_8_a_box_may_be_taken_to_deny_it() -> None:
    g = three().at_action("prussia")
    g.choose("box:space_slaves_1")  # no disc in Africa: no gold, but the box is taken
    assert g.state.spaces["space_slaves_1"] == 4 and g.state.players[0].gold == 14


def test_o26_two_spaces_of_one_box_and_the_option() -> None:
    b = three(5)
    b.box("banking_1", "prussia")
    assert "space_banking_2" in boxes(b.at_action("prussia"))
    b2 = three(5, one_space_per_box=True)
    b2.box("banking_1", "prussia")
    assert "space_banking_2" not in boxes(b2.at_action("prussia"))


def test_r4_6_o8_no_box_no_attack_without_a_disc_in_supply() -> None:
    b = three()
    b.discs("mitteleuropa", prussia=10, austria=1).discs("deutsche_staaten", prussia=12)
    g = b.at_action("prussia")
    assert g.state.players[0].supply == 0
    # neither a box nor an attack is possible: both steps pass without asking
    assert g.pending is None or g.pending.seat != 0


def test_o7_only_affordable_boxes() -> None:
    b = three()
    b.player("prussia", gold=0, unrest=22)
    got = boxes(b.at_action("prussia"))
    assert "space_denmark_1" not in got and "space_banking_1" in got


def test_r6_5_8_war_office_two_attacks_for_the_rest_of_the_turn() -> None:
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=3)
    g = b.at_action("prussia")
    g.choose("box:space_war_office_1")
    assert g.pending.kind == "attack"
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}")
    assert g.pending.kind == "second_attack" and g.pending.seat == 0
    g.choose("attack:none")
    # next segment: still two attacks (O14)
    while not (g.pending.seat == 0 and g.pending.kind == "box"):
        g.choose("box:none" if g.pending.kind == "box" else "attack:none")
    g.choose("box:none")
    assert g.pending.kind == "attack"
    g.choose("attack:none")
    assert g.pending.seat != 0 or g.pending.kind == "box"


def test_o14_option_war_office_for_one_segment() -> None:
    b = three(war_office_one_segment=True)
    b.discs("mitteleuropa", prussia=1, austria=3)
    b.box("war_office_1", "prussia")  # taken in an earlier segment
    g = b.at_action("prussia", segment=2)
    g.choose("box:none")
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}")
    assert not (g.pending.seat == 0 and g.pending.kind == "second_attack")


def attacks(g: Game) -> set[str]:
    return set(ids(g))


def test_r7_3_reach() -> None:
    """R7.3.2 seas always; R7.3.3 Europe's land areas with a disc there or next door or next
    to home; R7.3.4 colonies only with a disc there; R7.2 never an ally."""
    b = three()
    b.discs("ostseeraum", austria=1).discs("mittelmeerraum", great_britain=1)
    b.discs("osmanisches_reich", austria=1).discs("karibik", austria=1)
    b.discs("indien", austria=1, prussia=1).discs("deutsche_staaten", spain=1, austria=1)
    g = b.at_action("prussia", at="attack")
    got = attacks(g)
    assert "attack_disc:area_ostseeraum:country_austria" in got  # a sea
    assert "attack_disc:area_mittelmeerraum:country_great_britain" in got
    assert "attack_disc:area_deutsche_staaten:country_austria" in got  # home adjacent
    assert "attack_disc:area_deutsche_staaten:country_spain" not in got  # an ally
    assert "attack_disc:area_osmanisches_reich:country_austria" not in got  # out of reach
    assert "attack_disc:area_karibik:country_austria" not in got  # no Prussian disc there
    assert "attack_disc:area_indien:country_austria" in got


def test_r7_3_3_reach_through_an_adjacent_area() -> None:
    b = three()
    b.discs("mitteleuropa", prussia=1).discs("osmanisches_reich", austria=1)
    assert "attack_disc:area_osmanisches_reich:country_austria" in attacks(
        b.at_action("prussia", at="attack"))


def test_cg1_gb_hanover_option() -> None:
    for option, reach in ((True, True), (False, False)):
        b = Builder(["great_britain", "austria", "france"], options={"gb_hanover": option})
        b.alliance(["great_britain", "france", "spain", "russia"],
                   ["austria", "prussia", "united_provinces"])
        b.discs("deutsche_staaten", austria=1)
        got = attacks(b.at_action("great_britain", at="attack"))
        assert ("attack_disc:area_deutsche_staaten:country_austria" in got) == reach


def test_r7_3_1_ship_requirement_and_the_blank() -> None:
    """In a ship area the attacker plays a ship card; the Blank only with no ship card."""
    b = three()
    b.discs("ostseeraum", austria=1)
    g = b.at_action("prussia", at="attack")
    g.choose("attack_disc:area_ostseeraum:country_austria")
    assert set(ids(g)) == {f"card:{card('prussia', '1/1/2')}", f"card:{card('prussia', '2/1/3')}"}
    b2 = three()
    b2.discs("ostseeraum", austria=1)
    b2.player("prussia", discard=["1/1/2", "2/1/3"])
    g2 = b2.at_action("prussia", at="attack")
    g2.choose("attack_disc:area_ostseeraum:country_austria")
    # only the Blank is legal: applied without asking; the defender is asked next
    assert g2.pending.kind == "defence_card"
    assert g2.state.players[0].committed == card("prussia", "blank")


def test_r7_5_convert_an_aktion_marker() -> None:
    """R7.5: 2 gold and a ship card (shown, O31, then discarded); no presence needed (O16);
    the marker leaves the game, a disc takes its place."""
    b = three()
    b.marker("em_karibik_1").marker("em_karibik_2")
    g = b.at_action("prussia", at="attack")
    assert "convert:area_karibik" in ids(g)
    g.choose("convert:area_karibik")
    assert g.pending.kind == "convert_card"
    evs = g.choose(f"card:{card('prussia', '2/1/3')}")
    conv = [e for e in evs if isinstance(e, ev.Converted)]
    assert conv and conv[0].cost == 2
    s = g.state
    p = s.players[0]
    assert p.gold == 12 and s.discs[6][4] == 1 and len(s.markers[6]) == 1
    assert card("prussia", "2/1/3") in p.discard and card("prussia", "2/1/3") in p.shown


def test_o15_a_converting_blank_returns_to_hand_unless_the_option() -> None:
    for option, in_hand in ((False, True), (True, False)):
        b = three(blank_conversion_discarded=option)
        b.marker("em_karibik_1")
        b.player("prussia", discard=["1/1/2", "2/1/3"])
        g = b.at_action("prussia", at="attack")
        g.choose("convert:area_karibik")  # the Blank is the only card: shown at once
        assert (card("prussia", "blank") in g.state.players[0].hand) == in_hand


def test_o16_option_conversion_needs_presence() -> None:
    b = three(conversion_needs_presence=True)
    b.marker("em_karibik_1")
    assert "convert:area_karibik" not in ids(b.at_action("prussia", at="attack"))


def test_aktion_markers_can_only_be_converted() -> None:
    b = three()
    b.discs("karibik", prussia=1).marker("em_karibik_1").marker("em_karibik_4")
    got = attacks(b.at_action("prussia", at="attack"))
    assert "attack_marker:em_karibik_4" in got and "attack_marker:em_karibik_1" not in got


def test_interchangeable_markers_offer_one_choice() -> None:
    b = three()
    b.discs("deutsche_staaten", prussia=1)
    b.marker("em_deutsche_staaten_3").marker("em_deutsche_staaten_4").marker(
        "em_deutsche_staaten_6")
    got = {c for c in attacks(b.at_action("prussia", at="attack")) if "marker" in c}
    assert got == {"attack_marker:em_deutsche_staaten_3", "attack_marker:em_deutsche_staaten_6"}

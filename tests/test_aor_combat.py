"""Combat (R8, kinds II and III) in real positions, with the rulebook's two worked examples
(R8.12) under the default reading of O22 and under the rules option that reproduces the
printed numbers."""

from __future__ import annotations

import pytest

from engine.aor import events as ev
from engine.aor.game import Game
from engine.aor.strength import outcome
from tests.aor_builder import Builder, T, card, choose, ids

SEVEN = ["prussia", "austria", "great_britain", "france", "spain", "russia", "united_provinces"]
TOP = ["prussia", "great_britain", "spain", "united_provinces"]
BOTTOM = ["austria", "france", "russia"]


def resolved(events: list[object]) -> ev.CombatResolved:
    out = [e for e in events if isinstance(e, ev.CombatResolved)]
    assert len(out) == 1, "one event per combat"
    return out[0]


def example_1(option: bool = False, area: str = "mitteleuropa") -> tuple[Game, Builder]:
    """R8.12 example 1: Prussia (Army Training, Bavaria) attacks Austria (Saxony) in
    Central Europe; both play their 4-soldier cards; only France turns its Ally card."""
    b = Builder(SEVEN, options={"bavaria_saxony_anywhere": option})
    b.alliance(TOP, BOTTOM)
    b.discs(area, prussia=1, austria=1, great_britain=1, france=1, spain=1, russia=1,
            united_provinces=1)
    b.box("army_training_1", "prussia").box("bavaria_1", "prussia").box("saxony_1", "austria")
    b.player("prussia", gold=20).player("austria", gold=20).player("france", gold=5)
    b.dice(4, 1, 3, 3)
    return b.at_action("prussia", at="attack"), b


def play_example_1(g: Game, b: Builder, area: str = "mitteleuropa") -> list[object]:
    evs = choose(g, f"attack_disc:area_{area}:country_austria",
                 f"card:{card('prussia', '4/0/5')}", f"card:{card('austria', '4/0/7')}")
    # the other players, in action order after Prussia (R8.3.2): GB, France, Spain, Russia, UP
    order = []
    while g.pending is not None and g.pending.kind == "ally":
        seat = g.pending.seat
        country = b.s.players[seat].country
        order.append(country)
        name = T.countries[country]
        pick = "ally" if name == "country_france" else "blank"  # France helps, others bluff
        evs += g.choose(f"card:{card(name, pick)}")
    assert [T.countries[c] for c in order] == [
        "country_great_britain", "country_france", "country_spain", "country_russia",
        "country_united_provinces"]
    return evs


def test_r8_12_example_1_default_reading_8_to_5() -> None:
    """R8.11/R8.12 (O22 default): Bavaria and Saxony count only in the German States, so in
    Central Europe it is 8 vs 5: still a margin of 3, Prussia takes the disc, Austria +2."""
    g, b = example_1()
    before = {c: b.s.players[b.seat(c)].gold for c in ("prussia", "austria", "france")}
    u_before = {c: b.s.players[b.seat(c)].unrest for c in ("prussia", "austria", "france")}
    e = resolved(play_example_1(g, b))
    assert (e.attacker_strength, e.defender_strength) == (8, 5)
    assert e.result == "attacker" and e.margin == 3 and e.degree == "overwhelming"
    kinds = {(x.kind, x.ref): x.value for x in e.attacker_terms}
    assert kinds == {("dice", ""): 3, ("soldiers", card("prussia", "4/0/5")): 4,
                     ("advancement", "box_army_training"): 1}
    dkinds = {(x.kind, x.ref): x.value for x in e.defender_terms}
    assert dkinds == {("dice", ""): 0, ("soldiers", card("austria", "4/0/7")): 4,
                      ("allies", "country_france"): 1}
    s = g.state
    assert s.discs[2][4] == 2 and s.discs[2][5] == 0  # Prussia replaced Austria's disc
    pay = {c: before[c] - s.players[b.seat(c)].gold for c in before}
    assert pay == {"prussia": 5, "austria": 7, "france": 1}
    gained = {c: s.players[b.seat(c)].unrest - u_before[c] for c in u_before}
    assert gained == {"prussia": 0, "austria": 2, "france": 0}


def test_r8_12_example_1_as_printed_with_bavaria_saxony_anywhere() -> None:
    """O22's rules option "bavaria_saxony_anywhere" reproduces the printed 9 vs 6."""
    g, b = example_1(option=True)
    e = resolved(play_example_1(g, b))
    assert (e.attacker_strength, e.defender_strength) == (9, 6)
    assert ("support", "box_bavaria", 1) in e.attacker_terms
    assert ("support", "box_saxony", 1) in e.defender_terms


def test_r8_12_example_1_in_the_german_states_is_9_to_6_by_default() -> None:
    g, b = example_1(area="deutsche_staaten")
    e = resolved(play_example_1(g, b, "deutsche_staaten"))
    assert (e.attacker_strength, e.defender_strength) == (9, 6)


def example_2(option: bool = False) -> tuple[Game, Builder]:
    """R8.12 example 2: Russia (Navy Training) attacks Prussia (Army Training, Bavaria) in
    the Baltic Sea with its 2 soldiers / 2 ships card; Prussia plays 3 soldiers (cost 2);
    France and Austria turn their Ally cards for Russia; nobody helps Prussia."""
    b = Builder(SEVEN, options={"bavaria_saxony_anywhere": option})
    b.alliance(TOP, BOTTOM)
    b.discs("ostseeraum", prussia=1, russia=1, france=1, austria=1, great_britain=1)
    b.box("army_training_1", "prussia").box("bavaria_1", "prussia")
    b.box("navy_training_1", "russia")
    b.player("russia", gold=20).player("prussia", gold=20)
    b.dice(3, 2, 5, 2)
    return b.at_action("russia", at="attack"), b


def play_example_2(g: Game) -> list[object]:
    evs = choose(g, "attack_disc:area_ostseeraum:country_prussia",
                 f"card:{card('russia', '2/2/5')}", f"card:{card('prussia', '3/0/2')}")
    picks = {"austria": "ally", "france": "ally", "great_britain": "blank"}
    while g.pending is not None and g.pending.kind == "ally":
        for name, pick in picks.items():
            cid = card(name, pick)
            if f"card:{cid}" in ids(g):
                evs += g.choose(f"card:{cid}")
                break
    return evs


def test_r8_12_example_2_default_reading_russia_wins_8_to_7() -> None:
    """R8.11 (O22 default): without Bavaria in the Baltic, Prussia has 7: Russia wins by 1,
    a Pyrrhic victory: Russia +1, Prussia +1 (R8.6.2, R8.6.4)."""
    g, b = example_2()
    u = [p.unrest for p in b.s.players]
    e = resolved(play_example_2(g))
    assert (e.attacker_strength, e.defender_strength) == (8, 7)
    assert e.result == "attacker" and e.degree == "pyrrhic"
    gained = {name: g.state.players[b.seat(name)].unrest - u[b.seat(name)]
              for name in ("russia", "prussia", "france", "austria")}
    assert gained == {"russia": 1, "prussia": 1, "france": 0, "austria": 0}
    terms = {(x.kind, x.ref): x.value for x in e.attacker_terms}
    assert terms[("ships", card("russia", "2/2/5"))] == 2
    assert terms[("advancement", "box_navy_training")] == 1


def test_r8_12_example_2_as_printed_is_a_tie() -> None:
    """R8.6.5: the printed tie 8-8: Russia +2 (the attack failed, and the tie), Prussia,
    France and Austria +1 each; nothing moves."""
    g, b = example_2(option=True)
    u = [p.unrest for p in b.s.players]
    e = resolved(play_example_2(g))
    assert (e.attacker_strength, e.defender_strength) == (8, 8) and e.result == "tie"
    gained = {name: g.state.players[b.seat(name)].unrest - u[b.seat(name)]
              for name in ("russia", "prussia", "france", "austria", "great_britain")}
    assert gained == {"russia": 2, "prussia": 1, "france": 1, "austria": 1, "great_britain": 0}
    assert g.state.discs[0][4] == 1 and g.state.discs[0][6] == 1


@pytest.mark.parametrize("att,dfn,a_u,d_u", [
    (5, 4, 1, 1), (6, 4, 0, 1), (7, 4, 0, 2), (9, 4, 0, 2),
    (4, 4, 2, 1), (4, 5, 2, 1), (4, 6, 2, 0), (4, 7, 3, 0), (1, 9, 3, 0)])
def test_r8_6_6_unrest_table(att: int, dfn: int, a_u: int, d_u: int) -> None:
    """R8.6.1-R8.6.6: the derived unrest table."""
    o = outcome(att, dfn)
    assert (o.attacker_unrest, o.defender_unrest) == (a_u, d_u)
    assert o.ally_unrest == (1 if att == dfn else 0)


def three(options: dict[str, bool] | None = None) -> Builder:
    b = Builder(["prussia", "austria", "france"], options=options)
    b.alliance(["prussia", "france", "spain", "russia"],
               ["austria", "great_britain", "united_provinces"])
    return b


def test_r8_2_r8_3_commits_are_collected_in_order_and_hidden_until_the_reveal() -> None:
    """R8.2, R8.3, R15 D7-D9: attacker, defender, then each eligible ally; the cards stay
    face down (hidden from the others) until all are in."""
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=1, france=1)
    b.dice(6, 1, 1, 1)
    g = b.at_action("prussia", at="attack")
    g.choose("attack_disc:area_mitteleuropa:country_austria")
    assert g.pending.kind == "attack_card" and g.pending.seat == b.seat("prussia")
    g.choose(f"card:{card('prussia', '1/0/1')}")
    assert g.pending.kind == "defence_card" and g.pending.seat == b.seat("austria")
    view = g.view(b.seat("austria"))
    assert view["players"][b.seat("prussia")]["committed"] == "?"
    g.choose(f"card:{card('austria', 'blank')}")
    assert g.pending.kind == "ally" and g.pending.seat == b.seat("france")
    assert set(ids(g)) == {f"card:{card('france', 'ally')}", f"card:{card('france', 'blank')}"}
    evs = g.choose(f"card:{card('france', 'ally')}")
    rev = [e for e in evs if isinstance(e, ev.CombatRevealed)]
    assert len(rev) == 1 and rev[0].allies == ((b.seat("france"), card("france", "ally")),)
    assert all(p.committed == "" for p in g.state.players)


def test_r8_3_adjacent_is_not_enough_to_help() -> None:
    """R8.3: only players with a disc in the combat area may join (here France is next door
    in the German States and is not asked)."""
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=1).discs("deutsche_staaten", france=2)
    g = b.at_action("prussia", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}")
    assert g.pending is not None and g.pending.kind != "ally"


def test_r8_4_npc_allies_bought_attacker_then_defender() -> None:
    """R8.4: the attacker may buy its non-player allies present in the area (1 gold each,
    +1 each), then the defender its own."""
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=1, spain=1, great_britain=1)
    b.dice(3, 3, 3, 3)
    g = b.at_action("prussia", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', '1/0/1')}")
    assert g.pending.kind == "buy_npc" and g.pending.seat == b.seat("prussia")
    assert ids(g) == ["buy:country_spain", "skip:country_spain"]
    g.choose("buy:country_spain")
    assert g.pending.kind == "buy_npc" and g.pending.seat == b.seat("austria")
    assert ids(g) == ["buy:country_great_britain", "skip:country_great_britain"]
    gold = g.state.players[b.seat("austria")].gold
    e = resolved(g.choose("skip:country_great_britain"))
    assert ("npc_allies", "country_spain", 1) in e.attacker_terms
    assert (e.attacker_strength, e.defender_strength) == (2, 1)
    assert g.state.players[b.seat("austria")].gold == gold - 1


def test_r8_7_npc_defends_with_4_plus_dice_and_o28_nobody_buys_for_it() -> None:
    """R8.7 (O21): a non-player disc defends with 4 + the dice difference; O28: its
    non-player allies are bought by nobody."""
    b = three()
    b.discs("mitteleuropa", prussia=1, united_provinces=1, great_britain=1)
    b.dice(6, 1, 5, 3)
    g = b.at_action("prussia", at="attack")
    e = resolved(choose(g, "attack_disc:area_mitteleuropa:country_united_provinces",
                        f"card:{card('prussia', '1/0/1')}"))
    assert [(x.kind, x.value) for x in e.defender_terms] == [("dice", 2), ("npc_defence", 4)]
    assert (e.attacker_strength, e.defender_strength) == (6, 6) and e.result == "tie"
    assert e.unrest == ((b.seat("prussia"), 2),)


def test_r8_7_option_npc_fixed_four() -> None:
    b = three({"npc_fixed_four": True})
    b.discs("mitteleuropa", prussia=1, united_provinces=1)
    b.dice(6, 1, 5, 3)
    g = b.at_action("prussia", at="attack")
    e = resolved(choose(g, "attack_disc:area_mitteleuropa:country_united_provinces",
                        f"card:{card('prussia', '1/0/1')}"))
    assert e.defender_strength == 4 and e.result == "attacker"


def test_r8_8_and_r8_10_cards_after_combat() -> None:
    """R8.8: combat cards to the discard piles, Blank back to hand; R8.10: with only the Ally
    and the Blank in hand a primary combatant can play only the Blank."""
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=1)
    b.player("austria", hand=["ally", "blank"])
    g = b.at_action("prussia", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '2/0/1')}")
    # Austria's only legal card is the Blank: applied without asking
    assert g.pending is not None and g.pending.kind != "defence_card"
    p = g.state.players[b.seat("prussia")]
    a = g.state.players[b.seat("austria")]
    assert card("prussia", "2/0/1") in p.discard and card("prussia", "2/0/1") in p.shown
    assert card("austria", "blank") in a.hand


def test_r6_5_7_reserves_rerolls_the_whole_battle() -> None:
    """R6.5.7 (O13): a primary combatant holding Reserves may call a re-roll after seeing
    the dice: both sides roll again; the disc leaves the box."""
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=1)
    b.box("reserves_1", "prussia")
    b.dice(1, 1, 6, 1, 6, 1)
    g = b.at_action("prussia", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}")
    assert g.pending.kind == "reserves" and g.pending.seat == b.seat("prussia")
    supply = g.state.players[b.seat("prussia")].supply
    evs = g.choose("reroll")
    rolls = [e for e in evs if isinstance(e, ev.DiceRolled)]
    assert [(r.side, r.rerolled_by) for r in rolls] == [
        ("attacker", b.seat("prussia")), ("defender", b.seat("prussia"))]
    assert rolls[0].dice == (6, 1)
    e = resolved(evs)
    assert e.result == "attacker" and e.attacker_dice == (6, 1)
    assert g.state.spaces["space_reserves_1"] == -1
    assert g.state.players[b.seat("prussia")].supply == supply  # back, then onto the map


def test_r6_5_7_option_reroll_own_dice_only() -> None:
    b = three({"reroll_own_dice_only": True})
    b.discs("mitteleuropa", prussia=1, austria=1)
    b.box("reserves_1", "prussia")
    b.dice(1, 1, 6, 1, 5, 2)
    g = b.at_action("prussia", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}")
    e = resolved(g.choose("reroll"))
    assert e.attacker_dice == (5, 2) and e.defender_dice == (6, 1)


def test_r7_6_marker_attack_reward_and_no_allies_for_the_marker() -> None:
    """R7.6: a numbered marker defends with its number + dice (O17); the winner replaces it
    and takes its reward at once (R7.6.3: an Ottoman Empire marker's 1 VP)."""
    b = three()
    b.discs("osmanisches_reich", prussia=1).marker("em_osmanisches_reich_3")
    b.dice(6, 1, 2, 2)
    g = b.at_action("prussia", at="attack")
    assert "attack_marker:em_osmanisches_reich_3" in ids(g)
    e = resolved(choose(g, "attack_marker:em_osmanisches_reich_3",
                        f"card:{card('prussia', '5/0/6')}"))
    assert [(x.kind, x.value) for x in e.defender_terms] == [("dice", 0), ("marker", 5)]
    assert e.result == "attacker" and e.reward_vp == 1
    p = g.state.players[b.seat("prussia")]
    assert p.vp == 1 and p.score["markers"] == 1
    assert "em_osmanisches_reich_3" in g.state.removed and g.state.discs[3][4] == 2


def test_r7_6_3_indien_gold_marker() -> None:
    b = three()
    b.discs("indien", prussia=1).marker("em_indien_6")
    b.dice(6, 1, 2, 2)
    g = b.at_action("prussia", at="attack")
    gold = g.state.players[b.seat("prussia")].gold
    e = resolved(choose(g, "attack_marker:em_indien_6", f"card:{card('prussia', '2/1/3')}"))
    assert e.result == "attacker" and e.reward_gold == 3
    assert g.state.players[b.seat("prussia")].gold == gold - 3 + 3


def test_o27_allies_may_help_against_a_marker_unless_the_option() -> None:
    for option, asked in ((False, True), (True, False)):
        b = three({"no_allies_vs_markers": option})
        b.discs("osmanisches_reich", prussia=1, france=1).marker("em_osmanisches_reich_1")
        g = b.at_action("prussia", at="attack")
        choose(g, "attack_marker:em_osmanisches_reich_1", f"card:{card('prussia', '1/0/1')}")
        assert (g.pending is not None and g.pending.kind == "ally") == asked


def test_o18_option_explicit_stay_out() -> None:
    b = three({"explicit_stay_out": True})
    b.discs("mitteleuropa", prussia=1, austria=1, france=1)
    g = b.at_action("prussia", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}")
    assert "stay_out" in ids(g)
    evs = g.choose("stay_out")
    assert any(isinstance(e, ev.StayedOut) for e in evs)


def test_r8_6_5_o20_blank_allies_and_the_tie() -> None:
    """O20: a Blank ally gains no unrest in a tie; the option makes it."""
    for option, gain in ((False, 0), (True, 1)):
        b = three({"blank_ally_tie_unrest": option})
        b.discs("mitteleuropa", prussia=1, austria=1, france=1)
        b.dice(3, 3, 3, 3)
        g = b.at_action("prussia", at="attack")
        u = g.state.players[b.seat("france")].unrest
        choose(g, "attack_disc:area_mitteleuropa:country_austria",
               f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', '1/0/1')}",
               f"card:{card('france', 'blank')}")
        assert g.state.players[b.seat("france")].unrest - u == gain

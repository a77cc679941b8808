"""General rules in real positions: coalitions (R1.12), unrest bounds and the levy (R4.4,
R4.5, O7), segment bookkeeping (R9) and non-player countries (R14.1); the combat options of
O17 and O19."""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.core import allied, enemies
from tests.aor_builder import Builder, T, card, choose, cidx, ids

TOP = ["prussia", "france", "spain", "russia"]
BOTTOM = ["austria", "great_britain", "united_provinces"]


def three(**opts: bool) -> Builder:
    b = Builder(["prussia", "austria", "france"], options=dict(opts))
    b.alliance(TOP, BOTTOM)
    return b


def test_r1_12_coalitions_are_the_rows() -> None:
    b = three()
    s = b.s
    assert allied(T, s, cidx("prussia"), cidx("russia"))
    assert enemies(T, s, cidx("prussia"), cidx("austria"))
    assert not allied(T, s, cidx("prussia"), cidx("great_britain"))


def test_r4_4_unrest_beyond_22_is_lost_and_r4_5_2_no_levy_at_22() -> None:
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=1)
    b.player("prussia", gold=1, unrest=22)
    b.dice(1, 1, 6, 1)
    g = b.at_action("prussia", at="attack")
    # O7: at 22 nothing but the gold held can pay: only cards of cost <= 1
    g.choose("attack_disc:area_mitteleuropa:country_austria")
    costs = {T.cards[c.data].cost for c in g.pending.choices}
    assert costs <= {0, 1}
    evs = choose(g, f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}")
    e = [x for x in evs if isinstance(x, ev.CombatResolved)][0]
    assert e.result == "defender" and g.state.players[0].unrest == 22
    assert e.unrest == ()  # gains beyond the track's end are lost


def test_r4_5_3_levy_the_fewest_times_and_keep_the_surplus() -> None:
    b = three()
    b.player("prussia", gold=0)
    g = b.at_action("prussia")
    evs = g.choose("box:space_denmark_1")  # owes 1 with 0 gold: levy 2, pay 1, keep 1
    lev = [e for e in evs if isinstance(e, ev.Levied)]
    assert lev[0].times == 1 and lev[0].gold == 2
    p = g.state.players[0]
    assert (p.gold, p.unrest) == (1, 5)


def test_r9_a_step_is_box_then_attack_and_either_may_pass() -> None:
    """R9.1, R9.2: each player in action order: (a) a box or none, (b) an attack or none."""
    b = three()
    b.discs("mitteleuropa", prussia=1, austria=1, france=1)
    g = b.at_action("prussia")
    assert g.pending.kind == "box" and g.pending.seat == b.seat("prussia")
    evs = g.choose("box:none")
    assert any(isinstance(e, ev.BoxSkipped) for e in evs)
    assert g.pending.kind == "attack" and g.pending.seat == b.seat("prussia")
    evs = g.choose("attack:none")
    assert any(isinstance(e, ev.AttackSkipped) for e in evs)
    assert g.pending.kind == "box" and g.pending.seat == b.seat("austria")  # space 2 is next


def test_r14_1_npc_discs_go_to_the_box_and_npcs_never_take_boxes() -> None:
    b = three()
    b.discs("mitteleuropa", prussia=1, united_provinces=2)
    b.dice(6, 1, 1, 1)
    g = b.at_action("prussia", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_united_provinces",
           f"card:{card('prussia', '5/0/6')}")
    s = g.state
    up = cidx("united_provinces")
    assert s.discs[2][up] == 1 and s.npc_lost[up] == 5 - 1
    assert all(c in (-1, *[p.country for p in s.players]) for c in s.spaces.values())


def test_o17_option_marker_fixed_strength() -> None:
    b = three(marker_fixed_strength=True)
    b.discs("deutsche_staaten", prussia=1).marker("em_deutsche_staaten_3")
    b.dice(1, 1, 6, 1)
    g = b.at_action("prussia", at="attack")
    evs = choose(g, "attack_marker:em_deutsche_staaten_3", f"card:{card('prussia', '5/0/6')}")
    e = [x for x in evs if isinstance(x, ev.CombatResolved)][0]
    assert [(x.kind, x.value) for x in e.defender_terms] == [("marker", 4)]
    assert e.result == "attacker"


def test_o19_option_blank_ship_point() -> None:
    for option, ships in ((False, 0), (True, 1)):
        b = three(blank_ship_point=option)
        b.discs("ostseeraum", austria=1)
        b.player("prussia", discard=["1/1/2", "2/1/3"])
        b.dice(2, 2, 2, 2)
        g = b.at_action("prussia", at="attack")
        evs = choose(g, "attack_disc:area_ostseeraum:country_austria",
                     f"card:{card('austria', 'blank')}")
        e = [x for x in evs if isinstance(x, ev.CombatResolved)][0]
        assert sum(x.value for x in e.attacker_terms if x.kind == "ships") == ships


def test_r5_3_5_o7_bids_only_what_can_be_paid() -> None:
    b = Builder(["prussia", "austria"])
    b.player("prussia", gold=3, unrest=21)
    g = b.at_auction("prussia")
    assert ids(g)[-1] == "bid:5"  # 3 gold + one levy of 2

"""Income (R10), victory points (R11) with the rulebook's examples (4.5), the end of a turn
(R12) and the winner (R13), in real positions."""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.game import Game
from engine.aor.scoring import ranking
from engine.aor.unrest import halved
from tests.aor_builder import Builder, cidx

FOUR = ["austria", "prussia", "france", "united_provinces"]


def builder(names: list[str] = FOUR, **opts: bool) -> Builder:
    b = Builder(names, options=dict(opts))
    b.alliance(["austria", "great_britain", "spain", "russia"],
               ["prussia", "france", "united_provinces"])
    for n in names:
        b.player(n, unrest=0)
    return b


def scored(evs: list[object], area: str) -> dict[int, tuple[int, int, int]]:
    for e in evs:
        if isinstance(e, ev.AreaScored) and e.area == area:
            return {c: (n, r, vp) for c, n, r, vp in e.ranks}
    raise AssertionError(f"{area} was not scored")


def test_r10_income_one_gold_per_disc_on_the_map() -> None:
    """R10.1: 1 gold per disc on the map; box discs do not count; NPCs get nothing."""
    b = builder()
    b.discs("deutsche_staaten", austria=3).discs("indien", austria=2).box("banking_1", "austria")
    _, evs = b.run_from("income")
    inc = {e.seat: e.gold for e in evs if isinstance(e, ev.Income)}
    assert inc[b.seat("austria")] == 5


def test_r11_example_deutsche_staaten_8_5_5_3() -> None:
    """4.5 example: Austria 3 discs, Prussia and France 2 each, the United Provinces 1 score
    8, 5, 5 and 3 (dense ranks: after a tie for second, the next count is third)."""
    b = builder()
    b.discs("deutsche_staaten", austria=3, prussia=2, france=2, united_provinces=1)
    g, evs = b.run_from("vp")
    got = scored(evs, "area_deutsche_staaten")
    assert got == {cidx("austria"): (3, 1, 8), cidx("prussia"): (2, 2, 5),
                   cidx("france"): (2, 2, 5), cidx("united_provinces"): (1, 3, 3)}
    vp = {n: g.state.players[b.seat(n)].vp for n in FOUR}
    assert vp == {"austria": 8, "prussia": 5, "france": 5, "united_provinces": 3}
    assert g.state.players[b.seat("austria")].score["areas_1"] == 8


def test_r11_3_example_africa_a_non_player_blocks() -> None:
    """4.5 example: non-player Great Britain has 2 discs in Africa, France and the United
    Provinces 1 each: they score 2 each (second rank); Great Britain scores nothing."""
    b = builder()
    b.discs("afrika", great_britain=2, france=1, united_provinces=1)
    g, evs = b.run_from("vp")
    got = scored(evs, "area_afrika")
    assert got == {cidx("great_britain"): (2, 1, 0), cidx("france"): (1, 2, 2),
                   cidx("united_provinces"): (1, 2, 2)}
    assert g.state.players[b.seat("france")].vp == 2


def test_r11_2_lower_ranks_score_nothing() -> None:
    b = builder()
    b.discs("afrika", austria=3, prussia=2, france=1)
    _, evs = b.run_from("vp")
    assert scored(evs, "area_afrika")[cidx("france")] == (1, 3, 0)


def test_r11_4_example_unrest_7_rolls_3_2_5_loses_3() -> None:
    """4.5 example: unrest 7; rolls 3, 2, 5 (sum 10 >= 7): 3 VP lost."""
    b = builder()
    b.discs("deutsche_staaten", austria=3)
    b.player("austria", unrest=7)
    b.dice(3, 2, 5)
    g, evs = b.run_from("vp")
    rolled = [e for e in evs if isinstance(e, ev.UnrestRolled)]
    assert [(e.seat, e.rolls, e.lost) for e in rolled if e.rolls] == [
        (b.seat("austria"), (3, 2, 5), 3)]
    p = g.state.players[b.seat("austria")]
    assert p.vp == 8 - 3 and p.score["unrest"] == -3


def test_r11_5_vp_stop_at_0_unless_the_option() -> None:
    for option, vp in ((False, 0), (True, -3)):
        b = builder(vp_may_go_negative=option)
        b.player("austria", unrest=7)
        b.dice(3, 2, 5)
        g, _ = b.run_from("vp")
        assert g.state.players[b.seat("austria")].vp == vp


def test_r12_end_of_turn() -> None:
    """R12: discards back to hand, box discs back to supply, the display cleared, unrest
    halved rounding up (5 -> 3), markers and map discs stay."""
    b = builder()
    b.player("austria", unrest=5, discard=["4/0/7"]).box("banking_1", "austria")
    b.discs("indien", austria=1).marker("em_indien_4")
    supply = b.s.players[b.seat("austria")].supply
    g, evs = b.run_from("end")
    s = g.state
    p = s.players[b.seat("austria")]
    assert p.unrest == 3 and not p.discard and len(p.hand) == 11
    assert p.supply == supply + 1 and all(v == -1 for v in s.spaces.values())
    assert s.turn == 2 and "em_indien_4" in s.markers[9] and s.discs[9][5] == 1
    assert [halved(u) for u in (0, 1, 4, 5, 22)] == [0, 1, 2, 3, 11]
    assert any(isinstance(e, ev.TurnEnded) for e in evs)


def end_game(b: Builder) -> Game:
    g, _ = b.run_from("end", turn=3)
    assert g.is_over and g.pending is None
    return g


def test_r13_most_vp_wins() -> None:
    b = builder()
    b.player("austria", vp=10).player("prussia", vp=12)
    assert end_game(b).state.winners == [b.seat("prussia")]


def test_r13_ties_lowest_unrest_then_most_discs_then_shared() -> None:
    b = builder()
    b.player("austria", vp=10, unrest=4).player("prussia", vp=10, unrest=6)
    assert end_game(b).state.winners == [b.seat("austria")]  # O24: 4 -> 2 beats 6 -> 3
    b = builder()
    b.player("austria", vp=10).player("prussia", vp=10)
    b.discs("indien", prussia=2).discs("karibik", austria=1)
    assert end_game(b).state.winners == [b.seat("prussia")]
    b = builder()
    b.player("austria", vp=10).player("prussia", vp=10)
    g = end_game(b)
    assert g.state.winners == [b.seat("austria"), b.seat("prussia")]
    assert ranking(g.state)[0] == g.state.winners


def test_o24_option_no_final_halving() -> None:
    b = builder(no_final_halving=True)
    b.player("austria", vp=10, unrest=5).player("prussia", vp=10, unrest=6)
    g = end_game(b)
    assert g.state.players[b.seat("austria")].unrest == 5
    assert g.state.winners == [b.seat("austria")]


def test_r4_1_ten_markers_each_turn() -> None:
    b = builder()
    b.bag_top(["em_afrika_1", "em_indien_2"])
    g, evs = b.run_from("markers", turn=2)
    drawn = [e for e in evs if isinstance(e, ev.MarkersDrawn)][0].markers
    assert len(drawn) == 10 and drawn[:2] == ("em_afrika_1", "em_indien_2")
    assert "em_afrika_1" in g.state.markers[8]

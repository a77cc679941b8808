"""Setup (R2), the turn's structure (R3, R4.1) and the alliance auction (R5), in real
positions."""

from __future__ import annotations

import pytest

from engine.aor import events as ev
from engine.aor.catalog import tables
from engine.aor.config import AorConfig
from engine.aor.core import Ctx
from engine.aor.game import new_game
from engine.aor.setup import begin, build_state
from tests.aor_builder import Builder, choose, cidx, ids

T = tables()


def test_r2_2_starting_player_state() -> None:
    """R2.2, R2.4: 14 gold, unrest 4, 11 cards, VP 0; 5 discs drawn for every country
    (NPCs included) from 35 markers that leave the game; the rest of 22 in supply."""
    g = new_game(AorConfig(players=3, seed=4))
    s = g.state
    for p in s.players:
        assert (p.gold, p.unrest, p.vp, len(p.hand)) == (14, 4, 0, 11)
        assert p.supply == 22 - 5
    for c in range(7):
        assert sum(row[c] for row in s.discs) == 5
    assert len(s.removed) == 35 and len(s.bag) == 65 - 35 - 10
    assert sum(len(m) for m in s.markers) == 10  # R4.1: turn 1's draw


def test_r2_4_starting_draw_example() -> None:
    """The rulebook's example (3.0): Austria draws Deutsche Staaten twice, Indien, Karibik and
    Mitteleuropa and puts one disc on each; those markers leave the game."""
    s = build_state(AorConfig(players=3, seed=2, countries=(
        "country_austria", "country_prussia", "country_france")), T)
    austria = ["em_deutsche_staaten_1", "em_deutsche_staaten_2", "em_indien_3",
               "em_karibik_4", "em_mitteleuropa_1"]
    others = [m for m in T.marker_ids if m not in austria]
    # countries draw in the fixed order (O3): Great Britain, United Provinces, Spain, France,
    # Prussia, then Austria (the sixth)
    order = others[:25] + austria + others[25:]
    s.bag = list(reversed(order))
    s.stack.clear()
    begin(Ctx(s, T))
    a = T.country_index["country_austria"]
    got = {T.areas[i]: row[a] for i, row in enumerate(s.discs) if row[a]}
    assert got == {"area_deutsche_staaten": 2, "area_indien": 1, "area_karibik": 1,
                   "area_mitteleuropa": 1}
    assert set(austria) <= set(s.removed)


def test_r2_1_o2_countries_chosen_in_a_random_order() -> None:
    """R2.1 (O2): with "choice", the seats choose one at a time in a random order (D1)."""
    g = new_game(AorConfig(players=3, seed=7, country_selection="choice"))
    seen = []
    while g.pending is not None and g.pending.kind == "country":
        seen.append(g.pending.seat)
        g.choose(ids(g)[0])
    assert sorted(seen) == [0, 1, 2]
    assert len({p.country for p in g.state.players}) == 3
    assert all(len(p.hand) == 11 for p in g.state.players)


def test_r3_2_segments_by_player_count() -> None:
    assert [T.segments[n] for n in range(2, 8)] == [6, 6, 6, 5, 5, 5]


def auction(n: int = 3, **opts: bool) -> Builder:
    names = ["prussia", "austria", "france", "spain", "russia", "great_britain",
             "united_provinces"][:n]
    return Builder(names, options=dict(opts))


def test_r5_3_1_the_opener_must_bid_and_may_bid_0() -> None:
    b = auction()
    g = b.at_auction("prussia")
    assert g.pending.kind == "bid" and "pass" not in ids(g)
    assert ids(g)[0] == "bid:0"
    # R4.5.4: up to what the player can pay, levying included: 14 + 2 x (22 - 4)
    assert ids(g)[-1] == "bid:50"


def test_r5_3_2_a_proposal_is_two_distinct_unallied_discs() -> None:
    b = auction()
    g = b.at_auction("prussia")
    g.choose("bid:3")
    assert g.pending.kind == "proposal"
    assert len(ids(g)) == 7 * 6
    assert "propose:country_spain:country_russia" in ids(g)


def test_r5_3_3_raise_at_least_1_pass_and_raise_again() -> None:
    b = auction()
    g = b.at_auction("prussia")
    choose(g, "bid:3", "propose:country_prussia:country_austria")
    assert g.pending.seat == b.seat("austria")
    assert ids(g)[:2] == ["pass", "bid:4"]
    choose(g, "pass")  # Austria passes
    choose(g, "bid:5", "propose:country_france:country_prussia")  # France raises
    choose(g, "bid:6", "propose:country_prussia:country_austria")  # Prussia raises again
    assert g.pending.seat == b.seat("austria")  # who passed may raise later (R5.3.3)
    choose(g, "bid:7", "propose:country_austria:country_prussia")
    evs = choose(g, "pass", "pass")  # France, Prussia: every other player passed
    won = [e for e in evs if isinstance(e, ev.AuctionPhaseWon)]
    assert won and won[0].seat == b.seat("austria") and won[0].amount == 7
    s = g.state
    assert s.alliance[0] == cidx("austria") and s.alliance[1] == cidx("prussia")
    assert s.players[b.seat("austria")].gold == 14 - 7


def test_r5_3_5_the_winner_levies_to_pay() -> None:
    b = auction()
    b.player("austria", gold=1, unrest=4)
    g = b.at_auction("austria")
    evs = choose(g, "bid:6", "propose:country_prussia:country_austria", "pass", "pass")
    lev = [e for e in evs if isinstance(e, ev.Levied)]
    assert lev and lev[0].times == 3  # owes 5 more: levy 3 times (6 gold), keeps 1
    p = g.state.players[b.seat("austria")]
    assert (p.gold, p.unrest) == (1, 7)


def test_r5_2_r5_4_four_phases_next_opener_left_of_the_previous_opener() -> None:
    """R5.2 (O9, O10): three pair phases then one single; each phase opened by the player
    to the left of the previous phase's opener; box A to the first free top-row space, box B
    to the first free bottom-row space (R5.4.1)."""
    b = auction()
    g = b.at_auction("prussia")
    openers = []
    evs = []
    for _phase in range(3):
        openers.append(g.pending.seat)
        free = [T.countries[c] for c in range(7) if c not in g.state.alliance]
        evs += choose(g, "bid:0", f"propose:{free[0]}:{free[1]}", "pass", "pass")
    openers.append(g.pending.seat)
    assert openers == [b.seat("prussia"), b.seat("austria"), b.seat("france"),
                       b.seat("prussia")]
    # the single phase: the last disc and its row (O12)
    evs += choose(g, "bid:0")
    last = [T.countries[c] for c in range(7) if c not in g.state.alliance][0]
    assert ids(g) == [f"propose:{last}:-", f"propose:-:{last}"]
    evs += choose(g, f"propose:-:{last}", "pass", "pass")
    assert g.state.alliance[7] == cidx(last) and g.state.alliance[6] == -1
    assert g.pending.kind == "box"  # the actions begin (R3.1)


def test_o10_option_next_phase_opened_left_of_the_winner() -> None:
    b = auction(phase_starter_after_winner=True)
    g = b.at_auction("prussia")
    choose(g, "bid:0", "propose:country_spain:country_russia", "bid:1")
    choose(g, "propose:country_spain:country_russia", "pass", "pass")  # Austria wins
    assert g.pending.seat == b.seat("france")


def test_o12_option_seventh_disc_on_7() -> None:
    b = auction(seventh_disc_on_7=True)
    g = b.at_auction("prussia")
    for _ in range(3):
        free = [T.countries[c] for c in range(7) if c not in g.state.alliance]
        choose(g, "bid:0", f"propose:{free[0]}:{free[1]}", "pass", "pass")
    choose(g, "bid:0")  # the proposal has one choice: applied
    choose(g, "pass", "pass")
    assert g.state.alliance[6] >= 0 and g.state.alliance[7] == -1


def test_r5_2_2_later_turns_open_with_the_fewest_vp() -> None:
    b = auction()
    b.player("prussia", vp=9).player("austria", vp=3).player("france", vp=5)
    g = b.at_turn_step("alliances", turn=2)
    assert g.pending.kind == "bid" and g.pending.seat == b.seat("austria")


def test_r5_6_random_first_alliances() -> None:
    """R5.6: players' discs drawn onto spaces 1, 2, 3, ..., then the NPCs: 1-7 filled, no
    auction, no payment."""
    g = new_game(AorConfig(players=3, seed=5, random_first_alliances=True))
    s = g.state
    assert all(c >= 0 for c in s.alliance[:7]) and s.alliance[7] == -1
    assert {s.seat_of[c] for c in s.alliance[:3]} == {0, 1, 2}
    assert all(p.gold == 14 for p in s.players)
    assert g.pending.kind == "box"


@pytest.mark.parametrize("n,want", [(2, ["austria", "prussia"]),
                                    (5, ["russia", "austria", "france", "spain", "prussia"])])
def test_r3_3_action_order_follows_the_display_and_skips_npcs(n: int, want: list[str]) -> None:
    """R3.3: spaces 1, 2, 3, ... with non-player countries skipped."""
    b = auction(n)
    b.alliance(["great_britain", "austria", "united_provinces", "prussia"],
               ["russia", "france", "spain"])
    g = b.at_action(want[0])
    assert list(g.state.stack[-1].order) == [b.seat(c) for c in want]

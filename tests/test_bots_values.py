"""The hard bot's evaluation values what people value (issue 16, engine.aac.bots.evaluate
HARD_WEIGHTS): each test sets up a real position (tests/builder.py) where the old weights
(STRONG_WEIGHTS, still normal's) and the new ones choose or value differently."""

from __future__ import annotations

from engine import Game
from engine.aac.bots.evaluate import HARD_WEIGHTS, STRONG_WEIGHTS, choice_cost, seat_values
from engine.aac.bots.planner import HARD, Params, PlannerBot
from tests.builder import choice_ids, choose, clear_device, load, make_game, put_on_section

BEACON = "anfirien_beacon"  # s1 spaces: compass, rose, magnet, compass
TIDE = "tidewatch_observatory"  # s1 spaces: compass, compass, magnet
SPIRE = "verdant_spire"  # s1 spaces: magnet, magnet, rose


def hard_bot(weights: dict[str, float]) -> PlannerBot:
    return PlannerBot(seed=5, level="hard", params=Params(**{**HARD.__dict__,
                                                             "weights": dict(weights)}))


def empty_game() -> tuple[Game, int, int]:
    """2 players, every device emptied into the exhausted pools: (game, active, other)."""
    g = make_game(2, seed=1)
    for seat in range(2):
        clear_device(g, seat)
    assert set(g.state.monuments) == {BEACON, TIDE, SPIRE}
    a = g.state.active
    return g, a, 1 - a


def test_second_push_chosen_when_it_loads_energy() -> None:
    """R5.4: with a Charged Channel Marker (2 players, R3.3.5) and a full Exhausted Pool, the
    second push loads a second tile. The old weights paid for holding the marker, so the bot
    stopped; hard now pushes."""
    g, a, _ = empty_game()
    p = g.state.players[a]
    assert p.charged
    choose(g, "advance", f"push:{p.staging[0]}", "skip_rest")
    assert g.pending is not None and g.pending.kind == "second_push"
    assert hard_bot(STRONG_WEIGHTS).choose(g.view(a), g.pending) == "stop"
    assert hard_bot(HARD_WEIGHTS).choose(g.view(a), g.pending) == "second_push"


def test_patron_declined_with_small_lead_when_it_hands_a_perk() -> None:
    """R21.2-R21.3: one section left per monument, the holder two reserve rows ahead, the
    opponent with energy on every monument (any use hands it a perk). Using the Patron Token
    ends the game sooner with a lead that is not safe, gives up the bottom row and nobody
    binds: the old weights' `finish` made the bot use it; hard declines."""
    g, a, o = empty_game()
    for m in g.state.monuments.values():
        m.stack = m.stack[:1]
    g.state.players[a].patron = TIDE
    g.state.monuments[TIDE].patron = False
    put_on_section(g, o, BEACON, 0, "compass")
    put_on_section(g, o, TIDE, 0, "compass")
    put_on_section(g, o, SPIRE, 0, "magnet")
    load(g, a, 1, "bottom", "rose")
    load(g, a, 3, "bottom", "compass")
    p = g.state.players[a]
    p.reserve[0] = p.reserve[1] = 0  # two rows freed: a small lead (R24)
    choose(g, "advance", f"push:{p.staging[0]}", "skip_rest")
    if g.pending is not None and g.pending.kind == "second_push":
        choose(g, "stop")
    assert g.pending is not None and g.pending.kind == "end_of_advance"
    assert f"patron:{BEACON}" in choice_ids(g)
    assert hard_bot(STRONG_WEIGHTS).choose(g.view(a), g.pending) == f"patron:{SPIRE}"
    assert hard_bot(HARD_WEIGHTS).choose(g.view(a), g.pending) == "done"
    # the cost counted for the choice: the use, more where the seat would bind a first energy
    assert choice_cost(g.state, g.rules, a, f"patron:{BEACON}", HARD_WEIGHTS) > 1.0
    assert choice_cost(g.state, g.rules, a, "done", HARD_WEIGHTS) == 0.0
    assert choice_cost(g.state, g.rules, a, f"patron:{BEACON}", STRONG_WEIGHTS) == 0.0


def test_section_left_one_short_is_worth_it_to_the_seat_to_act() -> None:
    """R15.2, R15.5.4: a section one energy short is completed, and bound, by whoever acts
    first, with energy there or not. The old weights credited only the seat with most energy
    there; hard's values see that leaving it for the next seat hands it the bind."""
    g, a, o = empty_game()
    load(g, o, 4, "top", "magnet")  # the next seat can deploy (R7)
    put_on_section(g, a, TIDE, 0, "compass")
    two_short = g.clone()
    put_on_section(g, a, TIDE, 1, "compass")  # one short now
    g.state.active = two_short.state.active = o  # the seat's turn is over: o acts next
    for w, gain in ((STRONG_WEIGHTS, False), (HARD_WEIGHTS, True)):
        before = seat_values(two_short.state, two_short.rules, w)
        after = seat_values(g.state, g.rules, w)
        assert (after[o] > before[o] + 1.0) == gain
        # the seat that left it gains less from the second energy than it did before
        if gain:
            assert after[a] - before[a] < after[o] - before[o]


def test_energy_about_to_be_pushed_off_is_worth_less() -> None:
    """R5.2 (O10): energy on the tile at position 5 is exhausted by the next push; top-row
    energy at position 3 cannot be deployed where it is (default Deploys take positions 1-2
    and 4-5). The same energy at position 1 is worth more to hard, equal to the old weights."""
    g, a, _ = empty_game()
    at1, at5, at3 = g.clone(), g.clone(), g.clone()
    load(at1, a, 1, "top", "magnet")
    load(at5, a, 5, "top", "magnet")
    load(at3, a, 3, "top", "magnet")
    for w, edge in ((STRONG_WEIGHTS, False), (HARD_WEIGHTS, True)):
        v1 = seat_values(at1.state, at1.rules, w)[a]
        v5 = seat_values(at5.state, at5.rules, w)[a]
        v3 = seat_values(at3.state, at3.rules, w)[a]
        assert (v5 < v1) == edge and (v3 < v1) == edge
        assert v5 <= v3


def test_engine_building_is_worth_something() -> None:
    """R18-R20: an upgraded action, a conduit and a placed bridge each add to hard's value
    of the seat (early on), nothing to the old weights beyond their VP."""
    g, a, _ = empty_game()
    p = g.state.players[a]
    up = next(t for t in g.rules.action_tokens if not t.startswith("act_default"))
    built = g.clone()
    q = built.state.players[a]
    q.actions[0] = up
    q.bridge_loc[0] = "box"  # R20: its ability uncovered
    q.conduits[1] = next(iter(g.rules.conduit_icons))
    assert p.actions[0].startswith("act_default") and p.conduits[1] == ""
    v_old = seat_values(g.state, g.rules, STRONG_WEIGHTS)[a]
    v_new = seat_values(built.state, built.rules, STRONG_WEIGHTS)[a]
    assert v_new == v_old  # bridge tier I scores no VP by itself (R24)
    h_old = seat_values(g.state, g.rules, HARD_WEIGHTS)[a]
    h_new = seat_values(built.state, built.rules, HARD_WEIGHTS)[a]
    assert h_new > h_old + 2.0

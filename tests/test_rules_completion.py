"""Rule tests for section completion and resolution (R15), energy activation (R16), perks and
the Energy Reserve (R17), Action Upgrades (R18), Conduit Tokens (R19) and Monument Patron
Tokens (R21). Every test builds a real position with tests.builder and asserts the outcome."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from engine.aac import events as ev
from engine.aac.invariants import check
from engine.aac.rules.movement import MoveFrame
from engine.aac.state import EMPTY, Completion
from tests.builder import (
    T,
    choice_ids,
    choose,
    clear_device,
    ctx,
    load,
    make_game,
    put_on_section,
)

BEACON = "anfirien_beacon"  # always in use; s1 spaces: compass, rose, magnet, compass
TIDE = "tidewatch_observatory"  # s1 spaces: compass, compass, magnet
SPIRE = "verdant_spire"  # s1 spaces: magnet, magnet, rose
GATE = "obsidian_gate"  # s1 spaces: compass, magnet, rose
CHARS = ["freyith", "aureon", "ignotas"]


# --- helpers -------------------------------------------------------------------------------


def game(n: int = 3, chars: list[str | None] | None = None, seed: int = 1) -> Game:
    """A real game after setup with every device emptied into the exhausted pools."""
    g = make_game(n, chars or (CHARS if n == 3 else None), seed)
    for seat in range(n):
        clear_device(g, seat)
    if n == 3 and seed == 1:
        assert set(g.state.monuments) == {BEACON, TIDE, SPIRE, GATE}
    return g


def put(g: Game, mon: str, idx: int, seat: int, etype: str) -> None:
    """Move one of seat's exhausted energy onto a space of mon's topmost section."""
    put_on_section(g, seat, mon, idx, etype)


def cell(seat: int, etype: str) -> int:
    return seat * 4 + T(etype)


def seats(g: Game) -> tuple[int, int, int]:
    """(active, its left neighbour, the next one)."""
    a = g.state.active
    n = g.state.n
    return a, (a + 1) % n, (a + 2) % n


def complete_by_deploy(g: Game, mon: str, idx: int, etype: str, *, keep_turn: bool = False
                       ) -> list[Any]:
    """The active player takes an Actions turn and deploys the energy in the top row of
    position 4 into space idx of mon (Deploy of position 1). With keep_turn a second
    bottom-row energy stays at position 5, so the Actions turn is not over yet."""
    a = g.state.active
    load(g, a, 1, "bottom", "wild")
    if keep_turn:
        load(g, a, 5, "bottom", "rose")
    load(g, a, 4, "top", etype)
    return choose(g, "actions", "act:1:wild", "opt:0:deploy", "tile:4",
                  f"{etype}>section:{mon}:{idx}")


def kinds(events: list[Any], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def no_invariant_errors(g: Game) -> None:
    assert check(ctx(g)) == []


def beacon_three_way(g: Game) -> tuple[int, int, int]:
    """Beacon s1 full except space 3 (compass): L1 compass, L2 rose, active magnet."""
    a, l1, l2 = seats(g)
    put(g, BEACON, 0, l1, "compass")
    put(g, BEACON, 1, l2, "rose")
    put(g, BEACON, 2, a, "magnet")
    return a, l1, l2


# --- R15 completion and resolution -------------------------------------------------------


def test_r15_3_completion_pending_until_end_of_turn_completion_phase() -> None:
    """R15.1-R15.3, R7.2.1: the completed section waits for E2; the Actions turn goes on and
    the Completed section accepts no energy meanwhile."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    evs = complete_by_deploy(g, BEACON, 3, "compass", keep_turn=True)
    done = kinds(evs, ev.SectionCompleted)
    assert done == [ev.SectionCompleted(BEACON, "anfirien_beacon_s1", a, "placement")]
    m = g.state.monuments[BEACON]
    assert m.completed and m.stack[0] == "anfirien_beacon_s1"
    assert m.spaces == [cell(l1, "compass"), cell(l2, "rose"), cell(a, "magnet"),
                        cell(a, "compass")]
    assert [(c.monument, c.completer) for c in g.state.completions] == [(BEACON, a)]
    # still the active player's Actions turn: nobody has resolved anything yet
    assert g.pending.seat == a and g.pending.kind == "action"
    assert set(choice_ids(g)) == {"act:5:rose", "end"}
    assert not kinds(evs, ev.PerkTaken) and not kinds(evs, ev.SectionConstructed)
    # a Compass deployed now may not go to the Completed section (R7.2.1, R15.2)
    load(g, a, 5, "top", "compass")
    choose(g, "act:5:rose", "pos:1", "opt:0:deploy", "tile:5")

    ids = choice_ids(g)
    assert not any(i.startswith(f"compass>section:{BEACON}") for i in ids)
    assert f"compass>section:{TIDE}:0" in ids
    evs = choose(g, "compass>shop")
    # the Actions turn ends (no bottom energy left): E2 resolves the section
    assert g.pending.kind == "participant" and g.pending.seat == l1
    assert not kinds(evs, ev.SectionConstructed)


def test_r15_4_active_player_chooses_order_of_pending_completions() -> None:
    """R15.4, R32.17: with two pending completions the active player picks which resolves
    first; the chosen one is fully resolved before the other starts."""
    g = game()
    a, l1, l2 = seats(g)
    # Tidewatch s1 (compass, compass, magnet): only L1 and the active player; Beacon s1 full
    # except one compass space, with L2 on it.
    put(g, TIDE, 0, l1, "compass")
    put(g, TIDE, 1, l1, "compass")
    put(g, BEACON, 0, l2, "compass")
    put(g, BEACON, 1, l2, "rose")
    put(g, BEACON, 2, l2, "magnet")
    load(g, a, 1, "bottom", "wild")
    load(g, a, 3, "bottom", "rose")
    load(g, a, 4, "top", "magnet")
    load(g, a, 1, "top", "compass")
    choose(g, "actions", "act:1:wild", "opt:0:deploy", "tile:4", f"magnet>section:{TIDE}:2")
    choose(g, "act:3:rose", "tile:1", f"compass>section:{BEACON}:3")
    assert [c.monument for c in g.state.completions] == [TIDE, BEACON]
    assert g.pending.seat == a and g.pending.kind == "resolve_order"
    assert set(choice_ids(g)) == {f"resolve:{TIDE}", f"resolve:{BEACON}"}
    choose(g, f"resolve:{BEACON}")
    # Beacon resolves first: L2 (the only contributor), then the active player (completer)
    assert g.pending.seat == l2 and g.pending.kind == "participant"
    assert g.state.monuments[TIDE].completed  # still waiting
    choose(g, "perk:section", "exhaust:compass", "exhaust:rose", "exhaust:magnet")
    # the completer's single energy there is bound automatically, then the perk
    assert g.state.bound["r_center"][a] == [1, 0, 0, 0]
    assert g.pending.seat == a and set(choice_ids(g)) == {"perk:section", "perk:bonus"}
    evs = choose(g, "perk:section")
    assert kinds(evs, ev.SectionConstructed)[0].monument == BEACON
    # then the only remaining completion (Tidewatch) starts: L1 first, completer last
    assert g.pending.seat == l1 and g.pending.kind == "participant"
    assert [c.monument for c in g.state.completions] == []


def test_r15_5_1_participants_clockwise_completer_last() -> None:
    """R15.5.1: participants clockwise from the one after the completer; completer last."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    order = []
    while g.pending.kind in ("participant", "completer_bind"):
        seat = g.pending.seat
        if not order or order[-1] != seat:
            order.append(seat)
        ids = choice_ids(g)
        pick = next(i for i in ids if i.startswith(("bind:", "exhaust:", "perk:section")))
        g.choose(pick)
    assert order == [l1, l2, a]
    no_invariant_errors(g)


def test_r15_5_1_non_participants_are_skipped() -> None:
    """R15.5.1, R1.36: only players with energy on the section take part."""
    g = game(4, ["freyith", "aureon", "ignotas", "rusne"])
    s = g.state
    a = s.active
    l1, l2, l3 = ((a + k) % 4 for k in (1, 2, 3))
    assert g.rules.sections[s.monuments[BEACON].stack[0]].symbols == (0, 1, 2, 0)
    put(g, BEACON, 0, l3, "compass")
    put(g, BEACON, 1, l3, "rose")
    put(g, BEACON, 2, l2, "magnet")
    complete_by_deploy(g, BEACON, 3, "compass")
    # L1 has nothing on the section: L2 first, then L3, the completer last
    assert g.pending.seat == l2
    choose(g, "perk:section", "exhaust:magnet")
    assert g.pending.seat == l3
    choose(g, "perk:section", "exhaust:compass", "exhaust:rose")
    assert g.pending.seat == a
    assert s.players[l1].reserve == [2, 2, 2, 2]


def test_r15_5_4_completer_binds_first_unactivated() -> None:
    """R15.5.3 (O28), R15.5.4: the completer binds one own energy before perk or activation;
    the bound energy is not activated and reach does not matter."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    region = "r_center"
    assert region not in g.rules.space_regions[g.state.players[a].figure]
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass")  # L1
    choose(g, "perk:section", "exhaust:rose")  # L2
    assert g.pending.seat == a and g.pending.kind == "completer_bind"
    assert set(choice_ids(g)) == {"bind:compass", "bind:magnet"}
    exhausted_before = list(g.state.players[a].exhausted)
    evs = g.choose("bind:compass")
    assert g.state.bound[region][a] == [1, 0, 0, 0]
    assert kinds(evs, ev.TokenMoved) == [
        ev.TokenMoved(a, "compass", f"section:{BEACON}:3", f"bound:{region}", "bound")]
    assert g.state.players[a].exhausted == exhausted_before
    # now the perk and the remaining magnet; no second binding is offered
    assert g.pending.kind == "participant"
    assert set(choice_ids(g)) == {"perk:section", "perk:bonus", "activate:magnet",
                                  "exhaust:magnet"}


def test_r15_5_2_each_participant_exactly_one_perk() -> None:
    """R15.5.2: one perk whatever the number of one's energy on the section."""
    g = game()
    a, l1, l2 = seats(g)
    put(g, BEACON, 0, l1, "compass")
    put(g, BEACON, 1, l1, "rose")
    put(g, BEACON, 2, l1, "magnet")
    complete_by_deploy(g, BEACON, 3, "compass")
    assert g.pending.seat == l1
    assert set(choice_ids(g)) == {"perk:section", "perk:bonus", "activate:compass",
                                  "exhaust:compass", "activate:rose", "exhaust:rose",
                                  "activate:magnet", "exhaust:magnet"}
    choose(g, "perk:section")
    assert g.state.players[l1].reserve == [1, 2, 1, 2]
    ids = choice_ids(g)
    assert not any(i.startswith("perk:") for i in ids)
    choose(g, "exhaust:compass", "exhaust:rose", "exhaust:magnet")
    assert g.pending.seat == a  # L1's turn is over without a second perk
    assert g.state.players[l1].reserve == [1, 2, 1, 2]


def test_r15_5_3_perk_may_come_after_activations() -> None:
    """R15.5.3: the participant orders perk and activations; the turn ends only when both the
    perk is taken and all own energy is gone."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "exhaust:compass")
    assert g.pending.seat == l1
    assert set(choice_ids(g)) == {"perk:section", "perk:bonus"}
    choose(g, "perk:section")
    assert g.pending.seat == l2


def test_r15_5_5_section_constructed_next_becomes_topmost() -> None:
    """R15.5.3, R15.5.5: every energy leaves the section, then it is constructed and the
    next section becomes the (empty) topmost one, open for energy."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass")
    choose(g, "perk:section", "exhaust:rose")
    evs = choose(g, "bind:compass", "perk:section", "exhaust:magnet")
    assert kinds(evs, ev.SectionConstructed) == [
        ev.SectionConstructed(BEACON, "anfirien_beacon_s1", "anfirien_beacon_s2")]
    m = g.state.monuments[BEACON]
    assert m.built == ["anfirien_beacon_s1"] and m.stack[0] == "anfirien_beacon_s2"
    assert not m.completed and m.spaces == [EMPTY] * 4
    assert g.state.completions == []
    # the turn passed to the left neighbour; the new section takes energy
    assert g.state.active == l1 and g.pending.kind == "turn_type"
    no_invariant_errors(g)


def test_r15_5_5_last_section_fully_constructed() -> None:
    """R15.5.5, R1.18: resolving the last section leaves the monument fully constructed."""
    g = game()
    a, l1, l2 = seats(g)
    m = g.state.monuments[TIDE]
    m.built = m.stack[:-1]
    m.stack = m.stack[-1:]  # tidewatch_observatory_s5: compass magnet compass rose compass
    m.spaces = [EMPTY] * 5
    put(g, TIDE, 0, l1, "compass")
    put(g, TIDE, 1, l1, "magnet")
    put(g, TIDE, 2, l2, "compass")
    put(g, TIDE, 3, l2, "rose")
    complete_by_deploy(g, TIDE, 4, "compass")
    choose(g, "perk:section", "free:compass", "exhaust:compass", "exhaust:magnet")
    choose(g, "perk:section", "free:rose", "exhaust:compass", "exhaust:rose")
    evs = choose(g, "perk:section", "free:wild")
    assert kinds(evs, ev.SectionConstructed) == [
        ev.SectionConstructed(TIDE, "tidewatch_observatory_s5", "")]
    assert m.stack == [] and m.spaces == [] and not m.completed
    assert len(m.built) == 5
    no_invariant_errors(g)


def test_r15_6_compass_chain_completer_is_compass_owner() -> None:
    """R15.6, R16.4: a Compass activated by a contributor fills another section's last space;
    that section joins the pending set with the Compass's owner as completer, and resolves
    in the same completion phase with the order based on that completer."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    # Tidewatch s1 (compass, compass, magnet): the active player and L2 there, space 1 open
    put(g, TIDE, 0, a, "compass")
    put(g, TIDE, 2, l2, "magnet")
    complete_by_deploy(g, BEACON, 3, "compass")
    assert g.pending.seat == l1
    choose(g, "perk:section", "activate:compass")
    assert g.pending.kind == "compass"
    evs = g.choose(f"compass>section:{TIDE}:1")
    assert kinds(evs, ev.SectionCompleted) == [
        ev.SectionCompleted(TIDE, "tidewatch_observatory_s1", l1, "placement")]
    assert g.state.monuments[TIDE].completed
    # Beacon's resolution goes on (L2, then the active completer) before Tidewatch
    assert g.pending.seat == l2 and g.pending.kind == "participant"
    choose(g, "perk:section", "exhaust:rose")
    choose(g, "bind:compass", "perk:section", "exhaust:magnet")
    # Tidewatch: clockwise after L1 (its completer) -> L2, then the active player, L1 last
    assert g.pending.seat == l2
    choose(g, "perk:section", "exhaust:magnet")
    assert g.pending.seat == a
    choose(g, "perk:section", "exhaust:compass")
    assert g.pending.seat == l1 and g.pending.kind == "participant"
    # L1 completed it with a single energy, which is bound automatically
    assert g.state.bound[g.rules.monuments[TIDE].region][l1] == [1, 0, 0, 0]
    choose(g, "perk:section")
    assert g.state.monuments[TIDE].stack[0] == "tidewatch_observatory_s2"
    no_invariant_errors(g)


def test_r15_7_compass_never_returns_to_its_own_monument() -> None:
    """R15.7, R16.4: while its section resolves, the monument's next section is not
    available; a Compass from it goes to a different monument, the Tile Pool or is
    exhausted."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "activate:compass")
    ids = choice_ids(g)
    assert not any(BEACON in i for i in ids)
    # every empty compass space of the other open sections, the Tile Pool, exhaust
    assert set(ids) == {f"compass>section:{TIDE}:0", f"compass>section:{TIDE}:1",
                        f"compass>section:{GATE}:0", "compass>shop", "exhaust"}
    shop = g.state.players[l1].shop[0]
    choose(g, "compass>shop")
    assert g.state.players[l1].shop[0] == shop + 1


# --- R16 activation ------------------------------------------------------------------------


def test_r16_2_rose_exhausts_and_gives_two_movement_points() -> None:
    """R16.2, R11.4, R13.2: the Rose goes to the Exhausted Pool and gives 2 points, usable on
    the Monument Track (entering the track costs one of them)."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass")
    p = g.state.players[l2]
    ex = list(p.exhausted)
    evs = choose(g, "perk:section", "activate:rose")
    # Beacon s1's perk freed a compass and a magnet; the rose went to the Exhausted Pool
    assert kinds(evs, ev.TokenMoved)[-1] == ev.TokenMoved(
        l2, "rose", f"section:{BEACON}:1", "exhausted", "Rose activated")
    assert p.exhausted == [ex[0] + 1, ex[1] + 1, ex[2] + 1, ex[3]]
    frame = g.state.stack[-1]
    assert isinstance(frame, MoveFrame) and frame.flex == 2 and frame.seat == l2
    assert g.pending.seat == l2 and g.pending.kind == "move"
    ids = choice_ids(g)
    assert any(i.startswith("step:") for i in ids)
    assert "monument_enter:rose" in ids and "pillar_enter:rose" in ids
    choose(g, "monument_enter:rose", "monument_up")
    assert p.tracks[0] == [T("rose"), 2]
    # both points spent: the resolution moves on to the completer
    assert g.pending.seat == a


def test_r16_3_magnet_loads_into_any_empty_slot() -> None:
    """R16.3: a Magnet may go into any empty slot of an active tile, top or bottom row."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass", "perk:section", "exhaust:rose")
    p = g.state.players[a]
    load(g, a, 3, "top", "rose")
    choose(g, "bind:compass", "perk:section", "activate:magnet")
    assert g.pending.kind == "magnet"
    want = {f"load:{pos}:{row}" for pos in range(1, 6) for row in ("top", "bottom")}
    want -= {"load:3:top"}
    assert set(choice_ids(g)) == want | {"exhaust"}
    g.choose("load:5:bottom")
    assert p.bottom[p.device[4]] == [T("magnet")]
    no_invariant_errors(g)


def test_r16_3_magnet_with_no_empty_slot_is_exhausted() -> None:
    """R16.3: with every active slot full the Magnet is exhausted."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass", "perk:section", "exhaust:rose")
    p = g.state.players[a]
    for tile in p.device:  # fill every active slot (from the pool, then the Reserve)
        for slots in (p.top[tile], p.bottom[tile]):
            for i, x in enumerate(slots):
                if x == EMPTY:
                    src = p.exhausted if sum(p.exhausted[:2]) else p.reserve
                    t = 0 if src[0] else 1
                    src[t] -= 1
                    slots[i] = t
    choose(g, "bind:compass", "perk:section")
    ex = p.exhausted[T("magnet")]
    evs = g.choose("activate:magnet")  # the only option left, "exhaust", is applied at once
    assert kinds(evs, ev.TokenMoved) == [ev.TokenMoved(
        a, "magnet", f"section:{BEACON}:2", "exhausted", "Magnet activated")]
    assert p.exhausted[T("magnet")] == ex + 1
    no_invariant_errors(g)


def test_r16_5_wild_activation_only_exhausts() -> None:
    """R16.5: a Wild has no effect; it is exhausted and nothing else happens."""
    g = game()
    a, l1, l2 = seats(g)
    put(g, BEACON, 0, l1, "wild")
    put(g, BEACON, 1, l2, "rose")
    put(g, BEACON, 2, a, "magnet")
    complete_by_deploy(g, BEACON, 3, "compass")
    p = g.state.players[l1]
    ex = p.exhausted[T("wild")]
    evs = choose(g, "perk:section", "activate:wild")
    assert kinds(evs, ev.TokenMoved)[-1] == ev.TokenMoved(
        l1, "wild", f"section:{BEACON}:0", "exhausted", "Wild activated")
    assert p.exhausted[T("wild")] == ex + 1
    assert g.pending.seat == l2 and g.pending.kind == "participant"


@pytest.mark.parametrize("etype", ["compass", "rose", "magnet", "wild"])
def test_r16_1_exhausting_instead_is_always_allowed(etype: str) -> None:
    """R16.1 (O29): each removed energy may be exhausted instead of activated; exhausting a
    Rose gives no movement."""
    g = game()
    a, l1, l2 = seats(g)
    sym = {"compass": 0, "rose": 1, "magnet": 2, "wild": 1}[etype]
    others = [i for i in range(3) if i != sym]
    put(g, BEACON, sym, l1, etype)
    for i in others:
        put(g, BEACON, i, l2, ("compass", "rose", "magnet")[i])
    complete_by_deploy(g, BEACON, 3, "compass")
    assert g.pending.seat == l1
    assert {f"activate:{etype}", f"exhaust:{etype}"} <= set(choice_ids(g))
    p = g.state.players[l1]
    ex = list(p.exhausted)
    evs = choose(g, f"exhaust:{etype}")
    assert kinds(evs, ev.TokenMoved) == [
        ev.TokenMoved(l1, etype, f"section:{BEACON}:{sym}", "exhausted", "exhausted")]
    ex[T(etype)] += 1
    assert p.exhausted == ex
    assert g.pending.seat == l1 and set(choice_ids(g)) == {"perk:section", "perk:bonus"}


# --- R17 perks -------------------------------------------------------------------------------


def test_r17_2_section_perk_frees_printed_types() -> None:
    """R17.2, R1.23: Beacon s1 frees 1 Compass and 1 Magnet into the Exhausted Pool."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    p = g.state.players[l1]
    ex = list(p.exhausted)
    evs = choose(g, "perk:section")
    assert p.reserve == [1, 2, 1, 2]
    assert p.exhausted == [ex[0] + 1, ex[1], ex[2] + 1, ex[3]]
    moves = kinds(evs, ev.TokenMoved)
    assert [(m.etype, m.src, m.dst) for m in moves] == [
        ("compass", "reserve", "exhausted"), ("magnet", "reserve", "exhausted")]
    assert kinds(evs, ev.PerkTaken) == [
        ev.PerkTaken(l1, "section", "Free 1 Compass and 1 Magnet energy from your reserve.")]


def test_r17_2_any_type_perk_player_chooses_type() -> None:
    """R17.2, R32.19: an 'any type' perk asks which type; only types left in the Reserve."""
    g = game()
    a, l1, l2 = seats(g)
    m = g.state.monuments[BEACON]
    m.built = m.stack[:4]
    m.stack = m.stack[4:]  # s5: compass rose magnet compass rose magnet; perk: any
    m.spaces = [EMPTY] * 6
    p = g.state.players[l1]
    p.reserve[T("rose")] = 0
    p.exhausted[T("rose")] += 2
    for i, tn in enumerate(("compass", "rose", "magnet", "compass", "rose")):
        put(g, BEACON, i, l1, tn)
    complete_by_deploy(g, BEACON, 5, "magnet")
    assert g.pending.seat == l1
    choose(g, "perk:section")
    assert g.pending.kind == "free_any"
    assert set(choice_ids(g)) == {"free:compass", "free:magnet", "free:wild"}
    choose(g, "free:wild")
    assert p.reserve == [2, 0, 2, 1]


def test_r17_2_empty_row_part_gives_nothing() -> None:
    """R17.2: if none of a type is left in the Reserve, that part of the perk gives nothing."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    p = g.state.players[l1]
    p.reserve[T("compass")] = 0
    p.exhausted[T("compass")] += 2
    complete_by_deploy(g, BEACON, 3, "compass")
    ex = list(p.exhausted)
    evs = choose(g, "perk:section")
    assert p.reserve == [0, 2, 1, 2]
    assert p.exhausted == [ex[0], ex[1], ex[2] + 1, ex[3]]
    assert [(m.etype, m.src) for m in kinds(evs, ev.TokenMoved)] == [("magnet", "reserve")]
    assert not kinds(evs, ev.ChannelMarker)


def test_r17_3_freeing_second_of_a_pair_recharges_channel_marker() -> None:
    """R17.3, R1.10: taking the second energy of a row recharges the Channel Marker; taking
    the first one of a row does not."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    p = g.state.players[l1]
    p.reserve[T("magnet")] = 1
    p.exhausted[T("magnet")] += 1
    assert p.charged is False  # 3 players: Exhausted at start
    complete_by_deploy(g, BEACON, 3, "compass")
    evs = choose(g, "perk:section")
    assert p.reserve == [1, 2, 0, 2]
    assert p.charged is True
    assert kinds(evs, ev.ChannelMarker) == [ev.ChannelMarker(l1, True)]
    # L2 frees the first of each pair only: no recharge
    evs = choose(g, "exhaust:compass", "perk:section")
    assert g.state.players[l2].reserve == [1, 2, 1, 2]
    assert g.state.players[l2].charged is False
    assert not kinds(evs, ev.ChannelMarker)


def test_r17_1_both_perks_open_to_every_participant() -> None:
    """R17.1: neither perk is used up; after a participant takes the Bonus Tile, the next one
    may still choose it (or the section perk)."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_conduit"
    complete_by_deploy(g, BEACON, 3, "compass")
    evs = choose(g, "perk:bonus")
    assert kinds(evs, ev.PerkTaken) == [
        ev.PerkTaken(l1, "bonus", g.rules.bonus_tiles["mb_conduit"].name)]
    assert g.pending.kind == "conduit"
    choose(g, "conduit:cd_move_double:1", "exhaust:compass")
    assert g.state.players[l1].conduits[0] == "cd_move_double"
    assert g.pending.seat == l2
    assert {"perk:section", "perk:bonus"} <= set(choice_ids(g))
    choose(g, "perk:bonus")
    # the pile's next token is now on top
    assert "conduit:cd_move_1:1" in choice_ids(g)
    choose(g, "conduit:cd_move_1:1", "exhaust:rose")
    assert g.state.players[l2].conduits[0] == "cd_move_1"
    choose(g, "bind:compass")
    assert {"perk:section", "perk:bonus"} <= set(choice_ids(g))


# --- R18 Action Upgrades -------------------------------------------------------------------


def test_r18_1_upgrade_choices_column_not_upgraded_and_in_tray() -> None:
    """R18.1: only columns 1-4 not yet upgraded, with a design still in the tray; the new
    token replaces the default one and one copy leaves the tray."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_upgrade_action"
    p = g.state.players[l1]
    p.actions[0] = "up_1a"
    g.state.tray["up_1a"] -= 1
    g.state.tray["up_3a"] = 0
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:bonus")
    assert g.pending.kind == "upgrade"
    assert set(choice_ids(g)) == {"upgrade:up_2a", "upgrade:up_2b", "upgrade:up_3b",
                                  "upgrade:up_4a", "upgrade:up_4b"}
    evs = choose(g, "upgrade:up_4b")
    assert p.actions == ["up_1a", "act_default_2", "act_default_3", "up_4b", "act_default_5"]
    assert g.state.tray["up_4b"] == 1 and g.state.tray["up_4a"] == 2
    assert kinds(evs, ev.ActionUpgraded) == [ev.ActionUpgraded(l1, 4, "up_4b")]


def test_r18_1_other_design_of_an_upgraded_column_is_closed() -> None:
    """R18.1: a column can be upgraded only once; with all four upgraded, the bonus does
    nothing and the participant goes on."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_upgrade_action"
    p = g.state.players[l1]
    p.actions[:4] = ["up_1b", "up_2a", "up_3b", "up_4a"]
    tray = dict(g.state.tray)
    complete_by_deploy(g, BEACON, 3, "compass")
    evs = choose(g, "perk:bonus")
    assert not kinds(evs, ev.ActionUpgraded)
    assert g.state.tray == tray
    assert g.pending.seat == l1 and set(choice_ids(g)) == {"activate:compass", "exhaust:compass"}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r18_1_tray_copies_follow_player_count(n: int) -> None:
    """R18.1 (O31), R3.2.4: one copy per bar count 2-5 is kept, so N - 1 of each design."""
    g = make_game(n, None, 3)
    designs = ["up_1a", "up_1b", "up_2a", "up_2b", "up_3a", "up_3b", "up_4a", "up_4b"]
    assert g.state.tray == {d: n - 1 for d in designs}


def test_r18_upgraded_token_used_by_later_actions() -> None:
    """R18.1, R18.2 (4b): after upgrading, the position's later activations perform the new
    token (Monument Track 2 steps instead of 1)."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_upgrade_action"
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:bonus", "upgrade:up_4b", "exhaust:compass")
    choose(g, "perk:section", "exhaust:rose", "bind:compass", "perk:section", "exhaust:magnet")
    # L1's turn now
    assert g.state.active == l1 and g.pending.kind == "turn_type"
    load(g, l1, 4, "bottom", "rose")
    choose(g, "actions", "act:4:rose")
    assert g.pending.kind == "effect_option"
    assert set(choice_ids(g)) == {"opt:0:move_character", "opt:1:move_track",
                                  "opt:2:move_track"}
    choose(g, "opt:1:move_track")
    frame = g.state.stack[-1]
    assert isinstance(frame, MoveFrame) and frame.mon == 2 and frame.pil == 0
    choose(g, "monument_enter:compass", "monument_up")
    assert g.state.players[l1].tracks[0] == [T("compass"), 2]


# --- R19 Conduit Tokens --------------------------------------------------------------------


def test_r19_2_conduit_bonus_top_token_into_empty_space() -> None:
    """R19.2, R32.20: the top token of any pile into any empty conduit space."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_conduit"
    p = g.state.players[l1]
    p.conduits = ["cd_pillar_double", "", "", "cd_move_double", ""]
    g.state.piles[0].remove("cd_move_double")
    g.state.piles[2].remove("cd_pillar_double")
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:bonus")
    assert set(choice_ids(g)) == {f"conduit:{tok}:{i}" for tok in
                                  ("cd_move_1", "cd_monument_double", "cd_pillar_1")
                                  for i in (2, 3, 5)}
    evs = choose(g, "conduit:cd_monument_double:3")
    assert p.conduits == ["cd_pillar_double", "", "cd_monument_double", "cd_move_double", ""]
    assert g.state.piles[1][0] == "cd_monument_1" and len(g.state.piles[1]) == 5
    assert g.state.piles[0][0] == "cd_move_1" and len(g.state.piles[0]) == 5
    assert kinds(evs, ev.ConduitGained) == [ev.ConduitGained(l1, "cd_monument_double", 3)]


def test_r19_2_conduit_bonus_without_empty_space_has_no_effect() -> None:
    """R19.2: no empty conduit space -> the bonus does nothing."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_conduit"
    p = g.state.players[l1]
    toks = ["cd_move_1", "cd_move_2", "cd_monument_1", "cd_pillar_1", "cd_pillar_2"]
    p.conduits = list(toks)
    for t in toks:
        for pile in g.state.piles:
            if t in pile:
                pile.remove(t)
    piles = [list(x) for x in g.state.piles]
    complete_by_deploy(g, BEACON, 3, "compass")
    evs = choose(g, "perk:bonus")
    assert not kinds(evs, ev.ConduitGained)
    assert p.conduits == toks and g.state.piles == piles
    assert set(choice_ids(g)) == {"activate:compass", "exhaust:compass"}


def advance_two_pushes(g: Game) -> list[Any]:
    """Active player: Advance turn pushing both staging tiles, loading nothing."""
    a = g.state.active
    p = g.state.players[a]
    p.charged = True
    first, second = p.staging
    return choose(g, "advance", f"push:{first}", "skip_rest", "second_push", "skip_rest")


def test_r19_3_conduits_counted_on_final_arrangement_after_advance() -> None:
    """R19.3, R19.4, R19.5 (O34): counted once after the last push, on the final
    arrangement; a double token gives 2 points per matching tile icon."""
    g = game()
    a = g.state.active
    p = g.state.players[a]
    # freyith-style tiles: 1 [], 2 [], 3 [move], 4 [pillar], 0a [move], 0b []
    assert p.staging == [f"st_{p.character}_0a", f"st_{p.character}_0b"]
    # after pushing 0a then 0b: [0b, 0a, 1, 2, 3]; in between: [0a, 1, 2, 3, 4]
    p.conduits = ["", "cd_move_double", "", "", "cd_pillar_1"]
    evs = advance_two_pushes(g)
    assert p.device == [f"st_{p.character}_{k}" for k in ("0b", "0a", "1", "2", "3")]
    assert g.pending.kind == "end_of_advance"
    assert set(choice_ids(g)) == {"conduits", "done"}
    assert not kinds(evs, ev.TrackMoved)
    choose(g, "conduits")
    frame = g.state.stack[-1]
    assert isinstance(frame, MoveFrame)
    # pos 2 holds 0a (1 move icon) x double move token = 2; pos 5 holds tile 3 (no pillar)
    assert (frame.char, frame.mon, frame.pil, frame.flex) == (2, 0, 0, 0)


def test_r19_3_single_conduit_gives_one_point_per_icon() -> None:
    """R19.3: a single token gives one point per matching icon on the tile under it; the
    points form one movement opportunity of that kind."""
    g = game()
    a = g.state.active
    p = g.state.players[a]
    p.conduits = ["", "", "", "", "cd_pillar_1"]  # pos 5 after one push: tile 4 [pillar]
    first = p.staging[0]
    choose(g, "advance", f"push:{first}", "skip_rest")
    assert p.device[4] == f"st_{p.character}_4"
    choose(g, "conduits")
    frame = g.state.stack[-1]
    assert isinstance(frame, MoveFrame)
    assert (frame.char, frame.mon, frame.pil, frame.flex) == (0, 0, 1, 0)
    assert set(choice_ids(g)) == {f"pillar_enter:{t}" for t in
                                  ("compass", "rose", "magnet", "wild")} | {"done"}


def test_r19_4_conduits_never_trigger_on_actions_turn() -> None:
    """R19.4: an Actions turn never counts conduits."""
    g = game()
    a, l1, l2 = seats(g)
    p = g.state.players[a]
    p.conduits = ["cd_move_double", "cd_move_1", "cd_move_2", "cd_pillar_1", "cd_monument_1"]
    evs = choose(g, "actions")
    # no bottom energy: the turn ends at once and passes on without any movement
    assert not any(isinstance(f, MoveFrame) for f in g.state.stack)
    assert not kinds(evs, ev.FigureMoved) and not kinds(evs, ev.TrackMoved)
    assert g.state.active == l1 and g.pending.kind == "turn_type"


# --- R21 Monument Patron Tokens ------------------------------------------------------------


def test_r21_1_patron_offered_on_second_bound_energy_only() -> None:
    """R21.1, R13.5.4, R15.5.4: binding the 2nd energy into a monument's Bound Energy Area
    offers its Patron Token; taking it removes it from the monument."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.bound["r_center"][a][T("rose")] = 1
    g.state.players[a].exhausted[T("rose")] -= 1
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass", "perk:section", "exhaust:rose")
    evs = choose(g, "bind:magnet")
    assert g.pending.seat == a and g.pending.kind == "patron_take"
    assert set(choice_ids(g)) == {"take", "decline"}
    evs = choose(g, "take")
    assert kinds(evs, ev.PatronTaken) == [ev.PatronTaken(a, BEACON)]
    assert g.state.players[a].patron == BEACON
    assert g.state.monuments[BEACON].patron is False
    no_invariant_errors(g)


def test_r21_1_first_bound_energy_never_qualifies() -> None:
    """R21.1: the first energy bound at a monument does not offer its Patron Token."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass", "perk:section", "exhaust:rose")
    choose(g, "bind:magnet")
    assert g.pending.kind == "participant"
    assert g.state.players[a].patron == "" and g.state.monuments[BEACON].patron is True


def test_r21_1_at_most_one_patron_token_per_player() -> None:
    """R21.1: a player already holding a Patron Token is not offered another."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.players[a].patron = TIDE
    g.state.monuments[TIDE].patron = False
    g.state.bound["r_center"][a][T("rose")] = 1
    g.state.players[a].exhausted[T("rose")] -= 1
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass", "perk:section", "exhaust:rose")
    choose(g, "bind:magnet")
    assert g.pending.kind == "participant"
    assert g.state.bound["r_center"][a] == [0, 1, 1, 0]
    assert g.state.players[a].patron == TIDE and g.state.monuments[BEACON].patron is True


def give_patron(g: Game, seat: int, mon: str) -> None:
    g.state.players[seat].patron = mon
    g.state.monuments[mon].patron = False


def test_r21_2_patron_use_exhausts_all_bottom_row_and_completes_open_section() -> None:
    """R21.2: at the end of an Advance turn the holder may pay all bottom-row energy to
    complete the topmost section of any monument, even a partly filled one."""
    g = game()
    a, l1, l2 = seats(g)
    give_patron(g, a, SPIRE)
    p = g.state.players[a]
    load(g, a, 1, "bottom", "rose")
    load(g, a, 3, "bottom", "compass")
    load(g, a, 3, "top", "magnet")
    put(g, GATE, 0, l1, "compass")
    first = p.staging[0]
    choose(g, "advance", f"push:{first}", "skip_rest")
    assert g.pending.kind == "end_of_advance"
    assert set(choice_ids(g)) == {f"patron:{m}" for m in (BEACON, TIDE, SPIRE, GATE)} | {"done"}
    ex = list(p.exhausted)
    evs = choose(g, f"patron:{GATE}")
    # the two bottom-row energy (now at positions 2 and 4) are exhausted; the top one stays
    assert p.exhausted == [ex[0] + 1, ex[1] + 1, ex[2], ex[3]]
    assert all(x == EMPTY for tile in p.device for x in p.bottom[tile])
    assert p.top[p.device[3]] == [T("magnet")]
    assert kinds(evs, ev.PatronUsed) == [ev.PatronUsed(a, GATE)]
    assert ev.SectionCompleted(GATE, "obsidian_gate_s1", -1, "patron") in evs
    # the token is kept (R21.1: never spent); it is not offered again this turn, and E2
    # resolves the section with L1, its only participant
    assert p.patron == SPIRE
    assert g.pending.kind == "participant" and g.pending.seat == l1
    assert set(choice_ids(g)) == {"perk:section", "perk:bonus", "activate:compass",
                                  "exhaust:compass"}
    no_invariant_errors(g)


def test_r21_2_patron_not_usable_on_completed_section() -> None:
    """R21.2 (O40): a section already Completed and pending is not a Patron target."""
    g = game()
    a, l1, l2 = seats(g)
    give_patron(g, a, SPIRE)
    for i, tn in enumerate(("compass", "compass", "magnet")):
        put(g, TIDE, i, l1, tn)
    m = g.state.monuments[TIDE]
    m.completed = True
    g.state.completions.append(Completion(TIDE, m.stack[0], l1, l1))
    first = g.state.players[a].staging[0]
    choose(g, "advance", f"push:{first}", "skip_rest")
    assert set(choice_ids(g)) == {f"patron:{m}" for m in (BEACON, SPIRE, GATE)} | {"done"}


def test_r21_2_patron_with_empty_bottom_row_allowed() -> None:
    """R21.2 (O39): the cost is whatever is in the bottom row, even nothing."""
    g = game()
    a, l1, l2 = seats(g)
    give_patron(g, a, SPIRE)
    p = g.state.players[a]
    ex = list(p.exhausted)
    first = p.staging[0]
    choose(g, "advance", f"push:{first}", "skip_rest")
    evs = choose(g, f"patron:{BEACON}")
    assert p.exhausted == ex
    assert kinds(evs, ev.PatronUsed) == [ev.PatronUsed(a, BEACON)]
    # an empty section has no participants: it is constructed straight away
    assert ev.SectionConstructed(BEACON, "anfirien_beacon_s1", "anfirien_beacon_s2") in evs
    assert g.state.monuments[BEACON].stack[0] == "anfirien_beacon_s2"


def test_r21_3_patron_resolution_left_of_user_user_last_nobody_binds() -> None:
    """R21.3, R15.5.1, R15.5.4: no completer; order starts left of the user, the user last;
    nobody binds, not even the user; every participant takes a perk and activates or
    exhausts all own energy."""
    g = game()
    a, l1, l2 = seats(g)
    give_patron(g, a, SPIRE)
    put(g, BEACON, 0, a, "compass")
    put(g, BEACON, 1, l2, "rose")
    put(g, BEACON, 2, l1, "magnet")
    bound = [list(map(list, v)) for v in g.state.bound.values()]
    first = g.state.players[a].staging[0]
    choose(g, "advance", f"push:{first}", "skip_rest", f"patron:{BEACON}")
    # E1 has nothing more to offer; the completion phase starts with L1
    assert g.pending.kind == "participant" and g.pending.seat == l1
    order = []
    while g.pending.kind == "participant":
        seat = g.pending.seat
        order.append(seat)
        ids = choice_ids(g)
        assert not any(i.startswith(("bind:", "cornerstone:")) for i in ids)
        for cid in ids:
            if cid.startswith("exhaust:"):
                g.choose(cid)
                break
        g.choose("perk:section")
    assert order == [l1, l2, a]
    assert [list(map(list, v)) for v in g.state.bound.values()] == bound
    assert g.state.monuments[BEACON].stack[0] == "anfirien_beacon_s2"
    assert all(g.state.players[s].reserve == [1, 2, 1, 2] for s in (a, l1, l2))
    no_invariant_errors(g)


def test_r21_2_patron_only_at_end_of_advance_turn() -> None:
    """R21.2, R4.3 E1: a Patron Token cannot be used on an Actions turn."""
    g = game()
    a, l1, l2 = seats(g)
    give_patron(g, a, SPIRE)
    load(g, a, 4, "bottom", "rose")
    choose(g, "actions", "act:4:rose", "opt:0:move_character", "done")
    assert g.state.active == l1 and g.pending.kind == "turn_type"
    assert all(not m.completed for m in g.state.monuments.values())


# --- more R15 / R17 ------------------------------------------------------------------------


def test_r15_2_completed_section_energy_cannot_be_repositioned() -> None:
    """R15.2, R10.2: while pending, energy on a Completed section is no Reposition source;
    the same player's energy on an Open section still is."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    put(g, TIDE, 0, a, "compass")
    complete_by_deploy(g, BEACON, 3, "compass", keep_turn=True)
    choose(g, "act:5:rose", "pos:2", "opt:1:reposition")
    assert g.pending.kind == "reposition_from"
    ids = choice_ids(g)
    assert not any(BEACON in i for i in ids)
    assert f"from:section:{TIDE}:0:compass" in ids


def test_r15_2_compass_cannot_enter_another_pending_section() -> None:
    """R15.2, R7.2.1, R16.4: a Compass activated during one resolution may not go into a
    different monument's section that is Completed and still pending."""
    g = game()
    a, l1, l2 = seats(g)
    put(g, TIDE, 0, l2, "compass")
    put(g, TIDE, 1, l2, "compass")
    put(g, BEACON, 0, l1, "compass")
    put(g, BEACON, 1, l1, "rose")
    put(g, BEACON, 2, l2, "magnet")
    load(g, a, 1, "bottom", "wild")
    load(g, a, 3, "bottom", "rose")
    load(g, a, 4, "top", "magnet")
    load(g, a, 1, "top", "compass")
    choose(g, "actions", "act:1:wild", "opt:0:deploy", "tile:4", f"magnet>section:{TIDE}:2")
    choose(g, "act:3:rose", "tile:1", f"compass>section:{BEACON}:3")
    choose(g, f"resolve:{BEACON}")
    assert g.pending.seat == l1
    choose(g, "perk:section", "activate:compass")
    ids = choice_ids(g)
    assert not any(TIDE in i or BEACON in i for i in ids)
    assert set(ids) == {f"compass>section:{GATE}:0", "compass>shop", "exhaust"}


def test_r17_4_move_4_bonus_tile_gives_four_character_points() -> None:
    """R17.4: the Move 4 Bonus Tile moves the character up to 4 spaces."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_move_character_4"
    complete_by_deploy(g, BEACON, 3, "compass")
    evs = choose(g, "perk:bonus")
    assert kinds(evs, ev.PerkTaken)[0].kind == "bonus"
    frame = g.state.stack[-1]
    assert isinstance(frame, MoveFrame)
    assert (frame.seat, frame.char, frame.mon, frame.pil, frame.flex) == (l1, 4, 0, 0, 0)
    ids = choice_ids(g)
    assert any(i.startswith("step:") for i in ids)
    assert not any(i.startswith(("monument_", "pillar_")) for i in ids)


def test_r17_6_replenish_bonus_loads_top_row_of_one_tile() -> None:
    """R17.4, R17.6 (O30): Replenish loads empty top-row slots of one active tile from the
    Exhausted Pool, types chosen freely."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    g.state.monuments[BEACON].bonus = "mb_replenish"
    p = g.state.players[l1]
    load(g, l1, 2, "top", "rose")
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:bonus")
    assert g.pending.kind == "replenish_tile"
    assert set(choice_ids(g)) == {"tile:1", "tile:3", "tile:4", "tile:5", "none"}
    choose(g, "tile:4")
    assert g.pending.kind == "replenish_slot"
    ex = list(p.exhausted)
    choose(g, "load:magnet")
    assert p.top[p.device[3]] == [T("magnet")]
    assert p.exhausted == [ex[0], ex[1], ex[2] - 1, ex[3]]
    # one tile only: L1 goes on with the compass
    assert set(choice_ids(g)) == {"activate:compass", "exhaust:compass"}


def test_r17_5_copy_bonus_uses_any_other_bonus_tile() -> None:
    """R17.4, R17.5: Copy activates any other Bonus Tile in play (never itself)."""
    g = make_game(5, None, 1)
    for seat in range(5):
        clear_device(g, seat)
    s = g.state
    a = s.active
    l1 = (a + 1) % 5
    holder = next(m for m, ms in s.monuments.items() if ms.bonus == "mb_activate_other")
    s.monuments[holder].bonus, s.monuments[BEACON].bonus = (
        s.monuments[BEACON].bonus, "mb_activate_other")
    put(g, BEACON, 0, l1, "compass")
    put(g, BEACON, 1, l1, "rose")
    put(g, BEACON, 2, l1, "magnet")
    complete_by_deploy(g, BEACON, 3, "compass")
    assert g.pending.seat == l1
    choose(g, "perk:bonus")
    assert g.pending.kind == "copy_bonus"
    assert set(choice_ids(g)) == {f"copy:{b}" for b in (
        "mb_upgrade_action", "mb_conduit", "mb_bridge", "mb_move_character_4", "mb_replenish")}
    choose(g, "copy:mb_move_character_4")
    frame = s.stack[-1]
    assert isinstance(frame, MoveFrame) and frame.char == 4 and frame.seat == l1


def test_r16_2_rose_points_are_a_movement_opportunity_binding_allowed() -> None:
    """R16.2, R11.4, R13.5: during the Rose's movement opportunity a ready Monument Track
    token may be bound within reach, without spending a point."""
    g = game()
    a, l1, l2 = beacon_three_way(g)
    p = g.state.players[l2]
    p.exhausted[T("magnet")] -= 1
    p.tracks[0] = [T("magnet"), 4]
    region = g.rules.space_regions[p.figure][0]
    complete_by_deploy(g, BEACON, 3, "compass")
    choose(g, "perk:section", "exhaust:compass")
    choose(g, "perk:section", "activate:rose")
    assert f"bind_monument:{region}" in choice_ids(g)
    assert not any(i.startswith("bind_monument:") and i != f"bind_monument:{region}"
                   for i in choice_ids(g))
    choose(g, f"bind_monument:{region}")
    assert g.state.bound[region][l2][T("magnet")] == 1 and p.tracks[0] == [EMPTY, 0]
    frame = g.state.stack[-1]
    assert isinstance(frame, MoveFrame) and frame.flex == 2  # binding cost no point


def test_r4_3_e1_conduits_and_patron_in_either_order() -> None:
    """R4.3 E1 (O8), R19.3, R21.2: at the end of an Advance turn the player chooses the order
    of conduit movement and Patron use; each is offered once."""
    g = game()
    a, l1, l2 = seats(g)
    give_patron(g, a, SPIRE)
    p = g.state.players[a]
    p.conduits = ["", "", "", "", "cd_pillar_1"]
    choose(g, "advance", f"push:{p.staging[0]}", "skip_rest")
    ids = set(choice_ids(g))
    assert {"conduits", "done", f"patron:{BEACON}"} <= ids
    choose(g, f"patron:{TIDE}")
    # the Patron is used; conduits are still to come, and the Patron is not offered again
    assert set(choice_ids(g)) == {"conduits", "done"}
    choose(g, "conduits")
    frame = g.state.stack[-1]
    assert isinstance(frame, MoveFrame) and frame.pil == 1
    choose(g, "done")
    # E2: Tidewatch's empty section has no participants, so it is simply constructed
    assert g.state.monuments[TIDE].stack[0] == "tidewatch_observatory_s2"
    assert g.state.active == l1

"""Rule tests: R7 Deploy and placement destinations, R9 Claim, R10 Reposition, R22
Achievements (with the default action tokens of R6.5.1-R6.5.3 and the Deploy upgrades of
R18.2).

Positions are built on a real game (tests.builder) and then edited by hand; every edit keeps
each player's 21 energy accounted for (engine.aac.invariants.check).
"""

from __future__ import annotations

from engine.aac import events as ev
from engine.aac.data import TYPE_INDEX, TYPES
from engine.aac.game import Game
from engine.aac.invariants import check
from engine.aac.rules.reposition import RepositionFrame
from engine.aac.state import EMPTY, Completion, enc
from engine.aac.supply import running_out_sources
from tests.builder import (
    T,
    choice_ids,
    choose,
    clear_device,
    ctx,
    load,
    make_game,
    push_frame,
    put_on_section,
    rerun,
)

# seed 1 with 2 players draws these monuments; their topmost section symbols are asserted
# in `actions_game` so a catalog change shows up clearly.
SYMBOLS_2P = {
    "anfirien_beacon": ("compass", "rose", "magnet", "compass"),
    "tidewatch_observatory": ("compass", "compass", "magnet"),
    "verdant_spire": ("magnet", "magnet", "rose"),
}


# --- helpers -----------------------------------------------------------------------------


def actions_game(players: int = 2, seed: int = 1, **kw: object) -> tuple[Game, int]:
    """A real game at the active player's Actions turn, every device emptied into the
    exhausted pools and every seat's shop energy moved back to its exhausted pool.

    A spare Rose is loaded in the active player's bottom row at position 5, so the Actions
    turn stays open (a lone 'end' choice would be applied automatically). The pending
    decision is stale until the test loads its own energy and calls `rerun` (see `act`)."""
    chars = ["freyith", "aureon", "rusne", "multanec", "ignotas"][:players]
    g = make_game(players, chars, seed=seed, **kw)  # type: ignore[arg-type]
    a = g.state.active
    g.choose("actions")
    for p in g.state.players:
        clear_device(g, p.seat)
        set_shop(g, p.seat)
    if players == 2 and seed == 1:
        for mon, syms in SYMBOLS_2P.items():
            m = g.state.monuments[mon]
            assert tuple(TYPES[t] for t in g.rules.sections[m.stack[0]].symbols) == syms
    load(g, a, 5, "bottom", "rose")
    return g, a


def set_shop(g: Game, seat: int, **counts: int) -> None:
    """Set the seat's shop energy exactly (the rest goes to / comes from the exhausted pool)."""
    p = g.state.players[seat]
    for t in range(4):
        p.exhausted[t] += p.shop[t]
        p.shop[t] = 0
    for name, n in counts.items():
        t = T(name)
        assert p.exhausted[t] >= n
        p.exhausted[t] -= n
        p.shop[t] = n


def put_section(g: Game, seat: int, mon: str, idx: int, etype: str) -> None:
    """Move one exhausted energy of the seat onto a monument space."""
    put_on_section(g, seat, mon, idx, etype)


def put_achievement(g: Game, seat: int, aid: str, col: int, etype: str) -> None:
    p = g.state.players[seat]
    t = T(etype)
    assert p.exhausted[t] > 0
    p.exhausted[t] -= 1
    g.state.ach[aid][col] = enc(seat, t)


def swap_tile(g: Game, seat: int, old: str, new: str) -> None:
    """Replace one of the seat's (empty) tiles by another tile, with empty slots."""
    p = g.state.players[seat]
    assert all(x == EMPTY for x in p.top[old] + p.bottom[old])
    if old in p.device:
        p.device[p.device.index(old)] = new
    else:
        p.staging[p.staging.index(old)] = new
    del p.top[old], p.bottom[old]
    td = g.rules.tiles[new]
    p.top[new] = [EMPTY] * td.top
    p.bottom[new] = [EMPTY] * td.bottom


def qualify_castles(g: Game, seat: int) -> None:
    """F3 needs 2 Monument icons: start tile 5 has one, shop_i_04 adds the second."""
    p = g.state.players[seat]
    swap_tile(g, seat, p.staging[1], "shop_i_04")


def act(g: Game, seat: int, pos: int, *then: str) -> list[ev.Event]:
    """Load a compass in the bottom row at `pos`, spend it, then make further choices."""
    load(g, seat, pos, "bottom", "compass")
    rerun(g)
    return choose(g, f"act:{pos}:compass", *then)


def ok(g: Game) -> None:
    assert check(ctx(g)) == []


def section_ids(etype: str, cells: list[tuple[str, int]]) -> set[str]:
    return {f"{etype}>section:{mon}:{i}" for mon, i in cells}


def moved(events: list[ev.Event]) -> list[tuple[int, str, str, str]]:
    return [(e.owner, e.etype, e.src, e.dst) for e in events if isinstance(e, ev.TokenMoved)]


# --- R6.5 / R7.1 Deploy -----------------------------------------------------------------------


def test_r6_5_1_position_1_deploys_from_position_4_or_5() -> None:
    """R6.5.1: the default position-1 token deploys one tile from position 4 or 5, or
    recharges."""
    g, a = actions_game()
    act(g, a, 1)
    assert g.pending.kind == "effect_option"
    assert choice_ids(g) == ["opt:0:deploy", "opt:1:recharge"]
    g.choose("opt:0:deploy")
    assert g.pending.kind == "deploy_tile"
    assert choice_ids(g) == ["tile:4", "tile:5"]


def test_r6_5_3_position_3_deploys_from_position_1_or_2() -> None:
    """R6.5.3: the default position-3 token deploys one tile from position 1 or 2."""
    g, a = actions_game()
    act(g, a, 3)
    assert g.pending.kind == "deploy_tile"
    assert choice_ids(g) == ["tile:1", "tile:2"]


def test_r7_1_tile_with_empty_top_row_may_be_chosen_with_no_effect() -> None:
    """R7.1: a tile with an empty top row may be chosen; nothing is deployed."""
    g, a = actions_game()
    p = g.state.players[a]
    load(g, a, 2, "top", "rose")
    exh, shop = p.exhausted[:], p.shop[:]
    load(g, a, 3, "bottom", "compass")
    rerun(g)
    events = choose(g, "act:3:compass", "tile:1")
    assert moved(events) == [(a, "compass", "slot:3:bottom", "exhausted")]
    assert g.pending.kind == "action"  # back to the Actions turn
    assert p.top[p.device[1]] == [T("rose")]  # position 2 was not deployed
    assert p.exhausted == exh and p.shop == shop
    ok(g)


def test_r7_1_o12_every_top_row_energy_must_be_deployed() -> None:
    """R7.1 / O12: all top-row energy of the chosen tile is deployed, one at a time; there is
    no option to stop early, and the Tile Pool is always among the destinations."""
    g, a = actions_game()
    p = g.state.players[a]
    swap_tile(g, a, p.device[0], "shop_i_01")  # 2 top slots at position 1
    load(g, a, 1, "top", "magnet")
    load(g, a, 1, "top", "magnet")
    act(g, a, 3, "tile:1")
    first = choice_ids(g)
    assert g.pending.kind == "deploy_energy"
    assert "magnet>shop" in first
    assert not any(c in ("done", "end", "decline", "stop") for c in first)
    g.choose("magnet>shop")
    assert g.pending.kind == "deploy_energy"  # the second magnet must go too
    assert "magnet>shop" in choice_ids(g)
    assert not any(c in ("done", "end", "decline", "stop") for c in choice_ids(g))
    g.choose("magnet>section:verdant_spire:0")
    assert p.top["shop_i_01"] == [EMPTY, EMPTY]
    assert p.shop[T("magnet")] == 1
    assert g.state.monuments["verdant_spire"].spaces == [enc(a, T("magnet")), EMPTY, EMPTY]
    assert g.pending.kind == "action"
    ok(g)


def test_r7_2_1_matching_empty_space_of_any_monument_or_tile_pool() -> None:
    """R7.2.1 / R2.3.2 / R7.2.2: an energy may go to any empty space with its symbol in the
    topmost section of every monument in use, whatever the region or figure, or to the Tile
    Pool; occupied spaces and other symbols are never offered."""
    g, a = actions_game()
    other = 1 - a
    put_section(g, other, "anfirien_beacon", 0, "compass")  # occupied compass space
    load(g, a, 1, "top", "compass")
    act(g, a, 3, "tile:1")
    assert set(choice_ids(g)) == section_ids(
        "compass",
        [("anfirien_beacon", 3), ("tidewatch_observatory", 0), ("tidewatch_observatory", 1)],
    ) | {"compass>shop"}
    g.choose("compass>section:tidewatch_observatory:1")
    assert g.state.monuments["tidewatch_observatory"].spaces == [EMPTY, enc(a, 0), EMPTY]
    ok(g)


def test_r7_2_1_wild_fits_any_empty_space() -> None:
    """R7.2.1 / R1.3: a Wild energy may fill any empty space, whatever its symbol."""
    g, a = actions_game()
    put_section(g, 1 - a, "verdant_spire", 2, "rose")
    load(g, a, 2, "top", "wild")
    act(g, a, 3, "tile:2")
    every_empty = [
        (mon, i) for mon, syms in SYMBOLS_2P.items() for i in range(len(syms))
        if (mon, i) != ("verdant_spire", 2)
    ]
    assert set(choice_ids(g)) == section_ids("wild", every_empty) | {"wild>shop"}
    g.choose("wild>section:anfirien_beacon:1")  # a rose space
    assert g.state.monuments["anfirien_beacon"].spaces[1] == enc(a, T("wild"))
    ok(g)


def test_r7_2_5_never_into_bound_area_or_pillar_space() -> None:
    """R7.2.5 / R7.2.3: placement offers only monument spaces, the Tile Pool and (when
    qualified) Achievements: never a Bound Energy Area nor a Pillar space."""
    g, a = actions_game()
    qualify_castles(g, a)
    load(g, a, 1, "top", "rose")
    act(g, a, 3, "tile:1")
    ids = choice_ids(g)
    dests = {cid.split(">", 1)[1].split(":", 1)[0] for cid in ids}
    assert dests == {"section", "shop", "achievement"}
    assert not any("bound" in cid or "pillar:" in cid for cid in ids)


def test_r7_2_1_completed_section_accepts_no_energy() -> None:
    """R7.2.1 / R15.2 / R21.2: a Completed (pending) section accepts no energy, even one
    completed by a Patron Token with spaces still empty."""
    g, a = actions_game()
    m = g.state.monuments["tidewatch_observatory"]
    put_section(g, 1 - a, "tidewatch_observatory", 0, "compass")
    m.completed = True  # patron completion: two spaces left empty
    g.state.completions.append(Completion("tidewatch_observatory", m.stack[0], -1, 1 - a))
    load(g, a, 1, "top", "compass")
    act(g, a, 3, "tile:1")
    assert set(choice_ids(g)) == section_ids("compass", [("anfirien_beacon", 0),
                                                          ("anfirien_beacon", 3)]) | {
        "compass>shop"
    }


def test_r7_2_2_tile_pool_is_always_legal_when_nothing_else_is() -> None:
    """R7.2.2 / O12: with every matching space taken, the Tile Pool remains legal, so a
    Deploy can always place all its energy (the only choice is applied at once)."""
    g, a = actions_game()
    other = 1 - a
    put_section(g, other, "anfirien_beacon", 1, "rose")
    put_section(g, other, "verdant_spire", 2, "rose")
    load(g, a, 1, "top", "rose")
    p = g.state.players[a]
    events = act(g, a, 3, "tile:1")
    assert (a, "rose", "slot:1:top", "shop") in moved(events)
    assert p.shop == [0, 1, 0, 0]
    assert p.top[p.device[0]] == [EMPTY]
    assert g.pending.kind == "action"
    ok(g)


def test_r7_3_filling_the_last_space_completes_the_section() -> None:
    """R7.3 / R15.1 / R15.3: the energy that fills the last empty space completes the section;
    its owner is the completer and the completion waits (pending) until E2."""
    g, a = actions_game()
    other = 1 - a
    put_section(g, other, "verdant_spire", 0, "magnet")
    put_section(g, other, "verdant_spire", 1, "magnet")
    load(g, a, 1, "top", "rose")
    events = act(g, a, 3, "tile:1", "rose>section:verdant_spire:2")
    m = g.state.monuments["verdant_spire"]
    sec = m.stack[0]
    assert m.completed is True
    assert ev.SectionCompleted("verdant_spire", sec, a, "placement") in events
    assert [(c.monument, c.section, c.completer) for c in g.state.completions] == [
        ("verdant_spire", sec, a)
    ]
    assert g.pending.kind == "action"  # not resolved yet: the turn goes on
    ok(g)


def test_r18_2_upgrade_1a_deploys_up_to_two_different_tiles() -> None:
    """R18.2 (1a): deploy the top rows of up to 2 different tiles in positions 3-5; the tile
    already deployed is not offered again and the second tile is optional."""
    g, a = actions_game()
    p = g.state.players[a]
    p.actions[0] = "up_1a"
    load(g, a, 3, "top", "magnet")
    load(g, a, 5, "top", "rose")
    act(g, a, 1, "opt:0:deploy")
    assert choice_ids(g) == ["tile:3", "tile:4", "tile:5"]
    choose(g, "tile:3", "magnet>shop")
    assert g.pending.kind == "deploy_tile"
    assert choice_ids(g) == ["tile:4", "tile:5", "done"]
    choose(g, "tile:5", "rose>shop")
    assert g.pending.kind == "action"  # two tiles: the Deploy is over
    assert p.shop == [0, 1, 1, 0]
    assert p.top[p.device[2]] == [EMPTY] and p.top[p.device[4]] == [EMPTY]
    ok(g)


def test_r18_2_upgrade_3b_deploys_two_tiles_from_positions_1_to_3() -> None:
    """R18.2 (3b): up to 2 different tiles from positions 1-3; 'done' ends after one."""
    g, a = actions_game()
    p = g.state.players[a]
    p.actions[2] = "up_3b"
    load(g, a, 2, "top", "compass")
    load(g, a, 1, "top", "rose")
    act(g, a, 3)
    assert choice_ids(g) == ["tile:1", "tile:2", "tile:3"]
    choose(g, "tile:2", "compass>shop")
    assert choice_ids(g) == ["tile:1", "tile:3", "done"]
    g.choose("done")
    assert g.pending.kind == "action"
    assert p.top[p.device[0]] == [T("rose")]  # not deployed
    ok(g)


# --- R9 Claim ----------------------------------------------------------------------------------


def claim_game(players: int = 2, **shop: int) -> tuple[Game, int]:
    g, a = actions_game(players)
    set_shop(g, a, **shop)
    return g, a


def test_r9_2_prices_1_2_2_3_left_to_right_and_unaffordable_tiles_not_offered() -> None:
    """R9.2 / O15 / R9.3: slots cost 1, 2, 2, 3 from left to right; a tile the player cannot
    pay for with shop energy cannot be claimed."""
    assert ctx(make_game(2, ["freyith", "aureon"])).r.pool_prices == (1, 2, 2, 3)
    g, a = claim_game(compass=2)
    act(g, a, 2, "opt:0:claim_tiles")
    assert g.pending.kind == "claim_pick"
    assert choice_ids(g) == ["pick:1", "pick:2", "pick:3"]  # slot 4 costs 3


def test_r9_3_o16_at_least_one_tile_and_two_tiles_cost_the_sum() -> None:
    """R9.3 / O16: no empty Claim ('done' only after a first pick); a second tile must be
    affordable with what is left after the first."""
    g, a = claim_game(compass=2, rose=1)
    act(g, a, 2, "opt:0:claim_tiles")
    assert "done" not in choice_ids(g)
    assert choice_ids(g) == ["pick:1", "pick:2", "pick:3", "pick:4"]
    g.choose("pick:1")  # 1 spent of 3
    assert choice_ids(g) == ["pick:2", "pick:3", "done"]  # 1 + 3 > 3


def test_r9_3_claim_with_no_affordable_tile_does_nothing() -> None:
    """R9.3 / O16: with no shop energy nothing can be claimed: no tile changes hands, no
    interest is offered, and the turn goes on."""
    g, a = claim_game()
    p = g.state.players[a]
    pool = g.state.pool[:]
    tiles = p.device[:] + p.staging[:]
    events = act(g, a, 2, "opt:0:claim_tiles")
    assert g.pending.kind == "action" and g.pending.seat == a
    assert g.state.pool == pool and p.device + p.staging == tiles
    assert not any(isinstance(e, ev.TileClaimed | ev.PoolChanged) for e in events)


def test_r9_3_r9_4_pay_then_replace_active_tile_exhausting_its_energy() -> None:
    """R9.3 / R9.4 / O17: pay the price from shop energy into the exhausted pool; the new tile
    takes the removed active tile's position with every slot empty, and the removed tile's
    energy is exhausted; the player still has 7 tiles (R9.7)."""
    g, a = claim_game(magnet=3)
    p = g.state.players[a]
    new = g.state.pool[3]
    old = p.device[3]
    load(g, a, 4, "top", "rose")
    load(g, a, 4, "bottom", "wild")
    exh = p.exhausted[:]
    act(g, a, 2, "opt:0:claim_tiles", "pick:4")
    assert g.pending.kind == "claim_replace"
    assert len(choice_ids(g)) == 7
    events = g.choose(f"replace:{old}")
    assert p.shop == [0, 0, 0, 0]
    # (the compass spent on the action came from the pool) 3 magnets paid, and the rose and
    # wild of the removed tile
    assert p.exhausted == [exh[0], exh[1] + 1, exh[2] + 3, exh[3] + 1]
    assert p.device[3] == new
    assert old not in p.top and old not in p.device + p.staging
    td = g.rules.tiles[new]
    assert p.top[new] == [EMPTY] * td.top and p.bottom[new] == [EMPTY] * td.bottom
    assert len(p.device) == 5 and len(p.staging) == 2
    assert ev.TileClaimed(a, new, 4, old, 4, 3) in events
    assert (a, "rose", "slot:4:top", "exhausted") in moved(events)
    assert (a, "wild", "slot:4:bottom", "exhausted") in moved(events)
    ok(g)


def test_r9_4_new_tile_may_replace_a_staging_tile() -> None:
    """R9.4: the removed tile may be in the Staging Area; the new tile goes there."""
    g, a = claim_game(compass=1)
    p = g.state.players[a]
    new = g.state.pool[0]
    old = p.staging[1]
    device = p.device[:]
    # the only affordable pick and the only possible payment are applied automatically
    act(g, a, 2, "opt:0:claim_tiles", f"replace:{old}")
    assert p.staging[1] == new and old not in p.staging
    assert p.device == device
    ok(g)


def test_r9_5_refill_slides_right_and_fills_left_from_supply() -> None:
    """R9.5: the remaining Tile Pool tiles slide right to close the gap and the emptied
    leftmost slot is filled from the top of the face-down supply."""
    g, a = claim_game(compass=3)
    pool = g.state.pool[:]
    top = g.state.supply[0]
    n_supply = len(g.state.supply)
    p = g.state.players[a]
    events = act(g, a, 2, "opt:0:claim_tiles", "pick:3", "done", f"replace:{p.staging[0]}")
    assert g.state.pool == [top, pool[0], pool[1], pool[3]]
    assert len(g.state.supply) == n_supply - 1
    assert ev.PoolChanged(tuple(g.state.pool), (top,)) in events


def test_r9_6_interest_clockwise_from_active_for_everyone_with_shop_energy() -> None:
    """R9.6 / O18: after the Claim, each player with at least 1 shop energy, the active player
    included, may add 1 energy from the exhausted pool, clockwise from the active player;
    players with no shop energy are skipped."""
    g, a = claim_game(3, compass=2)
    nxt, last = (a + 1) % 3, (a + 2) % 3
    set_shop(g, last, rose=1)  # `nxt` has no shop energy
    p = g.state.players[a]
    # after pick:1 nothing else is affordable, so 'done' and the payment are automatic
    act(g, a, 2, "opt:0:claim_tiles", "pick:1", f"replace:{p.staging[0]}")
    assert g.pending.kind == "interest" and g.pending.seat == a
    assert "decline" in choice_ids(g)
    ex = [t for t in TYPES if p.exhausted[TYPE_INDEX[t]]]
    assert set(choice_ids(g)) == {f"interest:{t}" for t in ex} | {"decline"}
    events = g.choose("interest:magnet")
    assert (a, "magnet", "exhausted", "shop") in moved(events)
    assert p.shop == [1, 0, 1, 0]  # 1 compass left after paying 1, plus the magnet
    assert g.pending.kind == "interest" and g.pending.seat == last
    g.choose("decline")
    assert g.state.players[last].shop == [0, 1, 0, 0]
    assert g.state.players[nxt].shop == [0, 0, 0, 0]
    assert g.pending.kind == "action" and g.pending.seat == a
    ok(g)


def test_r9_6_interest_is_checked_after_payment() -> None:
    """R9.6: a player whose last shop energy paid for the tile gets no interest."""
    g, a = claim_game(3, compass=1)
    other = (a + 1) % 3
    set_shop(g, other, magnet=1)
    p = g.state.players[a]
    act(g, a, 2, "opt:0:claim_tiles", f"replace:{p.staging[0]}")
    assert g.pending.kind == "interest" and g.pending.seat == other


def test_r9_6_o18_o63_interest_may_use_running_out() -> None:
    """R9.6 / O18 / R14.1 / O63: a player with shop energy and an empty exhausted pool may take
    the interest energy by Running Out from an allowed location (R14.3), never from an
    Achievement (R14.4 / R22.4)."""
    g, a = claim_game(compass=1)
    other = 1 - a
    q = g.state.players[other]
    put_section(g, other, "verdant_spire", 2, "rose")
    put_achievement(g, other, "ach_castles", 1, "wild")
    for t in range(4):  # everything else to the Tile Pool: the exhausted pool is empty
        q.shop[t] += q.exhausted[t]
        q.exhausted[t] = 0
    p = g.state.players[a]
    act(g, a, 2, "opt:0:claim_tiles", f"replace:{p.staging[0]}")
    # the active player paid its only shop energy: no interest for it (R9.6)
    assert g.pending.kind == "interest" and g.pending.seat == other
    ids = set(choice_ids(g))
    assert "interest:rose<section:verdant_spire:2" in ids
    assert "decline" in ids
    assert all("<" in i for i in ids - {"decline"})  # only Running Out sources
    assert not any("achievement" in i for i in ids)
    shop_before = sum(q.shop)
    events = g.choose("interest:rose<section:verdant_spire:2")
    assert (other, "rose", "section:verdant_spire:2", "shop") in moved(events)
    assert g.state.monuments["verdant_spire"].spaces[2] == EMPTY
    assert sum(q.shop) == shop_before + 1
    assert g.state.ach["ach_castles"][1] == enc(other, T("wild"))
    assert g.pending.kind == "action" and g.pending.seat == a
    ok(g)


def test_r9_1_at_most_two_tiles_per_claim() -> None:
    """R9.1 / R6.5.2: a Claim buys 1 or 2 tiles; after 2 picks it goes straight to payment,
    even with energy to spare. Both new tiles are taken, then the pool is refilled once."""
    g, a = claim_game(compass=2, rose=2, magnet=2)
    p = g.state.players[a]
    pool, supply = g.state.pool[:], g.state.supply[:2]
    act(g, a, 2, "opt:0:claim_tiles", "pick:1", "pick:4")
    assert g.pending.kind == "claim_pay"
    assert g.pending.prompt == "Pay 4 more"
    choose(g, "pay:compass", "pay:compass", "pay:rose", "pay:magnet")
    assert p.shop == [0, 1, 1, 0]
    old0, old1 = p.staging
    choose(g, f"replace:{old0}", f"replace:{old1}")
    assert p.staging == [pool[0], pool[3]]
    assert g.state.pool[2:] == [pool[1], pool[2]]
    assert sorted(g.state.pool[:2]) == sorted(supply)
    ok(g)


def test_r18_2_upgrade_2b_claims_at_one_energy_each() -> None:
    """R18.2 (2b) / R9.3: the upgraded Claim costs 1 per tile whatever the printed price."""
    g, a = claim_game(magnet=2)
    g.state.players[a].actions[1] = "up_2b"
    act(g, a, 2)
    assert choice_ids(g) == ["opt:0:reposition", "opt:1:claim_tiles"]
    g.choose("opt:1:claim_tiles")
    assert choice_ids(g) == ["pick:1", "pick:2", "pick:3", "pick:4"]
    g.choose("pick:4")
    assert choice_ids(g) == ["pick:1", "pick:2", "pick:3", "done"]
    g.choose("pick:3")  # 2 tiles for 2 energy: both magnets paid automatically
    assert g.pending.kind == "claim_replace"
    assert g.state.players[a].shop == [0, 0, 0, 0]


def test_r9_5_slot_stays_empty_when_the_supply_has_run_out() -> None:
    """R9.5: with the face-down supply exhausted, the tiles still slide right and the emptied
    slot stays empty."""
    g, a = claim_game(compass=2)
    g.state.supply = []
    pool = g.state.pool[:]
    p = g.state.players[a]
    act(g, a, 2, "opt:0:claim_tiles", "pick:2", f"replace:{p.staging[0]}")
    assert g.state.pool == ["", pool[0], pool[2], pool[3]]


# --- R10 Reposition --------------------------------------------------------------------------


def test_r10_1_sources_are_tile_pool_and_open_sections_only() -> None:
    """R10.1 / R10.2 / R22.4: Reposition moves own energy from the Tile Pool or an Open
    section; never from a Completed section, an Achievement, a bound area or a tile."""
    g, a = actions_game()
    other = 1 - a
    set_shop(g, a, rose=1)
    put_section(g, a, "anfirien_beacon", 0, "compass")
    put_section(g, other, "anfirien_beacon", 1, "rose")  # not own energy
    # tidewatch is Completed and pending: own energy there is stuck
    put_section(g, a, "tidewatch_observatory", 0, "compass")
    put_section(g, other, "tidewatch_observatory", 1, "compass")
    put_section(g, other, "tidewatch_observatory", 2, "magnet")
    tw = g.state.monuments["tidewatch_observatory"]
    tw.completed = True
    g.state.completions.append(Completion("tidewatch_observatory", tw.stack[0], other, other))
    put_achievement(g, a, "ach_castles", 1, "magnet")
    p = g.state.players[a]
    p.exhausted[T("wild")] -= 1
    g.state.bound["r_north"][a][T("wild")] += 1
    load(g, a, 5, "top", "magnet")
    act(g, a, 2, "opt:1:reposition")
    assert g.pending.kind == "reposition_from"
    assert choice_ids(g) == [
        "from:shop:rose", "from:section:anfirien_beacon:0:compass", "done"
    ]
    ok(g)


def test_r10_4_o19_source_and_destination_must_differ() -> None:
    """R10.4 / O19: energy from the Tile Pool cannot go back to the Tile Pool; energy from a
    section cannot go to the same section, but may go to another monument."""
    g, a = actions_game()
    set_shop(g, a, compass=1)
    put_section(g, a, "tidewatch_observatory", 0, "compass")
    act(g, a, 2, "opt:1:reposition")
    g.choose("from:shop:compass")
    assert set(choice_ids(g)) == section_ids(
        "compass", [("anfirien_beacon", 0), ("anfirien_beacon", 3),
                    ("tidewatch_observatory", 1)])
    g.choose("compass>section:anfirien_beacon:3")
    g.choose("from:section:tidewatch_observatory:0:compass")
    assert set(choice_ids(g)) == section_ids("compass", [("anfirien_beacon", 0)]) | {
        "compass>shop"
    }


def test_r10_1_at_most_two_moves() -> None:
    """R10.1: the default Reposition gives up to 2 moves, then ends."""
    g, a = actions_game()
    set_shop(g, a, compass=3)
    p = g.state.players[a]
    act(g, a, 2, "opt:1:reposition")
    assert "(2 left)" in g.pending.prompt
    choose(g, "from:shop:compass", "compass>section:tidewatch_observatory:0")
    choose(g, "from:shop:compass", "compass>section:tidewatch_observatory:1")
    assert g.pending.kind == "action"  # third move not offered
    assert p.shop == [1, 0, 0, 0]
    assert g.state.monuments["tidewatch_observatory"].spaces == [
        enc(a, 0), enc(a, 0), EMPTY
    ]
    ok(g)


def test_r10_3_reposition_that_completes_makes_the_repositioner_completer() -> None:
    """R10.3 / R15.1: a Reposition that fills the last space completes the section, and the
    repositioning player is its completer."""
    g, a = actions_game()
    other = 1 - a
    put_section(g, other, "tidewatch_observatory", 0, "compass")
    put_section(g, other, "tidewatch_observatory", 1, "compass")
    put_section(g, a, "verdant_spire", 0, "magnet")
    events = act(g, a, 2, "opt:1:reposition", "from:section:verdant_spire:0:magnet",
                 "magnet>section:tidewatch_observatory:2")
    tw = g.state.monuments["tidewatch_observatory"]
    assert tw.completed
    assert ev.SectionCompleted("tidewatch_observatory", tw.stack[0], a, "placement") in events
    assert [(c.monument, c.completer) for c in g.state.completions] == [
        ("tidewatch_observatory", a)
    ]
    assert g.state.monuments["verdant_spire"].spaces[0] == EMPTY
    ok(g)


def test_r10_1_reposition_to_an_achievement_when_qualified() -> None:
    """R10.1 / R7.2.3 / R22.3: a Reposition may claim an Achievement the player qualifies for;
    that energy is then locked (R22.4) and no longer a Reposition source."""
    g, a = actions_game()
    qualify_castles(g, a)
    set_shop(g, a, magnet=2)
    act(g, a, 2, "opt:1:reposition", "from:shop:magnet")
    assert "magnet>achievement:ach_castles:multiplier" in choice_ids(g)
    assert "magnet>achievement:ach_castles:flat" not in choice_ids(g)  # 2 players
    events = g.choose("magnet>achievement:ach_castles:multiplier")
    assert ev.AchievementClaimed(a, "ach_castles", "multiplier", "magnet") in events
    assert g.state.ach["ach_castles"] == [EMPTY, enc(a, T("magnet"))]
    assert choice_ids(g) == ["from:shop:magnet", "done"]
    ok(g)


# --- R22 Achievements ------------------------------------------------------------------------


def achievement_ids(ids: list[str]) -> set[str]:
    return {i.split(">", 1)[1] for i in ids if ">achievement:" in i}


def test_r22_3_only_a_qualifying_player_may_place_on_an_achievement() -> None:
    """R22.3 / R22.1 (F3): without 2 Monument icons no Achievement is offered; with them the
    player may place there, and qualifying alone claims nothing."""
    g, a = actions_game()
    load(g, a, 1, "top", "rose")
    act(g, a, 3, "tile:1")
    assert achievement_ids(choice_ids(g)) == set()
    g2, a2 = actions_game()
    qualify_castles(g2, a2)
    assert all(cols == [EMPTY, EMPTY] for cols in g2.state.ach.values())  # not claimed yet
    load(g2, a2, 1, "top", "rose")
    act(g2, a2, 3, "tile:1")
    assert achievement_ids(choice_ids(g2)) == {"achievement:ach_castles:multiplier"}
    events = g2.choose("rose>achievement:ach_castles:multiplier")
    assert ev.AchievementClaimed(a2, "ach_castles", "multiplier", "rose") in events
    assert g2.state.ach["ach_castles"] == [EMPTY, enc(a2, T("rose"))]
    ok(g2)


def test_r22_3_five_point_column_only_with_three_or_more_players() -> None:
    """R22.3 / R3.1: the 5-point (flat) column is closed with 2 players, open with 3."""
    g3, a3 = actions_game(3)
    qualify_castles(g3, a3)
    load(g3, a3, 1, "top", "rose")
    act(g3, a3, 3, "tile:1")
    assert achievement_ids(choice_ids(g3)) == {
        "achievement:ach_castles:flat", "achievement:ach_castles:multiplier"
    }
    g3.choose("rose>achievement:ach_castles:flat")
    assert g3.state.ach["ach_castles"] == [enc(a3, T("rose")), EMPTY]
    ok(g3)


def test_r22_3_one_energy_per_column_across_players() -> None:
    """R22.3: a column already holding another player's energy is not offered."""
    g, a = actions_game(3)
    other = (a + 1) % 3
    put_achievement(g, other, "ach_castles", 0, "compass")
    qualify_castles(g, a)
    load(g, a, 1, "top", "rose")
    act(g, a, 3, "tile:1")
    assert achievement_ids(choice_ids(g)) == {"achievement:ach_castles:multiplier"}


def test_r22_3_one_side_per_player_per_achievement() -> None:
    """R22.3: a player with energy in one column of an Achievement may not take the other."""
    g, a = actions_game(3)
    qualify_castles(g, a)
    put_achievement(g, a, "ach_castles", 1, "compass")
    load(g, a, 1, "top", "rose")
    act(g, a, 3, "tile:1")
    assert achievement_ids(choice_ids(g)) == set()


def test_r22_3_one_energy_type_per_player_across_achievements() -> None:
    """R22.3: each of a player's energy types may sit on at most one Achievement; another
    type may still claim another Achievement."""
    g, a = actions_game(3)
    p = g.state.players[a]
    qualify_castles(g, a)
    swap_tile(g, a, p.staging[0], "shop_i_06")  # F2: pillar icons on tile 4 and shop_i_06
    put_achievement(g, a, "ach_castles", 1, "rose")
    swap_tile(g, a, p.device[0], "shop_i_01")  # 2 top slots
    load(g, a, 1, "top", "rose")
    load(g, a, 1, "top", "magnet")
    act(g, a, 3, "tile:1")
    ids = choice_ids(g)
    assert not any(i.startswith("rose>achievement:") for i in ids)
    assert {i for i in ids if i.startswith("magnet>achievement:")} == {
        "magnet>achievement:ach_pillars:flat", "magnet>achievement:ach_pillars:multiplier"
    }


def test_r22_4_achievement_energy_is_locked() -> None:
    """R22.4 / R14.4: energy on an Achievement can neither be repositioned nor taken by
    Running Out."""
    g, a = actions_game()
    put_achievement(g, a, "ach_castles", 1, "rose")
    set_shop(g, a, compass=1)
    c = ctx(g)
    assert not any(src.startswith("achievement") for src, _ in running_out_sources(c, a))
    push_frame(g, RepositionFrame(a, 2, ""))
    assert choice_ids(g) == ["from:shop:compass", "done"]

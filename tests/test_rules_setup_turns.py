"""Rule tests for setup (R3), turn structure (R4), the Advance turn (R5), the Actions turn (R6)
and Recharge (R8). Every test builds a real game with tests.builder and asserts the exact
outcome: the state after, the events, and which choice ids are (il)legal."""

from __future__ import annotations

import pytest

from engine import GameConfig, new_game
from engine.aac import events as ev
from engine.aac.data import rules
from engine.aac.invariants import check
from engine.aac.rules.setup import order_from_start
from engine.aac.state import BLOCKED, EMPTY
from tests.builder import T, choice_ids, clear_device, ctx, load, make_game, rerun

R = rules()
CHARS = ("freyith", "aureon", "rusne", "multanec", "ignotas", "chronari", "valimod")


def assert_invariants(g) -> None:
    assert check(ctx(g)) == []


def fresh(n: int = 2, seed: int = 1, **kw):
    """A fresh game with plain characters (no setup-time powers) and its active seat."""
    chars = ["freyith", "aureon", "rusne", "multanec", "chronari"][:n]
    g = make_game(n, chars, seed=seed, **kw)
    return g, g.state.active


def events_of(evs, cls):
    return [e for e in evs if isinstance(e, cls)]


# =============================================================================================
# R3 Setup
# =============================================================================================


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r3_2_1_monuments_in_use_beacon_plus_n(n: int) -> None:
    """R3.1 / R3.2.1 / R3.2.2: N + 1 monuments in use (the Anfirien Beacon always), each with
    its sections stacked section 1 on top and an empty topmost section."""
    drawn: set[str] = set()
    for seed in (1, 2, 3, 4):
        g = make_game(n, list(CHARS[:n]), seed=seed)
        mons = g.state.monuments
        assert len(mons) == n + 1
        drawn.update(mons)
        assert "anfirien_beacon" in mons
        for mid, m in mons.items():
            numbers = [R.sections[s].number for s in m.stack]
            assert numbers == list(range(1, len(R.monuments[mid].sections) + 1))
            assert m.built == [] and not m.completed and m.patron
            assert m.spaces == [EMPTY] * len(R.sections[m.stack[0]].symbols)
    if n < 5:  # the N outer monuments are really drawn
        assert len(drawn) > n + 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r3_2_4_bonus_tiles_n_plus_1_dealt_and_upgrades_filtered(n: int) -> None:
    """R3.2.4: bonus tiles with more bars than N are removed; the N + 1 that remain are dealt
    one per monument in use; Action Upgrade, Conduit and Bridge are in every game. Action
    Upgrades with more bars than N are removed too (N - 1 copies of each design remain)."""
    g = make_game(n, list(CHARS[:n]), seed=7)
    dealt = [m.bonus for m in g.state.monuments.values()]
    assert len(dealt) == len(set(dealt)) == n + 1
    assert all(R.bonus_tiles[b].min_players <= n for b in dealt)
    assert {"mb_upgrade_action", "mb_conduit", "mb_bridge"} <= set(dealt)
    assert set(dealt) == {b for b, d in R.bonus_tiles.items() if d.min_players <= n}
    assert g.state.tray == {d: n - 1 for d in R.upgrade_designs}


@pytest.mark.parametrize("n,gaps", [(2, 8), (3, 7), (4, 6), (5, 5)])
def test_r3_2_8_neutral_bridges_and_gaps_per_player_count(n: int, gaps: int) -> None:
    """R3.2.8 (O3 as the catalog encodes it): one count-dependent neutral token on the spoke
    of each outer region with a monument in use, the 5 fixed neutrals on the outer ring,
    every other bridge space a Bridge Gap: 8 / 7 / 6 / 5 gaps at N = 2 / 3 / 4 / 5."""
    for seed in (1, 5):
        g = make_game(n, list(CHARS[:n]), seed=seed)
        s = g.state
        used = {R.monuments[m].region for m in s.monuments}
        assert sum(1 for v in s.bridges.values() if v == "") == gaps
        spoke_tokens = []
        for sp, reg in R.bridge_setup_region.items():
            if reg in used:
                assert s.bridges[sp].startswith("n:nb_pc_")
                spoke_tokens.append(s.bridges[sp][2:])
            else:
                assert s.bridges[sp] == ""
        assert len(spoke_tokens) == len(set(spoke_tokens)) == n
        assert all(R.neutral_tokens[t].min_players <= n for t in spoke_tokens)
        for sp, tok in R.bridge_fixed_token.items():
            assert s.bridges[sp] == "n:" + tok
        for sp, role in R.bridge_role.items():
            if role == "ring_inner":
                assert s.bridges[sp] == ""


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r3_2_9_pillar_right_spaces_by_player_count(n: int) -> None:
    """R3.1 / R2.3.3 / R3.2.9: left Pillar spaces are always open; right spaces are all blocked
    at N = 2, open only in the 2 regions without a monument at N = 3, all open at N = 4-5."""
    g = make_game(n, list(CHARS[:n]), seed=4)
    s = g.state
    used = {R.monuments[m].region for m in s.monuments}
    open_right = []
    for reg in R.regions.values():
        assert s.pillars[reg.pillar_left] == EMPTY
        if s.pillars[reg.pillar_right] == EMPTY:
            open_right.append(reg.id)
        else:
            assert s.pillars[reg.pillar_right] == BLOCKED
    if n == 2:
        assert open_right == []
    elif n == 3:
        assert sorted(open_right) == sorted(r for r in R.regions if r not in used)
        assert len(open_right) == 2 and R.central_region not in open_right
    else:
        assert sorted(open_right) == sorted(R.regions)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r3_3_5_channel_marker_charged_only_with_two_players(n: int) -> None:
    """R3.3.5 / R3.1: the Channel Marker starts Charged at N = 2, Exhausted otherwise."""
    g = make_game(n, list(CHARS[:n]), seed=2)
    assert [p.charged for p in g.state.players] == [n == 2] * n


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r3_3_8_quick_start_loads_pool_energy_and_21_energy(n: int) -> None:
    """R3.3.2 / R3.3.4 / R3.3.6 / R3.3.8: tiles 1-5 at positions 1-5, the two 0 tiles staged;
    2 of each type in the Reserve; quick-start loads on positions 1-3, position 4 only at
    N = 2; 1 energy in the Tile Pool; the rest exhausted; 21 energy per player."""
    for chars in (CHARS[:n], CHARS[-n:]):
        g = make_game(n, list(chars), seed=3)
        for p in g.state.players:
            ch = R.characters[p.character]
            assert [R.tiles[t].number for t in p.device] == ["1", "2", "3", "4", "5"]
            assert [R.tiles[t].number for t in p.staging] == ["0", "0"]
            assert p.reserve == [2, 2, 2, 2]
            assert sum(p.shop) == 1
            assert p.shop == [list(ch.qs_pool).count(t) for t in range(4)]
            loads = ch.qs_loads_2p if n == 2 else ch.qs_loads_3p
            assert sorted(pos for pos, *_ in loads) == ([1, 2, 3, 4] if n == 2 else [1, 2, 3])
            for pos, tile, top, bottom in loads:
                assert p.device[pos - 1] == tile
                assert p.top[tile] == list(top) and p.bottom[tile] == list(bottom)
            filled = {pos for pos, *_ in loads}
            for pos in range(1, 6):
                if pos not in filled:
                    tile = p.device[pos - 1]
                    assert set(p.top[tile] + p.bottom[tile]) == {EMPTY}
            for t in p.staging:
                assert set(p.top[t] + p.bottom[t]) == {EMPTY}
            assert list(ch.energy) == [6, 6, 6, 3]
            assert p.actions == list(R.default_tokens)  # R3.3.2: 5 default Action Tokens
            assert p.bridge_loc == ["board"] * 3  # R3.3.3
            assert p.tracks == [[EMPTY, 0], [EMPTY, 0]] and p.conduits == [""] * 5
        assert_invariants(g)


def test_r3_3_8_two_player_tile_at_position_4_only_with_two_players() -> None:
    """R3.3.8: the quick-start "2-player tile" (position 4) is loaded at N = 2 and its energy
    stays in the Exhausted Pool at N = 3."""
    g2 = make_game(2, ["freyith", "aureon"], seed=1)
    g3 = make_game(3, ["freyith", "aureon", "rusne"], seed=1)
    for seat in range(2):
        p2 = g2.state.players[seat]
        p3 = next(q for q in g3.state.players if q.character == p2.character)
        t4 = p2.device[3]
        assert EMPTY not in p2.top[t4] + p2.bottom[t4]
        assert set(p3.top[t4] + p3.bottom[t4]) == {EMPTY}
        moved = [0, 0, 0, 0]
        for t in p2.top[t4] + p2.bottom[t4]:
            moved[t] += 1
        assert [a + b for a, b in zip(p2.exhausted, moved, strict=True)] == p3.exhausted


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r3_2_7_tile_pool_filtered_by_mark_tiers_stacked_four_revealed(n: int) -> None:
    """R3.2.7 (O2): tiles with a player-count mark above N are removed; the stacks are piled
    I on top, then II, then III; the top 4 are revealed into the 4 Tile Pool slots."""
    g = make_game(n, list(CHARS[:n]), seed=9)
    s = g.state
    allowed = {t for t in R.shop_tiles if R.tiles[t].min_players <= n}
    tiles = s.pool + s.supply
    assert len(s.pool) == 4 and "" not in s.pool
    assert sorted(tiles) == sorted(allowed)
    tiers = [R.tiles[t].stack for t in tiles]
    assert tiers == sorted(tiers, key=lambda x: ("I", "II", "III").index(x))
    assert all(R.tiles[t].stack == "I" for t in s.pool)


def test_r3_2_6_achievements_three_fixed_and_two_random() -> None:
    """R3.2.6: the 3 fixed Achievements are in every game plus 2 distinct random ones, each
    with two empty columns."""
    seen = set()
    for seed in range(8):
        g = make_game(2, ["freyith", "aureon"], seed=seed)
        s = g.state
        assert len(s.achievements) == len(set(s.achievements)) == 5
        assert s.achievements[2:] == list(R.fixed_achievements)
        assert set(s.achievements[:2]) <= set(R.random_achievements)
        assert s.ach == {a: [EMPTY, EMPTY] for a in s.achievements}
        seen.update(s.achievements[:2])
    assert len(seen) > 2  # really drawn at random


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r3_3_7_start_regions_clockwise_from_start_player(n: int) -> None:
    """R3.3.7 (O5): each player starts on the start space of a distinct outer region with a
    monument in use, assigned clockwise (increasing clockwise_index) from the start player;
    the facing is one of the start space's two initial options."""
    for seed in (1, 2, 3, 4):
        g = make_game(n, list(CHARS[:n]), seed=seed)
        s = g.state
        used = [reg for reg in R.outer_regions_cw if R.monument_by_region[reg] in s.monuments]
        assert len(used) == n
        for i, seat in enumerate(order_from_start(s)):
            p = s.players[seat]
            assert p.start_region == used[i]
            assert p.figure == R.regions[used[i]].start_space
            ahead = [x for x in R.neighbours[p.figure] if x != p.behind]
            assert len(ahead) == 1 and ahead[0] in R.regions[used[i]].facing_options
        assert s.active == s.start_player


def test_r3_3_1_character_choice_in_turn_order_each_used_once() -> None:
    """R3.3.1 (O4): with free choice the seats choose in turn order from the start player;
    a character taken (or fixed for a seat) is never offered again."""
    g = new_game(GameConfig(players=3, seed=11, character_selection="choice",
                            characters=[None, "valimod", None]))
    s = g.state
    order = order_from_start(s)
    choosers = [seat for seat in order if seat != 1]
    assert g.pending.kind == "choose_character" and g.pending.seat == choosers[0]
    assert sorted(choice_ids(g)) == sorted(f"character:{c}" for c in CHARS if c != "valimod")
    g.choose("character:chronari")
    assert g.pending.kind == "choose_character" and g.pending.seat == choosers[1]
    ids = choice_ids(g)
    assert "character:chronari" not in ids and "character:valimod" not in ids
    assert len(ids) == 5
    g.choose("character:ignotas")
    assert s.players[choosers[0]].character == "chronari"
    assert s.players[choosers[1]].character == "ignotas"
    assert s.players[1].character == "valimod"
    assert g.pending.kind == "choose_facing"


def test_r3_3_1_fixed_characters_and_duplicates_rejected() -> None:
    """R3.3.1: fixed characters are given to their seats with no choice; each character is
    used at most once."""
    g = make_game(3, ["ignotas", "freyith", "valimod"], seed=5)
    assert [p.character for p in g.state.players] == ["ignotas", "freyith", "valimod"]
    assert g.pending.kind == "turn_type"
    with pytest.raises(ValueError):
        make_game(2, ["freyith", "freyith"], seed=5)


def test_r3_3_9_expert_loading_secret_positions_1_to_4_with_two_players() -> None:
    """R3.3.9: in the expert variant all non-Reserve energy starts exhausted; each player in
    turn secretly loads positions 1-4 (N = 2) as they like, then moves 1 energy to the Tile
    Pool; until setup ends other seats' devices, pools and shops are hidden in g.view."""
    g = make_game(2, ["freyith", "aureon"], seed=1, expert_loading=True)
    s = g.state
    first, second = order_from_start(s)
    for p in s.players:
        assert p.exhausted == [4, 4, 4, 1] and p.reserve == [2, 2, 2, 2] and p.shop == [0] * 4
        assert all(set(p.top[t] + p.bottom[t]) == {EMPTY} for t in p.device + p.staging)
    plan = ["wild", "compass", "compass", "compass", "rose", "rose", "magnet", "magnet"]
    prompts = []
    while g.pending.kind == "expert_load" and g.pending.seat == first:
        prompts.append(g.pending.prompt)
        if len(prompts) == 1:
            assert set(choice_ids(g)) == {"load:compass", "load:rose", "load:magnet",
                                          "load:wild", "skip"}
        else:  # the only Wild is loaded already: the type must be one still exhausted
            assert "load:wild" not in choice_ids(g)
        g.choose("load:" + plan[len(prompts) - 1])
    assert len(prompts) == 8  # positions 1-4, top then bottom
    assert "position 1" in prompts[0] and "position 4" in prompts[-1]
    assert g.pending.kind == "expert_pool" and g.pending.seat == first
    assert set(choice_ids(g)) == {"pool:compass", "pool:rose", "pool:magnet"}  # no skip
    g.choose("pool:compass")
    p = s.players[first]
    assert [p.top[t] + p.bottom[t] for t in p.device] == [
        [T("wild"), T("compass")], [T("compass"), T("compass")], [T("rose"), T("rose")],
        [T("magnet"), T("magnet")], [EMPTY, EMPTY]]
    assert p.shop == [1, 0, 0, 0] and p.exhausted == [0, 2, 2, 0]
    # the second player loads now: the first player's loads are hidden from them
    assert g.pending.kind == "expert_load" and g.pending.seat == second
    hidden = g.view(second)["players"][first]
    assert all(v == [-1] * len(v) for v in hidden["top"].values())
    assert all(v == [-1] * len(v) for v in hidden["bottom"].values())
    assert hidden["exhausted"] is None and hidden["shop"] is None
    own = g.view(first)["players"][first]
    assert own["top"][p.device[0]] == [T("wild")]
    while g.pending.kind in ("expert_load", "expert_pool"):
        g.choose(choice_ids(g)[-1] if g.pending.kind == "expert_load" else "pool:rose")
    assert g.pending.kind == "turn_type" and g.pending.seat == first
    revealed = g.view(second)["players"][first]
    assert revealed["top"][p.device[0]] == [T("wild")]
    assert s.players[second].shop == [0, 1, 0, 0]
    assert_invariants(g)


def test_r3_3_9_expert_loading_positions_1_to_3_with_three_players() -> None:
    """R3.3.9: with N >= 3 the expert variant loads only the first three tiles; a slot may be
    left empty."""
    g = make_game(3, ["freyith", "aureon", "rusne"], seed=2, expert_loading=True)
    first = g.state.start_player
    plan = ["rose", "rose", "rose", "rose", "", "wild"]
    count = 0
    while g.pending.kind == "expert_load" and g.pending.seat == first:
        assert "position 4" not in g.pending.prompt
        g.choose("load:" + plan[count] if plan[count] else "skip")
        count += 1
    assert count == 6
    assert g.pending.kind == "expert_pool" and g.pending.seat == first
    p = g.state.players[first]
    assert [p.top[t] + p.bottom[t] for t in p.device] == [
        [T("rose")] * 2, [T("rose")] * 2, [EMPTY, T("wild")], [EMPTY, EMPTY],
        [EMPTY, EMPTY]]  # the skipped slot (position 3, top) stays empty
    assert p.exhausted == [4, 0, 4, 0]


# =============================================================================================
# R4 Turn structure
# =============================================================================================


def test_r4_2_turn_offers_exactly_advance_or_actions() -> None:
    """R4.2 / R32.2: the active player takes exactly one of an Advance turn or an Actions
    turn; the first turn belongs to the start player (R3.4, R4.1)."""
    starts = set()
    for seed in (1, 2, 3, 4, 5, 6):
        g = make_game(3, ["freyith", "aureon", "rusne"], seed=seed)
        starts.add(g.state.start_player)
        assert g.pending.kind == "turn_type"
        assert g.pending.seat == g.state.active == g.state.start_player
        assert choice_ids(g) == ["advance", "actions"]
        assert g.state.turn == 1
    assert len(starts) > 1  # R3.4 (O6): the start player is random


def test_r4_1_turns_pass_clockwise_to_the_left_and_wrap() -> None:
    """R4.1 / R0.6 / R4.3 E5: after each turn the next player clockwise (seat + 1) takes a turn,
    wrapping around after the last seat, whatever type of turn was taken."""
    g, a = fresh(3, seed=2)
    seen = [g.pending.seat]
    turns = []
    for kind in ("actions", "advance", "actions", "advance", "actions"):
        seat = g.pending.seat
        clear_device(g, seat)  # nothing to spend: an Actions turn ends at once (O11)
        evs = g.choose(kind)
        if kind == "advance":
            evs += g.choose(choice_ids(g)[0])  # push
            evs += g.choose("skip_rest")  # no second push: the marker is Exhausted at N = 3
        started = events_of(evs, ev.TurnStarted)
        assert len(started) == 1
        turns.append(started[0].turn)
        seen.append(g.pending.seat)
        assert g.pending.kind == "turn_type"
        assert g.state.active == g.pending.seat == (seat + 1) % 3
    assert seen == [(a + i) % 3 for i in range(6)]
    assert turns == [2, 3, 4, 5, 6]
    assert_invariants(g)


def _resolve_until_next_turn(g, limit: int = 300) -> list:
    evs: list = []
    for _ in range(limit):
        if g.pending.kind == "turn_type":
            return evs
        ids = choice_ids(g)
        pick = next((i for i in ids if i in ("decline", "stop", "done", "end", "skip_rest")),
                    ids[0])
        evs += g.choose(pick)
    raise AssertionError("the completion never finished")


def test_r4_4_completions_never_change_turn_order() -> None:
    """R4.4: when a section completes during a turn (here completed by the active player with
    another player's energy on it), the next turn still belongs to the active player's left."""
    g, a = fresh(3, seed=3)
    s = g.state
    nxt, other = (a + 1) % 3, (a + 2) % 3
    clear_device(g, a)
    load(g, a, 1, "top", "compass")
    load(g, a, 3, "bottom", "rose")
    m = s.monuments["anfirien_beacon"]  # section 1: compass, rose, magnet, compass
    for i, (seat, t) in enumerate([(other, "compass"), (other, "rose"), (other, "magnet")]):
        s.players[seat].exhausted[T(t)] -= 1
        m.spaces[i] = seat * 4 + T(t)
    rerun(g)
    assert_invariants(g)
    g.choose("actions")
    g.choose("act:3:rose")
    assert g.pending.kind == "deploy_tile" and g.pending.seat == a
    g.choose("tile:1")
    assert "compass>section:anfirien_beacon:3" in choice_ids(g)
    evs = g.choose("compass>section:anfirien_beacon:3")
    done = events_of(evs, ev.SectionCompleted)
    assert [(e.monument, e.completer) for e in done] == [("anfirien_beacon", a)]
    evs += _resolve_until_next_turn(g)
    assert events_of(evs, ev.SectionConstructed)[0].section == "anfirien_beacon_s1"
    assert m.built == ["anfirien_beacon_s1"]
    assert g.pending.kind == "turn_type"
    assert g.pending.seat == s.active == nxt
    assert_invariants(g)


# =============================================================================================
# R5 Advance turn
# =============================================================================================


def _advance_position(g, a):
    """Active seat's device: position 1 top Compass, position 4 top Magnet, position 5 top
    Rose and bottom Magnet; all else empty."""
    clear_device(g, a)
    load(g, a, 1, "top", "compass")
    load(g, a, 4, "top", "magnet")
    load(g, a, 5, "top", "rose")
    load(g, a, 5, "bottom", "magnet")
    rerun(g)
    return g.state.players[a]


def test_r5_2_push_inserts_at_1_shifts_and_ejects_5_with_energy_exhausted() -> None:
    """R5.2 / O10: the chosen Staging tile enters at position 1, every active tile moves one
    position right with its energy, and the tile from position 5 goes to the Staging Area
    with its energy exhausted."""
    g, a = fresh(2, seed=1)
    p = _advance_position(g, a)
    d = list(p.device)
    st0, st1 = p.staging
    ex = p.exhausted[:]
    g.choose("advance")
    assert g.pending.kind == "push_tile"
    assert choice_ids(g) == [f"push:{st0}", f"push:{st1}"]
    evs = g.choose(f"push:{st1}")
    assert p.device == [st1] + d[:4]
    assert sorted(p.staging) == sorted([st0, d[4]])
    assert p.top[d[0]] == [T("compass")]  # carried to position 2
    assert p.top[d[3]] == [T("magnet")]  # carried to position 5
    assert p.top[d[4]] == [EMPTY] and p.bottom[d[4]] == [EMPTY]
    assert p.exhausted == [ex[0], ex[1] + 1, ex[2] + 1, ex[3]]
    moved = events_of(evs, ev.TokenMoved)
    assert {(e.etype, e.src, e.dst) for e in moved} == {
        ("rose", "slot:5:top", "exhausted"), ("magnet", "slot:5:bottom", "exhausted")}
    assert events_of(evs, ev.TilesPushed) == [
        ev.TilesPushed(a, st1, 1, d[4], tuple([st1] + d[:4]))]
    assert g.pending.kind == "load_slot" and g.pending.prompt == "Load position 1, top row"
    assert_invariants(g)


def test_r5_3_load_each_slot_with_a_chosen_type_or_leave_it_empty() -> None:
    """R5.3 / R32.5: for each empty slot of the inserted tile (top row, then bottom row) the
    player may load one energy of a type they choose from the Exhausted Pool, or leave it
    empty; only types present in the pool are offered."""
    g, a = fresh(2, seed=1)
    p = _advance_position(g, a)
    g.choose("advance")
    tile = p.staging[0]
    g.choose(f"push:{tile}")
    ex = p.exhausted[:]
    assert choice_ids(g) == ["load:compass", "load:rose", "load:magnet", "load:wild", "skip",
                             "skip_rest"]
    evs = g.choose("load:wild")
    assert events_of(evs, ev.TokenMoved) == [
        ev.TokenMoved(a, "wild", "exhausted", "slot:1:top", "loaded")]
    assert p.top[tile] == [T("wild")]
    assert g.pending.prompt == "Load position 1, bottom row"
    assert "load:wild" not in choice_ids(g)  # the only exhausted Wild was just loaded
    g.choose("skip")
    assert p.bottom[tile] == [EMPTY]
    assert p.exhausted == [ex[0], ex[1], ex[2], ex[3] - 1]
    assert g.pending.kind == "second_push"  # 2 players: the marker is Charged
    assert_invariants(g)


def test_r5_3_load_from_empty_exhausted_pool_uses_running_out() -> None:
    """R5.3 / R14.1-R14.4: when the Exhausted Pool is empty each load may instead take the
    player's own energy from an allowed location (a Device slot, the Tile Pool), never from
    the Energy Reserve; leaving the slot empty stays legal."""
    g, a = fresh(2, seed=1)
    p = g.state.players[a]
    clear_device(g, a)
    load(g, a, 1, "top", "compass")
    load(g, a, 2, "bottom", "rose")
    for t in range(4):  # park the whole Exhausted Pool in the Tile Pool
        p.shop[t] += p.exhausted[t]
        p.exhausted[t] = 0
    rerun(g)
    assert_invariants(g)
    g.choose("advance")
    g.choose(f"push:{p.staging[0]}")  # position 5 held nothing: the pool stays empty
    assert p.exhausted == [0, 0, 0, 0]
    ids = choice_ids(g)
    assert not any(i in ids for i in ("load:compass", "load:rose", "load:magnet", "load:wild"))
    assert {"load:compass<slot:2:top", "load:rose<slot:3:bottom", "load:compass<shop",
            "load:rose<shop", "load:magnet<shop", "load:wild<shop", "skip",
            "skip_rest"} == set(ids)
    assert not any("reserve" in i for i in ids)
    shop = p.shop[:]
    evs = g.choose("load:wild<shop")
    assert events_of(evs, ev.TokenMoved) == [
        ev.TokenMoved(a, "wild", "shop", "slot:1:top", "running out")]
    assert p.shop == shop[:3] + [shop[3] - 1]
    assert p.top[p.device[0]] == [T("wild")]
    assert g.pending.prompt == "Load position 1, bottom row"
    g.choose("load:rose<slot:3:bottom")
    assert p.bottom[p.device[0]] == [T("rose")] and p.bottom[p.device[2]] == [EMPTY]
    assert_invariants(g)


def test_r5_4_second_push_needs_charged_marker_and_uses_the_other_staging_tile() -> None:
    """R5.4: with a Charged marker the player may flip it to Exhausted and push the other
    original Staging tile (never the tile just ejected); the second ejected tile (from
    position 4 originally) also loses its energy; two tiles end in the Staging Area (R5.5)."""
    g, a = fresh(2, seed=1)
    p = _advance_position(g, a)
    assert p.charged
    d = list(p.device)
    st0, st1 = p.staging
    g.choose("advance")
    g.choose(f"push:{st0}")
    g.choose("skip_rest")
    assert g.pending.kind == "second_push"
    assert choice_ids(g) == ["second_push", "stop"]
    ex = p.exhausted[:]
    evs = g.choose("second_push")
    assert events_of(evs, ev.ChannelMarker) == [ev.ChannelMarker(a, False)]
    assert not p.charged
    assert events_of(evs, ev.TilesPushed) == [
        ev.TilesPushed(a, st1, 1, d[3], (st1, st0, d[0], d[1], d[2]))]
    assert p.device == [st1, st0, d[0], d[1], d[2]]
    assert sorted(p.staging) == sorted([d[3], d[4]])
    assert p.exhausted == [ex[0], ex[1], ex[2] + 1, ex[3]]  # the Magnet from old position 4
    assert g.pending.kind == "load_slot" and g.pending.prompt == "Load position 1, top row"
    g.choose("load:compass")
    g.choose("skip")
    assert p.top[st1] == [T("compass")] and p.bottom[st1] == [EMPTY]
    assert g.pending.kind == "turn_type" and g.pending.seat == (a + 1) % 2
    assert_invariants(g)


def test_r5_4_no_second_push_offer_when_marker_exhausted() -> None:
    """R5.4: without a Charged marker there is no second push; the Advance part ends after
    the first push and the turn passes (R5.5)."""
    g, a = fresh(2, seed=1, auto_skip_forced=False)
    p = _advance_position(g, a)
    p.charged = False
    st0, st1 = p.staging
    d = list(p.device)
    g.choose("advance")
    g.choose(f"push:{st0}")
    g.choose("skip_rest")
    # nothing else to decide for this Advance: the next player's turn begins
    while g.pending.seat == a and g.pending.kind != "second_push":
        ids = choice_ids(g)
        assert len(ids) == 1, ids  # only forced steps (if any) remain
        g.choose(ids[0])
    assert g.pending.kind == "turn_type" and g.pending.seat == (a + 1) % 2
    assert p.device == [st0] + d[:4] and sorted(p.staging) == sorted([st1, d[4]])
    assert not p.charged


def test_r5_4_declining_the_second_push_keeps_the_marker_charged() -> None:
    """R5.4 / R32.6: the second push is optional; stopping keeps the marker Charged."""
    g, a = fresh(2, seed=1)
    p = _advance_position(g, a)
    st0, st1 = p.staging
    g.choose("advance")
    g.choose(f"push:{st1}")
    g.choose("skip_rest")
    evs = g.choose("stop")
    assert events_of(evs, ev.ChannelMarker) == []
    assert p.charged
    assert p.device[0] == st1 and st0 in p.staging and len(p.staging) == 2
    assert g.pending.kind == "turn_type" and g.pending.seat == (a + 1) % 2


# =============================================================================================
# R6 Actions turn, R8 Recharge
# =============================================================================================


def _actions_position(g, a):
    """Position 1 bottom Compass, position 2 top Magnet (top only), position 5 bottom Rose."""
    clear_device(g, a)
    load(g, a, 1, "bottom", "compass")
    load(g, a, 2, "top", "magnet")
    load(g, a, 5, "bottom", "rose")
    p = g.state.players[a]
    p.charged = False
    rerun(g)
    return p


def test_r6_2_only_bottom_row_energy_can_be_spent() -> None:
    """R6.1 / R6.2 / R32.9: each bottom-row energy offers its position's action; top-row
    energy is never spent to activate; ending the turn is always offered."""
    g, a = fresh(2, seed=1)
    _actions_position(g, a)
    g.choose("actions")
    assert g.pending.kind == "action"
    assert choice_ids(g) == ["act:1:compass", "act:5:rose", "end"]
    assert not any(i.startswith("act:2:") for i in choice_ids(g))


def test_r6_1_activation_exhausts_the_energy_and_performs_the_action_then_more() -> None:
    """R6.1 / R6.2 / R8.1: spending position 1's bottom energy exhausts it and performs the
    position-1 token (Deploy or Recharge); after it the player may activate again."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    ex = p.exhausted[:]
    g.choose("actions")
    evs = g.choose("act:1:compass")
    assert events_of(evs, ev.TokenMoved) == [
        ev.TokenMoved(a, "compass", "slot:1:bottom", "exhausted", "spent on an action")]
    assert p.bottom[p.device[0]] == [EMPTY]
    assert p.exhausted == [ex[0] + 1] + ex[1:]
    assert g.pending.kind == "effect_option"
    assert choice_ids(g) == ["opt:0:deploy", "opt:1:recharge"]
    evs = g.choose("opt:1:recharge")
    assert events_of(evs, ev.ChannelMarker) == [ev.ChannelMarker(a, True)]
    assert p.charged
    assert g.pending.kind == "action" and choice_ids(g) == ["act:5:rose", "end"]
    assert_invariants(g)


def test_r8_1_recharge_when_already_charged_changes_nothing() -> None:
    """R8.1 / R1.10: recharging a Charged marker leaves it Charged, with no marker event."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    p.charged = True
    g.choose("actions")
    g.choose("act:1:compass")
    evs = g.choose("opt:1:recharge")
    assert events_of(evs, ev.ChannelMarker) == []
    assert p.charged
    assert evs == []
    assert choice_ids(g) == ["act:5:rose", "end"]


def test_r6_4_actions_turn_may_end_without_any_activation() -> None:
    """R6.4 (O11): an Actions turn may end with no activation; nothing is spent and the turn
    passes to the left."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    before = (p.exhausted[:], {k: v[:] for k, v in p.bottom.items()}, p.charged)
    g.choose("actions")
    evs = g.choose("end")
    assert (p.exhausted, p.bottom, p.charged) == before
    assert not events_of(evs, ev.TokenMoved)
    assert g.pending.kind == "turn_type" and g.pending.seat == (a + 1) % 2


def test_r6_4_actions_turn_with_no_bottom_energy_offers_only_end() -> None:
    """R6.2 / R6.4: with no bottom-row energy the only legal answer is to end the turn."""
    g, a = fresh(2, seed=1, auto_skip_forced=False)
    clear_device(g, a)
    load(g, a, 3, "top", "rose")
    rerun(g)
    g.choose("actions")
    assert g.pending.kind == "action" and choice_ids(g) == ["end"]


def test_r6_5_5_position_5_uses_any_one_of_positions_1_to_4() -> None:
    """R6.5.5 / R32.9: position 5's action activates the action of one of positions 1-4 (never
    itself), choosing one of that token's options."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    g.choose("actions")
    g.choose("act:5:rose")
    assert p.bottom[p.device[4]] == [EMPTY]
    assert g.pending.kind == "channel_position"
    assert choice_ids(g) == ["pos:1", "pos:2", "pos:3", "pos:4"]
    g.choose("pos:1")
    assert choice_ids(g) == ["opt:0:deploy", "opt:1:recharge"]
    evs = g.choose("opt:1:recharge")
    assert events_of(evs, ev.ChannelMarker) == [ev.ChannelMarker(a, True)]
    assert g.pending.kind == "action" and choice_ids(g) == ["act:1:compass", "end"]


def test_r6_5_5_position_5_uses_an_upgraded_token() -> None:
    """R6.5.5 / R18.2: position 5 may activate an upgraded token (1b: Deploy from 4 or 5 AND
    Recharge); a Deploy of an empty top row has no effect (R7.1) and the Recharge part still
    happens (R6.1)."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    p.actions[0] = "up_1b"
    g.choose("actions")
    g.choose("act:5:rose")
    assert choice_ids(g) == ["pos:1", "pos:2", "pos:3", "pos:4"]
    g.choose("pos:1")
    assert g.pending.kind == "deploy_tile"
    assert choice_ids(g) == ["tile:4", "tile:5", "done"]  # R6.1: an "and" part may be skipped
    g.choose("tile:4")
    assert p.charged
    assert g.pending.kind == "action" and choice_ids(g) == ["act:1:compass", "end"]
    assert_invariants(g)


def test_r6_1_and_sequence_parts_happen_in_printed_order() -> None:
    """R6.1: where a token joins its options with "and", all are done in the printed order.
    Upgrade 1b is "Deploy ... and Recharge": the marker must still be Exhausted while the
    Deploy is being chosen, and the Recharge must come after the deployed energy moves."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    p.actions[0] = "up_1b"
    load(g, a, 4, "top", "rose")
    g.choose("actions")
    evs = g.choose("act:1:compass")
    assert g.pending.kind == "deploy_tile"
    evs += g.choose("tile:4")
    evs += g.choose("rose>shop")
    kinds = [type(e).__name__ for e in evs]
    assert kinds.index("ChannelMarker") > max(
        i for i, e in enumerate(evs) if isinstance(e, ev.TokenMoved) and e.reason == "deployed")
    assert not events_of(evs[:2], ev.ChannelMarker)
    assert p.charged


def test_r6_5_3_position_3_deploys_from_position_1_or_2() -> None:
    """R6.5.3 / R7.1: the default position-3 Deploy offers the tiles at positions 1 and 2 and
    deploys every top-row energy of the chosen tile (here to the Tile Pool)."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    load(g, a, 3, "bottom", "wild")
    g.choose("actions")
    g.choose("act:3:wild")
    assert choice_ids(g) == ["tile:1", "tile:2"]
    g.choose("tile:2")
    assert "magnet>shop" in choice_ids(g)
    shop = p.shop[:]
    evs = g.choose("magnet>shop")
    assert events_of(evs, ev.TokenMoved)[0] == ev.TokenMoved(
        a, "magnet", "slot:2:top", "shop", "deployed")
    assert p.top[p.device[1]] == [EMPTY]
    assert p.shop == [shop[0], shop[1], shop[2] + 1, shop[3]]
    assert g.pending.kind == "action"
    assert_invariants(g)


def test_r6_5_5_position_5_token_never_activates_itself_after_a_swap() -> None:
    """R6.5.5 (O62 PROPOSED): the action belongs to its token wherever it sits and activates
    the token under any one of the other four positions, never itself. With the default
    tokens of positions 3 and 5 swapped, spending at position 3 must offer positions
    1, 2, 4 and 5, not position 3."""
    g, a = fresh(2, seed=1)
    p = _actions_position(g, a)
    p.actions[2], p.actions[4] = p.actions[4], p.actions[2]
    load(g, a, 3, "bottom", "wild")
    g.choose("actions")
    g.choose("act:3:wild")
    assert g.pending.kind == "channel_position"
    assert choice_ids(g) == ["pos:1", "pos:2", "pos:4", "pos:5"]

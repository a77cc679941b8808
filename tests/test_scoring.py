"""Final scoring (R24), tier-III bridge sides (R25), achievement qualification (R22) and the
counters behind them (content README "Counters and conditions")."""

from __future__ import annotations

import pytest

from engine.aac.catalog.counters import parse_condition, parse_counter
from engine.aac.catalog.scoring import FlatScoring
from engine.aac.core import Ctx
from engine.aac.counters import condition_met, counter_value, qualifies
from engine.aac.data import COMPASS, MAGNET, ROSE, WILD
from engine.aac.scoring import ScoreBreakdown, final_scores, ranking, score_player
from engine.aac.state import BLOCKED, FIGURE_IN_POOL
from tests.scoring_builder import make_ctx, put_bridge, put_pillar

ALL_RANDOM = (
    "ach_conduits", "ach_three_types", "ach_upgrades", "ach_three_monuments",
    "ach_stronghold", "ach_reserve_column",
)


def bind(ctx: Ctx, seat: int, region: str, etype: int, n: int = 1) -> None:
    ctx.s.bound[region][seat][etype] += n


def only(b: ScoreBreakdown, **parts: int) -> None:
    """Assert the breakdown has exactly these non-zero categories."""
    names = ("reserve", "monuments", "pillars", "bridge", "achievements", "tile_pool")
    for name in names:
        assert getattr(b, name) == parts.get(name, 0), name
    assert b.total == sum(parts.values())


# --- R24.1 reserve rows ---------------------------------------------------------------------


@pytest.mark.parametrize("rows,vp", [(0, 0), (1, 3), (2, 6), (3, 10), (4, 15)])
def test_r24_1_reserve_rows_fully_freed(rows: int, vp: int) -> None:
    ctx = make_ctx(["freyith", "aureon"])
    for t in range(rows):
        ctx.s.players[0].reserve[t] = 0
    only(score_player(ctx, 0), reserve=vp)
    only(score_player(ctx, 1))


def test_r24_1_half_freed_row_scores_nothing() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    ctx.s.players[0].reserve = [1, 1, 1, 0]
    only(score_player(ctx, 0), reserve=3)


# --- R24.2 bound energy areas ---------------------------------------------------------------


@pytest.mark.parametrize("n,vp", [(1, 3), (2, 7), (3, 12), (4, 12)])
def test_r24_2_bound_area_scores_per_region_capped_at_3(n: int, vp: int) -> None:
    ctx = make_ctx(["freyith", "aureon"])
    for i in range(n):
        bind(ctx, 0, "r_north", i % 4)  # types mixed: every bound energy counts
    only(score_player(ctx, 0), monuments=vp)


def test_r24_2_each_area_scored_separately_and_only_own_energy() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    bind(ctx, 0, "r_north", ROSE, 2)
    bind(ctx, 0, "r_east", WILD)
    bind(ctx, 0, "r_center", COMPASS, 5)
    bind(ctx, 1, "r_north", MAGNET, 3)
    only(score_player(ctx, 0), monuments=7 + 3 + 12)
    only(score_player(ctx, 1), monuments=12)


def test_r24_2_pillar_energy_is_not_bound_area_energy() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    put_pillar(ctx, 0, ROSE, "r_north")
    assert score_player(ctx, 0).monuments == 0


# --- R24.3 pillars --------------------------------------------------------------------------


@pytest.mark.parametrize("n,vp", [(1, 4), (2, 9), (3, 15), (4, 22), (5, 30), (6, 39), (7, 39)])
def test_r24_3_pillars_by_count_capped_at_6(n: int, vp: int) -> None:
    ctx = make_ctx(["freyith", "aureon"])
    regions = ctx.r.region_order
    for i in range(n):
        put_pillar(ctx, 0, i % 3, regions[i // 2])
    only(score_player(ctx, 0), pillars=vp)


def test_r24_3_blocked_and_rival_pillars_do_not_count() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    put_pillar(ctx, 0, COMPASS, "r_west")
    put_pillar(ctx, 1, COMPASS, "r_west")
    ctx.s.pillars["pil_north_left"] = BLOCKED
    only(score_player(ctx, 0), pillars=4)
    only(score_player(ctx, 1), pillars=4)


# --- R24.4 / R25 tier-III bridge sides ------------------------------------------------------


def test_r25_3_3_freyith_side_a_11_with_5_bound_in_the_two_regions() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    put_bridge(ctx, 0, 3, "br_spoke_north", side=0)  # r_center + r_north
    bind(ctx, 0, "r_center", ROSE, 3)
    put_pillar(ctx, 0, COMPASS, "r_north")
    bind(ctx, 0, "r_east", MAGNET, 3)  # outside the bridge's regions
    ctx.s.ach["ach_winged_feet"][1] = 0 * 4 + WILD  # achievement energy is in no region
    b = score_player(ctx, 0)
    assert b.bridge == 0
    bind(ctx, 0, "r_north", WILD)
    b = score_player(ctx, 0)
    assert b.bridge == 11


def test_r24_4_tier_iii_scores_only_on_the_map() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    bind(ctx, 0, "r_center", ROSE, 5)
    p = ctx.s.players[0]
    p.bridge_side[2] = 0
    for loc in ("board", "box"):
        p.bridge_loc[2] = loc
        assert score_player(ctx, 0).bridge == 0
    put_bridge(ctx, 0, 3, "br_spoke_north", side=0)
    assert score_player(ctx, 0).bridge == 11


def test_r24_4_freyith_side_b_2_per_region_with_bound_energy() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    put_bridge(ctx, 0, 3, "br_spoke_north", side=1)
    bind(ctx, 0, "r_east", ROSE)
    put_pillar(ctx, 0, COMPASS, "r_west")
    bind(ctx, 0, "r_north", WILD, 2)
    ctx.s.ach["ach_pillars"][1] = MAGNET  # achievements belong to no region
    assert score_player(ctx, 0).bridge == 6
    for reg in ctx.r.region_order:
        bind(ctx, 0, reg, ROSE)
    assert score_player(ctx, 0).bridge == 12


def test_r25_6_4_chronari_side_a_3_per_wild_capped_at_9() -> None:
    ctx = make_ctx(["aureon", "chronari"])
    put_bridge(ctx, 1, 3, "br_gap_north_east", side=0)
    bind(ctx, 1, "r_north", WILD)
    put_pillar(ctx, 1, WILD, "r_east")
    bind(ctx, 1, "r_west", WILD)  # outside
    bind(ctx, 1, "r_north", ROSE, 2)  # not Wild
    assert score_player(ctx, 1).bridge == 6
    bind(ctx, 1, "r_east", WILD)
    assert score_player(ctx, 1).bridge == 9
    bind(ctx, 1, "r_east", WILD)  # impossible without Doublers: the maximum holds
    assert score_player(ctx, 1).bridge == 9


def test_r25_6_4_chronari_side_b_3_types_within_one_region() -> None:
    ctx = make_ctx(["aureon", "chronari"])
    put_bridge(ctx, 1, 3, "br_gap_north_east", side=1)
    bind(ctx, 1, "r_north", ROSE)
    bind(ctx, 1, "r_north", COMPASS)
    bind(ctx, 1, "r_east", MAGNET)  # 3 types, but across two regions
    bind(ctx, 1, "r_west", MAGNET)  # outside
    assert score_player(ctx, 1).bridge == 0
    put_pillar(ctx, 1, WILD, "r_north")
    assert score_player(ctx, 1).bridge == 10


def test_r25_7_8_valimod_side_a_2_per_distinct_type() -> None:
    ctx = make_ctx(["valimod", "aureon"])
    put_bridge(ctx, 0, 3, "br_spoke_west", side=0)  # r_center + r_west
    bind(ctx, 0, "r_center", ROSE, 3)
    put_pillar(ctx, 0, MAGNET, "r_west")
    bind(ctx, 0, "r_north", COMPASS)  # outside
    assert score_player(ctx, 0).bridge == 4
    bind(ctx, 0, "r_west", COMPASS)
    bind(ctx, 0, "r_west", WILD)
    assert score_player(ctx, 0).bridge == 8


def test_r25_7_8_valimod_side_b_figure_in_pool_counts_2() -> None:
    ctx = make_ctx(["valimod", "aureon"])
    put_bridge(ctx, 0, 3, "br_spoke_west", side=1)
    p = ctx.s.players[0]
    p.shop = [1, 1, 0, 0]
    p.figure = "sp_north_start"
    assert score_player(ctx, 0).bridge == 0
    p.figure = FIGURE_IN_POOL
    b = score_player(ctx, 0)
    assert b.bridge == 10
    only(b, bridge=10, tile_pool=4)
    p.figure = "sp_north_start"
    p.shop = [0, 0, 4, 0]
    assert score_player(ctx, 0).bridge == 10


def test_r24_4_aureon_side_a_3_per_player_bridge_touching() -> None:
    ctx = make_ctx(["aureon", "freyith"])
    put_bridge(ctx, 0, 3, "br_spoke_north", side=0)  # r_center + r_north; counts itself
    put_bridge(ctx, 1, 1, "br_spoke_east")  # touches r_center
    put_bridge(ctx, 1, 2, "br_gap_east_southeast")  # touches neither
    ctx.s.bridges["br_fixed_west_north"] = "n:nb_fx_west_north"  # neutral: not counted
    assert score_player(ctx, 0).bridge == 6
    put_bridge(ctx, 0, 1, "br_gap_north_east")  # touches r_north
    put_bridge(ctx, 0, 2, "br_spoke_west")
    assert score_player(ctx, 0).bridge == 12
    put_bridge(ctx, 1, 3, "br_gap_west_north")  # a 5th: hard cap 12
    assert counter_value(ctx, 0, parse_counter(
        {"counter": "bridges_touching", "scope": "bridge_regions", "owners": "players"})) == 5
    assert score_player(ctx, 0).bridge == 12


def test_r24_4_aureon_side_b_figure_in_either_region() -> None:
    ctx = make_ctx(["aureon", "freyith"])
    put_bridge(ctx, 0, 3, "br_spoke_north", side=1)
    p = ctx.s.players[0]
    p.figure = "sp_north_start"
    assert score_player(ctx, 0).bridge == 9
    p.figure = "br_fixed_north_east"  # a bridge touching r_north counts
    assert score_player(ctx, 0).bridge == 9
    p.figure = "br_fixed_east_southeast"
    assert score_player(ctx, 0).bridge == 0


def test_r24_4_ignotas_side_b_pillar_and_area_in_both_regions() -> None:
    ctx = make_ctx(["freyith", "ignotas"])
    put_bridge(ctx, 1, 3, "br_gap_west_north", side=1)  # r_west + r_north
    for reg in ("r_west", "r_north"):
        put_pillar(ctx, 1, ROSE, reg)
    bind(ctx, 1, "r_west", COMPASS)
    bind(ctx, 1, "r_east", COMPASS)  # outside
    assert score_player(ctx, 1).bridge == 0
    side_b = ctx.r.characters["ignotas"].bridge_sides[2][1].scoring
    assert side_b is not None and not isinstance(side_b, FlatScoring)
    assert counter_value(ctx, 1, side_b.counter) == 1  # only r_west meets both
    bind(ctx, 1, "r_north", WILD)
    assert score_player(ctx, 1).bridge == 12


def test_r24_4_ignotas_side_a_3_per_achievement_energy() -> None:
    ctx = make_ctx(["freyith", "ignotas"])
    put_bridge(ctx, 1, 3, "br_gap_west_north", side=0)
    ctx.s.ach["ach_winged_feet"][1] = 4 + ROSE
    ctx.s.ach["ach_pillars"][0] = 4 + COMPASS
    ctx.s.ach["ach_castles"][1] = 0 + ROSE  # the rival's
    assert score_player(ctx, 1).bridge == 6


def test_r24_4_rusne_sides() -> None:
    ctx = make_ctx(["rusne", "freyith"])
    put_bridge(ctx, 0, 3, "br_spoke_east", side=0)
    ctx.s.players[0].conduits = ["cd_move_1", "", "cd_pillar_2", "", ""]
    assert score_player(ctx, 0).bridge == 6
    ctx.s.players[0].bridge_side[2] = 1  # pillars of both regions
    put_pillar(ctx, 0, ROSE, "r_center")
    assert score_player(ctx, 0).bridge == 0
    put_pillar(ctx, 0, ROSE, "r_east")
    assert score_player(ctx, 0).bridge == 10


def test_r24_4_multanec_sides() -> None:
    ctx = make_ctx(["multanec", "freyith"])
    put_bridge(ctx, 0, 3, "br_spoke_east", side=0)  # 2 in each bound area
    bind(ctx, 0, "r_center", ROSE, 2)
    bind(ctx, 0, "r_east", ROSE, 1)
    put_pillar(ctx, 0, ROSE, "r_east")  # a pillar is not the bound area
    assert score_player(ctx, 0).bridge == 0
    bind(ctx, 0, "r_east", MAGNET)
    assert score_player(ctx, 0).bridge == 12
    ctx.s.players[0].bridge_side[2] = 1  # 2 per bound-area energy, hard cap 10
    assert score_player(ctx, 0).bridge == 8
    bind(ctx, 0, "r_center", WILD, 3)
    assert score_player(ctx, 0).bridge == 10


# --- R24.5 achievements ---------------------------------------------------------------------


def test_r24_5_multiplier_counts_itself_and_type_bound_to_board() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    ctx.s.ach["ach_winged_feet"][1] = 0 * 4 + ROSE
    only(score_player(ctx, 0), achievements=2)  # the claiming token itself
    bind(ctx, 0, "r_north", ROSE, 2)
    put_pillar(ctx, 0, ROSE, "r_east")
    bind(ctx, 0, "r_east", COMPASS, 3)  # other type
    bind(ctx, 1, "r_east", ROSE, 3)  # the rival's
    p = ctx.s.players[0]
    p.shop[ROSE] = 2  # Tile Pool: not bound
    assert p.reserve[ROSE] == 2  # reserve energy does not count
    b = score_player(ctx, 0)
    assert b.achievements == 2 * 4
    assert b.total == 7 + 12 + 4 + 8 + 2


def test_r24_5_multiplier_counts_reserve_free_only() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    ctx.s.ach["ach_pillars"][1] = 4 + MAGNET
    ctx.s.players[1].reserve[MAGNET] = 2
    ctx.s.players[1].exhausted[MAGNET] = 3
    assert score_player(ctx, 1).achievements == 2


def test_r24_5_flat_column_5_and_both_columns() -> None:
    ctx = make_ctx(["freyith", "aureon", "chronari"])
    ctx.s.ach["ach_castles"][0] = 2 * 4 + WILD
    only(score_player(ctx, 2), achievements=5)
    ctx.s.ach["ach_winged_feet"][1] = 2 * 4 + COMPASS
    ctx.s.ach["ach_castles"][1] = 0 * 4 + COMPASS
    bind(ctx, 2, "r_west", COMPASS)
    b = score_player(ctx, 2)
    assert b.achievements == 5 + 2 * 2
    assert score_player(ctx, 0).achievements == 2


# --- R24.6 tile pool ------------------------------------------------------------------------


def test_r24_6_tile_pool_one_per_energy() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    ctx.s.players[0].shop = [1, 0, 2, 1]
    only(score_player(ctx, 0), tile_pool=4)


def test_r25_7_4_valimod_figure_in_pool_scores_2() -> None:
    ctx = make_ctx(["valimod", "aureon"])
    p = ctx.s.players[0]
    p.shop = [0, 1, 0, 0]
    p.figure = FIGURE_IN_POOL
    b = score_player(ctx, 0)
    only(b, tile_pool=3)
    assert b.pool_total == 3
    p.figure = "sp_north_start"
    only(score_player(ctx, 0), tile_pool=1)


def test_r24_full_breakdown() -> None:
    ctx = make_ctx(["freyith", "aureon", "valimod"])
    p = ctx.s.players[0]
    p.reserve = [0, 0, 1, 2]
    bind(ctx, 0, "r_center", ROSE, 3)
    bind(ctx, 0, "r_north", ROSE, 1)
    put_pillar(ctx, 0, MAGNET, "r_north")
    put_pillar(ctx, 0, ROSE, "r_west")
    put_bridge(ctx, 0, 3, "br_spoke_north", side=0)
    ctx.s.ach["ach_winged_feet"][1] = ROSE
    ctx.s.ach["ach_pillars"][0] = MAGNET
    p.shop = [2, 0, 0, 0]
    b = score_player(ctx, 0)
    assert b == ScoreBreakdown.of(
        seat=0, reserve=6, monuments=12 + 3, pillars=9, bridge=11,
        achievements=2 * 6 + 5, tile_pool=2, total=6 + 15 + 9 + 11 + 17 + 2,
        bound_total=8, pool_total=2,
    )
    assert [x.seat for x in final_scores(ctx)] == [0, 1, 2]


# --- R24.8 winner and tiebreakers -----------------------------------------------------------


def test_r24_8_highest_total_wins() -> None:
    ctx = make_ctx(["freyith", "aureon", "chronari"])
    ctx.s.players[1].shop = [5, 0, 0, 0]
    bind(ctx, 2, "r_north", ROSE, 2)
    assert ranking(ctx) == [[2], [1], [0]]


def test_r24_8_tiebreakers_bound_then_pool_then_shared() -> None:
    ctx = make_ctx(["freyith", "aureon", "valimod", "chronari"])
    s = ctx.s
    bind(ctx, 0, "r_north", ROSE)  # 3 VP, 1 bound
    s.players[0].shop = [1, 0, 0, 0]
    s.players[1].shop = [4, 0, 0, 0]  # 4 VP, pool 4
    s.players[2].shop = [2, 0, 0, 0]
    s.players[2].figure = FIGURE_IN_POOL  # 4 VP, pool 2 + 2
    s.players[3].reserve[WILD] = 0  # 3 VP
    s.players[3].shop = [0, 1, 0, 0]  # 4 VP, pool 1
    scores = final_scores(ctx)
    assert [b.total for b in scores] == [4, 4, 4, 4]
    assert [b.bound_total for b in scores] == [1, 0, 0, 0]
    assert [b.pool_total for b in scores] == [1, 4, 4, 1]
    assert ranking(ctx) == [[0], [1, 2], [3]]


def test_r24_8_bound_to_board_includes_pillars_and_achievements() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    # seat 0: 1 pillar (4) + multiplier (2) = 6, bound 2; seat 1: shop 6, bound 0
    put_pillar(ctx, 0, ROSE, "r_east")
    ctx.s.ach["ach_castles"][1] = COMPASS
    ctx.s.players[1].shop = [6, 0, 0, 0]
    assert score_player(ctx, 0).bound_total == 2
    assert ranking(ctx) == [[0], [1]]
    ctx.s.players[1].shop = [6, 2, 0, 0]
    assert ranking(ctx) == [[1], [0]]


def test_r24_8_all_tied_share() -> None:
    ctx = make_ctx(["freyith", "aureon", "rusne"])
    assert ranking(ctx) == [[0, 1, 2]]


# --- R22.1 achievement qualification --------------------------------------------------------


def test_r22_1_f1_winged_feet_4_boots_on_the_7_tiles() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    p = ctx.s.players[0]
    assert not qualifies(ctx, 0, "ach_winged_feet")  # starting tiles: 2 boots
    p.conduits = ["cd_move_double", "cd_move_1", "", "", ""]  # conduit icons never count
    assert not qualifies(ctx, 0, "ach_winged_feet")
    p.device[0] = "shop_i_08"  # 2 boots
    assert qualifies(ctx, 0, "ach_winged_feet")
    p.device[0] = "shop_i_01"
    assert not qualifies(ctx, 0, "ach_winged_feet")
    p.staging[1] = "shop_i_12"  # staging tiles count too (R22.2)
    assert qualifies(ctx, 0, "ach_winged_feet")


def test_r22_1_f2_pillar_icons() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    p = ctx.s.players[1]
    assert not qualifies(ctx, 1, "ach_pillars")
    p.conduits[0] = "cd_pillar_double"
    assert not qualifies(ctx, 1, "ach_pillars")
    p.staging[0] = "shop_i_03"
    assert qualifies(ctx, 1, "ach_pillars")


def test_r22_1_f3_monument_icons() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    p = ctx.s.players[0]
    assert not qualifies(ctx, 0, "ach_castles")
    p.device[1] = "shop_ii_03"
    assert qualifies(ctx, 0, "ach_castles")


def test_r22_1_v1_three_conduit_tokens() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    p = ctx.s.players[0]
    p.conduits = ["cd_move_1", "", "cd_pillar_1", "", ""]
    assert not qualifies(ctx, 0, "ach_conduits")
    p.conduits[4] = "cd_monument_2"
    assert qualifies(ctx, 0, "ach_conduits")


def test_r22_1_v2_three_types_bound_to_the_board() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    p = ctx.s.players[0]
    bind(ctx, 0, "r_north", ROSE, 2)
    put_pillar(ctx, 0, COMPASS, "r_east")
    p.shop[MAGNET] = 3  # not bound
    p.exhausted[WILD] = 1
    bind(ctx, 1, "r_north", WILD)  # rival's
    assert not qualifies(ctx, 0, "ach_three_types")
    ctx.s.ach["ach_castles"][1] = MAGNET  # achievement energy is bound to the board
    assert qualifies(ctx, 0, "ach_three_types")


def test_r22_1_v3_three_upgraded_actions() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    p = ctx.s.players[0]
    p.actions[0] = "up_1a"
    p.actions[1] = "up_2b"
    assert not qualifies(ctx, 0, "ach_upgrades")
    p.actions[3] = "up_4a"
    assert qualifies(ctx, 0, "ach_upgrades")


def test_r22_1_v4_three_bound_areas() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    bind(ctx, 0, "r_north", ROSE, 3)
    bind(ctx, 0, "r_east", ROSE)
    put_pillar(ctx, 0, ROSE, "r_west")  # pillars are not bound areas
    assert not qualifies(ctx, 0, "ach_three_monuments")
    # any region's Bound Energy Area counts, monument in use or not (R22.2, O41)
    bind(ctx, 0, "r_southwest", WILD)
    assert qualifies(ctx, 0, "ach_three_monuments")


def test_r22_1_v5_three_bound_in_one_region() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    bind(ctx, 0, "r_north", ROSE)
    put_pillar(ctx, 0, ROSE, "r_north")
    bind(ctx, 0, "r_east", ROSE, 2)
    ctx.s.ach["ach_castles"][1] = MAGNET  # in no region
    assert not qualifies(ctx, 0, "ach_stronghold")
    put_pillar(ctx, 0, MAGNET, "r_north")
    assert qualifies(ctx, 0, "ach_stronghold")


def test_r22_1_v6_one_of_each_type_freed_from_reserve() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    p = ctx.s.players[0]
    p.reserve = [1, 0, 1, 2]
    assert not qualifies(ctx, 0, "ach_reserve_column")
    p.reserve[WILD] = 1
    assert qualifies(ctx, 0, "ach_reserve_column")


def test_r22_every_achievement_has_a_qualification_test() -> None:
    ctx = make_ctx(["freyith", "aureon"], random_achievements=ALL_RANDOM[:2])
    ids = set(ctx.r.achievements)
    assert ids == {"ach_winged_feet", "ach_pillars", "ach_castles", *ALL_RANDOM}
    for a in ids:  # nothing qualifies at the start position
        assert not qualifies(ctx, 0, a)


# --- counters -------------------------------------------------------------------------------


def test_counters_bound_energy_kinds_and_types() -> None:
    ctx = make_ctx(["freyith", "aureon"])
    bind(ctx, 0, "r_north", ROSE, 2)
    put_pillar(ctx, 0, WILD, "r_center")
    ctx.s.ach["ach_castles"][1] = WILD
    board = {"counter": "bound_energy", "scope": "board",
             "kinds": ["bound_area", "pillar", "achievement"]}
    value = counter_value
    pc = parse_counter
    assert value(ctx, 0, pc(board)) == 4
    assert value(ctx, 0, pc({**board, "types": ["wild"]})) == 2
    assert value(ctx, 0, pc({**board, "types": "claiming_token_type"}), claiming_type=ROSE) == 2
    assert value(ctx, 0, pc({**board, "kinds": ["pillar"]})) == 1
    bridge = {**board, "scope": "bridge_regions"}
    assert value(ctx, 0, pc(bridge), bridge_regions=("r_center", "r_east")) == 1
    assert value(ctx, 0, pc(bridge)) == 0  # no tier-III token on the map
    with pytest.raises(ValueError):
        value(ctx, 0, pc({**board, "types": "claiming_token_type"}))
    with pytest.raises(ValueError):
        value(ctx, 0, pc({**board, "scope": "this_monument"}))
    assert value(ctx, 0, pc({**board, "scope": "this_monument", "kinds": ["bound_area"]}),
                 this_region="r_north") == 2


def test_counters_conditions_and_misc() -> None:
    ctx = make_ctx(["valimod", "aureon"])
    p = ctx.s.players[0]
    p.shop = [1, 0, 0, 0]
    p.figure = FIGURE_IN_POOL
    tp = {"counter": "tile_pool_energy", "include_character_value": True}
    assert counter_value(ctx, 0, parse_counter(tp)) == 3
    assert counter_value(ctx, 0, parse_counter({**tp, "include_character_value": False})) == 1
    assert condition_met(ctx, 0, parse_condition({"counter": tp, "at_least": 3}))
    assert not condition_met(ctx, 0, parse_condition({"counter": tp, "at_least": 4}))
    ctx.s.ach["ach_castles"][0] = ROSE
    assert counter_value(ctx, 0, parse_counter({"counter": "achievement_energy"})) == 1
    assert counter_value(ctx, 0, parse_counter({"counter": "character_in_bridge_regions"}),
                         bridge_regions=("r_north", "r_east")) == 0
    with pytest.raises(ValueError):
        counter_value(ctx, 0, parse_counter({"counter": "no_such_counter"}))

"""Doublers (R28.3, R29) and Scoring Cards (R28.4, R30), the parts both expansion modules share
(engine.aac.expansion), played through a small test-only module that carries them
(`with_shared`), as the Folklore and Pilgrimage modules do."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.aac import log, modules
from engine.aac.catalog.effects import effect_from_plain
from engine.aac.core import Ctx, move_energy
from engine.aac.counters import qualifies
from engine.aac.definition import AAC
from engine.aac.expansion import SHARED, doublers, scoring_cards, with_shared
from engine.aac.expansion.events import ScoringCardGained
from engine.aac.invariants import check
from engine.aac.modules import ModuleDef
from engine.aac.persist.validate import check_snapshot
from engine.aac.rules.effects import push_effect
from engine.aac.rules.endturn import MigrationFrame
from engine.aac.scoring import categories, score_player
from engine.aac.state import EMPTY
from engine.aac.supply import energy_choices
from engine.kernel.bots import RandomBot
from tests.builder import choice_ids, clear_device, ctx, make_game, push_frame, rerun
from tests.scoring_builder import base_rules, make_state, put_bridge, put_pillar

NAME = "dbltest"
MAG, WILD, ROSE = 2, 3, 1


@pytest.fixture
def shared() -> Iterator[ModuleDef]:
    m = with_shared(ModuleDef(NAME, "Doubler test", "Doublers and Scoring Cards only."))
    modules.register_module(m)
    try:
        yield m
    finally:
        modules.unregister_module(NAME)


def bare(characters: list[str]) -> Ctx:
    """A bare scoring position (tests/scoring_builder) with the shared parts set up."""
    s = make_state(characters)
    s.modules = (NAME,)
    c = Ctx(s, base_rules())
    SHARED.setup(c)
    return c


def dstate(c: Ctx) -> dict[str, Any]:
    d = doublers.state(c)
    assert d is not None
    return d


def game(players: int = 2, chars: list[str | None] | None = None, **kw: Any) -> Any:
    """A real game after setup (tests/builder), every decision asked (even a forced one), the
    seats' energy back in their Exhausted Pools."""
    g = make_game(players, chars or ["freyith", "aureon"][:players] + [None] * (players - 2),
                  modules=(NAME,), auto_skip_forced=False, **kw)
    for seat in range(players):
        clear_device(g, seat)
    return g


def place(effect: dict[str, Any], g: Any, seat: int, at: str = "") -> None:
    c = ctx(g)
    push_effect(c, seat, effect_from_plain({"id": "t_e1", **effect}), "test card", at=at)
    rerun(g)


# --- R29.4: the test vector ------------------------------------------------------------------


def test_r29_4_freyith_test_vector(shared: ModuleDef) -> None:
    """R29.4: ×2 Magnet Achievement counting 5 bound Magnets scores 10; a monument counting 3
    bound energy scores 12; Pillars counting 4 energy score 22."""
    c = bare(["freyith", "aureon"])
    s = c.s
    aid = s.achievements[0]
    s.ach[aid] = [EMPTY, MAG]  # seat 0's Magnet on the ×2 column
    s.bound["r_north"][0][MAG] = 2  # + 2 bound Magnets, one doubled: 1 + 2 + 1 = 4 ...
    s.bound["r_east"][0][ROSE] = 1
    sp = put_pillar(c, 0, ROSE, "r_center")
    put_pillar(c, 0, ROSE, "r_west")
    put_pillar(c, 0, MAG, "r_east")  # ... + this pillar Magnet: 5
    d = dstate(c)
    d["areas"]["r_north"] = [[0, 0, 1, 0], [0, 0, 0, 0]]
    d["pillars"].append(sp)
    d["supply"] -= 2
    b = score_player(c, 0)
    assert b.achievements == 10  # 2 × 5
    assert b.monuments == 12 + 3  # north: 2 energy + Doubler = 3 -> 12; east: 1 -> 3
    assert b.pillars == 22  # 3 energy, one doubled -> 4
    assert b.bound_total == 1 + 2 + 1 + 3 + 2  # tiebreak (1) counts the Doublers (O44)
    assert SHARED.invariants(c) == []


def test_r29_3_2_pillar_cap_with_doublers(shared: ModuleDef) -> None:
    """R29.3.2: a Doubler counts 2 on the Pillars, but never more than 6 Pillar energy score."""
    c = bare(["freyith", "aureon"])
    spaces = [put_pillar(c, 0, ROSE, reg) for reg in c.r.region_order[:4]]
    d = dstate(c)
    d["pillars"] += spaces[:2]
    d["supply"] -= 2
    assert score_player(c, 0).pillars == 39  # 4 energy + 2 Doublers = 6
    d["pillars"] += spaces[2:]
    d["supply"] -= 2
    assert score_player(c, 0).pillars == 39  # 8 counted, capped at 6
    assert SHARED.invariants(c) == []


def test_r29_3_3_tier_iii_beyond_the_printed_maximum(shared: ModuleDef) -> None:
    """R29.3.3: Chronari's tier-III side (3 VP per Wild in its regions, at most 9 printed) counts
    a doubled Wild as 2 and passes 9."""
    c = bare(["chronari", "aureon"])
    put_bridge(c, 0, 3, "br_spoke_north", side=0)
    c.s.bound["r_north"][0][WILD] = 2
    put_pillar(c, 0, WILD, "r_center")
    base = score_player(c, 0).bridge
    assert base == 9
    dstate(c)["areas"]["r_north"] = [[0, 0, 0, 1], [0, 0, 0, 0]]
    dstate(c)["supply"] -= 1
    assert score_player(c, 0).bridge == 12


def test_r29_2_2_doubler_counts_for_achievement_qualification(shared: ModuleDef) -> None:
    """R29.2.2 / R22.1 V5: at least 3 bound energy in one region — 2 there, one doubled."""
    c = bare(["freyith", "aureon"])
    v5 = next(a for a, ad in c.r.achievements.items()
              if getattr(ad.qualify.counter, "counter", "") == "max_bound_in_one_region")
    c.s.bound["r_north"][0][ROSE] = 2
    assert not qualifies(c, 0, v5)
    dstate(c)["areas"]["r_north"] = [[0, 1, 0, 0], [0, 0, 0, 0]]
    dstate(c)["supply"] -= 1
    assert qualifies(c, 0, v5)


# --- R28.3: placing a Doubler ----------------------------------------------------------------


def test_r28_3_targets_and_placement(shared: ModuleDef) -> None:
    """R28.3: on bound energy in a monument's area or on a Pillar, never on Achievement energy,
    one per energy; O72: not in the area of a region whose monument is not in use."""
    g = game(2)
    s = g.state
    seat = 0
    unused = next(reg for reg in g.rules.region_order
                  if g.rules.monument_by_region.get(reg, "") not in s.monuments)
    used = next(reg for reg in g.rules.region_order
                if g.rules.monument_by_region.get(reg, "") in s.monuments)
    s.bound[used][seat][ROSE] = 1
    s.bound[unused][seat][ROSE] = 1
    s.ach[s.achievements[0]] = [seat * 4 + MAG, EMPTY]
    for _ in range(2):
        s.players[seat].exhausted[ROSE] -= 1
    s.players[seat].exhausted[MAG] -= 1
    place({"effect": "place_doubler", "count": 1}, g, seat)
    assert g.pending.kind == "place_doubler"
    assert choice_ids(g) == [f"doubler:bound:{used}:{ROSE}"]  # not O72's area, not achievement
    assert all("r_" not in ch.label and "_" not in ch.label for ch in g.pending.choices)
    g.choose(f"doubler:bound:{used}:{ROSE}")
    assert doublers.on_area(ctx(g), used, seat, ROSE) == 1
    assert dstate(ctx(g))["supply"] == doublers.SUPPLY - 1
    place({"effect": "place_doubler", "count": 1}, g, seat)  # at most one per energy
    assert g.pending is None or g.pending.kind != "place_doubler"
    assert AAC.invariants(g) == []


def test_r28_3_on_and_artifact_region_narrow_and_o57_empty_supply(shared: ModuleDef) -> None:
    g = game(2)
    s = g.state
    seat = 0
    mons = [reg for reg in g.rules.region_order
            if g.rules.monument_by_region.get(reg, "") in s.monuments]
    a, b = mons[0], mons[1]
    s.bound[a][seat][ROSE] = 1
    s.bound[b][seat][ROSE] = 1
    s.players[seat].exhausted[ROSE] -= 2
    s.players[seat].exhausted[MAG] -= 1
    sp = next(x for x, reg in g.rules.pillar_region.items() if reg == a)
    s.pillars[sp] = seat * 4 + MAG
    place({"effect": "place_doubler", "count": 1, "on": "pillar"}, g, seat)
    assert choice_ids(g) == [f"doubler:pillar:{sp}"]
    g.choose(choice_ids(g)[0])
    space_b = next(k for k, v in g.rules.space_regions.items() if v == (b,))
    place({"effect": "place_doubler", "count": 1, "region": "region_with_your_artifact"}, g,
          seat, at=f"artifact:{space_b}")
    assert choice_ids(g) == [f"doubler:bound:{b}:{ROSE}"]
    g.choose(choice_ids(g)[0])
    dstate(ctx(g))["supply"] = 0  # O57: nothing happens
    dstate(ctx(g))["areas"].clear()
    dstate(ctx(g))["pillars"].clear()
    before = g.pending
    place({"effect": "place_doubler", "count": 2}, g, seat)
    assert g.pending == before


def test_r21_1_o71_patron_token_on_placing_a_doubler(shared: ModuleDef) -> None:
    """O71: a Doubler on a seat's only energy at a monument makes the count 2: the Patron Token
    may be taken then; with the rules option off ("binding only"), it may not."""
    for option, offered in ((True, True), (False, False)):
        g = game(2, options={"doubler_patron_trigger": option})
        s = g.state
        reg = next(r for r in g.rules.region_order
                   if g.rules.monument_by_region.get(r, "") in s.monuments)
        s.bound[reg][0][ROSE] = 1
        s.players[0].exhausted[ROSE] -= 1
        place({"effect": "place_doubler", "count": 1}, g, 0)
        g.choose(f"doubler:bound:{reg}:{ROSE}")
        kind = g.pending.kind if g.pending else ""
        assert (kind == "patron_take") is offered
        if offered:
            g.choose("take")
            assert s.players[0].patron == g.rules.monument_by_region[reg]


# --- R29.2.3 / R29.2.4: leaving and moving ---------------------------------------------------


def test_r29_2_3_running_out_returns_the_doubler(shared: ModuleDef) -> None:
    g = game(2)
    c = ctx(g)
    s = g.state
    p = s.players[0]
    s.bound["r_north"][0][ROSE] = 2
    p.exhausted[ROSE] -= 2
    p.shop = [p.shop[t] + p.exhausted[t] for t in range(4)]  # an empty pool: Running Out
    p.exhausted = [0, 0, 0, 0]
    dstate(c)["areas"]["r_north"] = [[0, 1, 0, 0], [0, 0, 0, 0]]
    dstate(c)["supply"] -= 1
    ch = next(x for x in energy_choices(c, 0, ROSE) if x.data[0] == "bound:r_north")
    move_energy(c, 0, ROSE, ch.data[0], "exhausted", "Running Out")
    assert doublers.on_area(c, "r_north", 0, ROSE) == 1  # an undoubled one was taken first
    move_energy(c, 0, ROSE, "bound:r_north", "exhausted", "Running Out")
    assert doublers.on_area(c, "r_north", 0, ROSE) == 0
    assert dstate(c)["supply"] == doublers.SUPPLY and dstate(c)["areas"] == {}
    assert check(c) == []


def test_r29_2_4_freyith_relocation_moves_the_doubler(shared: ModuleDef) -> None:
    """R29.2.4 (Freyith III, Migration): a doubled energy keeps its Doubler; with alike energy
    with and without one, the player says which moves; the Patron Token may follow (O71)."""
    g = game(2)
    c = ctx(g)
    s = g.state
    src, here = "r_east", "r_north"
    p = s.players[0]
    p.figure = next(k for k, v in g.rules.space_regions.items() if v == (here,))
    s.bound[src][0][ROSE] = 2
    p.exhausted[ROSE] -= 2
    dstate(c)["areas"][src] = [[0, 1, 0, 0], [0, 0, 0, 0]]
    dstate(c)["supply"] -= 1
    push_frame(g, MigrationFrame(0))
    ids = choice_ids(g)
    plain = f"mig:bound:{src}:{ROSE}>bound:{here}"
    assert plain in ids and plain + "#doubler" in ids
    g.choose(plain + "#doubler")
    assert doublers.on_area(c, here, 0, ROSE) == 1 and doublers.on_area(c, src, 0, ROSE) == 0
    mon = g.rules.monument_by_region[here]
    if mon in s.monuments and s.monuments[mon].patron:
        assert g.pending.kind == "patron_take"  # 1 energy there, doubled: counts 2 (O71)
    assert AAC.invariants(g) == []


# --- R28.4 / R30: Scoring Cards --------------------------------------------------------------


def test_r28_4_gaining_limit_of_two_and_speed_cost(shared: ModuleDef) -> None:
    g = game(2)
    ids = [cd.id for cd in scoring_cards.catalog().cards]
    place({"effect": "gain_scoring_card", "cost_speed": 1}, g, 0)  # no Pilgrimage speed
    assert g.pending.kind != "gain_scoring_card"
    for k in range(2):
        place({"effect": "gain_scoring_card", "cost_speed": 0}, g, 0)
        assert g.pending.kind == "gain_scoring_card" and len(g.pending.choices) == 8 - k
        assert all(cd.id not in ch.label for ch in g.pending.choices for cd in
                   scoring_cards.catalog().cards)
        g.choose(f"card:{ids[k]}")
    assert scoring_cards.held(ctx(g), 0) == ids[:2]
    place({"effect": "gain_scoring_card", "cost_speed": 0}, g, 0)  # R28.4: 2 held
    assert g.pending.kind != "gain_scoring_card"
    assert AAC.invariants(g) == []


def test_r30_1_scoring_card_gained_event_keeps_the_card_face_down(shared: ModuleDef) -> None:
    """R28.4 / R30.1: taking a Scoring Card is its own event; its log line and floating word
    name no card (it is face down to the other seats), and its `show` makes the very change
    the rules made, so the table's shown copy follows it."""
    g = game(2)
    place({"effect": "gain_scoring_card", "cost_speed": 0}, g, 0)
    cid = scoring_cards.catalog().cards[3].id
    before = g.state.clone()
    evs = g.choose(f"card:{cid}")
    got = [e for e in evs if isinstance(e, ScoringCardGained)]
    assert [(e.seat, e.card) for e in got] == [(0, cid)]
    line = log.describe(got[0], g.rules, [p.character for p in g.state.players])
    assert line.endswith("takes a Scoring Card face down (test card).") and cid not in line
    assert all(cd.name not in line + ScoringCardGained.word
               for cd in scoring_cards.catalog().cards)
    got[0].show(before)
    assert before.ext[scoring_cards.KEY] == g.state.ext[scoring_cards.KEY]


def test_r30_2_replacement_values_and_r30_5_best_of_two_monument_cards(shared: ModuleDef
                                                                        ) -> None:
    c = bare(["freyith", "aureon"])
    s = c.s
    s.bound["r_north"][0][ROSE] = 3
    dstate(c)["areas"]["r_north"] = [[0, 2, 0, 0], [0, 0, 0, 0]]  # 5 counted
    dstate(c)["supply"] -= 2
    s.bound["r_east"][0][ROSE] = 1
    assert score_player(c, 0).monuments == 12 + 3
    depth, breadth = "scoring_card_monument_depth", "scoring_card_monument_breadth"
    assert scoring_cards.card_gain(c, 0, [depth]) == (21 - 12) + (2 - 3)
    assert scoring_cards.card_gain(c, 0, [breadth]) == (12 - 12) + (5 - 3)
    assert scoring_cards.card_gain(c, 0, [depth, breadth]) == 8  # R30.5: the better, once
    s.players[0].reserve = [0, 0, 2, 2]
    assert scoring_cards.card_gain(c, 0, ["scoring_card_reserve"]) == 7 - 6
    s.players[0].shop = [2, 1, 1, 1]
    assert scoring_cards.card_gain(c, 0, ["scoring_card_tile_pool"]) == 12 - 5
    sc = scoring_cards.KEY
    s.ext[sc]["held"][0] = [depth]
    s.ext[sc]["supply"].remove(depth)
    assert score_player(c, 0).scoring_cards == 0  # hidden until the game is over
    s.over = True
    b = score_player(c, 0)
    assert b.scoring_cards == 8 and b.total == sum(v for _, v in b.parts)
    assert score_player(c, 1).scoring_cards == 0  # other players: standard values
    assert "scoring_cards" in [cat.name for cat in categories((NAME,))]


def test_r30_3_achievement_cards_take_the_best_application(shared: ModuleDef) -> None:
    """R30.3 (O58): each Achievement card on the holder's Achievement where it gains most, the
    two on two different Achievements."""
    c = bare(["freyith", "aureon"])
    s = c.s
    a1, a2 = s.achievements[0], s.achievements[1]
    s.ach[a1] = [MAG, EMPTY]  # flat column: 5; 1 Magnet bound
    s.ach[a2] = [EMPTY, ROSE]  # ×2 column: 2 × 4 Roses = 8
    s.bound["r_north"][0][ROSE] = 3
    ex, tw = "scoring_card_achievement_exalted", "scoring_card_achievement_twofold"
    # Exalted on the Rose: 12 - 8 = +4 (on the Magnet: 3 - 5 = -2)
    assert scoring_cards.card_gain(c, 0, [ex]) == 4
    # Twofold on the Rose: 13 - 8 = +5 (on the Magnet: 7 - 5 = +2)
    assert scoring_cards.card_gain(c, 0, [tw]) == 5
    # both: Twofold on the Rose and Exalted on the Magnet (+3) or Exalted on the Rose and
    # Twofold on the Magnet (+6): the better
    assert scoring_cards.card_gain(c, 0, [ex, tw]) == 6
    s.ach[a1] = [EMPTY, EMPTY]
    assert scoring_cards.card_gain(c, 0, [ex, tw]) == 5  # one Achievement: one card on it


def test_r30_1_scoring_cards_are_hidden_and_resampled_for_bots(shared: ModuleDef) -> None:
    g = game(3, ["freyith", "aureon", "rusne"])
    c = ctx(g)
    d = g.state.ext[scoring_cards.KEY]
    d["held"][0] = ["scoring_card_pillars"]
    d["supply"].remove("scoring_card_pillars")
    v1 = g.view(1)["ext"][scoring_cards.KEY]
    assert v1["held"][0] == [scoring_cards.UNKNOWN] and v1["supply"] == 7
    assert "scoring_card_pillars" not in str(g.view(1)) and "scoring_card_pillars" not in str(
        g.view(2))
    assert g.view(0)["ext"][scoring_cards.KEY]["held"][0] == ["scoring_card_pillars"]
    assert g.private_now() and 0 in g.hidden_seats(1)
    bot = AAC.resample(g.view(1), 7)
    bd = bot.state.ext[scoring_cards.KEY]
    assert len(bd["held"][0]) == 1 and bd["held"][0][0] in [cd.id for cd in
                                                           scoring_cards.catalog().cards]
    assert sorted(bd["supply"] + bd["held"][0]) == sorted(cd.id for cd in
                                                          scoring_cards.catalog().cards)
    assert SHARED.invariants(Ctx(bot.state, bot.rules)) == []
    g.state.over = True
    assert g.view(1)["ext"][scoring_cards.KEY]["held"][0] == ["scoring_card_pillars"]
    assert c.s is g.state


def test_shared_parts_save_load_and_play(shared: ModuleDef) -> None:
    """A game carrying the shared parts saves and loads them (ext keys), and random games keep
    the invariants."""
    g = game(2)
    c = ctx(g)
    reg = next(r for r in g.rules.region_order
               if g.rules.monument_by_region.get(r, "") in g.state.monuments)
    g.state.bound[reg][0][ROSE] = 1
    g.state.players[0].exhausted[ROSE] -= 1
    doublers.put(c, 0, f"bound:{reg}", ROSE)
    g.state.stack = [f for f in g.state.stack if f.kind != "aac.patron_offer"]
    rerun(g)
    snap = g.snapshot()
    assert check_snapshot(snap, g.rules).ext["doublers"] == g.state.ext["doublers"]
    bots = [RandomBot(3), RandomBot(4)]
    steps = 0
    while not g.is_over and steps < 300:
        dd = g.pending
        g.choose(bots[dd.seat].choose(g.view(dd.seat), dd))
        steps += 1
    assert AAC.invariants(g) == []

"""Regression tests for rule findings of the engine review (R5.4/R9.4, R6.1, R25 Multanec II,
R9.4 two-tile claims, R25 Freyith III)."""

from __future__ import annotations

from engine.aac.core import Ctx
from engine.aac.invariants import check
from engine.aac.rules.claim import ClaimFrame, FreeTileFrame
from engine.aac.rules.completion import ParticipantFrame
from engine.aac.rules.endturn import migration_options
from tests.builder import choice_ids, make_game, push_frame


def test_r5_4_second_push_uses_the_tile_that_replaced_the_other_staging_tile() -> None:
    """R5.4 + R9.4: a free Tile Pool tile taken between the pushes (e.g. a bridge benefit during
    Rusne I movement) takes the replaced staging tile's place, and the second push pushes it."""
    g = make_game(2, ["rusne", "aureon"], seed=1)
    a = g.state.active
    p = g.state.players[a]
    p.charged = True
    g.choose("advance")
    first = p.staging[0]
    g.choose(f"push:{first}")
    while g.pending.kind == "load_slot":
        g.choose("skip_rest")
    assert g.pending.kind == "second_push"
    other = p.staging[1]  # the ejected tile took index 0, where the pushed tile was
    new = g.state.pool[3]
    push_frame(g, FreeTileFrame(a, 0, ""))
    g.choose(f"replace:{other}")
    assert new in p.staging
    assert g.pending.kind == "second_push"
    g.choose("second_push")
    assert p.device[0] == new
    assert not check(Ctx(g.state, g.rules))


def test_r6_1_claim_part_of_an_and_token_may_be_skipped() -> None:
    """R6.1: upgrade 2a is "Claim and Recharge": the Claim may be declined, the Recharge still
    happens."""
    g = make_game(3, ["freyith", "aureon", "ignotas"], seed=2)
    a = g.state.active
    p = g.state.players[a]
    p.charged = False
    push_frame(g, ClaimFrame.new(a, 2, -1, True))
    assert "skip" in choice_ids(g)
    g.choose("skip")
    assert g.pending.kind == "turn_type"  # the frame ended; nothing was bought
    assert sum(p.shop) == 1


def test_r25_multanec_ii_second_perk_is_optional() -> None:
    """Multanec II (catalog: optional): as completer he may take both perks, or only one."""
    g = make_game(2, ["multanec", "aureon"], seed=1)
    p = g.state.players[0]
    p.bridge_loc[1] = "box"  # tier II uncovered
    m = g.state.monuments["anfirien_beacon"]
    p.exhausted[0] -= 1
    m.spaces[0] = 0 * 4 + 0  # one compass of seat 0
    m.completed = True
    push_frame(g, ParticipantFrame(0, "anfirien_beacon", 0, True, 2, "", True))
    g.choose("perk:section")
    assert "perk:none" in choice_ids(g)
    g.choose("perk:none")
    assert "perk:bonus" not in choice_ids(g)


def test_r9_4_second_claimed_tile_cannot_replace_the_first() -> None:
    """R9.4: each tile taken replaces one of the player's own earlier tiles."""
    g = make_game(2, ["freyith", "aureon"], seed=1)
    a = g.state.active
    p = g.state.players[a]
    for t in range(4):  # move 3 energy into the Tile Pool bank (price 1 + 2)
        while sum(p.shop) < 3 and p.exhausted[t]:
            p.exhausted[t] -= 1
            p.shop[t] += 1
    new = g.state.pool[:2]
    push_frame(g, ClaimFrame.new(a, 2, -1))
    g.choose("pick:1")
    g.choose("pick:2")
    while g.pending.kind == "claim_pay":
        g.choose(g.pending.choices[0].id)
    g.choose(f"replace:{p.staging[0]}")
    assert g.pending.kind == "claim_replace"
    assert not {f"replace:{t}" for t in new} & set(choice_ids(g))
    assert not check(Ctx(g.state, g.rules))


def test_r25_freyith_iii_offers_either_free_pillar_space() -> None:
    """Freyith III (Migration): the target pillar space is the player's choice."""
    g = make_game(4, ["freyith", "aureon", "ignotas", "rusne"], seed=1)
    s = g.state
    p = s.players[0]
    p.bridge_loc[2] = "box"
    here = g.rules.space_regions[p.figure][0]
    other = next(r for r in g.rules.region_order if r != here)
    src = g.rules.regions[other].pillar_left
    p.exhausted[1] -= 1
    s.pillars[src] = 0 * 4 + 1
    rd = g.rules.regions[here]
    targets = {c.data[1] for c in migration_options(Ctx(s, g.rules), 0)
               if c.data[0] == f"pillar:{src}"}
    assert targets == {f"pillar:{rd.pillar_left}", f"pillar:{rd.pillar_right}"}

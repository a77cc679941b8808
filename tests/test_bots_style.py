"""The style report (engine.aac.bots.style): per seat counters from a game's events."""

from __future__ import annotations

from engine.aac import events as ev
from engine.aac.bots.style import StyleCounter, starts_claim, style_report, style_table
from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game
from engine.kernel.bots import RandomBot
from engine.tools.tournament import play_game, run_tournament


def _push(seat: int) -> ev.TilesPushed:
    return ev.TilesPushed(seat, "t_in", 1, "t_out", ("a", "b", "c", "d", "e"))


def test_counts_from_a_hand_written_event_sequence() -> None:
    """Three turns written out by hand; every count checked against them."""
    sc = StyleCounter(2)
    sc.add([ev.TurnStarted(0, 1, False), ev.TurnTypeChosen(0, "advance"), _push(0),
            ev.TokenMoved(0, "rose", "slot:5:top", "exhausted", "tile left the device"),
            ev.TokenMoved(0, "compass", "exhausted", "slot:1:top", "loaded"),
            _push(0),  # R5.4 second push
            ev.TokenMoved(0, "magnet", "slot:5:bottom", "exhausted", "tile left the device"),
            ev.PatronUsed(0, "ember_forge"),
            ev.SectionCompleted("ember_forge", "ember_forge_s1", -1, "patron"),
            ev.SectionConstructed("ember_forge", "ember_forge_s1", "ember_forge_s2")])
    # seat 1: an Actions turn with nothing spent (R6.4)
    sc.add([ev.TurnStarted(1, 2, False), ev.TurnTypeChosen(1, "actions")])
    # seat 0: an Actions turn with one activation, a bridge, an upgrade, a conduit, a claim
    sc.add([ev.TurnStarted(0, 3, False), ev.TurnTypeChosen(0, "actions"),
            ev.TokenMoved(0, "wild", "slot:2:bottom", "exhausted", "spent on an action"),
            ev.BridgeBuilt(0, 1, "a", "br_x", ""), ev.ActionUpgraded(0, 2, "up_x"),
            ev.ConduitGained(0, "co_x", 1),
            ev.TileClaimed(0, "shop_i_01", 1, "t_old", 3, 1),
            ev.SectionCompleted("anfirien_beacon", "anfirien_beacon_s1", 0, "placement")])
    sc.add([ev.TurnStarted(1, 4, False)])
    s0, s1 = sc.seats
    assert (s0.advance_turns, s0.actions_turns, s0.empty_actions_turns) == (1, 1, 0)
    assert (s1.advance_turns, s1.actions_turns, s1.empty_actions_turns) == (0, 1, 1)
    assert s0.second_pushes == 1 and s1.second_pushes == 0
    assert s0.energy_lost == 2  # the two pushed off, not the one loaded
    assert (s0.patron_uses, s0.patron_sections) == (1, 1)
    assert (s0.bridges, s0.upgrades, s0.conduits, s0.tiles_claimed) == (1, 1, 1, 1)
    assert (sc.sections, sc.patron_sections) == (2, 1)
    assert s1 == type(s1)(actions_turns=1, empty_actions_turns=1)


def _to_claim_option(seed: int) -> tuple[Game, str]:
    """A seeded random game driven to the first Claim offered as an action option."""
    g = new_game(GameConfig(players=2, seed=seed))
    bot = RandomBot(seed)
    for _ in range(3000):
        d = g.pending
        assert d is not None
        claim = [c.id for c in d.choices if c.id.endswith(":claim_tiles")]
        if claim:
            return g, claim[0]
        g.choose(bot.choose(None, d))
    raise AssertionError("no Claim offered")


def test_a_claim_is_counted_and_one_that_takes_no_tile_too() -> None:
    for seed in (5, 6, 7):
        g, cid = _to_claim_option(seed)
        d = g.pending
        assert d is not None
        sc = StyleCounter(2)
        assert starts_claim(g.state, g.rules, d, cid)
        assert not starts_claim(g.state, g.rules, d, "end")
        sc.note(g.state, g.rules, d, cid)
        events = g.choose(cid)
        sc.add(events)
        taken = sum(1 for e in events if isinstance(e, ev.TileClaimed))
        while g.pending is not None and g.pending.kind.startswith("claim"):
            p = g.pending
            pick = next((c.id for c in p.choices
                         if c.id.startswith(("pick:", "pay:", "replace:"))), p.choices[0].id)
            events = g.choose(pick)
            taken += sum(1 for e in events if isinstance(e, ev.TileClaimed))
            sc.add(events)
        sc.add([ev.TurnStarted(1 - d.seat, 99, False)])
        s = sc.seats[d.seat]
        assert s.claims == 1
        assert s.tiles_claimed == taken
        assert s.empty_claims == (0 if taken else 1)


def test_the_tournament_carries_the_style_and_the_report_prints_it() -> None:
    r = play_game((0, ["normal", "easy"], ["normal", "easy"], 4242))
    assert not r["error"]
    st = r["style"]
    assert len(st) == 2
    for k in range(2):
        turns = st[k]["advance_turns"] + st[k]["actions_turns"]
        # every turn taken has a type; the game's turn counter counts them all
        assert abs(turns - r["turns"] / 2) <= 1
        assert st[k]["patron_sections"] <= st[k]["patron_uses"]
        assert st[k]["empty_claims"] <= st[k]["claims"]
    assert r["patron_sections"] == st[0]["patron_sections"] + st[1]["patron_sections"]
    rep = style_report([r])
    assert set(rep) == {"normal", "easy"}
    assert rep["normal"]["advance_turns"] == st[0]["advance_turns"]
    text = style_table(rep)
    assert "normal" in text and "p-share" in text
    data = run_tournament(["easy", "random"], 2, 9, jobs=1, progress=False, style=True)
    assert data["style"]["easy"]["games"] == 2

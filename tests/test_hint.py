"""Hints (engine.aac.bots.hint): the hard bot's plan for a seat, from its view, and the reason
a learner can use: what the move achieves (a section completed and what the binding scores,
an Achievement claimed, a bridge and the power it uncovers), in catalog words."""

from __future__ import annotations

import re
from pathlib import Path

from engine.aac import events as ev
from engine.aac import tutorial_plan as tp
from engine.aac.bots import make_bot
from engine.aac.bots.hint import MAX_REASON, explain, hint
from engine.aac.config import GameConfig
from engine.aac.data import rules
from engine.aac.game import Game, new_game
from engine.aac.persist import load_game

SCENARIOS = Path(__file__).resolve().parents[1] / "saves" / "scenarios" / "aac"


def _digest(g: Game) -> tuple[object, ...]:
    """Everything a hint could change: the state, the history, the open decision."""
    d = g.pending
    return (g.state.to_plain(), tuple(g.history), d.seat if d else None,
            d.ids() if d else None)


def _positions(seed: int, every: int = 9, limit: int = 360) -> list[Game]:
    """Copies of a seeded normal-vs-easy game at a decision of seat 0 every few decisions."""
    g = new_game(GameConfig(players=2, seed=seed))
    bots = [make_bot("normal", 1), make_bot("easy", 2)]
    out = []
    for n in range(limit):
        d = g.pending
        if d is None:
            break
        if d.seat == 0 and n % every == 0 and len(d.choices) > 1:
            out.append(g.clone())
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
    return out


ID_LIKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # catalog ids look like shop_i_06, ember_forge


def test_the_hint_never_changes_the_game_and_speaks_in_catalog_names() -> None:
    r = rules()
    ids = set(r.names)
    positions = _positions(3)
    assert len(positions) >= 10
    for g in positions:
        g.undo_enabled = True  # as at the table
        before = _digest(g)
        h = hint(g, 0)
        assert _digest(g) == before  # the game is untouched
        d = g.pending
        assert d is not None
        assert h.choices and h.choices[0] in d.ids()
        assert h.reason and len(h.reason) <= MAX_REASON and "\n" not in h.reason
        assert not [w for w in ID_LIKE.findall(h.reason) if w in ids], h.reason


def test_the_hint_uses_the_view_only() -> None:
    """The same view gives the same hint whatever the hidden supply order holds."""
    g = _positions(5, limit=120)[-1]
    h2 = g.clone()
    h2.state.supply = list(reversed(h2.state.supply))
    h2.state.rng ^= 0xFFFF
    assert g.view(0) == h2.view(0) and g.state.supply != h2.state.supply
    assert hint(g, 0) == hint(h2, 0)


def test_no_hint_when_it_is_not_the_seats_decision() -> None:
    g = new_game(GameConfig(players=2, seed=1))
    d = g.pending
    assert d is not None
    other = 1 - d.seat
    h = hint(g, other)
    assert h.choices == () and h.reason


def test_a_hint_tells_a_completion_or_placement_in_names() -> None:
    """Over a game, some hint names a monument of the table (energy placed on it, a section
    built) by its catalog name."""
    r = rules()
    positions = _positions(3)
    mons = {r.names[m] for m in positions[0].state.monuments}
    reasons = [hint(g, 0).reason for g in positions]
    assert any(any(m in text for m in mons) for text in reasons), reasons


# --- the reason names what the move achieves, in real positions -------------------------------
def _tutorial_turn2() -> Game:
    """The tutorial's game (saves/scenarios/aac/tutorial-2p.json, real play) at the learner's
    second turn: its first Advance played, then the easy bot's turn."""
    g = load_game(SCENARIOS / "tutorial-2p.json")
    for cid in tp.first_advance(g):
        g.choose(cid)
    bot = make_bot("easy", tp.TUTORIAL_BOT_SEED * 31 + 1)
    while g.pending is not None and g.pending.seat != 0:
        d = g.pending
        g.choose(bot.choose(g.view(d.seat), d))
    return g


def _played(g: Game, plan: tuple[str, ...]) -> list[ev.Event]:
    h = g.clone()
    out: list[ev.Event] = []
    for cid in plan:
        if h.pending is None or h.pending.seat != 0 or h.pending.find(cid) is None:
            break
        out += h.choose(cid)
    return out


def test_a_move_that_completes_a_section_says_so_with_the_points() -> None:
    """At the learner's second turn of the tutorial's game the hard bot's plan completes
    Obsidian Gate's first section (R15.1): the reason says so, that the completer binds
    (R15.5.4) and what that bound energy scores (R24.2: 3 for the first)."""
    g = _tutorial_turn2()
    mon = tp.bridge_monument(g)
    name = rules().names[mon]
    h = hint(g, 0)
    assert f"completes {name}'s section 1: you bind and score 3" in h.reason, h.reason
    assert h.reason.startswith("Actions turn — ")
    assert any(isinstance(e, ev.SectionCompleted) and e.completer == 0 and e.monument == mon
               for e in _played(g, h.choices)), "the plan really completes it"
    # the same words for the tutorial's own line, one decision at a time (explain)
    line = tp.completion_turn(g, mon, g.state.pool[0])
    assert line is not None
    h2 = g.clone()
    for cid in line[:2]:  # the Actions turn, its first Deploy
        why = explain(h2, 0, cid)
        assert why.startswith(h2.pending.find(cid).label.split(":")[0])
        assert f"completes {name}'s section 1: you bind and score 3" in why, why
        h2.choose(cid)


def test_the_reason_names_an_achievement_a_bridge_and_a_binding() -> None:
    """In the resolution of that section (the tutorial's own line): binding the Magnet tells
    what it scores there (R24.2); the Bridge Token tells the power it uncovers (R20.3,
    R25.1); the Compass sent to Pillar Builder claims it and says its VP (R22.3, R24.5)."""
    g = _tutorial_turn2()
    mon = tp.bridge_monument(g)
    line = tp.completion_turn(g, mon, g.state.pool[0])
    assert line is not None
    for cid in line:
        g.choose(cid)
    while g.pending is not None and g.pending.seat != 0:
        g.choose(g.pending.choices[0].id)  # the bot's interest
    g.choose("end")
    assert g.pending is not None and g.pending.kind == "completer_bind"
    name = rules().names[mon]
    assert f"your Magnet bound at {name} scores 3" in explain(g, 0, "bind:magnet")
    g.choose("bind:magnet")
    g.choose("perk:bonus")
    d = g.pending
    assert d is not None and d.kind == "bridge"
    build = next(c.id for c in d.choices if c.id.startswith("build:br_gap_southeast_southwest"))
    assert "builds a bridge between Thornwild and Duskmere, uncovering Swift Stride" in \
        explain(g, 0, build)
    g.choose(build)
    g.choose("activate:rose")
    while g.pending is not None and g.pending.kind == "move":
        g.choose("done")
    g.choose("activate:compass")
    d = g.pending
    assert d is not None and d.kind == "compass"
    to_ach = next(c.id for c in d.choices if "achievement:ach_pillars" in c.id)
    assert "claims Pillar Builder (2 VP)" in explain(g, 0, to_ach)


def test_an_advance_tells_what_it_loads() -> None:
    g = load_game(SCENARIOS / "tutorial-2p.json")
    why = explain(g, 0, "advance")
    assert why.startswith("Advance turn — ") and "loads 2 energy" in why, why

"""Hints (engine.aac.bots.hint): the hard bot's plan for a seat, from its view, in words."""

from __future__ import annotations

import re

from engine.aac.bots import make_bot
from engine.aac.bots.hint import MAX_REASON, hint
from engine.aac.config import GameConfig
from engine.aac.data import rules
from engine.aac.game import Game, new_game


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

"""Property: random legal games with Pilgrimage (alone and with Folklore) keep every invariant
after EVERY decision, not only at turn ends — mid Shrine completion, mid Pilgrimage move (a
skip over another Pilgrimage, R27.8.4), mid Blockade payment (R27.7) — and end (R27.10)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GameConfig, new_game
from engine.aac.core import Ctx
from engine.aac.invariants import check

MAX_DECISIONS = 40_000  # random play is long (engine.aac.simulate allows more)


@settings(max_examples=5, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), both=st.booleans())
def test_every_decision_keeps_the_invariants_with_pilgrimage(seed: int, players: int,
                                                             both: bool) -> None:
    mods = ("folklore", "pilgrimage") if both else ("pilgrimage",)
    g = new_game(GameConfig(players=players, seed=seed, modules=mods))
    g.undo_enabled = False
    rng = random.Random(seed)
    for n in range(MAX_DECISIONS):
        d = g.pending
        if d is None:
            break
        g.choose(rng.choice(d.choices).id)
        errs = check(Ctx(g.state, g.rules))
        assert not errs, f"decision {n} ({d.kind}): {errs[:2]}"
    assert g.is_over, f"not over after {MAX_DECISIONS} decisions"
    assert not g.state.ext["pilgrimage"]["supply"]  # R27.10: every Shrine was built

"""Headless helpers for tools (the screenshots, the frame benchmark): a person at Age of
Reason's table played by a seeded hand through the table's own controls (the hand-off
curtain, the bidding panel's boxes A and B and its Bid button, the choices), keen on the
things a picture or a measurement wants: bids, boxes, attacks and Reserves re-rolls."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.aor.api import tables
from game.aor.scenes.table import TableScene

# what the seeded person prefers at each decision (parts of the engine's choice ids)
PREFER: dict[str, tuple[str, ...]] = {
    "box": ("reserves", "war_office", "army_training"),
    "attack": ("attack_disc", "attack_marker", "convert"),
    "second_attack": ("attack_disc", "attack_marker"),
    "reserves": ("reroll",),
    "ally": ("card:",),
    "buy_npc": ("buy:",),
}


def answer(t: TableScene, rng: random.Random) -> bool:
    """Answer the person's decision now pending at table `t` the way a player would (False
    when nothing is theirs to answer now)."""
    d = t.pending
    if d is None or not t.session.is_human(d.seat) or t.animator.busy:
        return False
    if t.handoff.visible:
        t.handoff_done(d.seat)
        t.handoff.visible = False
        return True
    if d.kind in ("bid", "proposal"):
        au = t.auction
        if d.kind == "bid" and d.find("pass") is not None and rng.random() < 0.5:
            au.pass_()
            return True
        st = au.status()
        if st is None:
            return False
        au.clear()
        unallied = [tables().country_index[c] for c in st.unallied]
        rng.shuffle(unallied)
        for row, c in enumerate(unallied[:1] if st.single else unallied[:2]):
            au.place(c, row)
        if d.kind == "bid":
            au.step(rng.choice((0, 0, 1, 2)))
        au.bid()
        return True
    ids = [c.id for c in d.choices]
    for part in PREFER.get(d.kind, ()):
        liked = [i for i in ids if part in i]
        if liked:
            t.choose(rng.choice(liked))
            return True
    t.choose(rng.choice(ids))
    return True


def play_until(t: TableScene, step: Callable[[], None], done: Callable[[], bool],
               rng: random.Random, limit: int = 20000) -> bool:
    """Step the app (`step`) and answer the person's decisions until `done()`; False if the
    table closed (the game ended) or `limit` steps passed first."""
    for _ in range(limit):
        if done():
            return True
        if t.app.scene is not t:
            return False
        answer(t, rng)
        step()
    return done()

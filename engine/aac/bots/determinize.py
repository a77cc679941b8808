"""Rebuild a playable Game from a seat's view (determinization of the hidden information).

The view lacks the RNG and the order of the face-down Tile Pool supply (only its count). We
refill the supply with a seeded guess: the unseen shop tiles (min_players <= N, minus the pool
slots and every tile a player owns), stacked tier I, II, III as at setup (R3.2.7), each tier in
a seeded random order; the supply is the bottom `count` of that stack, since tiles are drawn
from the top. The RNG is seeded too. Nothing of the real hidden order is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.aac.core import Ctx
from engine.aac.data import Rules, rules
from engine.aac.game import Game
from engine.aac.state import state_from_dict
from engine.kernel.rng import Rng, seed_state

_TIERS = ("I", "II", "III")


def unseen_tiles(view: Mapping[str, Any], r: Rules) -> list[list[str]]:
    """Shop tiles that may still be in the supply, per tier (sorted, for determinism)."""
    n = int(view["n"])
    seen: set[str] = {t for t in view["pool"] if t}
    for p in view["players"]:
        seen.update(p.get("device") or [])
        seen.update(p.get("staging") or [])
    out: list[list[str]] = []
    for tier in _TIERS:
        out.append(sorted(
            t for t in r.shop_tiles
            if r.tiles[t].stack == tier and r.tiles[t].min_players <= n and t not in seen
        ))
    return out


def _fill_hidden_device(p: Mapping[str, Any], r: Rules) -> Mapping[str, Any]:
    """Expert secret loading (R3.3.9) hides other seats' slots, Exhausted Pool and Tile Pool
    energy until turn 1: guess that seat has not loaded yet (all its non-reserve energy in
    its Exhausted Pool), which keeps every token accounted for."""
    if p.get("exhausted") is not None and p.get("shop") is not None:
        return p
    q = dict(p)
    energy = r.characters[str(p["character"])].energy
    q["exhausted"] = [energy[i] - int(p["reserve"][i]) for i in range(4)]
    q["shop"] = [0, 0, 0, 0]
    return q


def game_from_view(view: Mapping[str, Any], seed: int, r: Rules | None = None) -> Game:
    """A Game consistent with `view`, hidden information filled in from `seed`."""
    r = r or rules()
    rng = Rng(seed_state(seed ^ 0xD37E))
    d: dict[str, Any] = dict(view)  # shallow: state_from_dict copies, the view is untouched
    count = d["supply"]
    if not isinstance(count, int):  # a full snapshot was passed: keep its supply length
        count = len(count)
    stack: list[str] = []
    for tier in unseen_tiles(view, r):
        rng.shuffle(tier)
        stack.extend(tier)
    d["supply"] = stack[len(stack) - count:] if count else []
    d["players"] = [_fill_hidden_device(p, r) for p in view["players"]]
    d["rng"] = seed_state(seed ^ 0x51A7E)
    d.pop("seat", None)
    g = Game(state_from_dict(d), r)
    g._run(Ctx(g.state, g.rules))
    return g

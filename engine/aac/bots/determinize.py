"""Rebuild a playable Game from a seat's view (determinization of the hidden information).

The view lacks what the game's hidden parts redact (engine.aac.hidden: the order of the
face-down Tile Pool supply, the RNG, other seats' secret loading); each part fills its blank
from the seed (engine.kernel.hidden.resample). Nothing of the real hidden state is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.aac import hidden
from engine.aac.data import Rules, rules
from engine.aac.game import Game
from engine.aac.state import state_from_dict
from engine.kernel.hidden import resample


def unseen_tiles(view: Mapping[str, Any], r: Rules | None = None) -> list[list[str]]:
    """Shop tiles that may still be in the supply, per tier (sorted, for determinism)."""
    return hidden.unseen_tiles(dict(view))


def game_from_view(view: Mapping[str, Any], seed: int, r: Rules | None = None) -> Game:
    """A Game consistent with `view`, hidden information filled in from `seed`."""
    g = Game(state_from_dict(resample(hidden.parts(), view, seed)), r or rules())
    g.notes = None  # bots' games keep no score notes
    g.undo_enabled = False  # nor undo snapshots (a state copy per choice)
    g._run(g.context())
    return g

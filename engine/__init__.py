"""Game engines: a game-neutral kernel (`engine.kernel`) and An Age Contrived (`engine.aac`).

    from engine import GameConfig, new_game
    game = new_game(GameConfig(players=3, seed=7))
    while not game.is_over:
        d = game.pending
        events = game.choose(d.choices[0].id)

The names below come from An Age Contrived and are loaded on first use, so that
`import engine.kernel` alone imports nothing of the game (the kernel-alone test checks it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.aac.config import GameConfig
    from engine.aac.game import Game, new_game
    from engine.kernel.decisions import Choice, Decision, IllegalChoice

__all__ = ["Choice", "Decision", "Game", "GameConfig", "IllegalChoice", "new_game"]

_HOME = {
    "Choice": "engine.kernel.decisions",
    "Decision": "engine.kernel.decisions",
    "IllegalChoice": "engine.kernel.decisions",
    "GameConfig": "engine.aac.config",
    "Game": "engine.aac.game",
    "new_game": "engine.aac.game",
}


def __getattr__(name: str) -> Any:
    """PEP 562: the public API's names, imported from their home module when first asked."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value

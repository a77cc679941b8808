"""Age of Reason: the rules engine, catalog, saves and hidden information, on the kernel.

Importing it registers the game with the kernel (engine.aor.definition.AOR). A front end
imports engine.aor.api only."""

from engine.aor import definition
from engine.aor.config import AorConfig
from engine.aor.game import Game, new_game

__all__ = ["AorConfig", "Game", "definition", "new_game"]

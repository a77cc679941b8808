"""An Age Contrived: the base game's rules, catalog, saves and bots, on the kernel.

Importing it registers the game with the kernel (engine.aac.definition.AAC)."""

from engine.aac import definition
from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game

__all__ = ["Game", "GameConfig", "definition", "new_game"]

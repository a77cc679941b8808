"""An Age Contrived: the base game's rules, catalog, saves and bots, on the kernel."""

from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game

__all__ = ["Game", "GameConfig", "new_game"]

"""An Age Contrived rules engine: pure Python, no pygame, deterministic.

    game = new_game(GameConfig(players=3, seed=7))
    while not game.is_over:
        d = game.pending
        events = game.choose(d.choices[0].id)
"""

from engine.config import GameConfig
from engine.decisions import Choice, Decision, IllegalChoice
from engine.game import Game, new_game

__all__ = ["Choice", "Decision", "Game", "GameConfig", "IllegalChoice", "new_game"]

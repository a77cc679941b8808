"""Headless games of random bots of An Age Contrived (used by the tests): the game-neutral
simulation (engine.tools.simulate) played on this game."""

from __future__ import annotations

from engine.aac.definition import AAC
from engine.kernel.leaks import hidden_leaks
from engine.tools import simulate as generic
from engine.tools.simulate import GameResult, Summary, game_seed

__all__ = ["GameResult", "Summary", "game_seed", "hidden_leaks", "play_random_game",
           "simulate"]


def play_random_game(players: int, seed: int, *, check_every: str = "turn",
                     modules: tuple[str, ...] = ()) -> GameResult:
    """Play one game of random bots. check_every: "decision", "turn" or "end"."""
    return generic.play_random_game(AAC, players, seed, check_every=check_every,
                                    modules=modules)


def simulate(players: int, games: int, seed: int, *, check_every: str = "turn",
             modules: tuple[str, ...] = ()) -> Summary:
    return generic.simulate(AAC, players, games, seed, check_every=check_every,
                            modules=modules)

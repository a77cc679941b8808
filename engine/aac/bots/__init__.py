"""Bots choose among a Decision's legal choices, seeing only their seat's view."""

from engine.aac.bots.greedy import GreedyBot
from engine.aac.bots.planner import PlannerBot
from engine.kernel.bots import Bot, RandomBot

__all__ = ["Bot", "RandomBot", "BOT_LEVELS", "make_bot"]

BOT_LEVELS = ("random", "easy", "normal", "hard")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by level name ("random", "easy", "normal", "hard"), seeded and deterministic."""
    base = name.split("#", 1)[0]
    if base == "random":
        return RandomBot(seed)
    if base == "easy":
        return GreedyBot(seed)
    if base in ("normal", "hard"):
        return PlannerBot(seed, base)
    raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_LEVELS)}")

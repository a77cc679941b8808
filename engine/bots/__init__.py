"""Bots choose among a Decision's legal choices, seeing only their seat's view."""

from engine.bots.base import Bot
from engine.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]

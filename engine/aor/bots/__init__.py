"""Age of Reason's bots: random, easy, normal, hard. Each sees only its seat's view."""

from engine.aor.bots.levels import BOT_LEVELS, level_note, make_bot

__all__ = ["BOT_LEVELS", "level_note", "make_bot"]

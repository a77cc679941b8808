"""Bots choose among a Decision's legal choices, seeing only their seat's view."""

from engine.aac.bots.greedy import GreedyBot
from engine.aac.bots.planner import EXPERT, HARD, NORMAL, PlannerBot
from engine.kernel.bots import Bot, RandomBot

__all__ = ["Bot", "RandomBot", "BOT_LEVELS", "level_note", "make_bot"]

BOT_LEVELS = ("random", "easy", "normal", "hard", "expert")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by level name ("random", "easy", "normal", "hard", "expert"), seeded and
    deterministic."""
    base = name.split("#", 1)[0]
    if base == "random":
        return RandomBot(seed)
    if base == "easy":
        return GreedyBot(seed)
    if base in ("normal", "hard", "expert"):
        return PlannerBot(seed, base)
    raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_LEVELS)}")


def level_note(level: str) -> str:
    """What a level does and how much it searches, in a player's words (the set-up screen)."""
    notes = {
        "random": "Random: any legal move.",
        "easy": "Easy: the best-looking move, one decision ahead.",
        "normal": f"Normal: plans its own turn, up to {NORMAL.max_nodes:,} positions a turn.",
        "hard": f"Hard: plans its own turn (up to {HARD.max_nodes:,} positions) and checks "
                "the opponents' replies to its best plans.",
        "expert": f"Expert: hard with a bigger budget: plans its own turn (up to "
                  f"{EXPERT.max_nodes:,} positions) and plays its {EXPERT.replies} best "
                  "plans through each opponent's best reply and its own next turn" + (
                      f", on {EXPERT.reply_samples} guesses of the hidden tiles."
                      if EXPERT.reply_samples > 1 else "."),
    }
    return notes.get(level.split("#", 1)[0], "")

"""The levels and what sets them apart (a player's words in `level_note`)."""

from __future__ import annotations

from engine.aor.bots import combat_model as cm
from engine.aor.bots.coalition import AuctionParams
from engine.aor.bots.evaluate import Weights
from engine.aor.bots.player import PolicyBot
from engine.aor.bots.policy import Params
from engine.aor.bots.search import SearchBot, SearchParams
from engine.kernel.bots import Bot, RandomBot

BOT_LEVELS = ("random", "easy", "normal", "hard")

# easy: its own points only (not the standing against the others), the other side's card an
# average one, no allies expected, coalitions by its own attack chances alone, boxes by a
# rule of thumb, every non-player ally bought
EASY = Params(
    weights=Weights(relative=False),
    models=cm.Models(allies=False, stakes=False),
    auction=AuctionParams(threats=False, relative=False, completions=4),
    combat_boxes=False, npc_choice=False, card_use=0.0, bid_scale=0.6,
)
NORMAL = Params()
# hard: the normal policy, and its best choices played out (engine.aor.bots.search) by the
# normal policy itself for every seat (the one its opponents play; only the auction's
# completions are cut to two); the policy's own choice stands unless a rollout beats it by
# half a VP of standing (at 4 players against 3 normal, bench/aor_bot_match.py, seed 1, the
# same 200 tables: rollouts without normal's closer look at the combat boxes won 87, these 95;
# without the margin 1 of the first 20, with it 6)
HARD_POLICY = NORMAL
ROLLOUT = Params(auction=AuctionParams(completions=2))
HARD_SEARCH = SearchParams(rollout=ROLLOUT, margin=0.5)
SALTS = {"easy": 0xEA51, "normal": 0x9071, "hard": 0x4A2D}


def make_bot(level: str, seed: int = 0) -> Bot:
    base = level.split("#", 1)[0]
    if base == "random":
        return RandomBot(seed)
    if base == "easy":
        return PolicyBot(seed, "easy", EASY, SALTS["easy"])
    if base == "normal":
        return PolicyBot(seed, "normal", NORMAL, SALTS["normal"])
    if base == "hard":
        return SearchBot(seed, "hard", HARD_POLICY, HARD_SEARCH, SALTS["hard"])
    raise ValueError(f"unknown bot {level!r}; choose from {', '.join(BOT_LEVELS)}")


def level_note(level: str) -> str:
    notes = {
        "random": "Random: any legal move.",
        "easy": "Easy: the best-looking move for its own points, one decision at a time.",
        "normal": "Normal: weighs every move by the odds and its standing against the others, "
                  "guessing hidden cards and bluffs from what has been shown.",
        "hard": "Hard: normal, then plays its best moves out on many guesses of the hidden "
                "cards before choosing.",
    }
    return notes.get(level.split("#", 1)[0], "")

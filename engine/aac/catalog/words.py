"""The catalog's texts in the game's own words (one word per concept): the cards call the
piece on the map "your character", the rules (R1.17) and every other text of the game call
it the figure, and "character" is who a player plays (Aureon, Freyith...). The catalog files
stay exactly as shared (tests/test_catalog_expansion.py); their texts are read through this."""

from __future__ import annotations

import re

# "your character" meaning the piece: not "character movement", "character point",
# "Character Board" or "the character's colour" (who the player plays)
_PIECE = re.compile(r"\b(your|a|the|whose|their|its) character(s?)\b"
                    r"(?!'s|’s| movement| point| [Bb]oard)")
TEXT_FIELDS = frozenset({"text", "bonus_text", "perk_text", "end_game_text", "trigger",
                         "scoring_text", "effect_text", "description"})


_PLURAL = re.compile(r"\b(\w+)\(s\)")


def figure_words(text: str) -> str:
    """ "Move your character up to 2 spaces" -> "Move your figure up to 2 spaces"; "the
    tile(s) you claim" -> "the tiles you claim" (a plural is a plural)."""
    text = _PLURAL.sub(lambda m: f"{m.group(1)}s", text)
    return _PIECE.sub(lambda m: f"{m.group(1)} figure{m.group(2)}", text)


def in_game_words(data: object) -> object:
    """The parsed catalog file with every player-facing text field in the game's words."""
    if isinstance(data, dict):
        return {k: figure_words(v) if k in TEXT_FIELDS and isinstance(v, str)
                else in_game_words(v) for k, v in data.items()}
    if isinstance(data, list):
        return [in_game_words(v) for v in data]
    return data

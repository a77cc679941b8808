"""Player words (issue 29 item 7): the patterns no text a player reads may hold, and the
game's glossary (one word per concept). tests/test_words.py scans every text it can reach
with them; tests/test_names.py does the same for catalog ids.

The glossary, one word per concept:

- **figure**: the piece on the map (R1.17), never "your character" (the catalog's cards say
  so; engine.aac.catalog.words puts them in the game's words). **character**: who a player
  plays (Aureon, Freyith...), and "character movement", a rules term (R11).
- **player**: a person or a bot at the table, "Player 2" before a character is known;
  counted from 1; never "seat 1" or "Seat 2".
- **device**: a player's transmutation device; **spare tile**: the two starting tiles
  printed "0" (the tiles are counted from 1).
- Counts say their noun in the singular or the plural as the number wants ("1 tile",
  "2 tiles"), never "tile(s)"; positions, slots, sections, columns are counted from 1.
- A message, a log line, a prompt, a hover text and a refusal start with a capital letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# (what is wrong, the pattern that finds it)
RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a plural written (s)", re.compile(r"\w\(s\)")),
    ("a seat number", re.compile(r"\b[Ss]eat \d")),
    ("counted from 0", re.compile(
        r"\b(?:[Pp]ositions?|[Ss]lots?|[Cc]olumns?|[Ss]ections?|[Pp]layer|[Ll]esson|[Ss]tep"
        r"|[Pp]age|[Ss]pace|tile|Tile|[Dd]ecision|[Rr]ow|[Cc]ard) 0\b")),
    ("code notation", re.compile(
        r"\w\[\d+\]|\['|\[\"|\b[a-z]+\.[a-z]+_[a-z_]+\b|!=|==|\bNone\b|\bTrue\b|\bFalse\b"
        r"|\b[a-z]+_[a-z]+\(|\{[a-z_]+\}")),
    ("slot notation", re.compile(r"\b\d\+\d\b")),
    ("an abbreviation", re.compile(r"\bFT \d|\bhovered\b")),
    ("a file name", re.compile(r"\bsave-\d{8}-\d{6}")),
    ("character for the figure", re.compile(
        r"\b(?:[Mm]ov(?:e|es|ing|ed)|[Tt]eleport\w*|[Ff]l(?:y|ies|ying)|[Ww]alk\w*)"
        r" (?:your|their|its|the|a) characters?\b(?! movement| point)"
        r"|\b(?:[Yy]our|[Tt]heir|[Aa]) character (?:is on|stands|lands|cannot go|ends)\b"
        r"|\bpoints? for your character\b")),
)

LOWER_START = re.compile(r"^[a-z]")


def problems(text: str, sentence: bool = False) -> list[str]:
    """What is wrong with `text` ([] for nothing); `sentence`: it must start with a capital
    (a message, a log line, a prompt, a hover text, a refusal)."""
    out = [f"{what}: {m.group(0)!r}" for what, pat in RULES for m in [pat.search(text)] if m]
    if sentence and LOWER_START.match(text):
        out.append("starts in lower case")
    return out


def scan(texts: Iterable[str], sentence: bool = False) -> dict[str, str]:
    """problem -> the first text showing it."""
    out: dict[str, str] = {}
    for t in texts:
        for p in problems(t, sentence):
            kind = p.split(":", 1)[0]
            out.setdefault(f"{kind}", f"{p} in {t[:160]!r}")
    return out

"""Values in a sentence a player reads (a refusal of a save, a config that cannot be used):
text in quotes, shortened; nothing where there is no value; never Python's own notation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MAX = 40


def said(v: Any) -> str:
    """`v` as words: “text” (at most MAX characters), a number, true or false, “nothing”
    for a missing value, “a list” / “a mapping” for the rest."""
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return str(v)
    if isinstance(v, str):
        text = " ".join(v.split())
        return f"“{text[:MAX - 3] + '...' if len(text) > MAX else text}”"
    if isinstance(v, list | tuple):
        return "a list"
    if isinstance(v, dict):
        return "a mapping"
    return "a value of another kind"


# --- places in a document, in words ------------------------------------------------------------

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")


def ordinal(n: int) -> str:
    """1 -> "first" ... 10 -> "tenth", then "11th", "22nd": counted from 1, as players count."""
    if 1 <= n <= len(ORDINALS):
        return ORDINALS[n - 1]
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


@dataclass(frozen=True)
class Glossary:
    """A game's words for the parts of its save documents: `names` says a field ("actions":
    "action tokens"), `items` names one item of a list field ("players": "player"), so that a
    place such as `snapshot.players[0].actions` reads "the first player's action tokens".
    `top` names the document's own parts ("snapshot": "" — the game itself)."""

    names: Mapping[str, str] = field(default_factory=dict)
    items: Mapping[str, str] = field(default_factory=dict)
    top: Mapping[str, str] = field(default_factory=dict)


PLAIN = Glossary()
_PART = re.compile(r"[A-Za-z_]\w*|\[\d+\]|\['[^']*'\]|\[\"[^\"]*\"\]")
# a place in a document: a name with an index, a key or a dotted field after it
_PLACE = re.compile(r"(?<![\w“])[A-Za-z_]\w*(?:\[\d+\]|\['[^']*'\]|\.[A-Za-z_]\w*)+")


def _word(name: str, g: Glossary) -> str:
    return g.names.get(name, name.replace("_", " "))


def _of(phrase: str, noun: str) -> str:
    """ "the first player" + "tracks" -> "the first player's tracks" (just ' after an s)."""
    if not phrase:
        return f"the {noun}"
    return f"{phrase}' {noun}" if phrase.endswith("s") else f"{phrase}'s {noun}"


def place(path: str, g: Glossary = PLAIN) -> str:
    """A place in a save document (`snapshot.players[0].actions`, `stack[1]`) in words,
    counted from 1: "the first player's action tokens", "the second pending rule step"."""
    parts = _PART.findall(path)
    phrase = ""
    i = 0
    while i < len(parts):
        p = parts[i]
        nxt = parts[i + 1] if i + 1 < len(parts) else ""
        if p.startswith("['") or p.startswith('["'):
            phrase = f"{phrase or 'the entry'} {said(p[2:-2])}"
        elif p.startswith("["):
            phrase = f"entry {int(p[1:-1]) + 1} of {phrase or 'the list'}"
        elif i == 0 and p in g.top and not (nxt.startswith("[") and p in g.items):
            phrase = g.top[p]
        elif nxt.startswith("[") and p in g.items:  # one item: "the first player"
            noun = f"{ordinal(int(nxt[1:-1]) + 1)} {g.items[p]}" if nxt[1].isdigit() \
                else f"{g.items[p]} {said(nxt[2:-2])}"
            phrase = _of(phrase, noun)
            i += 1
        else:
            phrase = _of(phrase, _word(p, g))
        i += 1
    return phrase or "the game"


def plain_places(text: str, g: Glossary = PLAIN) -> str:
    """A sentence with every place in a document written as code (`players[0]`,
    `snapshot.turn`, `stack[2].at`) put in words (place); a plain word is left alone."""
    def sub(m: re.Match[str]) -> str:
        tok = m.group(0)
        root = tok.split(".", 1)[0].split("[", 1)[0]
        if "[" not in tok and "_" not in tok and root not in g.top and root not in g.items:
            return tok  # "e.g", an abbreviation: not a place
        return place(tok, g)

    return _PLACE.sub(sub, text)


_SHOULD = re.compile(r"^(?:Input|String|List|Value|Dictionary|Tuple|Object|Decimal|Integer)"
                     r" should (be|have)\b")
_VALID = {"a valid integer": "a whole number", "a valid list": "a list",
          "a valid string": "text", "a valid boolean": "true or false",
          "a valid dictionary": "a mapping", "a valid number": "a number",
          "a valid tuple": "a list", "a valid dictionary or instance": "a mapping"}


def must(msg: str) -> str:
    """A schema checker's complaint as the end of a sentence about a place: "Input should be
    a valid integer" -> "must be a whole number", "Field required" -> "is missing"."""
    msg = msg.removeprefix("Value error, ").removeprefix("Assertion failed, ").strip()
    if msg == "Field required":
        return "is missing"
    if msg.startswith("Extra inputs are not permitted"):
        return "is not part of a save"
    m = _SHOULD.match(msg)
    if m:
        rest = msg[m.end():]
        for k, v in _VALID.items():
            rest = rest.replace(k, v)
        return f"must {m.group(1)}{rest}"
    return f"is wrong ({msg[0].lower() + msg[1:]})" if msg else "is wrong"

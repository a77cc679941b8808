"""Values in a sentence a player reads (a refusal of a save, a config that cannot be used):
text in quotes, shortened; nothing where there is no value; never Python's own notation."""

from __future__ import annotations

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

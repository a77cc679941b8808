"""How Age of Reason's countries look and read: each country's colour AND its mark
(colour-safe: the mark is drawn on every disc, plaque and token of the country), names from
the catalog (the English name, and the German one the rulebook uses for hover texts).

Countries are numbered in the catalog's fixed order (engine.aor.api.tables().countries)."""

from __future__ import annotations

from functools import cache

from engine.aor.api import area, country, tables
from game.shell import theme

Colour = theme.Colour

# the catalog names a colour; the wooden discs' shades
COLOURS: dict[str, Colour] = {
    "red": (178, 40, 36), "orange": (228, 124, 32), "yellow": (230, 196, 48),
    "blue": (40, 82, 168), "black": (44, 42, 46), "white": (238, 234, 222),
    "green": (44, 126, 66),
}
# every country's mark (a shape game.shell.scenegraph.shape_points draws): in catalog order
MARKS: dict[str, str] = {
    "country_great_britain": "cross", "country_united_provinces": "hexagon",
    "country_spain": "triangle", "country_france": "diamond", "country_prussia": "square",
    "country_austria": "circle", "country_russia": "star",
}
MARK_WORDS = {"cross": "cross", "hexagon": "hexagon", "triangle": "triangle",
              "diamond": "diamond", "square": "square", "circle": "ring", "star": "star"}


@cache
def colour(c: int) -> Colour:
    """Country number `c`'s colour (grey for nobody)."""
    if c < 0:
        return (150, 140, 130)
    return COLOURS.get(country(tables().countries[c]).colour, (150, 140, 130))


def mark(c: int) -> str:
    return MARKS.get(tables().countries[c], "circle") if c >= 0 else "circle"


def ink_on(c: int) -> Colour:
    """The colour a mark or a number takes on the country's disc (dark on light)."""
    r, g, b = colour(c)
    return (40, 32, 26) if 0.3 * r + 0.59 * g + 0.11 * b > 150 else (250, 244, 230)


def name(c: int) -> str:
    return tables().country_names[c] if 0 <= c < len(tables().country_names) else "nobody"


def name_de(c: int) -> str:
    return country(tables().countries[c]).name_de if c >= 0 else ""


def country_index(cid: str) -> int:
    return tables().country_index.get(cid, -1)


def area_name(aid: str) -> str:
    return area(aid).name


def area_name_de(aid: str) -> str:
    return area(aid).name_de


def with_german(english: str, german: str | None) -> str:
    """"German States (Deutsche Staaten)"; the English alone when they are the same."""
    return f"{english} ({german})" if german and german != english else english


def gold(n: int) -> str:
    return f"{n} gold"


def vp(n: int) -> str:
    return f"{n} VP"

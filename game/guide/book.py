"""The guide the game shows: the base game's pages; modules register theirs here."""

from __future__ import annotations

from functools import lru_cache

from game.guide import howto, reference
from game.guide.model import Guide


@lru_cache(maxsize=1)
def guide() -> Guide:
    g = Guide()
    g.register(*howto.PAGES)
    g.register(*reference.PAGES)
    return g

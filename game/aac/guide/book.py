"""The guide the game shows: the base game's pages, then the modules' pages (Folklore,
Pilgrimage)."""

from __future__ import annotations

from functools import lru_cache

from game.aac.guide import folklore, howto, pilgrimage, reference
from game.aac.guide.model import Guide


@lru_cache(maxsize=1)
def guide() -> Guide:
    g = Guide()
    g.register(*howto.PAGES)
    g.register(*reference.PAGES)
    g.register(*folklore.PAGES)
    g.register(*pilgrimage.PAGES)
    return g

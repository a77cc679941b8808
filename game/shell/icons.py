"""Hand-written SVG icons (assets/aac/icons), rasterised with pygame.image.load_sized_svg."""

from __future__ import annotations

import pygame

from game.shell.theme import ASSETS

ICON_DIR = ASSETS / "aac" / "icons"
ICON_NAMES = ("compass", "rose", "magnet", "wild", "boot", "castle", "pillar", "patron",
              "bridge", "channel", "artifact", "artifact_primed", "doubler", "scoring_card",
              "folklore_back", "shrine")
# Tile/track icon vocabulary of the catalog -> icon file.
ACTION_ICON = {"move": "boot", "monument": "castle", "pillar": "pillar"}

_cache: dict[tuple[str, int], pygame.Surface] = {}


def icon(name: str, px: int) -> pygame.Surface:
    """The icon `name` rasterised at `px` x `px` pixels (cached)."""
    px = max(4, int(px))
    key = (name, px)
    s = _cache.get(key)
    if s is None:
        path = ICON_DIR / f"{name}.svg"
        s = pygame.image.load_sized_svg(str(path), (px, px))
        if pygame.display.get_surface() is not None:
            s = s.convert_alpha()
        _cache[key] = s
    return s


def clear_cache() -> None:
    _cache.clear()

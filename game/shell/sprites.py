"""Cached drawings: a piece is drawn once per look and pixel size into a small surface and
then blitted, so a redraw costs blits, not vector drawing; and the seat marker every game
draws (a seat's colour AND its shape, always)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

import pygame

from game.shell import theme
from game.shell.scenegraph import Canvas

_sprites: dict[tuple[Hashable, float], tuple[pygame.Surface, int]] = {}
_clear_hooks: list[Callable[[], None]] = []


def sprite(c: Canvas, key: Hashable, x: float, y: float, extent: float,
           draw: Callable[[Canvas], None]) -> None:
    """Blit the cached drawing `key` centred on (x, y). `draw` paints it around the local
    origin within +-`extent` virtual units; it runs once per key and scale."""
    k = (key, round(c.s, 4))
    hit = _sprites.get(k)
    if hit is None:
        if len(_sprites) > 6000:
            _sprites.clear()
        half = math.ceil(extent * c.s) + 2
        surf = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        draw(Canvas(surf, c.s, half, half))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        hit = (surf, half)
        _sprites[k] = hit
    surf, half = hit
    px, py = c.pt(x, y)
    c.surf.blit(surf, (px - half, py - half))


def on_clear(hook: Callable[[], None]) -> None:
    """Run `hook` too when the caches are cleared (a game's own caches of drawings)."""
    _clear_hooks.append(hook)


def clear_cache() -> None:
    _sprites.clear()
    for hook in _clear_hooks:
        hook()


def seat_marker(c: Canvas, x: float, y: float, r: float, colour: theme.Colour,
                shape: str) -> None:
    """A seat's marker: its shape in its colour, edged (colour-safe)."""
    def draw(cc: Canvas) -> None:
        cc.shape(shape, theme.darken(colour, 0.55), 1, 1.5, r)
        cc.shape(shape, colour, 0, 0, r, theme.CREAM, 1.5)

    sprite(c, ("seat", r, colour, shape), x, y, r * 1.2 + 3, draw)

"""The hover tooltip: a small card of wrapped text beside the pointer (the app draws the
tooltip of what the pointer rests on, after a short hover).

It never covers the thing it explains (`avoid`: the hovered node's rect), and it keeps off
the places the scene asks to keep clear (`keep_clear`: what the player may click now) when
some place beside the pointer allows it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Canvas

WIDTH = 420  # virtual units a line of a tooltip may take
BIG = 160 * 160  # a hovered thing larger than this (a panel, the map) is not avoided whole


def _lines(text: str, scale: float) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(theme.wrap(para, max(6, round(13 * scale)), round(WIDTH * scale)))
    return lines


def size(text: str, scale: float = 1.0) -> tuple[float, float]:
    """(w, h) of the tooltip card of `text` in virtual units."""
    lines = _lines(text, scale)
    f = theme.font(max(6, round(13 * scale)))
    return max(f.size(ln)[0] for ln in lines) / scale + 20, 18.0 * len(lines) + 12


def place(w: float, h: float, mx: float, my: float, avoid: pygame.Rect | None = None,
          keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a (w, h) tooltip goes for the pointer at (mx, my): beside the pointer, never
    over `avoid` (the hovered thing; a large one only around the pointer), and over as
    little of `keep_clear` as the places beside it allow (tried around the hovered thing,
    then around every place to keep clear under the pointer, as a panel holding it)."""
    if avoid is None or avoid.w * avoid.h > BIG:
        avoid = pygame.Rect(round(mx) - 12, round(my) - 12, 24, 24)
    under = [k for k in keep_clear if k.collidepoint(mx, my) and k.w * k.h <= BIG]
    grown = avoid.unionall(under) if under else avoid

    def clamp(x: float, y: float) -> pygame.Rect:
        x = min(max(4.0, x), VW - w - 4)
        y = min(max(4.0, y), VH - h - 4)
        return pygame.Rect(round(x), round(y), round(w), round(h))

    below = my + 22 if my + 22 + h < VH else my - h - 8  # the usual place
    candidates = [clamp(mx + 16, below)]
    for a in (avoid, grown) if grown != avoid else (avoid,):
        candidates += [clamp(mx + 16, a.bottom + 8), clamp(mx + 16, a.top - h - 8),
                       clamp(a.right + 10, my - h / 2), clamp(a.left - w - 10, my - h / 2),
                       clamp(a.right + 10, a.top), clamp(a.right + 10, a.bottom - h),
                       clamp(a.left - w - 10, a.top), clamp(a.left - w - 10, a.bottom - h),
                       clamp(mx - w - 16, a.bottom + 8), clamp(mx - w - 16, a.top - h - 8)]
    best: tuple[int, int] | None = None
    for i, r in enumerate(candidates):
        if r.colliderect(avoid):
            continue
        covered = sum(r.clip(k).w * r.clip(k).h for k in keep_clear)
        if covered == 0:
            return r
        if best is None or covered < best[0]:
            best = (covered, i)
    return candidates[best[1]] if best is not None else candidates[0]


def draw_tooltip(c: Canvas, text: str, mx: float, my: float,
                 avoid: pygame.Rect | None = None,
                 keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """Draw the tooltip of `text` for the pointer at (mx, my); returns where (None: no
    text)."""
    if not text:
        return None
    lines = _lines(text, c.s)
    w, h = size(text, c.s)
    r = place(w, h, mx, my, avoid, keep_clear)
    x, y = r.x, r.y
    c.fill((0, 0, 0), x + 3, y + 4, w, h, 6)
    c.fill((255, 250, 236), x, y, w, h, 6)
    c.fill(theme.PANEL_EDGE, x, y, w, h, 6, 1.5)
    for i, ln in enumerate(lines):
        c.text(ln, x + 10, y + 7 + i * 18, 13, theme.INK)
    return r

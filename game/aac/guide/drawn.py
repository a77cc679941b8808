"""Drawn pictures for the guide: pieces a played position cannot show (a module's cards and
board parts before its table exists), drawn by the same helpers the table uses.

A drawing is a function `(canvas, w, h) -> {part: rect}` registered under a name: it draws
into a w x h box (guide units, the canvas scaled to pixels) and says where its parts are,
so a View's marks (`Mark(at=<part>)`) become numbered callouts as on the table pictures."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.aac.guide.art import Callout, Picture, Rect
from game.aac.guide.model import View
from game.shell import theme
from game.shell.scenegraph import Canvas

Drawing = Callable[[Canvas, float, float], dict[str, Rect]]
DRAWINGS: dict[str, tuple[Drawing, float]] = {}  # name -> (function, width / height)


def drawing(name: str, aspect: float) -> Callable[[Drawing], Drawing]:
    """Register a drawing under `name`, drawn at `aspect` (width / height) unless the view
    says otherwise."""
    def deco(fn: Drawing) -> Drawing:
        if name in DRAWINGS:
            raise ValueError(f"drawing {name!r} is registered already")
        DRAWINGS[name] = (fn, aspect)
        return fn
    return deco


def render(view: View, max_w: float, max_h: float, cs: float) -> Picture | None:
    """The drawing of `view` in the largest box that fits max_w x max_h guide units at its
    aspect, at cs pixels per guide unit; None if no such drawing is registered."""
    entry = DRAWINGS.get(view.drawing)
    if entry is None:
        return None
    fn, aspect = entry
    aspect = view.aspect or aspect
    w = min(max_w, max_h * aspect)
    h = w / aspect
    surf = pygame.Surface((max(8, round(w * cs)), max(8, round(h * cs))))
    surf.fill(theme.FELT)
    parts = fn(Canvas(surf, cs), w, h)
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    callouts: list[Callout] = []
    missing: list[str] = []
    for i, mark in enumerate(view.marks, start=1):
        r = parts.get(mark.at)
        if r is None:
            missing.append(mark.at)
        else:
            callouts.append(Callout(i, mark.label, r))
    return Picture(surf, callouts, missing, w, h)

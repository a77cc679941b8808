"""Animated overlays: energy tokens flying, figures walking, tiles sliding, flashes."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game import theme, tokens
from game.layout import VH, VW
from game.scenegraph import Canvas, Node

Point = tuple[float, float]


class Sprite:
    def __init__(self, draw: Callable[[Canvas, float], None], background: bool = False
                 ) -> None:
        self.draw = draw
        self.t = 0.0
        self.alive = False
        self.background = background  # decoration: outlives the batch that spawned it
        self.finished = False


class FxLayer(Node):
    def __init__(self) -> None:
        super().__init__(0, 0, VW, VH, z=30)
        self.sprites: list[Sprite] = []

    def spawn(self, draw: Callable[[Canvas, float], None], background: bool = False
              ) -> Sprite:
        sp = Sprite(draw, background)
        self.sprites.append(sp)
        return sp

    def clear_sprites(self) -> None:
        """Drop the sprites of a finished batch; decorations still playing stay."""
        self.sprites = [sp for sp in self.sprites if sp.background and not sp.finished]

    def draw_self(self, c: Canvas) -> None:
        for sp in self.sprites:
            if sp.alive:
                sp.draw(c, sp.t)


def arc(a: Point, b: Point, t: float, lift: float = 60.0) -> Point:
    x = a[0] + (b[0] - a[0]) * t
    y = a[1] + (b[1] - a[1]) * t - math.sin(math.pi * t) * lift
    return x, y


def flying_token(a: Point, b: Point, etype: int, colour: Any, shape: str
                 ) -> Callable[[Canvas, float], None]:
    def draw(c: Canvas, t: float) -> None:
        x, y = arc(a, b, t, min(80.0, 20 + math.dist(a, b) * 0.25))
        r = 9 + 4 * math.sin(math.pi * t)
        tokens.energy(c, x, y, r, etype, colour, shape)
    return draw


def walking_figure(points: list[Point], colour: Any, shape: str
                   ) -> Callable[[Canvas, float], None]:
    def draw(c: Canvas, t: float) -> None:
        if len(points) == 1:
            x, y = points[0]
            facing = None
        else:
            f = t * (len(points) - 1)
            i = min(len(points) - 2, int(f))
            u = f - i
            (x0, y0), (x1, y1) = points[i], points[i + 1]
            x, y = x0 + (x1 - x0) * u, y0 + (y1 - y0) * u - abs(math.sin(u * math.pi)) * 5
            facing = (x1 - x0, y1 - y0)
        tokens.figure(c, x, y - 3, 8.5, colour, shape, facing)
    return draw


def flash(p: Point, colour: Any, radius: float = 40.0, text: str = ""
          ) -> Callable[[Canvas, float], None]:
    def draw(c: Canvas, t: float) -> None:
        r = radius * (0.4 + t)
        c.circle(colour, p[0], p[1], r, max(1.0, 5 * (1 - t)))
        if text:
            c.text(text, p[0] + 1, p[1] - radius - 8 * t + 1, 15, theme.BG_DARK, True, "center")
            c.text(text, p[0], p[1] - radius - 8 * t, 15, theme.HILITE, True, "center")
    return draw


def floating_text(p: Point, text: str, colour: Any, rise: float = 30.0
                  ) -> Callable[[Canvas, float], None]:
    """Text drifting `rise` units up (negative: down) as it plays."""
    def draw(c: Canvas, t: float) -> None:
        y = p[1] - rise * t
        c.text(text, p[0] + 1, y + 1, 16, theme.BG_DARK, True, "center")
        c.text(text, p[0], y, 16, colour, True, "center")
    return draw


def flying_tile(a: Point, b: Point, td: Any) -> Callable[[Canvas, float], None]:
    def draw(c: Canvas, t: float) -> None:
        x, y = arc(a, b, t, 40)
        tokens.tile(c, x - 30, y - 42, 60, 84, td.top, td.bottom, td.icons, tier=td.stack)
    return draw

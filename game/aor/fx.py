"""Things in flight over Age of Reason's table: sprites an animation moves (a marker from the
bag to its area, a disc to a box, coins to the bank, words floating up), drawn over every
panel in virtual units, and the easing paths they follow."""

from __future__ import annotations

import math
from collections.abc import Callable

from game.shell.scenegraph import Canvas, Node

Point = tuple[float, float]


def arc(a: Point, b: Point, t: float, lift: float = 0.3) -> Point:
    """A point on a hop from a to b (t 0..1), raised by `lift` times the distance."""
    x = a[0] + (b[0] - a[0]) * t
    y = a[1] + (b[1] - a[1]) * t
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    return x, y - math.sin(math.pi * t) * d * lift


class Sprite:
    """One drawn thing: `draw(canvas)` paints it where it is now; `finished` drops it."""

    def __init__(self, draw: Callable[[Canvas], None], z: int = 0) -> None:
        self.draw = draw
        self.z = z
        self.finished = False
        self.visible = True


class FxLayer(Node):
    """The sprites in flight, over the table (virtual units). Asks for frames while any
    is alive."""

    def __init__(self) -> None:
        super().__init__(0, 0, 0, 0, z=40)
        self.sprites: list[Sprite] = []

    def add_sprite(self, draw: Callable[[Canvas], None], z: int = 0) -> Sprite:
        sp = Sprite(draw, z)
        self.sprites.append(sp)
        return sp

    def clear_sprites(self) -> None:
        self.sprites = []

    def frame_rate(self) -> float:
        return 60.0 if any(not s.finished for s in self.sprites) else 0.0

    def on_update(self, dt: float) -> None:
        if any(s.finished for s in self.sprites):
            self.sprites = [s for s in self.sprites if not s.finished]

    def draw_self(self, c: Canvas) -> None:
        for sp in sorted(self.sprites, key=lambda s: s.z):
            if sp.visible and not sp.finished:
                sp.draw(c)

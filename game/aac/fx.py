"""Animated overlays: energy tokens flying, figures walking, tiles sliding, flashes."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.aac import tokens
from game.shell import theme
from game.shell.animations import Tween
from game.shell.layout import VH, VW
from game.shell.scenegraph import Canvas, Node

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


# --- on the map (board units): figures walking, a bridge dropping in ---------------------------
STEP_S = 0.22  # seconds per space walked
HOP_S = 0.42  # a hop over a space another figure stands on (two spaces)
TURN_S = 0.18  # turning around at a bounce


def linear(t: float) -> float:
    return t


def ease_in_out(u: float) -> float:
    return 3 * u * u - 2 * u * u * u


def ease_out_bounce(u: float) -> float:
    """Falls in, bounces twice, settles (1 at u = 1)."""
    n, d = 7.5625, 2.75
    if u < 1 / d:
        return n * u * u
    if u < 2 / d:
        u -= 1.5 / d
        return n * u * u + 0.75
    if u < 2.5 / d:
        u -= 2.25 / d
        return n * u * u + 0.9375
    u -= 2.625 / d
    return n * u * u + 0.984375


def _angle(v: Point) -> float:
    return math.degrees(math.atan2(v[1], v[0]))


class Walk:
    """A figure walking a path space by space: each step eased in and out with a little
    bob, the figure facing its way; where the path turns back (a bounce) it turns around on
    the spot; over a space where another figure stands it hops in an arc. Positions are in
    the coordinates of `points` (board units on the map)."""

    def __init__(self, points: list[Point], hops: list[bool], back: Point | None,
                 colour: Any, shape: str) -> None:
        self.colour, self.shape = colour, shape
        self.points = points
        # legs: (kind, a, b, via, seconds); kind is "step", "hop" or "turn"
        self.legs: list[tuple[str, Point, Point, Point, float]] = []
        n = len(points)
        if n >= 2 and back is not None and _same(points[1], back):
            self._turn(points[0], back, points[0], points[1])  # bounce before the first step
        i = 0
        prev: Point | None = back
        while i < n - 1:
            a = points[i]
            if prev is not None and i > 0 and _same(points[i + 1], prev):
                self._turn(a, prev, a, points[i + 1])  # the path turns back here: a bounce
            if i + 2 < n and hops[i + 1]:
                self.legs.append(("hop", a, points[i + 2], points[i + 1], HOP_S))
                prev, i = points[i + 1], i + 2
            else:
                self.legs.append(("step", a, points[i + 1], a, STEP_S))
                prev, i = a, i + 1
        self.duration = sum(leg[4] for leg in self.legs) or 0.01
        self.hopped = [leg[3] for leg in self.legs if leg[0] == "hop"]
        self.turns = sum(1 for leg in self.legs if leg[0] == "turn")

    def _turn(self, at: Point, came: Point, a: Point, b: Point) -> None:
        # face from "away from came" round to "towards b"
        self.legs.append(("turn", (at[0] * 2 - came[0], at[1] * 2 - came[1]), b, at, TURN_S))

    def pose(self, t: float) -> tuple[float, float, float, float]:
        """(x, y, facing in degrees, height off the ground) at t in 0..1 of the walk."""
        if not self.legs:
            x, y = self.points[-1] if self.points else (0.0, 0.0)
            return x, y, 0.0, 0.0
        clock = max(0.0, min(1.0, t)) * self.duration
        for kind, a, b, via, secs in self.legs:
            if clock <= secs or (kind, a, b, via, secs) == self.legs[-1]:
                u = max(0.0, min(1.0, clock / secs))
                return self._leg(kind, a, b, via, u)
            clock -= secs
        return self._leg(*self.legs[-1][:4], 1.0)

    def _leg(self, kind: str, a: Point, b: Point, via: Point, u: float
             ) -> tuple[float, float, float, float]:
        if kind == "turn":
            a0 = _angle((a[0] - via[0], a[1] - via[1]))
            a1 = _angle((b[0] - via[0], b[1] - via[1]))
            turn = (a1 - a0) % 360.0  # always the same way round
            return via[0], via[1], a0 + turn * ease_in_out(u), 0.0
        e = ease_in_out(u)
        if kind == "hop":  # a curve through `via`, high over the figure standing there
            cx, cy = 2 * via[0] - (a[0] + b[0]) / 2, 2 * via[1] - (a[1] + b[1]) / 2
            x = (1 - e) ** 2 * a[0] + 2 * (1 - e) * e * cx + e * e * b[0]
            y = (1 - e) ** 2 * a[1] + 2 * (1 - e) * e * cy + e * e * b[1]
            dx = 2 * (1 - e) * (cx - a[0]) + 2 * e * (b[0] - cx)
            dy = 2 * (1 - e) * (cy - a[1]) + 2 * e * (b[1] - cy)
            return x, y, _angle((dx, dy)), math.sin(math.pi * u) * 26
        x, y = a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e
        return x, y, _angle((b[0] - a[0], b[1] - a[1])), abs(math.sin(u * math.pi)) * 4

    def draw(self, c: Canvas, t: float) -> None:
        x, y, ang, lift = self.pose(t)
        if lift > 1:  # a shadow on the ground under a hop
            c.circle((70, 60, 50), x + 1.5, y + 2, 7 * (1 - lift / 60))
        a = math.radians(ang)
        tokens.figure(c, x, y - 4 - lift, 10, self.colour, self.shape, (math.cos(a),
                                                                         math.sin(a)))


def _same(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) < 0.01 and abs(p[1] - q[1]) < 0.01


class Jump(Walk):
    """A teleport: the figure leaps in one high arc from where it was to where it lands."""

    def __init__(self, a: Point, b: Point, colour: Any, shape: str) -> None:
        super().__init__([a], [False], None, colour, shape)
        self.a, self.b = a, b
        self.duration = 0.5

    def pose(self, t: float) -> tuple[float, float, float, float]:
        e = ease_in_out(max(0.0, min(1.0, t)))
        (ax, ay), (bx, by) = self.a, self.b
        return (ax + (bx - ax) * e, ay + (by - ay) * e, _angle((bx - ax, by - ay)) if
                (ax, ay) != (bx, by) else 90.0, math.sin(math.pi * e) * 60)


def dropping(draw: Callable[[Canvas, float, float, float], None], x: float, y: float,
             height: float = 80.0) -> Callable[[Canvas, float], None]:
    """Something dropping from above into (x, y) and bouncing to rest: draw(c, x, y, k) is
    called with k, its size (a little larger while it is high)."""
    def go(c: Canvas, t: float) -> None:
        e = ease_out_bounce(max(0.0, min(1.0, t)))
        c.circle((60, 50, 40), x + 2, y + 3, 6 + 8 * e)  # its shadow grows as it falls
        draw(c, x, y - height * (1 - e), 1.0 + 0.35 * (1 - e))
    return go


DROP_S = 0.6
DROP_CONTACT = 1 / 2.75  # where ease_out_bounce first reaches the ground


def sprite_tween(sp: Sprite, delay: float, dur: float,
                 start: Callable[[], None] | None = None,
                 land: Callable[[], None] | None = None,
                 marks: dict[float, Callable[[], None]] | None = None) -> Tween:
    """A blocking tween that plays sprite `sp` at an even pace over `dur` seconds (the sprite
    eases its own motion), calls each of `marks` once as t passes its time (0..1), and
    `land` at the end."""
    left = dict(sorted((marks or {}).items()))

    def upd(t: float) -> None:
        sp.alive = True
        sp.t = t
        for at in [k for k in left if k <= t]:
            left.pop(at)()

    def done() -> None:
        sp.alive = False
        sp.finished = True
        if land is not None:
            land()

    return Tween(dur, upd, done, delay=delay, ease=linear, on_start=start)

"""Dice rolled in a tray, with pymunk: real bouncing dice that come to rest showing the
values the engine rolled. Presentation only: the engine has decided every value (R0.8);
physics decides only the path drawn. Each throw is seeded from the game (its decision count
and the roll's place in it), and the world steps at a fixed 1/120 s, so a replay looks the
same. While a die tumbles its face changes with its turning; once it slows down it shows its
value and stays on it.

A roll is drawn in virtual units inside its tray's rectangle."""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence

import pymunk

from game.aor import pieces
from game.shell import theme
from game.shell.animations import Tween
from game.shell.scenegraph import Canvas, sound

Colour = theme.Colour
SUBSTEP = 1 / 120
SIZE = 30.0  # a die's side (virtual units)
SETTLE_SPEED = 22.0  # below this speed (units/s) a die shows its value
MAX_TIME = 2.2  # a roll never lasts longer (simulated seconds)
WALL = 6.0


def seed_for(*parts: object) -> int:
    return zlib.crc32(":".join(map(str, parts)).encode())


class DiceRoll:
    """`values` rolled by dice of `colours` thrown into the tray `rect` (x, y, w, h) from its
    left (`from_left`) or right side."""

    def __init__(self, rect: tuple[float, float, float, float], values: Sequence[int],
                 colours: Sequence[Colour], seed: int, from_left: Sequence[bool] = (),
                 quiet: bool = False) -> None:
        self.rect = rect
        self.values = list(values)
        self.colours = list(colours)
        self.quiet = quiet
        self.rng = random.Random(seed)
        self.time = 0.0
        self._acc = 0.0
        self.finished = False
        self.space = pymunk.Space()
        self.space.iterations = 10
        self.space.damping = 0.55  # the felt slows them down
        x, y, w, h = rect
        static = self.space.static_body
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            seg = pymunk.Segment(static, a, b, WALL)
            seg.elasticity = 0.75
            seg.friction = 0.5
            self.space.add(seg)
        self.bodies: list[pymunk.Body] = []
        self.faces: list[int] = []
        self.spin_acc: list[float] = []
        self.shown: list[bool] = []
        self.hop: list[float] = []
        sides = list(from_left) or [i % 2 == 0 for i in range(len(values))]
        for i in range(len(values)):
            left = sides[i] if i < len(sides) else True
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (SIZE, SIZE)))
            sx = x + (SIZE * 0.8 if left else w - SIZE * 0.8)
            sy = y + h * (0.25 + 0.5 * self.rng.random())
            body.position = (sx, sy)
            speed = 520 + 260 * self.rng.random()
            ang = (self.rng.random() - 0.5) * 0.9
            dirx = 1.0 if left else -1.0
            body.velocity = (dirx * speed * math.cos(ang), speed * math.sin(ang))
            body.angle = self.rng.random() * math.tau
            body.angular_velocity = (self.rng.random() - 0.5) * 26
            shape = pymunk.Poly.create_box(body, (SIZE, SIZE), 3.0)
            shape.elasticity = 0.6
            shape.friction = 0.6
            self.space.add(body, shape)
            self.bodies.append(body)
            self.faces.append(self.rng.randint(1, 6))
            self.spin_acc.append(0.0)
            self.shown.append(False)
            self.hop.append(0.35 + 0.2 * self.rng.random())
        self._clacks = 0
        if not quiet:
            sound("dice")

    @property
    def settled(self) -> bool:
        return all(self.shown) and all(b.velocity.length < 4 and abs(b.angular_velocity) < 0.4
                                       for b in self.bodies)

    def advance(self, dt: float) -> None:
        """Step the world by dt seconds (fixed substeps)."""
        if self.finished:
            return
        self._acc += min(dt, 0.25)
        while self._acc >= SUBSTEP and not self.finished:
            self._acc -= SUBSTEP
            self._substep()

    def _substep(self) -> None:
        before = [b.velocity for b in self.bodies]
        self.space.step(SUBSTEP)
        self.time += SUBSTEP
        for i, b in enumerate(self.bodies):
            self.spin_acc[i] += abs(b.angular_velocity) * SUBSTEP + b.velocity.length * \
                SUBSTEP / SIZE
            if not self.shown[i] and self.spin_acc[i] > 1.2:  # it turned over: a new face
                self.spin_acc[i] = 0.0
                self.faces[i] = self.rng.randint(1, 6)
            if not self.shown[i] and (b.velocity.length < SETTLE_SPEED or
                                      self.time > MAX_TIME * 0.6):
                self.shown[i] = True
                self.faces[i] = self.values[i]
            if self.shown[i]:  # at rest it turns square to the table, its value on top
                b.angular_velocity *= 0.9
            self.hop[i] = max(0.0, self.hop[i] - SUBSTEP * 0.9)
            dv = (b.velocity - before[i]).length
            if dv > 160 and not self.quiet and self._clacks < 8:
                self._clacks += 1
                sound("dice_hit")
        if self.settled or self.time >= MAX_TIME:
            self.finish()

    def finish(self) -> None:
        """Jump to the end: every die at rest on its value."""
        for i, b in enumerate(self.bodies):
            self.faces[i] = self.values[i]
            self.shown[i] = True
            b.velocity = (0, 0)
            b.angular_velocity = 0
            self.hop[i] = 0.0
        self.finished = True

    def draw(self, c: Canvas, lit: Sequence[bool] = ()) -> None:
        for i, b in enumerate(self.bodies):
            x, y = b.position
            hop = self.hop[i]
            size = SIZE * (1 + 0.35 * hop)
            angle = b.angle
            if self.finished or self.shown[i] and abs(b.angular_velocity) < 0.6:
                # settle square to the table: the nearest right angle
                q = round(angle / (math.pi / 2)) * (math.pi / 2)
                angle = q + (angle - q) * 0.3
            pieces.die(c, x, y - hop * 14, size, self.faces[i], self.colours[i], angle,
                       lit=bool(lit[i]) if i < len(lit) else False)

    def positions(self) -> list[tuple[float, float]]:
        return [(b.position.x, b.position.y) for b in self.bodies]


class RollTween(Tween):
    """Plays a DiceRoll on the table's clock (the animation speed scales it; Space or a
    skip ends it at once, every die on its value)."""

    def __init__(self, roll: DiceRoll, on_done: object = None, delay: float = 0.0) -> None:
        super().__init__(MAX_TIME, None, on_done, delay)  # type: ignore[arg-type]
        self.roll = roll

    def step(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        self._start()
        self.roll.advance(dt)
        if self.roll.finished:
            self.finish()

    def finish(self) -> None:
        self.roll.finish()
        super().finish()


def prewarm() -> None:
    """Import and run pymunk once before the first roll (its first world costs a moment)."""
    r = DiceRoll((0.0, 0.0, 200.0, 120.0), [1, 2], [pieces.ATTACK_DIE, pieces.DEFEND_DIE], 1,
                 quiet=True)
    r.advance(0.05)

"""The spring trapdoor: when a player deploys, the energy tokens of a tile's top row are
launched by a small spring plunger into a corral above the tile, bounce there for a moment,
then fly on to their destinations.

Presentation only: the engine has already decided where every token goes; pymunk decides
only the path drawn inside the corral. Every random nudge is seeded from the game (turn,
decision count, tile, token index), and the world steps at a fixed 1/120 s, so a replay looks
the same. pymunk is imported only when a launch actually simulates (the "Trapdoor physics"
setting off, instant animations and Space-skips never touch it)."""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pymunk

from game.aac import tokens
from game.aac.device_view import TILE_H, TILE_W, TILE_Y, pos_x
from game.aac.fx import arc
from game.shell import theme
from game.shell.animations import Tween
from game.shell.layout import DEVICE_Y, RIGHT_X, TOP_H, VH, VW
from game.shell.scenegraph import Canvas, Node, sound

if TYPE_CHECKING:
    import pymunk

Point = tuple[float, float]

SUBSTEP = 1 / 120  # fixed physics step (s)
HOLD = 0.25  # the plunger cocks itself and fires after this, unless a player grabs it
BOUNCE = 0.65  # tokens bounce in the corral this long after the plunger fires
MAX_HOLD = 3.0  # a plunger held longer than this fires anyway (never blocks the game)
R = 9.0  # token disc radius (virtual units, as the flying tokens)
P_AUTO = 12.0  # how far the plunger cocks itself (virtual units)
P_MAX = 22.0  # how far a player may pull it back
GRAVITY = 1500.0
K_OVER_M = 2400.0  # spring stiffness / plunger mass: launch speed ~900 u/s at P_AUTO
PLUNGER_M = 4.0
PRELOAD = 8.0  # the spring still pushes this hard (in units of travel) at rest
WALL = 8.0  # wall segment radius: thick, so nothing tunnels at 1/120 s


def prewarm() -> None:
    """Import pymunk and run a tiny world once (the import alone takes tens of ms: it must
    not land in an animation frame)."""
    la = Launch(1, [0], theme.CREAM, "circle", "prewarm", False, quiet=True)
    la.advance(2 * SUBSTEP)


def seed_for(*parts: object) -> int:
    """A stable seed (unlike hash(), the same in every process)."""
    return zlib.crc32(":".join(map(str, parts)).encode())


class Launch:
    """One trapdoor firing: N token discs on a spring plunger under tile `pos` of the shown
    device, inside a corral box above it (virtual coordinates, y down).

    Sounds (through the scene graph's hook; `quiet` for none): "pull" when the plunger
    starts cocking itself and when a player grabs it, "release" when it fires."""

    def __init__(self, pos: int, etypes: list[int], colour: theme.Colour, shape: str,
                 seed_key: str, can_drag: bool, wait: bool = False, quiet: bool = False) -> None:
        self.pos = pos
        self.quiet = quiet
        self.etypes = etypes
        self.colour = colour
        self.shape = shape
        self.seed_key = seed_key
        self.can_drag = can_drag
        # a person's launch waits for their pull (or "Fire for me") instead of cocking itself
        self.wait = wait and can_drag
        self.src: tuple[int, str] = (-1, "")  # (owner, "slot:<pos>:top"): the table's key
        self.events: list[Any] = []  # the TokenMoved events it plays
        x0 = RIGHT_X + pos_x(pos)
        self.cx = x0 + TILE_W / 2
        self.slot_y = DEVICE_Y + TILE_Y + TILE_H * 0.22
        self.left, self.right = x0 - 2.0, x0 + TILE_W + 2.0
        self.ceiling = TOP_H + 2.0
        self.rest_top = self.slot_y + R + 0.5  # the plunger's top face at rest
        self.base_y = self.rest_top + 36.0  # where the spring sits on the device
        self.starts: list[Point] = [(x0 + TILE_W * (i + 0.5) / max(1, len(etypes)),
                                     self.slot_y) for i in range(len(etypes))]
        self.positions: list[Point] = list(self.starts)
        self.state = "held"  # held -> dragging -> fired -> finished
        self.time = 0.0  # simulated seconds
        self.fired_at = -1.0
        self.pull = 0.0  # current pull-back of the plunger (0 = rest)
        self.grab_pull = 0.0
        self.grab_y = 0.0
        self.fired_by_player = False
        self.finished = False
        self.fade = 0.0  # seconds since finishing (the empty corral fades out)
        self.space: pymunk.Space | None = None
        self._acc = 0.0
        self._scattered = False
        self._hand: Any = None
        self._pivot: Any = None
        self._plunger: Any = None
        self._discs: list[Any] = []

    # --- setup ---------------------------------------------------------------------------------
    def set_starts(self, starts: list[Point]) -> None:
        if len(starts) == len(self.etypes):
            self.starts = list(starts)
            self.positions = list(starts)

    def _build(self) -> None:
        sp = pymunk.Space()
        sp.gravity = (0.0, GRAVITY)
        sp.iterations = 12
        static = sp.static_body
        top, left, right, floor = self.ceiling, self.left, self.right, self.base_y
        walls = [((left - WALL, top - WALL), (left - WALL, floor)),
                 ((right + WALL, top - WALL), (right + WALL, floor)),
                 ((left - WALL, top - WALL), (right + WALL, top - WALL))]
        for wa, wb in walls:
            seg = pymunk.Segment(static, wa, wb, WALL)
            seg.elasticity, seg.friction = 0.75, 0.4
            sp.add(seg)
        # the plunger: a bar that slides on a vertical groove, pushed up by a damped spring
        half_w = (self.right - self.left) / 2 - 3.0
        pl = pymunk.Body(PLUNGER_M, float("inf"))
        pl.position = (self.cx, self.rest_top + 4.0)
        bar = pymunk.Poly.create_box(pl, (2 * half_w, 8.0), 1.0)
        bar.elasticity, bar.friction = 0.35, 0.8
        rest_c = self.rest_top + 4.0
        groove = pymunk.GrooveJoint(static, pl, (self.cx, rest_c), (self.cx, rest_c + P_MAX),
                                    (0, 0))
        length = self.base_y - rest_c
        spring = pymunk.DampedSpring(static, pl, (self.cx, self.base_y), (0, 0),
                                     length + PRELOAD, K_OVER_M * PLUNGER_M, 6.0)
        # until it fires, a "hand" holds the plunger where the player (or the auto-cock) wants
        hand = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        hand.position = pl.position
        pivot = pymunk.PivotJoint(hand, pl, (0, 0), (0, 0))
        pivot.max_force = 5e6
        sp.add(pl, bar, groove, spring, hand, pivot)
        self._plunger, self._hand, self._pivot = pl, hand, pivot
        for i, (x, y) in enumerate(self.starts):
            rng = random.Random(seed_for(self.seed_key, i, "place"))
            b = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, R))
            b.position = (x + rng.uniform(-1.5, 1.5), y)
            b.angular_velocity = rng.uniform(-4.0, 4.0)
            c = pymunk.Circle(b, R)
            c.elasticity, c.friction = 0.6, 0.5
            sp.add(b, c)
            self._discs.append(b)
        self.space = sp

    # --- input ---------------------------------------------------------------------------------
    def handle_rect(self) -> pygame.Rect:
        """Where a player can grab the plunger (virtual units): the bar and its spring."""
        top = self.rest_top + self.pull - 10
        return pygame.Rect(round(self.left), round(top), round(self.right - self.left),
                           round(self.base_y + 8 - top))

    def grab(self, vx: float, vy: float) -> bool:
        if not self.can_drag or self.state != "held" or self.finished:
            return False
        if not self.handle_rect().collidepoint(vx, vy):
            return False
        self.state = "dragging"
        self.grab_y, self.grab_pull = vy, self.pull
        self._sound("pull")
        return True

    def drag(self, vy: float) -> None:
        if self.state == "dragging":
            self.pull = min(P_MAX, max(0.0, self.grab_pull + vy - self.grab_y))

    def release(self) -> None:
        if self.state == "dragging":
            self.fired_by_player = True
            if self.pull < 3.0:  # a click, not a pull: fire at the usual strength
                self.pull = P_AUTO
            self._fire()

    def fire_now(self) -> None:
        """"Fire for me": the usual strength, at once."""
        if self.state in ("held", "dragging") and not self.finished:
            self.pull = P_AUTO
            self.fired_by_player = True
            self._fire()

    @property
    def waiting(self) -> bool:
        """Waits for the player's pull now."""
        return self.wait and self.state in ("held", "dragging") and not self.finished

    def _sound(self, name: str) -> None:
        if not self.quiet:
            sound(name)

    def _fire(self) -> None:
        self.state = "fired"
        self.fired_at = self.time
        self._sound("release")
        if self.space is None:
            return
        pl = self._plunger
        pl.position = (self.cx, self.rest_top + 4.0 + self.pull)
        pl.velocity = (0.0, 0.0)
        self.space.remove(self._pivot)
        for i, b in enumerate(self._discs):
            rng = random.Random(seed_for(self.seed_key, i, "kick"))
            b.velocity = (b.velocity.x + rng.uniform(-110.0, 110.0), b.velocity.y)

    # --- time ----------------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        """Run the world forward by `dt` simulated seconds in fixed substeps."""
        if self.finished:
            return
        if self.space is None:
            self._build()
        self._acc += dt
        while self._acc >= SUBSTEP and not self.finished:
            self._acc -= SUBSTEP
            self._substep()
        self._sample()

    def _substep(self) -> None:
        assert self.space is not None
        if self.time == 0.0 and self.state == "held" and not self.wait:
            self._sound("pull")  # the plunger starts cocking itself
        self.time += SUBSTEP
        if self.state == "held" and self.wait:
            # waiting for the player: the bar breathes a little, so it looks pullable
            self.pull = 1.5 * (1 - math.cos(self.time * 4.0)) / 2
        elif self.state == "held":
            self.pull = P_AUTO * min(1.0, self.time / HOLD) ** 2
            if self.time >= HOLD - 1e-9:
                self._fire()
        elif self.state == "dragging" and self.time >= MAX_HOLD:
            self.release()
        if self.state in ("held", "dragging"):
            self._hand.position = (self.cx, self.rest_top + 4.0 + self.pull)
        self.space.step(SUBSTEP)
        if self.state == "fired":
            self.pull = max(0.0, self._plunger.position.y - self.rest_top - 4.0)
            if not self._scattered and self.time - self.fired_at >= 0.05:
                self._scatter()
            if self.time - self.fired_at >= BOUNCE - 1e-9:
                self.finished = True

    def _scatter(self) -> None:
        """Once the plunger has stopped, nudge each token's climb (seeded) so they do not
        fly as one block."""
        self._scattered = True
        for i, b in enumerate(self._discs):
            rng = random.Random(seed_for(self.seed_key, i, "climb"))
            b.velocity = (b.velocity.x, b.velocity.y * rng.uniform(0.7, 1.1))

    def _sample(self) -> None:
        lo_x, hi_x = self.left + R, self.right - R
        lo_y, hi_y = self.ceiling + R, self.base_y
        self.positions = [(min(hi_x, max(lo_x, b.position.x)), min(hi_y, max(lo_y, b.position.y)))
                          for b in self._discs]

    def finish(self) -> None:
        self.finished = True

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, c: Canvas) -> None:
        fade = min(1.0, self.fade / 0.25)
        if fade >= 1.0:
            return
        a = round(255 * (1 - fade))
        left, right, top = self.left, self.right, self.ceiling
        floor = self.rest_top
        c.alpha_fill((70, 50, 32, round(a * 0.6)), left, top, right - left, floor - top + 4, 6)
        c.alpha_fill((255, 248, 232, round(a * 0.12)), left + 4, top + 4, 6, floor - top - 8, 3)
        if not self.finished:
            self._draw_spring(c)
        edge = theme.PANEL_EDGE if fade == 0 else theme.lighten(theme.PANEL_EDGE, fade)
        for xa, xb in (((left - 3, top), (left - 3, floor + 6)),
                       ((right + 3, top), (right + 3, floor + 6)),
                       ((left - 3, top), (right + 3, top))):
            c.line(theme.darken(edge, 0.35), (xa[0] + 1, xa[1] + 1), (xb[0] + 1, xb[1] + 1), 4)
            c.line(edge, xa, xb, 4)
        if self.finished:
            return
        if self.can_drag and self.state in ("held", "dragging"):
            word = "let go!" if self.state == "dragging" else "pull ↓"
            c.text(word, self.cx + 1, self.slot_y - R - 13, 12, theme.BG_DARK, True, "center")
            c.text(word, self.cx, self.slot_y - R - 14, 12, theme.HILITE, True, "center")
        for (x, y), et in zip(self.positions, self.etypes, strict=False):
            tokens.energy(c, x, y, R, et, self.colour, self.shape)

    def _draw_spring(self, c: Canvas) -> None:
        y_bar = self.rest_top + self.pull
        x0, x1 = self.left + 3, self.right - 3
        # the spring: a zigzag from the base up to the bar
        n = 7
        pts: list[Point] = []
        for k in range(n + 1):
            y = self.base_y + (y_bar + 8 - self.base_y) * k / n
            dx = 0.0 if k in (0, n) else (9.0 if k % 2 else -9.0)
            pts.append((self.cx + dx, y))
        for p, q in zip(pts, pts[1:], strict=False):
            c.line(theme.INK, p, q, 2.5)
        c.fill(theme.darken(theme.PANEL_EDGE, 0.3), self.cx - 16, self.base_y - 2, 32, 7, 3)
        hot = self.state == "dragging"
        bar = theme.GOLD if hot else (176, 132, 84)
        c.fill(theme.darken(bar, 0.45), x0 + 1, y_bar + 2, x1 - x0, 8, 3)
        c.fill(bar, x0, y_bar, x1 - x0, 8, 3)
        c.fill(theme.INK, x0, y_bar, x1 - x0, 8, 3, 1)


def slot_starts(launch: Launch, top: list[int]) -> list[Point]:
    """Where each of the launch's tokens sits in the tile's top row `top` (energy type per
    slot, -1 empty) before it is taken: the first unused slot holding its type."""
    x0 = RIGHT_X + pos_x(launch.pos)
    used: set[int] = set()
    out: list[Point] = []
    n = max(1, len(top))
    for k, et in enumerate(launch.etypes):
        i = next((j for j, v in enumerate(top) if v == et and j not in used),
                 next((j for j, v in enumerate(top) if v >= 0 and j not in used), k % n))
        used.add(i)
        out.append((x0 + TILE_W * (i + 0.5) / n, launch.slot_y))
    return out


class LaunchTween(Tween):
    """Plays a Launch inside the Animator: its clock (speed setting) steps the physics, a skip
    ends it at once. Lasts as long as the launch does (longer while a player holds it)."""

    def __init__(self, launch: Launch, on_start: Callable[[], None] | None,
                 on_done: Callable[[], None] | None, delay: float = 0.0) -> None:
        super().__init__(HOLD + BOUNCE, None, on_done, delay=delay, on_start=on_start)
        self.launch = launch

    def step(self, dt: float) -> None:
        if self.done:
            return
        before = self.elapsed
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        self._start()
        self.launch.advance(self.elapsed - max(before, self.delay))
        if self.launch.finished:
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        self._start()
        self.launch.finish()
        self.done = True
        if self.on_done:
            self.on_done()


def flight(launch: Launch, i: int, b: Point) -> Callable[[Canvas, float], None]:
    """The token's flight from where it is in the corral (read when it takes off) to `b`."""
    def draw(c: Canvas, t: float) -> None:
        a = launch.positions[i] if i < len(launch.positions) else b
        x, y = arc(a, b, t, min(80.0, 20 + math.dist(a, b) * 0.25))
        r = R + 4 * math.sin(math.pi * t)
        tokens.energy(c, x, y, r, launch.etypes[i], launch.colour, launch.shape)
    return draw


class TrapdoorLayer(Node):
    """Draws the live launches (above the device, under the flying tokens) and lets a player
    grab a plunger, pull it back and let go."""

    def __init__(self) -> None:
        super().__init__(0, 0, VW, VH, z=29)
        self.launches: list[Launch] = []
        self.created = 0  # launches since start (tests: the setting off makes none)
        self.dragging: Launch | None = None

    def new(self, *args: Any, **kw: Any) -> Launch:
        la = Launch(*args, **kw)
        self.launches.append(la)
        self.created += 1
        return la

    def clear(self) -> None:
        self.launches = []
        self.dragging = None

    @property
    def active(self) -> bool:
        return any(la.time > 0 and not la.finished for la in self.launches)

    def waiting(self) -> Launch | None:
        """The launch waiting for a player's pull, if any."""
        return next((la for la in self.launches if la.time > 0 and la.waiting), None)

    def grab(self, vx: float, vy: float) -> bool:
        for la in self.launches:
            if la.time > 0 and la.grab(vx, vy):
                self.dragging = la
                return True
        return False

    def track(self, vx: float, vy: float, pressed: bool) -> None:
        """Follow the pointer while a plunger is held; fire when the button is up."""
        la = self.dragging
        if la is None:
            return
        la.drag(vy)
        if not pressed or la.state != "dragging":
            la.release()
            self.dragging = None

    def on_update(self, dt: float) -> None:
        if not self.launches:
            return
        for la in self.launches:
            if la.finished:
                la.fade += dt
        self.launches = [la for la in self.launches if la.fade < 0.25]
        if self.dragging is not None and self.dragging not in self.launches:
            self.dragging = None

    def draw_self(self, c: Canvas) -> None:
        for la in self.launches:
            if la.time > 0 or la.finished:
                la.draw(c)

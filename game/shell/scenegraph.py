"""A small retained scene graph: nodes with children, local position/scale, z-order,
update(dt), draw, hit testing and input routing. Nodes draw through a Canvas that maps
their local (virtual) coordinates onto the window."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import pygame

from game.shell import theme
from game.shell.icons import icon as load_icon

Colour = tuple[int, int, int]
Point = tuple[float, float]


MIN_TEXT_PX = 9  # no text is drawn smaller than this many pixels, whatever the window
SHRINK = 0.85  # a text too wide for its box may shrink this far before it is shortened


def _silent(name: str) -> object:
    return None


SoundFn = Callable[[str], object]
_sound: SoundFn = _silent


def set_sound(fn: SoundFn | None) -> None:
    """Where the scene graph's sounds go (a Button's click, the trapdoor's spring): the
    App sets its SoundBank.play here; None silences them. The scene graph never imports
    the sound bank itself."""
    global _sound
    _sound = fn or _silent


def sound(name: str) -> None:
    """Play effect `name` through the hook (a no-op until the App sets one)."""
    _sound(name)


class TextRecord(NamedTuple):
    """One drawn text, for the layout test: where it landed, the box it had to fit (the
    drawing node's rectangle, on the same surface), and whether it had to be shortened."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect | None  # None: no box on this surface (the surface itself bounds it)
    owner: str
    shortened: bool
    surface: tuple[int, int]  # the size of the surface drawn on


class TextLog:
    """Records every Canvas.text while `records` is a list (tests switch it on)."""

    records: list[TextRecord] | None = None
    boxes: list[tuple[pygame.Rect, str, int]] = []  # (box, owner, id of its surface)

    @classmethod
    def push(cls, box: pygame.Rect, owner: str, surf: pygame.Surface) -> None:
        cls.boxes.append((box, owner, id(surf)))

    @classmethod
    def pop(cls) -> None:
        cls.boxes.pop()


def fit_text(s: str, px: int, width: int, bold: bool) -> tuple[str, int, bool]:
    """(text, pixel size, shortened) so the text fits `width` pixels: first a slightly smaller
    size (never below MIN_TEXT_PX), then the end cut with an ellipsis."""
    f = theme.font(px, bold)
    if f.size(s)[0] <= width:
        return s, px, False
    low = max(MIN_TEXT_PX, round(px * SHRINK))
    for size in range(px - 1, low - 1, -1):
        if theme.font(size, bold).size(s)[0] <= width:
            return s, size, False
    f = theme.font(low, bold)
    cut = s
    while cut and f.size(cut.rstrip() + "…")[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + "…", low, True


class Canvas:
    """A surface plus the transform screen = offset + scale * local."""

    def __init__(self, surf: pygame.Surface, scale: float = 1.0, ox: float = 0.0,
                 oy: float = 0.0) -> None:
        self.surf = surf
        self.s = scale
        self.ox = ox
        self.oy = oy

    def sub(self, x: float, y: float, scale: float = 1.0) -> Canvas:
        return Canvas(self.surf, self.s * scale, self.ox + x * self.s, self.oy + y * self.s)

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.ox + x * self.s), round(self.oy + y * self.s))

    def px(self, v: float) -> int:
        return max(1, round(v * self.s))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self.pt(x, y)
        x1, y1 = self.pt(x + w, y + h)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def fill(self, col: Colour, x: float, y: float, w: float, h: float, radius: float = 0,
             width: float = 0) -> None:
        pygame.draw.rect(self.surf, col, self.rect(x, y, w, h),
                         self.px(width) if width else 0, self.px(radius) if radius else 0)

    def alpha_fill(self, col: tuple[int, int, int, int], x: float, y: float, w: float,
                   h: float, radius: float = 0) -> None:
        r = self.rect(x, y, w, h)
        tmp = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, col, tmp.get_rect(), 0, self.px(radius) if radius else 0)
        self.surf.blit(tmp, r.topleft)

    def circle(self, col: Colour, x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surf, col, self.pt(x, y), max(1, round(r * self.s)),
                           self.px(width) if width else 0)

    def line(self, col: Colour, a: Point, b: Point, width: float = 1) -> None:
        pygame.draw.line(self.surf, col, self.pt(*a), self.pt(*b), self.px(width))

    def polygon(self, col: Colour, pts: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surf, col, [self.pt(*p) for p in pts],
                            self.px(width) if width else 0)

    def text(self, s: str, x: float, y: float, size: float, col: Colour = theme.INK,
             bold: bool = False, anchor: str = "topleft", max_w: float = 0) -> pygame.Rect:
        """Draw one line. With `max_w` the text fits that width (a little smaller, or cut
        with an ellipsis as a last resort); never smaller than MIN_TEXT_PX pixels."""
        px = max(MIN_TEXT_PX, round(size * self.s))
        shortened = False
        if max_w:
            s, px, shortened = fit_text(s, px, max(1, round(max_w * self.s)), bold)
        surf = theme.text_surface(s, px, col, bold)
        r = surf.get_rect()
        setattr(r, anchor, self.pt(x, y))
        self.surf.blit(surf, r)
        if TextLog.records is not None:
            box: pygame.Rect | None = None
            owner = ""
            for b, o, sid in reversed(TextLog.boxes):  # the innermost box on this surface
                if sid == id(self.surf):
                    box, owner = b, o
                    break
            TextLog.records.append(TextRecord(s, r.copy(), box, owner, shortened,
                                              self.surf.get_size()))
        return r

    def text_box(self, s: str, x: float, y: float, w: float, h: float, size: float,
                 col: Colour = theme.INK, bold: bool = False, align: str = "center") -> None:
        """Fit `s` into the box (x, y, w, h): on as many lines as the height allows, a little
        smaller if it must, cut with an ellipsis only as a last resort; centred vertically,
        aligned "center" or "left"."""
        px = max(MIN_TEXT_PX, round(size * self.s))
        width, height = max(1, round(w * self.s)), max(1, round(h * self.s))
        low = max(MIN_TEXT_PX, round(px * SHRINK))
        lines: list[str] = [s]
        for size_px in range(px, low - 1, -1):
            lines = theme.wrap(s, size_px, width, bold)
            line_h = theme.font(size_px, bold).get_linesize()
            if len(lines) * line_h <= height + 2 and all(
                    theme.font(size_px, bold).size(ln)[0] <= width for ln in lines):
                px = size_px
                break
        else:
            px = low
            line_h = theme.font(px, bold).get_linesize()
            keep = max(1, (height + 2) // line_h)
            lines = theme.wrap(s, px, width, bold)
            if len(lines) > keep:
                lines = lines[:keep - 1] + [" ".join(lines[keep - 1:])]
        line_h = theme.font(px, bold).get_linesize()
        top = y + h / 2 - len(lines) * line_h / self.s / 2
        for i, ln in enumerate(lines):
            ly = top + (i + 0.5) * line_h / self.s
            if align == "left":
                self.text(ln, x, ly, px / self.s, col, bold, "midleft", max_w=w)
            else:
                self.text(ln, x + w / 2, ly, px / self.s, col, bold, "center", max_w=w)

    def icon(self, name: str, x: float, y: float, size: float) -> None:
        """Blit icon `name` centred on (x, y), `size` virtual units wide."""
        surf = load_icon(name, round(size * self.s))
        self.surf.blit(surf, surf.get_rect(center=self.pt(x, y)))

    def shape(self, kind: str, col: Colour, x: float, y: float, r: float,
              edge: Colour | None = None, width: float = 1.5) -> None:
        """A filled shape centred on (x, y) with 'radius' r (colour-safe marker)."""
        pts = shape_points(kind, x, y, r)
        if pts is None:
            self.circle(col, x, y, r)
            if edge is not None:
                self.circle(edge, x, y, r, width)
            return
        self.polygon(col, pts)
        if edge is not None:
            self.polygon(edge, pts, width)


def shape_points(kind: str, x: float, y: float, r: float) -> list[Point] | None:
    if kind == "square":
        k = r * 0.88
        return [(x - k, y - k), (x + k, y - k), (x + k, y + k), (x - k, y + k)]
    if kind == "diamond":
        return [(x, y - r * 1.1), (x + r * 1.1, y), (x, y + r * 1.1), (x - r * 1.1, y)]
    if kind == "triangle":
        return [(x, y - r * 1.15), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    if kind == "hexagon":
        return [(x + r * math.cos(a), y + r * math.sin(a))
                for a in (math.pi / 3 * i for i in range(6))]
    if kind == "star":
        pts: list[Point] = []
        for i in range(10):
            rr = r * (1.15 if i % 2 == 0 else 0.6)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        return pts
    return None


class Node:
    """A scene-graph node. (x, y) is its position in the parent's space, `scale` scales its
    subtree, (w, h) is its own hit box in local units; `z` orders siblings."""

    interactive = False
    clip_hit = False  # True: nothing of the subtree lies outside (0, 0, w, h)
    draws = True  # False: the node and its subtree draw nothing (skipped by draw walks)

    def __init__(self, x: float = 0, y: float = 0, w: float = 0, h: float = 0, z: int = 0,
                 scale: float = 1.0) -> None:
        self.x, self.y, self.w, self.h = x, y, w, h
        self.z = z
        self.scale = scale
        self.visible = True
        self.parent: Node | None = None
        self.children: list[Node] = []
        self._sorted = True

    # --- tree --------------------------------------------------------------------------
    def add(self, *nodes: Node) -> Node:
        for n in nodes:
            n.parent = self
            self.children.append(n)
        self._sorted = False
        return nodes[0] if nodes else self

    def remove(self, node: Node) -> None:
        if node in self.children:
            self.children.remove(node)
            node.parent = None

    def clear(self) -> None:
        for c in self.children:
            c.parent = None
        self.children = []

    def ordered(self) -> list[Node]:
        if not self._sorted:
            self.children.sort(key=lambda n: n.z)
            self._sorted = True
        return self.children

    def walk(self) -> Iterable[Node]:
        yield self
        for c in self.children:
            yield from c.walk()

    def world_origin(self) -> tuple[float, float, float]:
        """(x, y, scale) of this node's local origin in root (virtual) coordinates."""
        x, y, s = 0.0, 0.0, 1.0
        chain: list[Node] = []
        n: Node | None = self
        while n is not None:
            chain.append(n)
            n = n.parent
        for node in reversed(chain):
            x += node.x * s
            y += node.y * s
            s *= node.scale
        return x, y, s

    def world_rect(self) -> pygame.Rect:
        x, y, s = self.world_origin()
        return pygame.Rect(round(x), round(y), max(1, round(self.w * s)),
                           max(1, round(self.h * s)))

    # --- frame ---------------------------------------------------------------------------
    def frame_rate(self) -> float:
        """Frames a second this node's subtree needs to look right now (60 while something
        moves, a few for a slow ambient motion, 0 when nothing changes until the next input;
        the app sleeps when no shown node asks for any). A node with its own motion says so;
        the default asks what its visible children ask."""
        return max((n.frame_rate() for n in self.children if n.visible), default=0.0)

    def update(self, dt: float) -> None:
        self.on_update(dt)
        for c in list(self.children):
            c.update(dt)

    def on_update(self, dt: float) -> None:
        pass

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        boxed = TextLog.records is not None and self.w > 0 and self.h > 0
        if boxed:
            TextLog.push(canvas.rect(0, 0, self.w, self.h), type(self).__name__, canvas.surf)
        try:
            self.draw_self(canvas)
            for c in self.ordered():
                if c.visible and c.draws:
                    c.draw(canvas.sub(c.x, c.y, c.scale))
            self.draw_over(canvas)
        finally:
            if boxed:
                TextLog.pop()

    def draw_self(self, canvas: Canvas) -> None:
        pass

    def draw_over(self, canvas: Canvas) -> None:
        pass

    # --- hit testing and input -------------------------------------------------------------
    def contains(self, lx: float, ly: float) -> bool:
        return 0 <= lx < self.w and 0 <= ly < self.h

    def hit(self, lx: float, ly: float) -> Node | None:
        """The topmost interactive node under the local point (children first)."""
        if not self.visible:
            return None
        if self.clip_hit and not (0 <= lx < self.w and 0 <= ly < self.h):
            return None
        for c in reversed(self.ordered()):
            found = c.hit((lx - c.x) / c.scale, (ly - c.y) / c.scale)
            if found is not None:
                return found
        if self.interactive and self.contains(lx, ly):
            return self
        return None

    def to_local(self, vx: float, vy: float) -> tuple[float, float]:
        x, y, s = self.world_origin()
        return (vx - x) / s, (vy - y) / s

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        return False

    def tooltip(self) -> str:
        return ""


class Label(Node):
    def __init__(self, text: str, x: float, y: float, size: float = 18,
                 colour: Colour = theme.INK, bold: bool = False, anchor: str = "topleft",
                 z: int = 0) -> None:
        super().__init__(x, y, 0, 0, z)
        self.text, self.size, self.colour, self.bold, self.anchor = text, size, colour, bold, anchor

    def draw_self(self, canvas: Canvas) -> None:
        canvas.text(self.text, 0, 0, self.size, self.colour, self.bold, self.anchor)


_button_cache: dict[tuple[object, ...], pygame.Surface] = {}


class Button(Node):
    """A clickable button with a label; `action` runs on click."""

    interactive = True

    def __init__(self, label: str, x: float, y: float, w: float, h: float,
                 action: Callable[[], None], size: float = 18, tip: str = "",
                 enabled: bool = True, z: int = 0, icon_name: str = "",
                 selected: bool = False) -> None:
        super().__init__(x, y, w, h, z)
        self.label, self.action, self.size, self.tip = label, action, size, tip
        self.enabled = enabled
        self.hover = False
        self.icon_name = icon_name
        self.selected = selected
        self.highlight = False

    def draw_self(self, c: Canvas) -> None:
        key = (self.label, self.w, self.h, self.size, self.hover and self.enabled,
               self.enabled, self.selected, self.highlight, self.icon_name, round(c.s, 4))
        surf = _button_cache.get(key)
        if surf is None:
            if len(_button_cache) > 600:
                _button_cache.clear()
            pad = 3
            surf = pygame.Surface((round((self.w + 2 * pad) * c.s) + 2,
                                   round((self.h + 2 * pad) * c.s) + 2), pygame.SRCALPHA)
            bc = Canvas(surf, c.s, pad * c.s, pad * c.s)
            TextLog.push(bc.rect(0, 0, self.w, self.h), f"Button {self.label!r}", surf)
            try:
                self._paint(bc)
            finally:
                TextLog.pop()
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            _button_cache[key] = surf
        x, y = c.pt(0, 0)
        pad_px = round(3 * c.s)
        c.surf.blit(surf, (x - pad_px, y - pad_px))

    def _paint(self, c: Canvas) -> None:
        base = theme.BUTTON_HOVER if self.hover and self.enabled else theme.BUTTON
        if self.selected:
            base = (70, 110, 60)
        if not self.enabled:
            base = (128, 114, 100)
        c.fill(theme.darken(base, 0.4), 0, 3, self.w, self.h, 8)
        c.fill(base, 0, 0, self.w, self.h, 8)
        if self.highlight:
            c.fill(theme.HILITE, -2, -2, self.w + 4, self.h + 4, 9, 3)
        tx = self.w / 2
        if self.icon_name:
            c.icon(self.icon_name, 6 + self.h * 0.35, self.h / 2, self.h * 0.7)
            tx += self.h * 0.35
        c.text(self.label, tx, self.h / 2, self.size, theme.BUTTON_TEXT, True, "center",
               max_w=self.w - 8)

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        if button != 1:
            return False
        if not self.enabled:
            sound("deny")
            return False
        sound("click")
        self.action()
        return True

    def tooltip(self) -> str:
        return self.tip


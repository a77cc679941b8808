"""Drawing energy tokens, figures and seat markers (colour AND shape, always).

Every piece is drawn once per look and pixel size into a small cached surface and then
blitted, so a redraw of the table costs blits, not vector drawing."""

from __future__ import annotations

import math

import pygame

from game.aac.icon_names import ACTION_ICON
from game.shell import sprites, theme
from game.shell.scenegraph import Canvas
from game.shell.sprites import seat_marker, sprite

TYPES = theme.ENERGY_TYPES

__all__ = ["clear_cache", "seat_marker", "sprite"]


def clear_cache() -> None:
    sprites.clear_cache()  # the tile pictures too (on_clear below)


def energy(c: Canvas, x: float, y: float, r: float, etype: int | str,
           owner_colour: theme.Colour | None = None, owner_shape: str = "circle") -> None:
    """One energy token. On shared spaces the token takes its owner's colour and shape; the
    icon inside always names the energy type."""
    name = etype if isinstance(etype, str) else TYPES[etype % 4]
    rr = round(r * c.s * 2) / (2 * c.s)  # half-pixel steps keep the cache small
    sprite(c, ("energy", name, rr, owner_colour, owner_shape), x, y, rr * 1.5 + 1,
           lambda cc: _energy(cc, 0, 0, rr, name, owner_colour, owner_shape))


def _energy(c: Canvas, x: float, y: float, r: float, name: str,
            owner_colour: theme.Colour | None, owner_shape: str) -> None:
    if owner_colour is not None:
        c.shape(owner_shape, theme.darken(owner_colour, 0.5), x + r * 0.12, y + r * 0.18, r)
        c.shape(owner_shape, owner_colour, x, y, r, theme.CREAM, 1.2)
        c.circle(theme.CREAM, x, y, r * 0.62)
        c.icon(name, x, y, r * 1.15)
    else:
        col = theme.ENERGY_COLOUR[name]
        c.circle(theme.darken(col, 0.5), x + r * 0.1, y + r * 0.15, r)
        c.circle(theme.CREAM, x, y, r)
        c.circle(col, x, y, r, 1.6)
        c.icon(name, x, y, r * 1.5)


def empty_slot(c: Canvas, x: float, y: float, r: float, symbol: int | str | None = None) -> None:
    name = None if symbol is None else symbol if isinstance(symbol, str) else TYPES[symbol % 4]
    sprite(c, ("slot", name, r), x, y, r + 1, lambda cc: _empty_slot(cc, r, name))


def _empty_slot(c: Canvas, r: float, name: str | None) -> None:
    c.circle(theme.PANEL_DARK, 0, 0, r)
    c.circle(theme.INK_SOFT, 0, 0, r, 1)
    if name is not None:
        c.icon(name, 0, 0, r * 1.25)


def figure(c: Canvas, x: float, y: float, r: float, colour: theme.Colour, shape: str,
           facing: tuple[float, float] | None) -> None:
    """A standing figure: a shadow, a body in the seat's colour+shape and a facing arrow."""
    ang = None if facing is None else round(math.degrees(math.atan2(facing[1], facing[0])) / 5)
    sprite(c, ("figure", r, colour, shape, ang), x, y, r * 2.3 + 3,
           lambda cc: _figure(cc, r, colour, shape, ang))


def _figure(c: Canvas, r: float, colour: theme.Colour, shape: str, ang: int | None) -> None:
    x = y = 0.0
    if ang is not None:
        a = math.radians(ang * 5)
        ux, uy = math.cos(a), math.sin(a)
        tip = (x + ux * r * 2.1, y + uy * r * 2.1)
        left = (x + ux * r * 1.1 - uy * r * 0.7, y + uy * r * 1.1 + ux * r * 0.7)
        right = (x + ux * r * 1.1 + uy * r * 0.7, y + uy * r * 1.1 - ux * r * 0.7)
        c.polygon(theme.darken(colour, 0.3), [tip, left, right])
        c.polygon(theme.CREAM, [tip, left, right], 1)
    c.circle((0, 0, 0), x + 1.5, y + 3, r * 0.9)
    c.shape(shape, colour, x, y - r * 0.2, r, theme.CREAM, 2)
    c.circle(theme.CREAM, x, y - r * 0.2, r * 0.3)


_tile_cache: dict[tuple[object, ...], pygame.Surface] = {}
sprites.on_clear(_tile_cache.clear)


def tile(c: Canvas, x: float, y: float, w: float, h: float, top: int, bottom: int,
         icons: tuple[str, ...], top_fill: list[int] | None = None,
         bottom_fill: list[int] | None = None, tier: str = "", dim: bool = False) -> None:
    """A transmutation tile: top row of slots, its action icons, bottom row of slots.
    Rendered once per look and size, then blitted."""
    key = (round(c.s, 4), w, h, top, bottom, icons, tuple(top_fill or ()),
           tuple(bottom_fill or ()), tier, dim)
    surf = _tile_cache.get(key)
    if surf is None:
        if len(_tile_cache) > 1500:
            _tile_cache.clear()
        surf = pygame.Surface((max(1, round((w + 4) * c.s)), max(1, round((h + 5) * c.s))),
                              pygame.SRCALPHA)
        _tile_draw(Canvas(surf, c.s), 0, 0, w, h, top, bottom, icons, top_fill, bottom_fill,
                   tier, dim)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _tile_cache[key] = surf
    c.surf.blit(surf, c.pt(x, y))


def _tile_draw(c: Canvas, x: float, y: float, w: float, h: float, top: int, bottom: int,
               icons: tuple[str, ...], top_fill: list[int] | None,
               bottom_fill: list[int] | None, tier: str, dim: bool) -> None:
    face = (236, 222, 190) if not dim else (200, 190, 170)
    c.fill(theme.darken(face, 0.5), x + 2, y + 3, w, h, 7)
    c.fill(face, x, y, w, h, 7)
    c.fill(theme.PANEL_EDGE, x, y, w, h, 7, 1.5)
    c.line(theme.PANEL_EDGE, (x + 4, y + h * 0.5), (x + w - 4, y + h * 0.5), 1)
    r = min(w / (2.6 * max(1, top, bottom)), h * 0.13)
    for _row, n, fill, cy in (("top", top, top_fill, y + h * 0.22),
                             ("bottom", bottom, bottom_fill, y + h * 0.78)):
        for i in range(n):
            cx = x + w * (i + 0.5) / n
            v = fill[i] if fill and i < len(fill) else -1
            if v >= 0:
                energy(c, cx, cy, r, v)
            else:
                empty_slot(c, cx, cy, r)
    if icons:
        k = len(icons)
        isz = min(h * 0.24, w / (k + 0.5))
        for i, name in enumerate(icons):
            c.icon(ACTION_ICON.get(name, "boot"), x + w * (i + 0.5) / k, y + h * 0.5, isz)
    if tier:
        c.text(tier, x + 4, y + h * 0.5, max(6, h * 0.1), theme.INK_SOFT, True, "midleft")


# --- monument pieces --------------------------------------------------------------------------
def slab(c: Canvas, x: float, y: float, w: float, h: float, colour: theme.Colour,
         radius: float = 3.0) -> None:
    """The front side of one monument section seen from above and in front (2.5-D): a band
    `h` thick, lit from the upper left, darker towards its right end, with a bright top
    edge and a dark seam under it."""
    c.fill(theme.darken(colour, 0.5), x, y, w, h, radius)
    c.fill(theme.darken(colour, 0.28), x, y, w - 6, h * 0.85, radius)
    c.fill(theme.darken(colour, 0.1), x + 1, y, w * 0.55, h * 0.7, radius)
    c.line(theme.lighten(colour, 0.35), (x + 3, y + 0.4), (x + w - 5, y + 0.4), 0.9)
    c.line(theme.darken(colour, 0.65), (x + 2, y + h), (x + w - 2, y + h), 0.9)


def frame_base(c: Canvas, x: float, y: float, w: float, h: float, built: int,
               total: int) -> None:
    """The iron frame a monument stands on, with a pip per section along its front: gold
    for each constructed one, dark for those to come."""
    iron = (60, 62, 70)
    c.fill(theme.darken(iron, 0.5), x + 1.5, y + 2, w, h, 2.5)
    c.fill(iron, x, y, w, h, 2.5)
    c.line(theme.lighten(iron, 0.35), (x + 2, y + 0.8), (x + w - 2, y + 0.8), 1)
    if total <= 0:
        return
    step = min(9.0, (w - 12) / max(1, total))
    x0 = x + w / 2 - step * (total - 1) / 2
    for k in range(total):
        col = theme.GOLD if k < built else (44, 42, 50)
        c.circle(col, x0 + k * step, y + h * 0.55, max(1.2, h * 0.24))


def sparkle(c: Canvas, x: float, y: float, t: float, reach: float = 26.0,
            n: int = 8) -> None:
    """A burst of little stars flying out of (x, y) and fading as t runs 0 to 1."""
    if not 0.0 <= t < 1.0:
        return
    for k in range(n):
        a = (k + 0.5) * 2 * math.pi / n
        d = reach * (0.25 + 0.75 * t)
        r = 3.2 * (1 - t) + 0.6
        col = theme.HILITE_EDGE if k % 2 else theme.HILITE
        c.shape("star", col, x + d * math.cos(a), y + d * math.sin(a) * 0.6, r)


BONUS_ICON = {"place_bridge": "bridge", "move_character": "boot", "gain_conduit": "channel",
              "upgrade_action": "castle"}


def bonus_tile(c: Canvas, x: float, y: float, r: float, effect: str) -> None:
    """A monument bonus tile: a gold square with the picture of what it gives."""
    def draw(cc: Canvas) -> None:
        cc.fill((92, 70, 48), -r + 0.8, -r + 1.2, 2 * r, 2 * r, r * 0.3)
        cc.fill((238, 208, 140), -r, -r, 2 * r, 2 * r, r * 0.3)
        cc.fill((150, 110, 40), -r, -r, 2 * r, 2 * r, r * 0.3, 1.2)
        name = BONUS_ICON.get(effect)
        if name:
            cc.icon(name, 0, 0, r * 1.45)
        else:
            cc.shape("star", (150, 100, 30), 0, 0, r * 0.62)

    sprite(c, ("bonus", r, effect), x, y, r * 1.2 + 2, draw)


def patron_token(c: Canvas, x: float, y: float, r: float) -> None:
    def draw(cc: Canvas) -> None:
        cc.circle((70, 52, 20), 0.8, 1.2, r)
        cc.circle((176, 136, 58), 0, 0, r)
        cc.circle((110, 84, 30), 0, 0, r, 1.2)
        cc.icon("patron", 0, -0.3, r * 1.55)

    sprite(c, ("patron", r), x, y, r * 1.2 + 2, draw)

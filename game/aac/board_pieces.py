"""Pieces of the map that say who is where (issue 29, "a board you read at a glance"): an
energy standing in a monument space, filling the space with its owner's colour and shape; an
open space, a hollow showing the energy it wants; the light halo under a piece another seat
just moved (drawn before the piece, so it never hides one); and a monument's name plate.

Each is drawn once per look and pixel size into a cached sprite (game.shell.sprites)."""

from __future__ import annotations

import pygame

from game.shell import theme
from game.shell.scenegraph import MIN_TEXT_PX, Canvas
from game.shell.sprites import sprite

TYPES = theme.ENERGY_TYPES
HALO_ALPHA = 170  # the last-move halo: light, the board shows through it
HALO_W = 3.0  # its width in board units
HALO_GAP = 1.5  # between the piece's edge and the halo (a square's corners reach out)
MIN_PX = MIN_TEXT_PX


def occupied_space(c: Canvas, x: float, y: float, r: float, etype: int,
                   colour: theme.Colour, shape: str) -> None:
    """An energy in a monument space of radius r: its owner's shape in the owner's colour
    filling the space, a darker rim, and a small cream disc naming the energy type."""
    name = TYPES[etype % 4]
    key = ("occupied", name, r, colour, shape)
    sprite(c, key, x, y, r * 1.35 + 2, lambda cc: _occupied(cc, r, name, colour, shape))


def _occupied(c: Canvas, r: float, name: str, colour: theme.Colour, shape: str) -> None:
    k = r * (0.95 if shape == "diamond" else 1.05 if shape == "triangle" else 1.0)
    sy = -0.12 * r if shape == "triangle" else 0.0  # a triangle's middle on the space's
    c.shape(shape, theme.darken(colour, 0.55), 0.6, sy + 1.2, k)
    c.shape(shape, colour, 0, sy, k, theme.darken(colour, 0.45), 1.1)
    inner = r * (0.36 if shape == "triangle" else 0.44)
    cy = r * 0.04 if shape == "triangle" else 0.0
    c.circle(theme.CREAM, 0, cy, inner)
    c.circle(theme.darken(colour, 0.3), 0, cy, inner, 0.8)
    c.icon(name, 0, cy, inner * 1.7)


def open_space(c: Canvas, x: float, y: float, r: float, symbol: int | None,
               face: theme.Colour) -> None:
    """An empty monument space: a hollow in the section's face (shaded along its top edge)
    with the symbol of the energy it wants, pale."""
    name = None if symbol is None else TYPES[symbol % 4]
    sprite(c, ("open", name, r, face), x, y, r + 2, lambda cc: _open(cc, r, name, face))


def _open(c: Canvas, r: float, name: str | None, face: theme.Colour) -> None:
    c.circle(theme.darken(face, 0.2), 0, 0, r)
    c.circle(theme.darken(face, 0.1), 0, r * 0.12, r * 0.86)
    c.circle(theme.darken(face, 0.42), 0, 0, r, 1.1)
    if name is not None:
        c.icon(name, 0, r * 0.06, r * 1.05)


def halo(c: Canvas, x: float, y: float, r: float, colour: theme.Colour) -> None:
    """The mark of another seat's last move around a round piece of radius r: a translucent
    ring just outside it in the mover's colour (drawn before the piece: under it)."""
    sprite(c, ("halo", r, colour), x, y, r + HALO_GAP + HALO_W + 2,
           lambda cc: _halo(cc, r, colour))


def _halo(c: Canvas, r: float, colour: theme.Colour) -> None:
    outer = max(1, round((r + HALO_GAP + HALO_W) * c.s))
    width = max(2, round(HALO_W * c.s))
    pygame.draw.circle(c.surf, (*colour, HALO_ALPHA), c.pt(0, 0), outer, width)


def halo_rect(c: Canvas, x: float, y: float, w: float, h: float, colour: theme.Colour,
              radius: float = 6.0) -> None:
    """The same mark around a rectangular piece (a monument's face, a Tile Pool slot)."""
    g = HALO_W
    r = c.rect(x - g, y - g, w + 2 * g, h + 2 * g)
    tmp = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(tmp, (*colour, HALO_ALPHA), tmp.get_rect(),
                     max(2, round(g * c.s)), max(2, round((radius + g) * c.s)))
    c.surf.blit(tmp, r.topleft)


def name_plate(c: Canvas, text: str, x: float, y: float, w: float, h: float, size: float,
               colour: theme.Colour) -> None:
    """A monument's name on a small parchment plate (x, y, w, h) edged in the monument's
    colour (plate_size gives its size)."""
    c.fill(theme.darken(colour, 0.45), x + 1, y + 1.5, w, h, h / 2)
    c.fill((252, 244, 222), x, y, w, h, h / 2)
    c.fill(colour, x, y, w, h, h / 2, 1.6)
    c.text(text, x + w / 2, y + h / 2, size, theme.INK, True, "center", max_w=w - size * 0.9)


def plate_size(text: str, size: float, scale: float, max_w: float) -> tuple[float, float]:
    """(w, h) of a name plate at `scale` pixels per unit (the text at most max_w wide)."""
    font = theme.font(max(MIN_PX, round(size * scale)), True)
    tw = min(font.size(text)[0] / scale, max_w)
    return tw + size * 1.1, size * 1.45


def region_pill(c: Canvas, text: str, x: float, y: float, w: float, h: float, size: float,
                colour: theme.Colour) -> None:
    """A region's name on a pale pill of the region's colour, over the path lines."""
    c.fill(theme.lighten(colour, 0.55), x, y, w, h, h / 2)
    c.fill(theme.darken(colour, 0.2), x, y, w, h, h / 2, 1)
    c.text(text, x + w / 2, y + h / 2, size, theme.INK_SOFT, True, "center",
           max_w=w - size * 0.6)


def pill_size(text: str, size: float, scale: float, max_w: float) -> tuple[float, float]:
    font = theme.font(max(MIN_PX, round(size * scale)), True)
    tw = min(font.size(text)[0] / scale, max_w)
    return tw + size * 0.8, size * 1.3

"""Colours, player and energy styles (colour + shape), fonts and cached text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from engine.kernel.assets import asset_dir

Colour = tuple[int, int, int]

# inside a PyInstaller bundle the data sits under sys._MEIPASS; from source, next to the code
ASSETS = asset_dir()
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"

# Warm table palette.
BG = (38, 30, 26)
BG_DARK = (26, 20, 17)
FELT = (58, 46, 38)
PANEL = (246, 236, 214)
PANEL_EDGE = (150, 118, 80)
PANEL_DARK = (226, 210, 180)
INK = (52, 38, 28)
INK_SOFT = (110, 92, 74)
CREAM = (255, 248, 232)
GOLD = (222, 170, 60)
HILITE = (255, 214, 64)
HILITE_EDGE = (255, 244, 180)
DENY = (200, 70, 60)
GAIN = (130, 220, 120)  # a score going up (floats over the dark top strip)
LOSS = (245, 120, 100)  # a score going down
PATH = (196, 168, 120)
PATH_EDGE = (110, 84, 54)
WATER = (92, 138, 160)
BUTTON = (120, 72, 42)
BUTTON_HOVER = (160, 98, 54)
BUTTON_TEXT = (255, 244, 224)

REGION_FILL: dict[str, Colour] = {
    "r_center": (164, 186, 214),
    "r_north": (214, 160, 126),
    "r_east": (150, 196, 196),
    "r_southeast": (170, 200, 140),
    "r_southwest": (150, 140, 170),
    "r_west": (206, 190, 140),
}

ENERGY_TYPES = ("compass", "rose", "magnet", "wild")
ENERGY_COLOUR: dict[str, Colour] = {
    "compass": (59, 130, 208),
    "rose": (216, 67, 110),
    "magnet": (47, 154, 116),
    "wild": (242, 182, 48),
}
# Shape of each energy type's token (colour-safe: shape + icon + colour).
ENERGY_SHAPE = {"compass": "diamond", "rose": "circle", "magnet": "square", "wild": "star"}

# Fallback seat colours (the character's colour is used when known).
SEAT_COLOURS: list[Colour] = [
    (47, 93, 168), (178, 34, 34), (46, 139, 87), (212, 160, 23), (123, 63, 160),
]
# Seat shapes: every player has a colour AND a shape.
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
SEAT_SHAPE_NAMES = ("Circle", "Square", "Triangle", "Diamond", "Hexagon")


def hex_colour(h: str) -> Colour:
    h = h.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def lighten(c: Colour, f: float = 0.35) -> Colour:
    return (int(c[0] + (255 - c[0]) * f), int(c[1] + (255 - c[1]) * f),
            int(c[2] + (255 - c[2]) * f))


def darken(c: Colour, f: float = 0.35) -> Colour:
    return (int(c[0] * (1 - f)), int(c[1] * (1 - f)), int(c[2] * (1 - f)))


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), max(6, px))


_text_cache: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}


def text_surface(text: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    key = (text, px, bold, colour)
    s = _text_cache.get(key)
    if s is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        # a NUL cannot be drawn (pygame refuses the whole text): never let one stop a screen
        s = font(px, bold).render(text.replace("\x00", ""), True, colour)
        _text_cache[key] = s
    return s


def wrap(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels at font size `px`."""
    f = font(px, bold)
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


@dataclass(frozen=True)
class SeatLook:
    """How a seat is shown: its colour AND its shape (colour-safe), and its words."""

    colour: Colour
    shape: str  # one of theme.SEAT_SHAPES
    name: str  # "Anna (Freyith)", or just "Freyith"
    role: str = ""  # what it plays, in words

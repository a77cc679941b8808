"""The one virtual resolution (1600x900) and where everything sits in it."""

from __future__ import annotations

VW, VH = 1600, 900
MIN_W, MIN_H = 1280, 720

# The map square: the catalog's 0-1000 board coordinates map straight onto it.
BOARD_X, BOARD_Y, BOARD_S = 8.0, 58.0, 0.838

# Right column.
RIGHT_X = 862.0
RIGHT_W = VW - RIGHT_X - 8
DEVICE_Y, DEVICE_H = 60.0, 300.0
PROMPT_Y, PROMPT_H = 366.0, 126.0
SEATS_Y = 498.0
TOP_H = 52.0


def fit(win_w: int, win_h: int) -> tuple[float, float, float]:
    """(scale, offset_x, offset_y) mapping the virtual screen into a window, letterboxed."""
    s = min(win_w / VW, win_h / VH)
    return s, (win_w - VW * s) / 2, (win_h - VH * s) / 2


def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return max(320, int(w)), max(200, int(h))

"""The hover tooltip: a small card of wrapped text beside the pointer (the app draws the
tooltip of what the pointer rests on, after a short hover)."""

from __future__ import annotations

from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Canvas

WIDTH = 420  # virtual units a line of a tooltip may take


def draw_tooltip(c: Canvas, text: str, mx: float, my: float) -> None:
    if not text:
        return
    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(theme.wrap(para, max(6, round(13 * c.s)), round(WIDTH * c.s)))
    f = theme.font(max(6, round(13 * c.s)))
    w = max(f.size(ln)[0] for ln in lines) / c.s + 20
    h = 18 * len(lines) + 12
    x = min(mx + 16, VW - w - 4)
    y = my + 22 if my + 22 + h < VH else my - h - 8
    c.fill((0, 0, 0), x + 3, y + 4, w, h, 6)
    c.fill((255, 250, 236), x, y, w, h, 6)
    c.fill(theme.PANEL_EDGE, x, y, w, h, 6, 1.5)
    for i, ln in enumerate(lines):
        c.text(ln, x + 10, y + 7 + i * 18, 13, theme.INK)

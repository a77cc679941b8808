"""Small preview pictures of saved games: a thumbnail of the table taken when the game is
saved (`<save>.png` beside the save), and a placeholder drawn from a save's summary where
there is none (old saves, scenarios, damaged files)."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pygame

from engine.kernel import files
from game.aac import tokens
from game.aac.table.model import PreviewModel
from game.shell import theme
from game.shell.layout import VH, VW, fit
from game.shell.scenegraph import Canvas

THUMB = (320, 180)
MAX_PNG = 1024 * 1024  # a 320x180 thumbnail is ~60 kB; anything far larger is not ours


def table_picture(table: PreviewModel) -> pygame.Surface | None:
    """The table as it is on screen, shrunk to a thumbnail; None while something private is
    showing (expert secret loading), so a preview never gives a secret away."""
    if table.private_now():
        return None
    win = table.app.window
    surf = pygame.Surface(win.get_size())
    s, ox, oy = fit(*surf.get_size())
    covered = table.handoff.visible
    table.handoff.visible = False  # the table itself, not the hand-off curtain
    try:
        table.draw(Canvas(surf, s, ox, oy))
    finally:
        table.handoff.visible = covered
    area = pygame.Rect(round(ox), round(oy), round(VW * s), round(VH * s)).clip(surf.get_rect())
    return pygame.transform.smoothscale(surf.subsurface(area), THUMB)


def write_png(surf: pygame.Surface, path: Path) -> None:
    """Write atomically (temp file + rename) so a half-written picture is never read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".png", dir=path.parent)
    os.close(fd)
    try:
        pygame.image.save(surf, tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's header (its IHDR chunk, which must come first), or None
    when `data` does not start like a PNG. Read before any decoding, so a picture that claims
    a huge size is refused without its pixels ever being allocated."""
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def read_png(path: Path) -> pygame.Surface | None:
    """A preview picture, or None when there is none or it cannot be used: not a regular
    file, larger than MAX_PNG, not a PNG, or a picture larger than twice a thumbnail (its
    size is read from the header before decoding). The caller then draws the placeholder."""
    try:
        data = files.read_bytes(path, MAX_PNG)
    except files.Unreadable:
        return None
    size = png_size(data)
    if size is None or not (0 < size[0] <= 2 * THUMB[0] and 0 < size[1] <= 2 * THUMB[1]):
        return None
    try:
        img = pygame.image.load(io.BytesIO(data), "preview.png")
    except (pygame.error, ValueError, OSError, MemoryError):
        return None
    if img.get_width() > 2 * THUMB[0] or img.get_height() > 2 * THUMB[1]:
        return None
    return img


def draw_placeholder(c: Canvas, x: float, y: float, w: float, h: float,
                     colours: Sequence[theme.Colour], turn: int, scores: Sequence[int],
                     damaged: bool = False) -> None:
    """A small picture made from what the list knows: each seat's marker and score bar,
    and the turn; a damaged save gets a torn sheet."""
    c.fill(theme.FELT, x, y, w, h, 6)
    if damaged:
        c.fill(theme.PANEL_DARK, x + w * 0.3, y + h * 0.18, w * 0.4, h * 0.64, 4)
        c.line(theme.DENY, (x + w * 0.36, y + h * 0.3), (x + w * 0.64, y + h * 0.7), 4)
        c.line(theme.DENY, (x + w * 0.64, y + h * 0.3), (x + w * 0.36, y + h * 0.7), 4)
        return
    n = max(1, len(colours))
    top = max([1, *scores])
    bar_w = min(34.0, (w - 40) / n - 8)
    for i, col in enumerate(colours):
        bx = x + 20 + i * (w - 40) / n + ((w - 40) / n - bar_w) / 2
        sc = scores[i] if i < len(scores) else 0
        bh = (h - 78) * sc / top
        c.fill(theme.darken(col, 0.3), bx, y + h - 40 - bh, bar_w, max(2.0, bh), 3)
        tokens.seat_marker(c, bx + bar_w / 2, y + h - 22, 9, col,
                           theme.SEAT_SHAPES[i % len(theme.SEAT_SHAPES)])
    label = "Set-up" if turn == 0 else f"Turn {turn}"
    c.text(label, x + 10, y + 8, 14, theme.CREAM, True)

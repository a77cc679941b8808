"""Small preview pictures of saved games: a thumbnail of the table taken when the game is
saved (`<save>.png` beside the save: a game's table pictures itself, PlayScene.picture), and
a placeholder drawn from a save's summary where there is none (old saves, scenarios, damaged
files)."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pygame

from engine.kernel import files
from game.shell import theme
from game.shell.scenegraph import Canvas
from game.shell.sprites import seat_marker

THUMB = (320, 180)
MAX_PNG = 1024 * 1024  # a 320x180 thumbnail is ~60 kB; anything far larger is not ours


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
                     damaged: bool = False, shapes: Sequence[str] = ()) -> None:
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
        seat_marker(c, bx + bar_w / 2, y + h - 22, 9, col,
                    shapes[i] if i < len(shapes) else theme.SEAT_SHAPES[i % len(theme.SEAT_SHAPES)])
    label = "Set-up" if turn == 0 else f"Turn {turn}"
    c.text(label, x + 10, y + 8, 14, theme.CREAM, True)

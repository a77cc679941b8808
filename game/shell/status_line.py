"""The table's status line, for every game ("Game saved: ...", "Cannot undo: ...", why a click
did nothing): a pill of up to three lines that shows the table's latest message for a few
seconds, then fades out. A game places it (and may move it: `x`, `y`, `w`)."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.shell import theme
from game.shell.scenegraph import Canvas, Node

PX = 15  # the words' size (virtual units)


class Messages(Protocol):
    """The table's latest message and when it came (by the table's clock)."""

    @property
    def message(self) -> str: ...

    @property
    def clock(self) -> float: ...

    @property
    def message_at(self) -> float: ...


class StatusToast(Node):
    """The status line's pill, `w` wide at most (as wide as its longest line needs)."""

    SHOW = 5.0  # seconds fully shown
    FADE = 1.0  # seconds fading out
    MIN_PX = 10  # the smallest type drawn, at small window sizes

    def __init__(self, table: Messages, x: float, y: float, w: float, z: int) -> None:
        super().__init__(x, y, w, 0, z=z)
        self.table = table
        self._surf: pygame.Surface | None = None
        self._key: object = None

    def alpha(self) -> float:
        """How opaque the pill is now (0: not shown)."""
        age = self.table.clock - self.table.message_at
        if not self.table.message or age > self.SHOW + self.FADE:
            return 0.0
        return 1.0 if age <= self.SHOW else 1.0 - (age - self.SHOW) / self.FADE

    def frame_rate(self) -> float:
        a = self.alpha()
        return 20.0 if 0.0 < a < 1.0 else 0.0

    def _lines(self, px: int, scale: float) -> list[str]:
        return theme.wrap(self.table.message, px, round((self.w - 40) * scale))[:3]

    def pill_rect(self) -> tuple[float, float, float, float]:
        """Where the pill is drawn (virtual units): (x, y, w, h)."""
        lines = self._lines(PX, 1.0) or [""]
        widest = max(theme.font(PX).size(ln)[0] for ln in lines)
        bw = min(self.w, widest + 40)
        return self.x + (self.w - bw) / 2, self.y, bw, 16.0 + 22 * len(lines)

    def draw_self(self, c: Canvas) -> None:
        a = self.alpha()
        if a <= 0:
            return
        key = (self.table.message, round(c.s, 4), self.w)
        if self._surf is None or self._key != key:
            self._key = key
            px = max(self.MIN_PX, round(PX * c.s))
            lines = self._lines(px, c.s)
            h = 16 + 22 * len(lines)
            surf = pygame.Surface((round(self.w * c.s), round(h * c.s)), pygame.SRCALPHA)
            sc = Canvas(surf, c.s, 0, 0)
            widest = max(theme.font(px).size(ln)[0] for ln in lines) / c.s
            bw = min(self.w, widest + 40)
            bx = (self.w - bw) / 2
            sc.fill((40, 30, 24), bx, 0, bw, h, 12)
            sc.fill(theme.GOLD, bx, 0, bw, h, 12, 1.5)
            for i, ln in enumerate(lines):
                sc.text(ln, self.w / 2, 19 + 22 * i, PX, theme.CREAM, False, "center",
                        max_w=self.w - 40)
            self._surf = surf
        self._surf.set_alpha(round(255 * a))
        c.surf.blit(self._surf, c.pt(0, 0))

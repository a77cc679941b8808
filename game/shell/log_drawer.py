"""The game log as a drawer that slides in from the window's right edge, under the top strip,
for every game's table: L (the table's key) opens and closes it, the mouse wheel scrolls it.
The newest entries stand at the bottom; a log line starting with "---" (a new turn) is bold;
scrolled up, the lines read stay in place while the log grows. A game may pin its own content
at the top of the page (`pinned`, `draw_pinned`: An Age Contrived's "While you waited").
Wrapped lines and the drawn page are cached, redrawn when the log grows or the page
scrolls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.shell import theme
from game.shell.animations import ease_out_cubic
from game.shell.layout import VH, VW
from game.shell.scenegraph import Canvas, Node

if TYPE_CHECKING:
    from game.shell.session import Session

PAPER = (250, 240, 218)


class LogHost(Protocol):
    @property
    def session(self) -> Session: ...


class LogDrawer(Node):
    """The drawer. A game sets its width, z, and words by class attributes and may pin
    content over the log by overriding `pinned` and `draw_pinned`."""

    W = 520.0
    TOP = 52.0  # under the table's top strip
    Z = 40
    LINE = 16.0
    KEEP = 400  # the newest log entries shown
    MIN_PX = 6  # the log's type never smaller (pixels)
    HINT_Y = 16.0  # the "wheel to scroll" words' middle
    TIP = "The game log (L to close; the mouse wheel scrolls it)"
    interactive = True

    def __init__(self, host: LogHost) -> None:
        super().__init__(VW, self.TOP, self.W, VH - self.TOP, z=self.Z)
        self.host = host
        self.open = False
        self.t = 0.0  # 0 closed .. 1 open
        self.scroll = 0  # lines scrolled up from the newest
        self._lines: list[tuple[str, bool]] = []
        self._wrapped_key: object = None
        self._page: pygame.Surface | None = None
        self._page_key: object = None
        self._pinned_h = 0.0  # the height of what the game pins over the log (0: none)

    def toggle(self) -> None:
        self.open = not self.open

    def frame_rate(self) -> float:
        return 60.0 if 0.0 < self.t < 1.0 or (self.open and self.t < 1.0) or (
            not self.open and self.t > 0.0) else 0.0

    def on_update(self, dt: float) -> None:
        target = 1.0 if self.open else 0.0
        step = dt * 5
        self.t = min(target, self.t + step) if self.t < target else max(target, self.t - step)
        self.x = VW - self.W * ease_out_cubic(self.t)
        self.visible = self.t > 0.001

    def contains(self, lx: float, ly: float) -> bool:
        return self.visible and super().contains(lx, ly)

    def tooltip(self) -> str:
        return self.TIP

    def rows(self) -> int:
        """Log lines the page shows under its title and what is pinned."""
        return int((self.h - 52 - self._pinned_h) // self.LINE)

    def wheel(self, dy: int) -> None:
        """dy > 0: scroll towards older entries."""
        self.scroll = max(0, min(self.scroll + 3 * dy, max(0, len(self._lines) - self.rows())))

    # --- a game's pinned content ----------------------------------------------------------------
    def pinned(self, scale: float) -> tuple[float, object]:
        """Game hook: (height, key) of what the game pins at the top of the page at this
        drawing scale (height 0: nothing; the key names what it shows, for the page cache)."""
        return 0.0, None

    def draw_pinned(self, c: Canvas) -> None:
        """Game hook: draw the pinned content on the page (page units, under the title)."""

    # --- the page -------------------------------------------------------------------------------
    def _wrap(self, s: float) -> None:
        log = self.host.session.log
        key = (len(log), log[-1] if log else "", round(s, 4))
        if key == self._wrapped_key:
            return
        grew = self._lines and self.scroll
        before = len(self._lines)
        self._wrapped_key = key
        out: list[tuple[str, bool]] = []
        px, width = max(self.MIN_PX, round(12 * s)), round((self.W - 28) * s)
        for raw in log[-self.KEEP:]:
            bold = raw.startswith("---")
            out.extend((ln, bold) for ln in theme.wrap(raw, px, width, bold))
        self._lines = out
        if grew:  # keep the lines the reader is looking at in place
            self.scroll = max(0, self.scroll + len(out) - before)

    def draw_self(self, c: Canvas) -> None:
        self._wrap(c.s)
        self._pinned_h, pinned_key = self.pinned(c.s)
        key = (round(c.s, 4), self.scroll, self._wrapped_key, pinned_key)
        if self._page is None or key != self._page_key:
            self._page_key = key
            self._page = pygame.Surface((round((self.W + 4) * c.s), round(self.h * c.s)))
            pc = Canvas(self._page, c.s, 4 * c.s, 0)
            pc.fill((0, 0, 0), -4, 0, self.W + 4, self.h)
            pc.fill(PAPER, 0, 0, self.W, self.h)
            pc.text("Game log", 14, 10, 18, theme.INK, True)
            if self._pinned_h:
                self.draw_pinned(pc)
            n = len(self._lines)
            if n > self.rows():
                pos = "newest" if self.scroll == 0 else f"{self.scroll} lines up"
                pc.text(f"wheel to scroll · {pos}", self.W - 14, self.HINT_Y, 11,
                        theme.INK_SOFT, False, "midright")
            end = n - self.scroll
            y = self.h - 12
            for ln, bold in reversed(self._lines[max(0, end - self.rows()):end]):
                y -= self.LINE
                pc.text(ln, 14, y, 12, theme.INK if bold else theme.INK_SOFT, bold)
            if self.scroll:
                pc.fill(PAPER, 0, self.h - 14, self.W, 14)
                pc.text("▼ newer below", self.W / 2, self.h - 8, 10, theme.INK_SOFT, True,
                        "center")
        c.surf.blit(self._page, c.pt(-4, 0))

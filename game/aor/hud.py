"""The table's heads-up parts: the hot-seat hand-off curtain, the game log drawer, the status
line's pill and the banner that names a new turn, step or the outcome of a moment."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.aor import pieces
from game.shell import handoff, status_line, theme
from game.shell.layout import VH, VW
from game.shell.log_drawer import LogDrawer as ShellLogDrawer
from game.shell.scenegraph import Canvas, Node

if TYPE_CHECKING:
    from game.aor.session import AorSession

TOP = 52.0


class HudModel(Protocol):
    message: str

    @property
    def session(self) -> AorSession: ...

    @property
    def clock(self) -> float: ...

    @property
    def message_at(self) -> float: ...

    def handoff_done(self, seat: int) -> None: ...

    def recent_lines(self, seat: int) -> list[str]: ...


class Handoff(handoff.Handoff):
    """Hot-seat (game.shell.handoff): covers the whole table (every hand, every face-down
    card) until the player named clicks; the others look away."""

    def __init__(self, table: HudModel) -> None:
        super().__init__(table)
        self.table = table
        self.why = ""

    def show(self, seat: int, why: str = "") -> None:
        self.why = why
        super().show(seat)

    def tooltip(self) -> str:
        return "Click when the player named has the table"

    def draw_self(self, c: Canvas) -> None:
        s = self.table.session
        self.draw_cover(c, s.colour(self.seat), 760, 360, 0.65)
        pieces.disc(c, VW / 2, VH / 2 - 100, 30, s.country(self.seat))
        c.text(f"Pass the table to {s.player_name(self.seat)}", VW / 2, VH / 2 - 22, 34,
               theme.CREAM, True, "center", max_w=720)
        who = s.role_name(self.seat)
        if who and who != s.player_name(self.seat):
            c.text(f"playing {who}", VW / 2, VH / 2 + 20, 17, theme.PANEL_DARK, True,
                   "center", max_w=720)
        c.text("Your cards are yours alone: the others look away. Click when you are ready.",
               VW / 2, VH / 2 + 62, 16, theme.CREAM, False, "center", max_w=720)
        if self.why:
            c.text(self.why, VW / 2, VH / 2 + 96, 15, theme.GOLD, True, "center", max_w=720)
        lines = self.table.recent_lines(self.seat)[-5:]
        if lines:
            y = VH / 2 + 200
            c.text("Meanwhile on the table", VW / 2, y, 15, theme.PANEL_DARK, True, "center")
            # long lines wrap; the newest rows that fit are shown
            px, width = max(9, round(13 * c.s)), round(1200 * c.s)
            rows = [r for ln in lines for r in theme.wrap(ln, px, width)]
            for ln in rows[-max(1, int((VH - 16 - y) // 22)):]:
                y += 22
                c.text(ln, VW / 2, y, 13, theme.CREAM, False, "center", max_w=1200)


class LogDrawer(ShellLogDrawer):
    """The game log sliding in from the right (game.shell.log_drawer); the wheel scrolls it."""

    W = 540.0
    Z = 60
    KEEP = 500
    MIN_PX = 9
    HINT_Y = 18.0
    TIP = "The game log (L closes it; the mouse wheel scrolls it)"


class StatusToast(status_line.StatusToast):
    """The status line (game.shell.status_line): a pill under the top strip."""

    MIN_PX = 9

    def __init__(self, table: HudModel) -> None:
        super().__init__(table, VW / 2 - 420, TOP + 8, 840, z=70)


class Banner(Node):
    """A big line over the map for a moment ("Turn 2", "The alliances are bid for",
    "Victory points"): set by the animator, faded by its tween."""

    def __init__(self, x: float, y: float, w: float) -> None:
        super().__init__(x, y, w, 60, z=55)
        self.text = ""
        self.sub = ""
        self.alpha = 0.0

    def draw_self(self, c: Canvas) -> None:
        if self.alpha <= 0.01 or not self.text:
            return
        a = min(1.0, self.alpha)
        tmp = pygame.Surface((round(self.w * c.s), round(self.h * c.s)), pygame.SRCALPHA)
        tc = Canvas(tmp, c.s)
        tc.fill((34, 26, 20), 0, 0, self.w, self.h, 14)
        tc.fill(theme.GOLD, 0, 0, self.w, self.h, 14, 2)
        tc.text(self.text, self.w / 2, 22 if self.sub else self.h / 2, 24, theme.CREAM, True,
                "center", max_w=self.w - 30)
        if self.sub:
            tc.text(self.sub, self.w / 2, 46, 13, theme.PANEL_DARK, False, "center",
                    max_w=self.w - 30)
        tmp.set_alpha(round(235 * a))
        c.surf.blit(tmp, c.pt(0, 0))

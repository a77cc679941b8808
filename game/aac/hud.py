"""Heads-up pieces of the table: the top strip of seats, the log drawer, the hand-off
screen and tooltips."""

from __future__ import annotations

import pygame

from engine.aac.api import GameState
from game.aac import tokens
from game.aac.table.model import HudModel
from game.aac.targets import Hotspot
from game.shell import theme
from game.shell.animations import ease_out_cubic
from game.shell.layout import TOP_H, VH, VW
from game.shell.scenegraph import Button, Canvas, Node


class TopBar(Node):
    def __init__(self, table: HudModel) -> None:
        super().__init__(0, 0, VW, TOP_H, z=1)
        self.table = table
        self.add(Button("Menu (Esc)", VW - 130, 8, 120, 36, table.open_menu, 13,
                        tip="Pause menu: save, settings, quit"))
        self.add(Button("Log (L)", VW - 240, 8, 100, 36, table.toggle_log, 13,
                        tip="Show or hide the game log"))
        self.undo_button = Button("Undo", VW - 340, 8, 90, 36, table.undo, 13)
        self.add(self.undo_button)
        self.hint_button = Button("Hint (H)", VW - 440, 8, 90, 36, table.hint, 13,
                                  tip="What a strong player (the hard bot) would do now, in "
                                      "one line; the game does not change")
        self.add(self.hint_button)
        w = self.slot_w()
        for seat in range(len(table.shown.players)):
            spot = Hotspot(f"info:top:{seat}", 10 + seat * (w + 6), 6, w, 40)
            spot.tipfn = lambda seat=seat: table.seat_tip(seat) + "\n" + table.score_tip(seat)
            self.add(spot)

    def undo_tip(self) -> str:
        st = self.table.undo_status()
        base = "Undo (Ctrl+Z): step back one decision of your own turn."
        return base if not st else f"{base}\nNot now: {st}"

    def slot_w(self) -> float:
        return min(250.0, (VW - 620) / max(1, len(self.table.shown.players)))

    def layer_key(self, s: GameState) -> object:
        return (self.table.deciding_seat(), s.turn, s.end_triggered, len(s.players))

    def draw_static(self, c: Canvas) -> None:
        t = self.table
        s = t.shown
        c.fill(theme.BG_DARK, 0, 0, VW, TOP_H)
        c.line(theme.PANEL_EDGE, (0, TOP_H - 1), (VW, TOP_H - 1), 2)
        n = len(s.players)
        w = self.slot_w()
        deciding = t.deciding_seat()
        for seat in range(n):
            x = 10 + seat * (w + 6)
            col = t.session.colour(seat)
            active = seat == deciding
            c.fill(theme.lighten(col, 0.2) if active else theme.darken(col, 0.45), x, 6, w, 40,
                   8)
            if active:
                c.fill(theme.HILITE, x, 6, w, 40, 8, 2.5)
            tokens.seat_marker(c, x + 18, 26, 10, col, t.session.shape(seat))
            c.text(t.session.name(seat), x + 34, 17, 14, theme.CREAM, True, "midleft",
                   max_w=w - 90)
        info = f"Turn {s.turn}"
        if s.end_triggered:
            info += " — final round"
        c.text(info, VW - 456, 26, 14, theme.CREAM, True, "midright")

    def draw_self(self, c: Canvas) -> None:
        """Per frame: scores and who is thinking."""
        t = self.table
        w = self.slot_w()
        for seat in range(len(t.shown.players)):
            x = 10 + seat * (w + 6)
            kind = "you" if t.session.is_human(seat) else "bot"
            if t.thinking_seat == seat:
                kind = "thinking" + "." * (1 + int(t.clock * 3) % 3)
            c.text(kind, x + 34, 36, 10, theme.CREAM, False, "midleft")
            c.text(str(t.score_shown(seat)), x + w - 10, 26, 22, theme.CREAM, True, "midright")


class LogDrawer(Node):
    """The game log, sliding in from the right; the mouse wheel scrolls it. Wrapped lines
    and the rendered page are cached (redrawn when the log grows or the page scrolls)."""

    W = 520.0
    LINE = 16.0
    interactive = True

    def __init__(self, table: HudModel) -> None:
        super().__init__(VW, 52, self.W, VH - 52, z=40)
        self.table = table
        self.open = False
        self.t = 0.0
        self.scroll = 0  # lines scrolled up from the newest
        self._lines: list[tuple[str, bool]] = []
        self._wrapped_key: object = None
        self._page: pygame.Surface | None = None
        self._page_key: object = None

    def toggle(self) -> None:
        self.open = not self.open

    def on_update(self, dt: float) -> None:
        target = 1.0 if self.open else 0.0
        step = dt * 5
        self.t = min(target, self.t + step) if self.t < target else max(target, self.t - step)
        self.x = VW - self.W * ease_out_cubic(self.t)
        self.visible = self.t > 0.001

    def contains(self, lx: float, ly: float) -> bool:
        return self.visible and super().contains(lx, ly)

    def tooltip(self) -> str:
        return "The game log (L to close; the mouse wheel scrolls it)"

    def rows(self) -> int:
        return int((self.h - 52) // self.LINE)

    def wheel(self, dy: int) -> None:
        """dy > 0: scroll towards older entries."""
        self.scroll = max(0, min(self.scroll + 3 * dy, max(0, len(self._lines) - self.rows())))

    def _wrap(self, s: float) -> None:
        log = self.table.session.log
        key = (len(log), log[-1] if log else "", round(s, 4))
        if key == self._wrapped_key:
            return
        grew = self._lines and self.scroll
        before = len(self._lines)
        self._wrapped_key = key
        out: list[tuple[str, bool]] = []
        px, width = max(6, round(12 * s)), round((self.W - 28) * s)
        for raw in log[-400:]:
            bold = raw.startswith("---")
            out.extend((ln, bold) for ln in theme.wrap(raw, px, width, bold))
        self._lines = out
        if grew:  # keep the lines the reader is looking at in place
            self.scroll = max(0, self.scroll + len(out) - before)

    def draw_self(self, c: Canvas) -> None:
        self._wrap(c.s)
        key = (round(c.s, 4), self.scroll, self._wrapped_key)
        if self._page is None or key != self._page_key:
            self._page_key = key
            self._page = pygame.Surface((round((self.W + 4) * c.s), round(self.h * c.s)))
            pc = Canvas(self._page, c.s, 4 * c.s, 0)
            pc.fill((0, 0, 0), -4, 0, self.W + 4, self.h)
            pc.fill((250, 240, 218), 0, 0, self.W, self.h)
            pc.text("Game log", 14, 10, 18, theme.INK, True)
            n = len(self._lines)
            if n > self.rows():
                pos = "newest" if self.scroll == 0 else f"{self.scroll} lines up"
                pc.text(f"wheel to scroll · {pos}", self.W - 14, 16, 11, theme.INK_SOFT,
                        False, "midright")
            end = n - self.scroll
            y = self.h - 12
            for ln, bold in reversed(self._lines[max(0, end - self.rows()):end]):
                y -= self.LINE
                pc.text(ln, 14, y, 12, theme.INK if bold else theme.INK_SOFT, bold)
            if self.scroll:
                pc.fill((250, 240, 218), 0, self.h - 14, self.W, 14)
                pc.text("▼ newer below", self.W / 2, self.h - 8, 10, theme.INK_SOFT, True,
                        "center")
        c.surf.blit(self._page, c.pt(-4, 0))


class Handoff(Node):
    """Hot-seat hand-off: covers everything private until the next human clicks."""

    interactive = True

    def __init__(self, table: HudModel) -> None:
        super().__init__(0, 0, VW, VH, z=90)
        self.table = table
        self.visible = False
        self.seat = -1

    def show(self, seat: int) -> None:
        self.seat = seat
        self.visible = True

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        if button == 1:
            self.visible = False
            self.table.handoff_done(self.seat)
        return True

    def draw_self(self, c: Canvas) -> None:
        t = self.table
        col = t.session.colour(self.seat)
        c.fill(theme.BG_DARK, 0, 0, VW, VH)
        c.fill(theme.darken(col, 0.6), VW / 2 - 360, VH / 2 - 170, 720, 340, 18)
        c.fill(col, VW / 2 - 360, VH / 2 - 170, 720, 340, 18, 4)
        tokens.seat_marker(c, VW / 2, VH / 2 - 90, 30, col, t.session.shape(self.seat))
        s = t.session
        who, char = s.player_name(self.seat), s.character_name(self.seat)
        c.text(f"Pass the table to {who}", VW / 2, VH / 2 - 20, 34, theme.CREAM, True,
               "center", max_w=680)
        c.text(f"playing {char}" if who != char else f"Seat {self.seat + 1}", VW / 2,
               VH / 2 + 22, 17, theme.PANEL_DARK, True, "center", max_w=680)
        c.text("The other players look away. Click anywhere when you are ready.", VW / 2,
               VH / 2 + 64, 16, theme.CREAM, False, "center", max_w=680)
        lines = t.recap_lines(self.seat)[-5:]  # what the others did meanwhile (all public)
        if lines:
            y = VH / 2 + 190
            c.text("Since your last move", VW / 2, y, 16, theme.PANEL_DARK, True, "center")
            px = max(9, round(14 * c.s))
            for seat, text in lines:
                wrapped = theme.wrap(text, px, round(730 * c.s))
                if y + 24 * len(wrapped) > VH - 16:
                    break
                tokens.seat_marker(c, VW / 2 - 370, y + 24, 7, s.colour(seat), s.shape(seat))
                for ln in wrapped:
                    y += 22
                    c.text(ln, VW / 2 - 356, y + 2, 14, theme.CREAM, False, "midleft",
                           max_w=730)
                y += 4


class StatusToast(Node):
    """The table's status line ("Saved to ...", "Cannot undo: ...", why a click did
    nothing): a pill under the top strip that fades out after a few seconds."""

    SHOW = 5.0  # seconds fully shown
    FADE = 1.0

    def __init__(self, table: HudModel) -> None:
        super().__init__(VW / 2 - 400, TOP_H + 8, 800, 0, z=45)
        self.table = table
        self._surf: pygame.Surface | None = None
        self._key: object = None

    def alpha(self) -> float:
        age = self.table.clock - self.table.message_at
        if not self.table.message or age > self.SHOW + self.FADE:
            return 0.0
        return 1.0 if age <= self.SHOW else 1.0 - (age - self.SHOW) / self.FADE

    def _lines(self, px: int, scale: float) -> list[str]:
        return theme.wrap(self.table.message, px, round((self.w - 40) * scale))[:3]

    def pill_rect(self) -> tuple[float, float, float, float]:
        """Where the pill is drawn (virtual units): (x, y, w, h)."""
        lines = self._lines(15, 1.0) or [""]
        widest = max(theme.font(15).size(ln)[0] for ln in lines)
        bw = min(self.w, widest + 40)
        return self.x + (self.w - bw) / 2, self.y, bw, 16.0 + 22 * len(lines)

    def draw_self(self, c: Canvas) -> None:
        a = self.alpha()
        if a <= 0:
            return
        text = self.table.message
        key = (text, round(c.s, 4))
        if self._surf is None or self._key != key:
            self._key = key
            lines = self._lines(max(10, round(15 * c.s)), c.s)
            h = 16 + 22 * len(lines)
            surf = pygame.Surface((round(self.w * c.s), round(h * c.s)), pygame.SRCALPHA)
            sc = Canvas(surf, c.s, 0, 0)
            widest = max(theme.font(max(10, round(15 * c.s))).size(ln)[0] for ln in lines) / c.s
            bw = min(self.w, widest + 40)
            bx = (self.w - bw) / 2
            sc.fill((40, 30, 24), bx, 0, bw, h, 12)
            sc.fill(theme.GOLD, bx, 0, bw, h, 12, 1.5)
            for i, ln in enumerate(lines):
                sc.text(ln, self.w / 2, 19 + 22 * i, 15, theme.CREAM, False, "center")
            self._surf = surf
        self._surf.set_alpha(round(255 * a))
        c.surf.blit(self._surf, c.pt(0, 0))


class RecapCard(Node):
    """After the other seats' turns: what each did, one line per turn, until the person
    deciding closes it (a click) or acts. The log (L) has every detail."""

    interactive = True
    W = 620.0
    LINE = 22.0

    def __init__(self, table: HudModel) -> None:
        super().__init__(20, 0, self.W, 0, z=35)
        self.table = table
        self.lines: list[tuple[int, str]] = []
        self.visible = False  # until an update finds something to tell

    def on_update(self, dt: float) -> None:
        self.lines = self.table.recap_showing()
        self.visible = bool(self.lines)
        self._layout()

    def _layout(self) -> None:
        rows = sum(len(self._wrapped(text)) for _, text in self.lines)
        self.h = 44 + rows * self.LINE + 10
        self.y = 690 - self.h  # above the Tile Pool, over the lower map

    def _wrapped(self, text: str) -> list[str]:
        return theme.wrap(text, 14, round(self.W - 60))

    def contains(self, lx: float, ly: float) -> bool:
        return self.visible and super().contains(lx, ly)

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        self.table.close_recap()
        return True

    def tooltip(self) -> str:
        return "What the other seats did since you last played. Click to close."

    def draw_self(self, c: Canvas) -> None:
        if not self.lines:
            return
        c.fill((0, 0, 0), 4, 5, self.w, self.h, 12)
        c.fill((252, 244, 226), 0, 0, self.w, self.h, 12)
        c.fill(theme.PANEL_EDGE, 0, 0, self.w, self.h, 12, 2)
        c.text("While you waited", 16, 20, 16, theme.INK, True, "midleft")
        c.text("click to close · L: the full log", self.w - 16, 20, 11, theme.INK_SOFT, False,
               "midright")
        y = 44.0
        for seat, text in self.lines:
            col = self.table.session.colour(seat)
            tokens.seat_marker(c, 24, y + 10, 7, col, self.table.session.shape(seat))
            for ln in self._wrapped(text):
                c.text(ln, 40, y + 10, 14, theme.INK, False, "midleft")
                y += self.LINE

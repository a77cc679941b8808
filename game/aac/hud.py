"""Heads-up pieces of the table: the top strip of seats, the log drawer, the hand-off
screen and tooltips."""

from __future__ import annotations

import pygame

from engine.aac.api import GameState
from game.aac import tokens
from game.aac.table.model import HudModel
from game.aac.targets import Hotspot
from game.shell import handoff, status_line, theme
from game.shell.layout import RIGHT_W, RIGHT_X, SEATS_Y, TOP_H, VH, VW
from game.shell.log_drawer import LogDrawer as ShellLogDrawer
from game.shell.scenegraph import Button, Canvas, Node

TURN_W = 220.0  # the turn's words in the top strip ("Turn 160 — final round")


class TopBar(Node):
    def __init__(self, table: HudModel) -> None:
        super().__init__(0, 0, VW, TOP_H, z=1)
        self.table = table
        self.menu_button = Button("Menu (Esc)", VW - 130, 8, 120, 36, table.open_menu, 13,
                                  tip="Pause menu: save, settings, quit")
        self.add(self.menu_button)
        self.log_button = Button("Log (L)", VW - 240, 8, 100, 36, table.toggle_log, 13,
                                 tip="Show or hide the game log")
        self.add(self.log_button, LogBadge(table, self.log_button))
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
        """Each seat's chip: side by side, left of the turn's words ("Turn 160 — final
        round", TURN_W wide, right-aligned at VW - 456)."""
        n = max(1, len(self.table.shown.players))
        return min(250.0, (VW - 456 - TURN_W - 10 - 6 * n) / n)

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
                   max_w=w - 90, alts=t.session.name_forms(seat))
        info = f"Turn {s.turn}"
        if s.end_triggered:
            info += " — final round"
        c.text(info, VW - 456, 26, 14, theme.CREAM, True, "midright", max_w=TURN_W,
               alts=[f"Turn {s.turn}, final round", f"Turn {s.turn}"])

    def draw_self(self, c: Canvas) -> None:
        """Per frame: scores and who is thinking."""
        t = self.table
        w = self.slot_w()
        for seat in range(len(t.shown.players)):
            x = 10 + seat * (w + 6)
            kind = t.session.seat_word(seat)  # hot-seat: "player", never "you"
            if t.thinking_seat == seat:
                kind = "thinking" + "." * (1 + int(t.clock * 3) % 3)
            c.text(kind, x + 34, 36, 10, theme.CREAM, False, "midleft")
            c.text(str(t.score_shown(seat)), x + w - 10, 26, 22, theme.CREAM, True, "midright")


class LogBadge(Node):
    """On the Log button's corner: how many of the others' turns the recap strip cannot show
    (no room beside four or five seats' rows, or more than fit); the log shows them."""

    def __init__(self, table: HudModel, button: Button) -> None:
        super().__init__(button.x + button.w - 14, button.y - 6, 20, 20, z=2)
        self.table = table

    def draw_self(self, c: Canvas) -> None:
        n = self.table.recap_badge()
        if n:
            c.circle(theme.BG_DARK, 11, 11, 10)
            c.circle(theme.GOLD, 10, 10, 9)
            c.text(str(n), 10, 10, 11, theme.INK, True, "center")


class LogDrawer(ShellLogDrawer):
    """The game log drawer (game.shell.log_drawer) with the recap pinned on top: what the
    others did since the person last acted, while it is news."""

    PINNED_ROWS = 12  # lines of "While you waited" at most, pinned over the log

    def __init__(self, table: HudModel) -> None:
        super().__init__(table)
        self.table = table
        self._pinned_lines: list[tuple[int, str]] = []

    def _pinned(self, s: float) -> list[tuple[int, str]]:
        """The recap's lines (what the others did since the person last acted), wrapped,
        pinned at the top of the log while they are news: (seat, line), -1 for a
        continuation."""
        t = self.table
        recap = t.recap_lines() if t.recap_showing() else []
        out: list[tuple[int, str]] = []
        px, width = max(6, round(12 * s)), round((self.W - 50) * s)
        for seat, text in reversed(recap):
            wrapped = theme.wrap(text, px, width)
            if len(out) + len(wrapped) > self.PINNED_ROWS:
                break
            out[:0] = [(seat if k == 0 else -1, ln) for k, ln in enumerate(wrapped)]
        return out

    def pinned(self, scale: float) -> tuple[float, object]:
        lines = self._pinned_lines = self._pinned(scale)
        return (40 + self.LINE * len(lines) if lines else 0.0), tuple(lines)

    def draw_pinned(self, c: Canvas) -> None:
        top = 40.0
        c.fill((255, 250, 236), 8, top, self.W - 16, self._pinned_h - 8, 8)
        c.fill(theme.GOLD, 8, top, self.W - 16, self._pinned_h - 8, 8, 1.5)
        c.text("While you waited", 18, top + 5, 13, theme.INK, True)
        y = top + 24
        sess = self.table.session
        for seat, ln in self._pinned_lines:
            if seat >= 0:
                tokens.seat_marker(c, 24, y + 7, 5, sess.colour(seat), sess.shape(seat))
            c.text(ln, 34, y, 12, theme.INK)
            y += self.LINE


class Handoff(handoff.Handoff):
    """Hot-seat hand-off (game.shell.handoff): covers everything private until the next
    human clicks; the card names them and what the others did since their last move."""

    def __init__(self, table: HudModel) -> None:
        super().__init__(table)
        self.table = table

    def draw_self(self, c: Canvas) -> None:
        t = self.table
        col = t.session.colour(self.seat)
        self.draw_cover(c, col, 720, 340, 0.6)
        tokens.seat_marker(c, VW / 2, VH / 2 - 90, 30, col, t.session.shape(self.seat))
        s = t.session
        who, char = s.player_name(self.seat), s.character_name(self.seat)
        c.text(f"Pass the table to {who}", VW / 2, VH / 2 - 20, 34, theme.CREAM, True,
               "center", max_w=680)
        c.text(f"Playing {char}" if who != char else f"Player {self.seat + 1}", VW / 2,
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


class StatusToast(status_line.StatusToast):
    """The table's status line (game.shell.status_line), placed where it covers nothing the
    player may click now."""

    # where the pill may go, first choice first (x, y, width): over the top of the map, over
    # its lower part, at the foot of the right column; `place` takes the first that covers
    # nothing the player may click now
    SPOTS = ((27.0, TOP_H + 8, 800.0), (27.0, 600.0, 800.0),
             (RIGHT_X + 5, VH - 96, RIGHT_W - 10))

    def __init__(self, table: HudModel) -> None:
        super().__init__(table, *self.SPOTS[0], z=45)

    def place(self, keep_clear: list[pygame.Rect]) -> None:
        """Put the pill in the first of its places that covers none of `keep_clear` (else
        the one that covers least)."""
        best: tuple[int, int] | None = None
        for i, (x, y, w) in enumerate(self.SPOTS):
            self.x, self.y, self.w = x, y, w
            px, py, pw, ph = self.pill_rect()
            r = pygame.Rect(round(px), round(py), round(pw), round(ph))
            hit = sum(r.clip(k).w * r.clip(k).h for k in keep_clear)
            if hit == 0:
                return
            if best is None or hit < best[0]:
                best = (hit, i)
        if best is not None:
            self.x, self.y, self.w = self.SPOTS[best[1]]



class RecapCard(Node):
    """After the other seats' turns: what each did, one line per turn, in a strip beside the
    board, under the seats' rows (never over the map: issue 29), until the person deciding
    closes it (a click) or acts. Where the rows leave it no room (four or five seats), or
    more lines than fit, the Log button carries a badge and the log opens on them. The log
    (L) has every detail."""

    interactive = True
    LINE = 18.0
    MIN_H = 44.0  # room for the title and one line, else no strip

    def __init__(self, table: HudModel) -> None:
        super().__init__(RIGHT_X, 0, RIGHT_W, 0, z=3)
        self.table = table
        self.lines: list[tuple[int, str]] = []
        self.hidden_lines = 0  # lines the strip has no room for (the log shows them)
        self.visible = False  # until an update finds something to tell

    @staticmethod
    def room(table: HudModel) -> tuple[float, float]:
        """(y, height) of the strip: the rest of the right column under the seats' rows."""
        n = max(1, len(table.shown.players))
        rows = min(96.0, (VH - SEATS_Y - 6) / n) * n
        y = SEATS_Y + rows + 2
        return y, VH - 6 - y

    def on_update(self, dt: float) -> None:
        lines = self.table.recap_showing()
        self.y, self.h = self.room(self.table)
        self.visible = bool(lines) and self.h >= self.MIN_H
        self.lines = lines if self.visible else []

    def contains(self, lx: float, ly: float) -> bool:
        return self.visible and super().contains(lx, ly)

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        self.table.close_recap()
        return True

    def tooltip(self) -> str:
        return "What the other seats did since you last played. Click to close."

    def _fitted(self, scale: float) -> list[tuple[int, list[str]]]:
        """The newest lines that fit, each wrapped (at the drawn scale); sets hidden_lines."""
        px = max(9, round(13 * scale))
        rows = int((self.h - 30) // self.LINE)
        out: list[tuple[int, list[str]]] = []
        for seat, text in reversed(self.lines):
            wrapped = theme.wrap(text, px, round((self.w - 48) * scale))
            if sum(len(w) for _, w in out) + len(wrapped) > rows:
                break
            out.insert(0, (seat, wrapped))
        self.hidden_lines = len(self.lines) - len(out)
        return out

    def draw_self(self, c: Canvas) -> None:
        if not self.lines:
            return
        c.fill(theme.BG_DARK, 3, 4, self.w, self.h, 10)
        c.fill((252, 244, 226), 0, 0, self.w, self.h, 10)
        c.fill(theme.PANEL_EDGE, 0, 0, self.w, self.h, 10, 2)
        fitted = self._fitted(c.s)
        c.text("While you waited", 14, 15, 14, theme.INK, True, "midleft")
        more = (f"{self.hidden_lines} more in the log (L)" if self.hidden_lines else
                "L: the full log")
        c.text(f"{more} \u00b7 click to close", self.w - 14, 15, 11, theme.INK_SOFT, False,
               "midright")
        y = 30.0
        s = self.table.session
        for seat, wrapped in fitted:
            tokens.seat_marker(c, 22, y + 9, 6, s.colour(seat), s.shape(seat))
            for ln in wrapped:
                c.text(ln, 36, y + 9, 13, theme.INK, False, "midleft")
                y += self.LINE

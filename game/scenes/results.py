"""Results: every player's per-category score breakdown and the winner / tiebreak."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme, tokens
from game.layout import VW
from game.scenegraph import Canvas
from game.scenes.base import Scene, menu_button, title_text
from game.session import Session

if TYPE_CHECKING:
    from game.app import App

CATEGORIES = (("reserve", "Energy reserve"), ("monuments", "Monuments"),
              ("pillars", "Pillars"), ("bridge", "Bridge token"),
              ("achievements", "Achievements"), ("tile_pool", "Tile Pool"),
              ("total", "Total"))


class ResultsScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        g = session.game
        self.scores = g.final_scores()
        self.ranking = g.ranking()
        self.add(menu_button("New game", 780, app.open_setup, x=VW / 2 - 360, w=340))
        self.add(menu_button("Main menu", 780, app.open_menu, x=VW / 2 + 20, w=340))

    def winner_text(self) -> str:
        if not self.ranking:
            return ""
        top = self.ranking[0]
        names = " & ".join(self.session.name(s) for s in top)
        verb = "win" if len(top) > 1 else "wins"
        text = f"{names} {verb}!"
        by_total = sorted((b.total for b in self.scores), reverse=True)
        if len(by_total) > 1 and by_total[0] == by_total[1] and len(top) == 1:
            text += " (tiebreak: energy bound to the board, then Tile Pool energy)"
        return text

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, 1600, 900)
        title_text(c, "Final scores", 70)
        c.text(self.winner_text(), VW / 2, 130, 24, theme.CREAM, True, "center")
        n = len(self.scores)
        col_w = min(220.0, 1100 / max(1, n))
        x0 = VW / 2 - (260 + col_w * n) / 2
        c.fill(theme.PANEL, x0 - 20, 170, 260 + col_w * n + 40, 560, 14)
        place = {s: i + 1 for i, grp in enumerate(self.ranking) for s in grp}
        for j, b in enumerate(self.scores):
            x = x0 + 260 + j * col_w
            col = self.session.colour(b.seat)
            tokens.seat_marker(c, x + col_w / 2, 205, 14, col, self.session.shape(b.seat))
            c.text(self.session.name(b.seat), x + col_w / 2, 235, 16, theme.INK, True, "center",
                   max_w=col_w - 10)
            c.text(f"place {place.get(b.seat, '-')}", x + col_w / 2, 256, 12, theme.INK_SOFT,
                   False, "center")
        for i, (attr, label) in enumerate(CATEGORIES):
            y = 300 + i * 52
            if i % 2 == 0:
                c.fill(theme.PANEL_DARK, x0 - 10, y - 20, 260 + col_w * n + 20, 44, 6)
            bold = attr == "total"
            c.text(label, x0, y, 18, theme.INK, bold, "midleft")
            for j, b in enumerate(self.scores):
                x = x0 + 260 + j * col_w
                c.text(str(getattr(b, attr, 0)), x + col_w / 2, y, 22 if bold else 18,
                       theme.INK, bold, "center")
        y = 300 + len(CATEGORIES) * 52
        c.text("tiebreak: bound energy / Tile Pool energy", x0, y, 13, theme.INK_SOFT, False,
               "midleft")
        for j, b in enumerate(self.scores):
            x = x0 + 260 + j * col_w
            c.text(f"{b.bound_total} / {b.pool_total}", x + col_w / 2, y, 13, theme.INK_SOFT,
                   False, "center")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.open_menu()
            return True
        return False

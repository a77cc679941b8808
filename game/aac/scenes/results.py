"""Results: every player's per-category score breakdown and the winner / tiebreak, the final
map and, in a module game, the module's sheet as it ended: the Pilgrim Board (the Pilgrimage
row says where each Pilgrimage ended), each player's Folklore sheet with its hand turned face
up (its button again shows the next player's). Buttons under the picture switch it; over a
sheet's picture the sheet's tooltips stay (a card's whole text)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from engine.aac.api import FOLKLORE, PILGRIMAGE, pdata, place_words, scoring_cards
from engine.aac.api import categories as score_categories
from game.aac import tokens
from game.aac.scenes.table import TableScene
from game.aac.score_history import score_history
from game.aac.session import AacSession
from game.aac.targets import Hotspot
from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import Scene, menu_button, title_text

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

BOARD_BOX = (40.0, 150.0, 560.0, 555.0)  # x, y, w, h of the final board picture
TABLE_X = 660.0
CHART_BOX = (660.0, 650.0, 900.0, 118.0)
MAP_CROP = (4.0, 54.0, 852.0, 844.0)  # the map on the table (virtual units)
# the module sheets the results can show instead of the map: module -> (button, caption)
SHEETS: dict[str, tuple[str, str]] = {
    FOLKLORE: ("Folklore", "Each player's Folklore sheet at the end, its hand face up (point "
                           "at a card for its whole text); click again for the next player's"),
    PILGRIMAGE: ("Pilgrim Board", "The Pilgrim Board at the end"),
}
PER_SEAT = frozenset({FOLKLORE})  # sheets drawn for one seat: their button again, the next


def categories(modules: tuple[str, ...] = ()) -> tuple[tuple[str, str], ...]:
    """(category, title) rows of the score table: the game's categories, then the total."""
    return tuple((c.name, c.title) for c in score_categories(modules)) + (("total", "Total"),)


CATEGORIES = categories()  # the base game's rows


class ResultsScene(Scene):
    """The final scores by category, the winner and tiebreak, the final board and a chart of
    every seat's score turn by turn."""

    def __init__(self, app: Nav, session: AacSession) -> None:
        super().__init__(app)
        self.session = session
        g = session.game
        self.scores = g.final_scores()
        self.ranking = g.ranking()
        self.history = score_history(g)
        self._board: pygame.Surface | None = None
        self._board_key: object = None
        self._view: tuple[object, TableScene, tuple[float, float, float, float]] | None = None
        self.picture_spots: list[Hotspot] = []  # the shown sheet's tooltips, over its picture
        self.shown = ""  # the picture: "" the map, else a module's sheet (SHEETS)
        self.sheet_seat = 0  # whose sheet a per-seat sheet (the Folklore sheet) shows
        self.sheets = [m for m in g.state.modules if m in SHEETS]
        self.view_buttons: dict[str, Button] = {}
        if self.sheets:
            x, y, w, h = BOARD_BOX
            views = ["", *self.sheets]
            bw = (w - 8 * (len(views) - 1)) / len(views)
            for i, view in enumerate(views):
                label = SHEETS[view][0] if view else "Map"
                caption = SHEETS[view][1] if view else "The board at the end"
                btn = Button(label, x + i * (bw + 8), y + h + 8, bw, 30,
                             partial(self.show, view), 14, selected=view == self.shown,
                             tip=f"{caption} (click to show it)")
                self.view_buttons[view] = btn
                self.add(btn)
        self.add(menu_button("New game", 812, app.open_setup, x=VW / 2 - 360, w=340))
        self.add(menu_button("Main menu", 812, app.open_menu, x=VW / 2 + 20, w=340))

    def show(self, view: str) -> None:
        """Show the map ("") or a module's sheet as it ended; a per-seat sheet shown already:
        the next player's."""
        if view in PER_SEAT and self.shown == view:
            self.sheet_seat = (self.sheet_seat + 1) % len(self.scores)
        self.shown = view
        for v, btn in self.view_buttons.items():
            btn.selected = v == view
        self.place_picture_spots()

    def view_table(self) -> tuple[TableScene, tuple[float, float, float, float]]:
        """The table as it ended, set up to show the picture's view (the map, or a module's
        sheet open over it without its buttons), and the box of it the picture shows."""
        key = (self.shown, self.sheet_seat)
        if self._view is None or self._view[0] != key:
            table = TableScene(self.app, self.session)
            crop_box = MAP_CROP
            sheet = table.module_panels.get(self.shown) if self.shown else None
            if sheet is not None:
                table.hide_other_panels(self.shown)
                sheet.visible = True
                if self.shown in PER_SEAT:
                    sheet.seat = self.sheet_seat
                sheet.close.visible = sheet.fold.visible = False
                sheet.refresh()
                crop_box = sheet.rect
            self._view = (key, table, crop_box)
        return self._view[1], self._view[2]

    @staticmethod
    def picture_box(crop_box: tuple[float, float, float, float],
                    box: tuple[float, float, float, float] = BOARD_BOX
                    ) -> tuple[float, float, float, float]:
        """Where the picture of `crop_box` stands in `box`: as wide as fits, centred across
        it, at its top (virtual units)."""
        x, y, w, h = box
        cw, ch = crop_box[2], crop_box[3]
        pw = min(w, h * cw / ch)
        return x + (w - pw) / 2, y, pw, pw * ch / cw

    def place_picture_spots(self) -> None:
        """A module sheet's picture keeps the sheet's tooltips (its cards' full text, which a
        small card face cuts short): hotspots over the picture where the sheet has them."""
        for hs in self.picture_spots:
            self.remove(hs)
        self.picture_spots = []
        if not self.shown:
            return
        table, crop = self.view_table()
        sheet = table.module_panels.get(self.shown)
        if sheet is None:
            return
        px, py, pw, _ = self.picture_box(crop)
        k = pw / crop[2]
        for node in sheet.walk():
            if not isinstance(node, Hotspot) or not node.visible:
                continue
            tip = node.tooltip()
            if not tip or node.target.startswith("artifact_slot:"):
                continue  # the primed slot's tip says how to prime one: play is over
            x, y, s = node.world_origin()
            hs = Hotspot(node.target, px + (x - crop[0]) * k, py + (y - crop[1]) * k,
                         node.w * s * k, node.h * s * k, tip, node.round, z=4)
            self.picture_spots.append(hs)
            self.add(hs)

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
        title_text(c, "Final scores", 56)
        c.text(self.winner_text(), VW / 2, 112, 24, theme.CREAM, True, "center", max_w=1500)
        self.draw_board(c, BOARD_BOX)
        self.draw_table(c)
        self.draw_chart(c, CHART_BOX)

    # --- the final board ----------------------------------------------------------------------
    def board_picture(self, c: Canvas, w: float, h: float = 1e9) -> pygame.Surface:
        """The table as it ended, drawn by the real views offscreen, cropped to the map (or
        to the module sheet shown), at most w x h."""
        key = (round(c.s, 4), w, h, self.shown, self.sheet_seat)
        if self._board is None or self._board_key != key:
            table, crop_box = self.view_table()
            k = c.s
            surf = pygame.Surface((round(VW * k), round(VH * k)))
            table.draw(Canvas(surf, k, 0, 0))
            cx, cy, cw, ch = crop_box
            crop = surf.subsurface(pygame.Rect(round(cx * k), round(cy * k), round(cw * k),
                                               round(ch * k))).copy()
            _, _, pw, ph = self.picture_box(crop_box, (0.0, 0.0, w, h))
            self._board = pygame.transform.smoothscale(crop, (round(pw * k), round(ph * k)))
            self._board_key = key
        return self._board

    def draw_board(self, c: Canvas, box: tuple[float, float, float, float]) -> None:
        x, y, w, h = box
        pic = self.board_picture(c, w, h)
        pw, ph = pic.get_width() / c.s, pic.get_height() / c.s
        px = x + (w - pw) / 2
        c.fill(theme.PANEL_EDGE, px - 4, y - 4, pw + 8, ph + 8, 14)  # framing the picture
        c.surf.blit(pic, c.pt(px, y))
        if not self.sheets:  # else the buttons under it say what it shows
            c.text("The board at the end", x + w / 2, y + h + 18, 13, theme.CREAM, False,
                   "center")

    # --- the categories -----------------------------------------------------------------------
    def draw_table(self, c: Canvas) -> None:
        n = len(self.scores)
        x0, y0, label_w = TABLE_X, 150.0, 200.0
        col_w = (CHART_BOX[2] - label_w) / max(1, n)  # the table spans the chart's width
        width = label_w + col_w * n
        c.fill(theme.PANEL, x0 - 16, y0, width + 32, 452, 14)
        place = {s: i + 1 for i, grp in enumerate(self.ranking) for s in grp}
        for j, b in enumerate(self.scores):
            x = x0 + label_w + j * col_w + col_w / 2
            col = self.session.colour(b.seat)
            tokens.seat_marker(c, x, y0 + 26, 12, col, self.session.shape(b.seat))
            c.text(self.session.name(b.seat), x, y0 + 52, 15, theme.INK, True, "center",
                   max_w=col_w - 8)
            c.text(f"place {place.get(b.seat, '-')}", x, y0 + 72, 12, theme.INK_SOFT, False,
                   "center")
        rows = categories(self.session.game.state.modules)
        step = min(40.0, (452 - 108 - 12) / max(1, len(rows)))  # module rows: a closer table
        state = self.session.game.state
        held = state.ext.get(scoring_cards.KEY)
        for i, (attr, label) in enumerate(rows):
            y = y0 + 108 + i * step
            if i % 2 == 0:
                c.fill(theme.PANEL_DARK, x0 - 8, y - step / 2 + 3, width + 16, step - 6, 6)
            bold = attr == "total"
            c.text(label, x0, y, 16, theme.INK, bold, "midleft", max_w=label_w - 8)
            for j, b in enumerate(self.scores):
                x = x0 + label_w + j * col_w + col_w / 2
                text = str(getattr(b, attr, 0))
                if attr == scoring_cards.CATEGORY.name and held and held["held"][b.seat]:
                    # R30: the Scoring Cards are turned face up at the end
                    text += " — " + ", ".join(scoring_cards.card(cid).name
                                                   for cid in held["held"][b.seat])
                if attr == PILGRIMAGE and PILGRIMAGE in state.ext:  # R27.10: where it ended
                    text += f" ({place_words(self.session.game.rules, pdata(state), b.seat)})"
                c.text(text, x, y, 20 if bold else 16, theme.INK, bold, "center",
                       max_w=col_w - 8)
        y = y0 + 108 + len(rows) * step - 8
        room = label_w + col_w / 2 - 28  # ends before the first seat's figures
        words = "Tiebreak: bound energy / Tile Pool energy"
        if theme.font(max(1, round(12 * c.s))).size(words)[0] > room * c.s:
            words = "Tiebreak: bound / Tile Pool"  # 4-5 seats: narrower columns
        c.text(words, x0, y, 12, theme.INK_SOFT, False, "midleft", max_w=room)
        for j, b in enumerate(self.scores):
            x = x0 + label_w + j * col_w + col_w / 2
            c.text(f"{b.bound_total} / {b.pool_total}", x, y, 13, theme.INK_SOFT, False,
                   "center")

    # --- the chart ------------------------------------------------------------------------------
    def draw_chart(self, c: Canvas, box: tuple[float, float, float, float]) -> None:
        x, y, w, h = box
        c.fill(theme.PANEL, x - 16, y - 34, w + 32, h + 70, 14)
        c.text("Score by turn", x, y - 16, 15, theme.INK, True, "midleft")
        rows = self.history
        if len(rows) < 2:
            c.text("The game ended before a second turn.", x + w / 2, y + h / 2, 14,
                   theme.INK_SOFT, False, "center")
            return
        top = max(10, max(max(r) for r in rows))
        top = (top + 9) // 10 * 10
        px, py, pw, ph = x + 36, y, w - 44, h - 4
        for k in range(0, top + 1, max(10, top // 4 // 10 * 10 or 10)):
            yy = py + ph - ph * k / top
            c.line(theme.PANEL_DARK, (px, yy), (px + pw, yy), 1)
            c.text(str(k), px - 8, yy, 11, theme.INK_SOFT, False, "midright")
        c.line(theme.INK_SOFT, (px, py + ph), (px + pw, py + ph), 1.5)
        turns = len(rows) - 1
        c.text("turn 1", px, py + ph + 12, 11, theme.INK_SOFT, False, "midleft")
        c.text(f"end (turn {turns + 1})" if turns else "end", px + pw, py + ph + 12, 11,
               theme.INK_SOFT, False, "midright")
        for seat in range(len(self.scores)):
            pts = [(px + pw * i / turns, py + ph - ph * r[seat] / top)
                   for i, r in enumerate(rows) if seat < len(r)]
            col = self.session.colour(seat)
            for a, b in zip(pts, pts[1:], strict=False):
                c.line(col, a, b, 2.5)
            if pts:
                tokens.seat_marker(c, pts[-1][0], pts[-1][1], 6, col, self.session.shape(seat))

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.open_menu()
            return True
        return False

"""Age of Reason's results: the winner and how a tie was broken (fewest unrest, then most
discs on the map: R13.1), every player's victory points by turn and by source (the areas
each turn, the Empire markers conquered, the points lost to unrest), a chart of the points
after each turn, and the map as the game ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.aor.api import AorConfig, categories, events, new_game, ranking, scores, tables
from game.aor import look, pieces
from game.aor.map_geometry import MAP_H, MAP_W
from game.aor.map_view import MAP_X, MAP_Y
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.shell import theme
from game.shell.layout import VW
from game.shell.scenegraph import Canvas
from game.shell.scenes.base import Scene, menu_button, title_text

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

MAP_BOX = (40.0, 140.0, 620.0, 352.0)
TABLE_X, TABLE_Y, TABLE_W = 700.0, 140.0, 860.0
CHART_BOX = (740.0, 580.0, 780.0, 150.0)


def vp_by_turn(session: AorSession) -> list[list[int]]:
    """Each seat's victory points after each turn (a replay of the game's choices: the
    engine's own record of what each turn scored)."""
    g = session.game
    cfg = AorConfig.from_dict(g.config)
    replay = new_game(cfg)
    replay.undo_enabled = False
    rows: list[list[int]] = [[0] * g.state.n]
    for cid in g.history:
        for e in replay.choose(cid):
            if isinstance(e, events.TurnEnded):
                rows.append([p.vp for p in replay.state.players])
    return rows


def map_discs(session: AorSession, seat: int) -> int:
    s = session.game.state
    c = s.players[seat].country
    return sum(row[c] for row in s.discs)


class ResultsScene(Scene):
    def __init__(self, app: Nav, session: AorSession) -> None:
        super().__init__(app)
        self.session = session
        g = session.game
        self.scores = scores(g)
        self.ranking = ranking(g)
        try:
            self.history = vp_by_turn(session)
        except Exception:  # a replay that fails only costs the chart
            self.history = []
        self._map: pygame.Surface | None = None
        self._map_key: object = None
        self.add(menu_button("New game", 812, app.open_setup, x=VW / 2 - 360, w=340))
        self.add(menu_button("Main menu", 812, app.open_menu, x=VW / 2 + 20, w=340))

    def winner_text(self) -> tuple[str, str]:
        s = self.session.game.state
        if not self.ranking:
            return "", ""
        top = self.ranking[0]
        names = " and ".join(self.session.name(x) for x in top)
        head = f"{names} {'win' if len(top) > 1 else 'wins'} with {s.players[top[0]].vp} VP"
        vps = sorted((p.vp for p in s.players), reverse=True)
        why = ""
        if len(vps) > 1 and vps[0] == vps[1]:
            tied = [i for i, p in enumerate(s.players) if p.vp == vps[0]]
            if len(top) > 1:
                why = "Tied on points, unrest and discs: they share the victory (R13.1)."
            elif len({s.players[i].unrest for i in tied}) > 1:
                why = (f"Tied on {vps[0]} VP: the tie is broken by the lowest unrest "
                       f"({s.players[top[0]].unrest}) (R13.1).")
            else:
                why = ("Tied on points and unrest: the tie is broken by the most discs on the "
                       f"map ({map_discs(self.session, top[0])}) (R13.1).")
        return head, why

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, 1600, 900)
        title_text(c, "Final scores", 50)
        head, why = self.winner_text()
        c.text(head, VW / 2, 98, 24, theme.CREAM, True, "center", max_w=1500)
        if why:
            c.text(why, VW / 2, 124, 14, theme.GOLD, False, "center", max_w=1500)
        self.draw_map(c)
        self.draw_table(c)
        self.draw_chart(c)

    def draw_map(self, c: Canvas) -> None:
        x, y, w, h = MAP_BOX
        key = round(c.s, 4)
        if self._map is None or self._map_key != key:
            self._map_key = key
            table = TableScene(self.app, self.session)
            for b in (table.map_view.zoom_in, table.map_view.zoom_out,
                      table.map_view.zoom_reset):
                b.visible = False
            k = c.s
            surf = pygame.Surface((round(1600 * k), round(900 * k)))
            table.map_view.draw(Canvas(surf, k).sub(table.map_view.x, table.map_view.y))
            crop = surf.subsurface(pygame.Rect(round(MAP_X * k), round(MAP_Y * k),
                                               round(MAP_W * k), round(MAP_H * k))).copy()
            pw = min(w, h * MAP_W / MAP_H)
            self._map = pygame.transform.smoothscale(crop, (round(pw * k),
                                                            round(pw * MAP_H / MAP_W * k)))
        pw = self._map.get_width() / c.s
        ph = self._map.get_height() / c.s
        c.fill(theme.PANEL_EDGE, x - 4, y - 4, pw + 8, ph + 8, 10)
        c.surf.blit(self._map, c.pt(x, y))
        c.text("The map as the game ended", x + pw / 2, y + ph + 16, 13, theme.PANEL_DARK,
               False, "center")

    def draw_table(self, c: Canvas) -> None:
        s = self.session.game.state
        n = s.n
        label_w = 200.0
        col_w = (TABLE_W - label_w) / max(1, n)
        words = {"markers": "Empire markers won", "unrest": "Lost to unrest"}
        rows = [(cat.name, words.get(cat.name, cat.title)) for cat in categories()]
        rows.append(("total", "Total"))
        extra = [("level", "Unrest at the end"), ("discs", "Discs on the map")]
        h = 96 + 30 * (len(rows) + len(extra)) + 10
        c.fill(theme.PANEL, TABLE_X - 16, TABLE_Y, TABLE_W + 32, h, 14)
        place = {x: i + 1 for i, grp in enumerate(self.ranking) for x in grp}
        for j in range(n):
            x = TABLE_X + label_w + j * col_w + col_w / 2
            pieces.disc(c, x, TABLE_Y + 26, 12, s.players[j].country)
            c.text(self.session.name(j), x, TABLE_Y + 52, 14, theme.INK, True, "center",
                   max_w=col_w - 8)
            c.text(f"place {place.get(j, '-')}", x, TABLE_Y + 72, 11, theme.INK_SOFT, False,
                   "center")
        y = TABLE_Y + 100
        for i, (key, label) in enumerate(rows + extra):
            if i % 2 == 0:
                c.fill(theme.PANEL_DARK, TABLE_X - 8, y - 12, TABLE_W + 16, 26, 6)
            bold = key == "total"
            c.text(label, TABLE_X, y, 14, theme.INK, bold, "midleft", max_w=label_w - 8)
            for j in range(n):
                x = TABLE_X + label_w + j * col_w + col_w / 2
                if key == "level":
                    val = str(s.players[j].unrest)
                elif key == "discs":
                    val = str(map_discs(self.session, j))
                else:
                    val = str(self.scores[j].get(key, 0))
                c.text(val, x, y, 17 if bold else 14, theme.INK, bold, "center",
                       max_w=col_w - 8)
            y += 30

    def draw_chart(self, c: Canvas) -> None:
        x, y, w, h = CHART_BOX
        c.fill(theme.PANEL, x - 40, y - 36, w + 60, h + 70, 14)
        c.text("Victory points after each turn", x - 24, y - 18, 14, theme.INK, True,
               "midleft")
        rows = self.history
        if len(rows) < 2:
            c.text("No turn was completed.", x + w / 2, y + h / 2, 13, theme.INK_SOFT, False,
                   "center")
            return
        top = max(10, max(max(r) for r in rows))
        top = (top + 9) // 10 * 10
        for k in range(0, top + 1, max(10, top // 4 // 10 * 10 or 10)):
            yy = y + h - h * k / top
            c.line(theme.PANEL_DARK, (x, yy), (x + w, yy), 1)
            c.text(str(k), x - 6, yy, 11, theme.INK_SOFT, False, "midright")
        turns = len(rows) - 1
        for i in range(turns + 1):
            xx = x + w * i / turns
            c.text("start" if i == 0 else f"turn {i}", xx, y + h + 12, 11, theme.INK_SOFT,
                   False, "center")
        s = self.session.game.state
        for seat in range(s.n):
            pts = [(x + w * i / turns, y + h - h * r[seat] / top) for i, r in enumerate(rows)]
            col = look.colour(s.players[seat].country)
            edge = theme.darken(col, 0.4)
            for a, b in zip(pts, pts[1:], strict=False):
                c.line(edge, a, b, 4)
                c.line(col, a, b, 2.5)
            for px, py in pts[1:]:
                pieces.disc(c, px, py, 6, s.players[seat].country)

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.open_menu()
            return True
        return False


__all__ = ["ResultsScene", "tables"]

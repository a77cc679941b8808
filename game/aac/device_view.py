"""The transmutation device of one seat (5 active tiles, 2 staging tiles, action tokens,
conduits, exhausted pool, reserve, bank, tracks, channel marker, bridges and powers), and
the at-a-glance rows for every seat."""

from __future__ import annotations

from typing import Any

import pygame

from engine.aac.api import GameState, PlayerState, names
from game.aac import help, table_modules, tokens
from game.aac.icon_names import ACTION_ICON
from game.aac.table.model import DeviceModel
from game.aac.targets import Hotspot, centred
from game.shell import theme
from game.shell.layout import DEVICE_H, DEVICE_Y, RIGHT_W, RIGHT_X, SEATS_Y, VH
from game.shell.scenegraph import Canvas, Node, TextLog

TILE_Y, TILE_W, TILE_H = 60.0, 84.0, 116.0
STAGING_X = (12.0, 100.0)


TYPE_NAMES = ("compass", "rose", "magnet", "wild")
# What each action column does, in a word short enough for the seats' mini devices (the
# token's full name is in its tooltip; an upgraded token shows a gold face).
COLUMN_WORDS = ("Depl.", "Claim", "Depl.", "Move", "Chan.")
TRACKS_W = 118.0  # the device panel's two tracks, then the three powers beside them
POWERS_X, POWERS_W = 590.0, 132.0


def pos_x(pos: int) -> float:
    """Left edge of device position 1..5."""
    return 200.0 + (pos - 1) * 92.0


class DeviceView(Node):
    clip_hit = True
    def __init__(self, table: DeviceModel) -> None:
        super().__init__(RIGHT_X, DEVICE_Y, RIGHT_W, DEVICE_H)
        self.table = table
        self.seat = 0
        self.overlay = False  # drawn as the hover overlay of another seat
        # tile -> (x offset, y offset, width) while the conveyor moves it; the tile keeps its
        # energy on it as it rides
        self.slide: dict[str, tuple[float, float, float]] = {}

    def update(self, dt: float) -> None:
        pass

    def refresh(self, seat: int) -> None:
        s = self.table.shown
        r = self.table.rules
        if seat >= len(s.players):
            return
        p = s.players[seat]
        key = (seat, tuple(p.device), tuple(p.staging), tuple(p.actions), tuple(p.conduits),
               p.charged, p.patron, tuple(p.bridge_loc))
        if key == getattr(self, "_key", None):
            return
        self._key = key
        self.seat = seat
        self.clear()
        for i, tid in enumerate(p.device):
            td = r.tiles.get(tid)
            x = pos_x(i + 1)
            tip = self._tile_tip(tid, i + 1)
            self.add(Hotspot(f"slot:{i + 1}:top", x, TILE_Y, TILE_W, TILE_H / 2,
                             f"{tip} — top row" if td else tip, z=6))
            self.add(Hotspot(f"slot:{i + 1}:bottom", x, TILE_Y + TILE_H / 2, TILE_W, TILE_H / 2,
                             f"{tip} — bottom row", z=6))
            tok = p.actions[i] if i < len(p.actions) else ""
            self.add(Hotspot(f"action:{seat}:{i + 1}", x, 182, TILE_W, 28,
                             help.action_token(tok)))
            cd = p.conduits[i] if i < len(p.conduits) else ""
            self.add(Hotspot(f"conduit:{seat}:{i + 1}", x + 22, 30, TILE_W - 44, 24,
                             help.conduit(cd, i + 1)))
        for k, tid in enumerate(p.staging[:2]):
            self.add(Hotspot(f"staging:{seat}:{tid}", STAGING_X[k], TILE_Y, 80, TILE_H,
                             f"Staging: {names.long_name(r, tid)}\nAn Advance turn pushes it "
                             "into the device at position 1; the tile at 5 comes out"))
        self.add(Hotspot("exhausted", 8, 218, 176, 76, help.exhausted()))
        self.add(Hotspot("reserve", 190, 218, 176, 76, help.reserve()))
        self.add(Hotspot("shop", 372, 218, 86, 76, help.bank()))
        for ty in range(4):  # one target per energy type: a click on it picks that type
            name = TYPE_NAMES[ty]
            for x0, pool, where in ((8, "exhausted", "exhausted pool"),
                                    (190, "reserve", "reserve")):
                self.add(centred(f"{pool}:{name}", x0 + 22 + ty * 40, 260, 16,
                                 help.energy(ty, f"in your {where}"), z=7))
            self.add(centred(f"shop:{name}", 372 + 14 + (ty % 2) * 40,
                             250 + (ty // 2) * 24, 11, help.energy(ty, "in your bank"), z=7))
        for k, name in enumerate(("monument", "pillar")):
            self.add(Hotspot(f"track:{seat}:{name}", 466, 220 + k * 36, TRACKS_W, 34,
                             help.track(name)))
        ch = r.characters.get(p.character)
        if ch is not None:
            for k, pw in enumerate(ch.powers):
                open_ = k < len(p.bridge_loc) and p.bridge_loc[k] != "board"
                self.add(Hotspot(f"power:{pw.id}", POWERS_X, 218 + k * 25, POWERS_W, 24,
                                 help.power(pw, open_)))
        self.add(centred("info:channel", 690, 26, 18, help.channel(p.charged), z=7))
        if p.patron:
            self.add(Hotspot("info:patron", 548, 8, 90, 26, help.patron_token(p.patron, True),
                             z=7))

    def draw_frame(self, c: Canvas) -> None:
        """The static panel (cached by the table)."""
        c.fill(theme.BG_DARK, 3, 4, self.w, self.h, 12)
        c.fill(theme.PANEL, 0, 0, self.w, self.h, 12)
        c.fill(theme.PANEL_EDGE, 0, 0, self.w, self.h, 12, 2)
        c.fill(theme.PANEL_DARK, 6, TILE_Y - 6, 180, TILE_H + 12, 8)
        c.text("staging", 96, TILE_Y + TILE_H + 8, 11, theme.INK_SOFT, False, "midtop")
        c.fill((120, 96, 70), 192, TILE_Y - 6, 468, TILE_H + 12, 8)
        for i in range(5):
            c.text(str(i + 1), pos_x(i + 1) + TILE_W / 2, TILE_Y - 12, 11, theme.INK_SOFT, True,
                   "center")
        for x, w, title in ((8, 176, "Exhausted pool"), (190, 176, "Reserve"), (372, 86, "Bank")):
            c.fill(theme.PANEL_DARK, x, 218, w, 76, 8)
            c.text(title, x + 8, 222, 11, theme.INK_SOFT, True)

    def _tile_tip(self, tid: str, pos: int) -> str:
        td = self.table.rules.tiles.get(tid)
        if td is None:
            return f"Position {pos}"
        return f"Position {pos}: {names.long_name(self.table.rules, tid)}"


    def layer_key(self, s: GameState) -> object:
        if self.seat >= len(s.players):
            return None
        t = self.table
        return (self.seat, t.peek_seat == self.seat, t.session.is_human(self.seat),
                player_key(s.players[self.seat]), self.overlay,
                self.seat in t.hidden_seats())

    def draw_self(self, c: Canvas) -> None:
        """Per frame: the tiles (they slide when pushed); the rest is in the cached layer."""
        s = self.table.shown
        if self.seat >= len(s.players):
            return
        p = s.players[self.seat]
        if self.seat in self.table.hidden_seats():
            return
        for k, tid in enumerate(p.staging[:2]):
            self._tile(c, tid, STAGING_X[k], 80, p)
        for i, tid in enumerate(p.device):
            if tid not in self.slide:
                self._tile(c, tid, pos_x(i + 1), TILE_W, p)
        for i, tid in enumerate(p.device):  # the moving tiles above the resting ones
            if tid in self.slide:
                self._tile(c, tid, pos_x(i + 1), TILE_W, p)

    def draw_static(self, c: Canvas) -> None:
        t = self.table
        s = t.shown
        r = t.rules
        col = t.session.colour(self.seat)
        c.fill(col, 10, 0, self.w - 20, 6, 3)
        if self.seat >= len(s.players):
            return
        p = s.players[self.seat]
        tokens.seat_marker(c, 20, 20, 9, col, t.session.shape(self.seat))
        who = "bot" if not t.session.is_human(self.seat) else "human"
        if self.overlay:
            who += ", hovered"
        elif t.peek_seat == self.seat:
            who += ", peeking — click the row again to go back"
        c.text(f"{t.session.name(self.seat)} — transmutation device ({who})", 36, 20, 17,
               theme.INK, True, "midleft",
               max_w=title_w(s))  # the modules' tabs follow it
        if self.seat in t.hidden_seats():
            c.text("Secret loading: this device is hidden until play begins.", self.w / 2,
                   self.h / 2, 18, theme.INK, True, "center")
            return
        c.icon("channel", 690, 18, 24 if p.charged else 18)
        # under the marker: the patron token's name keeps the room to its left
        c.text("charged" if p.charged else "exhausted", 688, 38, 10, theme.INK_SOFT, False,
               "center", max_w=76)
        if p.patron:
            c.icon("patron", 560, 20, 22)
            c.text(r.names.get(p.patron, p.patron), 574, 20, 10, theme.INK_SOFT, False,
                   "midleft", max_w=96)
        # the device (its tiles are drawn per frame by draw_self)
        for i in range(len(p.device)):
            x = pos_x(i + 1)
            # conduit
            cd = p.conduits[i] if i < len(p.conduits) else ""
            if cd:
                c.fill((90, 120, 160), x + 18, 32, TILE_W - 36, 18, 6)
                icons = r.conduit_icons.get(cd, ())
                for k, name in enumerate(icons[:3]):
                    ix = x + TILE_W / 2 + (k - (len(icons[:3]) - 1) / 2) * 16
                    c.icon(ACTION_ICON.get(name, "channel"), ix, 41, 14)
            # action token
            tok = p.actions[i] if i < len(p.actions) else ""
            at = r.action_tokens.get(tok)
            face = (222, 196, 150) if at is None or not at.upgrade else (250, 214, 120)
            c.fill(theme.darken(face, 0.4), x + 1, 184, TILE_W, 26, 6)
            c.fill(face, x, 182, TILE_W, 26, 6)
            c.text_box(at.name if at else "—", x + 3, 182, TILE_W - 6, 26, 10, theme.INK, True)
        self._pools(c, p)

    def _tile(self, c: Canvas, tid: str, x: float, w: float, p: PlayerState) -> None:
        td = self.table.rules.tiles.get(tid)
        if td is None:
            return
        dx, dy, sw = self.slide.get(tid, (0.0, 0.0, w))
        if dy < -1:  # lifted off the belt: its shadow stays on the device
            c.alpha_fill((0, 0, 0, 50), x + dx + 4, TILE_Y + 6, sw, TILE_H, 8)
        tokens.tile(c, x + dx, TILE_Y + dy, sw, TILE_H, td.top, td.bottom, td.icons,
                    p.top.get(tid), p.bottom.get(tid), td.stack)

    def _pools(self, c: Canvas, p: PlayerState) -> None:
        y0 = 218
        for x, w, title, vals in ((8, 176, "Exhausted pool", p.exhausted),
                                  (190, 176, "Reserve", p.reserve),
                                  (372, 86, "Bank", p.shop)):
            del title
            if w > 100:
                for ty in range(4):
                    cx = x + 22 + ty * 40
                    tokens.energy(c, cx, y0 + 42, 12, ty)
                    c.text(str(vals[ty]), cx, y0 + 64, 12, theme.INK, True, "center")
            else:
                for ty in range(4):
                    cx = x + 14 + (ty % 2) * 40
                    cy = y0 + 32 + (ty // 2) * 24
                    tokens.energy(c, cx, cy, 8, ty)
                    c.text(str(vals[ty]), cx + 12, cy, 11, theme.INK, True, "midleft")
        draw_tracks(c, 466, y0, p, self.table.rules.track_top, w=TRACKS_W)
        ch = self.table.rules.characters.get(p.character)
        if ch is not None:
            for k, pw in enumerate(ch.powers):
                y = y0 + k * 25
                open_ = k < len(p.bridge_loc) and p.bridge_loc[k] != "board"
                face = (250, 232, 190) if open_ else (170, 150, 120)
                c.fill(face, POWERS_X, y, POWERS_W, 23, 5)
                if open_:
                    c.text("I" * pw.tier, POWERS_X + 11, y + 11.5, 10, theme.INK, True,
                           "center")
                else:
                    c.icon("bridge", POWERS_X + 11, y + 11, 18)
                c.text_box(pw.name, POWERS_X + 23, y, POWERS_W - 26, 23, 10,
                           theme.INK if open_ else theme.CREAM, False, align="left")


def player_key(p: PlayerState) -> tuple[object, ...]:
    """Everything of a seat's state that its drawings show (a cache key)."""
    return (tuple(p.device), tuple(p.staging), tuple((k, tuple(v)) for k, v in p.top.items()),
            tuple((k, tuple(v)) for k, v in p.bottom.items()), tuple(p.actions),
            tuple(p.conduits), tuple(p.exhausted), tuple(p.reserve), tuple(p.shop),
            tuple(tuple(t) for t in p.tracks), p.charged, tuple(p.bridge_loc), p.patron)


def draw_tracks(c: Canvas, x: float, y: float, p: PlayerState, top: int, w: float = 136,
                compact: bool = False) -> None:
    for k, icon in enumerate(("castle", "pillar")):
        ty, peg = p.tracks[k] if k < len(p.tracks) else (-1, 0)
        yy = y + (k * 36 + 17 if not compact else k * 18 + 8)
        step = (w - 30) / max(1, top)
        c.icon(icon, x + 10, yy, 18 if not compact else 13)
        c.line(theme.PANEL_EDGE, (x + 24, yy), (x + 24 + step * top, yy), 2)
        for i in range(top + 1):
            c.circle(theme.PANEL_EDGE, x + 24 + step * i, yy, 3 if not compact else 2)
        if ty >= 0:
            tokens.energy(c, x + 24 + step * peg, yy, 8 if not compact else 6, ty)


class SeatsView(Node):
    clip_hit = True
    """Every seat at a glance: score, device, pools, tracks, bridges."""

    def __init__(self, table: DeviceModel) -> None:
        super().__init__(RIGHT_X, SEATS_Y, RIGHT_W, VH - SEATS_Y - 6)
        self.table = table

    def row_h(self) -> float:
        n = max(1, len(self.table.shown.players))
        return min(96.0, self.h / n)

    def update(self, dt: float) -> None:
        pass

    def refresh(self) -> None:
        if self.children and getattr(self, "_n", -1) == len(self.table.shown.players):
            return
        self._n = len(self.table.shown.players)
        self.clear()
        s = self.table.shown
        rh = self.row_h()
        for seat in range(len(s.players)):
            y = seat * rh
            who = self.table.session.name(seat)
            for k, name in enumerate(("monument", "pillar")):
                self.add(Hotspot(f"track:{seat}:{name}", 560, y + 4 + k * 18, 120, 18,
                                 f"{who}: {help.track(name)}"))
            for i in range(5):
                hs = Hotspot(f"action:{seat}:{i + 1}", 200 + i * 44, y + rh - 22, 40, 18)
                hs.tipfn = lambda seat=seat, i=i, who=who: f"{who}: " + help.action_token(
                    self._player(seat).actions[i] if i < len(self._player(seat).actions)
                    else "")
                self.add(hs)
            for k, where in enumerate(("exhausted pool", "reserve")):
                for ty in range(4):
                    self.add(centred(f"info:{seat}:{where}:{ty}", 458 + ty * 25,
                                     y + 10 + k * 22, 8,
                                     help.energy(ty, f"in {who}'s {where}"), z=7))
            ch_tip = Hotspot(f"info:{seat}:channel", 430, y + 48, 20, 20, z=7)
            ch_tip.tipfn = lambda seat=seat: help.channel(self._player(seat).charged)
            self.add(ch_tip)
            br = Hotspot(f"info:{seat}:bridges", 460, y + 48, 44, 20,
                         f"{who}'s bridge tokens placed (of 3): each placed token uncovers "
                         "the power of the same tier", z=7)
            self.add(br)
            pt = Hotspot(f"info:{seat}:patron", 512, y + 48, 20, 20, z=7)
            pt.tipfn = lambda seat=seat: help.patron_token(self._player(seat).patron, True) \
                if self._player(seat).patron else "No patron token held"
            self.add(pt)
            self.add(Hotspot(f"info:{seat}:bank", 596, y + 42, 80, 18,
                             f"{who}: {help.bank()}", z=7))
            for m in table_modules.in_play(s):
                self.add(*m.row_hotspots(self.table, seat, y, rh))

    def _player(self, seat: int) -> Any:
        return self.table.shown.players[seat]

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        seat = int(ly // self.row_h())
        if button == 1 and 0 <= seat < len(self.table.shown.players):
            self.table.peek(seat)
            return True
        return False

    def tooltip(self) -> str:
        return "Click a row to see that seat's whole device above"

    def draw_frame(self, c: Canvas) -> None:
        """Static row backgrounds (cached by the table)."""
        t = self.table
        rh = self.row_h()
        for seat in range(len(t.shown.players)):
            y = seat * rh
            c.fill(theme.BG_DARK, 2, y + 3, self.w, rh - 4, 8)
            c.fill(theme.PANEL, 0, y, self.w, rh - 4, 8)
            c.fill(t.session.colour(seat), 0, y, 6, rh - 4, 3)

    def layer_key(self, s: GameState) -> object:
        return (s.active, self.row_h(), tuple(player_key(p) for p in s.players),
                tuple(_row_keys(s, k) for k in range(s.n)))

    def draw_self(self, c: Canvas) -> None:
        """Per frame: scores (they count up) and the thinking/turn line."""
        t = self.table
        s = t.shown
        rh = self.row_h()
        for seat in range(len(s.players)):
            y = seat * rh
            col = t.session.colour(seat)
            c.text(f"{t.score_shown(seat)}", 170, y + 20, 22, theme.INK, True, "midright")
            if not t.session.is_human(seat) and t.thinking_seat == seat:
                dots = "." * (1 + int(t.clock * 3) % 3)
                c.text(f"thinking{dots}", 36, y + 50, 11, theme.DENY, True, "midleft")
            elif seat == t.deciding_seat():
                word = "▶ turn" if seat == s.active else "▶ deciding"
                c.text(word, 36, y + 50, 11, theme.darken(col, 0.3), True, "midleft")

    def draw_static(self, c: Canvas) -> None:
        """Each row is rendered once per look into a cached surface (a change of one seat
        redraws one row)."""
        t = self.table
        s = t.shown
        rh = self.row_h()
        rows: dict[object, pygame.Surface] | None = getattr(self, "_rows", None)
        if rows is None or len(rows) > 64:
            rows = {}
            self._rows = rows
        for seat, p in enumerate(s.players):
            key = (seat, round(c.s, 4), rh, seat == s.active, player_key(p),
                   t.session.is_human(seat), seat in t.hidden_seats(),
                   _row_keys(s, seat))
            surf = rows.get(key)
            if surf is None:
                surf = pygame.Surface((max(1, round(self.w * c.s)), max(1, round(rh * c.s))),
                                      pygame.SRCALPHA)
                TextLog.push(surf.get_rect(), f"SeatsView row {seat}", surf)
                try:
                    self._row(Canvas(surf, c.s, 0, -seat * rh * c.s), seat, p)
                finally:
                    TextLog.pop()
                if pygame.display.get_surface() is not None:
                    surf = surf.convert_alpha()
                rows[key] = surf
            c.surf.blit(surf, c.pt(0, seat * rh))

    def _row(self, c: Canvas, seat: int, p: PlayerState) -> None:
        t = self.table
        s = t.shown
        r = t.rules
        rh = self.row_h()
        y = seat * rh
        col = t.session.colour(seat)
        active = seat == s.active
        if active:
            c.fill(theme.lighten(col, 0.75), 6, y, self.w - 6, rh - 4, 8)
        tokens.seat_marker(c, 22, y + 16, 8, col, t.session.shape(seat))
        c.text(t.session.name(seat), 36, y + 16, 14, theme.INK, True, "midleft", max_w=120)
        kind = "human" if t.session.is_human(seat) else f"bot ({t.session.seats[seat].level})"
        c.text(kind, 36, y + 33, 10, theme.INK_SOFT, False, "midleft")
        c.text("VP", 174, y + 24, 10, theme.INK_SOFT, True, "midleft")
        # mini device
        for i, tid in enumerate(p.device):
            td = r.tiles.get(tid)
            x = 200 + i * 44
            if td is None:
                continue
            secret = seat in t.hidden_seats()
            tokens.tile(c, x, y + 4, 40, rh - 30, td.top, td.bottom, (),
                        None if secret else p.top.get(tid),
                        None if secret else p.bottom.get(tid))
            tok = p.actions[i] if i < len(p.actions) else ""
            at = r.action_tokens.get(tok)
            face = (250, 214, 120) if at is not None and at.upgrade else (222, 196, 150)
            c.fill(face, x, y + rh - 22, 40, 16, 4)
            c.text(COLUMN_WORDS[i] if i < len(COLUMN_WORDS) else "", x + 20, y + rh - 14, 10,
                   theme.INK, False, "center", max_w=38)
        # pools
        for k, (label, vals) in enumerate((("exh", p.exhausted), ("res", p.reserve))):
            yy = y + 10 + k * 22
            c.text(label, 422, yy, 10, theme.INK_SOFT, True, "midleft", max_w=28)
            for ty in range(4):
                tokens.energy(c, 458 + ty * 25, yy, 6, ty)
                shown = "?" if k == 0 and seat in t.hidden_seats() else str(vals[ty])
                c.text(shown, 466 + ty * 25, yy, 10, theme.INK, True, "midleft", max_w=14)
        c.icon("channel", 440, y + 58, 16 if p.charged else 11)
        bridges = sum(1 for b in p.bridge_loc if b != "board")
        c.icon("bridge", 470, y + 58, 16)
        c.text(f"{bridges}/3", 482, y + 58, 10, theme.INK, True, "midleft")
        if p.patron:
            c.icon("patron", 522, y + 58, 16)
        mods = table_modules.in_play(s)  # a module's column may take the row's right end
        draw_tracks(c, 560, y + 4, p, r.track_top,
                    min((m.row_tracks_w for m in mods), default=120.0), compact=True)
        c.text(f"bank {sum(p.shop)}", 600, y + 50, 10, theme.INK_SOFT, True, "midleft")
        for m in mods:
            m.draw_row(c, t, seat, y, rh)


def _row_keys(s: GameState, seat: int) -> object:
    """What the modules draw in a seat's row (a row is drawn again when it changes)."""
    return tuple(m.row_key(s, seat) for m in table_modules.in_play(s))


def title_w(s: GameState) -> float:
    """The device title's room: up to the first module tab (the tabs start at 452)."""
    return 404.0 if table_modules.in_play(s) else 500.0

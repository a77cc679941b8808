"""Age of Reason's board around the map: the countries across the top (the turn and segment
tracks, each player's plaque), the Alliance Display with proposal boxes A and B and the eight
spaces, the action display (advancements, supports, trading: costs, effects in words, the
5+ spaces closed at lower counts), the tracks under the map (victory points, the Unrest
Track, each country's gold as coins, the bank) and the hand of the player at the table as a
fan of cards with its discard pile.

Each panel caches its picture (`draw_static`, keyed on what it shows) and blits it; spots
(game.aor.spots) stand for the things a player points at."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from engine.aor.api import EMPTY, State, names, tables
from game.aor import help, look, pieces
from game.aor.layout import (
    ALLY_H,
    ALLY_Y,
    BOTTOM_H,
    BOTTOM_Y,
    HAND_W,
    HAND_X,
    LOWER_H,
    LOWER_Y,
    RIGHT_W,
    RIGHT_X,
    TOP_H,
    TRACKS_W,
    TRACKS_X,
)
from game.aor.spots import Spot, round_spot
from game.shell import theme
from game.shell.scenegraph import Button, Canvas, Node, TextLog

if TYPE_CHECKING:
    from game.aor.table.model import TableModel

PANEL_FILL = (244, 234, 210)
PANEL_EDGE = (140, 108, 70)
INK = pieces.INK
SOFT = (120, 96, 70)


def panel_frame(c: Canvas, w: float, h: float, title: str = "") -> None:
    c.fill(theme.BG_DARK, 3, 4, w, h, 10)
    c.fill(PANEL_FILL, 0, 0, w, h, 10)
    c.fill(PANEL_EDGE, 0, 0, w, h, 10, 1.5)
    if title:
        c.text(title, 12, 12, 13, SOFT, True, "midleft", max_w=w - 24)


class CachedPanel(Node):
    """A panel whose picture is drawn once per `layer_key` and window scale."""

    def __init__(self, table: TableModel, x: float, y: float, w: float, h: float,
                 z: int = 0) -> None:
        super().__init__(x, y, w, h, z)
        self.table = table
        self._surf: pygame.Surface | None = None
        self._key: object = None

    def layer_key(self) -> object:
        return self.table.rev

    def draw_static(self, c: Canvas) -> None:
        pass

    def draw_live(self, c: Canvas) -> None:
        """What changes every frame (drawn over the cached picture)."""

    def draw_self(self, c: Canvas) -> None:
        key = (self.layer_key(), round(c.s, 5))
        pad = 6
        if self._surf is None or self._key != key:
            self._key = key
            surf = pygame.Surface((round((self.w + 2 * pad) * c.s) + 2,
                                   round((self.h + 2 * pad) * c.s) + 2), pygame.SRCALPHA)
            cc = Canvas(surf, c.s, pad * c.s, pad * c.s)
            TextLog.push(cc.rect(0, 0, self.w, self.h), type(self).__name__, surf)
            try:
                self.draw_static(cc)
            finally:
                TextLog.pop()
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._surf = surf
        x, y = c.pt(0, 0)
        pp = round(pad * c.s)
        c.surf.blit(self._surf, (x - pp, y - pp))
        self.draw_live(c)


# --- the top bar ---------------------------------------------------------------------------------

BUTTONS_W = 286.0
TRACK_W = 232.0


class TopBar(CachedPanel):
    """The turn and segment tracks, each player's plaque (country, VP, gold, unrest, cards
    in hand and in the discard pile) lit for the one deciding, and the table's buttons."""

    def __init__(self, table: TableModel) -> None:
        super().__init__(table, 0, 0, 1600, TOP_H, z=3)
        x = 1600 - 8 - BUTTONS_W
        self.menu_button = Button("Menu", x, 9, 70, 34, table.open_menu, 14,
                                  tip="The pause menu: save, settings, the guide, leave (Esc)")
        self.undo_button = Button("Undo", x + 76, 9, 66, 34, table.undo, 14)
        self.hint_button = Button("Hint", x + 148, 9, 62, 34, table.hint, 14,
                                  tip="What the hard bot would choose now, in a line (H); "
                                      "the game is not changed by it")
        self.log_button = Button("Log", x + 216, 9, 62, 34, table.toggle_log, 14,
                                 tip="The game's log: everything that happened (L)")
        self.add(self.menu_button, self.undo_button, self.hint_button, self.log_button)
        self.plaques: list[Spot] = []

    def undo_tip(self) -> str:
        why = self.table.undo_status()
        return "Take back your last decision (Ctrl+Z)" if not why else f"Cannot undo now: {why}"

    def plaque_w(self) -> float:
        n = max(1, len(self.table.shown.players))
        return min(230.0, (1600 - 8 - BUTTONS_W - TRACK_W - 16) / n)

    def refresh(self) -> None:
        for sp in self.plaques:
            self.remove(sp)
        self.plaques = []
        w = self.plaque_w()
        for seat in range(len(self.table.shown.players)):
            sp = Spot(f"seat:{seat}", TRACK_W + 8 + seat * w, 4, w - 6, TOP_H - 8, z=4)
            sp.tipfn = lambda seat=seat: self.seat_tip(seat)
            sp.rule = "R13"
            self.plaques.append(sp)
            self.add(sp)

    def seat_tip(self, seat: int) -> str:
        s = self.table.shown
        p = s.players[seat]
        sess = self.table.session
        kind = "a person" if sess.is_human(seat) else f"a bot ({sess.seats[seat].level})"
        c = p.country
        hand = len(p.hand) if isinstance(p.hand, list) else int(p.hand)
        disc = len(p.discard) if isinstance(p.discard, list) else int(p.discard)
        mark = look.MARK_WORDS.get(look.mark(c), "")
        return (f"{sess.name(seat)}: {look.with_german(look.name(c), look.name_de(c))}, "
                f"played by {kind}; its discs bear a {mark}.\n"
                f"{p.vp} victory points, {p.gold} gold, unrest {p.unrest} of 22 (its disc "
                f"stands on \u2212{p.unrest}), {names.plural(hand, 'card')} in hand, "
                f"{disc} in the discard pile, {names.plural(p.supply, 'disc')} in supply.")

    def layer_key(self) -> object:
        # what it draws: the turn, segment and step, and each player's plaque (not every
        # change of the table: a marker landing on the map does not redraw the top bar)
        s = self.table.shown
        return (s.turn, s.segment, s.step, self.table.deciding_seat(),
                tuple((p.country, p.vp, p.gold, p.unrest,
                       len(p.hand) if isinstance(p.hand, list) else p.hand)
                      for p in s.players), tuple(self.table.session.name(i)
                                                 for i in range(len(s.players))))

    def draw_static(self, c: Canvas) -> None:
        s = self.table.shown
        t = tables()
        c.fill(theme.BG_DARK, 0, 0, 1600, TOP_H)
        c.fill((70, 52, 38), 0, TOP_H - 2, 1600, 2)
        # the turn and segment tracks
        c.text("Turn", 12, 15, 11, theme.PANEL_DARK, True, "midleft")
        for k in range(t.turns):
            x: float = 60 + k * 22
            on = k + 1 == s.turn
            c.fill(theme.GOLD if on else (84, 66, 50), x, 6, 18, 18, 4)
            c.text(("I", "II", "III", "IV")[k], x + 9, 15, 10, INK if on else theme.CREAM,
                   True, "center")
        segs = t.segments.get(s.n, 6)
        c.text("Segment", 12, 37, 11, theme.PANEL_DARK, True, "midleft")
        for k in range(6):
            x = 72 + k * 20
            on = k + 1 == s.segment
            closed = k >= segs
            fill = theme.GOLD if on else (60, 48, 38) if closed else (84, 66, 50)
            c.fill(fill, x, 29, 16, 16, 4)
            c.text("\u00d7" if closed else str(k + 1), x + 8, 37, 10,
                   INK if on else theme.CREAM, True, "center")
        step = {"markers": "Markers", "alliances": "Alliances", "actions": "Actions",
                "income": "Income", "vp": "Scoring", "end": "Turn's end", "over": "Game over",
                "setup": "Set-up"}.get(s.step, "")
        c.text(step, 134, 15, 12, theme.CREAM, True, "midleft", max_w=TRACK_W - 138)
        w = self.plaque_w()
        deciding = self.table.deciding_seat()
        for seat, p in enumerate(s.players):
            x = TRACK_W + 8 + seat * w
            self._plaque(c, x, 4, w - 6, TOP_H - 8, seat, p.country, seat == deciding)

    def _plaque(self, c: Canvas, x: float, y: float, w: float, h: float, seat: int,
                country: int, lit: bool) -> None:
        s = self.table.shown
        p = s.players[seat]
        col = look.colour(country)
        c.fill((58, 44, 34), x, y, w, h, 7)
        c.fill(theme.HILITE if lit else theme.darken(col, 0.1), x, y, w, h, 7,
               2.5 if lit else 1.5)
        pieces.disc(c, x + 15, y + h / 2 - 1, 10.5, country)
        name = self.table.session.name(seat)
        c.text(name, x + 30, y + 12, 12, theme.CREAM, True, "midleft", max_w=w - 36)
        hand = len(p.hand) if isinstance(p.hand, list) else int(p.hand)
        if p.committed:
            hand -= 0  # the card put down is out of the hand already
        items = [("aor_laurel", str(p.vp)), ("coin", str(p.gold)),
                 ("aor_unrest", str(p.unrest)), ("card", str(hand))]
        step = (w - 30) / len(items)
        for i, (icon, text) in enumerate(items):
            ix = x + 29 + i * step
            iy = y + h - 11
            if icon == "coin":
                pieces.coin(c, ix + 5, iy, 5.5)
            elif icon == "card":
                c.fill((236, 226, 200), ix + 1, iy - 7, 9, 13, 2)
                c.fill(col, ix + 1, iy - 7, 9, 4, 2)
            else:
                c.icon(icon, ix + 5, iy, 13)
            c.text(text, ix + 12, iy, 10.5, theme.CREAM, False, "midleft",
                   max_w=max(8.0, step - 12))

    def draw_live(self, c: Canvas) -> None:
        seat = self.table.thinking_seat
        if seat < 0 or seat >= len(self.table.shown.players):
            return
        w = self.plaque_w()
        x = TRACK_W + 8 + seat * w + w - 18
        for k in range(3):
            a = 0.4 + 0.6 * (0.5 + 0.5 * math.sin(self.table.clock * 6 - k * 0.9))
            col = theme.lighten((120, 100, 80), a * 0.8)
            c.circle(col, x + k * 5 - 5, 12, 1.8)

    def frame_rate(self) -> float:
        return 30.0 if self.table.thinking_seat >= 0 else super().frame_rate()


# --- the Alliance Display ------------------------------------------------------------------------

SPACE_W = 50.0
ROW_Y = (ALLY_Y + 34.0, ALLY_Y + 98.0)  # the rows' tops
BOX_X = RIGHT_X + 82.0
SPACES_X = BOX_X + 64.0
TRAY_X = SPACES_X + 4 * (SPACE_W + 6) + 16
DISC_R = 14.0


class AllianceView(CachedPanel):
    """The Alliance Display (R5): proposal boxes A (top row) and B (bottom row), spaces 1, 3,
    5, 7 on top and 2, 4, 6, 8 below, the action order they make (R3.3), and the countries
    not yet allied beside it. During a person's bid the draft proposal shows in the boxes."""

    def __init__(self, table: TableModel) -> None:
        super().__init__(table, RIGHT_X, ALLY_Y, RIGHT_W, ALLY_H, z=1)
        self.draft: tuple[int, int] | None = None  # a person's proposal being made (A, B)
        self.held = -1  # the country picked up (click, then a box) or dragged
        self.spots: list[Spot] = []
        t = tables()
        for row, idxs in ((0, t.top_row), (1, t.bottom_row)):
            for _k, i in enumerate(idxs):
                x, y = self.space_xy(i)
                sp = Spot(f"ally:{i + 1}", x - RIGHT_X - SPACE_W / 2, y - ALLY_Y - SPACE_W / 2,
                          SPACE_W, SPACE_W, z=3)
                sp.tipfn = lambda i=i: self.space_tip(i)
                sp.rule = "R5.4"
                self.add(sp)
            bx, by = self.box_xy(row)
            sp = Spot(f"proposal:{'ab'[row]}", bx - RIGHT_X - 28, by - ALLY_Y - 26, 56, 52, z=3)
            sp.tipfn = lambda row=row: self.box_tip(row)
            sp.rule = "R5.3.2"
            self.add(sp)
        for c in range(len(t.countries)):
            x, y = self.tray_xy(c)
            sp = round_spot(f"unallied:{t.countries[c]}", x - RIGHT_X, y - ALLY_Y, DISC_R + 3)
            sp.tipfn = lambda c=c: self.tray_tip(c)
            sp.rule = "R5.1"
            self.spots.append(sp)
            self.add(sp)

    # --- places -------------------------------------------------------------------------------
    @staticmethod
    def space_xy(i: int) -> tuple[float, float]:
        """The centre of Alliance Display space i+1 (virtual units)."""
        t = tables()
        row = 0 if i in t.top_row else 1
        k = (t.top_row if row == 0 else t.bottom_row).index(i)
        return SPACES_X + k * (SPACE_W + 6) + SPACE_W / 2, ROW_Y[row] + SPACE_W / 2

    @staticmethod
    def box_xy(row: int) -> tuple[float, float]:
        return BOX_X + 26, ROW_Y[row] + SPACE_W / 2

    @staticmethod
    def tray_xy(c: int) -> tuple[float, float]:
        col, row = c % 4, c // 4
        return TRAY_X + 24 + col * 40, ALLY_Y + 78 + row * 48

    def disc_xy(self, c: int) -> tuple[float, float]:
        """Where country c's Alliance disc lies now (a space, a box, or the tray)."""
        s = self.table.shown
        if c in s.alliance:
            return self.space_xy(s.alliance.index(c))
        if c in s.proposal:
            return self.box_xy(s.proposal.index(c))
        return self.tray_xy(c)

    # --- words ---------------------------------------------------------------------------------
    def space_tip(self, i: int) -> str:
        s = self.table.shown
        t = tables()
        row = "top" if i in t.top_row else "bottom"
        c = s.alliance[i]
        who = (f"{look.name(c)} is here" + ("" if s.seat_of[c] >= 0 else
                                             " (no player: it never takes a step)")
               if c != EMPTY else "Empty")
        return (f"Alliance Display space {i + 1} ({row} row). {who}. Countries in the same "
                "row are allies this turn, the other row's are enemies (R1.12). Players take "
                "their steps in the order of the spaces, 1 to 8 (R3.3).")

    def box_tip(self, row: int) -> str:
        s = self.table.shown
        c = s.proposal[row]
        where = "top" if row == 0 else "bottom"
        now = f" Now: {look.name(c)}." if c != EMPTY else ""
        return (f"Proposal box {'AB'[row]}: the country a bid proposes for the {where} row; "
                f"when the bidding ends it joins the first empty {where}-row space "
                f"(R5.3.2, R5.4.1).{now}")

    def tray_tip(self, c: int) -> str:
        s = self.table.shown
        who = look.name(c) + ("" if s.seat_of[c] >= 0 else " (no player)")
        if c in s.alliance:
            return f"{who} is allied this turn: space {s.alliance.index(c) + 1}."
        return (f"{who}: not yet allied. A bidder proposes it for box A (the top row) or "
                "box B (the bottom row): drag it there, or click it, then the box (R5.3.2).")

    # --- drawing -------------------------------------------------------------------------------
    def layer_key(self) -> object:
        return (self.table.rev, self.draft, self.held)

    def draw_static(self, c: Canvas) -> None:
        s = self.table.shown
        t = tables()
        panel_frame(c, self.w, self.h, "Alliance Display")
        ox, oy = RIGHT_X, ALLY_Y
        order = [x for x in s.alliance if x != EMPTY and s.seat_of[x] >= 0]
        if order:
            text = "Order: " + ", ".join(look.name(x) for x in order)
        else:
            text = "The rows are allies; the spaces give the order of play"
        c.text(text, self.w - 12, 12, 11, SOFT, False, "midright", max_w=self.w - 150)
        prop = list(self.draft) if self.draft is not None else list(s.proposal)
        for row, label in ((0, "Top row"), (1, "Bottom row")):
            y = ROW_Y[row] - oy
            c.fill((232, 218, 186), 8, y - 3, TRAY_X - ox - 22, SPACE_W + 6, 8)
            c.text(label, 12, y + SPACE_W / 2 - 7, 10.5, INK, True, "midleft", max_w=78)
            allied = [s.alliance[i] for i in (t.top_row if row == 0 else t.bottom_row)
                      if s.alliance[i] != EMPTY]
            c.text(f"{names.plural(len(allied), 'country', 'countries')}", 12,
                   y + SPACE_W / 2 + 8, 9.5, SOFT, False, "midleft", max_w=78)
            bx, by = self.box_xy(row)
            bx, by = bx - ox, by - oy
            c.fill((250, 244, 226), bx - 26, by - 24, 52, 48, 6)
            for k in range(0, 52, 6):  # a dashed frame: a box, not a space
                c.line(PANEL_EDGE, (bx - 26 + k, by - 24), (bx - 26 + min(52, k + 3), by - 24),
                       1.2)
                c.line(PANEL_EDGE, (bx - 26 + k, by + 24), (bx - 26 + min(52, k + 3), by + 24),
                       1.2)
            c.line(PANEL_EDGE, (bx - 26, by - 24), (bx - 26, by + 24), 1.2)
            c.line(PANEL_EDGE, (bx + 26, by - 24), (bx + 26, by + 24), 1.2)
            c.text("AB"[row], bx - 20, by - 17, 10, SOFT, True, "center")
            who = prop[row]
            if who != EMPTY and who != self.held:
                pieces.disc(c, bx, by + 2, DISC_R, who)
        for i in range(t.display_size):
            x, y = self.space_xy(i)
            x, y = x - ox, y - oy
            c.fill((216, 200, 164), x - SPACE_W / 2, y - SPACE_W / 2, SPACE_W, SPACE_W, 6)
            c.fill(PANEL_EDGE, x - SPACE_W / 2, y - SPACE_W / 2, SPACE_W, SPACE_W, 6, 1.2)
            c.text(str(i + 1), x - SPACE_W / 2 + 8, y - SPACE_W / 2 + 8, 10, SOFT, True,
                   "center")
            who = s.alliance[i]
            if who != EMPTY:
                pieces.disc(c, x, y + 2, DISC_R, who)
                if s.seat_of[who] < 0:
                    _nobody(c, x, y + 2)
        c.text("Not yet allied", TRAY_X - ox + 6, ROW_Y[0] - oy + 4, 11, INK, True,
               "midleft", max_w=RIGHT_X + RIGHT_W - TRAY_X - 12)
        for cc in range(len(t.countries)):
            if cc in s.alliance or cc in prop or cc == self.held:
                continue
            x, y = self.tray_xy(cc)
            pieces.disc(c, x - ox, y - oy, DISC_R, cc)
            if s.seat_of[cc] < 0:
                _nobody(c, x - ox, y - oy)
        if any(p < 0 for p in s.seat_of):
            lx = TRAY_X - ox + 6
            _nobody(c, lx + 8, self.h - 14, 5.0)
            c.text("a country nobody plays", lx + 20, self.h - 14, 10, SOFT, False, "midleft",
                   max_w=RIGHT_X + RIGHT_W - TRAY_X - 34)


def _nobody(c: Canvas, x: float, y: float, r: float = DISC_R) -> None:
    """The mark of a country nobody plays: a dashed grey ring around its disc."""
    for k in range(12):
        a0 = k * math.tau / 12
        a1 = a0 + math.tau / 24
        c.line((128, 120, 110), (x + (r + 3) * math.cos(a0), y + (r + 3) * math.sin(a0)),
               (x + (r + 3) * math.cos(a1), y + (r + 3) * math.sin(a1)), 1.6)


# --- the action display --------------------------------------------------------------------------

SECTIONS = (("advancement", "Advancements", "Fortschritt"), ("support", "Supports", ""),
            ("trading", "Trading", ""))
BOX_H = 44.0
SPACE_R = 10.0


class ActionView(CachedPanel):
    """The action boxes (R6): three sections, each box with its name, cost, its effect in
    words and its spaces (a disc in each taken one; the spaces used only at 5 or more
    players shown closed at lower counts)."""

    def __init__(self, table: TableModel) -> None:
        super().__init__(table, RIGHT_X, LOWER_Y, RIGHT_W, LOWER_H, z=1)
        self.col_w = (RIGHT_W - 24) / 3
        self.rects: dict[str, tuple[float, float, float, float]] = {}
        t = tables()
        for k, (kind, _, _) in enumerate(SECTIONS):
            boxes = [b for b in t.boxes if b.kind == kind]
            x = 8 + k * (self.col_w + 4)
            gap = min(6.0, (LOWER_H - 30 - len(boxes) * BOX_H) / max(1, len(boxes)))
            for j, b in enumerate(boxes):
                y = 28 + j * (BOX_H + gap)
                self.rects[b.id] = (x, y, self.col_w, BOX_H)
                sp = Spot(b.id, x, y, self.col_w, BOX_H, z=2)
                sp.ring = False  # its space is ringed when it may be taken
                sp.tipfn = lambda bid=b.id: help.box_tip(bid, self.table.shown,
                                                         self.table.shown.n)
                sp.rule = help.box_rule(b.id)
                self.add(sp)
                for i, (sid, _) in enumerate(b.spaces):
                    sx, sy = self.space_point(b.id, i)
                    ssp = round_spot(sid, sx, sy, SPACE_R + 2, z=3)
                    ssp.tipfn = lambda sid=sid, bid=b.id: (
                        help.space(sid, self.table.shown, self.table.shown.n) + "\n"
                        + help.box_tip(bid, self.table.shown, self.table.shown.n))
                    ssp.rule = help.box_rule(b.id)
                    self.add(ssp)

    def space_point(self, bid: str, i: int) -> tuple[float, float]:
        """The centre of space i of a box (local units)."""
        x, y, w, h = self.rects[bid]
        n = len(tables().box_by_id[bid].spaces)
        return x + w - 6 - SPACE_R - (n - 1 - i) * (2 * SPACE_R + 3), y + h / 2 + 1

    def space_virtual(self, sid: str) -> tuple[float, float]:
        t = tables()
        bid = t.space_box[sid]
        i = [s for s, _ in t.box_by_id[bid].spaces].index(sid)
        x, y = self.space_point(bid, i)
        return self.x + x, self.y + y

    def layer_key(self) -> object:
        # what it draws: the spaces' holders (not every change of the table: a coin paid in a
        # combat does not redraw the action display)
        return tuple(self.table.shown.spaces.items())

    def draw_static(self, c: Canvas) -> None:
        s = self.table.shown
        t = tables()
        panel_frame(c, self.w, self.h)
        for k, (_kind, title, de) in enumerate(SECTIONS):
            x = 8 + k * (self.col_w + 4)
            c.text(title, x + self.col_w / 2, 15, 13, SOFT, True, "center",
                   max_w=self.col_w - 8)
            del de
        for b in t.boxes:
            self._box(c, s, b.id)

    def _box(self, c: Canvas, s: State, bid: str) -> None:
        t = tables()
        b = t.box_by_id[bid]
        x, y, w, h = self.rects[bid]
        fill = {"advancement": (236, 224, 196), "support": (226, 230, 212),
                "trading": (238, 222, 200)}[b.kind]
        c.fill(theme.darken(fill, 0.3), x + 1, y + 2, w, h, 6)
        c.fill(fill, x, y, w, h, 6)
        c.fill(PANEL_EDGE, x, y, w, h, 6, 1)
        n = len(b.spaces)
        room = w - 12 - n * (2 * SPACE_R + 3)
        name_w = room - (16 if b.cost else 0)
        r = c.text(b.name, x + 6, y + 9, 11.5, INK, True, "midleft", max_w=name_w)
        if b.cost:
            px = (r.right - c.ox) / c.s + 9
            pieces.coin(c, px, y + 9, 6.5, 1, str(b.cost))
        c.text_box(help.box_words(bid), x + 6, y + 17, room - 2, h - 19, 10, SOFT, False,
                   align="left")
        for i, (sid, _) in enumerate(b.spaces):
            sx, sy = self.space_point(bid, i)
            holder = s.spaces.get(sid)
            if holder is None:
                pieces.empty_space(c, sx, sy, SPACE_R, closed=True)
            elif holder == EMPTY:
                pieces.empty_space(c, sx, sy, SPACE_R)
            else:
                pieces.empty_space(c, sx, sy, SPACE_R)
                pieces.disc(c, sx, sy - 1, SPACE_R - 1, holder)


# --- the tracks, the treasury and the bank -------------------------------------------------------

VP_CELLS = 25
UNREST_CELLS = 23


class TracksPanel(CachedPanel):
    """Under the map: the victory point track (two rows, 0 to 49; a lap marker beyond), the
    Unrest Track (0 to \u221222, the discs start on \u22124), each country's gold as coins and
    the bank coins are paid to and taken from."""

    def __init__(self, table: TableModel) -> None:
        super().__init__(table, TRACKS_X, BOTTOM_Y, TRACKS_W, BOTTOM_H, z=1)
        self.cell = (TRACKS_W - 24) / VP_CELLS
        self.ucell = (TRACKS_W - 24) / UNREST_CELLS
        vp = Spot("info:vp", 8, 18, TRACKS_W - 16, 56, z=2)
        vp.tipfn = help.tracks_vp
        vp.rule = "R11"
        un = Spot("info:unrest", 8, 86, TRACKS_W - 16, 38, z=2)
        un.tipfn = help.tracks_unrest
        un.rule = "R4.4"
        bank = Spot("info:bank", TRACKS_W - 86, 150, 78, 100, z=2)
        bank.tip = ("The bank: payments go to it and income comes from it (R4.3). It never "
                    "runs dry (R2.7).")
        bank.rule = "R4.3"
        self.add(vp, un, bank)
        self.treasury: list[Spot] = []

    def refresh(self) -> None:
        for sp in self.treasury:
            self.remove(sp)
        self.treasury = []
        n = len(self.table.shown.players)
        w = self.treasury_w()
        for seat in range(n):
            sp = Spot(f"info:gold:{seat}", 12 + seat * w, 150, w - 4, 100, z=2)
            sp.tipfn = lambda seat=seat: self.gold_tip(seat)
            sp.rule = "R4.5"
            self.treasury.append(sp)
            self.add(sp)

    def treasury_w(self) -> float:
        n = max(1, len(self.table.shown.players))
        return (TRACKS_W - 100) / n

    def gold_tip(self, seat: int) -> str:
        p = self.table.shown.players[seat]
        who = names.possessive(self.table.session.name(seat))
        return (f"{who} treasury: {p.gold} gold (public, R2.8). "
                "Short of gold for a payment, a country levies 2 gold from the bank for 1 "
                "unrest point, as often as it must (R4.5).")

    # where things are (the animations) --------------------------------------------------------
    def vp_xy(self, vp: int) -> tuple[float, float]:
        k = max(0, vp) % 50
        row, col = divmod(k, VP_CELLS)
        return self.x + 12 + (col + 0.5) * self.cell, self.y + 36 + row * 26

    def unrest_xy(self, u: int) -> tuple[float, float]:
        return self.x + 12 + (min(22, max(0, u)) + 0.5) * self.ucell, self.y + 108

    def gold_xy(self, seat: int) -> tuple[float, float]:
        w = self.treasury_w()
        return self.x + 12 + seat * w + w / 2, self.y + 200

    def bank_xy(self) -> tuple[float, float]:
        return self.x + TRACKS_W - 48, self.y + 200

    def layer_key(self) -> object:
        # what it draws: each player's country, VP, unrest and gold
        return tuple((p.country, p.vp, p.unrest, p.gold) for p in self.table.shown.players)

    def draw_static(self, c: Canvas) -> None:
        s = self.table.shown
        panel_frame(c, self.w, self.h)
        ox, oy = self.x, self.y
        c.text("Victory points", 12, 12, 12, SOFT, True, "midleft")
        for k in range(50):
            row, col = divmod(k, VP_CELLS)
            x: float = 12 + col * self.cell
            y: float = 24 + row * 26
            fill = (232, 218, 186) if k % 5 else (214, 196, 156)
            c.fill(fill, x + 0.5, y, self.cell - 1, 24, 3)
            if k % 5 == 0:
                c.text(str(k), x + self.cell / 2, y + 5, 8, SOFT, False, "center")
        by_space: dict[int, list[int]] = {}
        for seat, p in enumerate(s.players):
            by_space.setdefault(max(0, p.vp) % 50, []).append(seat)
        for k, seats in by_space.items():
            x, y = self.vp_xy(k)
            for j, seat in enumerate(seats):
                c_ = s.players[seat].country
                pieces.disc(c, x - ox, y - oy + 3 - j * 3.2, 7.5, c_)
                if s.players[seat].vp >= 50:
                    c.text(f"+{s.players[seat].vp // 50 * 50}", x - ox, y - oy - 9 - j * 3.2,
                           8, INK, True, "center")
        c.text("Unrest Track", 12, 84, 12, SOFT, True, "midleft")
        c.text("(halved at each turn's end)", 104, 84, 10, SOFT, False, "midleft")
        for k in range(UNREST_CELLS):
            x = 12 + k * self.ucell
            heat = k / 22
            fill = (int(236 - 40 * heat), int(220 - 120 * heat), int(190 - 130 * heat))
            c.fill(fill, x + 0.5, 94, self.ucell - 1, 28, 3)
            c.text("0" if k == 0 else f"\u2212{k}", x + self.ucell / 2, 99, 7.5,
                   INK if k < 12 else theme.CREAM, False, "center")
        x4 = 12 + 4 * self.ucell
        c.fill(PANEL_EDGE, x4 + 0.5, 94, self.ucell - 1, 28, 3, 1.2)
        by_u: dict[int, list[int]] = {}
        for seat, p in enumerate(s.players):
            by_u.setdefault(p.unrest, []).append(seat)
        for u, seats in by_u.items():
            x, y = self.unrest_xy(u)
            for j, seat in enumerate(seats):
                pieces.disc(c, x - ox, y - oy + 5 - j * 3.2, 7.5, s.players[seat].country)
        c.text("Treasury", 12, 140, 12, SOFT, True, "midleft")
        w = self.treasury_w()
        for seat, p in enumerate(s.players):
            x = 12 + seat * w
            pieces.coin_pile(c, x + 4, 210, 7, p.gold, w - 12)
            pieces.disc(c, x + 10, 236, 6, p.country)
            c.text(f"{p.gold}", x + 20, 236, 11, INK, True, "midleft", max_w=w - 24)
        bx = TRACKS_W - 86
        c.fill((226, 212, 180), bx, 150, 78, 100, 8)
        c.text("Bank", bx + 39, 162, 11, SOFT, True, "center")
        for k in range(3):
            pieces.coin(c, bx + 22 + k * 16, 206 - k * 4, 9, 5)
        pieces.coin(c, bx + 40, 222, 9, 1)
        c.text("Hands: the top bar counts each player's cards", 12, 272, 10, SOFT, False,
               "midleft", max_w=TRACKS_W - 24)


# --- the hand ------------------------------------------------------------------------------------

CARD_W, CARD_H = 62.0, 92.0


class HandPanel(CachedPanel):
    """The cards of the player at the table (the one deciding, once the hot-seat hand-off
    let them take it; alone with bots, the person) as a fan, the card put face down in a
    combat beside it, and the discard pile. Nobody else's hand is ever drawn face up."""

    def __init__(self, table: TableModel) -> None:
        super().__init__(table, HAND_X, BOTTOM_Y, HAND_W, BOTTOM_H, z=1)
        self.card_spots: list[Spot] = []
        self._spot_key: object = None
        self.raised = ""  # the card the pointer rests on (drawn raised)
        pile = Spot("info:discard", HAND_W - 70, 58, 60, 90, z=3)
        pile.tipfn = self.discard_tip
        pile.rule = "R8.8"
        supply = Spot("info:supply", HAND_W - 76, 200, 70, 96, z=3)
        supply.tipfn = self.supply_tip
        supply.rule = "R1.5"
        self.add(pile, supply)

    def viewer(self) -> int:
        return self.table.hand_viewer()

    def hand(self) -> list[str]:
        v = self.viewer()
        s = self.table.shown
        if v < 0 or v >= len(s.players):
            return []
        h = s.players[v].hand
        return sorted(h, key=_card_order) if isinstance(h, list) else []

    def fan(self, n: int) -> list[tuple[float, float, float]]:
        """(x, y, angle in degrees) of each of n cards (local units)."""
        if n <= 0:
            return []
        width = HAND_W - 110
        step = min(CARD_W * 0.92, (width - CARD_W) / max(1, n - 1))
        span = step * (n - 1)
        x0 = 10 + (width - span) / 2
        out = []
        for i in range(n):
            u = (i - (n - 1) / 2) / max(1, (n - 1) / 2) if n > 1 else 0.0
            out.append((x0 + i * step, 150 + 10 * u * u, -u * 8))
        return out

    def refresh(self) -> None:
        cards = self.hand()
        key = (tuple(cards), self.viewer())
        if key == self._spot_key:
            return
        self._spot_key = key
        for sp in self.card_spots:
            self.remove(sp)
        self.card_spots = []
        fan = self.fan(len(cards))
        for k, (cid, (x, y, _)) in enumerate(zip(cards, fan, strict=True)):
            # the part of the card that shows: each lies under the next one to its right
            # (its ring and its click end where the next card begins)
            w = CARD_W * 0.9 if k == len(fan) - 1 else min(CARD_W * 0.9, fan[k + 1][0] - x)
            sp = Spot(cid, x - CARD_W / 2, y - CARD_H / 2, w, CARD_H, z=4)
            sp.tipfn = lambda cid=cid: help.card_words(cid)
            sp.rule = "R1.6"
            self.card_spots.append(sp)
            self.add(sp)
        # the rightmost card on top: the last spot added wins the hit test
        for k, sp in enumerate(self.card_spots):
            sp.z = 4 + k
        self._sorted = False

    def card_virtual(self, cid: str) -> tuple[float, float]:
        for sp in self.card_spots:
            if sp.target == cid:
                return self.x + sp.x + CARD_W / 2, self.y + sp.y + CARD_H / 2
        return self.x + HAND_W / 2, self.y + 150

    def supply_seat(self) -> int:
        v = self.viewer()
        return v if v >= 0 else self.table.deciding_seat()

    def supply_tip(self) -> str:
        seat = self.supply_seat()
        s = self.table.shown
        if seat < 0:
            return "A player's supply: the discs not on the board (22 at most, R1.5)."
        n = s.players[seat].supply
        who = names.possessive(self.table.session.name(seat))
        return (f"{who} supply: {names.plural(n, 'disc')} not on "
                "the board (R1.5). Drag one onto a box to take it, or click the box.")

    def discard_tip(self) -> str:
        v = self.viewer()
        s = self.table.shown
        if v < 0:
            return ("The discard pile: the combat cards played this turn, face down. Only its "
                    "owner sees it (R8.9); it comes back to hand at the end of the turn (R12.2).")
        d = s.players[v].discard
        cards = d if isinstance(d, list) else []
        words = ", ".join(names.card(tables(), x) for x in cards) or "nothing yet"
        return (f"Your discard pile (only you see it, R8.9): {words}. It comes back to your "
                "hand at the end of the turn (R12.2).")

    def layer_key(self) -> object:
        return (self.table.rev, self.viewer(), self.raised, self.table.decision_key())

    def draw_static(self, c: Canvas) -> None:
        s = self.table.shown
        panel_frame(c, self.w, self.h)
        v = self.viewer()
        if v < 0:
            self._supply(c)
            c.text("The hands are hidden", (self.w - 80) / 2, 40, 14, SOFT, True, "center")
            c.text_box("Each player sees only their own cards: the hand shows here for the "
                       "player deciding once the table is passed to them.", 20, 64,
                       self.w - 120, 60, 12, SOFT)
            for seat, p in enumerate(s.players):
                n = len(p.hand) if isinstance(p.hand, list) else int(p.hand)
                x = 20 + seat * ((self.w - 110) / max(1, s.n))
                pieces.card_back(c, x + 16, 180, 26, 38, p.country)
                c.text(str(n), x + 36, 180, 12, INK, True, "midleft")
            return
        p = s.players[v]
        cards = self.hand()
        c.text(f"{self.table.session.name(v)}: your hand ({len(cards)})", 12, 14, 12, SOFT,
               True, "midleft", max_w=self.w - 100)
        for cid, (x, y, ang) in zip(cards, self.fan(len(cards)), strict=True):
            lift = 14 if cid == self.raised else 0
            lit = bool(self.table.legal_choices(cid))
            if ang and not lift:
                self._rotated_card(c, x, y, ang, cid, lit)
            else:
                pieces.card_face(c, x, y - lift, CARD_W, CARD_H, cid, lit=lit)
        px = self.w - 40
        n = len(p.discard) if isinstance(p.discard, list) else int(p.discard)
        c.text("Discard", px, 40, 10, SOFT, True, "center")
        if n:
            for k in range(min(n, 4)):
                pieces.card_back(c, px + k * 1.5, 100 - k * 1.5, 40, 60, p.country)
            c.text(str(n), px, 148, 12, INK, True, "center")
        else:
            c.fill((226, 212, 184), px - 20, 70, 40, 60, 4, 1)
            c.text("0", px, 148, 12, SOFT, True, "center")
        self._supply(c)

    def _supply(self, c: Canvas) -> None:
        seat = self.supply_seat()
        s = self.table.shown
        if seat < 0 or seat >= len(s.players):
            return
        p = s.players[seat]
        px = self.w - 40
        c.text("Supply", px, 206, 10, SOFT, True, "center")
        pieces.stack(c, px, 262, 11, p.country, min(p.supply, 6))
        c.text(f"{p.supply} discs", px, 286, 10, INK, True, "center", max_w=70)

    def _rotated_card(self, c: Canvas, x: float, y: float, ang: float, cid: str,
                      lit: bool) -> None:
        """A card of the fan, turned by `ang` degrees (drawn once and cached by size)."""
        key = ("aor_fan", cid, round(ang, 1), lit, round(c.s, 4))
        surf = _rot_cache.get(key)
        if surf is None:
            pad = 6
            base = pygame.Surface((round((CARD_W + 2 * pad) * c.s), round((CARD_H + 2 * pad)
                                                                        * c.s)),
                                  pygame.SRCALPHA)
            pieces.card_face(Canvas(base, c.s), (CARD_W / 2 + pad), (CARD_H / 2 + pad),
                             CARD_W, CARD_H, cid, lit=lit)
            surf = pygame.transform.rotozoom(base, ang, 1.0)
            if len(_rot_cache) > 400:
                _rot_cache.clear()
            _rot_cache[key] = surf
        px, py = c.pt(x, y)
        c.surf.blit(surf, surf.get_rect(center=(px, py)))


_rot_cache: dict[object, pygame.Surface] = {}


def _card_order(cid: str) -> tuple[int, int, int, str]:
    info = tables().cards[cid]
    kind = {"combat": 0, "blank": 1, "ally": 2}[info.kind]
    return (kind, info.cost, info.soldiers + info.ships, cid)

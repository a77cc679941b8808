"""The Folklore module at the table (R26, R29, R30): the Folklore panel (a seat's Character
Board Extension with its Artifacts, primed slot and Folklore Track, its hand, its played cards
and its Scoring Cards), the marks in the seats' rows, and the Artifacts and Doublers on the map.

Privacy (R26.1.3, R30.1): a hand and the Scoring Cards are drawn face up only for the seat the
table's driver names (`hand_viewer`: the person deciding, after the hot-seat hand-off); every
other seat's are card backs with a count, and no hotspot or tooltip names them.

Pointing: the choices' targets are "card:<id>" (a card in the hand), "artifact_slot:<seat>"
(priming), and, added by the table's hotspots, "folklore_option:<option id>" (an option on a
card) and "scoring_card:<id>" (a Scoring Card of the supply)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.aac import api
from engine.aac.api import FOLKLORE as NAME
from engine.aac.api import GameState
from engine.aac.api import doublers as dbl
from engine.aac.api import folklore_card as card
from engine.aac.api import folklore_option as option
from engine.aac.api import scoring_cards as sc
from engine.kernel.decisions import Choice, Decision
from game.aac import folklore_draw as fd
from game.aac.module_sheet import ModuleSheet
from game.aac.targets import Hotspot, centred
from game.shell import theme
from game.shell.layout import BOARD_X, BOARD_Y, fit
from game.shell.scenegraph import Button, Canvas

if TYPE_CHECKING:
    from game.aac.board_geometry import BoardGeometry
    from game.aac.table.model import ModuleHost, SeatsModel
    from game.aac.table.module_hook import EventStage
    from game.shell.animations import Tween

# decisions the panel opens for (the person deciding reads and points at cards)
CARD_KINDS = frozenset({"folklore_card", "folklore_option", "folklore_extra", "folklore_reply",
                        "folklore_keep", "gain_scoring_card"})
PANEL = (BOARD_X + 6, BOARD_Y + 206, 836, 628)  # over the lower part of the map
EXT_W = 176.0
SCORING_Y = 44 + EXT_W + 64  # the held Scoring Cards' title, under the extension's summary
SUPPLY_TOP = 168.0  # the Scoring Card supply's top under the cards' box top, while one is taken


def active(s: GameState) -> bool:
    return NAME in s.ext


def option_target(ch_id: str) -> str:
    """The card option a choice names ("option:<id>" -> "folklore_option:<id>"), or ""."""
    return "folklore_option:" + ch_id[7:] if ch_id.startswith("option:") else ""


def _char_name(t: ModuleHost, seat: int) -> str:
    ch = t.rules.characters.get(t.shown.players[seat].character)
    return ch.name if ch is not None else ""


# --- the map: Artifacts on spaces and in bound areas, Doublers --------------------------------
def board_key(s: GameState) -> object:
    d = s.ext.get(NAME)
    db = s.ext.get(dbl.KEY)
    fk = (tuple((k, tuple(v)) for k, v in sorted(d["map"].items())),
          tuple((k, tuple(v)) for k, v in sorted(d["bound"].items()))) if d else ()
    dk = (tuple(sorted(db["pillars"])), tuple(
        (k, tuple(tuple(r) for r in v)) for k, v in sorted(db["areas"].items()))) if db else ()
    return fk, dk


def draw_board(c: Canvas, g: BoardGeometry, s: GameState, colour: Callable[[int], theme.Colour],
               shape: Callable[[int], str]) -> None:
    """Artifacts on their spaces (beside the figures' spot) and beside each region's Bound
    Energy Area; a Doubler on each doubled energy (with a count where one area holds
    several)."""
    d = s.ext.get(NAME)
    if d is not None:
        for sp, seats in d["map"].items():
            if sp not in g.spaces:
                continue
            x, y = g.xy(sp)
            for k, seat in enumerate(seats):  # at the space's foot, under the figures
                fd.map_artifact(c, x + 9 + 21 * k, y + 11, 10.5, colour(seat), shape(seat))
        for reg, seats in d["bound"].items():
            lay = g.layout.get(reg)
            if lay is None:
                continue
            x, y = lay.bound
            R = lay.spec.bound_r
            for k, seat in enumerate(seats):
                fd.map_artifact(c, x - R - 11 - 20 * (k % 2), y - 10 + 20 * (k // 2), 9,
                                colour(seat), shape(seat))
    db = s.ext.get(dbl.KEY)
    if db is None:
        return
    for reg, rows in db["areas"].items():
        lay = g.layout.get(reg)
        n = sum(map(sum, rows))
        if lay is None or n <= 0:
            continue
        x, y = lay.bound
        R = lay.spec.bound_r
        fd.doubler(c, x + R * 0.85, y - R * 0.85, 8.5)
        if n > 1:
            c.text(f"\u00d7{n}", x + R * 0.85 + 10, y - R * 0.85, 11, theme.INK, True,
                   "midleft")
    for sp in db["pillars"]:
        if sp in g.pillar:
            px, py = g.pillar[sp]
            fd.doubler(c, px + 8, py - 8, 7)


# --- the seats' rows ----------------------------------------------------------------------------
ROW_X = 674.0  # the Folklore column at the right end of a seat's row (ROW_W wide)
ROW_W = 56.0
ROW_TRACKS_W = 108.0  # the row's Monument and Pillar tracks end before the column


def row_hotspots(t: SeatsModel, seat: int, y: float, rh: float) -> list[Hotspot]:
    """The seats' row's primed slot (a target when priming) and its summary tooltip."""
    who = t.session.name(seat)
    out = [centred(f"artifact_slot:{seat}", ROW_X + 10, _row_mid(y, rh), 9,
                   f"{who}'s primed Artifact slot: an Artifact primed instead of a recharge "
                   "waits here to be placed after character movement", z=8)]
    hs = Hotspot(f"info:{seat}:folklore", ROW_X, y + 2, ROW_W, rh - 8, z=7)
    hs.tipfn = lambda: row_tip(t, seat)
    out.append(hs)
    return out


def row_tip(t: SeatsModel, seat: int) -> str:
    s = t.shown
    if not active(s) or seat >= s.n:
        return ""
    d = s.ext[NAME]
    who = t.session.name(seat)
    vp = fd._ext_layout().track.positions[d["track"][seat]].vp
    return (f"{who}: {len(d['hand'][seat])} Folklore Cards in hand (secret), "
            f"{len(d['played'][seat])} played; {d['slots'][seat]} Artifacts in the slots"
            f"{', 1 primed' if d['primed'][seat] else ''}; Folklore Track {d['track'][seat]} "
            f"({vp} VP). Click the row to see them.")


def row_key(s: GameState, seat: int) -> object:
    d = s.ext.get(NAME)
    if d is None:
        return ()
    held = s.ext.get(sc.KEY)
    return (len(d["hand"][seat]), d["slots"][seat], d["primed"][seat], d["track"][seat],
            len(held["held"][seat]) if held else 0)


def _row_mid(y: float, rh: float) -> float:
    return y + rh * 0.5 - 2


def draw_row(c: Canvas, t: SeatsModel, seat: int, y: float, rh: float) -> None:
    """A seat's Folklore at a glance, in three lines inside the column (ROW_X, ROW_W): card
    backs with the hand's count; the primed slot with the Folklore Track position; the
    Artifacts left in the slots."""
    s = t.shown
    d = s.ext[NAME]
    col, shape = t.session.colour(seat), t.session.shape(seat)
    x = ROW_X
    fd.folklore_card_back(c, x + 3, y + 4, 14, 20, col)
    c.text(f"\u00d7{len(d['hand'][seat])}", x + 21, y + 14, 10, theme.INK, True, "midleft",
           max_w=ROW_W - 23)
    cy = _row_mid(y, rh)
    c.circle(theme.GOLD if d["primed"][seat] else theme.darken(fd.PARCHMENT, 0.3), x + 10, cy, 8)
    if d["primed"][seat]:
        fd.artifact(c, x + 10, cy, 6.5, col, shape, primed=True)
    c.text(f"FT {d['track'][seat]}", x + 21, cy, 10, theme.INK, True, "midleft",
           max_w=ROW_W - 23)
    for k in range(d["slots"][seat]):
        fd.artifact(c, x + 9 + k * 16, y + rh - 16, 5.5, col, shape)


# --- the Folklore panel -------------------------------------------------------------------------
class FolklorePanel(ModuleSheet):
    """The Folklore sheet of the device's seat over the lower map: its extension (priming by
    pointing at the primed slot), hand (face up for its person only), played cards (options
    chosen by pointing at them), Scoring Cards (face down for the others) and, while one is
    to be taken, the Scoring Card supply."""

    module = NAME
    rect = PANEL
    what = "the sheet"
    fold_tip = "Fold the sheet down to see the map under it (Show the sheet brings the cards back)"
    unfold_tip = "Open the Folklore sheet again: the cards and their options"

    def __init__(self, table: ModuleHost) -> None:
        super().__init__(table, "Close the Folklore sheet (the Folklore button on the device "
                                "opens it again)")
        self.rects: dict[str, tuple[float, float, float, float]] = {}

    # which cards, face up or down
    def face_up(self, seat: int) -> bool:
        """The seat's own hand for it alone; every hand once the game is over (the results
        show each player's sheet as it ended)."""
        return self.table.shown.over or self.table.hand_viewer() == seat

    def follow(self, seat: int) -> None:
        """Open with the decisions that need the cards; closed again after them unless the
        player opened it."""
        t = self.table
        self.seat = seat
        d = t.pending
        if not active(t.shown):
            self.visible = False
            return
        need = d is not None and t.session.is_human(d.seat) and d.kind in CARD_KINDS
        if self.folded and self._folded_at != len(t.game.history):
            self._set_folded(False)  # a new decision: the sheet opens again
        if need:
            self.visible = True
            t.hide_other_panels(NAME)
        elif not self.pinned:
            self.visible = False

    def refresh(self) -> None:
        """Rebuild the hotspots (cards, options, the primed slot) for what is drawn."""
        t = self.table
        s = t.shown
        key = (self.visible, self.folded, self.seat, self.face_up(self.seat), t.rev,
               t.pending.kind if t.pending else "", len(t.game.history))
        if key == self._key:
            return
        self._key = key
        self.clear()
        self.add(self.close, self.fold)
        self.rects = {}
        if not self.visible or not active(s) or self.seat >= s.n or self.folded:
            return
        for target, (x, y, w, h), tip, round_ in self._layout():
            self.rects[target] = (x, y, w, h)
            hs = Hotspot(target, x, y, w, h, tip, round_, z=6)
            self.add(hs)

    def _cards_box(self) -> tuple[float, float, float, float]:
        return EXT_W + 24, 44, self.w - EXT_W - 36, 300

    def _resolving(self) -> bool:
        """Options are chosen on the played cards now: they take the large top row."""
        d = self.table.pending
        return d is not None and d.kind in ("folklore_option", "folklore_extra",
                                            "folklore_reply") and d.seat == self.seat

    def _boxes(self) -> tuple[tuple[float, float, float, float],
                              tuple[float, float, float, float]]:
        """(hand box, played box): the hand on top, unless options are being chosen."""
        bx, by, bw, _ = self._cards_box()
        if self._resolving():
            return (bx, by + 396, bw, self.h - by - 406), (bx, by, bw, 366)
        if self._keeping():  # the expert hand: the 6 cards in two rows, nothing played yet
            return (bx, by, bw, self.h - by - 12), (bx, self.h, bw, 0)
        if self._picking():  # the Scoring Card supply takes the room under a small hand
            return (bx, by, bw, SUPPLY_TOP - 40), (bx, by + SUPPLY_TOP, bw, 0)
        return (bx, by, bw, 300), (bx, by + 330, bw, self.h - by - 340)

    def _keeping(self) -> bool:
        """This seat keeps 3 of its 6 Folklore Cards now (the expert hand, R26.1.3)."""
        d = self.table.pending
        return d is not None and d.kind == "folklore_keep" and d.seat == self.seat

    def _kept(self) -> frozenset[str]:
        """The cards of the hand kept already while the expert hand is chosen."""
        if not self._keeping():
            return frozenset()
        d = self.table.pending
        assert d is not None
        left = {ch.data for ch in d.choices}
        return frozenset(self.table.shown.ext[NAME]["hand"][self.seat]) - left

    def _hand_rects(self, n: int) -> list[tuple[float, float, float, float]]:
        """The hand's cards: one row, or two rows of 3 while the expert hand is chosen."""
        bx, by, bw, bh = self._boxes()[0]
        if not self._keeping() or n <= 3:
            return self._card_rects(n, bx, by, bw, bh)
        top = (n + 1) // 2
        row_h = (bh - 12) / 2
        return (self._card_rects(top, bx, by, bw, row_h)
                + self._card_rects(n - top, bx, by + row_h + 12, bw, row_h))

    def _picking(self) -> bool:
        """A Scoring Card is taken from the supply by this seat now."""
        d = self.table.pending
        return d is not None and d.kind == "gain_scoring_card" and d.seat == self.seat

    def _layout(self) -> list[tuple[str, tuple[float, float, float, float], str, bool]]:
        """(target, rect, tooltip, round) of everything pointable, the same places draw uses."""
        t = self.table
        s = t.shown
        d = s.ext[NAME]
        seat = self.seat
        out: list[tuple[str, tuple[float, float, float, float], str, bool]] = []
        spots = fd.extension_spots(12, 44, EXT_W, EXT_W)
        out.append((f"artifact_slot:{seat}", spots["artifact_slot:primed"],
                    "The primed slot: prime an Artifact here instead of a recharge; place it "
                    "after character movement", True))
        for pos in range(5):
            vp = fd._ext_layout().track.positions[pos].vp
            out.append((f"info:folklore_track:{pos}", spots[f"folklore_track:{pos}"],
                        f"Folklore Track {pos}: {vp} VP at the end of the game", False))
        if self.face_up(seat):
            cards = [card(t.rules, cid) for cid in d["hand"][seat]]
            for cid, cd, r in zip(d["hand"][seat], cards,
                                  self._hand_rects(len(cards)), strict=True):
                out.append((f"card:{cid}", r, f"{cd.name}\n" + "\n".join(
                    f"{o.label}: {o.text}" for o in cd.options), False))
        for cid, r in zip(d["played"][seat], self._played_rects(len(d["played"][seat])),
                          strict=False):
            cd = card(t.rules, cid)
            lay = fd.card_layout(cd, r[2], r[3], self._scale())
            for label, orect in fd.option_rects(lay, r[0], r[1], r[2], self._scale()).items():
                o = next(o for o in cd.options if o.label == label)
                out.append((f"folklore_option:{o.id}", orect,
                            f"{cd.name}, option {o.label}: {o.text}", False))
        held = s.ext.get(sc.KEY)
        # whose card: "Your" to the seat's player during play; at the end every sheet is face
        # up (the results show each one), so the owner by name
        whose = f"{t.session.name(seat)}'s" if s.over else "Your"
        for k, cid in enumerate(held["held"][seat] if held else []):
            r = (12 + k * (EXT_W / 2 + 4), SCORING_Y + 12, EXT_W / 2 - 4, 150)
            c_ = sc.card(cid) if self.face_up(seat) and cid and cid != sc.UNKNOWN else None
            out.append((f"info:scoring_card:{k}", r, f"{whose} Scoring Card {c_.name}: "
                        f"{c_.text}" if c_ is not None else
                        "A Scoring Card, face down until the end", False))
        pend = t.pending
        if pend is not None and pend.kind == "gain_scoring_card" and pend.seat == seat:
            for ch, r in zip(pend.choices, self._supply_rects(len(pend.choices)), strict=True):
                if ch.id.startswith("card:"):
                    c_ = sc.card(ch.data)
                    out.append((f"scoring_card:{ch.data}", r, f"{c_.name}: {c_.text}", False))
        return out

    def _scale(self) -> float:
        """The window's pixels per virtual unit (a card's layout depends on it)."""
        win = getattr(self.table.app, "window", None)
        return fit(*win.get_size())[0] if win is not None else 1.0

    def _card_rects(self, n: int, x: float, y: float, w: float, h: float
                    ) -> list[tuple[float, float, float, float]]:
        if n == 0:
            return []
        gap = 12.0
        cw = min((w - gap * (n - 1)) / n, h * fd.CARD_ASPECT, 260.0)
        ch = cw / fd.CARD_ASPECT
        x0 = x + (w - (cw * n + gap * (n - 1))) / 2
        return [(x0 + i * (cw + gap), y, cw, ch) for i in range(n)]

    def _played_rects(self, n: int) -> list[tuple[float, float, float, float]]:
        """The played cards: a row under the hand (above it while options are chosen)."""
        bx, by, bw, bh = self._boxes()[1]
        return self._card_rects(max(1, n), bx, by, bw, bh)[:n]

    def _supply_rects(self, n: int) -> list[tuple[float, float, float, float]]:
        """The Scoring Card supply (while one is taken): small cards over the played row."""
        bx, by, bw, _ = self._cards_box()
        cols = max(1, min(n, 4))  # the 8 cards in two rows that end above the sheet's foot
        cw = (bw - 8 * (cols - 1)) / cols
        ch = min(200.0, (self.h - by - SUPPLY_TOP - 16) / max(1, -(-n // cols)) - 8)
        return [(bx + (i % cols) * (cw + 8), by + SUPPLY_TOP + (i // cols) * (ch + 8), cw, ch)
                for i in range(n)]

    def draw_self(self, c: Canvas) -> None:
        t = self.table
        s = t.shown
        if not active(s) or self.seat >= s.n:
            return
        d = s.ext[NAME]
        seat = self.seat
        col, shape = t.session.colour(seat), t.session.shape(seat)
        c.fill(theme.BG_DARK, 4, 5, self.w, self.h, 14)
        c.fill(theme.PANEL, 0, 0, self.w, self.h, 14)
        c.fill(col, 0, 0, self.w, self.h, 14, 3)
        who = t.session.name(seat)
        if self.folded:
            pend = t.pending
            what = (": choose in the prompt, or show the sheet" if pend is not None
                    and pend.kind in CARD_KINDS and pend.seat == seat else "")
            c.text(f"{who} \u2014 Folklore sheet folded{what}", 14, self.h / 2, 14,
                   theme.INK, True, "midleft", max_w=self.fold.x - 24)
            return
        c.text(f"{who} \u2014 Folklore", 14, 22, 18, theme.INK, True, "midleft",
               max_w=self._cards_box()[0] - 24)  # the cards' titles start there
        fd.board_extension(c, 12, 44, EXT_W, EXT_W, col, shape, d["track"][seat],
                           d["slots"][seat], d["primed"][seat])
        vp = fd._ext_layout().track.positions[d["track"][seat]].vp
        c.text_box(f"Folklore Track {d['track'][seat]}: {vp} VP. Artifacts: "
                   f"{d['slots'][seat]} in the slots"
                   f"{', 1 primed' if d['primed'][seat] else ''}.", 12, 44 + EXT_W + 6,
                   EXT_W, 52, 12, theme.INK, False, "left")  # up to 3 lines
        self._draw_scoring(c, seat, 12, SCORING_Y)
        bx, by, bw, bh = self._boxes()[0]
        hand = d["hand"][seat]
        up = self.face_up(seat)
        title = (f"Your hand ({len(hand)})" if t.hand_viewer() == seat else
                 f"{who}'s hand at the end ({len(hand)})" if up else
                 f"{who}'s hand: {len(hand)} secret card{'s' if len(hand) != 1 else ''}")
        top_w = self.fold.x - 12 - bx  # a title on the top row keeps clear of the buttons
        c.text(title, bx, by - 6, 14, theme.INK, True, "bottomleft",
               max_w=top_w if by < self.fold.y + 40 else bw)
        kept = self._kept()
        for cid, r in zip(hand, self._hand_rects(len(hand)), strict=True):
            if up and cid:
                fd.folklore_card(c, *r, card(t.rules, cid), col, _char_name(t, seat),
                                 dim=cid in kept)
                if cid in kept:  # the expert hand: kept already (a strip over its foot)
                    x, y, w, h = r
                    c.fill(theme.GOLD, x + 3, y + h - 24, w - 6, 21, 6)
                    c.text("Kept for your hand \u2713", x + w / 2, y + h - 13.5, 12,
                           theme.INK, True, "center", max_w=w - 12)
            else:
                fd.folklore_card_back(c, *r, col)
        if not hand:
            c.text("No cards left in the hand.", bx + bw / 2, by + 40, 14, theme.INK_SOFT,
                   False, "center")
        pend = t.pending
        if pend is not None and pend.kind == "gain_scoring_card" and pend.seat == seat:
            c.text("Scoring Cards you may take (face down)", bx, by + SUPPLY_TOP - 6, 14,
                   theme.INK, True,
                   "bottomleft", max_w=bw)
            for ch, r in zip(pend.choices, self._supply_rects(len(pend.choices)), strict=True):
                if ch.id.startswith("card:"):
                    fd.scoring_card_face(c, *r, sc.card(ch.data))
            return
        if self._keeping():
            return  # nothing is played before the game starts
        played = d["played"][seat]
        px, py, pw, _ = self._boxes()[1]
        c.text(f"Played, face up ({len(played)})", px, py - 6, 14, theme.INK, True,
               "bottomleft", max_w=top_w if py < self.fold.y + 40 else pw)
        used = self._used()
        offered = self._offered()
        for cid, r in zip(played, self._played_rects(len(played)), strict=False):
            cd = card(t.rules, cid)
            off = () if offered is None else tuple(o.label for o in cd.options
                                                   if o.id not in offered)
            fd.folklore_card(c, *r, cd, col, _char_name(t, seat),
                             used=used.get(cid, ()), unavailable=off)
        if not played:
            c.text("No card played yet.", px + pw / 2, py + 60, 14, theme.INK_SOFT, False,
                   "center")

    def _offered(self) -> frozenset[str] | None:
        """While this seat chooses an option: the option ids it may choose (the others on its
        played cards are drawn unavailable); None otherwise."""
        if not self._resolving():
            return None
        d = self.table.pending
        assert d is not None
        return frozenset(ch.id[7:] for ch in d.choices if ch.id.startswith("option:"))

    def _used(self) -> dict[str, tuple[str, ...]]:
        """The options performed from the card being resolved now (drawn struck through)."""
        for f in reversed(self.table.game.state.stack):
            done = getattr(f, "done", None)
            cid = getattr(f, "card", None)
            if getattr(f, "kind", "") == "aac.folklore_card" and isinstance(cid, str) and cid and \
                    isinstance(done, tuple):
                return {cid: tuple(option(self.table.rules, o)[1].label for o in done)}
        return {}

    def _draw_scoring(self, c: Canvas, seat: int, x: float, y: float) -> None:
        held = self.table.shown.ext.get(sc.KEY)
        if held is None:
            return
        cards = held["held"][seat]
        c.text(f"Scoring Cards ({len(cards)} of 2)", x, y, 12, theme.INK, True, "midleft",
               max_w=EXT_W)
        for k, cid in enumerate(cards):
            cx = x + k * (EXT_W / 2 + 4)
            if self.face_up(seat) and cid and cid != sc.UNKNOWN:
                fd.scoring_card_face(c, cx, y + 12, EXT_W / 2 - 4, 150, sc.card(cid))
            else:
                fd.scoring_card_back(c, cx, y + 12, EXT_W / 2 - 4, 150)
        if not cards:
            c.text("none", x, y + 22, 11, theme.INK_SOFT, False, "midleft")


def tab_button(table: ModuleHost, x: float, y: float) -> Button:
    return Button("Folklore \u25be", x, y, TAB_W, 26, lambda: table.toggle_module(NAME), 12,
                  tip="Open or close the Folklore sheet: Artifacts, the Folklore Track, the "
                      "hand, played cards and Scoring Cards", z=6)


TAB_W = 104.0
# the targets pointed at on the sheet: the primed slot, the cards and their options, the
# Scoring Cards offered
SHEET_TARGETS = ("artifact_slot:", "card:", "folklore_option:", "scoring_card:")


def why_not(table: ModuleHost, target: str, d: Decision) -> str:
    """A card option that cannot be chosen now, in the engine's words ("" for the rest)."""
    if target.startswith("folklore_option:") and active(table.game.state):
        return api.folklore_option_why_not(table.game.state, d.seat,
                                             target.split(":", 1)[1])
    return ""


def space_why_not(table: ModuleHost, target: str, d: Decision) -> str:
    """Where the deciding figure stands in a Folklore game: the engine's reasons why no
    Artifact may be placed there (R26.3); "" elsewhere."""
    s = table.game.state
    if active(s) and d.seat < s.n and s.players[d.seat].figure == target:
        why = api.folklore_space_why_not(s, d.seat)
        if why:
            return "no Artifact here: " + " ".join(why)
    return ""


class FolkloreTable:
    """The Folklore module's part of the table (game.aac.table.module_hook.TableModule)."""

    name = NAME
    tab_w = TAB_W
    row_tracks_w = ROW_TRACKS_W
    # yes-or-no questions answered by pointing AND by a prompt button (the primed slot in a
    # seat's row is small; the figure's space may be under the sheet)
    also_buttons = frozenset({"folklore:prime", "folklore:place"})
    also_button_kinds: frozenset[str] = frozenset()

    def active(self, s: GameState) -> bool:
        return active(s)

    def make_panel(self, table: ModuleHost) -> FolklorePanel:
        return FolklorePanel(table)

    def tab_button(self, table: ModuleHost, x: float, y: float) -> Button:
        return tab_button(table, x, y)

    def board_key(self, s: GameState) -> object:
        return board_key(s)

    def draw_board(self, c: Canvas, g: BoardGeometry, s: GameState,
                   colour: Callable[[int], theme.Colour], shape: Callable[[int], str]) -> None:
        draw_board(c, g, s, colour, shape)

    def row_key(self, s: GameState, seat: int) -> object:
        return row_key(s, seat)

    def row_hotspots(self, t: SeatsModel, seat: int, y: float, rh: float
                     ) -> list[Hotspot]:
        return row_hotspots(t, seat, y, rh)

    def draw_row(self, c: Canvas, t: SeatsModel, seat: int, y: float, rh: float) -> None:
        draw_row(c, t, seat, y, rh)

    def extra_targets(self, table: ModuleHost, ch: Choice) -> list[str]:
        opt = option_target(ch.id)  # a card's option is pointed at on the card
        return [opt] if opt else []

    def on_sheet(self, target: str) -> bool:
        return target.startswith(SHEET_TARGETS)

    def why_not(self, table: ModuleHost, target: str, d: Decision) -> str:
        return why_not(table, target, d)

    def space_why_not(self, table: ModuleHost, target: str, d: Decision) -> str:
        return space_why_not(table, target, d)

    def animate(self, stage: EventStage, e: Any, at: float, tweens: list[Tween]
                ) -> tuple[float, bool] | None:
        return None  # the Folklore events float their words (the animator's default)

    def locate(self, table: ModuleHost, loc: str) -> tuple[float, float] | None:
        return None  # no energy location of its own


MODULE = FolkloreTable()


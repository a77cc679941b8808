"""The auction as a scene a person understands (R5): in place of the action boxes while the
alliances are bid for. It says which bidding of the four this is and what it places, whose
turn it is to bid (every player in bidding order: who leads, who passed, who speaks), the
high bid and its proposal, what each earlier bidding placed and the price paid; and for the
person bidding, the bid control: the amount (+1, +5, typed), Pass, and the two countries to
drag from "Not yet allied" into boxes A and B of the Alliance Display (or click one, then
the box), then "Bid".

The engine asks the amount first ("bid:<n>" or "pass") and then the proposal
("propose:<A>:<B>"); the panel collects both and gives them in that order."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.aor.api import EMPTY, AuctionStatus, auction_status, tables
from game.aor import look, pieces
from game.aor.layout import LOWER_H, LOWER_Y, RIGHT_W, RIGHT_X
from game.aor.panels import PANEL_EDGE, SOFT, panel_frame
from game.shell import theme
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from game.aor.panels import AllianceView
    from game.aor.table.model import TableModel

INK = pieces.INK
ROW_H = 30.0


class AuctionPanel(Node):
    def __init__(self, table: TableModel, alliance: AllianceView) -> None:
        super().__init__(RIGHT_X, LOWER_Y, RIGHT_W, LOWER_H, z=2)
        self.table = table
        self.alliance = alliance
        self.visible = False
        self.amount = 0
        self.typed = ""  # digits typed for the amount
        self.typing = False
        self.draft: list[int] = [EMPTY, EMPTY]
        self.history: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []  # won phases
        self.said: dict[int, str] = {}  # seat -> its last word in this phase ("3", "pass")
        self._key: object = None
        bx, by = 16.0, LOWER_H - 124
        self.minus = Button("\u22121", bx + 150, by + 30, 48, 34, lambda: self.step(-1), 15,
                            tip="One gold less")
        self.plus = Button("+1", bx + 204, by + 30, 48, 34, lambda: self.step(1), 15,
                           tip="One gold more (the smallest raise, R5.3.3)")
        self.plus5 = Button("+5", bx + 258, by + 30, 48, 34, lambda: self.step(5), 15,
                            tip="Five gold more")
        self.type_button = Button("Type", bx + 312, by + 30, 62, 34, self.start_typing, 13,
                                  tip="Type the amount with the keyboard (Enter bids)")
        self.bid_button = Button("Bid", bx, by + 76, 300, 38, self.bid, 16)
        self.pass_button = Button("Pass", bx + 312, by + 76, 120, 38, self.pass_, 16,
                                  tip="Pass: you may still bid later in this phase (R5.3.3)")
        self.clear_button = Button("Clear A and B", bx + 442, by + 76, 170, 38, self.clear, 13,
                                   tip="Put the proposed countries back")
        self.controls = [self.minus, self.plus, self.plus5, self.type_button, self.bid_button,
                         self.pass_button, self.clear_button]
        self.add(*self.controls)

    # --- what the engine says -----------------------------------------------------------------
    def status(self) -> AuctionStatus | None:
        return auction_status(self.table.game)

    def bidding(self) -> bool:
        """A person decides a bid or its proposal now."""
        d = self.table.pending
        return d is not None and d.kind in ("bid", "proposal") and \
            self.table.session.is_human(d.seat)

    def amounts(self) -> list[int]:
        d = self.table.pending
        if d is None:
            return []
        return sorted(int(c.id.split(":")[1]) for c in d.choices if c.id.startswith("bid:"))

    def sync(self) -> None:
        """After every settle: show or hide, reset the control for a new bidder."""
        st = self.status()
        self.visible = st is not None or self.table.shown.step == "alliances" and bool(
            self.history)
        key = (self.table.decision_key(), st.phase if st else -1)
        if key != self._key:
            self._key = key
            d = self.table.pending
            amounts = self.amounts()
            if d is not None and d.kind == "bid" and amounts:
                self.amount = amounts[0]
                self.draft = [EMPTY, EMPTY]
            elif d is not None and d.kind == "proposal" and st is not None:
                self.amount = st.amount
            self.typing = False
            self.typed = ""
        self._place_controls()
        self.push_draft()

    def _place_controls(self) -> None:
        d = self.table.pending
        on = self.bidding() and self.visible
        for b in self.controls:
            b.visible = on
        if not on or d is None:
            return
        amounts = self.amounts()
        if d.kind == "proposal":
            for b in (self.minus, self.plus, self.plus5, self.type_button, self.pass_button):
                b.visible = False
        else:
            self.minus.enabled = bool(amounts) and self.amount > amounts[0]
            self.plus.enabled = bool(amounts) and self.amount + 1 <= amounts[-1]
            self.plus5.enabled = bool(amounts) and self.amount + 5 <= amounts[-1]
            self.pass_button.enabled = d.find("pass") is not None
            self.pass_button.tip = ("Pass: you may still bid later in this phase (R5.3.3)"
                                    if self.pass_button.enabled else
                                    "The opener cannot pass: the first bid may be 0 (R5.3.1)")
        ready = self.proposal_id() != ""
        self.bid_button.enabled = ready
        verb = "Propose" if d.kind == "proposal" else f"Bid {self.amount} gold"
        self.bid_button.label = verb if ready else f"{verb}: fill A and B first" if not \
            self.single() else f"{verb}: put the country in A or B"
        self.bid_button.tip = ("Make this bid with the countries in boxes A and B" if ready
                               else "Drag countries from \u201cNot yet allied\u201d into the "
                               "boxes first (or click one, then the box)")
        self.clear_button.enabled = self.draft != [EMPTY, EMPTY]

    def single(self) -> bool:
        st = self.status()
        return bool(st and st.single)

    # --- the control ---------------------------------------------------------------------------
    def step(self, k: int) -> None:
        amounts = self.amounts()
        if not amounts:
            return
        self.amount = max(amounts[0], min(amounts[-1], self.amount + k))
        self.typing = False
        self._place_controls()

    def start_typing(self) -> None:
        self.typing = True
        self.typed = ""

    def type_key(self, event: pygame.event.Event) -> bool:
        if not self.typing:
            return False
        amounts = self.amounts()
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.typing = False
            if self.bid_button.enabled:
                self.bid()
            return True
        if event.key == pygame.K_ESCAPE:
            self.typing = False
            return True
        if event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        else:
            ch = getattr(event, "unicode", "") or ""
            if ch.isdigit() and len(self.typed) < 3:
                self.typed += ch
        if self.typed and amounts:
            self.amount = max(amounts[0], min(amounts[-1], int(self.typed)))
        self._place_controls()
        return True

    def proposal_id(self) -> str:
        """The engine's id of the draft proposal, or "" while it is not complete."""
        st = self.status()
        if st is None:
            return ""
        t = tables()
        a, b = self.draft
        if st.single:
            if (a == EMPTY) == (b == EMPTY):
                return ""
        elif a == EMPTY or b == EMPTY:
            return ""
        ca = t.countries[a] if a != EMPTY else "-"
        cb = t.countries[b] if b != EMPTY else "-"
        return f"propose:{ca}:{cb}"

    def place(self, country: int, row: int) -> None:
        """Put a not-yet-allied country in box A (row 0) or B (row 1)."""
        st = self.status()
        if st is None or tables().countries[country] not in st.unallied:
            return
        other = 1 - row
        if self.draft[other] == country:
            self.draft[other] = EMPTY
        if st.single:
            self.draft = [EMPTY, EMPTY]
        self.draft[row] = country
        self.table.app.sound.play("disc")
        self.push_draft()
        self._place_controls()

    def take_back(self, row: int) -> int:
        c = self.draft[row]
        self.draft[row] = EMPTY
        self.push_draft()
        self._place_controls()
        return c

    def clear(self) -> None:
        self.draft = [EMPTY, EMPTY]
        self.push_draft()
        self._place_controls()

    def push_draft(self) -> None:
        """The Alliance Display shows the draft proposal while a person bids."""
        self.alliance.draft = (self.draft[0], self.draft[1]) if self.bidding() else None

    def bid(self) -> None:
        d = self.table.pending
        prop = self.proposal_id()
        if d is None or not prop:
            return
        if d.kind == "proposal":
            self.table.choose(prop)
        else:
            self.table.choose_many([f"bid:{self.amount}", prop])
        self.draft = [EMPTY, EMPTY]
        self.alliance.draft = None

    def pass_(self) -> None:
        d = self.table.pending
        if d is not None and d.find("pass") is not None:
            self.table.choose("pass")

    # --- what happened (the animator tells) -----------------------------------------------------
    def heard(self, seat: int, word: str) -> None:
        self.said[seat] = word

    def phase_started(self) -> None:
        self.said = {}

    def phase_won(self, seat: int, amount: int, placed: tuple[tuple[int, int], ...]) -> None:
        self.history.append((seat, amount, placed))
        self.said = {}

    def new_turn(self) -> None:
        self.history = []
        self.said = {}

    # --- drawing ---------------------------------------------------------------------------------
    def draw_self(self, c: Canvas) -> None:
        st = self.status()
        s = self.table.shown
        panel_frame(c, self.w, self.h)
        if st is None:
            c.text("The alliances are made", 16, 18, 15, INK, True, "midleft")
            self._history(c, 48)
            return
        what = "the last country" if st.single else "two countries"
        c.text(f"The alliances: bidding {st.phase} of {st.phases}, for {what}", 16, 18, 15,
               INK, True, "midleft", max_w=self.w - 32)
        sub = ("Box A joins the top row, box B the bottom row; the winner pays the bid "
               "(R5.3, R5.4).")
        if st.single:
            sub = ("The last country joins the row the winner chooses: box A (top) or B "
                   "(bottom) (R5.4.3).")
        c.text(sub, 16, 38, 11, SOFT, False, "midleft", max_w=self.w - 32)
        # the bidders, in bidding order from the opener
        y = 58.0
        for k, seat in enumerate(st.order):
            p = s.players[seat]
            speaking = seat == st.speaker
            fill = (252, 236, 180) if speaking else (236, 224, 198)
            c.fill(fill, 12, y, self.w - 24, ROW_H - 4, 6)
            if speaking:
                c.fill(theme.GOLD, 12, y, self.w - 24, ROW_H - 4, 6, 2)
            pieces.disc(c, 28, y + 13, 9, p.country)
            c.text(self.table.seat_name(seat), 44, y + 13, 13, INK, True, "midleft",
                   max_w=190)
            word = ""
            if seat == st.leader:
                word = f"leads with {st.high} gold"
            elif seat in st.passed:
                word = "passed"
            elif self.said.get(seat):
                word = self.said[seat]
            if speaking:
                word = ("to speak: open the bidding" if st.leader < 0 else
                        "to speak: raise or pass")
                if st.at == "proposal":
                    word = f"bids {st.amount} gold: choosing the countries"
            if k == 0:
                word = (word + " · opened") if word else "opened this bidding"
            c.text(word, 250, y + 13, 12, SOFT if not speaking else INK, speaking, "midleft",
                   max_w=self.w - 380)
            c.text(f"{p.gold} gold", self.w - 24, y + 13, 12, SOFT, False, "midright")
            y += ROW_H
        y += 6
        if st.high >= 0 and st.leader >= 0:
            prop = [tables().country_index.get(x, EMPTY) if x else EMPTY for x in st.proposal]
            words = []
            if prop[0] != EMPTY:
                words.append(f"{look.name(prop[0])} to the top row")
            if prop[1] != EMPTY:
                words.append(f"{look.name(prop[1])} to the bottom row")
            c.text(f"High bid: {st.high} gold by {self.table.seat_name(st.leader)}: "
                   + " and ".join(words), 16, y + 8, 12, INK, True, "midleft",
                   max_w=self.w - 32)
            y += 24
        if self.bidding():
            self._control(c, st)
        else:
            self._history(c, y + 4)

    def _control(self, c: Canvas, st: AuctionStatus) -> None:
        d = self.table.pending
        by = self.h - 124
        c.fill((232, 218, 186), 10, by - 8, self.w - 20, 130, 8)
        c.fill(PANEL_EDGE, 10, by - 8, self.w - 20, 130, 8, 1)
        who = self.table.seat_name(d.seat) if d is not None else ""
        how = ("drag the last country into box A (top row) or B (bottom row)" if st.single
               else "drag two countries into boxes A and B (or click one, then a box)")
        c.text(f"{who}: your bid, then {how}", 20, by + 8, 12, INK, True, "midleft",
               max_w=self.w - 40)
        c.fill(theme.CREAM, 20, by + 30, 120, 34, 6)
        c.fill(theme.HILITE if self.typing else PANEL_EDGE, 20, by + 30, 120, 34, 6,
               2 if self.typing else 1)
        shown = self.typed if self.typing and self.typed else str(self.amount)
        c.text(f"{shown} gold", 80, by + 47, 17, INK, True, "center", max_w=112)
        amounts = self.amounts()
        if amounts and d is not None and d.kind == "bid":
            c.text(f"from {amounts[0]} to {amounts[-1]} (levying included)", 392, by + 47, 11,
                   SOFT, False, "midleft", max_w=self.w - 404)

    def _history(self, c: Canvas, y: float) -> None:
        if not self.history:
            return
        c.text("Won so far", 16, y + 8, 12, SOFT, True, "midleft")
        y += 22
        for seat, amount, placed in self.history[-4:]:
            where = ", ".join(f"{look.name(cc)} to space {sp}" for cc, sp in placed)
            c.text(f"{self.table.seat_name(seat)} paid {amount} gold: {where}", 24, y + 8, 12,
                   INK, False, "midleft", max_w=self.w - 40)
            y += 20

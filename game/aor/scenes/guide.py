"""Age of Reason's guide: "How to play" pages, each beside a picture of the real table at a
seeded position (drawn by the table scene itself, the part the page speaks of), and the rules
reference, one page per rule section. Opened from the title and pause menus, with F1
anywhere (at the rule of what the pointer is over: "R7.3" opens Attacks with that entry lit),
and closed with Esc or Back to the scene it was opened from. Pages are listed on the left;
the arrows or Page Up/Down turn them."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.aor.guide import BOOK_TITLES, HOWTO, HOWTO_PAGES, RULES_PAGES, Page, Shot, find
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import HelpScene

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

LIST_X, LIST_W = 24.0, 300.0
PAGE_X = 352.0
TEXT_W = 470.0
ART_X = PAGE_X + TEXT_W + 28.0
ART_W, ART_H = VW - 24.0 - ART_X, 560.0
TITLE_Y, BODY_Y = 44.0, 100.0
TEXT_SIZE, LINE = 16.0, 24.0
ENTRY_SIZE = 15.0
ENTRY_W = VW - PAGE_X - 24
ENTRY_GAP = 8.0
ENTRIES_BOTTOM = VH - 80.0  # above the page's buttons
MORE_X = PAGE_X + 360.0  # the "more below" line, right of "Next"

_tables: dict[Shot, TableScene] = {}  # each position set up once a run
_pictures: dict[tuple[Shot, float], pygame.Surface] = {}  # each part drawn once per scale
_last: list[str] = [HOWTO_PAGES[0].id]


def picture(nav: Nav, shot: Shot, scale: float = 1.0) -> pygame.Surface:
    """The part of the table `shot` shows at its position, drawn by the table scene itself at
    `scale` pixels per virtual unit (as sharp as the table at any window size; the one
    person's own hand shown, as they would see it)."""
    key = (shot, round(scale, 4))
    surf = _pictures.get(key)
    if surf is None:
        table = _tables.get(shot)
        if table is None:
            session = AorSession.mid_game(shot.seed, shot.players, shot.moves, humans=1)
            table = _tables[shot] = TableScene(nav, session)
        if len(_pictures) >= 12:  # another window size: the old scale's pictures go
            _pictures.clear()
        x, y, w, h = shot.part
        surf = pygame.Surface((max(1, round(w * scale)), max(1, round(h * scale))))
        table.draw(Canvas(surf, scale, -x * scale, -y * scale))
        _pictures[key] = surf
    return surf


class GuideScene(HelpScene):
    def __init__(self, app: Nav, page: str | None = None) -> None:
        super().__init__(app)
        self.page: Page = HOWTO_PAGES[0]
        self.entry = ""
        self.first = 0  # the first rule entry shown (a long rules page scrolls by entries)
        self._reveal = False  # scroll the lit entry into view at the next drawing
        self._last_first = 0  # the furthest the page scrolls (known once drawn)
        self.show(page or _last[0])

    # --- navigation ----------------------------------------------------------------------------
    def show(self, page: str | None) -> None:
        self.page, self.entry = find(page)
        self.first, self._reveal, self._last_first = 0, bool(self.entry), 0
        _last[0] = self.page.id
        self.build()

    def pages(self) -> list[Page]:
        return [*HOWTO_PAGES, *RULES_PAGES]

    def turn(self, step: int) -> None:
        pages = self.pages()
        i = pages.index(self.page)
        self.show(pages[max(0, min(len(pages) - 1, i + step))].id)

    def close(self) -> None:
        self.app.back()  # to where it was opened from (the title menu if nothing is below)

    def build(self) -> None:
        self.clear()
        y = 92.0
        for book, pages in ((HOWTO, HOWTO_PAGES), ("rules", RULES_PAGES)):
            y += 8
            self.add(_Heading(BOOK_TITLES[book], LIST_X, y))
            y += 30
            step = 31.0 if book == HOWTO else 30.0
            for p in pages:
                label = p.title if book == HOWTO else f"{p.id}  {p.title}"
                self.add(Button(label, LIST_X, y, LIST_W, step - 4, partial(self.show, p.id),
                                13, selected=p is self.page,
                                tip=f"Open “{p.title}”"))
                y += step
        self.add(Button("◀ Previous", PAGE_X, VH - 64, 170, 40, partial(self.turn, -1), 15,
                        tip="The previous page (Page Up)"))
        self.add(Button("Next ▶", PAGE_X + 180, VH - 64, 170, 40, partial(self.turn, 1), 15,
                        tip="The next page (Page Down)"))
        self.add(Button("Back", VW - 24 - 200, VH - 64, 200, 40, self.close, 16,
                        tip="Back to where you were (Esc)"))

    # --- drawing -------------------------------------------------------------------------------
    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        c.text("Age of Reason: the guide", LIST_X, 44, 22, theme.GOLD, True, "midleft",
               max_w=LIST_W)
        p = self.page
        c.text(p.title if p.book == HOWTO else f"{p.id}  {p.title}", PAGE_X, TITLE_Y, 28,
               theme.GOLD, True, "midleft", max_w=VW - PAGE_X - 24)
        if p.book == HOWTO:
            self._text(c, p)
            if p.shot is not None:
                self._picture(c, p.shot)
        else:
            self._entries(c, p)

    def _text(self, c: Canvas, p: Page) -> None:
        y = BODY_Y
        px = max(9, round(TEXT_SIZE * c.s))
        for para in p.text:
            for ln in theme.wrap(para, px, round(TEXT_W * c.s)):
                c.text(ln, PAGE_X, y, TEXT_SIZE, theme.CREAM, False, "topleft", max_w=TEXT_W)
                y += LINE
            y += LINE * 0.6
        if p.see:
            c.text("Rules: " + ", ".join(p.see) + " (the Rules pages)", PAGE_X, y + 4, 13,
                   theme.PATH, False, "topleft", max_w=TEXT_W)

    def _picture(self, c: Canvas, shot: Shot) -> None:
        _, _, w, h = shot.part
        k = min(ART_W / w, ART_H / h)
        dw, dh = w * k, h * k
        dx, dy = ART_X + (ART_W - dw) / 2, BODY_Y
        c.fill((0, 0, 0), dx + 4, dy + 5, dw, dh, 8)
        r = c.rect(dx, dy, dw, dh)
        # drawn at the window's own scale (sharp at 4K), never below the table's own size
        # (smaller, its words would be cut to fit): then shrunk to fit
        part = picture(self.app, shot, max(1.0, r.w / w))
        if part.get_size() != r.size:
            part = pygame.transform.smoothscale(part, (max(1, r.w), max(1, r.h)))
        c.surf.blit(part, r.topleft)
        c.fill(theme.GOLD, dx, dy, dw, dh, 6, 2)
        c.text("The real table, from a seeded game", dx + dw / 2, dy + dh + 18, 12,
               theme.PATH, False, "center", max_w=dw)

    def _rows(self, c: Canvas, p: Page) -> list[tuple[str, list[str], float]]:
        """Each rule entry: its id, its lines wrapped at this scale, its height."""
        px = max(9, round(ENTRY_SIZE * c.s))
        w = ENTRY_W - 110
        out = []
        for rid, words in p.entries:
            lines = theme.wrap(words, px, round(w * c.s))
            out.append((rid, lines, len(lines) * 22 + 14.0))
        return out

    def _entries(self, c: Canvas, p: Page) -> None:
        """The entries from `first` on, as many as fit whole above the page's buttons; a
        longer page scrolls with the wheel, and says how many entries are above and below."""
        rows = self._rows(c, p)
        hs = [h + ENTRY_GAP for _, _, h in rows]
        room = ENTRIES_BOTTOM - BODY_Y + ENTRY_GAP
        last = 0  # the first entry from which the rest fits
        while sum(hs[last:]) > room and last < len(rows) - 1:
            last += 1
        self._last_first = last
        ids = [rid for rid, _, _ in rows]
        if self._reveal and self.entry in ids:  # the entry a link opened, in view
            i = ids.index(self.entry)
            self.first = min(self.first, i)
            while sum(hs[self.first:i + 1]) > room and self.first < i:
                self.first += 1
        self._reveal = False
        self.first = max(0, min(self.first, last))
        y = BODY_Y
        shown = 0
        for rid, lines, h in rows[self.first:]:
            if y + h > ENTRIES_BOTTOM and shown:
                break
            lit = rid == self.entry
            c.fill((74, 56, 42) if lit else (50, 38, 30), PAGE_X, y, ENTRY_W, h, 8)
            if lit:
                c.fill(theme.HILITE, PAGE_X, y, ENTRY_W, h, 8, 2)
            c.text(rid, PAGE_X + 14, y + 18, ENTRY_SIZE, theme.GOLD, True, "midleft", max_w=90)
            for k, ln in enumerate(lines):
                c.text(ln, PAGE_X + 110, y + 18 + 22 * k, ENTRY_SIZE, theme.CREAM, False,
                       "midleft", max_w=ENTRY_W - 110)
            y += h + ENTRY_GAP
            shown += 1
        above, below = self.first, len(rows) - self.first - shown
        if above or below:
            bits = ([f"{above} more above"] if above else []) + (
                [f"{below} more below"] if below else [])
            c.text(f"{' and '.join(bits)}: the mouse wheel scrolls", VW - 24 - 220,
                   VH - 44, 13, theme.PATH, False, "midright", max_w=VW - 24 - 230 - MORE_X)

    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        if self.page.book == HOWTO:
            return False
        self.first = max(0, min(self.first - dy, self._last_first))
        return True

    def key_down(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
            return True
        if key in (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_DOWN):
            self.turn(1)
            return True
        if key in (pygame.K_PAGEUP, pygame.K_LEFT, pygame.K_UP):
            self.turn(-1)
            return True
        return bool(key == pygame.K_F1)  # already open


class _Heading(Button):
    """A book's title in the list (not a button: drawn as a heading, no click)."""

    interactive = False

    def __init__(self, text: str, x: float, y: float) -> None:
        super().__init__(text, x, y, LIST_W, 26, lambda: None, 15)

    def draw_self(self, c: Canvas) -> None:
        c.text(self.label, 4, 13, 15, theme.GOLD, True, "midleft", max_w=self.w)


__all__ = ["GuideScene", "picture"]

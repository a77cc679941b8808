"""The guide: "How to play" pages illustrated with the real table, and the rules reference.

Opened from the title and pause menus, with F1 anywhere, and from a rule link on the table;
Esc (or "Back") returns to the scene it was opened from. The list of pages is on the left
(two books: how to play, rules), the page on the right; arrows or Page Up/Down turn pages,
Tab switches books."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.aac.guide import art, drawn, positions
from game.aac.guide.book import guide
from game.aac.guide.model import BOOK_TITLES, HOWTO, RULES, Page, View, rule_title
from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import HelpScene, PlayScene

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

LIST_X, LIST_W = 24.0, 330.0
PAGE_X, PAGE_R = 384.0, VW - 24.0
TITLE_Y = 34.0
BODY_Y = 96.0
TEXT_W = 392.0
ART_X = PAGE_X + TEXT_W + 24.0
ART_W = PAGE_R - ART_X
FOOT_Y = 836.0
BODY_BOTTOM = FOOT_Y - 24.0
TEXT_SIZE, LINE = 17.0, 25.0
ENTRY_SIZE, ENTRY_LINE = 16.0, 23.0
LEGEND_SIZE, LEGEND_LINE = 13.0, 18.0
CAPTION_H = 24.0

_last: list[tuple[str, int]] = [(HOWTO, 0)]  # the page last shown (the guide reopens there)


@dataclass
class TextBox:
    """A laid-out text: its lines, where it is drawn and the box it must fit."""

    lines: list[str]
    x: float
    y: float
    size: float
    line: float
    box: tuple[float, float, float, float]
    colour: theme.Colour = theme.CREAM
    bold: bool = False

    @property
    def height(self) -> float:
        return self.line * len(self.lines)


def wrap(text: str, size: float, width: float, cs: float, bold: bool = False) -> list[str]:
    return theme.wrap(text, max(6, round(size * cs)), max(1, int(width * cs)), bold)


class GuideScene(HelpScene):
    def __init__(self, app: Nav, page: str | None = None) -> None:
        super().__init__(app)
        self.guide = guide()
        self.book, self.index = _last[0]
        self.entry = ""  # the highlighted rule entry on a rules page
        self.clock = 0.0
        self.pictures: dict[tuple[str, int, float], art.Picture | None] = {}
        self.futures: dict[str, Future[positions.Position | None]] = {}
        self._cs = 1.0
        self.show(page)

    # --- navigation ----------------------------------------------------------------------------
    @property
    def pages(self) -> list[Page]:
        return self.guide.pages(self.book)

    @property
    def page(self) -> Page:
        pages = self.pages
        return pages[min(self.index, len(pages) - 1)]

    def frame_rate(self) -> float:
        return max(12.0, super().frame_rate())  # the pictures' callouts pulse slowly

    def show(self, page_id: str | None) -> None:
        """Open a page by id ("deploy"), or a rule ("R12.6": its page, entry highlighted)."""
        self.entry = ""
        if page_id:
            page = self.guide.find(page_id)
            if page is None and page_id.startswith("R"):
                page = self.guide.rule_page(page_id)
                e = self.guide.entry(page_id)
                self.entry = e.id if e is not None else ""
            if page is not None:
                self.book = page.book
                self.index = self.pages.index(page)
        self.index = min(max(0, self.index), len(self.pages) - 1)
        _last[0] = (self.book, self.index)
        self.build()
        self.request_pictures()

    def turn(self, step: int) -> None:
        n = len(self.pages)
        self.index = (self.index + step) % n
        self.show(None)

    def switch_book(self, book: str | None = None) -> None:
        books = list(BOOK_TITLES)
        if book is None:
            book = books[(books.index(self.book) + 1) % len(books)]
        if book != self.book:
            self.book, self.index = book, 0
        self.show(None)

    def on_enter(self) -> None:
        self.build()  # now it knows what it was opened over ("Back to the game")

    def close(self) -> None:
        self.app.back()  # to where it was opened from (the title menu if nothing is below)

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        self.clear()
        for k, (book, title) in enumerate(BOOK_TITLES.items()):
            self.add(Button(title, LIST_X + k * (LIST_W / 2 + 4), 88, LIST_W / 2 - 4, 38,
                            partial(self.switch_book, book), 14, selected=book == self.book,
                            tip="Tab switches between the two books"))
        pages = self.pages
        dense = len(pages) > 14
        step = (BODY_BOTTOM - 140) / max(len(pages), 14) if dense else 50.0
        step = min(step, 50.0)
        for i, p in enumerate(pages):
            label = f"{p.id}  {p.title}" if p.book == RULES else f"{i + 1}. {p.title}"
            self.add(Button(label, LIST_X, 140 + i * step, LIST_W, step - 4,
                            partial(self.goto, i), 12 if dense else 15,
                            selected=i == self.index))
        self.add(Button("◂ Previous", PAGE_X, FOOT_Y, 170, 44, partial(self.turn, -1), 15,
                        tip="Previous page (Left arrow)"))
        self.add(Button("Next ▸", PAGE_X + 180, FOOT_Y, 170, 44, partial(self.turn, 1), 15,
                        tip="Next page (Right arrow)"))
        under = self.app.scenes.below(self)
        # over a game in progress (its table, or the pause menu over it): back to it
        back = "Back to the game" if under is not None and \
            self.app.scenes.find(lambda sc: isinstance(sc, PlayScene)) is not None else "Back"
        self.add(Button(f"{back} (Esc)", PAGE_R - 260, FOOT_Y, 260, 44, self.close, 15))
        self.links = self.link_buttons()
        for b in self.links:
            self.add(b)

    def goto(self, i: int) -> None:
        self.index = i
        self.show(None)

    def link_buttons(self) -> list[Button]:
        """Links of the page: its rules under the text (a how-to page), or its how-to pages
        in the footer (a rules page)."""
        page = self.page
        out: list[Button] = []
        f = theme.font(13, True)
        if page.book == HOWTO:
            # one row per rules page: the page, then the single rules this page names
            rows: dict[str, list[str]] = {}
            for rid in page.rules:
                rp = self.guide.rule_page(rid)
                if rp is not None:
                    rows.setdefault(rp.id, []).extend([] if rid == rp.id else [rid])
            y = self.links_top() + 26
            for pid, subs in rows.items():
                rp = self.guide.find(pid)
                assert rp is not None
                x = PAGE_X
                for target, label in [(subs[0] if subs else pid, f"{pid} {rp.title} ▸"),
                                      *[(r, f"{r} ▸") for r in subs]]:
                    w = f.size(label)[0] + 24.0
                    out.append(Button(label, x, y, w, 30, partial(self.show, target), 13,
                                      tip=f"Open rule {target} in the rules reference"))
                    x += w + 6
                y += 36
            return out
        x, y = PAGE_X + 360, FOOT_Y + 7
        for pid in page.see:
            hp = self.guide.find(pid)
            if hp is None:
                continue
            label = f"How to play: {hp.title} ▸"
            w = f.size(label)[0] + 24.0
            out.append(Button(label, x, y, w, 30, partial(self.show, pid), 13,
                              tip=f"Open the page {hp.title}"))
            x += w + 8
        return out

    def links_top(self) -> float:
        """Where the rule links of a how-to page start (under its text)."""
        boxes = [tb for tb in self.text_boxes() if tb.box[0] == PAGE_X and tb.y >= BODY_Y]
        return (max(tb.y + tb.height for tb in boxes) if boxes else BODY_Y) + 16

    # --- pictures ---------------------------------------------------------------------------
    def request_pictures(self) -> None:
        for v in self.page.views:
            if not v.drawing and v.position not in self.futures:
                self.futures[v.position] = positions.request(v.position)

    def ready(self) -> bool:
        """Every picture of the page is drawn (or known to be unavailable)."""
        return all(self._key(i) in self.pictures for i in range(len(self.page.views)))

    def wait_pictures(self) -> None:
        """Block until the page's positions are played, then draw its pictures (tests and
        screenshots)."""
        for v in self.page.views:
            if not v.drawing:
                self.futures[v.position].result()
        while not self.ready():
            self._render_one()

    def _key(self, i: int) -> tuple[str, int, float]:
        return (self.page.id, i, round(self._cs, 4))

    def _render_one(self) -> bool:
        page = self.page
        slots = self.view_slots()
        for i, v in enumerate(page.views):
            key = self._key(i)
            if key in self.pictures:
                continue
            if v.drawing:  # drawn at once, no position to play
                _, _, w, h = slots[i][1]
                self.pictures[key] = drawn.render(v, w, h, self._cs)
                return True
            fut = self.futures.get(v.position)
            if fut is None or not fut.done():
                continue
            pos = fut.result()
            _, _, w, h = slots[i][1]
            self.pictures[key] = None if pos is None else \
                art.render(self.app, v, pos, w, h, self._cs)
            return True
        return False

    def on_update(self, dt: float) -> None:
        self.clock += dt
        self._render_one()  # at most one picture per frame

    # --- layout -------------------------------------------------------------------------------
    def view_slots(self) -> list[tuple[float, tuple[float, float, float, float], float]]:
        """Per view: (caption y, the box its picture may fill, the slot's bottom)."""
        views = self.page.views
        if not views:
            return []
        gap = 16.0
        slot_h = (BODY_BOTTOM - BODY_Y - gap * (len(views) - 1)) / len(views)
        out = []
        y = BODY_Y
        for v in views:
            cap = CAPTION_H if v.caption else 0.0
            box = (ART_X, y + cap, ART_W, slot_h - cap - self.legend_height(v))
            out.append((y, box, y + slot_h))
            y += slot_h + gap
        return out

    def legend_top(self, i: int) -> float:
        """The legend of view i sits right under its picture (under the whole box while the
        picture is not drawn yet)."""
        _, box, _ = self.view_slots()[i]
        pic = self.pictures.get(self._key(i))
        h = pic.h if isinstance(pic, art.Picture) else box[3]
        return box[1] + h + 4

    def legend_lines(self, v: View) -> list[tuple[int, list[str]]]:
        col_w = (ART_W - 12) / 2 - 30
        return [(i, wrap(m.label, LEGEND_SIZE, col_w, self._cs))
                for i, m in enumerate(v.marks, start=1)]

    def legend_height(self, v: View) -> float:
        items = self.legend_lines(v)
        if not items:
            return 0.0
        rows = [max(len(a[1]) for a in items[k:k + 2]) for k in range(0, len(items), 2)]
        return 8 + sum(max(1, r) * LEGEND_LINE + 6 for r in rows)

    def text_boxes(self) -> list[TextBox]:
        """The page's texts laid out, each with the box it must fit."""
        cs = self._cs
        page = self.page
        out: list[TextBox] = []
        title = rule_title(page)
        out.append(TextBox(wrap(title, 30, PAGE_R - PAGE_X - 240, cs, True), PAGE_X, TITLE_Y,
                           30, 40, (PAGE_X, TITLE_Y, PAGE_R - PAGE_X - 240, BODY_Y - TITLE_Y - 8),
                           theme.GOLD, True))
        if page.book == HOWTO:
            text_w = TEXT_W if page.views else PAGE_R - PAGE_X
            y = BODY_Y
            for block in page.blocks:
                tb = TextBox(wrap(block, TEXT_SIZE, text_w, cs), PAGE_X, y, TEXT_SIZE, LINE,
                             (PAGE_X, BODY_Y, text_w, BODY_BOTTOM - BODY_Y))
                out.append(tb)
                y += tb.height + 14
            for i, ((cap_y, _, bottom), v) in enumerate(zip(self.view_slots(), page.views,
                                                             strict=True)):
                if v.caption:
                    out.append(TextBox(wrap(v.caption, 14, ART_W, cs, True), ART_X, cap_y, 14,
                                       20, (ART_X, cap_y, ART_W, CAPTION_H),
                                       theme.PANEL_DARK, True))
                col_w = (ART_W - 12) / 2
                top = self.legend_top(i)
                y = top + 8
                items = self.legend_lines(v)
                for k in range(0, len(items), 2):
                    row = items[k:k + 2]
                    for j, (_, lines) in enumerate(row):
                        x = ART_X + j * (col_w + 12) + 30
                        out.append(TextBox(lines, x, y, LEGEND_SIZE, LEGEND_LINE,
                                           (x, top, col_w - 30, bottom - top), theme.CREAM))
                    y += max(1, max(len(a[1]) for a in row)) * LEGEND_LINE + 6
        else:
            y = BODY_Y
            for e in page.entries:
                tb = TextBox(wrap(e.text, ENTRY_SIZE, PAGE_R - PAGE_X - 110, cs),
                             PAGE_X + 100, y, ENTRY_SIZE, ENTRY_LINE,
                             (PAGE_X + 100, BODY_Y, PAGE_R - PAGE_X - 110, BODY_BOTTOM - BODY_Y),
                             theme.INK)
                out.append(tb)
                y += tb.height + 12
        return out

    def entry_rows(self) -> list[tuple[str, float, float]]:
        """(rule id, top, height) of each entry on a rules page."""
        rows = []
        y = BODY_Y
        for e, tb in zip(self.page.entries, self.text_boxes()[1:], strict=False):
            rows.append((e.id, y, tb.height))
            y += tb.height + 12
        return rows

    def overflow(self) -> list[str]:
        """Texts that do not fit their box, as sentences (empty when everything fits)."""
        out = []
        cs = self._cs
        for tb in self.text_boxes():
            bx, by, bw, bh = tb.box
            f = theme.font(max(6, round(tb.size * cs)), tb.bold)
            widest = max((f.size(ln)[0] for ln in tb.lines), default=0) / cs
            if widest > bw + 1:
                out.append(f"{self.page.id}: a line of {tb.lines[0]!r}… is {widest:.0f} wide "
                           f"in a box of {bw:.0f}")
            if tb.y + tb.height > by + bh + 1:
                out.append(f"{self.page.id}: {tb.lines[0]!r}… ends at {tb.y + tb.height:.0f}, "
                           f"below its box ({by + bh:.0f})")
        for b in self.links:
            right = PAGE_X + TEXT_W if self.page.book == HOWTO else PAGE_R - 276
            bottom = BODY_BOTTOM if self.page.book == HOWTO else VH
            if b.x + b.w > right + 1 or b.y + b.h > bottom + 1:
                out.append(f"{self.page.id}: the link {b.label!r} does not fit")
        for node in self.children:
            if isinstance(node, Button):
                f = theme.font(max(6, round(node.size * cs)), True)
                if f.size(node.label)[0] / cs > node.w - 8 + 1:
                    out.append(f"{self.page.id}: the button {node.label!r} is too narrow")
        return out

    # --- input ----------------------------------------------------------------------------------
    def key_down(self, event: pygame.event.Event) -> bool:
        key = event.key
        actions: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: self.close,
            pygame.K_F1: self.close,
            pygame.K_RIGHT: partial(self.turn, 1),
            pygame.K_PAGEDOWN: partial(self.turn, 1),
            pygame.K_DOWN: partial(self.turn, 1),
            pygame.K_LEFT: partial(self.turn, -1),
            pygame.K_PAGEUP: partial(self.turn, -1),
            pygame.K_UP: partial(self.turn, -1),
            pygame.K_TAB: self.switch_book,
            pygame.K_HOME: partial(self.goto, 0),
            pygame.K_END: partial(self.goto, len(self.pages) - 1),
        }
        act = actions.get(key)
        if act is None:
            return False
        act()
        return True

    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        if vx >= PAGE_X:
            self.turn(-1 if dy > 0 else 1)
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------------
    def draw_self(self, c: Canvas) -> None:
        if abs(c.s - self._cs) > 1e-4:
            self._cs = c.s  # a new window size: lay out and draw the pictures again
            self.build()
        c.fill(theme.BG, 0, 0, VW, VH)
        c.fill(theme.BG_DARK, 0, 0, LIST_X + LIST_W + 14, VH)
        c.text("Guide", LIST_X, 28, 30, theme.GOLD, True)
        c.text("F1 opens it anywhere", LIST_X + 2, 68, 12, theme.PANEL_DARK)
        page = self.page
        if page.book == RULES:
            self._draw_entries(c)
        for tb in self.text_boxes():
            for k, ln in enumerate(tb.lines):
                c.text(ln, tb.x, tb.y + k * tb.line, tb.size, tb.colour, tb.bold)
        n = len(self.pages)
        c.text(f"{BOOK_TITLES[self.book]} · {self.index + 1} of {n}", PAGE_R, TITLE_Y + 16, 13,
               theme.PANEL_DARK, False, "midright")
        if page.book == HOWTO and page.rules:
            c.text("The rules behind this page", PAGE_X, self.links_top(), 13,
                   theme.PANEL_DARK, True)
        self._draw_pictures(c)

    def _draw_entries(self, c: Canvas) -> None:
        for rid, y, h in self.entry_rows():
            hot = rid == self.entry
            c.fill(theme.HILITE if hot else theme.PANEL, PAGE_X, y - 4, PAGE_R - PAGE_X,
                   h + 8, 8)
            if hot:
                c.fill(theme.GOLD, PAGE_X, y - 4, PAGE_R - PAGE_X, h + 8, 8, 2.5)
            c.text(rid, PAGE_X + 12, y, ENTRY_SIZE, theme.INK, True)

    def _draw_pictures(self, c: Canvas) -> None:
        page = self.page
        for i, ((_, box, _), v) in enumerate(zip(self.view_slots(), page.views, strict=True)):
            bx, by, bw, bh = box
            pic = self.pictures.get(self._key(i), False)
            if pic is False or pic is None:
                c.fill(theme.FELT, bx, by, bw, bh, 12)
                word = "Setting up the picture…" if pic is False else \
                    "This picture could not be set up."
                c.text(word, bx + bw / 2, by + bh / 2, 15, theme.PANEL_DARK, True, "center")
                continue
            assert isinstance(pic, art.Picture)
            px, py = bx + (bw - pic.w) / 2, by
            c.fill(theme.BG_DARK, px - 4, py - 4, pic.w + 8, pic.h + 8, 10)
            c.surf.blit(pic.surf, c.pt(px, py))
            c.fill(theme.PANEL_EDGE, px - 2, py - 2, pic.w + 4, pic.h + 4, 8, 2)
            art.draw_callouts(c.sub(px, py), pic, pic.w, pic.h, self.clock)
            col_w = (ART_W - 12) / 2
            y = self.legend_top(i) + 8
            items = self.legend_lines(v)
            for k in range(0, len(items), 2):
                row = items[k:k + 2]
                for j, (num, _) in enumerate(row):
                    art.badge(c, ART_X + j * (col_w + 12) + 12, y + LEGEND_LINE / 2, num)
                y += max(1, max(len(a[1]) for a in row)) * LEGEND_LINE + 6

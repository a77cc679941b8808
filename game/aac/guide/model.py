"""Guide pages as data: a title, a few short text blocks, pictures of the real table and the
rules they stand for. Pages live in books ("howto", "rules"); a module adds its own pages
with `register` (the expansion's rules R26-R32 get their pages that way once playable)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

HOWTO = "howto"
RULES = "rules"
BOOK_TITLES = {HOWTO: "How to play", RULES: "Rules reference"}


@dataclass(frozen=True)
class Mark:
    """A numbered callout on a picture. `at` names what it points at: a table target
    ("pool_slot:1", "exhausted", "slot:1:top"...), "choice:<id>" (a prompt-bar answer),
    "@<anchor>" (a target the position names, see positions.py) or "x,y,w,h" (virtual units).
    `{seat}` in `at` becomes the seat the picture is seen from."""

    at: str
    label: str


@dataclass(frozen=True)
class View:
    """One picture: part of the real table in a position played by the engine.
    `focus` is what to show: "board", "map", "device", "turn" (device and prompt bar),
    "pool", "achievements", "tracks", "scores" (the final scores), "targets" (every
    highlighted target), an anchor ("@bound") or a target; `pad` is added around it
    (virtual units) and the box keeps its aspect. A view with `drawing` is a picture drawn
    by that registered function (pieces a position cannot show yet, e.g. a module's board
    parts); its marks name the parts the drawing reports."""

    position: str
    focus: str
    marks: tuple[Mark, ...] = ()
    pad: float = 24.0
    caption: str = ""
    aspect: float = 0.0  # width / height of the picture; 0: from the focus (1.2 to 6.5)
    drawing: str = ""  # a drawn picture (game.guide.drawn) instead of a position's table


@dataclass(frozen=True)
class RuleEntry:
    id: str  # "R9.2"
    text: str


@dataclass(frozen=True)
class Page:
    id: str  # "deploy", or a rule section "R9"
    title: str
    blocks: tuple[str, ...] = ()
    views: tuple[View, ...] = ()
    rules: tuple[str, ...] = ()  # related rule ids, shown as links
    entries: tuple[RuleEntry, ...] = ()  # a rules page's numbered rules
    see: tuple[str, ...] = ()  # related how-to pages (from a rules page)
    book: str = HOWTO
    module: str = "base"


@dataclass
class Guide:
    books: dict[str, list[Page]] = field(default_factory=lambda: {HOWTO: [], RULES: []})

    def register(self, *pages: Page, after: str | None = None) -> None:
        """Add pages to their books (at the end, or after page `after`)."""
        for p in pages:
            book = self.books.setdefault(p.book, [])
            if any(q.id == p.id for q in book):
                raise ValueError(f"guide page {p.id!r} is already registered")
            at = len(book)
            if after is not None:
                at = next((i + 1 for i, q in enumerate(book) if q.id == after), at)
                after = p.id
            book.insert(at, p)

    def pages(self, book: str) -> list[Page]:
        return self.books.get(book, [])

    def all_pages(self) -> list[Page]:
        return [p for b in self.books.values() for p in b]

    def find(self, page_id: str) -> Page | None:
        for p in self.all_pages():
            if p.id == page_id:
                return p
        return None

    def rule_page(self, rule_id: str) -> Page | None:
        """The rules page holding rule `rule_id` ("R12.6" -> the page R12)."""
        m = re.match(r"R(\d+)", rule_id)
        return self.find(f"R{m.group(1)}") if m else None

    def entry(self, rule_id: str) -> RuleEntry | None:
        """The entry of `rule_id`, or of its nearest parent that has one."""
        page = self.rule_page(rule_id)
        if page is None:
            return None
        rid = rule_id
        while True:
            for e in page.entries:
                if e.id == rid:
                    return e
            if "." not in rid:
                return None
            rid = rid.rsplit(".", 1)[0]


def rule_title(page: Page) -> str:
    """"R9 Claim" for a rules page, else its title."""
    return f"{page.id} {page.title}" if page.book == RULES else page.title

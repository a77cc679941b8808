"""The load screen: every installed game's saved and autosaved games newest first (date,
game, seats, turn, scores and a preview each; delete with a confirm), finished games (opening
their results) and the chosen game's shipped scenarios. Each save is read from its summary
header (engine.kernel.listing) and drawn with its game's seat colours (game.shell.registry)."""

from __future__ import annotations

import math
import re
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine.kernel import files
from engine.kernel.listing import SaveInfo, delete_save
from engine.kernel.saves import SaveError
from engine.kernel.summary import SeatSummary
from game.shell import preview, theme
from game.shell.layout import VH, VW
from game.shell.registry import find_front_end, front_end, front_ends
from game.shell.saves import all_saves, scenarios
from game.shell.scenegraph import Button, Canvas, Node
from game.shell.scenes.base import Scene, menu_button, title_text
from game.shell.scenes.confirm import ConfirmScene
from game.shell.session import Session, read_seats, seats_path
from game.shell.sprites import seat_marker
from game.shell.theme import SeatLook

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

TABS = (("saves", "Saved games"), ("finished", "Finished games"), ("scenarios", "Scenarios"))
COLS, ROWS = 2, 3
CARD_W, CARD_H = 740.0, 168.0
PIC_W, PIC_H = 256.0, 144.0
GRID_X, GRID_Y = (VW - COLS * CARD_W - 20) / 2, 168.0


def when_text(t: float, lower: bool = False) -> str:
    """"Today, 14:05", "Yesterday, 09:12" or "Tue 3 Dec 2024, 14:05" (local time); `lower`
    for the middle of a sentence ("today, 14:05")."""
    lt = time.localtime(t)
    day = time.strftime("%a %d %b %Y", lt).replace(" 0", " ")
    if time.strftime("%Y%j", lt) == time.strftime("%Y%j"):
        day = "today" if lower else "Today"
    elif time.strftime("%Y%j", lt) == time.strftime("%Y%j", time.localtime(time.time() - 86400)):
        day = "yesterday" if lower else "Yesterday"
    return f"{day}, {time.strftime('%H:%M', lt)}"


def scenario_title(note: str, path: Path) -> str:
    """A scenario's note as a title, without its rule references ("(R23.2)")."""
    text = re.sub(r"\s*\((R\d+(\.\d+)*[;,]?\s*)+\)", "", note).strip() or path.stem
    return text[0].upper() + text[1:]


def scenario_order(info: SaveInfo) -> tuple[int, int, str]:
    """The Scenarios tab's order: the starts, the tutorial's lessons, then the others, each
    group by how far the game has gone (a damaged file last)."""
    name = info.path.name
    group = 3 if info.damaged else 0 if name.startswith("start-") else \
        1 if name.startswith("tutorial-") else 2
    return group, info.turn, name


class SeatLine:
    """One seat of a listed save, ready to draw."""

    def __init__(self, look: SeatLook, seat: SeatSummary) -> None:
        self.colour, self.shape = look.colour, look.shape
        role = seat.role or seat.name
        given = seat.name if seat.name not in (seat.role, "") else ""
        self.bot = seat.level
        self.text = f"{given} ({role})" if given and role != given else role
        self.long = f"{role} ({self.bot} bot)" if self.bot else self.text
        self.short = f"{role} (bot)" if self.bot else self.text
        self.score = seat.score


def listed_seats(info: SaveInfo) -> list[SeatSummary]:
    """The seats of a listed save: its header's, with the names and levels of the side file
    that saves written before headers kept beside them."""
    seats = list(info.seats)
    if info.kind == "scenario" or info.summary is None or any(s.level for s in seats):
        return seats
    for side in (seats_path(info.path), info.path.parent / "seats.json"):
        if files.exists(side):
            specs = read_seats(side, len(seats), info.game)
            if specs is not None:
                return [SeatSummary(sp.name or s.name, s.role, "" if sp.human else sp.level,
                                    s.score, s.role_id) for s, sp in zip(seats, specs,
                                                                         strict=True)]
            break
    return seats


def seat_lines(info: SaveInfo) -> list[SeatLine]:
    if info.damaged:
        return []
    front = find_front_end(info.game)
    out = []
    for i, s in enumerate(listed_seats(info)):
        look = front.seat_look(i, s) if front is not None else SeatLook(
            theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)],
            theme.SEAT_SHAPES[i % len(theme.SEAT_SHAPES)], s.name, s.role)
        out.append(SeatLine(look, s))
    return out


def game_title(info: SaveInfo) -> str:
    """The game a save is of, when several are installed ("" with one)."""
    if len(front_ends()) < 2 or info.summary is None:
        return ""
    return info.summary.title


def kind_title(info: SaveInfo) -> str:
    if info.folder:
        return "A folder the game cannot read"
    if info.unreadable:
        return "A file the game cannot open"
    if info.damaged:
        return "Damaged save"
    if info.kind == "scenario":
        return scenario_title(info.note, info.path)
    if info.over:
        return "Finished game"
    return "Autosave" if info.kind == "autosave" else "Saved game"


def describe_save(info: SaveInfo) -> str:
    """One line about a save: who plays, the turn and when it was saved."""
    if info.damaged:
        what = "a file that cannot be opened" if info.unreadable else "a damaged save"
        return f"{what} ({when_text(info.when, True)})" if info.when > 0 else what
    who = ", ".join(s.long for s in seat_lines(info))
    turn = "the set-up" if info.turn == 0 else f"turn {info.turn}"
    game = game_title(info)
    return f"{game + ' — ' if game else ''}{who}: {turn}, saved {when_text(info.when, True)}"


class SaveCard(Node):
    """A listed save: its preview, date, seats and scores; click to open it."""

    interactive = True

    def __init__(self, scene: LoadScene, info: SaveInfo, x: float, y: float) -> None:
        super().__init__(x, y, CARD_W, CARD_H)
        self.scene, self.info = scene, info
        self.seats = seat_lines(info)
        self.hover = False
        self.title = kind_title(info)
        self._pic: pygame.Surface | None = None
        self._pic_read = False
        tail = " (scenario)" if info.kind == "scenario" else ""
        self.label = f"{self.title}: {', '.join(s.long for s in self.seats)}{tail}"
        if info.kind != "scenario" and not info.folder:  # a folder it cannot read: not here
            what = "this game's autosaves" if info.kind == "autosave" else "this save"
            self.delete = Button("Delete", CARD_W - 100, 10, 88, 30, partial(
                scene.ask_delete, info), 13, tip=f"Delete {what} (asks first)")
            self.add(self.delete)

    def picture(self) -> pygame.Surface | None:
        if not self._pic_read:
            self._pic_read = True
            if not self.info.damaged:
                self._pic = preview.read_png(self.info.path.with_suffix(".png"))
        return self._pic

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        if button == 1 and self.info.folder:  # nothing in it can be named, let alone opened
            self.scene.error = f"The folder {self.info.path.name} cannot be read: " \
                f"{self.info.damaged}."
        elif button == 1:
            self.scene.load(self.info.path)
        return True

    def tooltip(self) -> str:
        if self.info.folder:
            return "The game cannot read this folder, so its saves cannot be listed."
        if self.info.unreadable:
            return "The game cannot open this file; click to see why."
        if self.info.damaged:
            return "This save is damaged; click to see why it cannot be opened."
        if self.info.kind == "scenario":
            return f"Start this scenario: {self.title}."
        return ("Click to see this game's final scores." if self.info.over
                else "Click to resume this game.")

    def draw_self(self, c: Canvas) -> None:
        info = self.info
        hover = self.scene.app.hovered is self
        c.fill(theme.BG_DARK, 3, 4, CARD_W, CARD_H, 12)
        c.fill(theme.CREAM if hover else theme.PANEL, 0, 0, CARD_W, CARD_H, 12)
        c.fill(theme.HILITE if hover else theme.PANEL_EDGE, 0, 0, CARD_W, CARD_H, 12,
               3 if hover else 1.5)
        pic = self.picture()
        if pic is not None:
            x0, y0 = c.pt(12, 12)
            x1, y1 = c.pt(12 + PIC_W, 12 + PIC_H)
            c.surf.blit(pygame.transform.smoothscale(pic, (x1 - x0, y1 - y0)), (x0, y0))
            c.fill(theme.PANEL_EDGE, 12, 12, PIC_W, PIC_H, 0, 1)
        else:
            preview.draw_placeholder(c, 12, 12, PIC_W, PIC_H, [s.colour for s in self.seats],
                                     info.turn, info.scores, damaged=bool(info.damaged),
                                     shapes=[s.shape for s in self.seats])
        tx = 12 + PIC_W + 18
        right = CARD_W - (112 if info.kind != "scenario" else 16)
        px = max(6, round(17 * c.s))
        title = theme.wrap(self.title, px, round((right - tx) * c.s), True)
        if len(title) > 2:
            title = [title[0], " ".join(title[1:])]
        for i, ln in enumerate(title[:2]):
            c.text(ln, tx, 12 + 22 * i, 17, theme.INK, True, max_w=right - tx)
        y = 12 + 22 * len(title[:2]) + 4
        if info.damaged:
            if info.when > 0:  # (a link that leads nowhere has no time of its own to show)
                c.text(when_text(info.when), tx, y, 13, theme.INK_SOFT, True)
            verb = "read" if info.folder else "opened"
            c.text(f"It cannot be {verb} ({info.damaged}).", tx, y + 26, 14, theme.DENY, True,
                   max_w=CARD_W - tx - 12)
            where = f"Folder: {info.path.name}" if info.folder else f"File: {info.path.name}"
            c.text(where, tx, y + 50, 13, theme.INK_SOFT, False, max_w=CARD_W - tx - 12)
            return
        n = len(self.seats)
        parts = ["Scenario" if info.kind == "scenario" else when_text(info.when),
                 "set-up" if info.turn == 0 else f"turn {info.turn}", f"{n} players"]
        if game_title(info):
            parts.insert(0, game_title(info))
        if info.over:
            parts.append("final scores")
        c.text(" · ".join(parts), tx, y, 13, theme.INK_SOFT, True, max_w=CARD_W - tx - 12)
        cols = 1 if n <= 3 else 2
        col_w = (CARD_W - tx - 12) / cols
        top = max(s.score for s in self.seats) if self.seats else 0
        y0 = y + 34
        for i, s in enumerate(self.seats):
            col, row = (0, i) if cols == 1 else (i % 2, i // 2)
            x, yy = tx + col * (col_w + (8 if col else 0)), y0 + row * (22 if cols == 1 else 24)
            seat_marker(c, x + 8, yy, 7, s.colour, s.shape)
            best = info.over and s.score == top
            c.text(str(s.score), x + col_w - 16, yy, 15, theme.INK, best, "midright")
            c.text(s.long if cols == 1 else s.short, x + 22, yy, 14, theme.INK, best,
                   "midleft", max_w=col_w - 70)


class LoadScene(Scene):
    """Tabs of save cards, six to a page (the wheel or the page buttons turn pages)."""

    def __init__(self, app: Nav, tab: str = "saves", page: int = 0) -> None:
        super().__init__(app)
        saves = all_saves()
        scen = sorted(scenarios(front_end(app.game.game_id)), key=scenario_order)
        self.lists: dict[str, list[SaveInfo]] = {
            "saves": [i for i in saves if not i.over],
            "finished": [i for i in saves if i.over],
            "scenarios": scen,
        }
        self.tab = tab if tab in self.lists else "saves"
        self.page = page
        self.error = ""
        self.cards: dict[str, list[SaveCard]] = {}
        self.build()

    # --- layout -------------------------------------------------------------------------------
    def pages(self) -> int:
        return max(1, math.ceil(len(self.lists[self.tab]) / (COLS * ROWS)))

    def build(self) -> None:
        """Every card of every tab is a node (off-page ones hidden), so the whole list can be
        read back by tests and the smoke check."""
        self.clear()
        self.page = max(0, min(self.page, self.pages() - 1))
        for k, (key, label) in enumerate(TABS):
            count = len(self.lists[key])
            self.add(Button(f"{label} ({count})", VW / 2 - 460 + k * 310, 100, 300, 44,
                            partial(self.show_tab, key), 16, selected=key == self.tab))
        per = COLS * ROWS
        for key, infos in self.lists.items():
            cards = []
            for i, info in enumerate(infos):
                slot = i % per
                x = GRID_X + (slot % COLS) * (CARD_W + 20)
                y = GRID_Y + (slot // COLS) * (CARD_H + 16)
                card = SaveCard(self, info, x, y)
                card.visible = key == self.tab and i // per == self.page
                cards.append(card)
                self.add(card)
            self.cards[key] = cards
        if self.pages() > 1:
            self.add(Button("◀ Newer" if self.tab != "scenarios" else "◀ Previous",
                            VW / 2 - 330, 728, 200, 40, partial(self.turn_page, -1), 15,
                            enabled=self.page > 0))
            self.add(Button("Older ▶" if self.tab != "scenarios" else "Next ▶",
                            VW / 2 + 130, 728, 200, 40, partial(self.turn_page, 1), 15,
                            enabled=self.page < self.pages() - 1))
        self.add(menu_button("Back", 818, self.app.open_menu))

    def show_tab(self, key: str) -> None:
        self.tab, self.page, self.error = key, 0, ""
        self.build()

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.page + step, self.pages() - 1))
        if page != self.page:
            self.page = page
            self.build()

    def visible_cards(self) -> list[SaveCard]:
        return [c for c in self.cards.get(self.tab, []) if c.visible]

    # --- actions ------------------------------------------------------------------------------
    def load(self, path: object) -> None:
        """Open a listed save: a game in progress goes to the table, a finished one to its
        results; a save that cannot be opened says why in one sentence."""
        path = Path(str(path))
        try:
            session = Session.load(path)
        except SaveError as exc:
            self.error = f"{path.name} cannot be opened. {exc}"
            return
        if session.game.is_over:
            self.app.show_results(session)
        else:
            self.app.start_session(session)

    def ask_delete(self, info: SaveInfo) -> None:
        what = ("Delete this game's autosaves?" if info.kind == "autosave" and not info.over
                else "Delete this finished game?" if info.over else "Delete this saved game?")
        text = f"{what} {describe_save(info)[:120]}. This cannot be undone."
        self.app.push(ConfirmScene(self.app, text, "Delete", "Keep it",
                                   partial(self.delete, info), None, danger=True))

    def delete(self, info: SaveInfo) -> None:
        try:
            delete_save(info)
        except OSError as exc:
            self.error = f"It could not be deleted ({files.os_words(exc, 'delete')})."
            return
        self.app.open(LoadScene(self.app, tab=self.tab, page=self.page))

    # --- input and drawing --------------------------------------------------------------------
    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        self.turn_page(-1 if dy > 0 else 1)
        return True

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        title_text(c, "Load a game", 40)
        infos = self.lists[self.tab]
        if not infos:
            empty = {"saves": "No saved games yet: games are autosaved at every turn.",
                     "finished": "No finished games yet.",
                     "scenarios": "No scenarios were found."}[self.tab]
            c.text(empty, VW / 2, 300, 18, theme.CREAM, True, "center")
        if self.pages() > 1:
            c.text(f"Page {self.page + 1} of {self.pages()}", VW / 2, 748, 15, theme.CREAM,
                   True, "center")
        if self.error:
            px = max(6, round(14 * c.s))
            for i, ln in enumerate(theme.wrap(self.error, px, round(1400 * c.s), True)[:2]):
                c.text(ln, VW / 2, 786 + 18 * i, 14, theme.DENY, True, "center")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.open_menu()
            return True
        if event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT):
            self.turn_page(1)
            return True
        if event.key in (pygame.K_PAGEUP, pygame.K_LEFT):
            self.turn_page(-1)
            return True
        return False


__all__ = ["LoadScene", "SaveCard", "describe_save"]

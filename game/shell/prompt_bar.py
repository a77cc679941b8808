"""The prompt bar: what is being asked, in words, plus buttons for choices that have no
board target; and the small popup used when several choices share one target."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial

from engine.kernel.decisions import Choice
from game.shell import theme
from game.shell.layout import PROMPT_H, PROMPT_Y, RIGHT_W, RIGHT_X, VH, VW
from game.shell.scenegraph import Button, Canvas, Node

TYPE_WORDS = ("compass", "rose", "magnet", "wild")


def choice_icon(c: Choice) -> str:
    text = f"{c.id} {c.label}".lower()
    for w in TYPE_WORDS:
        if w in text:
            return w
    # the two tracks before plain movement: "Monument Track movement" shows the castle,
    # "Pillar Track movement" the pillar, moving the figure the winged foot
    if "pillar" in text:
        return "pillar"
    if "monument" in text or "section" in text:
        return "castle"
    if "bridge" in text:
        return "bridge"
    if "move" in text or "movement" in text:
        return "boot"
    return ""


class PromptBar(Node):
    def __init__(self, on_choose: Callable[[str], None]) -> None:
        super().__init__(RIGHT_X, PROMPT_Y, RIGHT_W, PROMPT_H, z=2)
        self.on_choose = on_choose
        self.title = ""
        self.detail = ""
        self.colour: theme.Colour = theme.GOLD
        self.page = 0
        self._choices: list[Choice] = []
        self.buttons: list[Button] = []
        self.thinking = False
        self.clock = 0.0

    def on_update(self, dt: float) -> None:
        self.clock += dt

    def set(self, title: str, detail: str, colour: theme.Colour,
            choices: Sequence[Choice]) -> None:
        if list(choices) != self._choices:
            self.page = 0
        self.title, self.detail, self.colour = title, detail, colour
        self._choices = list(choices)
        self._layout()

    def _layout(self) -> None:
        self.clear()
        self.buttons = []
        f = theme.font(14, True)
        x, y, h = 10.0, 52.0, 30.0
        rows_y = [52.0, 88.0]
        row = 0
        start = 0
        pages: list[list[tuple[Choice, float]]] = [[]]
        for ch in self._choices:
            w = min(self.w - 60, max(84.0, f.size(ch.label)[0] + 26 + (22 if choice_icon(ch)
                                                                    else 0)))
            if x + w > self.w - 50:
                row += 1
                x = 10.0
                if row >= len(rows_y):
                    pages.append([])
                    row = 0
            pages[-1].append((ch, w))
            x += w + 8
        del start
        self.page %= max(1, len(pages))
        x, row = 10.0, 0
        for ch, w in pages[self.page]:
            if x + w > self.w - 50:
                row += 1
                x = 10.0
            y = rows_y[min(row, 1)]
            b = Button(ch.label, x, y, w, h, partial(self.on_choose, ch.id), 13,
                       tip=ch.label, icon_name=choice_icon(ch))
            b.choice_id = ch.id  # type: ignore[attr-defined]
            self.add(b)
            self.buttons.append(b)
            x += w + 8
        if len(pages) > 1:
            def nxt() -> None:
                self.page = (self.page + 1) % len(pages)
                self._layout()
            self.add(Button(f"{self.page + 1}/{len(pages)} ▸", self.w - 46, 52, 40, 66, nxt, 12,
                            tip="More choices"))

    def draw_frame(self, c: Canvas) -> None:
        c.fill(theme.BG_DARK, 3, 4, self.w, self.h, 12)
        c.fill((252, 242, 220), 0, 0, self.w, self.h, 12)
        c.fill(theme.PANEL_EDGE, 0, 0, self.w, self.h, 12, 2)

    def draw_self(self, c: Canvas) -> None:
        c.fill(self.colour, 2, 6, 7, self.h - 12, 3)
        if self.thinking:
            for k in range(8):
                a = self.clock * 5 + k * math.pi / 4
                shade = 80 + 20 * k
                c.circle((shade, shade // 2, 40), self.w - 50 + 18 * math.cos(a),
                         self.h / 2 + 18 * math.sin(a), 2 + k * 0.5)
        room = self.w - 30 - (60 if self.thinking else 0)
        if theme.font(max(9, round(17 * c.s)), True).size(self.title)[0] <= room * c.s:
            c.text(self.title, 18, 8, 17, theme.INK, True, max_w=room)
            c.text(self.detail, 18, 30, 12, theme.INK_SOFT, False, max_w=room)
        else:  # a long question takes both lines (the hint is in the buttons' tooltips)
            c.text_box(self.title, 18, 3, room, 44, 15, theme.INK, True, align="left")


class Popup(Node):
    """A small list of choices that share the clicked target."""

    def __init__(self, vx: float, vy: float, choices: Sequence[Choice],
                 on_choose: Callable[[str], None], on_close: Callable[[], None],
                 title: str = "Which one?") -> None:
        f = theme.font(14, True)
        w = min(560.0, max(220.0, max(f.size(c.label)[0] for c in choices) + 60))
        h = 40 + 36 * len(choices) + 40
        x = min(max(4.0, vx + 12), VW - w - 4)
        y = min(max(4.0, vy - 20), VH - h - 4)
        super().__init__(x, y, w, h, z=50)
        self.title = title
        self.choices = list(choices)
        for i, ch in enumerate(choices):
            b = Button(ch.label, 10, 36 + 36 * i, w - 20, 30,
                       partial(on_choose, ch.id), 13, tip=ch.label,

                       icon_name=choice_icon(ch))
            b.choice_id = ch.id  # type: ignore[attr-defined]
            self.add(b)
        self.add(Button("Cancel", w - 100, h - 38, 90, 28, on_close, 12))
        self.interactive = True

    def draw_self(self, c: Canvas) -> None:
        c.fill((0, 0, 0), 4, 6, self.w, self.h, 10)
        c.fill((252, 244, 226), 0, 0, self.w, self.h, 10)
        c.fill(theme.HILITE, 0, 0, self.w, self.h, 10, 3)
        c.text(self.title, 12, 10, 14, theme.INK, True)


def short(text: str, n: int = 90) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


"""A set-up screen's field for a player's name (every game's set-up uses it): click to edit,
type, Enter keeps it, Esc puts back what was there; a bot's seat shows "Bot"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.shell import theme
from game.shell.scenegraph import Canvas, Node
from game.shell.session import SeatSpec


class NamingScene(Protocol):
    """What the field needs of its set-up scene."""

    @property
    def seats(self) -> Sequence[SeatSpec]: ...

    @property
    def editing(self) -> int: ...  # the seat whose name is being typed (-1: none)

    @property
    def draft(self) -> str: ...  # what is typed so far

    @property
    def clock(self) -> float: ...

    def edit_name(self, seat: int) -> None: ...


class NameField(Node):
    """A one-line text field for a player's name: click to edit, type, Enter keeps it,
    Esc puts back what was there. `bot_tip` says what a bot's seat is called instead;
    `text_px` is the size of the name (the hint under it is 2 smaller)."""

    interactive = True

    def __init__(self, scene: NamingScene, seat: int, x: float, y: float, w: float, h: float,
                 enabled: bool, bot_tip: str, text_px: int = 16) -> None:
        super().__init__(x, y, w, h)
        self.scene, self.seat, self.enabled = scene, seat, enabled
        self.bot_tip, self.text_px = bot_tip, text_px

    @property
    def editing(self) -> bool:
        return self.scene.editing == self.seat

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        if self.enabled and button == 1:
            self.scene.edit_name(self.seat)
        return True

    def frame_rate(self) -> float:
        return 4.0 if self.editing else 0.0  # the caret blinks twice a second

    def tooltip(self) -> str:
        if not self.enabled:
            return self.bot_tip
        return ("Type this player's name (Enter keeps it, Esc cancels); the hand-off screen "
                "and the scores use it. Remembered for next time.")

    def draw_self(self, c: Canvas) -> None:
        seat = self.scene.seats[self.seat]
        if not self.enabled:
            c.fill((92, 78, 66), 0, 0, self.w, self.h, 8)
            c.text("Bot", 14, self.h / 2, 15, theme.PANEL_DARK, True, "midleft")
            return
        c.fill(theme.CREAM, 0, 0, self.w, self.h, 8)
        edge = theme.HILITE if self.editing else theme.PANEL_EDGE
        c.fill(edge, 0, 0, self.w, self.h, 8, 3 if self.editing else 1.5)
        text = self.scene.draft if self.editing else seat.name
        caret = 16.0
        if text:
            r = c.text(text, 14, self.h / 2, self.text_px, theme.INK, True, "midleft",
                       max_w=self.w - 28)
            caret = (r.right - c.ox) / c.s + 2
        elif not self.editing:
            c.text(f"Player {self.seat + 1} (click to name)", 14, self.h / 2, self.text_px - 2,
                   theme.INK_SOFT, False, "midleft", max_w=self.w - 28)
        if self.editing and int(self.scene.clock * 2) % 2 == 0:  # the caret blinks
            c.line(theme.INK, (caret, 10), (caret, self.h - 10), 2)

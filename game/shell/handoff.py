"""The hot-seat hand-off screen, for every game: it covers the whole table (everything private
to one seat) until the person named clicks, while the others look away. A game draws what the
card in the middle says (`draw_self`, on `draw_cover`)."""

from __future__ import annotations

from typing import Protocol

from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Canvas, Node


class HandedTable(Protocol):
    def handoff_done(self, seat: int) -> None: ...


class Handoff(Node):
    """Shown for `seat` (`show`); a left click anywhere hands the table over."""

    interactive = True

    def __init__(self, table: HandedTable) -> None:
        super().__init__(0, 0, VW, VH, z=90)
        self.handed = table
        self.visible = False
        self.seat = -1

    def show(self, seat: int) -> None:
        self.seat = seat
        self.visible = True

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        if button == 1:
            self.visible = False
            self.handed.handoff_done(self.seat)
        return True

    def draw_cover(self, c: Canvas, colour: theme.Colour, w: float, h: float,
                   shade: float) -> None:
        """The dark cover and the card (`w` x `h`, centred) in the seat's colour."""
        c.fill(theme.BG_DARK, 0, 0, VW, VH)
        c.fill(theme.darken(colour, shade), VW / 2 - w / 2, VH / 2 - h / 2, w, h, 18)
        c.fill(colour, VW / 2 - w / 2, VH / 2 - h / 2, w, h, 18, 4)

"""A module's sheet over the map (the Folklore sheet, the Pilgrim Board): opened and closed by
its tab or its Close button, folded down to a strip so the map shows, closed when another
module's sheet opens. The sheets (game.aac.folklore_table, game.aac.pilgrimage_table) add what
they show (`refresh` rebuilds their hotspots) and when they open by themselves (`follow`).
A sheet sees the table as a module does (game.aac.table.model.ModuleHost)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.shell.scenegraph import Button, Node

if TYPE_CHECKING:
    from game.aac.table.model import ModuleHost

FOLDED_H = 44.0  # a folded sheet: a strip at the map's foot


class ModuleSheet(Node):
    module: ClassVar[str]  # the module's name (engine.aac.modules)
    rect: ClassVar[tuple[float, float, float, float]]  # where it stands, open
    what: ClassVar[str]  # its name in the buttons' words ("the sheet", "the board")
    fold_tip: ClassVar[str]  # the fold button's words while open ...
    unfold_tip: ClassVar[str]  # ... and while folded

    def __init__(self, table: ModuleHost, close_tip: str) -> None:
        x, y, w, h = self.rect
        super().__init__(x, y, w, h, z=20)  # over the map, under the rings (25) and popups
        self.table = table
        self.visible = False
        self.pinned = False  # opened by the player (else it follows the decisions)
        self.closed_at = -1  # the history length it was closed at (it stays closed then)
        self.seat = 0
        self._key: object = None
        self.close = Button("Close \u2715", w - 104, 8, 94, 28, self.toggle, 13,
                            tip=close_tip, z=3)
        self.folded = False  # folded down to a strip so the map can be seen
        self._folded_at = -1  # the decision (history length) it was folded on
        self.fold = Button("See the map \u25be", w - 262, 8, 150, 28, self.toggle_fold, 13,
                           tip=self.fold_tip, z=3)

    def follow(self, seat: int) -> None:
        """Show `seat`'s sheet, opened or closed with the decisions (each sheet says when)."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Rebuild the hotspots for what the sheet shows now."""
        raise NotImplementedError

    def toggle(self) -> None:
        self.pinned = not self.visible
        self.visible = not self.visible
        self.closed_at = -1 if self.visible else len(self.table.game.history)
        self._set_folded(False)
        if self.visible:
            self.table.hide_other_panels(self.module)
        self.table.refresh()

    def hide(self) -> None:
        """Closed because another module's sheet opened over the map."""
        self.visible = False
        self.pinned = False

    def toggle_fold(self) -> None:
        """Fold the sheet to a strip at the map's foot (the map shows), or open it again."""
        self._set_folded(not self.folded)
        self.table.refresh()

    def _set_folded(self, folded: bool) -> None:
        _x, y, _w, h = self.rect
        self.folded = folded
        self._folded_at = len(self.table.game.history) if folded else -1
        self.y, self.h = (y + h - FOLDED_H, FOLDED_H) if folded else (y, h)
        self.fold.label = f"Show {self.what} \u25b4" if folded else "See the map \u25be"
        self.fold.y = self.close.y = 8.0 if not folded else (FOLDED_H - 28) / 2
        self.fold.tip = self.unfold_tip if folded else self.fold_tip

"""The table's hook for expansion modules: what a module adds to the table (its panel and the
device's tab that opens it, its pieces on the map, its column in the seats' rows, the extra
hotspot targets of its choices, its "why not" words and its own event animations), so the
table, its hotspots and views loop over the modules in play instead of naming each one.

Each module's table code (game.folklore_table, game.pilgrimage_table) defines one object
that fits `TableModule` (structurally: they do not import this file) and it is listed in
REGISTRY by its module name; `in_play(state)` lists those active in a game, in registry order
(the order their tabs, columns and layers take)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from engine.aac.state import GameState
from engine.kernel.decisions import Choice, Decision
from game.aac import folklore_table, pilgrimage_table
from game.aac.targets import Hotspot
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from game.aac.board_view import BoardView
    from game.aac.scenes.table import TableScene
    from game.aac.table.animator import EventAnimator
    from game.shell.animations import Tween


class ModulePanel(Protocol):
    """A module's sheet over the map (a Node): it follows the decisions and the device's seat
    and rebuilds its hotspots on refresh."""

    visible: bool
    pinned: bool
    children: list[Node]

    def follow(self, seat: int) -> None: ...

    def refresh(self) -> None: ...

    def toggle(self) -> None: ...

    def hide(self) -> None: ...


class TableModule(Protocol):
    name: str
    tab_w: float  # the device's tab button width (0: no tab)
    row_tracks_w: float  # the room its column leaves the row's Monument and Pillar tracks
    also_buttons: frozenset[str]  # choices answered by pointing AND by a prompt button
    also_button_kinds: frozenset[str]  # decisions whose every choice is a button as well

    def active(self, s: GameState) -> bool: ...

    def make_panel(self, table: TableScene) -> Any: ...

    def tab_button(self, table: TableScene, x: float, y: float) -> Button | None: ...

    def board_key(self, s: GameState) -> object: ...

    def draw_board(self, c: Canvas, view: BoardView, s: GameState, colour: Any,
                   shape: Any) -> None: ...

    def row_key(self, s: GameState, seat: int) -> object: ...

    def row_hotspots(self, t: Any, seat: int, y: float, rh: float) -> list[Hotspot]: ...

    def draw_row(self, c: Canvas, t: Any, seat: int, y: float, rh: float) -> None: ...

    def extra_targets(self, table: TableScene, ch: Choice) -> list[str]: ...

    def on_sheet(self, target: str) -> bool: ...  # the target is pointed at on its sheet

    def why_not(self, table: TableScene, target: str, d: Decision) -> str: ...

    def space_why_not(self, table: TableScene, target: str, d: Decision) -> str: ...

    def animate(self, anim: EventAnimator, e: Any, at: float, tweens: list[Tween]
                ) -> tuple[float, bool] | None: ...

    def locate(self, table: TableScene, loc: str) -> tuple[float, float] | None: ...


REGISTRY: dict[str, TableModule] = {
    folklore_table.MODULE.name: folklore_table.MODULE,
    pilgrimage_table.MODULE.name: pilgrimage_table.MODULE,
}


def in_play(s: GameState) -> list[TableModule]:
    """The registered table modules active in the state, in registry order."""
    return [m for m in REGISTRY.values() if m.active(s)]


def all_modules() -> list[TableModule]:
    return list(REGISTRY.values())

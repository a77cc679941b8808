"""The table's hook for expansion modules: what a module adds to the table (its sheet over the
map and the device's tab that opens it, its pieces on the map, its column in the seats' rows,
the extra hotspot targets of its choices, its "why not" words and its own event animations),
so the table, its hotspots and views loop over the modules in play instead of naming each one.

Each module's table code (game.aac.folklore_table, game.aac.pilgrimage_table) defines one
object that fits `TableModule` (structurally: it imports the table's models, never the
table), listed in game.aac.table_modules. The table is given to it as a `ModuleHost`
(game.aac.table.model), the event animator as an `EventStage`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.aac.table.model import ModuleHost, SeatsModel

if TYPE_CHECKING:
    from engine.aac.api import GameState
    from engine.kernel.decisions import Choice, Decision
    from game.aac.board_geometry import BoardGeometry
    from game.aac.fx import FxLayer
    from game.aac.module_sheet import ModuleSheet
    from game.aac.targets import Hotspot
    from game.shell.animations import Tween
    from game.shell.scenegraph import Button, Canvas
    from game.shell.theme import Colour


class StageTable(ModuleHost, Protocol):
    """The table as a module's animation sees it: a module's table code, with the layer of
    flying sprites over the table."""

    @property
    def fxl(self) -> FxLayer: ...


class EventStage(Protocol):
    """What a module's event animation is given by the table's event animator: the table, and
    for an event the change that shows it on the table (applied when its animation lands)."""

    @property
    def t(self) -> StageTable: ...

    def applier(self, e: Any) -> Callable[[], None]: ...


class TableModule(Protocol):
    """One module's part of the table (its name is the module's, engine.aac.modules)."""

    name: str
    tab_w: float  # the device's tab button width (0: no tab)
    row_tracks_w: float  # the room its column leaves the row's Monument and Pillar tracks
    also_buttons: frozenset[str]  # choices answered by pointing AND by a prompt button
    also_button_kinds: frozenset[str]  # decisions whose every choice is a button as well

    def active(self, s: GameState) -> bool: ...

    def make_panel(self, table: ModuleHost) -> ModuleSheet: ...

    def tab_button(self, table: ModuleHost, x: float, y: float) -> Button | None: ...

    def board_key(self, s: GameState) -> object: ...

    def draw_board(self, c: Canvas, g: BoardGeometry, s: GameState,
                   colour: Callable[[int], Colour], shape: Callable[[int], str]) -> None: ...

    def row_key(self, s: GameState, seat: int) -> object: ...

    def row_hotspots(self, t: SeatsModel, seat: int, y: float, rh: float) -> list[Hotspot]: ...

    def draw_row(self, c: Canvas, t: SeatsModel, seat: int, y: float, rh: float) -> None: ...

    def extra_targets(self, table: ModuleHost, ch: Choice) -> list[str]: ...

    def on_sheet(self, target: str) -> bool: ...  # the target is pointed at on its sheet

    def why_not(self, table: ModuleHost, target: str, d: Decision) -> str: ...

    def space_why_not(self, table: ModuleHost, target: str, d: Decision) -> str: ...

    def animate(self, stage: EventStage, e: Any, at: float, tweens: list[Tween]
                ) -> tuple[float, bool] | None: ...

    def locate(self, table: ModuleHost, loc: str) -> tuple[float, float] | None: ...

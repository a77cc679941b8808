"""What the table's views may read and call: narrow typed models, one per kind of view.

The views (board, devices, HUD, the rules links, the hand-off preview, the modules' sheets
and their table code) are given the table scene, but each one sees it only through the
Protocol below that names what it uses, so a view cannot quietly reach into the rest of the
table, no view imports the table scene (the table stands above its views, not beside them),
and mypy checks that the table scene provides everything each view needs (TableScene
satisfies all of them). The table's own parts (game.aac.table: animator, driver, hints,
hotspots) name what they need of it beside themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.aac.api import Decision, Game, GameState, Rules
    from game.aac.session import AacSession as Session
    from game.shell.scenegraph import Button, Canvas, Node
    from game.shell.scenes.base import Nav
    from game.shell.settings import Settings


class Shown(Protocol):
    """A piece of the table that is shown or hidden (the hand-off curtain, a module's
    sheet)."""

    visible: bool


class Toast(Protocol):
    """The status line's pill: where it is drawn, and how opaque it is now (0: gone)."""

    def pill_rect(self) -> tuple[float, float, float, float]: ...

    def alpha(self) -> float: ...


class SessionModel(Protocol):
    """A view that needs only the session (names, seats, the log, keep/problem)."""

    @property
    def session(self) -> Session: ...


class SeatsModel(SessionModel, Protocol):
    """The displayed state of the game and who may see what."""

    @property
    def shown(self) -> GameState: ...

    @property
    def rules(self) -> Rules: ...

    def hidden_seats(self) -> frozenset[int]: ...


class DeviceModel(SeatsModel, Protocol):
    """The devices strip: the displayed state, the scores shown, whose turn and who thinks,
    and a click on another seat's row peeks (`peek_seat`, -1 when nobody's)."""

    @property
    def peek_seat(self) -> int: ...

    @property
    def clock(self) -> float: ...

    def peek(self, seat: int) -> None: ...

    def score_shown(self, seat: int) -> int: ...

    def deciding_seat(self) -> int: ...

    @property
    def thinking_seat(self) -> int: ...


class BoardModel(SeatsModel, Protocol):
    """The board: the displayed state, its revision (the layer cache keys on it), the clock
    of the animations, the zoom's mouse and the tooltips."""

    @property
    def app(self) -> Nav: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def clock(self) -> float: ...

    rev: int  # bumped by a view that changes `shown` (a skipped animation)

    def mouse_down(self, vx: float, vy: float, button: int) -> None: ...

    def tooltip_for(self, node: Node | None) -> str: ...


class HudModel(SessionModel, Protocol):
    """The HUD: scores, the status line, undo, the log drawer, the recap card, hand-off."""

    message: str

    @property
    def shown(self) -> GameState: ...

    @property
    def clock(self) -> float: ...

    @property
    def message_at(self) -> float: ...

    def deciding_seat(self) -> int: ...

    @property
    def thinking_seat(self) -> int: ...

    def score_shown(self, seat: int) -> int: ...

    def undo_status(self) -> str: ...

    def undo(self) -> None: ...

    def hint(self) -> None: ...

    def toggle_log(self) -> None: ...

    def open_menu(self) -> None: ...

    def seat_tip(self, seat: int) -> str: ...

    def score_tip(self, seat: int) -> str: ...

    def recap_showing(self) -> list[tuple[int, str]]: ...

    def recap_lines(self, viewer: int | None = None) -> list[tuple[int, str]]: ...

    def close_recap(self) -> None: ...

    def handoff_done(self, seat: int) -> None: ...


class StatusModel(Protocol):
    """The rules links: the status line and its toast, and the guide to open."""

    message: str

    @property
    def app(self) -> Nav: ...

    @property
    def toast(self) -> Toast: ...


@runtime_checkable
class PreviewModel(Protocol):
    """The picture of a table for the save list: drawn unless a hand-off hides a seat."""

    @property
    def app(self) -> Nav: ...

    @property
    def handoff(self) -> Shown: ...

    def private_now(self) -> bool: ...

    def draw(self, c: Canvas) -> None: ...


class ModuleHost(SeatsModel, Protocol):
    """A module's table code (game.aac.table.module_hook) and its sheet over the map
    (game.aac.module_sheet): the game and its pending decision, the displayed state and its
    revision, whose hidden cards may be drawn face up, the modules' sheets and tabs (one sheet
    open at a time), and the hotspots rebuilt after a sheet opens or closes."""

    @property
    def app(self) -> Nav: ...

    @property
    def game(self) -> Game: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def rev(self) -> int: ...

    @property
    def module_panels(self) -> Mapping[str, Shown]: ...

    @property
    def module_tabs(self) -> Mapping[str, Button]: ...

    def hand_viewer(self) -> int: ...

    def toggle_module(self, name: str) -> None: ...

    def hide_other_panels(self, name: str) -> None: ...

    def refresh(self) -> None: ...

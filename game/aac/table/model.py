"""What the table's views may read and call: narrow typed models, one per kind of view.

The views (board, devices, HUD, the rules links, the hand-off preview, the leave dialog) are
given the table scene, but each one sees it only through the Protocol below that names what it
uses, so a view cannot quietly reach into the rest of the table, and mypy checks that the table
scene provides everything each view needs (TableScene satisfies all of them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.aac.data import Rules
    from engine.aac.state import GameState
    from game.aac.hud import Handoff, StatusToast
    from game.shell.layers import LayerCache
    from game.shell.scenegraph import Canvas, Node
    from game.shell.scenes.nav import Nav
    from game.shell.session import Session
    from game.shell.settings import Settings


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

    @property
    def layers(self) -> LayerCache: ...

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
    def toast(self) -> StatusToast: ...


@runtime_checkable
class PreviewModel(Protocol):
    """The picture of a table for the save list: drawn unless a hand-off hides a seat."""

    @property
    def app(self) -> Nav: ...

    @property
    def handoff(self) -> Handoff: ...

    def private_now(self) -> bool: ...

    def draw(self, c: Canvas) -> None: ...

"""What Age of Reason's panels may read and call of the table: one narrow Protocol, so no
panel imports the table scene (the table stands above its views) and mypy checks that the
table provides everything they use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.aor.api import Game, State
    from engine.kernel.decisions import Choice, Decision
    from game.aor.session import AorSession
    from game.shell.scenes.base import Nav
    from game.shell.settings import Settings


class TableModel(Protocol):
    """The shown state (walked event by event while animations play) and its revision, the
    game and its pending decision, who sits where and who may see which hand, the clock,
    and the few actions a panel's buttons take."""

    message: str

    @property
    def app(self) -> Nav: ...

    @property
    def session(self) -> AorSession: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def game(self) -> Game: ...

    @property
    def shown(self) -> State: ...

    @property
    def rev(self) -> int: ...

    @property
    def clock(self) -> float: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def thinking_seat(self) -> int: ...

    def legal_choices(self, target: str) -> list[Choice]: ...

    def decision_key(self) -> tuple[int, int]:
        """Changes whenever the pending decision (and so what is legal) does."""
        ...

    def deciding_seat(self) -> int: ...

    def hand_viewer(self) -> int: ...

    def seat_name(self, seat: int) -> str: ...

    def choose(self, choice_id: str) -> None: ...

    def choose_many(self, choice_ids: list[str]) -> None: ...

    def mouse_down(self, vx: float, vy: float, button: int) -> None: ...

    def undo(self) -> None: ...

    def undo_status(self) -> str: ...

    def hint(self) -> None: ...

    def toggle_log(self) -> None: ...

    def open_menu(self) -> None: ...

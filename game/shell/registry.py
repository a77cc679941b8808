"""What a game gives the shell, and the registry of installed front ends.

A game's front end (game/<game>/front.py) subclasses `FrontEnd` and registers one instance:
its engine definition, its set-up, table and results scenes, how a seat looks, its settings
section, and its optional extras (a guide, a tutorial, scenarios). The shell opens a game only
through this interface; it imports no game (the games register themselves: game/games.py
imports each installed front end).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from engine.kernel.definition import GameDefinition, find
from engine.kernel.summary import SeatSummary
from game.shell import session as sessions
from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.settings import SettingRow
from game.shell.theme import SeatLook

if TYPE_CHECKING:
    import pygame
    from pydantic import BaseModel

    from game.shell.scenegraph import Canvas
    from game.shell.scenes.base import Nav, Scene
    from game.shell.session import SeatSpec, Session


class FrontEnd(ABC):
    """One game's front end, as the shell sees it."""

    game_id: ClassVar[str]  # its engine definition's id (engine.kernel.definition)
    title: ClassVar[str]
    blurb: ClassVar[str]  # one line for the game picker
    folder: ClassVar[str]  # assets/<folder>/, saves/scenarios/<folder>/
    # settings the game kept at the top level of older settings files (moved to its section)
    legacy_settings: ClassVar[tuple[str, ...]] = ()

    @property
    def definition(self) -> GameDefinition:
        defn = find(self.game_id)
        assert defn is not None, f"the engine of {self.title} is not installed"
        return defn

    # --- scenes --------------------------------------------------------------------------------
    @abstractmethod
    def setup_scene(self, nav: Nav) -> Scene:
        """The new-game screen (seats, people and bots, options)."""

    @abstractmethod
    def table_scene(self, nav: Nav, session: Session) -> Scene:
        """The table of a game in progress."""

    @abstractmethod
    def results_scene(self, nav: Nav, session: Session) -> Scene:
        """The final scores of a finished game."""

    def guide_scene(self, nav: Nav, page: str | None = None) -> Scene | None:
        """How to play, at `page` (a topic or a rule id); None if the game has no guide."""
        return None

    def start_tutorial(self, nav: Nav, resume: bool = True) -> bool:
        """Open the guided first game; False if the game has none."""
        return False

    @property
    def has_tutorial(self) -> bool:
        return False

    # --- sessions and seats ----------------------------------------------------------------------
    @abstractmethod
    def session(self, game: Any, seats: list[SeatSpec], bot_seed: int = 0) -> Session:
        """A session of this game over an engine game (a new one, or one loaded)."""

    def seat_look(self, seat: int, summary: SeatSummary) -> SeatLook:
        """How a listed save's seat looks (the load screen, the picture of a save)."""
        return SeatLook(theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)],
                        theme.SEAT_SHAPES[seat % len(theme.SEAT_SHAPES)], summary.name,
                        summary.role)

    # --- pictures, settings, scenarios ---------------------------------------------------------
    def draw_card(self, c: Canvas, x: float, y: float, w: float, h: float, clock: float) -> None:
        """The game's picture on the game picker's card."""
        c.fill(theme.FELT, x, y, w, h, 12)
        c.text(self.title, x + w / 2, y + h / 2, 28, theme.GOLD, True, "center")

    def draw_emblem(self, c: Canvas, cx: float, cy: float) -> None:
        """A small emblem under the title on the game's title menu (a gold rule)."""
        c.line(theme.GOLD, (cx - 80, cy), (cx + 80, cy), 2)

    def draw_backdrop(self, c: Canvas, clock: float) -> None:
        """The title menu's backdrop while this game is chosen."""
        c.fill(theme.BG, 0, 0, VW, VH)

    def settings_model(self) -> type[BaseModel] | None:
        """The game's own settings (a pydantic model with defaults), or None."""
        return None

    def settings_rows(self) -> list[SettingRow]:
        """The rows of the game's section of the Settings screen."""
        return []

    def scenarios_dir(self) -> Path | None:
        """The game's shipped scenario saves, or None."""
        folder = theme.ASSETS.parent / "saves" / "scenarios" / self.folder
        return folder if folder.is_dir() else None

    def thumbnail(self, table: Scene) -> pygame.Surface | None:
        """A small picture of the table for a save's preview."""
        return None


class ScenesByType(FrontEnd):
    """A front end whose scenes and sessions are made by its classes: the set-up scene of
    `setup_type(nav)`, the table and results of `table_type` / `results_type(nav, session)`
    (a session of `session_type`), the guide of `guide_type(nav, page)`, a session of
    `session_type(game, seats, bot_seed)` over an engine game of `game_type`."""

    setup_type: ClassVar[type[Any]]
    table_type: ClassVar[type[Any]]
    results_type: ClassVar[type[Any]]
    guide_type: ClassVar[type[Any] | None] = None
    session_type: ClassVar[type[Session]]
    game_type: ClassVar[type[Any]]

    def setup_scene(self, nav: Nav) -> Scene:
        return self.setup_type(nav)  # type: ignore[no-any-return]

    def table_scene(self, nav: Nav, session: Session) -> Scene:
        assert isinstance(session, self.session_type)
        return self.table_type(nav, session)  # type: ignore[no-any-return]

    def results_scene(self, nav: Nav, session: Session) -> Scene:
        assert isinstance(session, self.session_type)
        return self.results_type(nav, session)  # type: ignore[no-any-return]

    def guide_scene(self, nav: Nav, page: str | None = None) -> Scene | None:
        return None if self.guide_type is None else self.guide_type(nav, page)

    def session(self, game: Any, seats: list[SeatSpec], bot_seed: int = 0) -> Session:
        assert isinstance(game, self.game_type)
        return self.session_type(game, seats, bot_seed)


_REGISTRY: dict[str, FrontEnd] = {}


def register(front: FrontEnd) -> FrontEnd:
    old = _REGISTRY.get(front.game_id)
    if old is not None and type(old) is not type(front):
        raise ValueError(f"a front end for {front.game_id!r} is registered already")
    _REGISTRY[front.game_id] = front
    sessions.register_maker(front.game_id, front.session)  # Session.load makes the game's
    return front


def front_ends() -> list[FrontEnd]:
    """Every installed game's front end, in registration order."""
    return list(_REGISTRY.values())


def front_end(game_id: str) -> FrontEnd:
    """The front end of `game_id`; KeyError if that game is not installed here."""
    return _REGISTRY[game_id]


def find_front_end(game_id: str) -> FrontEnd | None:
    return _REGISTRY.get(game_id)


def settings_sections() -> dict[str, tuple[type[BaseModel], tuple[str, ...]]]:
    """Every installed game's settings model and its legacy top-level keys (for
    game.shell.settings.Settings.load_with_notice)."""
    out: dict[str, tuple[type[BaseModel], tuple[str, ...]]] = {}
    for front in _REGISTRY.values():
        model = front.settings_model()
        if model is not None:
            out[front.game_id] = (model, front.legacy_settings)
    return out

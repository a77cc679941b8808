"""What a scene may ask of the app: the small navigation protocol scenes depend on (the App
implements it; scenes never import the App). Scenes are opened by type: a scene object is
made by whoever opens it (the shell's own scenes by the shell, a game's by its front end,
game.shell.registry)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.shell.bot_worker import BotWorker
    from game.shell.registry import FrontEnd
    from game.shell.scenegraph import Node
    from game.shell.scenes.base import PlayScene, Scene
    from game.shell.scenes.manager import SceneManager
    from game.shell.session import Session
    from game.shell.settings import Settings
    from game.shell.sound import SoundBank


class Nav(Protocol):
    """Navigation (`open` a scene in place of everything, `overlay` one on top, `back` to the
    scene below), the game chosen on the title screen, and the app services scenes use."""

    settings: Settings
    sound: SoundBank
    bot_worker: BotWorker
    window: pygame.Surface
    persist: bool
    headless: bool
    mouse_v: tuple[float, float]
    hovered: Node | None
    hover_time: float
    notice: str
    notice_seen: bool
    scenes: SceneManager
    game: FrontEnd  # the game chosen (the title menu's, or the one being played)

    @property
    def scene(self) -> Scene: ...

    def open(self, scene: Scene) -> Scene: ...

    def overlay(self, scene: Scene) -> Scene: ...

    def back(self) -> None: ...

    def push(self, scene: Scene) -> None: ...

    def choose_game(self, front: FrontEnd) -> None: ...

    def start_session(self, session: Session) -> None: ...

    def show_results(self, session: Session) -> None: ...

    def open_menu(self) -> None: ...

    def open_picker(self) -> None: ...

    def open_setup(self) -> None: ...

    def open_settings(self) -> None: ...

    def open_guide(self, page: str | None = None) -> None: ...

    def open_tutorial(self, resume: bool = True) -> None: ...

    def open_pause_menu(self, table: PlayScene) -> None: ...

    def idle_seconds(self) -> float: ...

    def save_settings(self) -> None: ...

    def apply_window(self) -> None: ...

    def apply_sound(self) -> None: ...

    def quit(self) -> None: ...

    def request_quit(self) -> None: ...

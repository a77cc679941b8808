"""What a scene may ask of the app: the small navigation protocol scenes depend on (the App
implements it; scenes never import the App)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.shell.bot_worker import BotWorker
    from game.shell.scenegraph import Node
    from game.shell.scenes.base import Scene
    from game.shell.scenes.manager import SceneManager
    from game.shell.session import Session
    from game.shell.settings import Settings
    from game.shell.sound import SoundBank


class Nav(Protocol):
    """Navigation (`open` a registered scene in place of everything, `overlay` one on top,
    `back` to the scene below) and the app services scenes use."""

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

    @property
    def scene(self) -> Scene: ...

    def open(self, name: str, **kw: Any) -> Scene: ...

    def overlay(self, name: str, **kw: Any) -> Scene: ...

    def back(self) -> None: ...

    def push(self, scene: Scene) -> None: ...

    def start_session(self, session: Session) -> None: ...

    def show_results(self, session: Session) -> None: ...

    def open_menu(self) -> None: ...

    def open_setup(self) -> None: ...

    def open_settings(self) -> None: ...

    def open_guide(self, page: str | None = None) -> None: ...

    def open_tutorial(self, resume: bool = True) -> None: ...

    def open_pause_menu(self, table: Any) -> None: ...

    def save_settings(self) -> None: ...

    def apply_window(self) -> None: ...

    def apply_sound(self) -> None: ...

    def quit(self) -> None: ...

    def request_quit(self) -> None: ...

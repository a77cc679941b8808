"""The base Scene: a root node of 1600x900 virtual units with input routing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from pydantic import BaseModel

    from game.shell.bot_worker import BotWorker
    from game.shell.session import Session
    from game.shell.settings import SettingRow, Settings
    from game.shell.sound import SoundBank


class GameFront(Protocol):
    """The chosen game as the shell's scenes see it (a front end, game.shell.registry)."""

    @property
    def game_id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def blurb(self) -> str: ...

    @property
    def has_tutorial(self) -> bool: ...

    def draw_card(self, c: Canvas, x: float, y: float, w: float, h: float,
                  clock: float) -> None: ...

    def draw_emblem(self, c: Canvas, cx: float, cy: float) -> None: ...

    def draw_backdrop(self, c: Canvas, clock: float) -> None: ...

    def settings_model(self) -> type[BaseModel] | None: ...

    def settings_rows(self) -> list[SettingRow]: ...

    def scenarios_dir(self) -> Path | None: ...


class SceneStack(Protocol):
    """The app's stack of scenes (game.shell.scenes.manager.SceneManager)."""

    stack: list[Scene]

    @property
    def top(self) -> Scene: ...

    def below(self, scene: Scene) -> Scene | None: ...

    def drawn(self) -> list[Scene]: ...

    def find(self, pred: Callable[[Scene], bool]) -> Scene | None: ...


class Nav(Protocol):
    """What a scene may ask of the app (the App implements it; scenes never import the App):
    navigation (`open` a scene in place of everything, `overlay` one on top, `back` to the
    scene below), the game chosen on the title screen, and the app services scenes use.
    Scenes are opened by type: a scene object is made by whoever opens it (the shell's own
    scenes by the shell, a game's by its front end, game.shell.registry)."""

    settings: Settings
    sound: SoundBank
    bot_worker: BotWorker
    window: pygame.Surface
    persist: bool
    headless: bool
    mouse_v: tuple[float, float]
    hovered: Node | None
    hover_time: float
    tip_rect: pygame.Rect | None  # where the tooltip was drawn last (None: no tooltip)
    notice: str
    notice_seen: bool

    @property
    def scenes(self) -> SceneStack: ...

    @property
    def game(self) -> GameFront: ...

    @property
    def scene(self) -> Scene: ...

    def open(self, scene: Scene) -> Scene: ...

    def overlay(self, scene: Scene) -> Scene: ...

    def back(self) -> None: ...

    def push(self, scene: Scene) -> None: ...

    def choose_game(self, front: Any) -> None: ...

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


class Scene(Node):
    """A screen. `app` is the navigation protocol (Nav, above), not the App."""

    overlay = False  # True: drawn over the scene below it on the stack (which stays alive)

    def __init__(self, app: Nav) -> None:
        super().__init__(0, 0, VW, VH)
        self.app = app

    def on_enter(self) -> None:
        """Pushed onto the stack (or opened)."""

    def on_exit(self) -> None:
        """Taken off the stack for good."""

    def on_cover(self) -> None:
        """An overlay was pushed over it (it stays on the stack, neither updated nor left)."""

    def on_uncover(self) -> None:
        """The overlay over it went: it is on top again."""

    def mouse_down(self, vx: float, vy: float, button: int) -> None:
        node = self.hit(vx, vy)
        while node is not None:
            lx, ly = node.to_local(vx, vy)
            if node.on_click(lx, ly, button):
                return
            node = node.parent

    def mouse_up(self, vx: float, vy: float, button: int) -> None:
        """A mouse button let go at a virtual point (a drag ends)."""

    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        """Mouse wheel at a virtual point (dy > 0: away from the user); True when used."""
        return False

    def keep_clear(self) -> list[pygame.Rect]:
        """Where the player may click now (virtual units): tooltips keep off them."""
        return []

    def hover_node(self, vx: float, vy: float) -> Node | None:
        return self.hit(vx, vy)

    def key_down(self, event: pygame.event.Event) -> bool:
        """Scene-specific keys; True when handled."""
        return False

    def tooltip_for(self, node: Node | None) -> str:
        return node.tooltip() if node is not None else ""

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)


class PlayScene(Scene):
    """A table of a game in progress (a game's front end subclasses it): the shell asks it to
    save, finds it under overlays (the pause menu, a question, the settings, the guide) to
    keep its game before the app leaves, and pictures it for a save's preview."""

    session: Session
    autosave_enabled: bool = True

    def save(self) -> None:
        """Save the game to a new file in the saves folder (Ctrl+S), saying how it went."""
        raise NotImplementedError

    def picture(self) -> pygame.Surface | None:
        """A thumbnail of the table for a save's preview (None: nothing may be shown, or
        no picture)."""
        return None

    def toggle_log(self) -> None:
        """Open or close the game's log (L)."""
        raise NotImplementedError

    def hint(self) -> None:
        """Say in one line what the strongest bot would do now (H)."""
        raise NotImplementedError

    def undo(self) -> None:
        """Take back the person's last decision where the rules allow (Ctrl+Z)."""
        raise NotImplementedError

    def table_key(self, key: int, mods: int) -> bool:
        """The keys every table answers alike: L the log, H the hint, Ctrl+Z undo, Ctrl+S
        save. True when `key` was one of them."""
        if key == pygame.K_l:
            self.toggle_log()
        elif key == pygame.K_h:
            self.hint()
        elif key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_s and mods & pygame.KMOD_CTRL:
            self.save()
        else:
            return False
        return True


class HelpScene(Scene):
    """A game's guide (how to play, the rules): F1 over it turns its pages, never opens a
    second one."""

    overlay = False

    def show(self, page: str | None) -> None:
        """Turn to `page` (a topic or a rule id)."""
        raise NotImplementedError


def title_text(c: Canvas, text: str, y: float, size: float = 44) -> None:
    c.text(text, VW / 2 + 3, y + 3, size, theme.BG_DARK, True, "center")
    c.text(text, VW / 2, y, size, theme.GOLD, True, "center")


def menu_button(label: str, y: float, action: object, enabled: bool = True,
                tip: str = "", x: float = VW / 2 - 170, w: float = 340) -> Button:
    return Button(label, x, y, w, 52, action, 20, tip=tip, enabled=enabled)  # type: ignore[arg-type]

"""The base Scene: a root node of 1600x900 virtual units with input routing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from game.shell.scenes.nav import Nav


class Scene(Node):
    """A screen. `app` is the navigation protocol (game.scenes.nav.Nav), not the App."""

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

    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        """Mouse wheel at a virtual point (dy > 0: away from the user); True when used."""
        return False

    def hover_node(self, vx: float, vy: float) -> Node | None:
        return self.hit(vx, vy)

    def key_down(self, event: pygame.event.Event) -> bool:
        """Scene-specific keys; True when handled."""
        return False

    def tooltip_for(self, node: Node | None) -> str:
        return node.tooltip() if node is not None else ""

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)


def title_text(c: Canvas, text: str, y: float, size: float = 44) -> None:
    c.text(text, VW / 2 + 3, y + 3, size, theme.BG_DARK, True, "center")
    c.text(text, VW / 2, y, size, theme.GOLD, True, "center")


def menu_button(label: str, y: float, action: object, enabled: bool = True,
                tip: str = "", x: float = VW / 2 - 170, w: float = 340) -> Button:
    return Button(label, x, y, w, 52, action, 20, tip=tip, enabled=enabled)  # type: ignore[arg-type]

"""A small confirm dialog over another scene, and the one question asked before a player
leaves a game in progress (Quit, Leave to the menu, the window's close button)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.layout import VH, VW
from game.scenegraph import Button, Canvas
from game.scenes.base import Scene

if TYPE_CHECKING:
    from game.app import App

LEAVE_TEXT = "Leave the game? It is kept exactly where it is; Continue resumes it."

W, H = 760.0, 250.0


class ConfirmScene(Scene):
    """`text` above two buttons over a dimmed `under`; Esc is the second (safe) answer,
    Enter the first."""

    def __init__(self, app: App, under: Scene | None, text: str, yes: str, no: str,
                 on_yes: Callable[[], None], on_no: Callable[[], None],
                 danger: bool = False) -> None:
        super().__init__(app)
        self.under, self.text = under, text
        self.on_yes, self.on_no = on_yes, on_no
        self.danger = danger
        self.close_means_yes = False  # the window's close button pressed again answers yes
        x0, y0 = (VW - W) / 2, (VH - H) / 2
        self.yes = Button(yes, x0 + W / 2 - 250, y0 + H - 78, 230, 52, on_yes, 18)
        self.no = Button(no, x0 + W / 2 + 20, y0 + H - 78, 230, 52, on_no, 18)
        self.add(self.yes, self.no)

    @property
    def table(self) -> Any:
        """The game under the dialog, if any (see table_in_play)."""
        return self.under

    def draw_self(self, c: Canvas) -> None:
        if self.under is not None:
            self.under.draw(c)
        else:
            c.fill(theme.BG, 0, 0, VW, VH)
        c.alpha_fill((10, 6, 4, 200), 0, 0, VW, VH)
        x0, y0 = (VW - W) / 2, (VH - H) / 2
        c.fill((0, 0, 0), x0 + 4, y0 + 6, W, H, 16)
        c.fill(theme.PANEL, x0, y0, W, H, 16)
        c.fill(theme.DENY if self.danger else theme.GOLD, x0, y0, W, H, 16, 3)
        px = max(6, round(20 * c.s))
        lines = theme.wrap(self.text, px, round((W - 80) * c.s), True)[:4]
        top = y0 + 24 + (H - 110 - 30 * len(lines)) / 2 + 15
        for i, ln in enumerate(lines):
            c.text(ln, VW / 2, top + i * 30, 20, theme.INK, True, "center")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.on_no()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_yes()
            return True
        return False


def table_in_play(scene: Scene | None) -> Any:
    """The table of a game in progress behind `scene` (the table itself, its pause menu,
    a dialog or settings opened from there), or None. Follows `table`/`back`/`under`."""
    for _ in range(6):
        if scene is None:
            return None
        if hasattr(scene, "session") and hasattr(scene, "handoff"):
            return None if scene.session.game.is_over else scene
        scene = (getattr(scene, "table", None) or getattr(scene, "back", None)
                 or getattr(scene, "under", None))
    return None


def ask_leave(app: App, table: Any, then: Callable[[], None],
              back: Scene | None = None) -> None:
    """Ask before leaving `table`'s game; Leave keeps it (an autosave of this very moment,
    mid-turn decisions included) and runs `then`; Stay goes back to `back` (the table by
    default). If the game cannot be kept, say why and ask again."""
    back_to = back or table

    def stay() -> None:
        app.set_scene(back_to)

    def leave() -> None:
        if table.session.keep():
            then()
            return
        why = table.session.problem
        app.set_scene(ConfirmScene(
            app, table, f"The game could not be kept ({why}). Leave anyway? What was played "
            "since the last save would be lost.", "Leave anyway", "Stay", then, stay,
            danger=True))

    dialog = ConfirmScene(app, table, LEAVE_TEXT, "Leave", "Stay", leave, stay)
    dialog.close_means_yes = True
    app.set_scene(dialog)

"""A small confirm dialog over another scene, and the one question asked before a player
leaves a game in progress (Quit, Leave to the menu, the window's close button)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import PlayScene, Scene

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

LEAVE_TEXT = "Leave the game? It is kept exactly where it is; Continue resumes it."

W, H = 760.0, 250.0


class ConfirmScene(Scene):
    """`text` above two buttons, over the scene it was opened on (an overlay: that scene stays
    as it was). An answer closes the dialog, then runs its action; Esc is the second (safe)
    answer, Enter the first."""

    overlay = True

    def __init__(self, app: Nav, text: str, yes: str, no: str,
                 on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 danger: bool = False) -> None:
        super().__init__(app)
        self.text = text
        self.on_yes, self.on_no = on_yes, on_no
        self.danger = danger
        self.close_means_yes = False  # the window's close button pressed again answers yes
        x0, y0 = (VW - W) / 2, (VH - H) / 2
        self.yes = Button(yes, x0 + W / 2 - 250, y0 + H - 78, 230, 52,
                          lambda: self.answer(True), 18)
        self.no = Button(no, x0 + W / 2 + 20, y0 + H - 78, 230, 52,
                         lambda: self.answer(False), 18)
        self.add(self.yes, self.no)

    def answer(self, yes: bool) -> None:
        """Close the dialog (back to the scene under it), then act."""
        if self.app.scenes.stack and self.app.scene is self:
            self.app.back()
        action = self.on_yes if yes else self.on_no
        if action is not None:
            action()

    def draw_self(self, c: Canvas) -> None:
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
            self.answer(False)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.answer(True)
            return True
        return False


def table_in_play(app: Nav) -> PlayScene | None:
    """The table of a game in progress on the scene stack (under a pause menu, a dialog, the
    settings or the guide), or None."""
    scene = app.scenes.find(lambda sc: isinstance(sc, PlayScene))
    if not isinstance(scene, PlayScene) or scene.session.game.is_over:
        return None
    return scene


def ask_leave(app: Nav, table: PlayScene, then: Callable[[], None]) -> None:
    """Ask before leaving `table`'s game; Leave keeps it (an autosave of this very moment,
    mid-turn decisions included) and runs `then`; Stay goes back to where it was asked. If
    the game cannot be kept, say why and ask again."""

    def leave() -> None:
        if table.session.keep():
            then()
            return
        why = table.session.problem
        app.push(ConfirmScene(
            app, f"The game could not be kept ({why}). Leave anyway? What was played "
            "since the last save would be lost.", "Leave anyway", "Stay", then, None,
            danger=True))

    dialog = ConfirmScene(app, LEAVE_TEXT, "Leave", "Stay", leave, None)
    dialog.close_means_yes = True
    app.push(dialog)

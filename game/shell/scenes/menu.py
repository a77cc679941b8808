"""Title menu and pause menu (the load screen is game/scenes/load.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.aac.persist import SaveError
from engine.version import version
from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.scenegraph import Canvas
from game.shell.scenes.base import Scene, menu_button, title_text
from game.shell.scenes.confirm import ask_leave
from game.shell.scenes.load import LoadScene, describe_save, draw_backdrop
from game.shell.scenes.manager import register
from game.shell.session import Session, all_saves, continue_save

if TYPE_CHECKING:
    from game.aac.scenes.table import TableScene
    from game.shell.scenes.nav import Nav

__all__ = ["LoadScene", "MenuScene", "PauseScene", "draw_backdrop"]

STEP = 60.0


@register("menu")
class MenuScene(Scene):
    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        self.clock = 0.0
        saves = all_saves()
        self.resume = continue_save(saves)
        finished = [i for i in saves if i.over and not i.damaged]
        y = 312.0
        tip = ("Resume " + describe_save(self.resume) if self.resume is not None
               else "No unfinished game yet")
        self.add(menu_button("New game", y, app.open_setup, tip="Set up seats and start"))
        self.add(menu_button("Continue", y + STEP, self.continue_game,
                             enabled=self.resume is not None, tip=tip))
        self.add(menu_button("Load", y + 2 * STEP, lambda: app.open("load"),
                             tip="Saved and autosaved games, newest first, and scenarios"))
        self.add(menu_button("Finished games", y + 3 * STEP,
                             lambda: app.open("load", tab="finished"),
                             enabled=bool(finished), tip="The results of games played to the end"))
        self.add(menu_button("How to play", y + 4 * STEP, app.open_guide, w=166,
                             tip="An illustrated guide and the rules reference (F1)"))
        self.add(menu_button("Tutorial", y + 4 * STEP, app.open_tutorial, x=VW / 2 + 4, w=166,
                             tip="A guided first game against an easy bot; it resumes where "
                                 "you left it"))
        self.add(menu_button("Settings", y + 5 * STEP, app.open_settings))
        self.add(menu_button("Quit", y + 6 * STEP, app.quit))
        self.error = "" if app.notice_seen else app.notice  # e.g. a settings file reset
        app.notice_seen = True

    def continue_game(self) -> None:
        if self.resume is None:
            self.error = "There is no unfinished game to continue."
            return
        try:
            self.app.start_session(Session.load(self.resume.path))
        except SaveError as exc:
            self.error = f"Could not continue: {exc}"

    def on_update(self, dt: float) -> None:
        self.clock += dt

    def draw_self(self, c: Canvas) -> None:
        draw_backdrop(c, self.clock)
        c.fill((0, 0, 0), VW / 2 - 336, 120, 680, 670, 24)
        c.fill((64, 48, 36), VW / 2 - 340, 114, 680, 670, 24)
        c.fill(theme.GOLD, VW / 2 - 340, 114, 680, 670, 24, 2)
        title_text(c, "An Age Contrived", 190, 50)
        c.text("a game of energy, tiles and monuments", VW / 2, 246, 17, theme.PANEL_DARK,
               False, "center")
        for i, name in enumerate(("boot", "castle", "pillar")):
            c.icon(name, VW / 2 - 60 + 60 * i, 280, 34)
        c.text(f"Version {version()}", VW - 16, VH - 12, 13, theme.PATH, False, "bottomright")
        if self.error:
            px = max(6, round(14 * c.s))
            for i, ln in enumerate(theme.wrap(self.error, px, round(1300 * c.s), True)[:2]):
                c.text(ln, VW / 2, 812 + 20 * i, 14, theme.DENY, True, "center")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_n):
            self.app.open_setup()
            return True
        return False


@register("pause")
class PauseScene(Scene):
    """Esc on the table: resume, save, settings, leave (asking first). An overlay: the table
    stays alive under it, exactly where it was."""

    overlay = True

    def __init__(self, app: Nav, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        y = 300.0
        self.add(menu_button("Resume", y, self.resume))
        self.add(menu_button("Save (Ctrl+S)", y + 66, self.save))
        self.add(menu_button("Settings", y + 132, app.open_settings))
        self.add(menu_button("How to play (F1)", y + 198, app.open_guide))
        self.add(menu_button("Leave to the menu", y + 264, self.leave,
                             tip="The game is kept where it is; Continue resumes it"))
        self.add(menu_button("Quit", y + 330, self.quit,
                             tip="The game is kept where it is; Continue resumes it"))

    def resume(self) -> None:
        self.app.back()

    def save(self) -> None:
        self.table.save()
        self.resume()

    def leave(self) -> None:
        ask_leave(self.app, self.table, self.app.open_menu)

    def quit(self) -> None:
        ask_leave(self.app, self.table, self.app.quit)

    def draw_self(self, c: Canvas) -> None:  # over the table (the stack draws it first)
        c.alpha_fill((10, 6, 4, 190), 0, 0, VW, VH)
        title_text(c, "Paused", 220)

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.resume()
            return True
        return False

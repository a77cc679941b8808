"""The game picker, the title menu and the pause menu (the load screen is
game/shell/scenes/load.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.kernel.saves import SaveError
from engine.version import version
from game.shell import theme
from game.shell.layout import VH, VW
from game.shell.registry import FrontEnd, front_ends
from game.shell.saves import all_saves, continue_save
from game.shell.scenegraph import Canvas, Node
from game.shell.scenes.base import PlayScene, Scene, menu_button, title_text
from game.shell.scenes.confirm import ask_leave
from game.shell.scenes.load import LoadScene, describe_save
from game.shell.session import Session

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

__all__ = ["LoadScene", "MenuScene", "PauseScene", "PickerScene"]

STEP = 60.0
AMBIENT = 12.0  # frames a second for a title screen's slow motion (enough for a drift)
AMBIENT_FOR = 10.0  # seconds after the last input it drifts; then it rests (nothing drawn)


def ambient(app: Nav) -> float:
    """A title screen's frame rate: its slow drift for a while after the last input, then
    none (an idle screen costs nothing)."""
    return AMBIENT if app.idle_seconds() < AMBIENT_FOR else 0.0
CARD_W, CARD_H = 420.0, 300.0


def draw_version(c: Canvas) -> None:
    c.text(f"Version {version()}", VW - 16, VH - 12, 13, theme.PATH, False, "bottomright")


class GameCard(Node):
    """One installed game on the picker: its picture, title and one line; click to choose."""

    interactive = True

    def __init__(self, scene: PickerScene, front: FrontEnd, x: float, y: float) -> None:
        super().__init__(x, y, CARD_W, CARD_H)
        self.scene, self.front = scene, front
        self.hover = False

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        if button == 1:
            self.scene.choose(self.front)
        return True

    def tooltip(self) -> str:
        return f"Play {self.front.title}"

    def draw_self(self, c: Canvas) -> None:
        lit = self.scene.app.hovered is self
        c.fill((0, 0, 0), 4, 6, self.w, self.h, 16)
        c.fill((64, 48, 36), 0, 0, self.w, self.h, 16)
        self.front.draw_card(c, 14, 14, self.w - 28, self.h * 0.56, self.scene.clock)
        c.fill(theme.HILITE if lit else theme.GOLD, 0, 0, self.w, self.h, 16, 3 if lit else 2)
        c.text(self.front.title, self.w / 2, self.h * 0.56 + 42, 24, theme.GOLD, True, "center")
        size, lines = blurb_lines(self.front.blurb, self.w - 40, c.s, 3)
        lines = lines[:3]  # the card holds three lines
        for k, ln in enumerate(lines):
            c.text(ln, self.w / 2, self.h * 0.56 + 76 + (size + 5) * k, size, theme.PANEL_DARK,
                   False, "center")


def blurb_lines(blurb: str, width: float, scale: float, most: int) -> tuple[int, list[str]]:
    """A game's line in full on at most `most` lines, the type a little smaller where that
    many lines at the usual size do not hold it (at the smallest size, every line it takes)."""
    lines: list[str] = []
    for size in (15, 14, 13, 12, 11):
        lines = theme.wrap(blurb, max(6, round(size * scale)), round(width * scale))
        if len(lines) <= most:
            return size, lines
    return 11, lines


class PickerScene(Scene):
    """The first screen with several games installed: each game's card; choosing one opens
    its title menu."""

    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        self.clock = 0.0
        games = front_ends()
        gap = 40.0
        left = (VW - len(games) * CARD_W - (len(games) - 1) * gap) / 2
        for k, front in enumerate(games):
            self.add(GameCard(self, front, left + k * (CARD_W + gap), 250))
        self.add(menu_button("Settings", 640, app.open_settings))
        self.add(menu_button("Quit", 640 + STEP, app.quit))
        # e.g. a settings file reset, a game kept after a crash: said here and again on the
        # chosen game's title menu, where Continue is
        self.error = "" if app.notice_seen else app.notice

    def choose(self, front: FrontEnd) -> None:
        self.app.choose_game(front)
        self.app.open_menu()

    def frame_rate(self) -> float:
        return max(ambient(self.app), super().frame_rate())  # the cards' pictures drift

    def on_update(self, dt: float) -> None:
        self.clock += dt

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        title_text(c, "Choose a game", 150, 46)
        draw_version(c)
        if self.error:
            px = max(6, round(14 * c.s))
            for i, ln in enumerate(theme.wrap(self.error, px, round(1300 * c.s), True)[:2]):
                c.text(ln, VW / 2, 812 + 20 * i, 14, theme.DENY, True, "center")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        keys = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
        if event.key in keys and keys.index(event.key) < len(front_ends()):
            self.choose(front_ends()[keys.index(event.key)])
            return True
        return False


class MenuScene(Scene):
    """The chosen game's title menu: new game, Continue (the newest unfinished game of any
    installed game), Load, Finished games, how to play, the tutorial, settings; with several
    games installed, "Other games" goes back to the picker."""

    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.front = app.game
        saves = all_saves()
        self.resume = continue_save(saves)
        finished = [i for i in saves if i.over and not i.damaged]
        several = len(front_ends()) > 1
        y = 312.0
        tip = ("Resume " + describe_save(self.resume) if self.resume is not None
               else "No unfinished game yet")
        self.add(menu_button("New game", y, app.open_setup, tip="Set up seats and start"))
        self.add(menu_button("Continue", y + STEP, self.continue_game,
                             enabled=self.resume is not None, tip=tip))
        self.add(menu_button("Load", y + 2 * STEP, lambda: app.open(LoadScene(app)),
                             tip="Saved and autosaved games, newest first, and scenarios"))
        self.add(menu_button("Finished games", y + 3 * STEP,
                             lambda: app.open(LoadScene(app, tab="finished")),
                             enabled=bool(finished), tip="The results of games played to the end"))
        self.add(menu_button("How to play", y + 4 * STEP, app.open_guide, w=166,
                             tip="An illustrated guide and the rules reference (F1)"))
        self.add(menu_button("Tutorial", y + 4 * STEP, app.open_tutorial, x=VW / 2 + 4, w=166,
                             enabled=self.front.has_tutorial,
                             tip="A guided first game against an easy bot; it resumes where "
                                 "you left it" if self.front.has_tutorial else
                                 f"{self.front.title} has no tutorial yet"))
        if several:
            self.add(menu_button("Settings", y + 5 * STEP, app.open_settings, w=166))
            self.add(menu_button("Other games", y + 5 * STEP, app.open_picker, x=VW / 2 + 4,
                                 w=166, tip="Choose another game"))
        else:
            self.add(menu_button("Settings", y + 5 * STEP, app.open_settings))
        self.add(menu_button("Quit", y + 6 * STEP, app.quit))
        self.error = "" if app.notice_seen else app.notice  # e.g. a settings file reset
        app.notice_seen = True

    def frame_rate(self) -> float:
        return max(ambient(self.app), super().frame_rate())  # the backdrop drifts

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
        self.front.draw_backdrop(c, self.clock)
        c.fill((0, 0, 0), VW / 2 - 336, 120, 680, 670, 24)
        c.fill((64, 48, 36), VW / 2 - 340, 114, 680, 670, 24)
        c.fill(theme.GOLD, VW / 2 - 340, 114, 680, 670, 24, 2)
        title_text(c, self.front.title, 190, 50)
        size, lines = blurb_lines(self.front.blurb, 620, c.s, 2)  # the game in two lines
        for k, ln in enumerate(lines):
            c.text(ln, VW / 2, 238 + (size + 4) * k - (size + 4) / 2 * (len(lines) - 1), size,
                   theme.PANEL_DARK, False, "center")
        self.front.draw_emblem(c, VW / 2, 282)
        draw_version(c)
        if self.error:
            px = max(6, round(14 * c.s))
            for i, ln in enumerate(theme.wrap(self.error, px, round(1300 * c.s), True)[:2]):
                c.text(ln, VW / 2, 812 + 20 * i, 14, theme.DENY, True, "center")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            if len(front_ends()) > 1:
                self.app.open_picker()
            else:
                self.app.quit()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_n):
            self.app.open_setup()
            return True
        return False


class PauseScene(Scene):
    """Esc on the table: resume, save, settings, leave (asking first). An overlay: the table
    stays alive under it, exactly where it was."""

    overlay = True

    def __init__(self, app: Nav, table: PlayScene) -> None:
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

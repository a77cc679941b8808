"""Title/menu, pause menu and the load screen."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import theme, tokens
from game.layout import VH, VW
from game.scenegraph import Button, Canvas
from game.scenes.base import Scene, menu_button, title_text
from game.session import Session, autosave_path, saves_dir

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.table import TableScene


def draw_backdrop(c: Canvas, clock: float) -> None:
    c.fill(theme.BG, 0, 0, VW, VH)
    import math

    for i, name in enumerate(("compass", "rose", "magnet", "wild")):
        for k in range(3):
            a = clock * 0.15 + i * 1.57 + k * 2.1
            x = VW / 2 + math.cos(a) * (420 + 120 * k)
            y = VH / 2 + math.sin(a) * (240 + 60 * k)
            tokens.energy(c, x, y, 18 - 3 * k, name)


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.clock = 0.0
        has_auto = autosave_path() is not None
        y = 322.0
        self.add(menu_button("New game", y, app.open_setup, tip="Set up seats and start"))
        self.add(menu_button("Continue last autosave", y + 64, self.continue_game,
                             enabled=has_auto, tip="Resume the game autosaved each turn"))
        self.add(menu_button("Load", y + 128, lambda: app.set_scene(LoadScene(app)),
                             tip="Load a saved game or a scenario"))
        self.add(menu_button("Settings", y + 192, app.open_settings))
        self.add(menu_button("How to play", y + 256, app.open_guide, w=166,
                             tip="An illustrated guide and the rules reference (F1)"))
        self.add(menu_button("Tutorial", y + 256, app.open_tutorial, x=VW / 2 + 4, w=166,
                             tip="A guided first game against an easy bot; it resumes where "
                                 "you left it"))
        self.add(menu_button("Quit", y + 320, app.quit))
        self.error = "" if app.notice_seen else app.notice  # e.g. a settings file reset
        app.notice_seen = True

    def continue_game(self) -> None:
        path = autosave_path()
        if path is None:
            self.error = "There is no autosave yet."
            return
        try:
            self.app.start_session(Session.load(path))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            self.error = f"Could not continue: {exc}"

    def on_update(self, dt: float) -> None:
        self.clock += dt

    def draw_self(self, c: Canvas) -> None:
        draw_backdrop(c, self.clock)
        c.fill((0, 0, 0), VW / 2 - 336, 120, 680, 600, 24)
        c.fill((64, 48, 36), VW / 2 - 340, 114, 680, 600, 24)
        c.fill(theme.GOLD, VW / 2 - 340, 114, 680, 600, 24, 2)
        title_text(c, "An Age Contrived", 190, 50)
        c.text("a game of energy, tiles and monuments", VW / 2, 246, 17, theme.PANEL_DARK,
               False, "center")
        for i, name in enumerate(("boot", "castle", "pillar")):
            c.icon(name, VW / 2 - 60 + 60 * i, 292, 36)
        if self.error:
            c.text(self.error, VW / 2, 740, 14, theme.DENY, True, "center")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_n):
            self.app.open_setup()
            return True
        return False


class PauseScene(Scene):
    """Esc on the table: resume, save, settings, leave."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        y = 300.0
        self.add(menu_button("Resume", y, self.resume))
        self.add(menu_button("Save (Ctrl+S)", y + 66, self.save))
        self.add(menu_button("Settings", y + 132, lambda: app.open_settings(back=self)))
        self.add(menu_button("How to play (F1)", y + 198, app.open_guide))
        self.add(menu_button("Leave to the menu", y + 264, app.open_menu))
        self.add(menu_button("Quit", y + 330, app.quit))

    def resume(self) -> None:
        self.app.set_scene(self.table)

    def save(self) -> None:
        self.table.save()
        self.resume()

    def draw_self(self, c: Canvas) -> None:
        self.table.draw(c)
        c.alpha_fill((10, 6, 4, 190), 0, 0, VW, VH)
        title_text(c, "Paused", 220)

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.resume()
            return True
        return False


class LoadScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        from game.theme import ASSETS

        files = sorted(saves_dir().glob("*.json"), key=lambda p: -p.stat().st_mtime)
        files = [f for f in files if not f.name.endswith(".seats.json")]
        scen = sorted((ASSETS.parent / "saves" / "scenarios").glob("*.json"))
        self.error = ""
        y = 170.0
        for path in (files[:8] + scen[:6]):
            label = path.stem + ("  (scenario)" if path in scen else "")
            self.add(Button(label, VW / 2 - 300, y, 600, 40, partial(self.load, path), 15))
            y += 48
        if not files and not scen:
            self.error = "No saved games yet."
        self.add(menu_button("Back", 800, app.open_menu))

    def load(self, path: object) -> None:
        from pathlib import Path

        try:
            self.app.start_session(Session.load(Path(str(path))))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            self.error = f"Could not load {path}: {exc}"

    def draw_self(self, c: Canvas) -> None:
        draw_backdrop(c, 0.0)
        title_text(c, "Load a game", 100)
        if self.error:
            c.text(self.error, VW / 2, 770, 14, theme.DENY, True, "center", max_w=1400)

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.open_menu()
            return True
        return False

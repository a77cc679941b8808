"""The app loop: one window, scenes, virtual-resolution scaling, global keys, tooltips."""

from __future__ import annotations

import contextlib
import time
from collections import deque
from typing import Any

import pygame

from game import hud, icons, theme
from game.bot_worker import BotWorker
from game.layout import MIN_H, MIN_W, VH, VW, fit
from game.preview import table_picture
from game.scenegraph import Button, Canvas, Node
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene, ask_leave, table_in_play
from game.session import Session
from game.settings import MAX_WINDOW, Settings


def fit_to_screen(w: int, h: int) -> tuple[int, int]:
    """A window size no smaller than the layout's minimum and no larger than the screen."""
    with contextlib.suppress(pygame.error, IndexError):
        sw, sh = pygame.display.get_desktop_sizes()[0]
        if sw >= MIN_W and sh >= MIN_H:
            w, h = min(w, sw), min(h, sh)
    return max(MIN_W, w), max(MIN_H, h)


FRAME_HISTORY = 3600  # the last minute of frame times at 60 fps (benchmarks read them)


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 persist: bool = True, headless: bool = False) -> None:
        pygame.init()
        self.persist = persist
        self.notice = ""  # one line for the title screen (a settings file that was reset...)
        self.notice_seen = False
        if settings is None and persist:
            settings, self.notice = Settings.load_with_notice()
        self.settings = settings or Settings()
        self.headless = headless
        if size is not None:
            self.settings.window_w, self.settings.window_h = size
        self.window: pygame.Surface
        self.apply_window()
        pygame.display.set_caption("An Age Contrived")
        with contextlib.suppress(pygame.error, FileNotFoundError, AttributeError):
            pygame.display.set_icon(icons.icon("castle", 64))  # never fatal
        self.bot_worker = BotWorker()
        self.running = True
        self.hovered: Node | None = None
        self.hover_time = 0.0
        self.mouse_v = (0.0, 0.0)
        self.clock = pygame.time.Clock()
        self.frame_ms: deque[float] = deque(maxlen=FRAME_HISTORY)
        from game.scenes.menu import MenuScene

        self.scene: Scene = MenuScene(self)

    # --- window ----------------------------------------------------------------------------
    def apply_window(self) -> None:
        st = self.settings
        if self.headless:
            self.window = pygame.display.set_mode((st.window_w, st.window_h))
            return
        if st.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            w, h = fit_to_screen(st.window_w, st.window_h)
            self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        icons.clear_cache()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_window()
        self.save_settings()

    def save_settings(self) -> None:
        if self.persist:
            self.settings.save()

    # --- scenes -------------------------------------------------------------------------------
    def set_scene(self, scene: Scene) -> None:
        self.scene.on_exit()
        self.scene = scene
        self.hovered = None
        scene.on_enter()

    def open_menu(self) -> None:
        from game.scenes.menu import MenuScene

        self.set_scene(MenuScene(self))

    def open_setup(self) -> None:
        from game.scenes.setup import SetupScene

        self.set_scene(SetupScene(self))

    def open_settings(self, back: Scene | None = None) -> None:
        from game.scenes.settings_scene import SettingsScene

        self.set_scene(SettingsScene(self, back))

    def open_pause_menu(self, table: Any) -> None:
        from game.scenes.menu import PauseScene

        self.set_scene(PauseScene(self, table))

    def open_guide(self, page: str | None = None) -> None:
        """The guide (how to play, rules) at `page` ("deploy", or a rule such as "R9.3");
        closing it returns to the scene it was opened from."""
        from game.scenes.guide import GuideScene

        if isinstance(self.scene, GuideScene):
            self.scene.show(page)
        else:
            self.set_scene(GuideScene(self, self.scene, page))

    def rule_here(self) -> str:
        """The rule of what the pointer is over, when the scene knows one (F1 opens it)."""
        fn = getattr(self.scene, "guide_rule", None)
        return str(fn(self.hovered) or "") if fn is not None else ""

    def start_session(self, session: Session) -> None:
        from game.scenes.table import TableScene

        table = TableScene(self, session)
        table.autosave_enabled = session.autosaving = self.persist
        session.preview = lambda: table_picture(table)
        self.set_scene(table)

    def show_results(self, session: Session) -> None:
        from game.scenes.results import ResultsScene

        self.set_scene(ResultsScene(self, session))

    def quit(self) -> None:
        self.running = False

    def request_quit(self) -> None:
        """The window's close button: a game in progress asks first (and is kept); pressed
        again while it asks, it leaves."""
        scene = self.scene
        if isinstance(scene, ConfirmScene) and scene.close_means_yes:
            scene.on_yes()
            return
        table = table_in_play(scene)
        if table is None:
            self.running = False
            return
        ask_leave(self, table, self.quit, back=scene)

    # --- frame ---------------------------------------------------------------------------------
    def to_virtual(self, pos: tuple[int, int]) -> tuple[float, float]:
        s, ox, oy = fit(*self.window.get_size())
        return (pos[0] - ox) / s, (pos[1] - oy) / s

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.QUIT:
            self.request_quit()
        elif e.type == pygame.VIDEORESIZE and not self.settings.fullscreen and not self.headless:
            w, h = max(MIN_W, e.w), max(MIN_H, e.h)
            self.settings.window_w = min(w, MAX_WINDOW[0])
            self.settings.window_h = min(h, MAX_WINDOW[1])
            if (w, h) != self.window.get_size():
                self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        elif e.type == pygame.MOUSEMOTION:
            self.mouse_v = self.to_virtual(e.pos)
            self.rehover()
        elif e.type == pygame.MOUSEBUTTONDOWN:
            vx, vy = self.to_virtual(e.pos)
            self.mouse_v = (vx, vy)
            if 0 <= vx < VW and 0 <= vy < VH:
                self.scene.mouse_down(vx, vy, e.button)
        elif e.type == pygame.MOUSEWHEEL:
            self.scene.wheel(*self.mouse_v, int(e.y))
        elif e.type == pygame.KEYDOWN:
            if e.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if e.key == pygame.K_F1 and type(self.scene).__name__ != "GuideScene":
                self.open_guide(self.rule_here() or None)
                return
            self.scene.key_down(e)

    def rehover(self) -> None:
        """What is under the pointer now. Run on every mouse move and every frame, so a
        tooltip goes as soon as its node is removed, hidden or covered (a popup, the
        hand-off screen), even when the mouse stands still."""
        node = self.scene.hover_node(*self.mouse_v)
        if node is not self.hovered:
            if isinstance(self.hovered, Button):
                self.hovered.hover = False
            self.hovered = node
            self.hover_time = 0.0
            if isinstance(node, Button):
                node.hover = True

    def step(self, dt: float | None = None, draw: bool = True) -> None:
        t0 = time.perf_counter()
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        for e in pygame.event.get():
            self.handle(e)
            if not self.running:
                return
        self.hover_time += dt
        self.scene.update(min(dt, 0.1))
        self.rehover()
        if draw:
            self.render()
            pygame.display.flip()
        self.frame_ms.append((time.perf_counter() - t0) * 1000)

    def render(self, surf: pygame.Surface | None = None) -> None:
        surf = surf or self.window
        s, ox, oy = fit(*surf.get_size())
        if not getattr(self.scene, "opaque", False):
            surf.fill(theme.BG_DARK)
        c = Canvas(surf, s, ox, oy)
        self.scene.draw(c)
        if self.hover_time > 0.35 and self.hovered is not None:
            tip = self.scene.tooltip_for(self.hovered)
            rule = self.rule_here() if tip else ""
            if rule:
                tip += f"\nF1: rule {rule} in the guide"
            if tip:
                hud.draw_tooltip(c, tip, *self.mouse_v)

    def run(self) -> int:
        self.bot_worker.warm()  # the bots' process gets ready while the menu is shown
        while self.running:
            self.step()
        self.save_settings()
        self.bot_worker.stop()
        pygame.quit()
        return 0

    def screenshot(self, path: str) -> None:
        self.render()
        pygame.image.save(self.window, path)

"""The app loop: one window, scenes, virtual-resolution scaling, global keys, tooltips.

Ending: the window's close button asks before it leaves a game in progress (and keeps it);
SIGTERM (a logout or a shutdown) and SIGINT (Ctrl+C in a terminal) ask nothing: the loop
keeps the game in progress (the autosave Continue resumes, the decision in progress
included), ends the bots' worker process and leaves within a moment. The signal handlers
only set a flag the loop reads (`run` installs them, after pygame's own set-up, and puts the
previous ones back when it returns); SDL is told to install none of its own
(SDL_NO_SIGNAL_HANDLERS, set in game/__init__.py), so a signal is never turned into the
close button's quit event.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import deque
from typing import Any

import pygame

from game.shell import crash, icons, scenegraph, theme, tooltip
from game.shell.bot_worker import BotWorker
from game.shell.layout import MIN_H, MIN_W, VH, VW, fit
from game.shell.registry import FrontEnd, front_end, front_ends, settings_sections
from game.shell.scenegraph import Button, Canvas, Node
from game.shell.scenes.base import HelpScene, PlayScene, Scene
from game.shell.scenes.confirm import ConfirmScene, ask_leave, table_in_play
from game.shell.scenes.manager import SceneManager
from game.shell.scenes.menu import MenuScene, PauseScene, PickerScene
from game.shell.scenes.settings_scene import SettingsScene
from game.shell.session import Session
from game.shell.settings import MAX_WINDOW, Settings
from game.shell.sound import SoundBank


def fit_to_screen(w: int, h: int) -> tuple[int, int]:
    """A window size no smaller than the layout's minimum and no larger than the screen."""
    with contextlib.suppress(pygame.error, IndexError):
        sw, sh = pygame.display.get_desktop_sizes()[0]
        if sw >= MIN_W and sh >= MIN_H:
            w, h = min(w, sw), min(h, sh)
    return max(MIN_W, w), max(MIN_H, h)


END_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGINT", "SIGHUP")
                    if hasattr(signal, n))

FRAME_HISTORY = 3600  # the last minute of frame times at 60 fps (benchmarks read them)
IDLE_WAIT = 0.5  # seconds the loop sleeps at most when nothing moves (signals are read then)
TOOLTIP_DELAY = 0.35  # seconds a pointer rests on something before its tooltip shows
PRODUCT = "Board games at one table"  # the window's title with several games installed
APP_ICON = theme.ASSETS / "app" / "icon.svg"


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 persist: bool = True, headless: bool = False) -> None:
        pygame.init()
        self.persist = persist
        self.notice = ""  # one line for the title screen (a settings file that was reset...)
        self.notice_seen = False
        if settings is None and persist:
            settings, self.notice = Settings.load_with_notice(sections=settings_sections())
        if persist:  # after a crash: say so, and that Continue resumes the game (game.crash)
            self.notice = " ".join(x for x in (crash.take_notice(), self.notice) if x)
        self.settings = settings or Settings()
        self.headless = headless
        if size is not None:
            self.settings.window_w, self.settings.window_h = size
        self.window: pygame.Surface
        self.apply_window()
        installed = front_ends()
        if not installed:
            raise RuntimeError("no game is installed (import game.games first)")
        self.game: FrontEnd = installed[0]  # the game chosen on the title screen
        pygame.display.set_caption(PRODUCT if len(installed) > 1 else self.game.title)
        with contextlib.suppress(pygame.error, FileNotFoundError, AttributeError):
            pygame.display.set_icon(pygame.image.load_sized_svg(str(APP_ICON), (64, 64)))
        self.sound = SoundBank(self.settings.volume, self.settings.mute)  # silent: no device
        scenegraph.set_sound(self.sound.play)
        self.bot_worker = BotWorker()
        self.running = True
        self.end_signal = 0  # set by a signal handler: the loop keeps the game and leaves
        self.hovered: Node | None = None
        self.hover_time = 0.0
        self.mouse_v = (0.0, 0.0)
        self.clock = pygame.time.Clock()
        self.frame_ms: deque[float] = deque(maxlen=FRAME_HISTORY)
        self.scenes = SceneManager()
        # idle (frame_rate): with nothing to move the loop sleeps on input; AAC_ALWAYS_REDRAW=1
        # draws every frame anyway (bench/idle_cpu.py compares the two)
        self.always_redraw = os.environ.get("AAC_ALWAYS_REDRAW") == "1"
        self._waited: pygame.event.Event | None = None  # an event taken while sleeping
        self._drawn = False  # drawn since the last scene change
        self.frames_drawn = 0
        self.frames_stepped = 0
        self._rate, self._rate_step = 60.0, -1
        self.last_input = time.perf_counter()
        self.open_picker()

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

    def apply_sound(self) -> None:
        """Volume and mute from the settings, heard at once."""
        self.sound.configure(self.settings.volume, self.settings.mute)

    def save_settings(self) -> None:
        if self.persist:
            self.settings.save()

    # --- scenes (game.shell.scenes.manager: a stack; scenes opened by type) -------------------
    @property
    def scene(self) -> Scene:
        """The scene on top of the stack (the one that gets input and updates)."""
        return self.scenes.top

    def set_scene(self, scene: Scene) -> None:
        """`scene` in place of every scene on the stack."""
        self.scenes.show(scene)
        self.hovered = None
        self._drawn = False

    def open(self, scene: Scene) -> Scene:
        """`scene` in place of every scene."""
        self.set_scene(scene)
        return scene

    def overlay(self, scene: Scene) -> Scene:
        """`scene` over the current one (which stays alive below)."""
        self.scenes.push(scene)
        self.hovered = None
        self._drawn = False
        return scene

    def push(self, scene: Scene) -> None:
        self.overlay(scene)

    def back(self) -> None:
        """Close the top scene; with nothing below it, the title menu."""
        if len(self.scenes.stack) <= 1:
            self.open_menu()
            return
        self.scenes.pop()
        self.hovered = None
        self._drawn = False

    def choose_game(self, front: FrontEnd) -> None:
        """Make `front`'s game the chosen one (its menu, set-up, guide and tutorial)."""
        self.game = front

    def open_picker(self) -> None:
        """The first screen: the game picker when several games are installed, else straight
        on to the only game's title menu."""
        if len(front_ends()) > 1:
            self.open(PickerScene(self))
        else:
            self.open_menu()

    def open_menu(self) -> None:
        self.open(MenuScene(self))

    def open_setup(self) -> None:
        self.open(self.game.setup_scene(self))

    def open_settings(self) -> None:
        """The settings over the current scene (Back returns to it)."""
        self.overlay(SettingsScene(self))

    def open_pause_menu(self, table: PlayScene) -> None:
        self.overlay(PauseScene(self, table))

    def open_guide(self, page: str | None = None) -> None:
        """The chosen game's guide (how to play, rules) at `page` (a topic, or a rule such
        as "R9.3"), over the current scene; closing it returns there."""
        top = self.scenes.top if self.scenes.stack else None
        if isinstance(top, HelpScene):
            top.show(page)
            return
        guide = self.game.guide_scene(self, page)
        if guide is not None:
            self.overlay(guide)

    def open_tutorial(self, resume: bool = True) -> None:
        """The chosen game's guided first game, where the learner left it if `resume`."""
        self.game.start_tutorial(self, resume)

    def rule_here(self) -> str:
        """The rule of what the pointer is over, when the scene knows one (F1 opens it)."""
        fn = getattr(self.scene, "guide_rule", None)
        return str(fn(self.hovered) or "") if fn is not None else ""

    def start_session(self, session: Session) -> None:
        """Open the table of `session`'s game (its front end's), autosaving unless this app
        keeps nothing."""
        self.game = front_end(session.definition.id)
        table = self.game.table_scene(self, session)
        if not isinstance(table, PlayScene):
            raise TypeError(f"{self.game.title}'s table is not a table of a game in progress")
        self.open(table)
        table.autosave_enabled = session.autosaving = self.persist
        session.preview = table.picture

    def show_results(self, session: Session) -> None:
        self.game = front_end(session.definition.id)
        self.open(self.game.results_scene(self, session))

    def quit(self) -> None:
        self.running = False

    def on_signal(self, signum: int, frame: object = None) -> None:
        """A signal handler: only note it (the loop acts on it between two frames)."""
        del frame
        self.end_signal = signum

    def end_now(self) -> None:
        """Leave at once, asking nothing (a logout, a shutdown, Ctrl+C): the game in progress
        is kept exactly where it is, as Leave would keep it."""
        table = table_in_play(self)
        if table is not None and not table.session.keep():
            print(f"The game could not be kept: {table.session.problem}.", file=sys.stderr)
        self.running = False

    def request_quit(self) -> None:
        """The window's close button: a game in progress asks first (and is kept); pressed
        again while it asks, it leaves."""
        scene = self.scene
        if isinstance(scene, ConfirmScene) and scene.close_means_yes:
            scene.answer(True)
            return
        table = table_in_play(self)
        if table is None:
            self.running = False
            return
        ask_leave(self, table, self.quit)

    # --- frame ---------------------------------------------------------------------------------
    def to_virtual(self, pos: tuple[int, int]) -> tuple[float, float]:
        s, ox, oy = fit(*self.window.get_size())
        return (pos[0] - ox) / s, (pos[1] - oy) / s

    def idle_seconds(self) -> float:
        """Seconds since the last input (a key, a click, the pointer moving, the window)."""
        return time.perf_counter() - self.last_input

    def handle(self, e: pygame.event.Event) -> None:
        self.last_input = time.perf_counter()
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
            if e.key == pygame.K_F1 and not isinstance(self.scene, HelpScene):
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
        events = ([self._waited] if self._waited is not None else []) + pygame.event.get()
        self._waited = None
        for e in events:
            if self.end_signal:
                break
            self.handle(e)
            if not self.running:
                return
        if self.end_signal:
            self.end_now()
            return
        self.hover_time += dt
        self.scene.update(min(dt, 0.1))
        self.rehover()
        self.frames_stepped += 1
        if draw and (events or self.frame_rate() > 0 or not self._drawn):
            self.render()
            pygame.display.flip()
            self._drawn = True
            self.frames_drawn += 1
        self.frame_ms.append((time.perf_counter() - t0) * 1000)

    # --- idle: nothing moves, nothing is drawn, the loop sleeps on input ------------------------
    def frame_rate(self) -> float:
        """Frames a second the screen needs now: the most any shown scene asks for (60 while
        something moves, a few for a slow ambient motion, 0 when nothing changes), and a
        pointer resting on something until its tooltip has shown."""
        if self.always_redraw:
            return 60.0
        if self._rate_step == self.frames_stepped:
            return self._rate
        rate = max((s.frame_rate() for s in self.scenes.drawn()), default=0.0)
        if self.hovered is not None and self.hover_time < TOOLTIP_DELAY + 0.2:
            rate = max(rate, 30.0)
        self._rate, self._rate_step = rate, self.frames_stepped
        return rate

    def wait_for_input(self, timeout: float) -> None:
        """Sleep until an input event comes (it is handled first at the next frame) or
        `timeout` seconds pass."""
        e = pygame.event.wait(max(1, int(timeout * 1000)))
        if e.type != pygame.NOEVENT:
            self._waited = e

    def render(self, surf: pygame.Surface | None = None) -> None:
        surf = surf or self.window
        s, ox, oy = fit(*surf.get_size())
        drawn = self.scenes.drawn()  # an overlay draws over the scene it covers
        if not getattr(drawn[0], "opaque", False):
            surf.fill(theme.BG_DARK)
        c = Canvas(surf, s, ox, oy)
        for scene in drawn:
            scene.draw(c)
        if self.hover_time > TOOLTIP_DELAY and self.hovered is not None:
            tip = self.scene.tooltip_for(self.hovered)
            rule = self.rule_here() if tip else ""
            if rule:
                tip += f"\nF1: rule {rule} in the guide"
            if tip:
                tooltip.draw_tooltip(c, tip, *self.mouse_v)

    def run(self) -> int:
        previous = self._catch_signals()
        try:
            self.bot_worker.warm()  # the bots' process gets ready while the menu is shown
            while self.running:
                self.step()  # a signal noted during a frame is acted on at the next one
                rate = self.frame_rate()
                if rate < 60 and self.running and not self.end_signal:
                    self.wait_for_input(1.0 / rate if rate > 0 else IDLE_WAIT)
            self.save_settings()
            self.bot_worker.stop()
            scenegraph.set_sound(None)
            pygame.quit()
        finally:
            for signum, handler in previous.items():
                with contextlib.suppress(ValueError, OSError, TypeError):
                    signal.signal(signum, handler)
        return 0

    def _catch_signals(self) -> dict[int, Any]:
        """Handle the ending signals while the loop runs (main thread only; pygame.init has
        run, so these replace any handler it set). The previous handlers, to put back."""
        previous: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return previous
        for signum in END_SIGNALS:
            if signal.getsignal(signum) is signal.SIG_IGN:  # ignored on purpose (nohup, a
                continue  # shell's background job): stays ignored
            try:
                old = signal.signal(signum, self.on_signal)
            except (ValueError, OSError):
                continue
            previous[signum] = signal.SIG_DFL if old is None else old
        return previous

    def screenshot(self, path: str) -> None:
        self.render()
        pygame.image.save(self.window, path)

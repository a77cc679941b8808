"""A minimal front end for the toy game Pebbles (tests/kernel_toy.py), registered only in tests:
the proof that the shell serves a game it knows nothing of (tests/test_shell_pebbles.py).

Its set-up seats a person and a random bot; its table shows the pile, each seat's pebbles,
and the pending decision's choices as buttons (the bots decide through the shell's bot
worker); Ctrl+S saves; the game over, its results list the scores. A second toy game, "Big
Pebbles" (the same rules under another id), makes the shell show its game picker.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

import pygame

from engine.kernel.definition import register as register_game
from engine.kernel.runner import Runner
from game.shell import theme
from game.shell.dirs import saves_dir
from game.shell.layout import VH, VW
from game.shell.registry import FrontEnd, register
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import Nav, PlayScene, Scene, menu_button, title_text
from game.shell.session import SeatSpec, Session
from tests.kernel_toy import PEBBLES, PebblesDefinition


class BigPebblesDefinition(PebblesDefinition):
    id: ClassVar[str] = "big-pebbles"
    title: ClassVar[str] = "Big Pebbles"
    save_format: ClassVar[str] = "big-pebbles-save"


BIG = register_game(BigPebblesDefinition())


class PebblesSetup(Scene):
    def __init__(self, app: Nav, front: PebblesFront) -> None:
        super().__init__(app)
        self.front = front
        self.add(menu_button("Start: you and a bot", 400, self.start))
        self.add(menu_button("Back", 470, app.open_menu))

    def start(self) -> None:
        defn = self.front.definition
        game = defn.new_game(defn.config_for(2, 5))
        self.app.start_session(self.front.session(
            game, [SeatSpec(True, name="Ada"), SeatSpec(False, "random")], 5))

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        title_text(c, f"New game of {self.front.title}", 200)


class PebblesTable(PlayScene):
    def __init__(self, app: Nav, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.game: Runner = session.game
        self.token: int | None = None
        self.saved = ""
        self.build()

    def build(self) -> None:
        self.clear()
        d = self.game.pending
        if d is not None and self.session.is_human(d.seat):
            for k, ch in enumerate(d.choices):
                self.add(Button(ch.label, 500 + 220 * k, 600, 200, 50,
                                partial(self.choose, ch.id), 16))

    def choose(self, cid: str) -> None:
        self.session.apply(cid)
        if self.autosave_enabled and self.session.turn_started([]):
            self.session.autosave()
        self.build()

    def on_update(self, dt: float) -> None:
        d = self.game.pending
        if d is None:
            self.app.show_results(self.session)
            return
        if self.session.is_human(d.seat):
            return
        worker = self.app.bot_worker
        if self.token is None:
            self.token = worker.request(self.session.bots[d.seat], None, d)
        got = worker.poll()
        if got is not None:
            self.token = None
            self.choose(got[1])

    def frame_rate(self) -> float:
        return 60.0 if self.token is not None else super().frame_rate()

    def save(self) -> None:
        path = saves_dir() / f"pebbles-{len(self.game.history)}.json"
        self.session.save(path, "a game of Pebbles")
        self.saved = path.name

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()
            return True
        if event.key == pygame.K_ESCAPE:
            self.app.open_pause_menu(self)
            return True
        return False

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        s = self.game.state
        title_text(c, f"{s.pile} pebbles left", 200)
        for i in range(s.n):
            c.text(f"{self.session.name(i)}: {s.taken[i]} pebbles", VW / 2, 320 + 40 * i, 22,
                   theme.CREAM, True, "center")


class PebblesResults(Scene):
    def __init__(self, app: Nav, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.totals = [sc["total"] for sc in session.definition.scores(session.game)]
        self.add(menu_button("Main menu", 700, app.open_menu))

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        title_text(c, "Final scores", 150)
        for i, t in enumerate(self.totals):
            c.text(f"{self.session.name(i)}: {t}", VW / 2, 300 + 40 * i, 24, theme.CREAM, True,
                   "center")


class PebblesFront(FrontEnd):
    game_id: ClassVar[str] = PEBBLES.id
    title: ClassVar[str] = "Pebbles"
    blurb: ClassVar[str] = "Take one to three pebbles; keep or swap your secret card."
    folder: ClassVar[str] = "pebbles"

    def setup_scene(self, nav: Nav) -> Scene:
        return PebblesSetup(nav, self)

    def table_scene(self, nav: Nav, session: Session) -> Scene:
        return PebblesTable(nav, session)

    def results_scene(self, nav: Nav, session: Session) -> Scene:
        return PebblesResults(nav, session)

    def session(self, game: Any, seats: list[SeatSpec], bot_seed: int = 0) -> Session:
        return Session(game, seats, bot_seed)


class BigPebblesFront(PebblesFront):
    game_id: ClassVar[str] = BIG.id
    title: ClassVar[str] = "Big Pebbles"
    folder: ClassVar[str] = "big-pebbles"


FRONT = register(PebblesFront())
BIG_FRONT = register(BigPebblesFront())

"""The table's turn driver: who decides now and how the table waits for them — bots (asked
as soon as their decision is known, answered from the worker, paced), people (the hot-seat
hand-off, queued input), "skip to your turn", fast bots, the trapdoor's fire button."""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from engine.aac.api import SECRET_LOADING
from engine.kernel import hidden
from engine.kernel.decisions import Decision

if TYPE_CHECKING:
    import pygame

    from engine.aac.api import Game
    from game.aac.hud import Handoff
    from game.aac.trapdoor import TrapdoorLayer
    from game.shell.animations import Animator
    from game.shell.scenegraph import Button
    from game.shell.scenes.base import Nav
    from game.shell.session import Session
    from game.shell.settings import Settings


class DrivenTable(Protocol):
    """What the turn driver reads and calls of the table: the game, its seats and settings,
    the animations it waits for, the hand-off, the trapdoor and the buttons it shows, and the
    table's own answers (a choice, a click or key given while things moved)."""

    finished: bool  # the results were asked for

    @property
    def app(self) -> Nav: ...

    @property
    def game(self) -> Game: ...

    @property
    def session(self) -> Session: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def handoff(self) -> Handoff: ...

    @property
    def trapdoor(self) -> TrapdoorLayer: ...

    @property
    def skip_button(self) -> Button: ...

    @property
    def fire_button(self) -> Button: ...

    def choose(self, choice_id: str) -> None: ...

    def _click(self, vx: float, vy: float, button: int) -> None: ...

    def key_down(self, event: pygame.event.Event) -> bool: ...

    def close_popup(self) -> None: ...

    def refresh(self) -> None: ...


class TurnDriver:
    def __init__(self, t: DrivenTable) -> None:
        self.t = t
        self.thinking_seat = -1
        self._bot_started = 0.0
        self._bot_answer: str | None = None
        self._bot_decision: Decision | None = None
        self.handoff_seat = -1
        self.turbo = False  # "skip to your turn": bots' moves play at once
        self._batch_by_bot = False  # the animation playing shows a bot's move
        self.queued: deque[tuple[str, Any]] = deque()  # a person's input while things move

    def before_animation(self) -> None:
        """Each frame, before the animations step: ask a bot as soon as its decision is
        known (it thinks while the last move plays), place the trapdoor's fire button and
        show "skip to your turn" while bots play."""
        t = self.t
        self.think_ahead()
        self._place_fire_button()
        t.skip_button.visible = bool(t.session.humans) and not self.turbo and \
            self.bots_playing() and not t.handoff.visible

    def after_animation(self) -> None:
        """Each frame once nothing animates: the input a person gave meanwhile, then whoever
        decides next."""
        t = self.t
        while self.queued and not t.animator.busy and not t.handoff.visible:
            kind, data = self.queued.popleft()
            if kind == "click":
                t._click(*data)
            elif kind == "key":
                t.key_down(data)
        self.drive()

    def drive(self) -> None:
        if self.t.animator.busy:
            return
        d = self.t.pending
        if d is None or self.t.game.is_over:
            self.thinking_seat = -1
            if self.t.animator.background:  # let the last words and scores float off first
                return
            if not self.t.finished:
                self.t.finished = True
                self.t.app.sound.play("end")
                self.t.app.show_results(self.t.session)
            return
        if self.t.session.is_human(d.seat):
            self.thinking_seat = -1
            self.turbo = False  # a person decides: back to the normal pace
            self._check_handoff()
            return
        # a bot decides, off the main thread (asked already while the last move played)
        self.think_ahead()
        if self._bot_answer is None:
            got = self.t.app.bot_worker.poll()  # the bots think in another process
            if got is not None:
                self._bot_answer = got[1]
        if self._bot_answer is not None and \
                time.perf_counter() - self._bot_started >= self.bot_pause():
            answer, self._bot_answer = self._bot_answer, None
            self._bot_decision = None
            self.t.choose(answer)

    def think_ahead(self) -> None:
        """Ask the bot worker for a bot's pending decision as soon as it is known, so the bot
        thinks (and its pause runs) while the previous move is still being animated."""
        d = self.t.pending
        if d is None or self.t.game.is_over or self.t.session.is_human(d.seat) or \
                self._bot_decision is d:
            return
        self._bot_decision = d
        self._bot_answer = None
        self._bot_started = time.perf_counter()
        self.thinking_seat = d.seat
        bot = self.t.session.bots[d.seat]
        view = self.t.game.view(d.seat) if self.t.app.bot_worker.needs_view(bot) else None
        self.t.app.bot_worker.request(bot, view, d)

    def _place_fire_button(self) -> None:
        la = self.t.trapdoor.waiting()
        self.t.fire_button.visible = la is not None and not self.t.handoff.visible
        if la is not None:
            self.t.fire_button.x = la.cx - self.t.fire_button.w / 2
            self.t.fire_button.y = la.ceiling + 6

    def fire_launch(self) -> None:
        la = self.t.trapdoor.waiting()
        if la is not None:
            la.fire_now()

    def bots_playing(self) -> bool:
        """A bot decides now, or a bot's move is still being shown."""
        d = self.t.pending
        bot_now = d is not None and not self.t.session.is_human(d.seat)
        return bot_now or (self.t.animator.busy and self._batch_by_bot)

    def anim_speed(self) -> float:
        """Animation speed now: the setting; three times that for bots' moves with "fast
        bots"; instant while skipping to the next person's turn."""
        if self.turbo:
            return 0.0
        speed = self.t.settings.anim_speed
        if self._batch_by_bot and self.t.settings.fast_bots:
            speed *= 3
        return speed

    def bot_pause(self) -> float:
        if self.turbo or self.t.settings.fast_bots:
            return 0.0
        return self.t.settings.bot_delay

    def skip_bots(self) -> None:
        """Play the bots' moves at once until a person has to decide."""
        if not self.t.session.humans:
            self.t.animator.skip()
            return
        self.turbo = True
        self.t.animator.skip()

    def private_now(self) -> bool:
        """Is something on the table private to one seat? The engine's declared hidden
        information says (engine.aac.hidden: the expert variant's secret loading, R3.3.9)."""
        return self.t.game.private_now()

    def hidden_seats(self) -> frozenset[int]:
        """Seats whose private things (devices, exhausted pools and banks during secret
        loading) must not be shown now: all but the person deciding."""
        d = self.t.pending
        me = d.seat if d is not None and self.t.session.is_human(d.seat) else -1
        g = self.t.game
        # only the secret loading hides a device: a module's hidden cards (a Folklore hand)
        # are drawn face down by their own view, the device stays public
        return frozenset(o for p, o in hidden.private(g.definition.hidden, g.state)
                         if p.name == SECRET_LOADING.name and not p.visible(g.state, o, me))

    def hand_viewer(self) -> int:
        """The seat whose hidden cards may be drawn face up now (-1: nobody's): the person
        deciding, once the hot-seat hand-off let them take the table (alone at the table,
        the one person, even while the bots decide)."""
        t = self.t
        if t.handoff.visible:
            return -1
        d = t.pending
        humans = t.session.humans
        if d is not None and t.session.is_human(d.seat):
            if len(humans) > 1 and self.handoff_seat != d.seat:
                return -1
            return d.seat
        return humans[0] if len(humans) == 1 else -1

    def _check_handoff(self) -> None:
        d = self.t.pending
        if d is None or not self.t.session.is_human(d.seat) or len(self.t.session.humans) < 2:
            return
        if not (self.t.settings.handoff_always or self.private_now()):
            self.handoff_seat = d.seat  # nothing private: no need to look away
            return
        if d.seat != self.handoff_seat and not self.t.handoff.visible:
            self.t.close_popup()
            self.t.handoff.show(d.seat)

    def handoff_done(self, seat: int) -> None:
        self.handoff_seat = seat
        self.t.refresh()

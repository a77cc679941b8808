"""The turn driver every game's table extends: who decides now and how the table waits for
them. A bot is asked (in the shell's bot worker process) as soon as its decision is known, so
it thinks while the last move is still being shown; its answer is polled each frame and played
once the thinking pause has run. A person's click or key given while something moves is kept
for when it stops. "Skip to your turn" plays the bots' moves at once until a person decides;
"fast bots" plays them three times as fast. At a hot-seat table the hand-off screen covers the
table before a person's decision when something private to them is on it, and only the person
the table was handed to sees their hidden things (`hand_viewer`).

A game's driver keeps its own pace rules (`bot_pace`, `paced_delay`, how it notes a step) and
says when a decision is private (`private_for`)."""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    import pygame

    from engine.kernel.decisions import Decision
    from engine.kernel.runner import Runner
    from game.shell.animations import Animator
    from game.shell.scenegraph import Button
    from game.shell.scenes.base import Nav
    from game.shell.session import Session
    from game.shell.settings import Settings


class HandoffCover(Protocol):
    """The hot-seat hand-off screen: covers the table until the person named takes it."""

    visible: bool

    def show(self, seat: int) -> None: ...


class DrivenTable(Protocol):
    """What the turn driver reads and calls of a table: the game, its seats and settings, the
    animations it waits for, the hand-off and the skip button, and the table's own answers (a
    choice, a click or key given while things moved)."""

    finished: bool  # the results were asked for

    @property
    def app(self) -> Nav: ...

    @property
    def game(self) -> Runner: ...

    @property
    def session(self) -> Session: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def handoff(self) -> HandoffCover: ...

    @property
    def skip_button(self) -> Button: ...

    def choose(self, choice_id: str) -> None: ...

    def click(self, vx: float, vy: float, button: int) -> None: ...

    def key_down(self, event: pygame.event.Event) -> bool: ...

    def close_popup(self) -> None: ...

    def refresh(self) -> None: ...


T = TypeVar("T", bound=DrivenTable)


class TurnDriver(Generic[T]):
    """The shared flow; a game subclasses it for its table (`T`) and its pace."""

    # A person's decision with nothing private on the table hands the table to them (their
    # hidden things show) without the cover; False: only the hand-off screen hands it over.
    hand_over_quietly = True

    def __init__(self, t: T) -> None:
        self.t = t
        self._thinking = -1  # the bot asked for a decision
        self._bot_started = 0.0
        self._bot_answer: str | None = None
        self._bot_decision: Decision | None = None
        self.handoff_seat = -1  # the person the table was last handed to
        self.turbo = False  # "skip to your turn": bots' moves play at once
        self.batch_by_bot = False  # the animation playing shows a bot's move
        self.queued: deque[tuple[str, Any]] = deque()  # a person's input while things move
        # the table drawn as a spectator sees it (a save's picture): nobody's private things
        self.spectator = False

    # --- each frame ----------------------------------------------------------------------------
    def before_animation(self) -> None:
        """Each frame, before the animations step: ask a bot as soon as its decision is known
        (it thinks while the last move plays) and show "skip to your turn" while bots play."""
        t = self.t
        self.think_ahead()
        t.skip_button.visible = bool(t.session.humans) and not self.turbo and \
            self.bots_playing() and not t.handoff.visible

    def after_animation(self) -> None:
        """Each frame once nothing animates: the input a person gave meanwhile, then whoever
        decides next."""
        t = self.t
        while self.queued and not t.animator.busy and not t.handoff.visible:
            kind, data = self.queued.popleft()
            if kind == "click":
                t.click(*data)
            elif kind == "key":
                t.key_down(data)
        self.drive()

    def drive(self) -> None:
        t = self.t
        if t.animator.busy:
            return
        d = t.pending
        if d is None or t.game.is_over:
            self._thinking = -1
            if t.animator.background:  # let the last words and scores float off first
                return
            if not t.finished:
                t.finished = True
                t.app.sound.play("end")
                t.app.show_results(t.session)
            return
        if t.session.is_human(d.seat):
            self._thinking = -1
            self.turbo = False  # a person decides: back to the normal pace
            self.check_handoff()
            return
        # a bot decides, off the main thread (asked already while the last move played)
        self.think_ahead()
        if self._bot_answer is None:
            got = t.app.bot_worker.poll()  # the bots think in another process
            if got is not None:
                self._bot_answer = got[1]
        if self._bot_answer is not None and \
                time.perf_counter() - self._bot_started >= self.bot_pause():
            answer, self._bot_answer = self._bot_answer, None
            self._bot_decision = None
            if d.find(answer) is not None:
                t.choose(answer)
                self.think_ahead()  # the next bot decision is asked now, not a frame later

    def think_ahead(self) -> None:
        """Ask the bot worker for a bot's pending decision as soon as it is known, so the bot
        thinks (and its pause runs) while the previous move is still being animated."""
        t = self.t
        d = t.pending
        if d is None or t.game.is_over or t.session.is_human(d.seat) or \
                self._bot_decision is d:
            return
        self._bot_decision = d
        self._bot_answer = None
        self._bot_started = time.perf_counter()
        self._thinking = d.seat
        bot = t.session.bots[d.seat]
        view = t.game.view(d.seat) if t.app.bot_worker.needs_view(bot) else None
        t.app.bot_worker.request(bot, view, d)

    def forget_bot(self) -> None:
        """The table was left or a decision undone: ask the bot again when it decides."""
        self._bot_decision = None
        self._bot_answer = None

    def resume(self) -> None:
        """The table shows again: a bot's request that leaving cancelled is asked again (an
        answer that came before is kept)."""
        if self._bot_answer is None:
            self.forget_bot()

    @property
    def thinking_seat(self) -> int:
        """The bot shown thinking (-1: none)."""
        return self._thinking

    @thinking_seat.setter
    def thinking_seat(self, seat: int) -> None:
        self._thinking = seat

    # --- pace ----------------------------------------------------------------------------------
    def bots_playing(self) -> bool:
        """A bot decides now, or a bot's move is being shown."""
        d = self.t.pending
        bot_now = d is not None and not self.t.session.is_human(d.seat)
        return bot_now or (self.t.animator.busy and self.batch_by_bot)

    def anim_speed(self) -> float:
        """Animation speed now: the setting; three times that for bots' moves with "fast
        bots" (else as the game's pace says); instant while skipping to a person's turn."""
        if self.turbo:
            return 0.0
        speed = self.t.settings.anim_speed
        if self.batch_by_bot:
            speed *= 3 if self.t.settings.fast_bots else self.bot_pace()
        return speed

    def bot_pace(self) -> float:
        """How much faster than set a bot's move being shown plays (the game's pace rules)."""
        return 1.0

    def bot_pause(self) -> float:
        """The least time a bot's step waits after its decision came (it runs while the last
        step is being shown): none while skipping or with "fast bots"."""
        if self.turbo or self.t.settings.fast_bots:
            return 0.0
        return self.paced_delay()

    def paced_delay(self) -> float:
        """The thinking pause at the game's pace (the setting, unless the game says less)."""
        return self.t.settings.bot_delay

    def skip_bots(self) -> None:
        """Play the bots' moves at once until a person has to decide."""
        if self.t.session.humans:
            self.turbo = True
        self.t.animator.skip()

    # --- hot-seat ------------------------------------------------------------------------------
    def private_for(self, d: Decision) -> bool:
        """Is something on the table private to the person deciding `d`? (The game says.)"""
        return False

    def hand_viewer(self) -> int:
        """The seat whose hidden things may be drawn face up now (-1: nobody's): the person
        deciding, once the hot-seat hand-off let them take the table; alone with bots, the one
        person at any time."""
        t = self.t
        if t.handoff.visible or self.spectator:
            return -1
        humans = t.session.humans
        d = t.pending
        if d is not None and t.session.is_human(d.seat):
            if len(humans) > 1 and self.handoff_seat != d.seat:
                return -1
            return d.seat
        return humans[0] if len(humans) == 1 else -1

    def check_handoff(self) -> None:
        """Cover the table before a person's private decision (or before every person's
        decision with the "hand-off every time" setting) when the table is not theirs."""
        t = self.t
        d = t.pending
        if d is None or not t.session.is_human(d.seat) or len(t.session.humans) < 2:
            return
        if not (t.settings.handoff_always or self.private_for(d)):
            if self.hand_over_quietly:
                self.handoff_seat = d.seat  # nothing private: no need to look away
            return
        if d.seat != self.handoff_seat and not t.handoff.visible:
            t.close_popup()
            t.handoff.show(d.seat)

    def handoff_done(self, seat: int) -> None:
        """The person named took the table."""
        self.handoff_seat = seat
        self.t.refresh()

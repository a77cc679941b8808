"""The table's turn driver: who decides now and how the table waits for them — bots (asked
as soon as their decision is known, answered from the worker, paced), people (the hot-seat
hand-off, queued input), "skip to your turn", fast bots, the trapdoor's fire button.

Pacing a bot's turn (issue 29: every bot turn in 6 s or less at Normal speed): the thinking
pause is kept only after a step that showed something (a step that changed nothing on the
table, such as picking which tile to deploy from, is followed at once), and the longer a
bot's turn runs, the faster its moves play: the first `RAMP_AFTER` seconds at the set speed,
then faster with the cube of the time (the pause shorter still), up to `MAX_RAMP` times
the set speed — a small turn plays as set, a long chain of moves cannot drag on."""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from engine.aac.api import SECRET_LOADING
from engine.aac.api import events as ev
from engine.kernel import hidden
from engine.kernel.decisions import Decision

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pygame

    from engine.aac.api import Game, GameState
    from game.aac.hud import Handoff
    from game.aac.trapdoor import TrapdoorLayer
    from game.shell.animations import Animator
    from game.shell.prompt_bar import PromptBar
    from game.shell.scenegraph import Button
    from game.shell.scenes.base import Nav
    from game.shell.session import Session
    from game.shell.settings import Settings


RAMP_AFTER = 2.0  # seconds of a bot's turn shown at the set speed; then ever faster...
MAX_RAMP = 8.0  # ...up to this many times the set speed


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
    def shown(self) -> GameState: ...

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

    @property
    def prompt(self) -> PromptBar: ...

    def choose(self, choice_id: str) -> None: ...

    def _click(self, vx: float, vy: float, button: int) -> None: ...

    def key_down(self, event: pygame.event.Event) -> bool: ...

    def close_popup(self) -> None: ...

    def refresh(self) -> None: ...


class TurnDriver:
    def __init__(self, t: DrivenTable) -> None:
        self.t = t
        self._thinking = -1  # the bot asked for a decision (thinking_seat says when it shows)
        self._bot_started = 0.0
        self._bot_answer: str | None = None
        self._bot_decision: Decision | None = None
        self.handoff_seat = -1
        self.turbo = False  # "skip to your turn": bots' moves play at once
        self._batch_by_bot = False  # the animation playing shows a bot's move
        self._ramp_turn = -1  # the turn shown, and since when (the bots' pace: `ramp`)
        self._turn_shown_at = 0.0
        self._quiet = False  # the last step showed nothing: the next bot step needs no pause
        self._launch_told: object = None  # the launch the prompt told how to work
        self._before_launch = ("", "")  # the prompt's words before it told how
        self.queued: deque[tuple[str, Any]] = deque()  # a person's input while things move
        # the table drawn as a spectator sees it (a save's picture): nobody's private things
        self.spectator = False

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
            self._thinking = -1
            if self.t.animator.background:  # let the last words and scores float off first
                return
            if not self.t.finished:
                self.t.finished = True
                self.t.app.sound.play("end")
                self.t.app.show_results(self.t.session)
            return
        if self.t.session.is_human(d.seat):
            self._thinking = -1
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
            self.think_ahead()  # the next bot decision is asked now, not a frame later

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
        self._thinking = d.seat
        bot = self.t.session.bots[d.seat]
        view = self.t.game.view(d.seat) if self.t.app.bot_worker.needs_view(bot) else None
        self.t.app.bot_worker.request(bot, view, d)

    def _place_fire_button(self) -> None:
        """While a person's launch waits for the pull: "Fire for me" in its fixed place (the
        prompt bar's corner), and the prompt says what to do."""
        la = self.t.trapdoor.waiting()
        self.t.fire_button.visible = la is not None and not self.t.handoff.visible
        pr = self.t.prompt
        if la is None and self._launch_told is not None:  # it fired: back to the move
            self._launch_told = None
            pr.set(*self._before_launch, pr.colour, [])
        if la is None or la is self._launch_told:
            return
        if self._launch_told is None:
            self._before_launch = (pr.title, pr.detail)
        self._launch_told = la
        owner = la.src[0]
        self.t.prompt.set(f"{self.t.session.name(owner)}: launch your energy",
                          "Press on the plunger under the tile, drag it down, then let go "
                          "(or press \u201cFire for me\u201d).",
                          self.t.session.colour(owner), [])
        self.t.prompt.thinking = False

    def fire_launch(self) -> None:
        la = self.t.trapdoor.waiting()
        if la is not None:
            la.fire_now()

    @property
    def thinking_seat(self) -> int:
        """The bot shown thinking (-1: none): a bot asked for its decision, once a person's
        own move (their launch waiting for the pull included) has finished playing — the
        bot thinks meanwhile, but the table shows the person's move, not the bot."""
        return -1 if self.showing_person() else self._thinking

    @thinking_seat.setter
    def thinking_seat(self, seat: int) -> None:
        self._thinking = seat

    def showing_person(self) -> bool:
        """A person's move is being shown (or their trapdoor waits for the pull)."""
        return self.t.animator.busy and not self._batch_by_bot

    def bots_playing(self) -> bool:
        """A bot decides now (and no person's move is still being shown), or a bot's move is
        being shown."""
        if self.showing_person():
            return False
        d = self.t.pending
        bot_now = d is not None and not self.t.session.is_human(d.seat)
        return bot_now or (self.t.animator.busy and self._batch_by_bot)

    def anim_speed(self) -> float:
        """Animation speed now: the setting; three times that for bots' moves with "fast
        bots"; instant while skipping to the next person's turn."""
        if self.turbo:
            return 0.0
        speed = self.t.settings.anim_speed
        if self._batch_by_bot:
            speed *= 3 if self.t.settings.fast_bots else self.ramp()
        return speed

    def bot_pause(self) -> float:
        """The least time a bot's step waits after its decision came (it runs while the last
        step is being shown): none after a step that showed nothing."""
        if self.turbo or self.t.settings.fast_bots or self._quiet:
            return 0.0
        return self.t.settings.bot_delay / self.ramp() ** 2

    def note_step(self, events: Sequence[ev.Event], shown: bool) -> None:
        """A choice was applied (`shown`: its events show something): pace what follows."""
        del events
        self._quiet = not shown

    def ramp(self) -> float:
        """How much faster than the set speed a bot's step plays now (1: as set): the clock
        starts when the table shows the turn starting (the shown turn number changes)."""
        now = time.perf_counter()
        if self.t.shown.turn != self._ramp_turn:
            self._ramp_turn, self._turn_shown_at = self.t.shown.turn, now
        if not self._batch_by_bot:
            return 1.0
        t = (now - self._turn_shown_at) / RAMP_AFTER
        return min(MAX_RAMP, max(1.0, t * t * t))

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
        if self.spectator:
            me = -1
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
        if t.handoff.visible or self.spectator:
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

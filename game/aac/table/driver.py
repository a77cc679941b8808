"""An Age Contrived's turn driver: the shell's (game.shell.turn_driver: bots asked as soon
as their decision is known and answered from the worker, the hot-seat hand-off, queued input,
"skip to your turn", fast bots) with this game's pace, the trapdoor's fire button and the
expert variant's secret loading (the hand-off covers the table while it is private).

Pacing a bot's turn (issue 29: every bot turn in 6 s or less at Normal speed): the thinking
pause is kept only after a step that showed something (a step that changed nothing on the
table, such as picking which tile to deploy from, is followed at once), and the longer a
bot's turn runs, the faster its moves play: the first `RAMP_AFTER` seconds at the set speed,
then faster with the cube of the time (the pause shorter still), up to `MAX_RAMP` times
the set speed — a small turn plays as set, a long chain of moves cannot drag on."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

from engine.aac.api import SECRET_LOADING
from engine.aac.api import events as ev
from engine.kernel import hidden
from game.shell import turn_driver

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.aac.api import Game, GameState
    from engine.kernel.decisions import Decision
    from game.aac.hud import Handoff
    from game.aac.trapdoor import TrapdoorLayer
    from game.shell.prompt_bar import PromptBar
    from game.shell.scenegraph import Button


RAMP_AFTER = 2.0  # seconds of a bot's turn shown at the set speed; then ever faster...
MAX_RAMP = 8.0  # ...up to this many times the set speed


class DrivenTable(turn_driver.DrivenTable, Protocol):
    """What An Age Contrived's turn driver reads of the table besides the shell's: the state
    shown, the trapdoor and its fire button, the prompt bar."""

    @property
    def game(self) -> Game: ...

    @property
    def shown(self) -> GameState: ...

    @property
    def handoff(self) -> Handoff: ...

    @property
    def trapdoor(self) -> TrapdoorLayer: ...

    @property
    def fire_button(self) -> Button: ...

    @property
    def prompt(self) -> PromptBar: ...


class TurnDriver(turn_driver.TurnDriver[DrivenTable]):
    """The shell's driver with An Age Contrived's pace (the ramp, the quiet steps), the
    trapdoor's fire button and the expert variant's secret loading."""

    def __init__(self, t: DrivenTable) -> None:
        super().__init__(t)
        self._ramp_turn = -1  # the turn shown, and since when (the bots' pace: `ramp`)
        self._turn_shown_at = 0.0
        self._quiet = False  # the last step showed nothing: the next bot step needs no pause
        self._launch_told: object = None  # the launch the prompt told how to work
        self._before_launch = ("", "")  # the prompt's words before it told how

    def before_animation(self) -> None:
        """Each frame, before the animations step: the shell's (ask a bot at once, "skip to
        your turn"), and the trapdoor's fire button placed."""
        super().before_animation()
        self._place_fire_button()

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
        return self.t.animator.busy and not self.batch_by_bot

    def bots_playing(self) -> bool:
        """A bot decides now (and no person's move is still being shown), or a bot's move is
        being shown."""
        return not self.showing_person() and super().bots_playing()

    def bot_pace(self) -> float:
        return self.ramp()

    def paced_delay(self) -> float:
        """None after a step that showed nothing; else the setting, shorter as the turn
        ramps up."""
        if self._quiet:
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
        if not self.batch_by_bot:
            return 1.0
        t = (now - self._turn_shown_at) / RAMP_AFTER
        return min(MAX_RAMP, max(1.0, t * t * t))

    def private_now(self) -> bool:
        """Is something on the table private to one seat? The engine's declared hidden
        information says (engine.aac.hidden: the expert variant's secret loading, R3.3.9)."""
        return self.t.game.private_now()

    def private_for(self, d: Decision) -> bool:
        return self.private_now()

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

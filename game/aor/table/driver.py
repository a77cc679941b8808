"""The table's turn driver: who decides now and how the table waits for them. Bots are asked
as soon as their decision is known (they think in the shell's worker process while the last
move plays) and answer after the thinking pause; people decide by pointing, and their input
given while something moves is kept for when it stops; "skip to your turn" and "fast bots"
shorten the bots' moves.

Hot-seat: each player's hand is private, always. With two or more people at the table, the
hand shows only for the person the table was handed to; before a person's secret choice (a
combat card, an Ally or Blank, the card shown to convert, a card taken back) the table is
covered and handed to them, and nobody else's card is ever drawn face up. Between other
decisions (bids, boxes, attacks) the hand stays hidden unless they ask to see it (which
hands the table over too) or the setting "hand-off every time" is on.

Pace: a person watches every bot's move at the set speed, except where that would mean
waiting through the same thing over and over. The bots' bids (R5: a bidding war runs to
dozens of bids) play faster the longer the bots have bid since the person last acted (from
`RAMP_AFTER` seconds on, with the cube of the time, up to `MAX_RAMP` times the set speed),
and a combat between bots alone (no person attacking, defending or revealing an ally's card)
plays at `BOTS_COMBAT` times the set speed: its outcome, strength by strength, stays on the
stage long enough to read, and the log keeps it. A person's own combat always plays as
set."""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from engine.aor.api import events as ev
from engine.kernel.decisions import Decision

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pygame

    from engine.aor.api import Game
    from game.aor.hud import Handoff
    from game.aor.session import AorSession
    from game.shell.animations import Animator
    from game.shell.scenegraph import Button
    from game.shell.scenes.base import Nav
    from game.shell.settings import Settings

# decisions that show the decider's hand (secret, or a card to pick): handed over first
PRIVATE_KINDS = frozenset({"attack_card", "defence_card", "ally", "convert_card", "retrieve"})
BID_KINDS = frozenset({"bid", "proposal"})  # the auction's decisions (R5)
COMBAT_EVENTS = (ev.CombatRevealed, ev.DiceRolled, ev.ReservesUsed, ev.CombatResolved)
RAMP_AFTER = 2.0  # seconds of the bots' bidding shown at the set speed; then ever faster...
MAX_RAMP = 4.0  # ...up to this many times the set speed
BOTS_COMBAT = 1.75  # a combat among bots alone plays this many times the set speed


class DrivenTable(Protocol):
    finished: bool

    @property
    def app(self) -> Nav: ...

    @property
    def game(self) -> Game: ...

    @property
    def session(self) -> AorSession: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def handoff(self) -> Handoff: ...

    @property
    def skip_button(self) -> Button: ...

    def choose(self, choice_id: str) -> None: ...

    def click(self, vx: float, vy: float, button: int) -> None: ...

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
        self.handoff_seat = -1  # the person the table was last handed to
        self.turbo = False
        self.batch_by_bot = False  # the animation playing shows a bot's move
        self.pace = 1.0  # how much faster than set the bot's move being shown plays
        self._person_acted = time.perf_counter()  # when a person last decided
        self._fighters: set[int] = set()  # seats in the combat under way
        self.queued: deque[tuple[str, Any]] = deque()
        humans = t.session.humans
        if len(humans) == 1:
            self.handoff_seat = humans[0]

    # --- each frame ----------------------------------------------------------------------------
    def before_animation(self) -> None:
        self.think_ahead()
        t = self.t
        t.skip_button.visible = bool(t.session.humans) and not self.turbo and \
            self.bots_playing() and not t.handoff.visible

    def after_animation(self) -> None:
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
            self.thinking_seat = -1
            if t.animator.background:
                return
            if not t.finished:
                t.finished = True
                t.app.sound.play("end")
                t.app.show_results(t.session)
            return
        if t.session.is_human(d.seat):
            self.thinking_seat = -1
            self.turbo = False
            self.check_handoff()
            return
        self.think_ahead()
        if self._bot_answer is None:
            got = t.app.bot_worker.poll()
            if got is not None:
                self._bot_answer = got[1]
        if self._bot_answer is not None and \
                time.perf_counter() - self._bot_started >= self.bot_pause():
            answer, self._bot_answer = self._bot_answer, None
            self._bot_decision = None
            if d.find(answer) is not None:
                t.choose(answer)

    def think_ahead(self) -> None:
        t = self.t
        d = t.pending
        if d is None or t.game.is_over or t.session.is_human(d.seat) or \
                self._bot_decision is d:
            return
        self._bot_decision = d
        self._bot_answer = None
        self._bot_started = time.perf_counter()
        self.thinking_seat = d.seat
        bot = t.session.bots[d.seat]
        view = t.game.view(d.seat) if t.app.bot_worker.needs_view(bot) else None
        t.app.bot_worker.request(bot, view, d)

    def forget_bot(self) -> None:
        """The table was left or a decision undone: ask the bot again when it decides."""
        self._bot_decision = None
        self._bot_answer = None

    # --- pace ----------------------------------------------------------------------------------
    def bots_playing(self) -> bool:
        d = self.t.pending
        bot_now = d is not None and not self.t.session.is_human(d.seat)
        return bot_now or (self.t.animator.busy and self.batch_by_bot)

    def anim_speed(self) -> float:
        """The setting; three times that for bots' moves with "fast bots"; instant while
        skipping to the next person's decision."""
        if self.turbo:
            return 0.0
        speed = self.t.settings.anim_speed
        if self.batch_by_bot:
            speed *= 3 if self.t.settings.fast_bots else self.pace
        return speed

    def note_step(self, kind: str, events: Sequence[object]) -> None:
        """A choice of `kind` was applied (`batch_by_bot` says whose): how fast to show it."""
        now = time.perf_counter()
        for e in events:
            if isinstance(e, ev.CombatRevealed):
                self._fighters = {e.attacker, e.defender, *(seat for seat, _ in e.allies)}
            elif isinstance(e, ev.CombatResolved):
                self._fighters |= {e.attacker, e.defender}
        self.pace = 1.0
        if not self.batch_by_bot:
            self._person_acted = now
        elif kind in BID_KINDS:
            x = (now - self._person_acted) / RAMP_AFTER
            self.pace = min(MAX_RAMP, max(1.0, x * x * x))
        elif any(isinstance(e, COMBAT_EVENTS) for e in events) and \
                not any(self.t.session.is_human(s) for s in self._fighters if s >= 0):
            self.pace = BOTS_COMBAT

    def bot_pause(self) -> float:
        if self.turbo or self.t.settings.fast_bots:
            return 0.0
        d = self.t.pending
        if d is not None and d.kind in BID_KINDS:  # the bidding war's pause shortens too
            return self.t.settings.bot_delay / self.pace ** 2
        return self.t.settings.bot_delay

    def skip_bots(self) -> None:
        if not self.t.session.humans:
            self.t.animator.skip()
            return
        self.turbo = True
        self.t.animator.skip()

    # --- who sees which hand -----------------------------------------------------------------
    def hand_viewer(self) -> int:
        """The seat whose hand may be drawn face up now (-1: nobody's): the person the table
        was handed to while they decide; alone with bots, the one person at any time."""
        t = self.t
        if t.handoff.visible:
            return -1
        humans = t.session.humans
        if len(humans) == 1:
            return humans[0]
        d = t.pending
        if d is not None and t.session.is_human(d.seat) and self.handoff_seat == d.seat:
            return d.seat
        return -1

    def check_handoff(self) -> None:
        """Cover the table before a person's private decision (or before every person's
        decision with the "hand-off every time" setting) when the table is not theirs."""
        t = self.t
        d = t.pending
        if d is None or not t.session.is_human(d.seat) or len(t.session.humans) < 2:
            return
        if d.seat == self.handoff_seat or t.handoff.visible:
            return
        if d.kind in PRIVATE_KINDS or t.settings.handoff_always:
            t.close_popup()
            t.handoff.show(d.seat)

    def ask_to_see(self) -> None:
        """A person asks to see their hand (the hand panel's button): hand the table over."""
        t = self.t
        d = t.pending
        if d is not None and t.session.is_human(d.seat) and d.seat != self.handoff_seat:
            t.close_popup()
            t.handoff.show(d.seat)

    def handoff_done(self, seat: int) -> None:
        self.handoff_seat = seat
        self.t.refresh()

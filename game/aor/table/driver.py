"""Age of Reason's turn driver: the shell's (game.shell.turn_driver: bots asked as soon as
their decision is known, thinking in the worker process while the last move plays, answering
after the thinking pause; a person's input given while something moves kept for when it
stops; "skip to your turn" and "fast bots") with this game's hands and pace.

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
from typing import TYPE_CHECKING, Protocol

from engine.aor.api import events as ev
from game.shell import turn_driver

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.aor.api import Game
    from engine.kernel.decisions import Decision
    from game.aor.hud import Handoff
    from game.aor.session import AorSession

# decisions that show the decider's hand (secret, or a card to pick): handed over first
PRIVATE_KINDS = frozenset({"attack_card", "defence_card", "ally", "convert_card", "retrieve"})
BID_KINDS = frozenset({"bid", "proposal"})  # the auction's decisions (R5)
COMBAT_EVENTS = (ev.CombatRevealed, ev.DiceRolled, ev.ReservesUsed, ev.CombatResolved)
RAMP_AFTER = 2.0  # seconds of the bots' bidding shown at the set speed; then ever faster...
MAX_RAMP = 4.0  # ...up to this many times the set speed
BOTS_COMBAT = 1.75  # a combat among bots alone plays this many times the set speed


class DrivenTable(turn_driver.DrivenTable, Protocol):
    @property
    def game(self) -> Game: ...

    @property
    def session(self) -> AorSession: ...

    @property
    def handoff(self) -> Handoff: ...


class TurnDriver(turn_driver.TurnDriver[DrivenTable]):
    """The shell's driver with Age of Reason's hands (handed over before a private decision
    or when asked) and its pace (the bidding ramp, bots' combats faster)."""

    hand_over_quietly = False  # a hand shows only for the person the table was handed to

    def __init__(self, t: DrivenTable) -> None:
        super().__init__(t)
        self.pace = 1.0  # how much faster than set the bot's move being shown plays
        self._person_acted = time.perf_counter()  # when a person last decided
        self._fighters: set[int] = set()  # seats in the combat under way
        humans = t.session.humans
        if len(humans) == 1:
            self.handoff_seat = humans[0]

    # --- pace ----------------------------------------------------------------------------------
    def bot_pace(self) -> float:
        return self.pace

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

    def paced_delay(self) -> float:
        d = self.t.pending
        if d is not None and d.kind in BID_KINDS:  # the bidding war's pause shortens too
            return self.t.settings.bot_delay / self.pace ** 2
        return self.t.settings.bot_delay

    # --- who sees which hand -----------------------------------------------------------------
    def private_for(self, d: Decision) -> bool:
        """A decision that shows the decider's hand (a secret card, a card to pick)."""
        return d.kind in PRIVATE_KINDS

    def ask_to_see(self) -> None:
        """A person asks to see their hand (the hand panel's button): hand the table over."""
        t = self.t
        d = t.pending
        if d is not None and t.session.is_human(d.seat) and d.seat != self.handoff_seat:
            t.close_popup()
            t.handoff.show(d.seat)

"""The table's hint (H, or the top bar's Hint button): what the hard bot would do now, with a
one-line reason in words (engine.aac.bots.hint: what the move achieves, "Actions turn —
completes Obsidian Gate's section 1: you bind and score 3, +2 VP"), for the person deciding.
It shows in the status line and stays in the prompt bar's second line while the decision
waits.

The hint is planned on a copy of the game in a background thread, so the table keeps drawing
and the game itself never changes (the engine reads only the deciding seat's view). An answer
that comes after the decision has moved on is dropped. In hot-seat games (two or more people
at the table) hints are off unless the setting "Hints with several people" is on: one person
asking would see a plan made for the seat, not for them."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Protocol

from engine.aac.api import Hint, hint

if TYPE_CHECKING:
    from engine.aac.api import Game
    from engine.kernel.decisions import Decision
    from game.shell.animations import Animator
    from game.shell.session import Session
    from game.shell.settings import Settings


class HintTable(Protocol):
    """What the hint reads of the table: the game and the decision, who sits where, the
    setting for hot-seat hints and whether something still moves."""

    @property
    def game(self) -> Game: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def session(self) -> Session: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def tutorial(self) -> object | None: ...  # the tutorial's layer while a lesson runs

    def refresh(self) -> None: ...


class HintAsker:
    """One hint in flight at a time; `poll` hands the table a finished one."""

    def __init__(self, table: HintTable) -> None:
        self.t = table
        self._key: tuple[int, int] | None = None  # the decision the hint in flight is for
        self._done: tuple[tuple[int, int], Hint] | None = None
        self._lock = threading.Lock()
        self.shown: Hint | None = None  # the hint the table shows for the current decision
        self._shown_key: tuple[int, int] | None = None

    def for_now(self) -> Hint | None:
        """The hint shown for the pending decision (None once the decision has moved on):
        the prompt bar keeps its reason in its second line while the decision waits."""
        if self.shown is not None and self._shown_key == self.decision_key():
            return self.shown
        return None

    def decision_key(self) -> tuple[int, int]:
        g = self.t.game
        return (len(g.history), g.pending.seat if g.pending is not None else -1)

    def why_not(self) -> str:
        """"" when a hint may be asked now, else the reason in words."""
        t = self.t
        d = t.pending
        if d is None:
            return "the game is over."
        if not t.session.is_human(d.seat):
            return f"{t.session.name(d.seat)} (a bot) is deciding."
        if len(t.session.humans) > 1 and not t.settings.hints_hot_seat:
            return ("hints are off with several people at the table (Settings: "
                    "Hints with several people).")
        if t.tutorial is not None:  # the lesson's panel says what to do and why
            return "during the lessons the tutorial's panel says what to do and why; hints " \
                   "come once you play on."
        if t.animator.busy:
            return "wait for the animation (Space skips it)."
        if self._key is not None:
            return "a hint is being thought of."
        return ""

    @property
    def thinking(self) -> bool:
        return self._key is not None

    def ask(self) -> str:
        """Start a hint; the words the table says now."""
        why = self.why_not()
        if why:
            return f"No hint: {why}"
        d = self.t.pending
        assert d is not None
        key = self.decision_key()
        self._key = key
        copy = self.t.game.clone()  # the thread plans on a copy: the game is never touched
        threading.Thread(target=self._think, args=(copy, d.seat, key), daemon=True,
                         name="hint").start()
        return "Thinking of a hint…"

    def _think(self, game: object, seat: int, key: tuple[int, int]) -> None:
        try:
            h = hint(game, seat)  # type: ignore[arg-type]
        except Exception as exc:  # a hint that fails says so; the game goes on
            h = Hint((), f"no hint this time ({type(exc).__name__})")
        with self._lock:
            self._done = (key, h)

    def poll(self) -> str:
        """Each frame: the words of a hint that has just come for this decision ("" if none)."""
        if self._shown_key is not None and self._shown_key != self.decision_key():
            self.shown, self._shown_key = None, None  # the decision moved on
        with self._lock:
            done, self._done = self._done, None
        if done is None:
            return ""
        self._key = None
        key, h = done
        if key != self.decision_key():
            return ""  # the table moved on while it was thought of
        if not h.choices:
            return f"No hint: {h.reason}"
        self.shown, self._shown_key = h, key
        self.t.refresh()  # the prompt bar shows the reason too (game.aac.table.hotspots)
        return f"Hint: {h.reason}"

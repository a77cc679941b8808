"""The runner: a game in progress driven by the frames on its state's stack.

A game subclasses `Runner` and sets `definition` (its `GameDefinition`); its state is a
`Record` with at least `n` (seats), `stack` (frames), `decisions`, `forced` and `over`.
The runner runs the frames forward to the next decision (applying a single legal choice
itself when the game says so), validates and applies choices, keeps the undo trail with the
barriers the game declares (event barriers, plus hidden information revealed: see
`engine.kernel.hidden`), gives each seat its view, and copies and (de)serialises itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from engine.kernel import hidden
from engine.kernel.decisions import Decision, IllegalChoice
from engine.kernel.events import Event
from engine.kernel.frames import Frame

if TYPE_CHECKING:
    from engine.kernel.definition import GameDefinition

NOTHING_YET = "Nothing to undo: this is the start of the turn."
OTHER_SEAT = "Undo stops here: another seat decided since (undo never crosses their decisions)."
LOADED = "Undo stops here: the game was just loaded from a save."
OFF = "Undo is switched off for this game."
OVER = "The game is over."

R = TypeVar("R", bound="Runner")


class UndoStatus(NamedTuple):
    ok: bool
    reason: str

    def __bool__(self) -> bool:
        return self.ok


class Runner:
    """A game in progress. All rule progress lives in `state` (plain data)."""

    definition: ClassVar[GameDefinition]

    def __init__(self, state: Any) -> None:
        self.state = state
        self._pending: Decision | None = None
        self.history: list[str] = []  # choice ids made so far (a replay is config+history)
        self.config: dict[str, Any] = {}
        # undo: (state before, decision, history length) for the current seat's run of choices
        self._undo: list[tuple[Any, Decision, int]] = []
        self._undo_barrier = NOTHING_YET
        # headless bot games and simulations switch this off: undo snapshots cost a state copy
        self.undo_enabled = True
        self.setup_events: list[Event] = []
        self._auto: bool | None = None  # auto_apply(), asked once

    # --- what the game supplies ------------------------------------------------------------

    def context(self) -> Any:
        """A fresh rules context over `state` (it collects the events of one step)."""
        raise NotImplementedError

    def auto_apply(self) -> bool:
        """Apply a decision with exactly one legal choice without asking?"""
        return True

    def event_barrier(self, e: Event) -> str:
        """Undo may not go back past this event: the refusal text, or ""."""
        return ""

    def on_restore(self, ctx: Any) -> None:
        """Called when a game is rebuilt from a snapshot, before it runs to its decision."""

    def on_undo(self, state: Any) -> None:
        """Called after undo put an earlier `state` back."""

    # --- running the rules forward ---------------------------------------------------------

    def _run(self, ctx: Any) -> None:
        s = self.state
        auto = self._auto
        if auto is None:
            auto = self._auto = self.auto_apply()
        stack: list[Frame] = s.stack
        while stack:
            frame = stack[-1]
            d = frame.step(ctx)
            if d is None:
                continue
            if auto and len(d.choices) == 1:
                s.forced += 1
                frame.apply(ctx, d.choices[0])
                continue
            self._pending = d
            return
        self._pending = None

    def start(self) -> list[Event]:
        ctx = self.context()
        self._run(ctx)
        return list(ctx.events)

    @property
    def pending(self) -> Decision | None:
        """The open decision (None when the game is over)."""
        return self._pending

    @property
    def is_over(self) -> bool:
        return bool(self.state.over)

    def choose(self, choice_id: str) -> list[Event]:
        d = self._pending
        if d is None:
            raise IllegalChoice("the game is over: there is no decision to make")
        c = d.find(choice_id)
        if c is None:
            sample = ", ".join(d.ids()[:8])
            more = "" if len(d.choices) <= 8 else f", ... ({len(d.choices)} in all)"
            raise IllegalChoice(
                f"{choice_id!r} is not a legal choice for seat {d.seat} ({d.kind}: {d.prompt}); "
                f"legal: {sample}{more}"
            )
        s = self.state
        undo = self.undo_enabled
        if undo:
            before = (s.clone(), d, len(self.history))
            parts = self.definition.hidden
            secret = hidden.secrets(parts, s, d.seat) if parts else {}
        ctx = self.context()
        s.decisions += 1
        s.stack[-1].apply(ctx, c)
        self.history.append(choice_id)
        self._run(ctx)
        events: list[Event] = ctx.events
        if undo:
            why = hidden.revealed(parts, secret, self.state, d.seat) if secret else ""
            self._note_undo(before, events, why)
        return events

    # --- undo ------------------------------------------------------------------------------

    def _note_undo(self, before: tuple[Any, Decision, int], events: list[Event],
                   revealed: str) -> None:
        seat = before[1].seat
        if self._undo and self._undo[-1][1].seat != seat:
            self._undo.clear()
        self._undo.append(before)
        why = ""
        for e in events:
            why = self.event_barrier(e) or why
        why = why or revealed
        if why:
            self._undo.clear()
            self._undo_barrier = why
        pend = self._pending
        if self._undo and pend is not None and pend.seat != seat:
            self._undo_barrier = OTHER_SEAT

    def note_loaded(self) -> None:
        self._undo.clear()
        self._undo_barrier = LOADED

    @property
    def can_undo(self) -> UndoStatus:
        """Whether the seat now deciding may step back one decision, and if not, why."""
        pend = self._pending
        if pend is None:
            return UndoStatus(False, OVER)
        if not self.undo_enabled:
            return UndoStatus(False, OFF)
        if not self._undo:
            return UndoStatus(False, self._undo_barrier)
        if self._undo[-1][1].seat != pend.seat:
            return UndoStatus(False, OTHER_SEAT)
        return UndoStatus(True, "")

    def undo(self) -> None:
        """Step back one decision within the current seat's run (exact: the earlier state)."""
        st = self.can_undo
        if not st.ok:
            raise IllegalChoice(st.reason)
        state, d, hist = self._undo.pop()
        self.state = state
        self._pending = d
        del self.history[hist:]
        self.on_undo(state)

    # --- hidden information ------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know: the plain state with every part hidden from it redacted
        (`seat` -1: a spectator, who sees no private part)."""
        d: dict[str, Any] = self.state.to_plain()
        for part, owner in hidden.hidden_from(self.definition.hidden, self.state, seat):
            part.redact(d, owner)
        d["seat"] = seat
        return d

    def hidden_parts(self, viewer: int) -> list[tuple[str, int | None]]:
        """(part name, owner seat or None) of everything hidden from `viewer` now."""
        return [(p.name, o) for p, o in hidden.hidden_from(self.definition.hidden, self.state,
                                                           viewer)]

    def private_now(self) -> bool:
        """Is anything private to some seats now (a hot-seat screen must not show it to the
        others)?"""
        return bool(hidden.private(self.definition.hidden, self.state))

    def hidden_seats(self, viewer: int) -> frozenset[int]:
        """Seats with a private part that `viewer` may not see (-1: nobody's private part
        may be shown)."""
        return frozenset(o for p, o in hidden.private(self.definition.hidden, self.state)
                         if not p.visible(self.state, o, viewer))

    # --- copies and snapshots ----------------------------------------------------------------

    def spawn(self: R, state: Any) -> R:
        """A new runner of this game over `state` (clones, restores)."""
        return type(self)(state)

    def clone(self: R) -> R:
        """An independent copy that plays on from here (no undo trail)."""
        g = self.spawn(self.state.clone())
        g._pending = self._pending
        g.history = self.history[:]
        g.config = self.config
        g.undo_enabled = False
        return g

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = self.state.to_plain()
        return out

    @classmethod
    def from_state(cls: type[R], state: Any) -> R:
        """A runner over a state (no decision computed yet: run it with `resume`)."""
        return cls(state)

    def resume(self) -> None:
        """Run the rules forward to the state's next decision."""
        ctx = self.context()
        self.on_restore(ctx)
        self._run(ctx)

    @classmethod
    def from_snapshot(cls: type[R], snap: dict[str, Any]) -> R:
        """Rebuild a game from `snapshot()` output (copied) and run it to its decision."""
        g = cls.from_state(cls.definition.state_type.from_plain(snap))
        g.resume()
        return g

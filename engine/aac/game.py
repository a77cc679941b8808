"""The public engine API: new_game(config) -> Game; pending / choose / view / final_scores."""

from __future__ import annotations

from typing import Any, NamedTuple

import engine.aac.rules  # noqa: F401  (registers every Frame class)
from engine.aac import events as ev
from engine.aac.config import GameConfig
from engine.aac.core import Ctx
from engine.aac.data import Rules, rules
from engine.aac.rules.setup import build_state, start
from engine.aac.score_notes import ScoreNotes
from engine.aac.scoring import final_scores, ranking
from engine.aac.state import GameState, state_from_dict, state_to_dict
from engine.kernel.decisions import Decision, IllegalChoice
from engine.kernel.events import Event


class UndoStatus(NamedTuple):
    ok: bool
    reason: str

    def __bool__(self) -> bool:
        return self.ok


NOTHING_YET = "Nothing to undo: this is the start of the turn."
OTHER_SEAT = "Undo stops here: another seat decided since (undo never crosses their decisions)."
REVEALED = "Undo stops here: new tiles were revealed from the Tile Pool supply."
LOADED = "Undo stops here: the game was just loaded from a save."


class Game:
    """A game in progress. All rule progress lives in `state` (plain data)."""

    def __init__(self, state: GameState, r: Rules | None = None) -> None:
        self.state = state
        self.rules = r or rules()
        self._pending: Decision | None = None
        self.history: list[str] = []  # choice ids made so far (a replay is config+seed+history)
        self.config: dict[str, Any] = {}
        # undo: (state before, decision, history length) for the current seat's run of choices
        self._undo: list[tuple[GameState, Decision, int]] = []
        self._undo_barrier = NOTHING_YET
        # headless bot games and simulations switch this off: undo snapshots cost a state copy
        self.undo_enabled = True
        # why scores changed (ScoreChanged.parts); None in bots' clones (engine.aac.score_notes)
        self.notes: ScoreNotes | None = ScoreNotes()

    # --- running the rules forward ---------------------------------------------------------

    def _run(self, ctx: Ctx) -> None:
        s = ctx.s
        auto = bool(s.options.get("auto_skip_forced", True))
        stack = s.stack
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

    @property
    def pending(self) -> Decision | None:
        """The open decision (None when the game is over)."""
        return self._pending

    @property
    def is_over(self) -> bool:
        return self.state.over

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
        before = (self.state.clone(), d, len(self.history)) if self.undo_enabled else None
        ctx = Ctx(self.state, self.rules, self.notes)
        self.state.decisions += 1
        self.state.stack[-1].apply(ctx, c)
        self.history.append(choice_id)
        self._run(ctx)
        if before is not None:
            self._note_undo(before, ctx.events)
        return ctx.events

    # --- undo (issue 3) ----------------------------------------------------------------------

    def _note_undo(self, before: tuple[GameState, Decision, int], events: list[ev.Event]) -> None:
        seat = before[1].seat
        if self._undo and self._undo[-1][1].seat != seat:
            self._undo.clear()
        self._undo.append(before)
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self._undo.clear()
                self._undo_barrier = NOTHING_YET
            elif isinstance(e, ev.PoolChanged) and e.revealed:
                self._undo.clear()
                self._undo_barrier = REVEALED
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
            return UndoStatus(False, "The game is over.")
        if not self.undo_enabled:
            return UndoStatus(False, "Undo is switched off for this game.")
        if not self._undo:
            return UndoStatus(False, self._undo_barrier)
        if self._undo[-1][1].seat != pend.seat:
            return UndoStatus(False, OTHER_SEAT)
        return UndoStatus(True, "")

    def undo(self) -> None:
        """Step back one decision within the current seat's turn (exact: the earlier state)."""
        st = self.can_undo
        if not st.ok:
            raise IllegalChoice(st.reason)
        state, d, hist = self._undo.pop()
        self.state = state
        self._pending = d
        del self.history[hist:]
        if self.notes is not None:
            self.notes.rewind(state.decisions)

    def start(self) -> list[Event]:
        ctx = Ctx(self.state, self.rules, self.notes)
        self._run(ctx)
        return ctx.events

    # --- reading -----------------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know: everything on the table; not the order of the face-down Tile
        Pool supply, not the RNG, and during expert secret loading not others' devices."""
        d = state_to_dict(self.state)
        d["supply"] = len(self.state.supply)
        d.pop("rng")
        d["seat"] = seat
        if self.state.turn == 0 and self.state.options.get("expert_loading"):
            for i, p in enumerate(d["players"]):
                if i != seat:
                    p["top"] = {k: [-1] * len(v) for k, v in p["top"].items()}
                    p["bottom"] = {k: [-1] * len(v) for k, v in p["bottom"].items()}
                    p["exhausted"] = None
                    p["shop"] = None
        return d

    def final_scores(self) -> list[Any]:
        """Per-seat ScoreBreakdown (R24), valid at any time (the score if the game ended now)."""
        return final_scores(Ctx(self.state, self.rules))

    def ranking(self) -> list[list[int]]:
        """Seats grouped by place, winners first, with the R24.8 tiebreakers."""
        return ranking(Ctx(self.state, self.rules))

    def clone(self) -> Game:
        g = Game(self.state.clone(), self.rules)
        g._pending = self._pending
        g.history = self.history[:]
        g.config = self.config
        g.undo_enabled = False
        g.notes = None
        return g

    def snapshot(self) -> dict[str, Any]:
        return state_to_dict(self.state)

    @classmethod
    def from_snapshot(cls, snap: dict[str, Any]) -> Game:
        g = cls(state_from_dict(snap))
        ctx = Ctx(g.state, g.rules, g.notes)
        if g.notes is not None:
            g.notes.seed(ctx)
        g._run(ctx)
        return g


def new_game(config: GameConfig | None = None, **kw: Any) -> Game:
    """Set up a game (R3) and run it to its first decision."""
    cfg = config or GameConfig(**kw)
    cfg.validate()
    r = rules()
    s = build_state(cfg, r)
    g = Game(s, r)
    g.config = cfg.to_dict()
    ctx = Ctx(s, r, g.notes)
    start(ctx)

    g.setup_events = ctx.events  # type: ignore[attr-defined]
    g._run(ctx)
    g.setup_events = ctx.events  # type: ignore[attr-defined]
    return g

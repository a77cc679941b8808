"""The public engine API: new_game(config) -> Game; pending / choose / view / final_scores.

`Game` is the kernel's runner (engine.kernel.runner) for An Age Contrived: it supplies the
rules context, the undo barrier of a new turn and the score notes kept beside the state.
"""

from __future__ import annotations

from typing import Any, ClassVar

import engine.aac.expansion  # noqa: F401  (Doublers and Scoring Cards: their effects, frames)
import engine.aac.folklore  # noqa: F401  (registers the Folklore module, R26)
import engine.aac.pilgrimage  # noqa: F401  (registers the Pilgrimage module, R27)
import engine.aac.rules  # noqa: F401  (registers every Frame class)
from engine.aac import events as ev
from engine.aac.config import GameConfig
from engine.aac.core import Ctx
from engine.aac.data import Rules, rules
from engine.aac.hidden import REVEALED
from engine.aac.rules.setup import build_state, start
from engine.aac.score_notes import ScoreNotes
from engine.aac.scoring import ScoreBreakdown, final_scores, ranking
from engine.aac.state import GameState
from engine.kernel.definition import GameDefinition
from engine.kernel.events import Event
from engine.kernel.runner import LOADED, NOTHING_YET, OTHER_SEAT, Runner, UndoStatus

__all__ = ["LOADED", "NOTHING_YET", "OTHER_SEAT", "REVEALED", "Game", "UndoStatus", "new_game"]


class Game(Runner):
    """A game in progress. All rule progress lives in `state` (plain data)."""

    definition: ClassVar[GameDefinition]  # engine.aac.definition.AAC (set there)
    state: GameState

    def __init__(self, state: GameState, r: Rules | None = None) -> None:
        super().__init__(state)
        self.rules = r or rules()
        # why scores changed (ScoreChanged.parts); None in bots' clones (engine.aac.score_notes)
        self.notes: ScoreNotes | None = ScoreNotes()

    # --- what the kernel asks of the game ----------------------------------------------------

    def context(self) -> Ctx:
        return Ctx(self.state, self.rules, self.notes)

    def auto_apply(self) -> bool:
        return bool(self.state.options.get("auto_skip_forced", True))

    def event_barrier(self, e: Event) -> str:
        if isinstance(e, ev.TurnStarted):
            return NOTHING_YET
        return str(getattr(e, "undo_barrier", ""))  # a module's event may reveal something

    def on_restore(self, ctx: Any) -> None:
        if self.notes is not None:
            self.notes.seed(ctx)

    def on_undo(self, state: Any) -> None:
        if self.notes is not None:
            self.notes.rewind(state.decisions)

    def spawn(self, state: Any) -> Game:
        return Game(state, self.rules)

    def clone(self) -> Game:
        g = super().clone()
        g.notes = None
        return g

    # --- reading -----------------------------------------------------------------------------

    def final_scores(self) -> list[ScoreBreakdown]:
        """Per-seat ScoreBreakdown (R24), valid at any time (the score if the game ended now)."""
        return final_scores(Ctx(self.state, self.rules))

    def ranking(self) -> list[list[int]]:
        """Seats grouped by place, winners first, with the R24.8 tiebreakers."""
        return ranking(Ctx(self.state, self.rules))


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
    g.setup_events = ctx.events
    g._run(ctx)
    return g

"""The game runner (engine.kernel.runner.Runner) for Age of Reason, and new_game."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.aor import events as ev
from engine.aor.catalog import Tables, tables
from engine.aor.config import AorConfig
from engine.aor.core import Ctx
from engine.aor.scoring import ranking
from engine.aor.setup import build_state
from engine.aor.state import State
from engine.kernel.definition import GameDefinition
from engine.kernel.events import Event
from engine.kernel.runner import NOTHING_YET, Runner

DRAWN = "Undo stops here: Empire markers were drawn from the bag."
ROLLED = "Undo stops here: the dice were rolled."
TURNED = "Undo stops here: the combat cards were turned face up."

_BARRIERS: dict[type, str] = {
    ev.TurnStarted: NOTHING_YET,
    ev.MarkersDrawn: DRAWN,
    ev.DiceRolled: ROLLED,
    ev.UnrestRolled: ROLLED,
    ev.CombatRevealed: TURNED,
    ev.FirstPlayer: ROLLED,
}


class Game(Runner):
    """A game of Age of Reason in progress; all rule progress lives in `state`."""

    definition: ClassVar[GameDefinition]  # engine.aor.definition.AOR (set there)
    state: State

    def __init__(self, state: State, t: Tables | None = None) -> None:
        super().__init__(state)
        self.t = t or tables()

    def context(self) -> Ctx:
        return Ctx(self.state, self.t)

    def auto_apply(self) -> bool:
        return True

    def event_barrier(self, e: Event) -> str:
        return _BARRIERS.get(type(e), "")

    def spawn(self, state: Any) -> Game:
        return Game(state, self.t)

    def ranking(self) -> list[list[int]]:
        """Seats grouped by place (R13.1), valid at any time."""
        return ranking(self.state)


def new_game(config: AorConfig | None = None, **kw: Any) -> Game:
    """Set a game up (R2) and run it to its first decision."""
    cfg = config or AorConfig(**kw)
    cfg.validate()
    t = tables()
    g = Game(build_state(cfg, t), t)
    g.config = cfg.to_dict()
    ctx = g.context()
    g._run(ctx)
    g.setup_events = ctx.events
    return g

"""Loop guards shared by the bots: no-progress choices and a per-turn decision budget.

Some legal choices change nothing worth having and can be repeated forever. The known case
(tournament seeds 1/42, 46, ...): while loading an inserted tile with Running Out (R14), the
energy may be taken from the other row of the same tile; that slot is then empty and is offered
for loading again, so a bot that prefers acting over "skip" ping-pongs between the two rows.
`useful` drops such choices; `TurnBudget` makes a bot take the passive choice ("end", "done",
"stop", "skip_rest"...) once it has made too many decisions in one turn, whatever the cause.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.kernel.decisions import Choice

PASSIVE_IDS = frozenset({"end", "done", "skip", "skip_rest", "stop", "decline"})
# preferred order when the budget forces a passive choice (the one that ends the most)
PASSIVE_ORDER = ("end", "done", "stop", "skip_rest", "decline", "skip")
TURN_BUDGET = 60  # decisions by one seat in one turn before it only takes passive choices


def _slot_pos(loc: object) -> str | None:
    if isinstance(loc, str) and loc.startswith("slot:"):
        parts = loc.split(":")
        if len(parts) == 3:
            return parts[1]
    return None


def churns(c: Choice) -> bool:
    """A choice that only moves the seat's own energy around the same device position
    (Running Out loading a slot from the other row of the same tile)."""
    if not c.id.startswith("load:") or len(c.targets) < 2:
        return False
    dst = _slot_pos(c.targets[0])
    return dst is not None and dst == _slot_pos(c.targets[1])


def useful(choices: Sequence[Choice]) -> list[Choice]:
    """The choices without no-progress ones (all of them if nothing would be left)."""
    out = [c for c in choices if not churns(c)]
    return out or list(choices)


def passive(choices: Sequence[Choice]) -> Choice | None:
    by_id = {c.id: c for c in choices}
    for cid in PASSIVE_ORDER:
        if cid in by_id:
            return by_id[cid]
    return None


STALE_TURNS = 8  # turns per seat without building progress before a bot stops hoarding


def progress_key(view: Mapping[str, Any]) -> tuple[Any, ...]:
    """What building progress looks like in a view: sections left, monument spaces filled;
    with the Pilgrimage also the Shrines left to build (R27.10), where the Pilgrimages stand
    and their speeds (each changes only a bounded number of times in a game, so none of it
    hides a stall for long)."""
    left = filled = 0
    for m in view["monuments"].values():
        left += len(m["stack"])
        filled += sum(1 for e in m["spaces"] if e >= 0)
    pil = (view.get("ext") or {}).get("pilgrimage")
    if pil is None:
        return (left, filled)
    return (left, filled, len(pil["supply"]), tuple(pil["pos"]), tuple(pil["speed"]))


class StallWatch:
    """Notices a table where nobody builds any more.

    Late in a game every seat can end up with its energy parked in the Tile Pool (1 VP each,
    R24.6) and nothing else to act with; a bot that values that VP over building would then
    pass forever, and the game only ends when every monument is built (R23.1) and, with the
    Pilgrimage, every Shrine (R27.10). Once no monument space has been filled (and no Shrine
    built, no Pilgrimage moved) for STALE_TURNS turns per seat, `stalled` is True and the
    bot evaluates with engine.aac.bots.evaluate.stalled_weights (shop energy cheap, potentials at
    full value) until building moves again."""

    def __init__(self, turns_per_seat: int = STALE_TURNS) -> None:
        self.turns_per_seat = turns_per_seat
        self._key: tuple[Any, ...] | None = None
        self._since = 0

    def stalled(self, view: Mapping[str, Any] | None) -> bool:
        if view is None:
            return False
        key = progress_key(view)
        turn = int(view["turn"])
        if key != self._key or turn < self._since:
            self._key, self._since = key, turn
        return turn - self._since >= self.turns_per_seat * int(view["n"])


class TurnBudget:
    """Counts a bot's decisions per turn; `exhausted(view)` once TURN_BUDGET is passed."""

    def __init__(self, limit: int = TURN_BUDGET) -> None:
        self.limit = limit
        self._turn: Any = None
        self._count = 0

    def tick(self, view: Mapping[str, Any] | None) -> bool:
        """Record one decision; True if the budget for this turn is spent."""
        turn = (view.get("turn"), view.get("active")) if view is not None else None
        if turn != self._turn:
            self._turn = turn
            self._count = 0
        self._count += 1
        return self._count > self.limit

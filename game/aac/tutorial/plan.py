"""Looking ahead with the engine: which choice of the seat deciding now leads, within its
own decisions, to a goal (a Deploy onto a monument, a completed section...). The engine
decides what is legal; this only searches copies of the game."""

from __future__ import annotations

from collections.abc import Callable

from engine.aac.events import Event
from engine.aac.game import Game

Goal = Callable[[Game, list[Event]], bool]


def plan(game: Game, goal: Goal, budget: int = 4000, depth: int = 10,
         skip: tuple[str, ...] = ("end",)) -> list[str] | None:
    """The shortest list of choice ids (the deciding seat's, in order) that reaches `goal`:
    iterative deepening on clones, in the engine's choice order; None if there is none
    within `depth` choices and `budget` tries. Choices in `skip` are never taken (an entry
    starting with ":" skips every id ending with it)."""
    d = game.pending
    if d is None:
        return None
    seat = d.seat
    left = [budget]
    ends = tuple(x for x in skip if x.startswith(":"))

    def skipped(cid: str) -> bool:
        return cid in skip or bool(ends) and cid.endswith(ends)

    def search(g: Game, path: list[str], limit: int) -> list[str] | None:
        dec = g.pending
        if dec is None or dec.seat != seat or len(path) >= limit:
            return None
        for c in dec.choices:
            if skipped(c.id) or left[0] <= 0:
                continue
            left[0] -= 1
            h = g.clone()
            events = h.choose(c.id)
            if goal(h, events):
                return [*path, c.id]
            found = search(h, [*path, c.id], limit)
            if found is not None:
                return found
        return None

    root = game.clone()
    for limit in range(1, depth + 1):
        found = search(root, [], limit)
        if found is not None or left[0] <= 0:
            return found
    return None

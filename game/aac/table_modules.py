"""The expansion modules' table code, registered: `REGISTRY` lists each module's object (it
fits game.aac.table.module_hook.TableModule) by its module name; `in_play(state)` lists those
active in a game, in registry order (the order their tabs, columns and layers take)."""

from __future__ import annotations

from engine.aac.api import GameState
from game.aac import folklore_table, pilgrimage_table
from game.aac.table.module_hook import TableModule

REGISTRY: dict[str, TableModule] = {
    folklore_table.MODULE.name: folklore_table.MODULE,
    pilgrimage_table.MODULE.name: pilgrimage_table.MODULE,
}


def in_play(s: GameState) -> list[TableModule]:
    """The registered table modules active in the state, in registry order."""
    return [m for m in REGISTRY.values() if m.active(s)]


def all_modules() -> list[TableModule]:
    return list(REGISTRY.values())

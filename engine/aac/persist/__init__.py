"""Saves, autosaves and replays: one validated JSON document per game (issue 3).

A save holds the config, the seed, the choice ids made so far and a snapshot of the whole
state (rule progress included), so a game saved at any decision loads exactly.
"""

from engine.aac.persist.io import (
    MAX_BYTES,
    SaveError,
    dumps_save,
    load_game,
    loads_save,
    save_game,
)

__all__ = ["MAX_BYTES", "SaveError", "dumps_save", "load_game", "loads_save", "save_game"]

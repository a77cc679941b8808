"""The player's saves as the shell lists them: every installed game's autosaves and saves
(engine.kernel.listing: summary headers, read safely), what Continue resumes, and the
scenarios a game ships."""

from __future__ import annotations

from engine.kernel.listing import (
    SaveInfo,
    autosave_games,
    continue_candidate,
    manual_saves,
    newest_first,
)
from game.shell.dirs import autosave_dir, saves_dir
from game.shell.registry import FrontEnd


def all_saves() -> list[SaveInfo]:
    """Every game the player can go back to: one entry per autosaved game and every manual
    save, newest first (summaries only)."""
    return newest_first(autosave_games(autosave_dir()) + manual_saves(saves_dir()))


def continue_save(saves: list[SaveInfo] | None = None) -> SaveInfo | None:
    """What "Continue" resumes: the newest save of a game that is not finished."""
    return continue_candidate(all_saves() if saves is None else saves)


def scenarios(front: FrontEnd) -> list[SaveInfo]:
    """The scenario saves a game ships (none if it has no folder of them)."""
    folder = front.scenarios_dir()
    return manual_saves(folder, "scenario") if folder is not None else []


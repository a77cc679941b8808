"""The player's saves as the shell lists them: every installed game's autosaves and saves
(engine.kernel.listing: summary headers, read safely), what Continue resumes, and the
scenarios a game ships."""

from __future__ import annotations

from engine.kernel.listing import (
    SaveInfo,
    autosave_games,
    by_game,
    continue_candidate,
    earlier_turns,
    manual_saves,
    newest_first,
    peek_save,
)
from game.shell.dirs import autosave_dir, saves_dir
from game.shell.registry import FrontEnd


def all_saves() -> list[SaveInfo]:
    """Every game the player can go back to: one entry per autosaved game and every manual
    save, newest first (summaries only)."""
    return newest_first(autosave_games(autosave_dir()) + manual_saves(saves_dir()))


def listed_games(saves: list[SaveInfo] | None = None) -> list[list[SaveInfo]]:
    """Each game once (engine.kernel.listing.by_game): its newest save first, then the
    older saves its story passed through."""
    return by_game(all_saves() if saves is None else saves)


def every_save_of(game: list[SaveInfo]) -> list[SaveInfo]:
    """Every save of a listed game, newest first: its group and the older turn autosaves
    kept in its autosave folders."""
    out = {i.path: i for i in game}
    for info in game:
        for p in earlier_turns(info):
            out.setdefault(p, peek_save(p, "autosave"))
    return newest_first(out.values())


def earlier_count(game: list[SaveInfo]) -> int:
    """How many older saves a listed game has (without reading them)."""
    paths = {i.path for i in game}
    for info in game:
        paths.update(earlier_turns(info))
    return len(paths) - 1


def continue_save(saves: list[SaveInfo] | None = None) -> SaveInfo | None:
    """What "Continue" resumes: the newest save of a game that is not finished."""
    return continue_candidate(all_saves() if saves is None else saves)


def scenarios(front: FrontEnd) -> list[SaveInfo]:
    """The scenario saves a game ships (none if it has no folder of them)."""
    folder = front.scenarios_dir()
    return manual_saves(folder, "scenario") if folder is not None else []


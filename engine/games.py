"""The games installed in this build: importing this module registers each of them with the
kernel's registry (engine.kernel.definition). The command line, the tournaments and the shell
find a game here by its id or an alias, never by importing it themselves."""

from __future__ import annotations

import engine.aac  # noqa: F401  (registers An Age Contrived)
import engine.aor  # noqa: F401  (registers Age of Reason)
from engine.kernel.definition import GameDefinition, definitions, find

DEFAULT = "aac"  # the game a command line without --game plays


def installed() -> list[GameDefinition]:
    """Every installed game, in registration order."""
    return definitions()


def game(name: str = DEFAULT) -> GameDefinition:
    """An installed game by its id or an alias; ValueError naming the installed ones."""
    defn = find(name)
    if defn is None:
        names = ", ".join(d.id for d in definitions())
        raise ValueError(f"no game {name!r} is installed (installed: {names})")
    return defn

"""The games installed in this build, on the front end's side: importing this module
registers each game's front end with the shell (game.shell.registry). The entry point, the
tools and the tests import it; the shell never imports a game."""

from __future__ import annotations

import engine.games  # noqa: F401  (every game's engine)
from game.aac import front as aac  # noqa: F401  (An Age Contrived)

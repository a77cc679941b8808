"""The pygame front end: the game-neutral shell (game.shell) and one folder per game
(game.aac, ...); game.games registers the installed ones."""

import os

# SDL would turn SIGINT and SIGTERM into a quit event (the window's close button's, which asks
# before leaving a game); the game handles both itself (game.shell.app.App.run). Set here,
# before anything of the front end can initialise SDL.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on a player's console

"""Pygame front end for An Age Contrived."""

import os

# SDL would turn SIGINT and SIGTERM into a quit event (the window's close button's, which asks
# before leaving a game); the game handles both itself (game.app.App.run). Set here, before
# anything of the front end can initialise SDL.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

"""Game-neutral tools over the installed games (engine.games): headless simulations,
tournaments and balance runs, and the command line (`python -m engine ... --game ID`)."""

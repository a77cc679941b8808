"""The shell: everything of the front end that no game owns (window and loop, scenes,
saves, settings, sessions, bots, sound, drawing)."""

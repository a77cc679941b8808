"""Scenes: menu, new-game setup, the table, hand-off, results, settings, load."""

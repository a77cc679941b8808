"""Pygame front end for An Age Contrived."""

"""Every scene module, imported once so each registers its name (game.shell.scenes.manager)."""

from __future__ import annotations

from game.aac.scenes import guide, results, setup, table  # noqa: F401  (registrations)
from game.shell.scenes import confirm, load, menu, settings_scene  # noqa: F401

"""Every scene module, imported once so each registers its name (game.scenes.manager)."""

from __future__ import annotations

from game.scenes import (  # noqa: F401  (imported for their registrations)
    confirm,
    guide,
    load,
    menu,
    results,
    settings_scene,
    setup,
    table,
)

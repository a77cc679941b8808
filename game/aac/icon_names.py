"""An Age Contrived's icons (assets/aac/icons): the file of each catalog icon word."""

from __future__ import annotations

from game.shell.theme import ASSETS

ICON_DIR = ASSETS / "aac" / "icons"
ICON_NAMES = ("compass", "rose", "magnet", "wild", "boot", "castle", "pillar", "patron",
              "bridge", "channel", "artifact", "artifact_primed", "doubler", "scoring_card",
              "folklore_back", "shrine")
# Tile/track icon vocabulary of the catalog -> icon file.
ACTION_ICON = {"move": "boot", "monument": "castle", "pillar": "pillar"}

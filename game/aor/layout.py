"""Where everything sits on Age of Reason's table, in the shell's 1600x900 virtual units:
the map panel (the two board parts) at the top left, the Alliance Display, the prompt bar and
the action boxes (or, while alliances are bid for, the auction) down the right, the tracks
and the hand under the map, the countries across the top."""

from __future__ import annotations

from game.aor.map_geometry import MAP_H, MAP_W
from game.aor.map_view import MAP_X, MAP_Y

TOP_H = 52.0
RIGHT_X = MAP_X + MAP_W + 8.0
RIGHT_W = 1600.0 - 8.0 - RIGHT_X
ALLY_Y, ALLY_H = MAP_Y, 180.0
PROMPT_Y, PROMPT_H = ALLY_Y + ALLY_H + 6.0, 118.0
LOWER_Y = PROMPT_Y + PROMPT_H + 6.0
LOWER_H = 892.0 - LOWER_Y
BOTTOM_Y = MAP_Y + MAP_H + 6.0
BOTTOM_H = 892.0 - BOTTOM_Y
TRACKS_X, TRACKS_W = MAP_X, 520.0
HAND_X = TRACKS_X + TRACKS_W + 8.0
HAND_W = MAP_X + MAP_W - HAND_X
STAGE = (MAP_X, MAP_Y, MAP_W, MAP_H)  # the combat stage covers the map

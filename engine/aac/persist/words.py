"""The parts of an An Age Contrived save in a player's words, for the sentence that refuses a
damaged file: `snapshot.players[0].actions` reads "the first player's Action Tokens",
`stack[1]` "the second pending rule step" (engine.kernel.words.place), counted from 1."""

from __future__ import annotations

from engine.kernel.words import Glossary

GLOSSARY = Glossary(
    names={
        # the document
        "format": "format", "version": "version number", "game": "game name",
        "app_version": "version of the game that wrote it", "summary": "summary",
        "config": "game settings", "seed": "seed", "choices": "list of choices",
        "saved_at": "time it was saved", "note": "note",
        # the settings
        "players": "players", "characters": "characters",
        "character_selection": "way characters are chosen",
        "expert_loading": "secret loading setting", "auto_skip_forced": "forced choices setting",
        "options": "rules options", "modules": "modules",
        # the game
        "n": "number of players", "rng": "random number state", "monuments": "monuments",
        "bound": "bound energy", "pillars": "pillar spaces", "bridges": "bridge spaces",
        "pool": "Tile Pool", "supply": "Tile Pool supply", "achievements": "Achievements",
        "ach": "Achievement spaces", "tray": "Action Upgrade tray", "piles": "conduit piles",
        "active": "active player", "start_player": "start player", "turn": "turn number",
        "turn_type": "turn type", "end_triggered": "final round mark",
        "over": "game over mark", "completions": "pending completions",
        "stack": "pending rule steps", "decisions": "number of decisions",
        "forced": "number of forced choices", "scores": "scores",
        "score_dirty": "score mark", "ext": "modules' data",
        # a player
        "seat": "place at the table", "character": "character",
        "exhausted": "Exhausted Pool", "reserve": "Energy Reserve", "shop": "Tile Pool energy",
        "device": "active tiles", "staging": "staging tiles", "top": "top slots",
        "bottom": "bottom slots", "tracks": "tracks", "charged": "Channel Marker",
        "bridge_loc": "Bridge Tokens' places", "bridge_side": "Bridge Tokens' sides",
        "conduits": "conduits", "actions": "Action Tokens", "figure": "figure's space",
        "behind": "figure's facing", "start_region": "start region",
        "patron": "Patron Token", "entered": "regions entered this turn",
        "bridges_used": "bridges used this turn", "used": "powers used this turn",
        # a monument
        "id": "name", "built": "constructed sections", "spaces": "energy spaces",
        "completed": "completed mark", "bonus": "bonus tile",
        # a pending rule step
        "kind": "kind", "at": "turn step",
        # the modules
        "folklore": "Folklore data", "pilgrimage": "Pilgrimage data", "hand": "hands",
        "aside": "cards set aside", "played": "played cards", "slots": "Artifact slots",
        "primed": "primed Artifacts", "map": "Artifacts on the map", "track": "Folklore Track",
        "placed": "Artifacts placed this turn", "teleport": "teleports",
        "pos": "Pilgrimages' places", "speed": "Pilgrimages' speeds", "frames": "Shrine frames",
        "blockades": "blockades", "energy": "energy", "marked": "marks",
        # the summary
        "seats": "players", "title": "title", "name": "name", "role": "character",
        "level": "bot level", "score": "score", "role_id": "character", "winners": "winners",
        "detail": "details",
    },
    items={
        "players": "player", "seats": "player", "stack": "pending rule step",
        "tracks": "track", "device": "active tile", "staging": "staging tile",
        "choices": "choice", "monuments": "monument", "completions": "pending completion",
        "scores": "score", "achievements": "Achievement", "pool": "Tile Pool slot",
        "actions": "Action Token", "conduits": "conduit", "characters": "character",
        "hand": "player's hand", "aside": "player's cards set aside",
        "played": "player's played cards", "piles": "conduit pile",
    },
    top={"snapshot": "", "ext": "the modules' data", "config": "the game settings"},
)

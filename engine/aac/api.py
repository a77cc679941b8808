"""An Age Contrived's public engine API: the one module of the game its front end imports.

Everything a table, a set-up screen, a results screen, a guide or a tutorial reads of the
game comes from here: the game and its config, the catalog (names, models), the state's types
(read only: the front end changes a game only through its choices), the events and the log's
words, the display model that replays events onto a shown state, the bots, and the
explanations and previews that need the rules (why a target cannot be chosen now, a score
breakdown, a Shrine frame in words) — computed here, never from a rules context the front
end builds itself.
"""

from __future__ import annotations

from engine.aac import display, events, locations, names, tutorial_plan
from engine.aac.bots import BOT_LEVELS, level_note, make_bot
from engine.aac.bots.hint import Hint, explain, hint
from engine.aac.catalog import Catalog
from engine.aac.catalog.expansion.folklore_cards import FolkloreCard
from engine.aac.catalog.expansion.folklore_track import FolkloreTrackFile
from engine.aac.catalog.expansion.loader import Expansion
from engine.aac.catalog.expansion.scoring_cards import ScoringCard
from engine.aac.catalog.map import (
    AchievementsArea,
    EnergyReservesArea,
    MapFile,
    MapSpace,
    Region,
    TilePoolArea,
)
from engine.aac.catalog.monuments import Monument, MonumentsFile
from engine.aac.config import OPTION_MODULE, RULES_OPTIONS, GameConfig, option_title
from engine.aac.core import Ctx
from engine.aac.data import Rules, rules
from engine.aac.definition import AAC
from engine.aac.display import TYPES
from engine.aac.events import Event
from engine.aac.expansion import doublers, scoring_cards
from engine.aac.folklore import rules as folklore_rules
from engine.aac.folklore.state import NAME as FOLKLORE
from engine.aac.folklore.state import card as folklore_card
from engine.aac.folklore.state import option as folklore_option
from engine.aac.game import Game, new_game
from engine.aac.hidden import SECRET_LOADING
from engine.aac.log import describe
from engine.aac.modules import MODULES
from engine.aac.names import ENERGY, ROMAN, cap, target
from engine.aac.persist import SaveError, load_game, save_game
from engine.aac.pilgrimage import rules as pilgrimage_rules
from engine.aac.pilgrimage.events import PilgrimMoved, PilgrimStopped, ShrineConstructed
from engine.aac.pilgrimage.state import LOC as PILGRIM_LOC
from engine.aac.pilgrimage.state import NAME as PILGRIMAGE
from engine.aac.pilgrimage.state import Board, board, open_space, pdata, place_words, space_words
from engine.aac.scoring import ScoreBreakdown, categories, final_scores
from engine.aac.state import EMPTY, GameState, MonumentState, PlayerState, state_to_dict
from engine.kernel.decisions import Choice, Decision

__all__ = [
    "AAC", "BOT_LEVELS", "EMPTY", "ENERGY", "FOLKLORE", "MODULES", "OPTION_MODULE", "PILGRIM_LOC",
    "PILGRIMAGE", "ROMAN", "RULES_OPTIONS", "SECRET_LOADING", "TYPES", "AchievementsArea",
    "board", "Board", "cap", "Catalog", "categories", "Choice", "Decision", "describe", "display",
    "doublers", "EnergyReservesArea", "Event", "events", "Expansion", "explain", "folklore_card",
    "folklore_option", "folklore_option_why_not", "folklore_space_why_not", "FolkloreCard",
    "FolkloreTrackFile", "Game", "GameConfig", "GameState", "Hint", "hint", "level_note",
    "load_game", "locations", "make_bot", "MapFile", "MapSpace", "module_ready", "Monument",
    "MonumentsFile", "MonumentState", "names", "new_game", "open_space", "option_title", "pdata",
    "pilgrimage_energy_why_not", "pilgrimage_frame_why_not", "pilgrimage_frame_words",
    "pilgrimage_move_why_not", "pilgrimage_shrine_why_not", "PilgrimMoved", "PilgrimStopped",
    "place_words", "PlayerState", "Region", "rules", "Rules", "save_game", "SaveError",
    "score_breakdown", "ScoreBreakdown", "scoring_cards", "ScoringCard", "ShrineConstructed",
    "space_words", "state_to_dict", "target", "TilePoolArea", "tutorial_plan",
]


def module_ready(name: str) -> bool:
    """Is the module `name` part of this edition (a config may enable it)?"""
    return name in MODULES


# --- explanations and previews (the rules, asked on the front end's behalf) ------------------


def score_breakdown(state: GameState, seat: int) -> ScoreBreakdown:
    """`seat`'s score by category as if the game ended now (R24), on a shown state."""
    return final_scores(Ctx(state, rules()))[seat]


def folklore_option_why_not(state: GameState, seat: int, option_id: str) -> str:
    """Why `seat` may not perform the Folklore option now, in player words ("" if it may)."""
    return folklore_rules.option_why_not(Ctx(state, rules()), seat, option_id)


def folklore_space_why_not(state: GameState, seat: int) -> list[str]:
    """Why `seat` may not place an Artifact where its figure stands now (R26.2-R26.3), one
    reason per failed condition (empty: it may)."""
    return folklore_rules.why_not(Ctx(state, rules()), seat)


def pilgrimage_frame_words(state: GameState, frame: str) -> str:
    """A Shrine frame of the Pilgrim Board in words (its tier, what stands in it)."""
    return pilgrimage_rules.frame_words(Ctx(state, rules()), frame)


def pilgrimage_move_why_not(state: GameState, seat: int, space: str) -> str:
    """Why the seat's Pilgrimage may not move onto `space` now ("" if it may, R27.8)."""
    return pilgrimage_rules.why_not_move(Ctx(state, rules()), seat, space)


def pilgrimage_frame_why_not(state: GameState, frame: str) -> str:
    """Why no Shrine may be put in `frame` now ("" if it is empty)."""
    return pilgrimage_rules.why_not_frame(Ctx(state, rules()), frame)


def pilgrimage_shrine_why_not(state: GameState, shrine: str) -> str:
    """Why `shrine` may not be constructed now ("" if it is in the supply)."""
    return pilgrimage_rules.why_not_shrine(Ctx(state, rules()), shrine)


def pilgrimage_energy_why_not(state: GameState, space: str) -> str:
    """Why energy may not go onto the Pilgrim Board's energy space `space` now."""
    return pilgrimage_rules.why_not_energy_space(Ctx(state, rules()), space)

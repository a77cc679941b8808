"""The models of `achievements.json`: The achievement columns, the fixed and random achievements
and their claim rules (content README "achievements.json").

The top-level model is :class:`AchievementsFile`.
"""

from __future__ import annotations

from engine.aac.catalog.common import ColumnKind, Frozen
from engine.aac.catalog.counters import Condition
from engine.aac.catalog.scoring import Scoring


class AchievementColumn(Frozen):
    id: str
    column: ColumnKind
    name: str
    min_players: int
    scoring: Scoring
    text: str


class AchievementLayout(Frozen):
    variable_spots: tuple[str, ...]
    fixed_spots: tuple[str, ...]


class FixedAchievement(Frozen):
    id: str
    name: str
    spot: str
    qualify: Condition
    text: str


class RandomAchievement(Frozen):
    id: str
    name: str
    qualify: Condition
    text: str


class AchievementRules(Frozen):
    claiming: str
    one_token_per_column: bool
    one_column_per_player_per_achievement: bool
    distinct_types_per_player: str
    locked: str
    qualification_checked: str


class AchievementsFile(Frozen):
    id: str
    columns: tuple[AchievementColumn, ...]
    layout: AchievementLayout
    setup: str
    random_drawn_per_game: int
    fixed: tuple[FixedAchievement, ...]
    random_pool: tuple[RandomAchievement, ...]
    rules: AchievementRules

"""Age of Reason's front end, as the shell sees it (game.shell.registry.FrontEnd): its set-up,
table, results and guide scenes, how its seats look (each country's colour and mark), its
settings section and its picture on the game picker. Importing this module registers it
(game/games.py imports every installed game's)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

from engine.aor.api import AOR, Game, tables
from engine.kernel.summary import SeatSummary
from game.aor import (
    look,
    pieces,
    sounds,  # noqa: F401  (its events' effects)
)
from game.aor import settings as aor_settings
from game.aor.scenes.guide import GuideScene
from game.aor.scenes.results import ResultsScene
from game.aor.scenes.setup import SetupScene
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.aor.tutorial import start as start_tutorial
from game.shell import icons, theme
from game.shell.layout import VH, VW
from game.shell.registry import ScenesByType, register
from game.shell.scenegraph import Canvas
from game.shell.theme import SeatLook

if TYPE_CHECKING:
    from pydantic import BaseModel

    from game.shell.scenes.base import Nav

ICON_DIR = theme.ASSETS / "aor" / "icons"


class AorFrontEnd(ScenesByType):
    game_id: ClassVar[str] = AOR.id
    title: ClassVar[str] = AOR.title
    blurb: ClassVar[str] = ("Seven powers of the eighteenth century: bid for alliances, take "
                            "the action boxes, fight for Europe and the colonies with secret "
                            "cards and dice. 2-7 players (3-7 best).")
    folder: ClassVar[str] = "aor"
    setup_type = SetupScene
    table_type = TableScene
    results_type = ResultsScene
    guide_type = GuideScene
    session_type = AorSession
    game_type = Game

    @property
    def has_tutorial(self) -> bool:
        return True

    def start_tutorial(self, nav: Nav, resume: bool = True) -> bool:
        start_tutorial(nav)
        return True

    def seat_look(self, seat: int, summary: SeatSummary) -> SeatLook:
        c = tables().country_index.get(summary.role_id, -1)
        if c < 0:
            return super().seat_look(seat, summary)
        return SeatLook(look.colour(c), look.mark(c), summary.name, summary.role)

    def draw_card(self, c: Canvas, x: float, y: float, w: float, h: float, clock: float) -> None:
        c.fill((46, 70, 78), x, y, w, h, 14)
        for k in range(7):
            a = clock * 0.3 + k * math.tau / 7
            pieces.disc(c, x + w / 2 + math.cos(a) * w * 0.3,
                        y + h * 0.46 + math.sin(a) * h * 0.24, 13, k)
        pieces.die(c, x + w / 2 - 16, y + h * 0.46, 26, 5, pieces.ATTACK_DIE, 0.2)
        pieces.die(c, x + w / 2 + 16, y + h * 0.46, 26, 3, pieces.DEFEND_DIE, -0.3)

    def draw_emblem(self, c: Canvas, cx: float, cy: float) -> None:
        for k in range(7):
            pieces.disc(c, cx - 96 + k * 32, cy, 12, k)

    def draw_backdrop(self, c: Canvas, clock: float) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        for k in range(7):
            for j in range(3):
                a = clock * 0.12 + k * math.tau / 7 + j * 0.7
                pieces.disc(c, VW / 2 + math.cos(a) * (430 + 110 * j),
                            VH / 2 + math.sin(a) * (250 + 50 * j), 16 - 3 * j, k)

    def settings_model(self) -> type[BaseModel]:
        return aor_settings.AorSettings


FRONT = register(AorFrontEnd())
icons.add_folder(ICON_DIR)

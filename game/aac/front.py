"""An Age Contrived's front end, as the shell sees it (game.shell.registry.FrontEnd): its
set-up, table, results and guide scenes, its tutorial, how its seats look, its settings
section, its scenarios and its picture on the game picker. Importing this module registers
it (game/games.py imports every installed game's)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

from engine.aac.api import AAC, Game, rules
from engine.kernel.summary import SeatSummary
from game.aac import settings as aac_settings
from game.aac import sounds, tokens  # noqa: F401  (sounds: its events' effects)
from game.aac.icon_names import ICON_DIR
from game.aac.scenes.guide import GuideScene
from game.aac.scenes.results import ResultsScene
from game.aac.scenes.setup import SetupScene
from game.aac.scenes.table import TableScene
from game.aac.session import AacSession
from game.aac.tutorial.runner import start as start_tutorial
from game.shell import icons, theme
from game.shell.layout import VH, VW
from game.shell.registry import ScenesByType, register
from game.shell.scenegraph import Canvas
from game.shell.settings import SettingRow
from game.shell.theme import SeatLook

if TYPE_CHECKING:
    from pydantic import BaseModel

    from game.shell.scenes.base import Nav


class AacFrontEnd(ScenesByType):
    game_id: ClassVar[str] = AAC.id
    title: ClassVar[str] = AAC.title
    blurb: ClassVar[str] = ("Channel energy through your device, build monuments and walk "
                            "the paths between them. 2-5 players.")
    folder: ClassVar[str] = "aac"
    legacy_settings: ClassVar[tuple[str, ...]] = aac_settings.LEGACY
    setup_type = SetupScene
    table_type = TableScene
    results_type = ResultsScene
    guide_type = GuideScene
    session_type = AacSession
    game_type = Game

    @property
    def has_tutorial(self) -> bool:
        return True

    def start_tutorial(self, nav: Nav, resume: bool = True) -> bool:
        start_tutorial(nav, resume)
        return True

    def seat_look(self, seat: int, summary: SeatSummary) -> SeatLook:
        ch = rules().characters.get(summary.role_id)
        colour = theme.hex_colour(ch.colour_hex) if ch is not None else \
            theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
        return SeatLook(colour, theme.SEAT_SHAPES[seat % len(theme.SEAT_SHAPES)],
                        summary.name, summary.role)

    def draw_card(self, c: Canvas, x: float, y: float, w: float, h: float, clock: float) -> None:
        c.fill((64, 48, 36), x, y, w, h, 14)
        for i, name in enumerate(tokens.TYPES):
            a = clock * 0.4 + i * math.pi / 2
            tokens.energy(c, x + w / 2 + math.cos(a) * w * 0.3, y + h * 0.46 + math.sin(a) * h
                          * 0.22, 16, name)
        for i, name in enumerate(("boot", "castle", "pillar")):
            c.icon(name, x + w / 2 - 50 + 50 * i, y + h * 0.46, 30)

    def draw_emblem(self, c: Canvas, cx: float, cy: float) -> None:
        for i, name in enumerate(("boot", "castle", "pillar")):
            c.icon(name, cx - 60 + 60 * i, cy, 34)

    def draw_backdrop(self, c: Canvas, clock: float) -> None:
        c.fill(theme.BG, 0, 0, VW, VH)
        for i, name in enumerate(tokens.TYPES):
            for k in range(3):
                a = clock * 0.15 + i * 1.57 + k * 2.1
                x = VW / 2 + math.cos(a) * (420 + 120 * k)
                y = VH / 2 + math.sin(a) * (240 + 60 * k)
                tokens.energy(c, x, y, 18 - 3 * k, name)

    def settings_model(self) -> type[BaseModel]:
        return aac_settings.AacSettings

    def settings_rows(self) -> list[SettingRow]:
        return list(aac_settings.ROWS)


FRONT = register(AacFrontEnd())
icons.add_folder(ICON_DIR)

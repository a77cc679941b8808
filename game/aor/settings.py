"""Age of Reason's own settings: its section of the settings file (game.shell.settings): the
last set-up started, restored the next time."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from game.shell.settings import Settings

GAME = "age-of-reason"
LAST_SETUP = "The last set-up"


class AorSettings(BaseModel):
    model_config = ConfigDict(validate_assignment=True, extra="ignore")

    # the last set-up started: seat kinds, bot levels, countries ("" = random), rules
    # options, the random first alliances. No seats = none remembered.
    setup_humans: list[bool] = Field(default_factory=list, max_length=7, strict=True,
                                     title=LAST_SETUP)
    setup_levels: list[Annotated[str, Field(max_length=32)]] = Field(
        default_factory=list, max_length=7, strict=True, title=LAST_SETUP)
    setup_countries: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list, max_length=7, strict=True, title=LAST_SETUP)
    setup_options: dict[Annotated[str, Field(max_length=64)], bool] = Field(
        default_factory=dict, max_length=32, strict=True, title=LAST_SETUP)
    setup_random_alliances: bool = Field(False, strict=True, title=LAST_SETUP)


def of(settings: Settings) -> AorSettings:
    """This game's section of `settings` (the same object every time)."""
    return settings.section(GAME, AorSettings)

"""An Age Contrived's own settings: its section of the settings file (game.shell.settings).
Older files kept these at the top level (LEGACY): they move into the section when read."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from game.shell.settings import SettingRow, Settings

GAME = "aac"
LAST_SETUP = "The last set-up"


class AacSettings(BaseModel):
    model_config = ConfigDict(validate_assignment=True, extra="ignore")

    # Deploys launch their energy with the pymunk spring trapdoor (off: a plain flight).
    trapdoor_physics: bool = Field(True, strict=True, title="Trapdoor physics")
    # A person's deploy waits for them to pull the trapdoor's plunger and let go (or press
    # "Fire for me"); on: it fires by itself like a bot's.
    trapdoor_autofire: bool = Field(False, strict=True, title="Your trapdoor launches")
    trapdoor_hint_seen: bool = Field(False, strict=True,
                                     title="The trapdoor's first-pull hint")  # it was shown
    # The last set-up started (restored the next time): seat kinds, bot levels, characters
    # ("" = random), rules options and the expert variant. No seats = none remembered.
    setup_humans: list[bool] = Field(default_factory=list, max_length=5, strict=True,
                                     title=LAST_SETUP)
    setup_levels: list[Annotated[str, Field(max_length=32)]] = Field(
        default_factory=list, max_length=5, strict=True, title=LAST_SETUP)
    setup_characters: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list, max_length=5, strict=True, title=LAST_SETUP)
    setup_options: dict[Annotated[str, Field(max_length=64)], bool] = Field(
        default_factory=dict, max_length=16, strict=True, title=LAST_SETUP)
    setup_expert: bool = Field(False, strict=True, title=LAST_SETUP)
    setup_modules: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list, max_length=8, strict=True, title=LAST_SETUP)  # modules chosen


LEGACY = tuple(AacSettings.model_fields)  # the top-level keys of files before sections


def of(settings: Settings) -> AacSettings:
    """This game's section of `settings` (the same object every time)."""
    return settings.section(GAME, AacSettings)


OFF_ON = (("Off", False), ("On", True))
ROWS = [
    SettingRow("trapdoor_physics", "Trapdoor physics", OFF_ON,
               "Deploys launch their energy with the spring trapdoor (off: a plain flight)"),
    SettingRow("trapdoor_autofire", "Your trapdoor launches",
               (("Wait for my pull", False), ("Fire by themselves", True)),
               "Whether your deploys wait for you to pull the plunger and let go"),
]

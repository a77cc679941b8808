"""User settings: a pydantic model with ranges, stored as JSON in the per-user config folder.

A damaged or foreign settings file never stops the game: every value that cannot be read is
replaced by its default, the reason is kept as a one-line notice for the title screen, and
the file is rewritten atomically (engine.aac.persist.io.atomic_write: a unique temp name, fsync,
rename)."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.aac.persist.dirs import APP, ENV, data_root
from engine.aac.persist.io import atomic_write
from engine.kernel import files

ANIM_SPEEDS = (("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0), ("Very fast", 4.0),
               ("Instant", 0.0))
BOT_DELAYS = (("Instant", 0.0), ("Quick", 0.25), ("Relaxed", 0.7), ("Slow", 1.5))
VOLUMES = (("Off", 0.0), ("Low", 0.35), ("Medium", 0.7), ("High", 1.0))
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
MAX_WINDOW = (7680, 4320)  # 8K; App clamps further to the screen it opens on
MIN_WINDOW = (1280, 720)
MAX_FILE = 64 * 1024  # a settings file is a few hundred bytes
NAME_LEN = 20  # a player's name, in characters


def user_dir(kind: str = "config") -> Path:
    """Per-user directory: platformdirs' folders, or $AAC_HOME/<kind> (tests, portable use)."""
    if kind == "config" and not os.environ.get(ENV):
        return Path(platformdirs.user_config_dir(APP, appauthor=False))
    return data_root() / kind


def _nearest(v: float, allowed: tuple[tuple[str, float], ...]) -> float:
    return min((val for _, val in allowed), key=lambda a: (abs(a - v), a))


class Settings(BaseModel):
    """Every setting with its range; a value outside its menu snaps to the nearest entry."""

    model_config = ConfigDict(validate_assignment=True, extra="ignore")

    window_w: int = Field(1600, ge=MIN_WINDOW[0], le=MAX_WINDOW[0], strict=True)
    window_h: int = Field(900, ge=MIN_WINDOW[1], le=MAX_WINDOW[1], strict=True)
    fullscreen: bool = Field(False, strict=True)
    anim_speed: float = 1.0  # 0 = instant
    bot_delay: float = 0.25  # minimum seconds a bot "thinks" (so humans can follow)
    colour_safe: bool = Field(True, strict=True)  # seat shapes on every token, not just colours
    show_log: bool = Field(False, strict=True)
    # Hot-seat: cover the table between two human seats every time, or only when something
    # private is on screen (expert secret loading).
    handoff_always: bool = Field(False, strict=True)
    # Deploys launch their energy with the pymunk spring trapdoor (off: a plain flight).
    trapdoor_physics: bool = Field(True, strict=True)
    # A person's deploy waits for them to pull the trapdoor's plunger and let go (or press
    # "Fire for me"); on: it fires by itself like a bot's.
    trapdoor_autofire: bool = Field(False, strict=True)
    trapdoor_hint_seen: bool = Field(False, strict=True)  # the first-pull hint was shown
    # Bots' moves play three times as fast, with no thinking pause and no trapdoor physics.
    fast_bots: bool = Field(False, strict=True)
    # The hint (H) with two or more people at the table (hot-seat): off unless chosen.
    hints_hot_seat: bool = Field(False, strict=True)
    # Players' names by seat, as last typed in the set-up.
    player_names: list[Annotated[str, Field(max_length=NAME_LEN)]] = Field(
        default_factory=list, max_length=5, strict=True)
    # The last set-up started (restored the next time): seat kinds, bot levels, characters
    # ("" = random), rules options and the expert variant. No seats = none remembered.
    setup_humans: list[bool] = Field(default_factory=list, max_length=5, strict=True)
    setup_levels: list[Annotated[str, Field(max_length=32)]] = Field(
        default_factory=list, max_length=5, strict=True)
    setup_characters: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list, max_length=5, strict=True)
    setup_options: dict[Annotated[str, Field(max_length=64)], bool] = Field(
        default_factory=dict, max_length=16, strict=True)
    setup_expert: bool = Field(False, strict=True)
    setup_modules: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list, max_length=8, strict=True)  # expansion modules chosen
    volume: float = 0.7  # master volume of the sound effects, 0..1
    mute: bool = Field(False, strict=True)

    @field_validator("anim_speed", "bot_delay", "volume", mode="before")
    @classmethod
    def _a_number(cls, v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, int | float) or v != v:
            raise ValueError("must be a number")
        return v

    @field_validator("anim_speed")
    @classmethod
    def _speed_in_menu(cls, v: float) -> float:
        return _nearest(v, ANIM_SPEEDS)

    @field_validator("bot_delay")
    @classmethod
    def _delay_in_menu(cls, v: float) -> float:
        return _nearest(v, BOT_DELAYS)

    @field_validator("volume")
    @classmethod
    def _volume_in_menu(cls, v: float) -> float:
        return _nearest(v, VOLUMES)

    # --- the file ---------------------------------------------------------------------------
    @classmethod
    def default_path(cls) -> Path:
        return user_dir("config") / "settings.json"

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        return cls.load_with_notice(path)[0]

    @classmethod
    def load_with_notice(cls, path: Path | None = None) -> tuple[Settings, str]:
        """(settings, notice): the notice is "" for a good file (or none yet), else one line
        saying what was reset; a damaged file is rewritten with what could be kept."""
        path = path or cls.default_path()
        try:
            text = files.read_text(path, MAX_FILE)  # a regular file only, bounded
        except files.Unreadable as exc:
            if exc.missing:
                return cls(), ""
            return cls._reset(path, "it is far too large" if exc.too_large else exc.why)
        try:
            raw = json.loads(text)
        except RecursionError:
            return cls._reset(path, "it is nested too deeply")
        except ValueError:
            return cls._reset(path, "it is not valid JSON")
        if not isinstance(raw, dict):
            return cls._reset(path, "it does not hold a set of settings")
        kept: dict[str, Any] = {}
        bad: list[str] = []
        for name in cls.model_fields:
            if name not in raw:
                continue
            try:
                cls.model_validate({name: raw[name]})
            except ValidationError:
                bad.append(name)
                continue
            kept[name] = raw[name]
        st = cls.model_validate(kept)
        snapped = [k for k, v in kept.items() if getattr(st, k) != v]
        if not bad and not snapped:
            return st, ""
        if bad:
            notice = (f"Some settings could not be read ({_labels(bad)}) "
                      "and were reset to their defaults.")
        else:
            notice = (f"Some settings were outside their choices "
                      f"({_labels(snapped)}) and were set to the nearest.")
        print(f"settings: {path}: {notice}", file=sys.stderr)
        st.save(path)
        return st, notice

    @classmethod
    def _reset(cls, path: Path, why: str) -> tuple[Settings, str]:
        st = cls()
        st.save(path)
        notice = f"Your settings file could not be used ({why}); the defaults are in use."
        print(f"settings: {path}: {why}; defaults in use", file=sys.stderr)
        return st, notice

    def save(self, path: Path | None = None) -> bool:
        """Write atomically; False (and the old file untouched) if the disk refuses."""
        path = path or self.default_path()
        try:
            atomic_write(path, json.dumps(self.model_dump(), indent=2))
        except OSError:
            return False
        with contextlib.suppress(OSError):  # left by versions that used a fixed temp name
            path.with_suffix(".tmp").unlink(missing_ok=True)
        return True


# Every setting's name as the player reads it: the Settings scene's row labels and the
# notices about a settings file both use these (never a field's code name).
LABELS: dict[str, str] = {
    "window_w": "Window size", "window_h": "Window size",
    "fullscreen": "Fullscreen",
    "anim_speed": "Animation speed",
    "bot_delay": "Bot thinking pause",
    "colour_safe": "Colour-safe symbols",
    "show_log": "The log drawer",
    "handoff_always": "Hand-off between humans",
    "trapdoor_physics": "Trapdoor physics",
    "fast_bots": "Fast bots",
    "volume": "Sound volume",
    "mute": "Mute sound",
    "trapdoor_autofire": "Your trapdoor launches",
    "hints_hot_seat": "Hints with several people",
    "trapdoor_hint_seen": "The trapdoor's first-pull hint",
    "player_names": "Players' names",
    "setup_humans": "The last set-up", "setup_levels": "The last set-up",
    "setup_characters": "The last set-up", "setup_options": "The last set-up",
    "setup_expert": "The last set-up", "setup_modules": "The last set-up",
}


def label(name: str) -> str:
    """A setting's name as the player reads it (a field without a label reads "a setting",
    never its code name; tests keep every field labelled)."""
    return LABELS.get(name, "a setting")


def _labels(names: list[str]) -> str:
    return ", ".join(dict.fromkeys(label(n) for n in names))

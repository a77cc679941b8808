"""User settings: a pydantic model with ranges, stored as JSON in the per-user config folder.

A damaged or foreign settings file never stops the game: every value that cannot be read is
replaced by its default, the reason is kept as a one-line notice for the title screen, and
the file is rewritten atomically (engine.kernel.saves.atomic_write: a unique temp name, fsync,
rename).

Each game keeps its own settings in a section (`games[<game id>]`), checked with the game's
model (`section`); a key a game once kept at the top level of the file (`legacy`) moves into
its section when the file is read."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from engine.kernel import files
from engine.kernel.saves import atomic_write
from game.shell.dirs import user_dir

ANIM_SPEEDS = (("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0), ("Very fast", 4.0),
               ("Instant", 0.0))
BOT_DELAYS = (("Instant", 0.0), ("Quick", 0.25), ("Relaxed", 0.7), ("Slow", 1.5))
VOLUMES = (("Off", 0.0), ("Low", 0.35), ("Medium", 0.7), ("High", 1.0))
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
MAX_WINDOW = (7680, 4320)  # 8K; App clamps further to the screen it opens on
MIN_WINDOW = (1280, 720)
MAX_FILE = 64 * 1024  # a settings file is a few hundred bytes
NAME_LEN = 20  # a player's name, in characters


def _nearest(v: float, allowed: tuple[tuple[str, float], ...]) -> float:
    return min((val for _, val in allowed), key=lambda a: (abs(a - v), a))


class Settings(BaseModel):
    """Every setting with its range; a value outside its menu snaps to the nearest entry."""

    model_config = ConfigDict(validate_assignment=True, extra="ignore")
    _sections: dict[str, BaseModel] = PrivateAttr(default_factory=dict)

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
    # Bots' moves play three times as fast, with no thinking pause and no trapdoor physics.
    fast_bots: bool = Field(False, strict=True)
    # The hint (H) with two or more people at the table (hot-seat): off unless chosen.
    hints_hot_seat: bool = Field(False, strict=True)
    # Players' names by seat, as last typed in the set-up.
    player_names: list[Annotated[str, Field(max_length=NAME_LEN)]] = Field(
        default_factory=list, max_length=5, strict=True)
    # Each game's own section (game.shell.registry.FrontEnd.settings_model): its id -> its
    # settings as saved; read through `section`, which checks them with the game's model.
    games: dict[Annotated[str, Field(max_length=64)], dict[Annotated[str, Field(max_length=64)],
                                                          Any]] = Field(
        default_factory=dict, max_length=16, strict=True)
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
    def load(cls, path: Path | None = None, sections: Sections | None = None) -> Settings:
        return cls.load_with_notice(path, sections)[0]

    # --- the games' sections -------------------------------------------------------------------
    def section(self, game: str, model: type[M]) -> M:
        """Game `game`'s settings, checked with its model: a value it cannot take is its
        default (load_with_notice has said so). The same object every time: set its fields,
        then `save`."""
        got = self._sections.get(game)
        if not isinstance(got, model):
            got = _checked(model, self.games.get(game, {}))[0]
            self._sections[game] = got
        return got

    def _dump_sections(self) -> None:
        for game, obj in self._sections.items():
            self.games = {**self.games, game: obj.model_dump()}

    @classmethod
    def load_with_notice(cls, path: Path | None = None,
                         sections: Sections | None = None) -> tuple[Settings, str]:
        """(settings, notice): the notice is "" for a good file (or none yet), else one line
        saying what was reset; a damaged file is rewritten with what could be kept.
        `sections`: each game's model and the top-level keys it kept in older files."""
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
        raw = _move_legacy(raw, sections or {})
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
        snapped = [k for k, v in kept.items() if getattr(st, k) != v and k != "games"]
        for game, (model, _legacy) in (sections or {}).items():
            obj, bad_here, snapped_here = _checked(model, st.games.get(game, {}))
            st._sections[game] = obj
            bad += [_field_key(model, n) for n in bad_here]
            snapped += [_field_key(model, n) for n in snapped_here]
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
        self._dump_sections()
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
    "games": "The games' own settings",
}


def label(name: str) -> str:
    """A setting's name as the player reads it (a field without a label reads "a setting",
    never its code name; tests keep every field labelled). A game's field is named
    "<game>.<field>" and labelled by its model's `title`."""
    return LABELS.get(name) or _SECTION_LABELS.get(name, "a setting")


M = TypeVar("M", bound=BaseModel)
Sections = Mapping[str, tuple[type[BaseModel], tuple[str, ...]]]  # game -> (model, legacy keys)
_SECTION_LABELS: dict[str, str] = {}


def _field_key(model: type[BaseModel], name: str) -> str:
    key = f"{model.__module__}.{name}"
    info = model.model_fields.get(name)
    _SECTION_LABELS[key] = (info.title if info is not None and info.title else "a setting")
    return key


def _checked(model: type[M], raw: Any) -> tuple[M, list[str], list[str]]:
    """(the section, fields it could not read, fields set to the nearest choice): every
    field that cannot be read is its default."""
    raw = raw if isinstance(raw, dict) else {}
    kept: dict[str, Any] = {}
    bad: list[str] = []
    for name in model.model_fields:
        if name not in raw:
            continue
        try:
            model.model_validate({name: raw[name]})
        except ValidationError:
            bad.append(name)
            continue
        kept[name] = raw[name]
    obj = model.model_validate(kept)
    snapped = [k for k, v in kept.items() if getattr(obj, k) != v]
    return obj, bad, snapped


def _move_legacy(raw: dict[str, Any], sections: Sections) -> dict[str, Any]:
    """Keys a game kept at the top level of older files, moved into its section (a value
    already in the section wins)."""
    out = dict(raw)
    games = out.get("games")
    games = dict(games) if isinstance(games, dict) else {}
    moved = False
    for game, (_model, legacy) in sections.items():
        found = {k: out.pop(k) for k in legacy if k in out}
        if found:
            old = games.get(game)
            games[game] = {**found, **(old if isinstance(old, dict) else {})}
            moved = True
    if moved:
        out["games"] = games
    return out


def _labels(names: list[str]) -> str:
    return ", ".join(dict.fromkeys(label(n) for n in names))


@dataclass(frozen=True)
class SettingRow:
    """A setting of a game's own section on the Settings screen: `field` of the game's
    settings model, cycled through `choices` ((label, value) pairs)."""

    field: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    tip: str = ""

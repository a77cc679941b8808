"""User settings, stored as JSON in the per-user config directory."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

ANIM_SPEEDS = (("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0), ("Very fast", 4.0),
               ("Instant", 0.0))
BOT_DELAYS = (("Instant", 0.0), ("Quick", 0.25), ("Relaxed", 0.7), ("Slow", 1.5))
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


def user_dir(kind: str = "config") -> Path:
    """Per-user directory: platformdirs' folders, or $AAC_HOME/<kind> (tests, portable use)."""
    from engine.persist.dirs import APP, ENV, data_root

    if kind == "config" and not os.environ.get(ENV):
        import platformdirs

        return Path(platformdirs.user_config_dir(APP, appauthor=False))
    return data_root() / kind


@dataclass
class Settings:
    window_w: int = 1600
    window_h: int = 900
    fullscreen: bool = False
    anim_speed: float = 1.0  # 0 = instant
    bot_delay: float = 0.25  # minimum seconds a bot "thinks" (so humans can follow)
    colour_safe: bool = True  # draw seat shapes on every token, not just colours
    show_log: bool = False
    # Hot-seat: cover the table between two human seats every time (friends passing a laptop
    # expect it), or only when something private is on screen (expert secret loading).
    handoff_always: bool = True
    # Deploys launch their energy with the pymunk spring trapdoor (off: a plain flight).
    trapdoor_physics: bool = True

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or user_dir("config") / "settings.json"
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            names = {f.name for f in fields(cls)}
            return cls(**{k: v for k, v in raw.items() if k in names})
        except (OSError, ValueError, TypeError):
            return cls()

    def save(self, path: Path | None = None) -> None:
        path = path or user_dir("config") / "settings.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
            tmp.replace(path)
        except OSError:
            pass

"""Hand-written SVG icons, rasterised with pygame.image.load_sized_svg. Each game's front end
adds its folder of icons (`add_folder`, e.g. assets/aac/icons); the product's own are in
assets/app."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.shell.theme import ASSETS

FOLDERS: list[Path] = [ASSETS / "app"]

_cache: dict[tuple[str, int], pygame.Surface] = {}


def add_folder(folder: Path) -> None:
    """Icons of a game (looked up after the ones added before it)."""
    if folder not in FOLDERS:
        FOLDERS.append(folder)


def path_of(name: str) -> Path:
    """The SVG file of icon `name` (FileNotFoundError if no folder has it)."""
    for folder in FOLDERS:
        p = folder / f"{name}.svg"
        if p.is_file():
            return p
    raise FileNotFoundError(f"no icon named {name!r}")


def icon(name: str, px: int) -> pygame.Surface:
    """The icon `name` rasterised at `px` x `px` pixels (cached)."""
    px = max(4, int(px))
    key = (name, px)
    s = _cache.get(key)
    if s is None:
        s = pygame.image.load_sized_svg(str(path_of(name)), (px, px))
        if pygame.display.get_surface() is not None:
            s = s.convert_alpha()
        _cache[key] = s
    return s


def clear_cache() -> None:
    _cache.clear()

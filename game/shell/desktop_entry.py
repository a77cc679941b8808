"""Linux: the game in the desktop's application menu (a freedesktop.org desktop entry).

The download is a plain folder; `AnAgeContrived --install-desktop-entry` writes
~/.local/share/applications/an-age-contrived.desktop ($XDG_DATA_HOME) pointing at this very
folder's executable and icon, so the menu entry and the window's icon work from wherever the
folder was unpacked (run it again after moving the folder). build.spec also ships the same
entry with bare names (`Exec=AnAgeContrived`, `Icon=AnAgeContrived`) for packagers.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

FILE_NAME = "an-age-contrived.desktop"
NAME = "AnAgeContrived"


def entry(exec_path: str, icon: str) -> str:
    """The desktop entry's text; paths with spaces are quoted as the specification asks."""
    quoted = f'"{exec_path}"' if " " in exec_path else exec_path
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=An Age Contrived",
        "GenericName=Board game",
        "Comment=A game of energy, tiles and monuments, against bots or friends at one screen",
        f"Exec={quoted}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=board game;strategy;hot-seat;",
        "",
    ])


def applications_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "applications"


def install(folder: Path | None = None) -> Path:
    """Write the entry for the bundle in `folder` (default: this executable's folder)."""
    folder = (folder or Path(sys.executable).parent).resolve()
    exe, icon = folder / NAME, folder / f"{NAME}.png"
    if not exe.is_file() or not icon.is_file():
        raise FileNotFoundError(f"{folder} does not hold the packaged game ({NAME} and its icon)")
    out = applications_dir() / FILE_NAME
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(entry(str(exe), str(icon)), encoding="utf-8")
    out.chmod(0o755)
    return out


def main() -> int:
    """`--install-desktop-entry`: one line saying what was written, or why not."""
    if not sys.platform.startswith("linux"):
        print("The desktop entry is for Linux; Windows and macOS need none.")
        return 1
    if not getattr(sys, "frozen", False):
        print("The desktop entry is for the packaged game (make dist); from source, use "
              "`make play`.")
        return 1
    try:
        path = install()
    except OSError as exc:
        print(f"The desktop entry could not be written: {exc}")
        return 1
    print(f"The game is now in your applications menu ({path}).")
    return 0

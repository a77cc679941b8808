"""The player's own per-user folders, kept out of the tests' reach (issue 29 item 9).

`isolate()` runs once, from tests/conftest.py, before the game is imported: it notes where the
player's real folders are (platformdirs' data and config folders of the product, and
$AAC_HOME if the player set one) and what they hold, then gives the session a folder of its
own: $AAC_HOME, and HOME and the XDG folders too, so that a test that unsets $AAC_HOME, a
desktop entry, or a process the tests start all land there. `changes()` lists what changed in
the real folders since (conftest fails the session on any change; a test checks it too).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import platformdirs

APP = "AnAgeContrived"  # game.shell.dirs.APP (not imported: the game must not load first)
ENV = "AAC_HOME"
XDG = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")

Listing = dict[str, tuple[int, int]]  # relative path -> (size, mtime in ns)

real: list[Path] = []  # the player's folders, as they were before the session
before: dict[Path, Listing] = {}
home: Path | None = None  # the session's own per-user folder


def listing(folder: Path) -> Listing:
    """Every file and folder under `folder` with its size and time (empty if it is absent)."""
    out: Listing = {}
    if not folder.is_dir():
        return out
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root, name)
            try:
                st = p.lstat()
            except OSError:
                continue
            out[str(p.relative_to(folder))] = (st.st_size if name in files else 0,
                                               st.st_mtime_ns)
    return out


def real_folders() -> list[Path]:
    """Where the game keeps a player's files with the environment as it is now."""
    out = [Path(platformdirs.user_data_dir(APP, appauthor=False)),
           Path(platformdirs.user_config_dir(APP, appauthor=False))]
    if os.environ.get(ENV):
        out.append(Path(os.environ[ENV]))
    return list(dict.fromkeys(out))


def isolate() -> Path:
    """Note the real folders, then point every per-user folder of the session elsewhere."""
    global home
    if home is not None:
        return home
    real[:] = real_folders()
    before.update({f: listing(f) for f in real})
    home = Path(tempfile.mkdtemp(prefix="aac-tests-"))
    atexit.register(shutil.rmtree, home, True)
    os.environ[ENV] = str(home / "aac")
    os.environ["HOME"] = str(home / "home")
    os.environ["USERPROFILE"] = str(home / "home")  # Windows' HOME
    for var in XDG:
        os.environ[var] = str(home / "home" / var.lower())
    for var in ("APPDATA", "LOCALAPPDATA"):  # Windows (where platformdirs reads them)
        os.environ[var] = str(home / "home" / var.lower())
    return home


def changes() -> list[str]:
    """What changed in the player's real folders since the session began ("" for none)."""
    out: list[str] = []
    for folder in real:
        now = listing(folder)
        old = before.get(folder, {})
        for rel in sorted(now.keys() - old.keys()):
            out.append(f"new: {folder / rel}")
        for rel in sorted(old.keys() - now.keys()):
            out.append(f"removed: {folder / rel}")
        for rel in sorted(old.keys() & now.keys()):
            if old[rel] != now[rel] and not Path(folder, rel).is_dir():
                out.append(f"changed: {folder / rel}")
    return out

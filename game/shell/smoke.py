"""`--smoke`: a headless self-test of the game, meant above all for the packaged executable.

It starts headless (SDL's dummy video and audio drivers, set before pygame is imported),
opens the title menu, plays a short bots-only game through the real engine and front end
(game.app.App with animations on), saves it, reloads it with ``verify=True`` and checks the
reloaded game waits on the same decision; it also opens a shipped scenario the way the Load
menu does. Saves, autosaves and settings go to a temporary per-user folder ($AAC_HOME), which
is removed afterwards; the bundle (or the repo's assets/ and saves/) must not be written.

It prints one summary line and returns 0, or prints ``smoke FAILED ...`` and returns 1.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from engine.version import version as game_version

_T_IMPORT = time.perf_counter()


def process_age() -> float | None:
    """Seconds since this process started (Linux: from /proc), or None where unknown."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            after_name = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(after_name[19])  # field 22 of stat(5): starttime, in clock ticks
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def version() -> str:
    """The game's version (engine.version: the bundle's VERSION file, else the metadata)."""
    return game_version()


class SmokeError(Exception):
    """A smoke check failed; str() says which and why."""


def _check(ok: object, what: str) -> None:
    if not ok:
        raise SmokeError(what)


def _snapshot(roots: list[Path]) -> dict[str, tuple[int, int]]:
    """(mtime_ns, size) of every file under `roots`, to tell later whether any was written."""
    out: dict[str, tuple[int, int]] = {}
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = os.path.join(dirpath, name)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                out[p] = (st.st_mtime_ns, st.st_size)
    return out


def _game_folders() -> list[Path]:
    """The folders the game ships: the whole bundle when frozen, else assets/ and saves/."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return [Path(bundle)]
    root = Path(__file__).resolve().parents[2]
    return [root / "assets", root / "saves"]


def _play(frames: int, seed: int, players: int, home: Path) -> dict[str, Any]:
    step = "starting pygame"
    info: dict[str, Any] = {}
    before = _snapshot(_game_folders())
    import pygame

    from game.shell.app import App
    from game.shell.settings import Settings

    step = "opening the menu"
    age0 = process_age()
    t0 = time.perf_counter()
    app: App | None = None
    try:
        app = App((1280, 720), Settings(anim_speed=2.0, bot_delay=0.0), persist=True,
                  headless=True)
        _check(app.scene.__class__.__name__ == "MenuScene", "the app did not open on the menu")
        app.step(1 / 60)
        age = process_age()
        if age is not None and age0 is not None:
            info["menu_s"], info["menu_from"] = age, "process start"
        else:
            info["menu_s"] = time.perf_counter() - t0 + (t0 - _T_IMPORT)
            info["menu_from"] = "smoke start"

        step = "starting the bots' worker process"
        tw = time.perf_counter()
        _check(app.bot_worker.wait_ready(120.0) and app.bot_worker.error is None,
               f"it is not ready: {app.bot_worker.error!r}")
        info["worker_s"] = time.perf_counter() - tw

        step = "starting a bots' game"
        from engine.aac.persist import load_game, save_game
        from engine.aac.state import state_to_dict
        from game.shell.session import SeatSpec, Session, saves_dir

        levels = ("random", "easy", "random", "easy", "random")
        seats = [SeatSpec(human=False, level=levels[i]) for i in range(players)]
        session = Session.new(seats, seed)
        app.start_session(session)
        _check(app.scene.__class__.__name__ == "TableScene", "the table did not open")

        step = "playing"
        tp = time.perf_counter()
        for _ in range(frames):
            app.step(1 / 60)
            if app.bot_worker.error is not None:
                raise SmokeError(f"a bot failed: {app.bot_worker.error!r}")
            if app.scene.__class__.__name__ != "TableScene":
                break
        info["frames"] = frames
        info["play_s"] = time.perf_counter() - tp
        game = session.game
        info["decisions"] = len(game.history)
        _check(len(game.history) >= 3,
               f"the bots made only {len(game.history)} decisions in {frames} frames")
        _check(game.pending is not None or game.is_over, "no pending decision and not over")

        step = "saving"
        path = saves_dir() / "smoke.json"
        save_game(game, path, note="smoke test")
        _check(path.is_file(), f"the save {path} was not written")
        _check(home in path.resolve().parents, f"the save went to {path}, not under {home}")

        step = "reloading the save"
        loaded = load_game(path, verify=True)
        _check(loaded.pending == game.pending,
               "the reloaded game's pending decision differs from the original's")
        _check(state_to_dict(loaded.state) == state_to_dict(game.state),
               "the reloaded game's state differs from the original's")
        _check(loaded.history == game.history, "the reloaded choices differ")

        step = "resuming the save in the front end"
        app.start_session(Session.load(path))
        for _ in range(5):
            app.step(1 / 60)
        if app.bot_worker.error is not None:
            raise SmokeError(f"a bot failed: {app.bot_worker.error!r}")

        step = "opening a shipped scenario from the Load menu"
        from game.shell.scenes.menu import LoadScene

        app.open_menu()
        load_scene = LoadScene(app)
        app.set_scene(load_scene)
        app.step(1 / 60)
        labels = [getattr(n, "label", getattr(n, "text", "")) for n in
                  getattr(load_scene, "children", [])]
        scen = [str(x) for x in labels if "(scenario)" in str(x)]
        _check(scen, "the Load menu lists no shipped scenario (saves/scenarios not found)")
        from game.shell.theme import ASSETS

        scen_dir = ASSETS.parent / "saves" / "scenarios" / "aac"
        first = sorted(scen_dir.glob("*.json"))[0]
        load_scene.load(first)
        _check(not load_scene.error, f"the scenario did not load: {load_scene.error}")
        _check(app.scene.__class__.__name__ == "TableScene", "the scenario's table did not open")
        for _ in range(3):
            app.step(1 / 60)
        info["scenarios"] = len(scen)

        step = "saving the settings"
        app.save_settings()
        from game.shell.settings import user_dir

        settings_file = user_dir("config") / "settings.json"
        _check(settings_file.is_file() and home in settings_file.resolve().parents,
               f"the settings were not written under {home} ({settings_file})")
    except SmokeError as exc:
        raise SmokeError(f"{step}: {exc}") from None
    except Exception as exc:
        raise SmokeError(f"{step}: {type(exc).__name__}: {exc}") from exc
    finally:
        if app is not None:
            app.bot_worker.stop()
        pygame.quit()

    step = "checking nothing was written inside the game's folder"
    after = _snapshot(_game_folders())
    stray = sorted(p for p in after.keys() | before.keys() if after.get(p) != before.get(p))
    _check(not stray, f"{step}: {', '.join(stray[:3])}")
    return info


def run(frames: int = 300, seed: int = 11, players: int = 3) -> int:
    """The --smoke self-test; returns the process exit code."""
    t0 = time.perf_counter()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if "pygame" in sys.modules:
        print("smoke: warning: pygame was imported before the smoke test set the dummy "
              "drivers", file=sys.stderr)
    old_home = os.environ.get("AAC_HOME")
    home = Path(tempfile.mkdtemp(prefix="aac-smoke-")).resolve()
    os.environ["AAC_HOME"] = str(home)
    try:
        info = _play(frames, seed, players, home)
    except SmokeError as exc:
        print(f"smoke FAILED at {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # anything unexpected: still one readable line, after the trace
        traceback.print_exc()
        print(f"smoke FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(home, ignore_errors=True)
        if old_home is None:
            os.environ.pop("AAC_HOME", None)
        else:
            os.environ["AAC_HOME"] = old_home
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    print(f"smoke ok: An Age Contrived {version()} ({frozen}); menu in {info['menu_s']:.2f}s "
          f"from {info['menu_from']}; {info['frames']} frames, {info['decisions']} decisions "
          f"by bots in {info['play_s']:.2f}s; save reloaded with verify, same pending "
          f"decision; {info['scenarios']} scenarios listed; bots' process ready in "
          f"{info['worker_s']:.2f}s; total "
          f"{time.perf_counter() - t0:.2f}s", flush=True)
    return 0

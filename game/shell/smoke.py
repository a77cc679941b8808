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
    info: dict[str, Any] = {"decisions": 0, "play_s": 0.0, "scenarios": 0, "games": []}
    before = _snapshot(_game_folders())
    import pygame

    from engine.kernel import saves
    from game.shell.app import App
    from game.shell.dirs import saves_dir, user_dir
    from game.shell.registry import front_ends
    from game.shell.saves import scenarios
    from game.shell.scenes.base import PlayScene
    from game.shell.scenes.load import LoadScene
    from game.shell.scenes.menu import MenuScene, PickerScene
    from game.shell.session import SeatSpec, Session
    from game.shell.settings import Settings

    step = "opening the menu"
    age0 = process_age()
    t0 = time.perf_counter()
    app: App | None = None
    try:
        app = App((1280, 720), Settings(anim_speed=2.0, bot_delay=0.0), persist=True,
                  headless=True)
        want = PickerScene if len(front_ends()) > 1 else MenuScene
        _check(isinstance(app.scene, want), "the app did not open on its first screen")
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

        for front in front_ends():
            defn = front.definition
            title = front.title
            info["games"].append(title)
            app.choose_game(front)
            app.open_menu()
            step = f"{title}: starting a bots' game"
            n = max(defn.seats[0], min(players, defn.seats[1]))
            levels = [lv for lv in defn.bot_levels if lv != "random"][:1] or ["random"]
            seats = [SeatSpec(human=False, level=("random", levels[0])[i % 2])
                     for i in range(n)]
            game = defn.new_game(defn.config_for(n, seed))
            session = front.session(game, seats, seed)
            app.start_session(session)
            _check(isinstance(app.scene, PlayScene), "the table did not open")

            step = f"{title}: playing"
            tp = time.perf_counter()
            for _ in range(frames):
                app.step(1 / 60)
                if app.bot_worker.error is not None:
                    raise SmokeError(f"a bot failed: {app.bot_worker.error!r}")
                if not isinstance(app.scene, PlayScene):
                    break
            info["frames"] = frames
            info["play_s"] += time.perf_counter() - tp
            game = session.game
            info["decisions"] += len(game.history)
            _check(len(game.history) >= 3,
                   f"the bots made only {len(game.history)} decisions in {frames} frames")
            _check(game.pending is not None or game.is_over, "no pending decision and not over")

            step = f"{title}: saving"
            path = saves_dir() / f"smoke-{front.folder}.json"
            session.save(path, "smoke test")
            _check(path.is_file(), f"the save {path} was not written")
            _check(home in path.resolve().parents, f"the save went to {path}, not under {home}")

            step = f"{title}: reloading the save"
            loaded = saves.load(path, defn, verify=True)
            _check(loaded.pending == game.pending,
                   "the reloaded game's pending decision differs from the original's")
            _check(saves.canonical(loaded.snapshot()) == saves.canonical(game.snapshot()),
                   "the reloaded game's state differs from the original's")
            _check(loaded.history == game.history, "the reloaded choices differ")

            step = f"{title}: resuming the save in the front end"
            app.start_session(Session.load(path))
            for _ in range(5):
                app.step(1 / 60)
            if app.bot_worker.error is not None:
                raise SmokeError(f"a bot failed: {app.bot_worker.error!r}")

            step = f"{title}: opening a shipped scenario from the Load menu"
            shipped = scenarios(front)
            if not shipped:
                continue
            app.open_menu()
            load_scene = LoadScene(app, tab="scenarios")
            app.set_scene(load_scene)
            app.step(1 / 60)
            labels = [getattr(nd, "label", getattr(nd, "text", "")) for nd in
                      getattr(load_scene, "children", [])]
            scen = [str(x) for x in labels if "(scenario)" in str(x)]
            _check(scen, "the Load menu lists no shipped scenario")
            load_scene.load(shipped[0].path)
            _check(not load_scene.error, f"the scenario did not load: {load_scene.error}")
            _check(isinstance(app.scene, PlayScene) or shipped[0].over,
                   "the scenario's table did not open")
            for _ in range(3):
                app.step(1 / 60)
            info["scenarios"] += len(scen)

        step = "saving the settings"
        app.save_settings()
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


def prepare() -> None:
    """SDL's headless drivers, set before pygame is imported (the entry point calls this
    before it imports the games)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def run(frames: int = 300, seed: int = 11, players: int = 3) -> int:
    """The --smoke self-test (the installed games registered first: game.games); returns the
    process exit code."""
    t0 = time.perf_counter()
    if os.environ.get("SDL_VIDEODRIVER") != "dummy":
        if "pygame" in sys.modules:
            print("smoke: warning: pygame was imported before the smoke test set the dummy "
                  "drivers", file=sys.stderr)
        prepare()
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
    print(f"smoke ok: {', '.join(info['games'])} {version()} ({frozen}); menu in "
          f"{info['menu_s']:.2f}s "
          f"from {info['menu_from']}; {info['frames']} frames, {info['decisions']} decisions "
          f"by bots in {info['play_s']:.2f}s; save reloaded with verify, same pending "
          f"decision; {info['scenarios']} scenarios listed; bots' process ready in "
          f"{info['worker_s']:.2f}s; total "
          f"{time.perf_counter() - t0:.2f}s", flush=True)
    return 0

"""Entry point: ``python -m game`` (also the PyInstaller entry script)."""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import sys
from collections.abc import Iterator

from game.shell import crash

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Windows: the window is per-monitor DPI aware (sharp at 125 % or 150 % display scaling, not
# a stretched bitmap); the bundle's manifest says the same (release/windows.py).
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")

NO_DISPLAY = ("No display could be opened: An Age Contrived needs a screen (set DISPLAY, or "
              "run it from a desktop session).")
HEADLESS_DRIVERS = ("offscreen", "dummy")


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence the C library's stderr (file descriptor 2) for a moment."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def display_problem() -> str:
    """"" when a real screen can be opened, else the one sentence to print. Asking for a
    headless driver (SDL_VIDEODRIVER=dummy) is the user's choice and is respected; without
    one, SDL silently falls back to an invisible offscreen window, which we refuse."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return ""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return NO_DISPLAY
    import pygame

    try:
        with _quiet_stderr():  # SDL's own warnings while it probes (XDG_RUNTIME_DIR...)
            pygame.display.init()
            driver = pygame.display.get_driver()
    except pygame.error:
        return NO_DISPLAY
    if driver in HEADLESS_DRIVERS:
        pygame.display.quit()
        return NO_DISPLAY
    return ""


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()  # the bundle's bot worker process starts here
    p = argparse.ArgumentParser(prog="python -m game",
                                description="Board games at one table: An Age Contrived, "
                                            "Age of Reason")
    p.add_argument("--terminal", action="store_true", help="a bots' game in the terminal")
    p.add_argument("--screenshot", metavar="OUT.png", help="render to a PNG and exit")
    p.add_argument("--bench-frames", type=int, metavar="N", help="time N frames of bots")
    p.add_argument("--json", action="store_true", help="print the benchmark as JSON")
    p.add_argument("--bench-anims", action="store_true",
                   help="time frames of a trapdoor launch, a section snap and a tile push")
    p.add_argument("--bench-level", default="random", metavar="LEVEL",
                   help="the benchmark's bots: random, easy, normal or hard")
    p.add_argument("--humans", type=int, default=0, metavar="N",
                   help="the benchmark's people (the first N seats, played at random)")
    p.add_argument("--realtime", action="store_true",
                   help="the benchmark's frames start 1/60 s apart, as in the game")
    p.add_argument("--scenario", metavar="FILE", help="a save/scenario to show")
    p.add_argument("--size", default="1600x900", help="window size, e.g. 1600x900")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--moves", type=int, default=0, help="random moves to reach mid-game")
    p.add_argument("--guide", metavar="PAGE", nargs="?", const="",
                   help="open the guide (how to play) at PAGE, e.g. deploy or R9.3")
    p.add_argument("--tutorial", action="store_true",
                   help="the guided first game (resumes where it was left)")
    p.add_argument("--autoplay", action="store_true",
                   help="with --tutorial: play it through headless with synthesized clicks, "
                        "then let easy bots finish the game; exit 0 at the final scores")
    p.add_argument("--smoke", action="store_true",
                   help="headless self-test: a short bots' game, a save and a reload; exit 0")
    p.add_argument("--install-desktop-entry", action="store_true",
                   help="Linux: put the packaged game in the desktop's applications menu")
    a = p.parse_args(argv)
    if a.install_desktop_entry:
        from game.shell.desktop_entry import main as install_entry

        return install_entry()
    if a.terminal:
        from engine.cli import main as cli_main

        return cli_main(["play"])
    if a.smoke:
        from game.shell.smoke import prepare
        from game.shell.smoke import run as smoke

        prepare()  # SDL's headless drivers, before pygame is imported
    import game.games  # noqa: F401  (every installed game registers its front end)

    if a.smoke:
        return smoke()
    from game.shell.layout import parse_size

    size = parse_size(a.size)
    if a.tutorial and (a.autoplay or a.screenshot):
        from game.aac.tutorial import headless

        return headless.screenshot(a.screenshot, size) if a.screenshot else \
            headless.autoplay(size)
    if a.screenshot and a.guide is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.aac.guide.shots import screenshot as guide_shot

        return guide_shot(a.screenshot, size, a.guide)
    if a.screenshot:
        from game.aac.headless import screenshot

        return screenshot(a.screenshot, size, a.scenario, a.seed, a.players, a.moves)
    if a.bench_anims:
        from game.aac.headless import bench_anims

        return bench_anims(size, a.seed, a.json)
    if a.bench_frames:
        from game.aac.headless import bench

        return bench(a.bench_frames, size, a.scenario, a.seed, a.players,
                     a.moves or 0, a.json, a.bench_level, a.humans, a.realtime)
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    import pygame

    from game.shell.app import App

    try:
        app = App()
    except pygame.error:  # a driver the user named that cannot open a window either
        print(NO_DISPLAY, file=sys.stderr)
        return 1
    crash.watch(app)  # a crash keeps this app's game (game.crash)
    if a.scenario or a.moves:
        from game.aac.headless import build_session

        s = build_session(a.scenario, a.seed, a.players, a.moves)
        if s is not None:
            app.start_session(s)
    if a.tutorial:
        app.open_tutorial()
    if a.guide is not None:
        app.open_guide(a.guide or None)
    return app.run()


if __name__ == "__main__":
    # an unexpected exception: the game kept, a report, a window (game.crash)
    sys.exit(crash.guarded(main))

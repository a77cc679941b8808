"""Nothing a long evening of play leaks (issue 10): tables left for the menu are collected
with their games and caches, memory stays bounded over several games in one App, and the
frame-time history is bounded."""

from __future__ import annotations

import gc
import os
import weakref
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist.io import load_game  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import FRAME_HISTORY, App  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LAST_ROUND = ROOT / "saves" / "scenarios" / "aac" / "last-round-4p.json"


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


pytestmark = pytest.mark.app(size=(1280, 720))

def play_to_results(app: App) -> weakref.ref:
    game = load_game(LAST_ROUND)
    session = Session(game, [SeatSpec(human=False, level="random") for _ in range(4)], 3)
    app.start_session(session)
    table = app.scene
    for _ in range(20000):
        app.step(1 / 60)
        if type(app.scene).__name__ == "ResultsScene":
            break
    assert type(app.scene).__name__ == "ResultsScene", "the bots' game did not finish"
    app.open_menu()
    return weakref.ref(table)


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads RSS from /proc")
def test_tables_left_for_the_menu_are_collected(app: App) -> None:
    refs = [play_to_results(app)]
    gc.collect()
    base = rss_mb()
    for _ in range(4):
        refs.append(play_to_results(app))
    gc.collect()
    alive = [i for i, r in enumerate(refs) if r() is not None]
    assert alive == [], f"tables still alive after leaving them: games {alive}"
    grown = rss_mb() - base
    # each table held ~26 MB before the fix (gc.freeze never undone); allow allocator slack
    assert grown < 40, f"RSS grew {grown:.0f} MB over 4 more games"


def test_pause_menu_and_back_keeps_one_table(app: App) -> None:
    game = load_game(LAST_ROUND)
    app.start_session(Session(game, [SeatSpec(human=True)] + [SeatSpec(human=False)] * 3, 1))
    table = app.scene
    app.open_pause_menu(table)
    app.set_scene(table)  # resume: frozen again, still the same table
    app.step(1 / 60)
    assert app.scene is table
    app.open_menu()
    r = weakref.ref(table)
    del table
    gc.collect()
    assert r() is None


def test_frame_time_history_is_bounded(app: App) -> None:
    for _ in range(FRAME_HISTORY + 50):
        app.step(1 / 60, draw=False)
    assert len(app.frame_ms) == FRAME_HISTORY

"""Frame costs of zooming and panning Age of Reason's map (issue 31): a table mid-game, four
wheel gestures (five steps 50 ms apart, then a third of a second still: zoom in, zoom out,
twice) and a pan at 2x, every frame stepped and drawn, each timed by the thread's CPU clock.
The period map (game.aor.map_art) is rendered once per scale: a wheel gesture shows a
stand-in and renders the new scale once it stops; a pan only blits.

    python bench/aor_map_zoom.py [--size 1600x900]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["AAC_HOME"] = tempfile.mkdtemp(prefix="aor-zoom-")

import game.games  # noqa: E402,F401  (every game's front end registers)
from engine.aor.api import AOR  # noqa: E402
from game.aor.scenes.table import TableScene  # noqa: E402
from game.aor.session import AorSession  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.layout import parse_size  # noqa: E402
from game.shell.registry import front_end  # noqa: E402
from game.shell.settings import Settings  # noqa: E402


def summary(name: str, ms: list[float]) -> str:
    xs = sorted(ms)
    return (f"  {name:<16} {len(xs):5d} frames  median {xs[len(xs) // 2]:7.2f} ms  "
            f"p95 {xs[int(len(xs) * 0.95)]:7.2f} ms  max {xs[-1]:7.2f} ms  "
            f"total {sum(xs):7.0f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="1600x900")
    a = ap.parse_args(argv)
    size = parse_size(a.size)
    app = App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    app.choose_game(front_end(AOR.id))
    app.start_session(AorSession.mid_game(5, 4, 40, humans=1))
    app.step(1 / 60)
    app.render()
    t = app.scene
    assert isinstance(t, TableScene)
    mv = t.map_view

    def frame() -> float:
        t0 = time.thread_time()
        app.step(1 / 60)
        app.render()
        return (time.thread_time() - t0) * 1000

    wheel: list[float] = []
    for _ in range(2):
        for direction in (1, -1):
            for _ in range(5):
                mv.wheel(300.0, 300.0, direction)
                wheel += [frame() for _ in range(3)]
            wheel += [frame() for _ in range(20)]
    mv.zoom_to("area_deutsche_staaten", 2.0)
    frame()
    pan = []
    for _ in range(60):
        mv.set_view(mv.zoom, mv.view_x + 2, mv.view_y + 1)
        pan.append(frame())
    print(f"Age of Reason's map at {size[0]}x{size[1]}, frames timed by the thread CPU clock:")
    print(summary("wheel gestures", wheel))
    print(summary("pan at 2x", pan))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

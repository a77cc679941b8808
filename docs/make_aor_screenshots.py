"""Regenerate Age of Reason's screenshots (headless, SDL dummy driver, seeded):

    .venv/bin/python docs/make_aor_screenshots.py [--only NAME ...]

Writes docs/aor_<name>.png for: map (the map in the second turn, an area hovered for its
ranking), auction (a person bidding, a country in box A), combat (a combat's reveal with the
strength built up term by term), dice (the dice mid-roll in the tray), results (the final
scores with the chart). A person and three random bots play; every picture is drawn by the
game's own scenes.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["AAC_HOME"] = tempfile.mkdtemp(prefix="aor-shots-")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

import game.games  # noqa: E402,F401  (registers every game's front end)
from engine.aor.api import AOR, tables  # noqa: E402
from game.aor.headless import answer, play_until  # noqa: E402
from game.aor.scenes.table import TableScene  # noqa: E402
from game.aor.session import AorSession  # noqa: E402
from game.shell.app import TOOLTIP_DELAY, App  # noqa: E402
from game.shell.layout import fit  # noqa: E402
from game.shell.registry import front_end  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402

DOCS = ROOT / "docs"
SIZE = (1600, 900)
SEED = 7


def new_table(anim: float = 0.0) -> tuple[App, TableScene]:
    app = App(SIZE, Settings(anim_speed=anim, bot_delay=0.0), persist=False, headless=True)
    app.choose_game(front_end(AOR.id))
    seats = [SeatSpec(True, "Ada")] + [SeatSpec(False) for _ in range(3)]
    app.start_session(AorSession.new(seats, SEED))
    t = app.scene
    assert isinstance(t, TableScene)
    return app, t


def stepper(app: App, draw: bool = False) -> Callable[[], None]:
    return lambda: app.step(1 / 60, draw=draw)


def hover(app: App, vx: float, vy: float) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(round(TOOLTIP_DELAY * 60) + 3):
        app.step(1 / 60)


def shot_map(app: App, t: TableScene) -> None:
    rng = random.Random(1)
    play_until(t, stepper(app), lambda: t.game.state.turn >= 2 and t.pending is not None
               and t.pending.kind == "attack" and t.session.is_human(t.pending.seat)
               and not t.animator.busy, rng)
    s = t.game.state
    tb = tables()
    aid = max(tb.areas, key=lambda a: (sum(1 for n in s.discs[tb.area_index[a]] if n),
                                       sum(s.discs[tb.area_index[a]])))
    r = next(n for n in t.map_view.walk() if getattr(n, "target", "") == aid).world_rect()
    hover(app, r.centerx, r.centery)


def shot_auction(app: App, t: TableScene) -> None:
    rng = random.Random(2)
    play_until(t, stepper(app), lambda: t.pending is not None and t.pending.kind == "bid"
               and t.session.is_human(t.pending.seat) and not t.animator.busy
               and t.auction.status() is not None and t.auction.status().high >= 0, rng)
    st = t.auction.status()
    assert st is not None
    t.auction.place(tables().country_index[st.unallied[0]], 0)
    t.auction.step(2)
    app.step(1 / 60)


def _to_combat(app: App, t: TableScene) -> None:
    """On to the person's first attack card, then chosen: the combat plays at normal
    speed from there."""
    rng = random.Random(3)
    play_until(t, stepper(app), lambda: t.pending is not None and t.pending.kind ==
               "attack_card" and t.session.is_human(t.pending.seat) and not t.animator.busy
               and not t.handoff.visible, rng)
    app.settings.anim_speed = 1.0
    answer(t, rng)


def shot_combat(app: App, t: TableScene) -> None:
    _to_combat(app, t)
    rng = random.Random(4)
    f = t.stage.fight
    play_until(t, stepper(app, True), lambda: t.stage.fight is not None and
               t.stage.fight.totals, rng, limit=3000)
    assert f is not None or t.stage.fight is not None
    for _ in range(20):
        app.step(1 / 60)


def shot_dice(app: App, t: TableScene) -> None:
    _to_combat(app, t)
    rng = random.Random(4)

    def rolling() -> bool:
        f = t.stage.fight
        return f is not None and f.roll is not None and f.roll.time > 0.3 and \
            not f.roll.finished

    play_until(t, stepper(app, True), rolling, rng, limit=3000)


def shot_results(app: App, t: TableScene) -> None:
    rng = random.Random(5)
    play_until(t, stepper(app), lambda: False, rng, limit=40000)
    for _ in range(3):
        app.step(1 / 60)


SHOTS: dict[str, Callable[[App, TableScene], None]] = {
    "map": shot_map, "auction": shot_auction, "combat": shot_combat, "dice": shot_dice,
    "results": shot_results,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args(argv)
    for name, fn in SHOTS.items():
        if args.only and name not in args.only:
            continue
        app, t = new_table()
        fn(app, t)
        out = DOCS / f"aor_{name}.png"
        app.screenshot(str(out))
        app.bot_worker.stop()
        print(out.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

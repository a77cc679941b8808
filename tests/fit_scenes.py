"""The scenes the real-content layout test drives (tests/test_ui_layout.py, issue 29 item 3):
players with names of the longest length a player may type (game.shell.settings.NAME_LEN), the
characters and catalog names of both modules, the shipped scenarios, seeded bots' games with
the Folklore and Pilgrimage modules at every kind of decision, each table with its sheets,
popups, log, recap, hand-off and tooltips. Each function puts the app on a scene and returns
the problems tests/layout_scan.py finds there (an empty list when every text fits)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine.aac.api import GameConfig, load_game, new_game
from engine.aac.bots import make_bot
from game.aac.session import AacSession
from game.aac.targets import Hotspot
from game.shell.layout import VH, VW
from game.shell.scenegraph import Button
from game.shell.session import SeatSpec
from game.shell.settings import NAME_LEN
from tests.layout_scan import scan, walk

SCENARIOS = Path(__file__).resolve().parents[1] / "saves" / "scenarios" / "aac"

# names as long as a player may type them, of wide letters (the widest a real name gets)
BASE_NAMES = ("Wilhelmina Woodworth", "Maximilian Wolkenbau", "Bartholomew Mawdsley",
              "Gwendolyn Montgomery", "Wolfgang Rosenkranz")
LONG_NAMES = tuple((n + " " * NAME_LEN)[:NAME_LEN].strip() for n in BASE_NAMES)

Check = Callable[..., list[str]]


def seats(n: int, humans: int = 1, level: str = "hard") -> list[SeatSpec]:
    """`humans` people with the longest names, then bots."""
    return [SeatSpec(True, name=LONG_NAMES[i]) if i < humans else SeatSpec(False, level)
            for i in range(n)]


def on_table(app: Any, s: AacSession) -> Any:
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    t.handoff.visible = False
    d = s.game.pending
    if d is not None:
        t.driver.handoff_seat = d.seat
    return t


def tooltips(app: Any, t: Any, limit: int = 400) -> Iterator[tuple[str, list[str]]]:
    """The tooltip of each thing on the table, as a player hovering it sees it."""
    seen: set[object] = set()
    for node in walk(t):
        if len(seen) >= limit:
            return
        key = node.target if isinstance(node, Hotspot) else id(node)
        if not isinstance(node, Hotspot | Button) or key in seen or not node.visible:
            continue
        if isinstance(node, Hotspot) and not t.on_screen(node):
            continue
        if isinstance(node, Button) and not node.tooltip():
            continue
        seen.add(key)
        r = node.world_rect()
        yield f"tooltip of {getattr(node, 'target', None) or node.label!r}", \
            scan(app, tooltip_at=(r.centerx, r.centery))


def table_views(app: Any, t: Any, what: str, tips: bool = False) -> Iterator[tuple[str, list[str]]]:
    """The table as it is, with each module's sheet open, the popup of the pending decision
    at the window's far corner, the log drawer, the status line with a long message."""
    yield what, scan(app)
    for name, panel in t.module_panels.items():
        if name in t.shown.modules:
            if not panel.visible:
                t.toggle_module(name)
            yield f"{what}, the {name} sheet", scan(app)
            panel.hide()
    d = t.pending
    if d is not None and len(d.choices) > 1:
        for corner in ((VW - 8, VH - 8), (8, 60)):
            t.open_popup(*corner, list(d.choices))
            yield f"{what}, the popup of {d.kind} at {corner}", scan(app)
            t.close_popup()
    if tips:
        for where, probs in tooltips(app, t):
            yield f"{what}, {where}", probs
    t.toggle_log()
    for _ in range(30):
        app.step(1 / 60)
    yield f"{what}, the log drawer", scan(app)
    t.toggle_log()


def play(g: Any, bots: list[Any], until: Callable[[Any], bool], limit: int = 6000) -> None:
    for _ in range(limit):
        d = g.pending
        if d is None or until(g):
            return
        g.choose(bots[d.seat].choose(g.view(d.seat), d))


def decisions(n: int, seed: int, modules: tuple[str, ...], per_kind: int = 1,
              limit: int = 4000) -> Iterator[Any]:
    """Copies of a seeded bots' game at its first `per_kind` decisions of every kind."""
    g = new_game(GameConfig(players=n, seed=seed, modules=modules))
    g.undo_enabled = False
    bots = [make_bot("easy" if k % 2 else "random", seed * 7 + k) for k in range(n)]
    seen: dict[str, int] = {}
    for _ in range(limit):
        d = g.pending
        if d is None:
            return
        if seen.get(d.kind, 0) < per_kind:
            seen[d.kind] = seen.get(d.kind, 0) + 1
            yield g.clone()
        g.choose(bots[d.seat].choose(g.view(d.seat), d))


def scenario(name: str) -> Any:
    return load_game(SCENARIOS / name)


def random_play(s: AacSession, seed: int, moves: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        d = s.game.pending
        if d is None:
            return
        s.apply(rng.choice(d.choices).id)

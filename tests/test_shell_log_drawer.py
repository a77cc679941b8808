"""The shell's log drawer (game.shell.log_drawer) both games' tables use: it slides open and
shut, the wheel scrolls it within the log, scrolled up it keeps its place as the log grows,
and a game's pinned content takes rows from the log."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.shell.layout import VW
from game.shell.log_drawer import LogDrawer
from game.shell.scenegraph import Canvas


def drawer(n: int, cls: type[LogDrawer] = LogDrawer) -> tuple[LogDrawer, list[str]]:
    log = [f"--- Turn {i} ---" if i % 10 == 0 else f"Entry {i}" for i in range(n)]
    d = cls(SimpleNamespace(session=SimpleNamespace(log=log)))  # type: ignore[arg-type]
    return d, log


def draw(d: LogDrawer) -> None:
    d.draw(Canvas(pygame.Surface((1600, 900)), 1.0))


def test_opens_and_closes_sliding() -> None:
    d, _ = drawer(3)
    assert d.x == VW and d.frame_rate() == 0.0
    d.on_update(0.0)
    assert not d.visible
    d.toggle()
    assert d.frame_rate() == 60.0
    d.on_update(0.1)
    assert d.visible and VW - d.W < d.x < VW and d.frame_rate() == 60.0
    for _ in range(5):
        d.on_update(0.1)
    assert d.t == 1.0 and d.x == VW - d.W and d.frame_rate() == 0.0
    assert d.contains(10, 10)
    d.toggle()
    for _ in range(6):
        d.on_update(0.1)
    assert d.t == 0.0 and not d.visible and not d.contains(10, 10)


def test_the_wheel_scrolls_within_the_log_and_keeps_the_place_as_it_grows() -> None:
    d, log = drawer(200)
    d.toggle()
    d.on_update(1.0)
    draw(d)
    assert d.rows() > 10
    d.wheel(1)
    assert d.scroll == 3
    d.wheel(1000)
    top = d.scroll
    assert top == len(d._lines) - d.rows()
    d.wheel(-1)
    assert d.scroll == top - 3
    log.extend(["Entry new", "Entry newer"])
    draw(d)
    assert d.scroll == top - 1  # the lines read stay where they were
    d.wheel(-1000)
    assert d.scroll == 0
    log.append("Entry newest")
    draw(d)
    assert d.scroll == 0  # at the newest: the newest stays in view


def test_a_short_log_does_not_scroll() -> None:
    d, _ = drawer(3)
    draw(d)
    d.wheel(5)
    assert d.scroll == 0


class Pinned(LogDrawer):
    drawn = 0

    def pinned(self, scale: float) -> tuple[float, object]:
        return 40 + self.LINE * 4, ("four lines",)

    def draw_pinned(self, c: Canvas) -> None:
        self.drawn += 1


def test_pinned_content_takes_rows_from_the_log() -> None:
    plain, _ = drawer(200)
    pinned, _ = drawer(200, Pinned)
    for d in (plain, pinned):
        d.toggle()
        d.on_update(1.0)
        draw(d)
    assert isinstance(pinned, Pinned) and pinned.drawn == 1
    assert pinned.rows() == plain.rows() - int((40 + LogDrawer.LINE * 4) // LogDrawer.LINE)
    draw(pinned)
    assert pinned.drawn == 1  # the page is cached while nothing changes

"""Pictures for the guide, drawn by the table's own views.

A `View` names a position (positions.py: a moment of a real game) and what to look at. The
picture is the real `TableScene` (board, device, prompt bar, highlights of the legal targets)
or the real `ResultsScene`, drawn into an offscreen surface through a Canvas whose transform
crops and zooms onto the focus. Callouts are numbered rings around targets located through
the table's own hotspots, so they stay right when the layout moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.aac.board_geometry import to_virtual
from game.aac.guide.model import View
from game.aac.guide.positions import Position
from game.aac.scenes.results import ResultsScene
from game.aac.scenes.table import TableScene
from game.aac.session import AacSession
from game.shell import theme
from game.shell.layout import (
    BOARD_S,
    DEVICE_H,
    DEVICE_Y,
    PROMPT_H,
    PROMPT_Y,
    RIGHT_W,
    RIGHT_X,
    VH,
    VW,
)
from game.shell.scenegraph import Canvas
from game.shell.session import SeatSpec

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

Rect = tuple[float, float, float, float]
MAX_ZOOM = 2.6  # pixels per table unit, at most (keeps the board background a sane size)


def _board_rect(x: float, y: float, w: float, h: float) -> Rect:
    vx, vy = to_virtual(x, y)
    return vx, vy, w * BOARD_S, h * BOARD_S


AREAS: dict[str, Rect] = {
    "table": (0, 0, VW, VH),
    "board": _board_rect(0, 0, 1000, 1000),
    "map": _board_rect(122, 0, 750, 850),
    "device": (RIGHT_X, DEVICE_Y, RIGHT_W, DEVICE_H),
    "turn": (RIGHT_X, DEVICE_Y, RIGHT_W, PROMPT_Y + PROMPT_H - DEVICE_Y),
    "pool": _board_rect(134, 850, 742, 146),
    "achievements": _board_rect(870, 6, 128, 846),
    "tracks": (RIGHT_X + 186, DEVICE_Y + 214, 540, 84),
    "scores": (VW / 2 - 520, 40, 1040, 710),
}


@dataclass
class Callout:
    number: int
    label: str
    rect: Rect  # in the picture's own units (0..w, 0..h of its box)


@dataclass
class Picture:
    surf: pygame.Surface
    callouts: list[Callout]
    missing: list[str]  # marks whose target is not on this picture (a test looks at these)
    w: float  # its size in guide units
    h: float


def union(rects: list[Rect]) -> Rect | None:
    if not rects:
        return None
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    return x0, y0, x1 - x0, y1 - y0


def inside(r: Rect, bounds: Rect) -> bool:
    return r[0] >= bounds[0] - 1 and r[1] >= bounds[1] - 1 and \
        r[0] + r[2] <= bounds[0] + bounds[2] + 1 and r[1] + r[3] <= bounds[1] + bounds[3] + 1


def fit_focus(focus: Rect, pad: float, aspect: float, min_w: float,
              bounds: Rect = (0, 0, VW, VH)) -> Rect:
    """The focus plus padding, widened to the box's aspect (w / h), at least `min_w` wide,
    kept inside `bounds` where it fits (the board, for a part of the board)."""
    cx, cy = focus[0] + focus[2] / 2, focus[1] + focus[3] / 2
    w, h = max(focus[2] + 2 * pad, min_w), focus[3] + 2 * pad
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    x, y = cx - w / 2, cy - h / 2
    bx, by, bw, bh = bounds if w <= bounds[2] and h <= bounds[3] else (0, 0, VW, VH)
    if w <= bw:
        x = min(max(x, bx), bx + bw - w)
    if h <= bh:
        y = min(max(y, by), by + bh - h)
    return x, y, w, h


class Stage:
    """The real table (or results) of one position, for locating targets and drawing."""

    def __init__(self, app: Nav, pos: Position) -> None:
        self.pos = pos
        n = pos.game.state.n
        seats = [SeatSpec(human=(i == pos.seat), level="random") for i in range(n)]
        self.session = AacSession(pos.game, seats)
        self.table: TableScene | None = None
        self.results: ResultsScene | None = None
        if pos.game.is_over:
            self.results = ResultsScene(app, self.session)
        else:
            t = TableScene(app, self.session)
            t.autosave_enabled = False
            t.log_drawer.open = False
            self.table = t

    def locate(self, at: str) -> Rect | None:
        """Virtual rect of a mark's `at` on this stage."""
        at = at.replace("{seat}", str(self.pos.seat))
        if at in AREAS:
            return AREAS[at]
        if at[:1].isdigit():
            parts = [float(v) for v in at.split(",")]
            return (parts[0], parts[1], parts[2], parts[3]) if len(parts) == 4 else None
        if at.startswith("@"):
            return union([r for t in self.pos.anchors.get(at[1:], ())
                          if (r := self.locate(t)) is not None])
        t = self.table
        if t is None:
            return None
        if at == "targets":
            return union([self._rect(spot) for target in t.legal
                          for spot in t.spots.get(target, []) if t.on_screen(spot)])
        if at.startswith("choice:"):
            cid = at[7:]
            for b in t.prompt.buttons:
                if getattr(b, "choice_id", None) == cid:
                    return self._rect(b)
            return None
        spots = [s for s in t.spots.get(at, []) if t.on_screen(s)]
        return self._rect(spots[0]) if spots else None

    @staticmethod
    def _rect(node: object) -> Rect:
        r = node.world_rect()  # type: ignore[attr-defined]
        return float(r.x), float(r.y), float(r.w), float(r.h)

    def draw(self, c: Canvas) -> None:
        if self.table is not None:
            self.table.draw(c)
        elif self.results is not None:
            self.results.draw(c)


def render(app: Nav, view: View, pos: Position, max_w: float, max_h: float,
           cs: float) -> Picture:
    """Draw `view` of `pos` into the largest picture that fits max_w x max_h guide units
    with the focus's shape, at cs pixels per guide unit."""
    stage = Stage(app, pos)
    focus = stage.locate(view.focus) or AREAS["table"]
    aspect = view.aspect or min(6.5, max(1.2, (focus[2] + 2 * view.pad) /
                                         (focus[3] + 2 * view.pad)))
    w = min(max_w, max_h * aspect)
    h = w / aspect
    wpx, hpx = max(8, round(w * cs)), max(8, round(h * cs))
    board = AREAS["board"]
    rect = fit_focus(focus, view.pad, w / h, wpx / MAX_ZOOM,
                     board if inside(focus, board) else AREAS["table"])
    zoom = wpx / rect[2]
    surf = pygame.Surface((wpx, hpx))
    surf.fill(theme.BG_DARK)
    stage.draw(Canvas(surf, zoom, -rect[0] * zoom, -rect[1] * zoom))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    callouts: list[Callout] = []
    missing: list[str] = []
    k = zoom / cs  # table units -> picture units
    for i, mark in enumerate(view.marks, start=1):
        r = stage.locate(mark.at)
        if r is None:
            missing.append(mark.at)
            continue
        pr = ((r[0] - rect[0]) * k, (r[1] - rect[1]) * k, r[2] * k, r[3] * k)
        if pr[0] + pr[2] < 0 or pr[1] + pr[3] < 0 or pr[0] > w or pr[1] > h:
            missing.append(mark.at)
            continue
        callouts.append(Callout(i, mark.label, pr))
    return Picture(surf, callouts, missing, w, h)


def draw_callouts(c: Canvas, pic: Picture, w: float, h: float, clock: float,
                  hot: int = -1) -> None:
    """Rings and numbered badges over a picture drawn at c's origin (box w x h)."""
    pulse = 0.5 + 0.5 * abs(((clock * 1.4) % 2.0) - 1.0)
    for co in pic.callouts:
        x, y, rw, rh = co.rect
        x0, y0 = max(2.0, x - 4), max(2.0, y - 4)
        x1, y1 = min(w - 2, x + rw + 4), min(h - 2, y + rh + 4)
        col = theme.HILITE_EDGE if co.number == hot else theme.HILITE
        width = 2.0 + 1.5 * pulse + (1.5 if co.number == hot else 0)
        c.fill(theme.BG_DARK, x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2, 7, 1.5)
        c.fill(col, x0, y0, x1 - x0, y1 - y0, 6, width)
        bx = min(max(x0 - 2, 14.0), w - 14)
        by = min(max(y0 - 2, 14.0), h - 14)
        badge(c, bx, by, co.number, co.number == hot)


def badge(c: Canvas, x: float, y: float, n: int, hot: bool = False) -> None:
    c.circle(theme.BG_DARK, x + 1, y + 1.5, 12)
    c.circle(theme.HILITE_EDGE if hot else theme.HILITE, x, y, 12)
    c.circle(theme.INK, x, y, 12, 1.5)
    c.text(str(n), x, y, 13, theme.INK, True, "center")


"""Where everything is on the map, in the catalog's 0-1000 board units: the regions, path
spaces and edges, the Tile Pool, achievements and reserves areas (engine.aac.catalog.map),
and each monument's stack with its companions (the bound-energy corral at its foot, the
pillar pair above it, the bonus tile and patron token at its sides), measured from the map
(`layout_region`): the free room inside the ring, clear of every path space and path line.

The board view draws from it, the animations fly between its points and a module draws its
pieces on the map with it (game.aac.table.module_hook): none of them needs the view itself."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.aac.api import (
    AchievementsArea,
    EnergyReservesArea,
    MapFile,
    MapSpace,
    Monument,
    MonumentsFile,
    Region,
    TilePoolArea,
    rules,
)
from game.shell.layout import BOARD_S, BOARD_X, BOARD_Y

Point = tuple[float, float]
Rect = tuple[float, float, float, float]

SPACE_R = 11.0


# --- monument layout: measured from the map -------------------------------------------------
@dataclass(frozen=True, slots=True)
class StackSpec:
    """Sizes of a monument stack, in board units: the open section's face (energy spaces of
    radius `r`, `pitch` apart, at most 3 to a row, rows staggered), the slab each section
    adds (its front side, `slab` thick) and the iron frame (`base_w` x `base_h`) it stands
    on; and the sizes of the pieces around it."""

    r: float
    pitch: float
    face_w: float
    face_h: float
    slab: float
    base_w: float
    base_h: float
    bound_r: float  # the bound-energy corral
    pillar_r: float  # each Pillar of Civilization space
    piece_r: float  # half the bonus tile, the patron token's radius

    def height(self, sections: int) -> float:
        return self.base_h + sections * self.slab + self.face_h


# The ring of an outer region leaves a disc of radius ~64 inside its spaces' hotspots; the
# central ring ~81. These are the largest sizes for which every piece fits in every region.
OUTER = StackSpec(12.0, 26.0, 80.0, 51.0, 4.0, 84.0, 5.0, 13.0, 8.5, 9.5)
CENTRE = StackSpec(14.0, 30.0, 107.0, 58.0, 5.0, 110.0, 7.0, 16.0, 10.0, 11.0)
PILLAR_DX = 1.75  # the two pillar spaces sit this many radii left and right of the pair
MARGIN = 2.0  # clear board units between a monument's pieces and anything else
OLD_SPACE_R = 8.0  # the energy spaces' radius before the stacks (for the record)


@dataclass(slots=True)
class RegionLayout:
    """Where a region's monument stack and its companions sit (board units)."""

    region: str
    monument: str
    spec: StackSpec
    sections: int  # the monument's section count (the stack's full height)
    x: float  # top-left corner of the stack's footprint
    y: float
    bound: Point = (0.0, 0.0)
    pillars: Point = (0.0, 0.0)  # the pair's centre (left space at -dx, right at +dx)
    bonus: Point = (0.0, 0.0)
    patron: Point = (0.0, 0.0)

    @property
    def w(self) -> float:
        return self.spec.base_w

    @property
    def h(self) -> float:
        return self.spec.height(self.sections)

    @property
    def rect(self) -> Rect:
        return self.x, self.y, self.w, self.h

    @property
    def centre(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2

    @property
    def base_top(self) -> float:
        return self.y + self.h - self.spec.base_h

    def face_top(self, layers: float) -> float:
        """Top edge of the top face with `layers` sections (built + open) on the frame."""
        return self.base_top - layers * self.spec.slab - self.spec.face_h

    def face_rect(self, layers: float) -> Rect:
        sp = self.spec
        return (self.x + (sp.base_w - sp.face_w) / 2, self.face_top(layers), sp.face_w,
                sp.face_h)

    def space_points(self, n: int, layers: float, dy: float = 0.0) -> list[Point]:
        """Centres of the open section's n energy spaces: one row up to 3, else two rows,
        staggered like a honeycomb (3+2, 2+2, 3+3)."""
        fx_, fy, fw, fh = self.face_rect(layers)
        pitch = self.spec.pitch
        rows = 1 if n <= 3 else 2
        per_row = math.ceil(n / rows)
        row_dy = pitch * 0.866
        out: list[Point] = []
        for i in range(n):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            shift = 0.0
            if rows == 2 and in_row == per_row and n % 2 == 0:
                shift = pitch / 4 * (1 if row else -1)
            out.append((fx_ + fw / 2 + (col - (in_row - 1) / 2) * pitch + shift,
                        fy + fh / 2 + (row - (rows - 1) / 2) * row_dy + dy))
        return out

    def pillar_points(self) -> tuple[Point, Point]:
        x, y = self.pillars
        d = self.spec.pillar_r * PILLAR_DX
        return (x - d, y), (x + d, y)

    def pieces(self) -> list[tuple[str, float, float, float]]:
        """(name, x, y, radius) of every round piece around the stack."""
        sp = self.spec
        (lx, ly), (rx, ry) = self.pillar_points()
        return [("bound", *self.bound, sp.bound_r), ("pillar_left", lx, ly, sp.pillar_r),
                ("pillar_right", rx, ry, sp.pillar_r), ("bonus", *self.bonus, sp.piece_r),
                ("patron", *self.patron, sp.piece_r)]


@lru_cache(maxsize=4)
def _grid(reach: float) -> tuple[Point, ...]:
    """Offsets on a 2-unit grid within `reach`, nearest first (ties in a fixed order)."""
    n = int(reach // 2)
    pts = [(2.0 * i, 2.0 * j) for i in range(-n, n + 1) for j in range(-n, n + 1)
           if math.hypot(i, j) * 2 <= reach]
    return tuple(sorted(pts, key=lambda p: (math.hypot(*p), p[1], p[0])))


def seg_dist(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ll))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def rect_dist(p: Point, r: Rect) -> float:
    x, y, w, h = r
    dx = max(x - p[0], 0.0, p[0] - (x + w))
    dy = max(y - p[1], 0.0, p[1] - (y + h))
    return math.hypot(dx, dy)


class Room:
    """The free room of one region: what a piece must keep clear of (path spaces with their
    hotspots, the path lines, the region's rim) and the pieces placed so far."""

    def __init__(self, centre: Point, radius: float, spaces: list[Point],
                 edges: list[tuple[Point, Point]]) -> None:
        self.centre, self.radius = centre, radius
        self.spaces = spaces
        self.edges = edges
        self.rects: list[Rect] = []
        self.circles: list[tuple[float, float, float]] = []

    def clear(self, x: float, y: float, r: float) -> float:
        """How far a circle of radius r at (x, y) stays from everything (negative: overlap)."""
        p = (x, y)
        d = self.radius - 8 - math.dist(p, self.centre) - r
        for s in self.spaces:
            d = min(d, math.dist(p, s) - SPACE_R - 3 - r)
        for a, b in self.edges:
            d = min(d, seg_dist(p, a, b) - 3.5 - r)
        for rc in self.rects:
            d = min(d, rect_dist(p, rc) - r)
        for cx, cy, cr in self.circles:
            d = min(d, math.dist(p, (cx, cy)) - cr - r)
        return d

    def rect_clear(self, rc: Rect) -> float:
        x, y, w, h = rc
        d = 1e9
        for s in self.spaces:
            d = min(d, rect_dist(s, rc) - SPACE_R - 3)
        corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
        for a, b in self.edges:
            d = min(d, *(seg_dist(c, a, b) - 3.5 for c in corners))
        for c in corners:
            d = min(d, self.radius - 8 - math.dist(c, self.centre))
        return d

    def place(self, pref: Point, parts: list[tuple[float, float, float]],
              reach: float = 30.0) -> Point | None:
        """The point nearest `pref` (2-unit grid, within `reach`) where every part (dx, dy,
        r) of a piece is clear by MARGIN; None if there is none."""
        for i, j in _grid(reach):
            x, y = pref[0] + i, pref[1] + j
            if all(self.clear(x + dx, y + dy, r) >= MARGIN for dx, dy, r in parts):
                return x, y
        return None


def layout_region(region: Region, sections: int, spaces: list[Point],
                  edges: list[tuple[Point, Point]]) -> RegionLayout:
    """Measure a region's free room inside its ring of path spaces and put the monument stack
    in it, with its bound-energy corral at its foot, the pillar pair above it and the bonus
    tile and patron token at its sides: deterministic, the same for every player count."""
    cx, cy = float(region.centroid.x), float(region.centroid.y)
    spec = CENTRE if region.kind == "central" else OUTER
    room = Room((cx, cy), float(region.draw_radius), spaces, edges)
    w, h = spec.base_w, spec.height(sections)
    offsets = sorted(((dx, dy) for dx in range(-16, 17, 2) for dy in range(-16, 17, 2)),
                     key=lambda o: (math.hypot(*o), o))
    pd = spec.pillar_r * PILLAR_DX
    first: RegionLayout | None = None
    tries = 0
    for dx, dy in offsets:  # the stack as near the region's centre as it fits
        lay = RegionLayout(region.id, region.monument_site.monument, spec, sections,
                           cx + dx - w / 2, cy + dy - h / 2)
        if room.rect_clear(lay.rect) < MARGIN:
            continue
        tries += 1
        if tries > 24:
            break
        room.rects = [(lay.x - MARGIN, lay.y - MARGIN, w + 2 * MARGIN, h + 2 * MARGIN)]
        room.circles = []
        mid_y = lay.y + h * 0.4
        plan: list[tuple[str, Point, list[tuple[float, float, float]]]] = [
            ("bound", (lay.x + w / 2, lay.y + h + spec.bound_r + 3),
             [(0.0, 0.0, spec.bound_r)]),
            ("pillars", (lay.x + w / 2, lay.y - spec.pillar_r - 3),
             [(-pd, 0.0, spec.pillar_r), (pd, 0.0, spec.pillar_r),
              (0.0, 0.0, spec.pillar_r * 0.5)]),
            ("bonus", (lay.x - spec.piece_r - 3, mid_y), [(0.0, 0.0, spec.piece_r)]),
            ("patron", (lay.x + w + spec.piece_r + 3, mid_y), [(0.0, 0.0, spec.piece_r)]),
        ]
        ok = True
        for name, pref, parts in plan:
            got = room.place(pref, parts)
            if got is None:
                ok, got = False, pref
            setattr(lay, name, got)
            room.circles += [(got[0] + px, got[1] + py, r) for px, py, r in parts]
        if ok:
            return lay
        first = first or lay
    assert first is not None
    return first


class BoardGeometry:
    """Where board things are, in board units, read from the validated catalog's map and
    monuments (engine.aac.catalog.map and .monuments, through the engine's tables)."""

    def __init__(self, m: MapFile | None = None, mf: MonumentsFile | None = None) -> None:
        m = m if m is not None else rules().base.map
        mf = mf if mf is not None else rules().base.monuments
        self.regions: dict[str, Region] = {r.id: r for r in m.regions}
        self.spaces: dict[str, MapSpace] = {s.id: s for s in m.spaces}
        self.edges = [(e.a, e.b) for e in m.edges]
        areas = m.board_areas
        self.pool: TilePoolArea = areas.tile_pool
        self.ach: AchievementsArea = areas.achievements
        self.reserves: EnergyReservesArea = areas.energy_reserves
        self.monuments: dict[str, Monument] = {mon.id: mon for mon in mf.monuments}
        self.layout: dict[str, RegionLayout] = {}
        self.by_monument: dict[str, RegionLayout] = {}
        self.site: dict[str, Point] = {}
        self.bound: dict[str, Point] = {}
        self.pillar: dict[str, Point] = {}
        self.pillar_region: dict[str, str] = {}
        for r in m.regions:
            c = (float(r.centroid.x), float(r.centroid.y))
            reach = r.draw_radius + 40
            near = [self.xy(s) for s in self.spaces if math.dist(self.xy(s), c) < reach]
            lines = [(self.xy(a), self.xy(b)) for a, b in self.edges
                     if min(math.dist(self.xy(a), c), math.dist(self.xy(b), c)) < reach]
            mid = r.monument_site.monument
            mon = self.monuments.get(mid)
            lay = layout_region(r, (len(mon.sections) if mon is not None else 0) or 5, near,
                                lines)
            self.layout[r.id] = lay
            self.by_monument[mid] = lay
            self.site[mid] = lay.centre
            self.bound[r.id] = lay.bound
            left, right = lay.pillar_points()
            for sp in r.pillar.spaces:
                self.pillar[sp.id] = left if sp.side == "left" else right
                self.pillar_region[sp.id] = r.id

    def xy(self, space: str) -> Point:
        s = self.spaces[space]
        return float(s.x), float(s.y)

    def pool_slot(self, n: int) -> Point:
        s = self.pool.slots[n - 1]
        return float(s.x), float(s.y)

    def ach_spot(self, n: int, col: str) -> Point:
        spot = self.ach.spots[n - 1]
        c = next(c for c in spot.columns if c.column == col)
        return float(c.x), float(c.y) + 22

    def bank(self, seat: int) -> Point:
        return 790.0, 880.0 + seat * 20.0

    def reserve_area(self, seat: int) -> Point:
        a = self.reserves.player_areas[seat]
        return float(a.x), float(a.y)


GEOM: BoardGeometry | None = None


def geometry() -> BoardGeometry:
    global GEOM
    if GEOM is None:
        GEOM = BoardGeometry()
    return GEOM


def to_virtual(x: float, y: float) -> tuple[float, float]:
    """Board units -> virtual coordinates on the unzoomed map (BoardView.virtual zooms)."""
    return BOARD_X + x * BOARD_S, BOARD_Y + y * BOARD_S

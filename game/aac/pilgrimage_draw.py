"""Drawing the Pilgrimage module's pieces (R27): Mount Eldranir, the Pilgrim Board of the
catalog (its tiers as bands up the mountain, the path with its forks, the Shrine frames, the
Blockades with their speed cost, the summit, the energy spaces by type), a Shrine, a pilgrim
and the speed track.

Pure drawing, like game.folklore_draw: each function takes plain values (the catalog's board
`engine.aac.pilgrimage.state.Board`, colours, counts) and draws on a Canvas. `Geom` maps the
catalog's 0-1000 board units onto a square of the caller's local units; the table's panel
uses the same `Geom` for its hotspots, so what is pointed at is what is drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.aac.api import ROMAN, Board
from game.aac import tokens
from game.shell import theme
from game.shell.scenegraph import Canvas

Point = tuple[float, float]

# tiers from the foot to the summit: sand, meadow, forest, rock, snow
TIER_FILL: dict[int, theme.Colour] = {0: (226, 204, 160), 1: (198, 208, 150), 2: (168, 186, 138),
                                      3: (184, 176, 164), 4: (236, 238, 242)}
RIDGE = (120, 98, 74)  # the strip between two tiers, where the Blockade stands
STONE = (238, 228, 206)
SHRINE_GOLD = (214, 170, 84)
SHRINE_STONE = (232, 222, 200)
WOOD = (132, 86, 46)
PLAQUE = (250, 242, 224)
MARKER_GREY = (150, 146, 138)  # an unused character's energy marking a closed space (R27.1.7)

SPACE_R = 17.0  # board units
START_R = 27.0
SUMMIT_R = 21.0
FRAME_HALF = 34.0
ENERGY_HALF = 28.0
BLOCKADE_W, BLOCKADE_H = 124.0, 30.0

# the right-hand plaque listing the Shrine supply, the bottom-left one with the speed track
SUPPLY_BOX = (700.0, 150.0, 290.0, 590.0)
SPEED_BOX = (16.0, 790.0, 300.0, 200.0)
ENERGY_BOX = (758.0, 752.0, 226.0, 236.0)


@dataclass(frozen=True)
class Geom:
    """Board units (0-1000) -> local units: a square of side `size` at (x, y)."""

    x: float
    y: float
    size: float

    @property
    def k(self) -> float:
        return self.size / 1000.0

    def pt(self, bx: float, by: float) -> Point:
        return self.x + bx * self.k, self.y + by * self.k

    def rect(self, bx: float, by: float, bw: float, bh: float
             ) -> tuple[float, float, float, float]:
        x, y = self.pt(bx, by)
        return x, y, bw * self.k, bh * self.k

    def around(self, bx: float, by: float, half: float) -> tuple[float, float, float, float]:
        return self.rect(bx - half, by - half, 2 * half, 2 * half)


def space_xy(b: Board) -> dict[str, Point]:
    """Every path space, summit space and Shrine frame at its catalog place (board units)."""
    out: dict[str, Point] = {sp.id: (float(sp.x), float(sp.y)) for sp in b.file.spaces}
    out.update({fr.id: (float(fr.x), float(fr.y)) for fr in b.file.shrine_frames})
    return out


def summit_entry(b: Board) -> Point:
    """Where the path reaches the summit's row of spaces (the edges into tier IV)."""
    lowest = max((sp.y for sp in b.file.spaces if sp.kind == "summit"), default=110)
    return 500.0, float(lowest)


def edge_points(b: Board) -> list[tuple[Point, Point, bool]]:
    """(from, to, onto or off a Shrine frame) of every edge, in board units."""
    xy = space_xy(b)
    out = []
    for e in b.file.edges:
        a = xy.get(e.from_)
        z = summit_entry(b) if e.to == b.file.summit.id else xy.get(e.to)
        if a is None or z is None:
            continue
        out.append((a, z, e.from_ in b.frames or e.to in b.frames))
    return out


# --- the board ---------------------------------------------------------------------------------
def mountain(c: Canvas, g: Geom, b: Board) -> None:
    """The static picture: the tier bands with their names and VP, the ridges between them,
    a snowy peak, the path with its forks, the start and the summit spaces. Drawn once per
    size and cached by the caller."""
    k = g.k
    c.fill(TIER_FILL[0], g.x, g.y, g.size, g.size, 12)
    bands = sorted(b.file.tiers, key=lambda t: t.band_y[0])
    for t in bands:
        y0, y1 = t.band_y
        x, y, w, h = g.rect(0, y0 - 4, 1000, y1 - y0 + 8)
        c.fill(TIER_FILL.get(t.tier, STONE), x, y, w, h, 10 if t.tier in (0, 4) else 0)
    for t in bands:  # the ridge just under each tier's band: its single entry is guarded
        if t.tier == 0:
            continue
        x, y, w, h = g.rect(0, t.band_y[1] + 4, 1000, 4)
        c.fill(theme.darken(TIER_FILL.get(t.tier, STONE), 0.18), x, y, w, h)
    _peak(c, g)
    for t in bands:  # tier names at the band's top left
        if t.numeral is None:
            continue
        vp = (f"{t.vp_min}\u2013{t.vp_max} VP" if t.vp is None else f"{t.vp} VP")
        x, y = g.pt(18, t.band_y[0] + 8)
        c.fill(PLAQUE, x, y, 196 * k, 40 * k, 6)
        c.text(f"Tier {t.numeral}", x + 8 * k, y + 20 * k, 15, theme.INK, True, "midleft",
               max_w=84 * k)
        c.text(vp, x + 190 * k, y + 20 * k, 11, theme.INK_SOFT, True, "midright",
               max_w=96 * k)
    # the path: a dark edge under a sandy track; the forks onto a frame a narrower track
    for a, z, side in edge_points(b):
        wide = 12 if side else 20
        c.line(theme.PATH_EDGE, g.pt(*a), g.pt(*z), max(2.0, wide * k + 3))
    for a, z, side in edge_points(b):
        wide = 12 if side else 20
        c.line(theme.lighten(theme.PATH, 0.2) if side else theme.PATH, g.pt(*a), g.pt(*z),
               max(1.0, wide * k))
    for sp in b.file.spaces:
        x, y = g.pt(sp.x, sp.y)
        if sp.kind == "start":
            c.circle(theme.PATH_EDGE, x, y + 2, START_R * k + 2)
            c.circle(STONE, x, y, START_R * k)
            c.text("Start", x, y, 11, theme.INK, True, "center", max_w=2 * START_R * k - 4)
        elif sp.kind == "summit":
            c.circle(theme.PATH_EDGE, x, y + 2, SUMMIT_R * k + 2)
            c.circle(theme.lighten(theme.GOLD, 0.45), x, y, SUMMIT_R * k)
            c.circle(theme.GOLD, x, y, SUMMIT_R * k, 2)
            c.text(f"{sp.vp}", x, y, 13, theme.INK, True, "center")
        else:
            c.circle(theme.PATH_EDGE, x, y + 1.5, SPACE_R * k + 1.5)
            c.circle(STONE, x, y, SPACE_R * k)


def _peak(c: Canvas, g: Geom) -> None:
    """A snowy peak behind the summit spaces."""
    c.polygon((206, 208, 214), [g.pt(330, 128), g.pt(500, 6), g.pt(670, 128)])
    c.polygon((250, 250, 252), [g.pt(420, 64), g.pt(500, 6), g.pt(580, 64), g.pt(540, 52),
                                g.pt(500, 70), g.pt(462, 50)])


def shrine(c: Canvas, x: float, y: float, size: float, dim: bool = False) -> None:
    """A Shrine: a little gilded temple on two steps (`size` wide, centred on x, y)."""
    s = size / 2
    gold = theme.lighten(SHRINE_GOLD, 0.35) if dim else SHRINE_GOLD
    stone = theme.lighten(SHRINE_STONE, 0.3) if dim else SHRINE_STONE
    edge = theme.lighten(theme.INK, 0.4) if dim else theme.INK
    c.fill(theme.darken(stone, 0.25), x - s, y + s * 0.62, size, s * 0.3, 2)
    c.fill(stone, x - s * 0.86, y + s * 0.4, s * 1.72, s * 0.26, 2)
    for px in (-0.6, -0.2, 0.2, 0.6):
        c.fill(stone, x + px * s - s * 0.1, y - s * 0.22, s * 0.2, s * 0.64)
        c.fill(edge, x + px * s - s * 0.1, y - s * 0.22, s * 0.2, s * 0.64, 0, 1)
    roof = [(x - s * 0.92, y - s * 0.2), (x, y - s * 0.9), (x + s * 0.92, y - s * 0.2)]
    c.polygon(gold, roof)
    c.polygon(edge, roof, 1.5)
    c.circle(theme.CREAM, x, y - s * 0.45, s * 0.14)


def label_left(b: Board, frame_id: str) -> bool:
    """A built frame's name goes to its left when another frame stands just below it."""
    xy = space_xy(b)
    x, y = xy[frame_id]
    return any(0 < xy[f][1] - y < 120 and abs(xy[f][0] - x) < 60 for f in b.frames)


def frame(c: Canvas, g: Geom, bx: float, by: float, built: str, hidden: bool = False,
          left: bool = False) -> None:
    """A Shrine frame: an empty dashed plinth, or the Shrine built in it with its name (under
    it, or to its `left`)."""
    k = g.k
    x, y, w, h = g.around(bx, by, FRAME_HALF)
    if not built or hidden:
        c.fill(theme.darken(PLAQUE, 0.12), x, y, w, h, 8)
        _dashed_rect(c, x + 3, y + 3, w - 6, h - 6, theme.INK_SOFT)
        shrine(c, x + w / 2, y + h / 2, w * 0.56, dim=True)
        return
    c.fill(theme.darken(SHRINE_GOLD, 0.4), x + 2, y + 3, w, h, 8)
    c.fill(PLAQUE, x, y, w, h, 8)
    c.fill(SHRINE_GOLD, x, y, w, h, 8, 2)
    shrine(c, x + w / 2, y + h / 2 - 3 * k, w * 0.72)
    lw, lh = min(w + 60 * k, 112.0), min(34 * k, 26.0)  # the name's label under the frame
    lx, ly = (x - lw - 2, y + h / 2 - lh / 2) if left else (x + w / 2 - lw / 2, y + h + 2)
    c.fill(theme.INK, lx, ly, lw, lh, 6)
    c.text_box(built, lx + 2, ly + 1, lw - 4, lh - 2, 10, theme.CREAM, True)


def _dashed_rect(c: Canvas, x: float, y: float, w: float, h: float, col: theme.Colour) -> None:
    step = 7.0
    for px in _dashes(x, x + w, step):
        c.line(col, (px, y), (min(px + step / 2, x + w), y), 1)
        c.line(col, (px, y + h), (min(px + step / 2, x + w), y + h), 1)
    for py in _dashes(y, y + h, step):
        c.line(col, (x, py), (x, min(py + step / 2, y + h)), 1)
        c.line(col, (x + w, py), (x + w, min(py + step / 2, y + h)), 1)


def _dashes(a: float, b: float, step: float) -> list[float]:
    out = []
    v = a
    while v < b:
        out.append(v)
        v += step
    return out


def blockade(c: Canvas, g: Geom, bx: float, by: float, number: int, cost: int,
             taken_by: theme.Colour | None, taken_shape: str = "circle") -> None:
    """A Blockade Token across the path at a tier's entry: its number and the speed it costs;
    once removed, only a faint mark with the remover's marker."""
    k = g.k
    x, y, w, h = g.rect(bx - BLOCKADE_W / 2, by - BLOCKADE_H / 2, BLOCKADE_W, BLOCKADE_H)
    if taken_by is not None:
        c.fill(theme.lighten(WOOD, 0.6), x + w * 0.2, y + h * 0.3, w * 0.6, h * 0.4, 4)
        tokens.seat_marker(c, x + w / 2, y + h / 2, 6, taken_by, taken_shape)
        return
    c.fill(theme.darken(WOOD, 0.45), x + 2, y + 3, w, h, 6)
    c.fill(WOOD, x, y, w, h, 6)
    for i in range(3):  # the striped bar of a barrier
        sx = x + w * (0.16 + 0.27 * i)
        c.polygon(theme.lighten(WOOD, 0.3), [(sx, y + h), (sx + 9 * k, y + h),
                                             (sx + 21 * k, y), (sx + 12 * k, y)])
    c.circle(theme.CREAM, x + h / 2 + 1, y + h / 2, h * 0.42)
    c.text(f"{number}", x + h / 2 + 1, y + h / 2, 12, theme.INK, True, "center")
    c.text(f"\u2212{cost} speed", x + w - 4 * k, y + h / 2, 10, theme.CREAM, True, "midright",
           max_w=w - h - 6 * k)


def energy_space(c: Canvas, g: Geom, bx: float, by: float, etype: str, closed: bool,
                 owner: theme.Colour | None, owner_type: int, owner_shape: str) -> None:
    """An energy space of the board: its type's symbol; the energy on it in its owner's
    colour; a closed space (fewer than 3 players) crossed out."""
    x, y, w, h = g.around(bx, by, ENERGY_HALF)
    col = theme.ENERGY_COLOUR[etype]
    c.fill(theme.darken(col, 0.55), x + 1, y + 2, w, h, 7)
    c.fill(theme.lighten(col, 0.72), x, y, w, h, 7)
    c.fill(col, x, y, w, h, 7, 2)
    if owner is not None:
        tokens.energy(c, x + w / 2, y + h / 2, w * 0.34, owner_type, owner, owner_shape)
    else:
        tokens.empty_slot(c, x + w / 2, y + h / 2, w * 0.3, etype)
    if closed:
        c.line(theme.DENY, (x + 5, y + 5), (x + w - 5, y + h - 5), 3)
        c.line(theme.DENY, (x + w - 5, y + 5), (x + 5, y + h - 5), 3)


def plaque(c: Canvas, x: float, y: float, w: float, h: float, title: str) -> None:
    c.fill(theme.darken(PLAQUE, 0.45), x + 2, y + 3, w, h, 8)
    c.fill(PLAQUE, x, y, w, h, 8)
    c.fill(theme.PANEL_EDGE, x, y, w, h, 8, 1.5)
    c.text(title, x + 10, y + 14, 13, theme.INK, True, "midleft", max_w=w - 20)


def pilgrim(c: Canvas, x: float, y: float, r: float, colour: theme.Colour, shape: str) -> None:
    """A seat's pilgrim: a hooded walker with a staff, in the seat's colour and marker shape."""
    c.circle((0, 0, 0), x + 1.5, y + r * 1.05, r * 0.8)
    c.line(theme.darken(WOOD, 0.2), (x + r * 0.9, y - r * 1.2), (x + r * 0.9, y + r * 1.1), 2)
    body = [(x - r * 0.85, y + r), (x - r * 0.35, y - r * 0.55), (x + r * 0.35, y - r * 0.55),
            (x + r * 0.85, y + r)]
    c.polygon(colour, body)
    c.polygon(theme.CREAM, body, 1.5)
    c.circle(colour, x, y - r * 0.85, r * 0.48)
    c.circle(theme.CREAM, x, y - r * 0.85, r * 0.48, 1.5)
    c.shape(shape, theme.CREAM, x, y + r * 0.3, r * 0.3)


def spread(n: int, i: int, gap: float) -> float:
    """The offset of the i-th of n pieces side by side around a centre."""
    return (i - (n - 1) / 2) * gap


def speed_rows(c: Canvas, x: float, y: float, w: float, row_h: float, seats: Sequence[
        tuple[str, theme.Colour, str, int]], max_speed: int) -> None:
    """The speed track, a row per seat: the marker and name, then the slots 0..max with the
    seat's cube on its speed."""
    slot_w = 34.0
    sx0 = x + w - (max_speed + 1) * slot_w - 4
    for i, (who, col, shape, speed) in enumerate(seats):
        ry = y + i * row_h
        tokens.seat_marker(c, x + 10, ry + row_h / 2, 6.5, col, shape)
        c.text(who, x + 22, ry + row_h / 2, 12, theme.INK, True, "midleft",
               max_w=sx0 - x - 28)
        for v in range(max_speed + 1):
            cx = sx0 + v * slot_w + slot_w / 2
            on = v == speed
            c.fill(theme.darken(PLAQUE, 0.18), cx - 13, ry + 3, 26, row_h - 6, 5)
            if on:
                c.fill(theme.darken(col, 0.5), cx - 9, ry + 6, 20, row_h - 10, 4)
                c.fill(col, cx - 10, ry + 5, 20, row_h - 10, 4)
                c.text(f"{v}", cx, ry + row_h / 2, 12, theme.CREAM, True, "center")
            else:
                c.text(f"{v}", cx, ry + row_h / 2, 11, theme.INK_SOFT, False, "center")


def roman(n: int) -> str:
    return ROMAN[n] if 0 <= n < len(ROMAN) else str(n)

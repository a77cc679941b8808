"""The Pilgrimage pages' pictures, drawn with the table's Pilgrim Board helpers
(game.pilgrimage_draw): the whole of Mount Eldranir with its parts named, a fork of the path
with a Shrine and a Blockade up close, and a Shrine completion's three steps. Each drawing
names its parts for the pages' callouts."""

from __future__ import annotations

from engine.aac.api import Board, board, rules
from game.aac import pilgrimage_draw as pd
from game.aac.guide.art import Rect
from game.aac.guide.drawn import drawing
from game.shell import theme
from game.shell.scenegraph import Canvas

SEATS = ((222, 170, 60), (200, 96, 40), (70, 110, 180))  # the pictures' three pilgrims
SHAPES = ("circle", "square", "triangle")


def _board() -> Board:
    return board(rules())


def _label(c: Canvas, text: str, x: float, y: float, w: float, size: float = 13.0) -> None:
    c.text(text, x, y, size, theme.CREAM, True, "midtop", max_w=w)


@drawing("pilgrim_board", 1.0)
def pilgrim_board(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """Mount Eldranir: the path, one Shrine built, the Blockades, the energy spaces (two of
    them holding energy), the speed track and three pilgrims on the way up."""
    b = _board()
    side = min(w, h)
    g = pd.Geom((w - side) / 2, (h - side) / 2, side)
    pd.mountain(c, g, b)
    xy = pd.space_xy(b)
    built = {b.frames[0]: next(iter(b.shrines.values())).name}
    for fr in b.file.shrine_frames:
        pd.frame(c, g, fr.x, fr.y, built.get(fr.id, ""))
    for bl in b.file.blockades:
        pd.blockade(c, g, bl.x, bl.y, bl.number, bl.speed_reduction,
                    SEATS[0] if bl.number == 1 else None, SHAPES[0])
    ex, ey, ew, eh = g.rect(*pd.ENERGY_BOX)
    pd.plaque(c, ex, ey, ew, eh, "Energy spaces")
    for i, es in enumerate(b.file.energy_spaces):
        own = i in (1, 3)
        pd.energy_space(c, g, es.x, es.y, es.type, es.min_players > 3, SEATS[1] if own else None,
                        b.energy_types[es.id], SHAPES[1])
    px, py, pw, ph = g.rect(*pd.SPEED_BOX)
    pd.plaque(c, px, py, pw, ph, "Speed")
    pd.speed_rows(c, px + 6, py + 26 * g.k * 1.6, pw - 12, min(26.0, ph / 5),
                  [("", SEATS[0], SHAPES[0], 1), ("", SEATS[1], SHAPES[1], 2),
                   ("", SEATS[2], SHAPES[2], 0)], b.max_speed)
    spots = {0: "pb_t1_03", 1: "pb_start", 2: "pb_t2_02"}
    for seat, sp in spots.items():
        x, y = g.pt(*xy[sp])
        pd.pilgrim(c, x, y - 4, 9, SEATS[seat], SHAPES[seat])
    summit = [xy[s] for s in b.summit]
    sx0 = min(p[0] for p in summit) - pd.SUMMIT_R
    sx1 = max(p[0] for p in summit) + pd.SUMMIT_R
    fr = b.file.shrine_frames[0]
    bl2 = b.file.blockades[1]
    es0 = b.file.energy_spaces[0]
    return {
        "start": g.around(*xy["pb_start"], pd.START_R),
        "path": g.around(*xy["pb_t1_02"], pd.SPACE_R),
        "shrine": g.around(fr.x, fr.y, pd.FRAME_HALF),
        "frame": g.around(b.file.shrine_frames[1].x, b.file.shrine_frames[1].y, pd.FRAME_HALF),
        "blockade": g.rect(bl2.x - pd.BLOCKADE_W / 2, bl2.y - pd.BLOCKADE_H / 2, pd.BLOCKADE_W,
                           pd.BLOCKADE_H),
        "energy": g.around(es0.x, es0.y, pd.ENERGY_HALF),
        "speed": (px, py, pw, ph),
        "summit": g.rect(sx0, 20, sx1 - sx0, 110),
        "tier": g.rect(18, 695, 170, 40),
    }


@drawing("pilgrim_fork", 1.6)
def pilgrim_fork(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """Tier I up close: the fork onto a built Shrine, the path beside it, Blockade 2 at the
    top and a pilgrim about to choose."""
    b = _board()
    # the part of the board from y 680 to 920, x 300 to 700, scaled to fill the box
    span_w, span_h = 440.0, 260.0
    k = min(w / span_w, h / span_h)
    side = 1000 * k
    g = pd.Geom(w / 2 - 500 * k, h / 2 - 800 * k, side)
    sub = c
    sub.fill(pd.TIER_FILL[1], 0, 0, w, h, 10)
    xy = pd.space_xy(b)
    for a, z, side_edge in pd.edge_points(b):
        if not all(660 <= p[1] <= 940 for p in (a, z)):
            continue
        wide = 12 if side_edge else 20
        c.line(theme.PATH_EDGE, g.pt(*a), g.pt(*z), wide * k + 3)
        c.line(theme.PATH, g.pt(*a), g.pt(*z), wide * k)
    for sp in b.file.spaces:
        if sp.kind == "path" and sp.tier == 1:
            x, y = g.pt(sp.x, sp.y)
            c.circle(theme.PATH_EDGE, x, y + 1.5, pd.SPACE_R * k + 1.5)
            c.circle(pd.STONE, x, y, pd.SPACE_R * k)
    f1, f2 = b.file.shrine_frames[0], b.file.shrine_frames[1]
    name = next(iter(b.shrines.values())).name
    pd.frame(c, g, f1.x, f1.y, name)
    pd.frame(c, g, f2.x, f2.y, "")
    bl2 = b.file.blockades[1]
    pd.blockade(c, g, bl2.x, bl2.y, bl2.number, bl2.speed_reduction, None)
    x, y = g.pt(*xy["pb_t1_01"])
    pd.pilgrim(c, x, y - 5, 10 * k, SEATS[0], SHAPES[0])
    return {
        "pilgrim": g.around(*xy["pb_t1_01"], pd.SPACE_R + 6),
        "straight": g.around(*xy["pb_t1_02"], pd.SPACE_R),
        "shrine": g.around(f1.x, f1.y, pd.FRAME_HALF),
        "empty": g.around(f2.x, f2.y, pd.FRAME_HALF),
        "blockade": g.rect(bl2.x - pd.BLOCKADE_W / 2, bl2.y - pd.BLOCKADE_H / 2, pd.BLOCKADE_W,
                           pd.BLOCKADE_H),
    }


@drawing("shrine_steps", 3.0)
def shrine_steps(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """A Shrine completion in three panels: A build a Shrine, B move, C the energy."""
    pw = w / 3
    out: dict[str, Rect] = {}
    for i, (key, title) in enumerate((("a", "A: construct a Shrine"), ("b", "B: move up"),
                                      ("c", "C: activate or exhaust"))):
        x = i * pw + 6
        c.fill(pd.TIER_FILL[i + 1], x, 6, pw - 12, h - 12, 10)
        c.fill(theme.PANEL_EDGE, x, 6, pw - 12, h - 12, 10, 1.5)
        c.fill(pd.PLAQUE, x + 10, 10, pw - 32, 24, 6)
        c.text(title, x + (pw - 12) / 2, 22, 13, theme.INK, True, "center", max_w=pw - 40)
        cx, cy = x + (pw - 12) / 2, h * 0.6
        if key == "a":
            kk = min(pw, h) / 150  # a frame of 68 board units, about 45% of the panel
            pd.frame(c, pd.Geom(cx - 200 * kk, cy - 10 - 200 * kk, 1000.0 * kk), 200, 200,
                     next(iter(_board().shrines.values())).name)
            out[key] = (cx - 36 * kk, cy - 10 - 36 * kk, 72 * kk, 72 * kk)
        elif key == "b":
            c.line(theme.PATH_EDGE, (cx - pw * 0.3, cy + 12), (cx + pw * 0.3, cy + 12), 12)
            c.line(theme.PATH, (cx - pw * 0.3, cy + 12), (cx + pw * 0.3, cy + 12), 8)
            for j in range(4):
                px = cx - pw * 0.3 + j * pw * 0.2
                c.circle(theme.PATH_EDGE, px, cy + 12, 9)
                c.circle(pd.STONE, px, cy + 12, 8)
            pd.pilgrim(c, cx + pw * 0.3, cy + 4, 10, SEATS[1], SHAPES[1])
            c.line(theme.INK, (cx - pw * 0.3, cy - 14), (cx + pw * 0.22, cy - 14), 2)
            c.polygon(theme.INK, [(cx + pw * 0.26, cy - 14), (cx + pw * 0.2, cy - 19),
                                  (cx + pw * 0.2, cy - 9)])
            out[key] = (cx - pw * 0.36, cy - 24, pw * 0.72, 48)
        else:
            g = pd.Geom(cx - 122, cy - 30, 1000.0)
            pd.energy_space(c, g, 40, 30, "rose", False, SEATS[1], 1, SHAPES[1])
            pd.energy_space(c, g, 110, 30, "magnet", False, SEATS[1], 2, SHAPES[1])
            pd.energy_space(c, g, 180, 30, "compass", False, None, 0, SHAPES[1])
            out[key] = (cx - 112, cy - 30, 140, 60)
    return out

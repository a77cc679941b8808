"""Age of Reason's map drawn as a hand-coloured map of the eighteenth century: laid paper
(a warm gradient, a vignette, mottling, grain and a few foxing spots), seas washed pale with
engraved ripple lines following every coast and rhumb lines from the compass roses, a ship
under sail in the open sea, the countries washed in their colours with the pigment pooled
at their borders, engraved coastlines, a few hills and woods, the titles in cartouches, the
board parts inside a double neat line with a graduated edge, the names in EB Garamond.

Everything here is static: `art(scale)` renders the whole map once per pixel scale and keeps
the last few scales (a resize or a zoom makes a new one; a frame only blits). `builds`
counts the renders (a test reads it). Nothing here is read by the hit areas: they stay
map_geometry's polygons and plaques."""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import cache

import pygame

from game.aor import look
from game.aor import map_geometry as mg
from game.shell import icons, theme
from game.shell.scenegraph import MIN_TEXT_PX, Canvas

Colour = theme.Colour
Poly = mg.Poly
Px = list[tuple[int, int]]

SERIF = theme.ASSETS / "fonts" / "EBGaramond12-Regular.ttf"
SERIF_ITALIC = theme.ASSETS / "fonts" / "EBGaramond12-Italic.ttf"

PAPER_LIGHT = (244, 232, 204)
PAPER_DARK = (214, 188, 142)
INK = (72, 50, 32)  # the engraver's sepia
COAST_INK = (66, 56, 48)
SEA_INK = (58, 96, 110)
SEA_WASH = (122, 172, 184, 112)
SEA_AREA_WASH = (92, 146, 166, 64)  # a scoring sea: a deeper water over the wash
AREA_BAND = (170, 96, 46)  # a scoring land area's border wash (sienna)
OTHER_BAND = (146, 140, 92)  # land that scores nothing: a faint olive edge
BORDER = (160, 54, 40)  # a scoring area's dotted border
SEA_BORDER = (52, 92, 112)
CARTOUCHE = (250, 242, 218)

# the rings that follow the coasts: (distance from the coast, alpha), in map units
RINGS: tuple[tuple[float, int], ...] = ((2.7, 215), (5.4, 150), (8.6, 105), (12.6, 70),
                                        (17.4, 42))
COAST_W = 1.15  # the coastline's width outside the land

# where the seas' names stand (clear of every plaque)
SEA_NAMES: tuple[tuple[str, mg.Point, float], ...] = (
    ("Atlantic Ocean", (312.0, 104.0), 9.0),
    ("Mare Pacificum", (64.0, 446.0), 9.0),
    ("Indian", (392.0, 312.0), 8.5),
    ("Ocean", (392.0, 324.0), 8.5),
    ("North Sea", (mg.MAIN_X + 150.0, 76.0), 9.0),
    ("Black Sea", (mg.MAIN_X + 440.0, 286.0), 8.0),
    ("Atlantic", (mg.MAIN_X + 34.0, 180.0), 8.5),
)
REGION_NAMES: tuple[tuple[str, mg.Point], ...] = (
    ("Scandinavia", (mg.MAIN_X + 214.0, 24.0)), ("Italy", (mg.MAIN_X + 244.0, 352.0)),
    ("Barbary", (mg.MAIN_X + 250.0, 494.0)), ("Arabia", (344.0, 176.0)),
    ("Persia", (396.0, 112.0)), ("Greenland", (238.0, 14.0)),
)
# engraved hills and woods on land no plaque covers: (kind, x, y, size)
RELIEF: tuple[tuple[str, float, float, float], ...] = (
    ("hill", mg.MAIN_X + 190, 30, 6), ("hill", mg.MAIN_X + 204, 38, 5),
    ("hill", mg.MAIN_X + 176, 24, 5), ("hill", mg.MAIN_X + 226, 16, 5),
    ("wood", mg.MAIN_X + 356, 14, 4), ("wood", mg.MAIN_X + 366, 24, 4),
    ("hill", mg.MAIN_X + 238, 342, 4.5), ("hill", mg.MAIN_X + 256, 362, 4.5),
    ("hill", mg.MAIN_X + 60, 400, 5), ("hill", mg.MAIN_X + 84, 404, 4.5),
    ("hill", mg.MAIN_X + 110, 482, 5), ("hill", mg.MAIN_X + 130, 488, 5.5),
    ("hill", mg.MAIN_X + 152, 484, 4.5), ("hill", mg.MAIN_X + 300, 496, 4.5),
    ("wood", mg.MAIN_X + 452, 40, 4), ("wood", mg.MAIN_X + 464, 52, 4),
    ("wood", mg.MAIN_X + 476, 40, 4), ("hill", mg.MAIN_X + 470, 236, 5),
    ("hill", mg.MAIN_X + 452, 248, 4.5),
    ("hill", 398, 126, 4.5), ("hill", 352, 160, 4), ("wood", 158, 28, 4),
    ("wood", 166, 40, 4), ("hill", 262, 150, 5), ("hill", 282, 160, 5.5),
    ("hill", 300, 188, 4.5), ("hill", 40, 150, 5), ("hill", 56, 160, 5.5),
    ("hill", 30, 172, 4.5), ("hill", 162, 436, 5), ("hill", 168, 456, 4.5),
    ("hill", 160, 476, 4), ("wood", 196, 300, 4), ("wood", 214, 304, 4),
    ("wood", 230, 298, 4), ("hill", 384, 160, 4.5), ("hill", 398, 168, 4),
    ("wood", 90, 156, 4), ("wood", 104, 150, 4), ("wood", 318, 208, 4),
)
SHIP_AT: tuple[float, float, float] = (74.0, 384.0, 40.0)  # x, y, size
SECOND_ROSE: mg.Point = (mg.MAIN_X + 30.0, 268.0)  # the main part's rhumb-line node
CARTOUCHES: tuple[tuple[float, float, float, float], ...] = (
    (266.0, 42.0, 140.0, 34.0), (mg.MAIN_X + 10.0, 226.0, 70.0, 34.0))
INSET_ISLANDS = (mg.SUMATRA, mg.JAVA, mg.BORNEO, mg.MALAYA)
LIMIT_PIXELS = 10_000_000  # the cache keeps the last scales while they hold this few pixels
MAX_PIXELS = 7_000_000  # the largest art rendered (1920x1080 at 3x holds 6.2 million)

builds = 0
_cache: OrderedDict[float, pygame.Surface] = OrderedDict()


# --- the cache ---------------------------------------------------------------------------------
def art(scale: float) -> pygame.Surface:
    """The whole static map (MAP_W x MAP_H map units) at `scale` pixels per unit, rendered
    once and kept while it is among the last few scales used."""
    global builds
    key = round(scale, 5)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    builds += 1
    surf = render(key)
    disp = pygame.display.get_surface()
    if disp is not None and (surf.get_bitsize(), surf.get_masks()) != (disp.get_bitsize(),
                                                                         disp.get_masks()):
        surf = surf.convert()  # (a surface made after the window already has its format)
    _cache[key] = surf
    while len(_cache) > 1 and sum(s.get_width() * s.get_height()
                                  for s in _cache.values()) > LIMIT_PIXELS:
        _cache.popitem(last=False)
    return surf


def paint(c: Canvas, quick: bool = False) -> bool:
    """Blit the art under canvas `c` (map units at c's scale and offset). `quick` (the wheel
    turning): a scale not rendered yet is stood in for by the nearest one rendered, its
    visible part scaled; False says the picture is such a stand-in, to be painted again.
    Past MAX_PIXELS (a very large window zoomed in) the art is rendered at the largest scale
    that fits and its visible part scaled up."""
    key = round(c.s, 5)
    top = round(math.sqrt(MAX_PIXELS / (mg.MAP_W * mg.MAP_H)), 5)
    if key > top:
        _scaled(c, art(top), top)
        return True
    if key in _cache or not quick or not _cache:
        c.surf.blit(art(c.s), (round(c.ox), round(c.oy)))
        return True
    near = min(_cache, key=lambda k: abs(math.log(k / key)))
    _scaled(c, _cache[near], near)
    return False


def _scaled(c: Canvas, src: pygame.Surface, scale: float) -> bool:
    """Blit the part of `src` (the art at `scale`) that `c` shows, scaled to c's scale."""
    f = scale / c.s
    w, h = c.surf.get_size()
    r = pygame.Rect(math.floor(-c.ox * f), math.floor(-c.oy * f), math.ceil(w * f) + 1,
                    math.ceil(h * f) + 1).clip(src.get_rect())
    if r.w < 2 or r.h < 2:
        return False
    size = (max(1, round(r.w / f)), max(1, round(r.h / f)))
    c.surf.blit(pygame.transform.smoothscale(src.subsurface(r), size),
                (round(c.ox + r.x / f), round(c.oy + r.y / f)))
    return True


def forget() -> None:
    _cache.clear()


# --- drawing helpers ------------------------------------------------------------------------------
@cache
def _font(px: int, italic: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(SERIF_ITALIC if italic else SERIF), max(6, px))


def text(c: Canvas, s: str, x: float, y: float, size: float, col: Colour,
         italic: bool = False, anchor: str = "center", spacing: float = 0.0,
         halo: bool = True) -> pygame.Rect:
    """A line in EB Garamond (letter-spaced by `spacing` ems), never below MIN_TEXT_PX."""
    px = max(MIN_TEXT_PX + 1, round(size * c.s))
    f = _font(px, italic)
    if spacing <= 0:
        surf = f.render(s, True, col)
    else:
        gap = round(px * spacing)
        glyphs = [f.render(ch, True, col) for ch in s]
        w = sum(g.get_width() for g in glyphs) + gap * max(0, len(s) - 1)
        surf = pygame.Surface((max(1, w), f.get_height()), pygame.SRCALPHA)
        gx = 0
        for g in glyphs:
            surf.blit(g, (gx, 0))
            gx += g.get_width() + gap
    r = surf.get_rect()
    setattr(r, anchor, c.pt(x, y))
    if halo:  # a soft ring of paper round the letters: they read over a wash or a ripple
        glow = surf.copy()
        glow.fill((*PAPER_LIGHT, 0), special_flags=pygame.BLEND_RGBA_MAX)
        glow.fill((*PAPER_LIGHT, 110), special_flags=pygame.BLEND_RGBA_MIN)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            c.surf.blit(glow, r.move(dx, dy))
    c.surf.blit(surf, r)
    return r


def _pts(p: Sequence[mg.Point], s: float, ox: float = 0.0, oy: float = 0.0) -> Px:
    return [(round(x * s - ox), round(y * s - oy)) for x, y in p]


def _stroke(surf: pygame.Surface, col: tuple[int, ...], pts: Px, w: int) -> None:
    """A closed line `w` pixels wide with round joins (no notches at the corners)."""
    if len(pts) < 2:
        return
    pygame.draw.lines(surf, col, True, pts, max(1, w))
    if w > 2:
        for p in pts:
            pygame.draw.circle(surf, col, p, w / 2)


def _dashed(surf: pygame.Surface, col: tuple[int, ...], a: tuple[float, float],
            b: tuple[float, float], dash: float, gap: float, w: int) -> None:
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d < 0.5:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    t = 0.0
    while t < d:
        e = min(d, t + dash)
        pygame.draw.line(surf, col, (a[0] + ux * t, a[1] + uy * t),
                         (a[0] + ux * e, a[1] + uy * e), w)
        t = e + gap


def _dotted_poly(surf: pygame.Surface, col: tuple[int, ...], pts: Px, s: float,
                 w: float = 1.2) -> None:
    n = len(pts)
    for i in range(n):
        _dashed(surf, col, pts[i], pts[(i + 1) % n], 3.0 * s, 2.2 * s, max(1, round(w * s)))


def _bbox(polys: Iterable[Px]) -> pygame.Rect:
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


# --- paper ---------------------------------------------------------------------------------------
@cache
def _paper_fields(seed: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Resolution-free paper, made once: a small sheet (a warm gradient with its vignette,
    blotches and a finer mottle), scaled up smooth per size, and a grain tile multiplied in."""
    rng = random.Random(seed)
    lw, lh = 40, 26
    base = pygame.Surface((lw, lh))
    for j in range(lh):
        for i in range(lw):
            u, v = i / (lw - 1), j / (lh - 1)
            d = math.hypot((u - 0.5) / 0.5, (v - 0.5) / 0.5) / math.sqrt(2)
            t = 0.10 * u + 0.08 * v + 0.62 * d ** 2.4 + 0.10 * rng.random()
            t = max(0.0, min(1.0, t))
            base.set_at((i, j), tuple(round(a + (b - a) * t)
                                      for a, b in zip(PAPER_LIGHT, PAPER_DARK, strict=True)))
    mw, mh = 150, 90
    sheet = pygame.transform.smoothscale(base, (mw, mh))
    sheet.blit(_noise(rng, (mw, mh), 14, 2), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return sheet, _noise(rng, (96, 96), 16, 3)


def _noise(rng: random.Random, size: tuple[int, int], depth: int, power: int) -> pygame.Surface:
    """Grey noise near white (255 less up to `depth`, most pixels light: the `power`)."""
    lut = bytes(255 - round(depth * (v / 255) ** power) for v in range(256))
    grey = rng.randbytes(size[0] * size[1]).translate(lut)
    rgb = bytearray(3 * len(grey))
    rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
    return pygame.image.frombytes(bytes(rgb), size, "RGB")


def paper(w: int, h: int, seed: int, s: float) -> pygame.Surface:
    """A sheet of paper `w` x `h` pixels (s: pixels per map unit, for the foxing)."""
    small, tile = _paper_fields(seed)
    sheet = pygame.transform.smoothscale(small, (w, h))
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            sheet.blit(tile, (x, y), special_flags=pygame.BLEND_RGB_MULT)
    rng = random.Random(seed * 31 + 5)
    for _ in range(max(4, round(w * h / (s * s) / 9000))):  # foxing: soft brown spots
        fx, fy = rng.random() * w, rng.random() * h
        r = (1.2 + rng.random() * 4.0) * s
        spot = pygame.Surface((round(2 * r) + 2, round(2 * r) + 2), pygame.SRCALPHA)
        for k in range(4, 0, -1):
            pygame.draw.circle(spot, (150, 100, 48, 18 + 9 * (4 - k)), spot.get_rect().center,
                               r * k / 4)
        sheet.blit(spot, (round(fx - r), round(fy - r)))
    return sheet


# --- the picture ---------------------------------------------------------------------------------
@cache
def _lands() -> tuple[Poly, ...]:
    """Every shape of land: the land areas, the home countries, the rest (an island that
    lies wholly inside another land is not drawn: it would show as a patch on it)."""
    out = [p for g in mg.AREAS.values() if not g.sea for p in g.shapes]
    out += [p for h in mg.HOMES.values() for p in h.shapes]
    for p in mg.OTHER_LAND:
        if p not in out and not any(all(mg.contains(q, x, y) for x, y in p) for q in out):
            out.append(p)
    return tuple(out)


def _touches(p: Poly, rect: tuple[float, float, float, float]) -> bool:
    x, y, w, h = rect
    return any(x - 20 <= px <= x + w + 20 and y - 20 <= py <= y + h + 20 for px, py in p)


def _seas(surf: pygame.Surface, s: float, rect: tuple[float, float, float, float],
          lands: list[Poly], tints: list[Poly], rose: mg.Point | None,
          ship: bool) -> None:
    """The water inside `rect` (map units): the wash, the scoring seas' deeper water, the
    rhumb lines from `rose`, the ripple rings round every coast and the coastline; the land
    cut out of it (drawn next)."""
    x, y, w, h = rect
    ox, oy = round(x * s), round(y * s)
    size = (round((x + w) * s) - ox, round((y + h) * s) - oy)
    water = pygame.Surface(size, pygame.SRCALPHA)
    water.fill(SEA_WASH)
    for p in tints:
        pygame.draw.polygon(water, SEA_AREA_WASH, _pts(p, s, ox, oy))
    if rose is not None:  # 32 rhumb lines, the eight winds darker
        cx, cy = rose[0] * s - ox, rose[1] * s - oy
        far = 2 * max(size)
        for k in range(32):
            a = k * math.pi / 16
            col = (*INK, 78) if k % 4 == 0 else (*SEA_INK, 46)
            pygame.draw.aaline(water, col, (cx, cy), (cx + far * math.cos(a),
                                                      cy + far * math.sin(a)))
    rng = random.Random(round(x) + 11)
    for _ in range(int(w * h / 1500)):  # a few engraved wavelets in the open water
        wx, wy = rng.random() * size[0], rng.random() * size[1]
        step = 2.6 * s
        pygame.draw.aalines(water, (*SEA_INK, 70), False,
                            [(wx, wy), (wx + step, wy - 1.1 * s), (wx + 2 * step, wy),
                             (wx + 3 * step, wy - 1.1 * s)])
    for p in tints:
        _dotted_poly(water, (*SEA_BORDER, 150), _pts(p, s, ox, oy), s, 1.1)
    pts = [_pts(p, s, ox, oy) for p in lands]
    rings = pygame.Surface(size, pygame.SRCALPHA)
    lw = max(1, round(0.55 * s))
    for d, alpha in reversed(RINGS):  # outermost first; each erases inside itself
        outer, inner = round(2 * d * s) + lw, max(1, round(2 * d * s) - lw)
        for q in pts:
            _stroke(rings, (*SEA_INK, alpha), q, outer)
        for q in pts:
            _stroke(rings, (0, 0, 0, 0), q, inner)
    for q in pts:
        _stroke(rings, (*COAST_INK, 255), q, max(2, round(2 * COAST_W * s)))
    water.blit(rings, (0, 0))
    if ship:
        sx, sy, ss = SHIP_AT
        water.blit(icons.icon("aor_galleon", round(ss * s)),
                   (round((sx - ss / 2) * s) - ox, round((sy - ss / 2) * s) - oy))
    for q in pts:
        pygame.draw.polygon(water, (0, 0, 0, 0), q)
    surf.blit(water, (ox, oy))


def _wash(surf: pygame.Surface, s: float, polys: Sequence[Poly], col: Colour,
          inner: int, edge: int, band: float) -> None:
    """Watercolour: a light wash over the shapes, the pigment pooled darker along their
    edges in a band `band` units wide fading inward."""
    pts = [_pts(p, s) for p in polys]
    box = _bbox(pts).inflate(4, 4)
    local = [[(x - box.x, y - box.y) for x, y in q] for q in pts]
    tmp = pygame.Surface(box.size, pygame.SRCALPHA)
    for q in local:
        pygame.draw.polygon(tmp, (*col, inner), q)
    steps = 7
    for i in range(steps):  # widest (faintest) first; each narrower one is darker
        f = (i + 1) / steps
        a = round(inner + (edge - inner) * f ** 1.6)
        wpx = max(1, round(2 * band * s * (1 - i / steps)))
        for q in local:
            _stroke(tmp, (*col, a), q, wpx)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    for q in local:
        pygame.draw.polygon(mask, (255, 255, 255, 255), q)
    tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(tmp, box.topleft)


@cache
def _relief_spots() -> tuple[tuple[str, float, float, float], ...]:
    return tuple(spot for spot in RELIEF if _free_land(spot[1], spot[2], spot[3]))


def _free_land(x: float, y: float, r: float) -> bool:
    """Is (x, y) on land, clear of every plaque and cartouche (a hill or wood may stand)?"""
    if not any(mg.contains(p, x, y) for p in _lands()):
        return False
    for tx, ty, tw, th in [g.tab_rect for g in mg.AREAS.values()] + list(CARTOUCHES):
        if tx - r <= x <= tx + tw + r and ty - r <= y <= ty + th + r:
            return False
    return True


def _relief(c: Canvas, kind: str, x: float, y: float, r: float) -> None:
    """An engraved hill (a mound, its shaded side hatched) or a small wood."""
    if kind == "hill":
        pts = [(x - r + 2 * r * i / 10, y - r * 0.9 * math.sin(math.pi * i / 10))
               for i in range(11)]
        pygame.draw.aalines(c.surf, INK, False, [c.pt(*p) for p in pts])
        for k in range(1, 4):  # the shade on the right (east) flank
            hx = x + r * k / 4
            top = y - r * 0.9 * math.sin(math.pi * (hx - x + r) / (2 * r))
            c.line((128, 100, 72), (hx, top + 0.8), (hx - 0.6, y), 0.45)
        return
    for dx in (-r * 0.7, r * 0.7, 0.0):
        c.line(INK, (x + dx, y + r * 0.2), (x + dx, y + r * 0.9), 0.5)
        c.circle((112, 130, 84), x + dx, y - r * 0.3, r * 0.55)
        c.circle(INK, x + dx, y - r * 0.3, r * 0.55, 0.45)


def _neat_line(c: Canvas, x: float, y: float, w: float, h: float, step: float = 12.0) -> None:
    """A double rule with a graduated edge (ink and paper cells, like degrees) between."""
    c.fill(INK, x, y, w, h, 0, 1.6)
    a, b = 2.6, 5.0  # the cells' band, inset from the outer edge
    c.fill(INK, x + a, y + a, w - 2 * a, h - 2 * a, 0, 0.5)
    c.fill(INK, x + b, y + b, w - 2 * b, h - 2 * b, 0, 0.7)
    band = b - a
    for t in _cells(a, w - a, step):  # along the top and the foot
        e = min(step, w - a - t)
        c.fill(INK, x + t, y + a, e, band)
        c.fill(INK, x + t, y + h - b, e, band)
    for t in _cells(a, h - a, step):  # down both sides
        e = min(step, h - a - t)
        c.fill(INK, x + a, y + t, band, e)
        c.fill(INK, x + w - b, y + t, band, e)


def _cells(start: float, end: float, step: float) -> list[float]:
    """Where the inked cells of a graduated edge begin: every other step from `start`."""
    out, t = [], start
    while t < end:
        out.append(t)
        t += 2 * step
    return out


def cartouche(c: Canvas, x: float, y: float, w: float, h: float, title: str,
              sub: str) -> None:
    """A title on a scroll: rolled ends, a double rule, a flourish above and below."""
    for ex in (x - 2.0, x + w + 2.0):  # the rolled ends behind the sheet
        c.circle((60, 40, 24), ex + 1, y + h / 2 + 1.5, h * 0.36)
        r = c.rect(ex - 4.5, y - 2, 9, h + 4)
        pygame.draw.ellipse(c.surf, (226, 206, 164), r)
        pygame.draw.ellipse(c.surf, INK, r, c.px(0.8))
        c.circle(INK, ex, y + 1.5, 1.7, 0.6)
        c.circle(INK, ex, y + h - 1.5, 1.7, 0.6)
    c.fill((60, 40, 24), x + 1.5, y + 2.5, w, h, 2)
    c.fill(CARTOUCHE, x, y, w, h, 2)
    c.fill(INK, x, y, w, h, 2, 1.2)
    c.fill(INK, x + 2.6, y + 2.6, w - 5.2, h - 5.2, 1, 0.5)
    for fy, sgn in ((y, -1.0), (y + h, 1.0)):  # the flourishes: a small leaf-and-curl each
        cx = x + w / 2
        pts = [(cx - 14 + i, fy + sgn * (1.6 * math.sin(i / 28 * math.pi))) for i in range(29)]
        pygame.draw.aalines(c.surf, INK, False, [c.pt(*p) for p in pts])
        c.polygon(INK, [(cx - 3, fy + sgn * 1.0), (cx, fy + sgn * 4.2),
                        (cx + 3, fy + sgn * 1.0), (cx, fy)])
    text(c, title, x + w / 2, y + h * 0.40, 14, (74, 44, 24), spacing=0.04)
    text(c, sub, x + w / 2, y + h * 0.76, 8.5, (112, 82, 52), italic=True)


def _country_ink(ci: int) -> Colour:
    col = look.colour(ci)
    if col == look.COLOURS["white"]:
        return (96, 92, 86)
    if col == look.COLOURS["yellow"]:
        return (140, 104, 14)
    return theme.darken(col, 0.25)


def _country_wash(ci: int) -> tuple[Colour, int, int]:
    """(colour, inner alpha, edge alpha) of a home country's wash."""
    col = look.colour(ci)
    if col == look.COLOURS["white"]:
        return (128, 132, 146), 40, 150
    if col == look.COLOURS["black"]:
        return (70, 66, 70), 34, 150
    if col == look.COLOURS["yellow"]:
        return (224, 178, 30), 70, 230
    return col, 52, 205


def render(s: float) -> pygame.Surface:
    """The whole static map at `s` pixels per map unit."""
    surf = pygame.Surface((math.ceil(mg.MAP_W * s), math.ceil(mg.MAP_H * s)))
    surf.fill(theme.FELT)
    c = Canvas(surf, s)
    lands = _lands()
    sea_tints = [p for g in mg.AREAS.values() if g.sea and g.id != "area_ostindien"
                 for p in g.shapes]
    sheets: dict[str, pygame.Surface] = {}
    for part, (x, y, w, h) in mg.BOARD_PARTS:
        c.fill((20, 14, 10), x + 3, y + 4, w, h)
        r = c.rect(x, y, w, h)
        sheets[part] = paper(r.w, r.h, 7 if part == "main" else 3, s)
        surf.blit(sheets[part], r.topleft)
        main = part == "main"
        surf.set_clip(r)
        _seas(surf, s, (x, y, w, h), [p for p in lands if p not in INSET_ISLANDS and
                                      _touches(p, (x, y, w, h))],
              [p for p in sea_tints if _touches(p, (x, y, w, h))],
              SECOND_ROSE if main else mg.COMPASS_AT, ship=not main)
        surf.set_clip(None)
    _land(c, [p for p in lands if p not in INSET_ISLANDS])
    _inset(c, sheets["main"])
    labels(c)
    c.icon("aor_compass", *mg.COMPASS_AT, 58)
    for (x, y, w, h), (title, sub) in zip(CARTOUCHES, (("The Colonies", "Die Kolonien"),
                                                        ("Europe", "Europa")), strict=True):
        cartouche(c, x, y, w, h, title, sub)
    c.fill(theme.FELT, mg.COLONIAL_W, 0, mg.SEAM, mg.MAP_H)  # the seam between the parts
    c.fill((20, 14, 10), mg.COLONIAL_W, 4, 3, mg.MAP_H - 4)
    for _, (x, y, w, h) in mg.BOARD_PARTS:
        _neat_line(c, x, y, w, h)
    _leaders(c)
    return surf


def _land(c: Canvas, lands: Sequence[Poly]) -> None:
    s, surf = c.s, c.surf
    homes = {p for h in mg.HOMES.values() for p in h.shapes}
    areas = {p for g in mg.AREAS.values() if not g.sea for p in g.shapes}
    for p in lands:
        if p not in homes and p not in areas:
            _wash(surf, s, [p], OTHER_BAND, 10, 90, 4.5)
    for h in mg.HOMES.values():
        col, inner, edge = _country_wash(look.country_index(h.country))
        _wash(surf, s, h.shapes, col, inner, edge, 6.5)
    for g in mg.AREAS.values():
        if not g.sea:
            _wash(surf, s, g.shapes, AREA_BAND, 16, 135, 6.0)
    for p in lands:  # the borders between lands: a fine ink line (on the coast, over it)
        pygame.draw.aalines(surf, (112, 88, 64), True, _pts(p, s))
    for g in mg.AREAS.values():
        if not g.sea:
            for p in g.shapes:
                _dotted_poly(surf, BORDER, _pts(p, s), s, 1.3)
    for kind, x, y, r in _relief_spots():
        _relief(c, kind, x, y, r)


def _inset(c: Canvas, sheet: pygame.Surface) -> None:
    """The East Indies inset: its own paper, sea, islands and frame over the main part."""
    x, y, w, h = mg.EAST_INDIES_FRAME
    s, surf = c.s, c.surf
    c.fill((20, 14, 10), x + 2, y + 3, w, h)
    r = c.rect(x, y, w, h)
    main = c.rect(mg.MAIN_X, 0, mg.MAP_W - mg.MAIN_X, mg.MAP_H)
    surf.blit(sheet, r.topleft, pygame.Rect(r.x - main.x, r.y - main.y, r.w, r.h))
    surf.set_clip(r)
    _seas(surf, s, (x, y + 15, w, h - 15), list(INSET_ISLANDS), [], None, ship=False)
    surf.set_clip(None)
    for p in INSET_ISLANDS:
        _wash(surf, s, [p], OTHER_BAND, 10, 90, 4.0)
        pygame.draw.aalines(surf, (112, 88, 64), True, _pts(p, s))
    c.fill(CARTOUCHE, x, y, w, 15)
    c.line(INK, (x, y + 15), (x + w, y + 15), 0.7)
    text(c, "East Indies \u00b7 inset", x + w / 2, y + 7.5, 9.5, (74, 50, 30))
    c.fill(INK, x, y, w, h, 0, 1.6)
    c.fill(INK, x + 2.6, y + 2.6, w - 5.2, h - 5.2, 0, 0.5)


def labels(c: Canvas) -> list[tuple[str, pygame.Rect]]:
    """The names of the home countries, the seas and the lands that score nothing; each
    name with the rectangle it took."""
    out = []
    for hg in mg.HOMES.values():
        ci = look.country_index(hg.country)
        words = look.name(ci).upper()
        if ci == look.country_index("country_united_provinces"):
            words = "UNITED PROV."
        x, y = hg.label
        out.append((words, text(c, words, x, y, 8.6, _country_ink(ci), anchor=hg.anchor,
                                spacing=0.12)))
    for words, (x, y), size in SEA_NAMES:
        out.append((words, text(c, words, x, y, size, SEA_INK, italic=True, spacing=0.06)))
    for words, (x, y) in REGION_NAMES:
        out.append((words, text(c, words, x, y, 8.2, (104, 80, 52), italic=True)))
    return out


def _leaders(c: Canvas) -> None:
    """The dashed leader from each plaque standing off its area to the area."""
    col = (96, 70, 46)
    for g in mg.AREAS.values():
        tx, ty, tw, th = g.tab_rect
        ax, ay = g.anchor
        if any(mg.contains(p, tx + tw / 2, ty + th / 2) for p in g.shapes):
            continue
        cx = min(max(ax, tx), tx + tw)
        cy = min(max(ay, ty), ty + th)
        _dashed(c.surf, col, c.pt(cx, cy), c.pt(ax, ay), 4.0 * c.s, 3.0 * c.s, c.px(1.0))
        c.circle(col, ax, ay, 2.2)

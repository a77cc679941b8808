"""Where everything is on Age of Reason's map: the two board parts side by side (the colonial
part on the left with the Americas, Africa and India; the main part on the right with Europe
and, in its inset, the East Indies), the coastlines and borders as hand-drawn polygons, and
each area's holding plaque (its name, VP values, ship symbol, disc stacks and markers).

Map units: the map panel is MAP_W x MAP_H units (virtual units at zoom 1). The catalog's
schematic layout of the map placed the areas on each part; these polygons follow it.
Nothing here is a rule: adjacency for the rules is the catalog's."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.aor.api import tables

Point = tuple[float, float]
Poly = tuple[Point, ...]

MAP_W, MAP_H = 920.0, 522.0
COLONIAL_W = 420.0
SEAM = 8.0
MAIN_X = COLONIAL_W + SEAM  # the main part's left edge
TAB_W, TAB_H = 128.0, 78.0  # an area's holding plaque
DISC_R = 7.2  # a disc on the map
MARKER_R = 6.2  # an Empire marker's half-side on the map


def _m(pts: list[Point]) -> Poly:
    """Main-part points (local) in map units."""
    return tuple((x + MAIN_X, y) for x, y in pts)


def _c(pts: list[Point]) -> Poly:
    return tuple(pts)


# --- the colonial part (0..420) ---------------------------------------------------------------
NORTH_AMERICA = _c([(0, 0), (176, 0), (184, 18), (168, 38), (176, 62), (158, 84), (152, 104),
                    (140, 128), (132, 150), (122, 166), (128, 184), (136, 196), (130, 200),
                    (118, 186), (104, 180), (86, 184), (74, 194), (68, 208), (78, 226),
                    (94, 240), (108, 252), (116, 266), (110, 270), (94, 262), (74, 250),
                    (52, 232), (34, 218), (16, 206), (0, 200)])
GREENLAND = _c([(206, 0), (270, 0), (262, 22), (242, 36), (220, 30), (208, 16)])
CUBA = _c([(108, 208), (132, 204), (160, 214), (174, 224), (158, 226), (134, 218), (114, 216)])
HISPANIOLA = _c([(178, 228), (194, 226), (202, 232), (190, 238), (178, 236)])
JAMAICA = _c([(144, 232), (156, 232), (158, 238), (144, 238)])
PUERTO_RICO = _c([(194, 243), (203, 243), (203, 247), (194, 247)])
ANTILLES = _c([(199, 252), (202, 252), (202, 262), (199, 262)])
CARIBBEAN_SEA = _c([(94, 262), (110, 270), (116, 266), (108, 252), (94, 240), (86, 226),
                     (106, 204), (134, 196), (172, 204), (200, 212), (206, 230), (205, 262),
                     (214, 281), (210, 286), (180, 282), (152, 280), (132, 286), (114, 282)])
SOUTH_AMERICA = _c([(114, 282), (132, 286), (152, 280), (180, 282), (210, 286), (238, 296),
                    (249, 318), (253, 340), (246, 368), (232, 392), (220, 418), (204, 446),
                    (190, 470), (178, 494), (166, 516), (158, 518), (152, 494), (144, 462),
                    (134, 428), (124, 392), (114, 356), (104, 322), (108, 296)])
AFRICA = _c([(236, 128), (270, 118), (302, 124), (328, 138), (338, 160), (352, 190),
             (360, 214), (366, 236), (364, 250), (356, 262), (350, 294), (340, 334),
             (328, 372), (312, 404), (294, 430), (280, 444), (268, 440), (262, 414),
             (258, 380), (256, 344), (250, 310), (238, 290), (220, 280), (208, 262),
             (210, 226), (218, 190), (226, 158)])
MADAGASCAR = _c([(362, 354), (372, 348), (376, 372), (366, 396), (358, 390), (358, 368)])
IBERIA_TIP = _c([(236, 92), (258, 86), (270, 96), (262, 112), (242, 114), (232, 104)])
ARABIA = _c([(326, 134), (344, 128), (358, 144), (364, 168), (362, 196), (352, 212),
             (342, 218), (334, 200), (328, 176), (322, 152)])
PERSIA = _c([(344, 100), (420, 92), (420, 136), (398, 142), (376, 146), (358, 144),
             (344, 128)])
INDIA = _c([(376, 146), (398, 142), (420, 136), (420, 178), (412, 204), (402, 236),
            (392, 266), (384, 286), (376, 266), (370, 236), (362, 206), (364, 176),
            (364, 160)])
INDIAN_OCEAN_LABEL = (376.0, 330.0)

# --- the main part (428..920) -----------------------------------------------------------------
SCANDINAVIA = _m([(150, 0), (296, 0), (296, 14), (282, 34), (270, 58), (254, 72),
                  (236, 62), (226, 40), (204, 50), (180, 42), (162, 24)])
FINLAND = _m([(336, 0), (384, 0), (382, 26), (368, 44), (350, 40), (338, 22)])
GREAT_BRITAIN = _m([(76, 22), (96, 12), (114, 28), (112, 58), (128, 88), (138, 118),
                    (130, 140), (106, 150), (82, 152), (92, 128), (80, 104), (86, 72),
                    (72, 48)])
IRELAND = _m([(30, 82), (56, 76), (64, 100), (50, 124), (26, 118), (22, 98)])
FRANCE = _m([(92, 212), (120, 196), (146, 186), (160, 182), (176, 198), (188, 212),
             (192, 250), (186, 286), (196, 312), (186, 330), (152, 340), (126, 332),
             (110, 330), (78, 316), (88, 290), (100, 262), (90, 232)])
SPAIN = _m([(78, 316), (110, 330), (126, 332), (138, 346), (126, 378), (112, 402),
            (96, 418), (70, 426), (44, 418), (26, 398), (16, 366), (22, 336), (42, 320)])
UNITED_PROVINCES = _m([(146, 186), (152, 164), (172, 154), (184, 168), (182, 190),
                       (176, 198), (160, 182)])
GERMAN_STATES = _m([(176, 198), (182, 190), (184, 168), (172, 154), (190, 136), (220, 128),
                    (250, 148), (262, 180), (276, 212), (270, 250), (256, 278), (230, 290),
                    (206, 296), (196, 312), (186, 286), (192, 250), (188, 212)])
DENMARK = _m([(196, 100), (210, 92), (218, 112), (222, 128), (190, 136), (192, 116)])
PRUSSIA = _m([(222, 128), (246, 118), (282, 112), (314, 106), (334, 114), (338, 140),
              (320, 158), (294, 166), (276, 180), (276, 212), (262, 180), (250, 148)])
CENTRAL_EUROPE = _m([(334, 114), (356, 110), (382, 118), (392, 150), (398, 192),
                     (388, 232), (378, 266), (350, 274), (322, 270), (296, 262),
                     (270, 250), (276, 212), (276, 180), (294, 166), (320, 158), (338, 140)])
AUSTRIA = _m([(256, 278), (270, 250), (296, 262), (322, 270), (350, 274), (354, 298),
              (334, 314), (300, 320), (270, 316), (244, 312), (222, 310), (196, 312),
              (206, 296), (230, 290)])
ITALY = _m([(196, 312), (222, 310), (236, 314), (246, 340), (268, 364), (286, 386),
            (294, 404), (282, 410), (268, 394), (250, 378), (226, 356), (210, 334)])
SICILY = _m([(258, 416), (280, 414), (274, 426), (260, 426)])
RUSSIA = _m([(384, 0), (492, 0), (492, 268), (466, 272), (442, 278), (420, 274), (398, 278),
             (378, 266), (388, 232), (398, 192), (392, 150), (382, 118), (372, 94),
             (366, 70), (378, 44), (368, 44), (382, 26)])
BALKANS = _m([(300, 320), (334, 314), (354, 298), (378, 290), (396, 304), (400, 330),
              (388, 346), (382, 368), (368, 388), (346, 398), (336, 378), (324, 356),
              (312, 336)])
ANATOLIA = _m([(410, 334), (440, 326), (492, 320), (492, 382), (452, 388), (422, 384),
               (402, 362)])
OTTOMAN_STRAIT = _m([(396, 304), (410, 316), (410, 334), (402, 362), (388, 346), (400, 330)])
NORTH_AFRICA = _m([(0, 470), (60, 458), (120, 452), (180, 462), (232, 474), (280, 476),
                   (316, 468), (352, 470), (352, 522), (0, 522)])
BALTIC_SEA = _m([(236, 62), (254, 72), (270, 58), (282, 34), (296, 14), (296, 0), (336, 0),
                 (338, 22), (350, 40), (368, 44), (378, 44), (366, 70), (372, 94),
                 (382, 118), (356, 110), (334, 114), (314, 106), (282, 112), (246, 118),
                 (222, 128), (218, 112), (210, 92)])
MEDITERRANEAN = _m([(138, 346), (152, 340), (186, 330), (196, 312), (210, 334),
                    (226, 356), (250, 378), (268, 394), (282, 410), (294, 404), (324, 356),
                    (336, 378), (346, 398), (368, 388), (382, 368), (402, 362), (422, 384),
                    (352, 400), (352, 470), (316, 468), (280, 476), (232, 474), (180, 462),
                    (120, 452), (60, 458), (40, 436), (70, 426), (96, 418), (112, 402),
                    (126, 378)])
_EX, _EY = MAIN_X + 356.0, 404.0
EAST_INDIES_FRAME = (_EX, _EY, 136.0, 118.0)  # x, y, w, h: the inset
SUMATRA = ((_EX + 8, _EY + 32), (_EX + 26, _EY + 28), (_EX + 54, _EY + 62),
           (_EX + 60, _EY + 80), (_EX + 48, _EY + 80), (_EX + 24, _EY + 56))
JAVA = ((_EX + 58, _EY + 96), (_EX + 100, _EY + 92), (_EX + 120, _EY + 102),
        (_EX + 76, _EY + 108))
BORNEO = ((_EX + 80, _EY + 26), (_EX + 104, _EY + 20), (_EX + 124, _EY + 38),
          (_EX + 118, _EY + 66), (_EX + 94, _EY + 72), (_EX + 80, _EY + 52))
MALAYA = ((_EX + 22, _EY + 16), (_EX + 34, _EY + 16), (_EX + 52, _EY + 44),
          (_EX + 44, _EY + 48), (_EX + 30, _EY + 30))
EAST_INDIES_SEA = ((_EX + 2, _EY + 15), (_EX + 134, _EY + 15), (_EX + 134, _EY + 116),
                   (_EX + 2, _EY + 116))


@dataclass(frozen=True)
class AreaGeo:
    """An area on the map: its shapes (land or sea), the plaque that holds its discs and
    markers (x, y at the plaque's top-left), and where a leader line meets its land."""

    id: str
    shapes: tuple[Poly, ...]
    sea: bool  # drawn as water (the Baltic, the Mediterranean, the Caribbean, East Indies)
    tab: Point
    anchor: Point  # where the plaque's leader line points (on the area)

    @property
    def tab_rect(self) -> tuple[float, float, float, float]:
        return (self.tab[0], self.tab[1], TAB_W, TAB_H)

    def stack_point(self, k: int, n: int) -> Point:
        """The bottom disc of the k-th of n stacks (ranked left to right)."""
        x0, y0 = self.tab
        room = TAB_W - 34 - 2 * DISC_R - 6  # the VP column and who holds each place: right
        step = min(18.0, room / max(1, n - 1)) if n > 1 else 0.0
        span = step * (n - 1)
        return (x0 + (TAB_W - 34) / 2 + 2 - span / 2 + k * step, y0 + 53.0)

    def marker_point(self, k: int, n: int) -> Point:
        x0, y0 = self.tab
        step = min(15.0, (TAB_W - 14) / max(1, n - 1)) if n > 1 else 0.0
        span = step * (n - 1)
        return (x0 + TAB_W / 2 - span / 2 + k * step, y0 + 70.0)


@dataclass(frozen=True)
class HomeGeo:
    id: str
    country: str
    shapes: tuple[Poly, ...]
    label: Point
    anchor: str = "center"  # how the label sits on its point


def _x(x: float, y: float) -> Point:
    return (x + MAIN_X, y)


AREAS: dict[str, AreaGeo] = {
    "area_nordamerika": AreaGeo("area_nordamerika", (NORTH_AMERICA,), False, (18, 44),
                                (100, 140)),
    "area_karibik": AreaGeo("area_karibik", (CARIBBEAN_SEA,), True, (128, 114), (180, 250)),
    "area_suedamerika": AreaGeo("area_suedamerika", (SOUTH_AMERICA,), False, (118, 330),
                                (180, 360)),
    "area_afrika": AreaGeo("area_afrika", (AFRICA, MADAGASCAR), False, (228, 250),
                           (290, 300)),
    "area_indien": AreaGeo("area_indien", (INDIA,), False, (272, 408), (384, 240)),
    "area_ostseeraum": AreaGeo("area_ostseeraum", (BALTIC_SEA,), True, _x(246, 6),
                               _x(310, 80)),
    "area_deutsche_staaten": AreaGeo("area_deutsche_staaten", (GERMAN_STATES,), False,
                                     _x(160, 196), _x(230, 220)),
    "area_mitteleuropa": AreaGeo("area_mitteleuropa", (CENTRAL_EUROPE,), False,
                                 _x(296, 168), _x(350, 200)),
    "area_osmanisches_reich": AreaGeo("area_osmanisches_reich",
                                      (BALKANS, ANATOLIA, OTTOMAN_STRAIT), False,
                                      _x(362, 296), _x(380, 330)),
    "area_mittelmeerraum": AreaGeo("area_mittelmeerraum", (MEDITERRANEAN,), True,
                                   _x(120, 372), _x(200, 410)),
    "area_ostindien": AreaGeo("area_ostindien", (EAST_INDIES_SEA,), True,
                              (_EX + 4, _EY + 36), (_EX + 70, _EY + 60)),
}

HOMES: dict[str, HomeGeo] = {
    "home_great_britain": HomeGeo("home_great_britain", "country_great_britain",
                                  (GREAT_BRITAIN, IRELAND), _x(102, 100)),
    "home_united_provinces": HomeGeo("home_united_provinces", "country_united_provinces",
                                     (UNITED_PROVINCES,), _x(144, 172), "midright"),
    "home_spain": HomeGeo("home_spain", "country_spain", (SPAIN,), _x(74, 376)),
    "home_france": HomeGeo("home_france", "country_france", (FRANCE,), _x(130, 300)),
    "home_prussia": HomeGeo("home_prussia", "country_prussia", (PRUSSIA,), _x(300, 126)),
    "home_austria": HomeGeo("home_austria", "country_austria", (AUSTRIA,), _x(290, 298)),
    "home_russia": HomeGeo("home_russia", "country_russia", (RUSSIA,), _x(446, 150)),
}

# land that is neither an area nor a home country (drawn, never scored)
OTHER_LAND: tuple[Poly, ...] = (GREENLAND, CUBA, HISPANIOLA, JAMAICA, PUERTO_RICO, ANTILLES,
                                IBERIA_TIP, ARABIA, PERSIA, SCANDINAVIA, FINLAND, DENMARK,
                                ITALY, SICILY, NORTH_AFRICA, SUMATRA, JAVA, BORNEO, MALAYA)
# islands inside a sea area (drawn as land over its water)
ISLANDS: tuple[Poly, ...] = (CUBA, HISPANIOLA, JAMAICA, PUERTO_RICO, ANTILLES, SUMATRA, JAVA,
                             BORNEO, MALAYA)
SEA_LABELS: tuple[tuple[str, Point, float], ...] = (
    ("Atlantic Ocean", (190.0, 170.0), 0.0),
    ("Mare Pacificum", (46.0, 440.0), 0.0),
    ("Indian Ocean", INDIAN_OCEAN_LABEL, 0.0),
    ("North Sea", (MAIN_X + 150.0, 76.0), 0.0),
    ("Black Sea", (MAIN_X + 446.0, 300.0), 0.0),
)
BAG_AT: Point = (50.0, 488.0)  # the bag of Empire markers, in the Pacific corner
COMPASS_AT: Point = (40.0, 300.0)
BOARD_PARTS: tuple[tuple[str, tuple[float, float, float, float]], ...] = (
    ("colonial", (0.0, 0.0, COLONIAL_W, MAP_H)),
    ("main", (MAIN_X, 0.0, MAP_W - MAIN_X, MAP_H)),
)


def contains(poly: Poly, x: float, y: float) -> bool:
    """Is (x, y) inside the polygon (even-odd rule)?"""
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-9) + xi:
            inside = not inside
        j = i
    return inside


def area_at(x: float, y: float) -> str:
    """The area whose plaque or shape is at map point (x, y), or ""."""
    for g in AREAS.values():
        tx, ty, tw, th = g.tab_rect
        if tx <= x < tx + tw and ty <= y < ty + th:
            return g.id
    for g in AREAS.values():
        if any(contains(p, x, y) for p in g.shapes):
            if g.sea and any(contains(p, x, y) for p in ISLANDS):
                continue
            return g.id
    return ""


def home_at(x: float, y: float) -> str:
    for h in HOMES.values():
        if any(contains(p, x, y) for p in h.shapes):
            return h.id
    return ""


@cache
def checked() -> bool:
    """Every catalog area and home has its place on the drawn map (a test checks it)."""
    t = tables()
    missing = [a for a in t.areas if a not in AREAS]
    missing += [h.id for h in t.cat.map.home_countries if h.id not in HOMES]
    if missing:
        raise KeyError(f"the map has no place for {', '.join(missing)}")
    return True

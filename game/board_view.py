"""The map: 6 regions, path spaces, gaps and bridges, figures, monument stacks, pillars,
bound areas, the Tile Pool with prices and banks, achievements and the reserves edge.
Children use the catalog's 0-1000 board units (the node is scaled onto the map square)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from engine.aac import names
from engine.aac.catalog.map import (
    AchievementsArea,
    EnergyReservesArea,
    MapFile,
    MapSpace,
    Region,
    TilePoolArea,
)
from engine.aac.data import rules
from game import help, theme, tokens
from game.layout import BOARD_S, BOARD_X, BOARD_Y
from game.scenegraph import Canvas, Node
from game.targets import Hotspot, centred

SPACE_R = 11.0
CARD_W, CARD_H = 64.0, 44.0


class BoardGeometry:
    """Where board things are, in board units, read from the validated catalog's map
    (engine.aac.catalog.map, through the engine's tables)."""

    def __init__(self, m: MapFile | None = None) -> None:
        m = m if m is not None else rules().base.map
        self.regions: dict[str, Region] = {r.id: r for r in m.regions}
        self.spaces: dict[str, MapSpace] = {s.id: s for s in m.spaces}
        self.edges = [(e.a, e.b) for e in m.edges]
        areas = m.board_areas
        self.pool: TilePoolArea = areas.tile_pool
        self.ach: AchievementsArea = areas.achievements
        self.reserves: EnergyReservesArea = areas.energy_reserves
        self.site: dict[str, tuple[float, float]] = {}
        self.bound: dict[str, tuple[float, float]] = {}
        self.pillar: dict[str, tuple[float, float]] = {}
        for r in m.regions:
            ms = r.monument_site
            self.site[ms.monument] = (ms.x, ms.y + 6)
            self.bound[r.id] = (ms.bound_area.x, ms.bound_area.y)
            p = r.pillar
            for sp in p.spaces:
                dx = -9 if sp.side == "left" else 9
                self.pillar[sp.id] = (p.x + dx, p.y)
        self.pillar_region = {sp.id: r.id for r in m.regions
                              for sp in r.pillar.spaces}
        # Keep the pillar and bound corral clear of the monument card.
        for rid, r in self.regions.items():
            mon = r.monument_site.monument
            sx, sy = self.site[mon]
            bx, by = self.bound[rid]
            self.bound[rid] = (sx - 44, sy - CARD_H / 2 - 12) if rid != "r_center" else (bx, by)
            for sp in r.pillar.spaces:
                dx = -9 if sp.side == "left" else 9
                if rid == "r_center":
                    self.pillar[sp.id] = (sx - 70 + dx, sy + 46)
                else:
                    self.pillar[sp.id] = (sx + 34 + dx, sy - CARD_H / 2 - 12)
            if rid == "r_center":
                self.bound[rid] = (sx + 70, sy + 46)

    def xy(self, space: str) -> tuple[float, float]:
        s = self.spaces[space]
        return float(s.x), float(s.y)

    def pool_slot(self, n: int) -> tuple[float, float]:
        s = self.pool.slots[n - 1]
        return float(s.x), float(s.y)

    def ach_spot(self, n: int, col: str) -> tuple[float, float]:
        spot = self.ach.spots[n - 1]
        c = next(c for c in spot.columns if c.column == col)
        return float(c.x), float(c.y) + 22

    def bank(self, seat: int) -> tuple[float, float]:
        return 790.0, 880.0 + seat * 20.0

    def reserve_area(self, seat: int) -> tuple[float, float]:
        a = self.reserves.player_areas[seat]
        return float(a.x), float(a.y)


GEOM: BoardGeometry | None = None


def geometry() -> BoardGeometry:
    global GEOM
    if GEOM is None:
        GEOM = BoardGeometry()
    return GEOM


def to_virtual(x: float, y: float) -> tuple[float, float]:
    return BOARD_X + x * BOARD_S, BOARD_Y + y * BOARD_S


class BoardView(Node):
    clip_hit = True
    def __init__(self, table: Any) -> None:
        super().__init__(BOARD_X, BOARD_Y, 1000, 1000, scale=BOARD_S)
        self.table = table
        self.g = geometry()
        self._bg: pygame.Surface | None = None
        self._bg_scale = -1.0
        self.hidden_figures: set[int] = set()
        self.bg_in_chrome = False
        self.static_hotspots()

    # --- hotspots ---------------------------------------------------------------------------
    def static_hotspots(self) -> None:
        r = self.table.rules
        for sid, s in self.g.spaces.items():
            spot = centred(sid, s.x, s.y, SPACE_R + 3)
            spot.tipfn = lambda sid=sid: self._space_tip(sid)
            self.add(spot)
        for n in range(1, 5):
            x, y = self.g.pool_slot(n)
            spot = Hotspot(f"pool_slot:{n}", x - 50, y - 55, 100, 110)
            spot.tipfn = lambda n=n: self._pool_tip(n)
            self.add(spot)
        self.add(Hotspot("shop", 712, 858, 154, 126, help.bank()))
        sx, sy = self.g.pool.stack_spot.x, self.g.pool.stack_spot.y
        supply = Hotspot("info:supply", sx - 30, sy - 44, 60, 86)
        supply.tipfn = self._supply_tip
        self.add(supply)
        for pid, (x, y) in self.g.pillar.items():
            region = self.g.pillar_region[pid]
            self.add(centred(f"pillar:{pid}", x, y, 9, help.pillar(r.names.get(region, region))))
        for rid, (x, y) in self.g.bound.items():
            self.add(centred(f"bound:{rid}", x, y, 16, help.bound_area(r.names.get(rid, rid))))
        for seat in range(len(self.table.shown.players)):
            x, y = self.g.reserve_area(seat)
            for ty in range(4):
                self.add(Hotspot(f"info:reserves:{seat}:{ty}", x - 40, y - 14 + ty * 18, 88, 17,
                                 help.energy(ty, f"{self.table.session.name(seat)}'s reserve "
                                             "and exhausted pool"), z=7))
        self.dynamic: list[Node] = []
        self._key: object = None

    def update(self, dt: float) -> None:  # nothing animates inside: skip the hotspot walk
        pass

    def refresh(self) -> None:
        """Rebuild hotspots that depend on the shown state (sections, achievements...)."""
        s = self.table.shown
        r = self.table.rules
        key = (tuple((k, len(m.spaces), m.bonus, tuple(m.stack[:1]), len(m.built))
                     for k, m in s.monuments.items()), tuple(s.achievements))
        if key == self._key:
            return
        self._key = key
        for old in self.dynamic:
            self.remove(old)
        self.dynamic = []
        for mid, m in s.monuments.items():
            sx, sy = self.g.site[mid]
            name = r.names.get(mid, mid)
            card = Hotspot(f"monument:{mid}", sx - CARD_W / 2, sy - CARD_H / 2, CARD_W, CARD_H,
                           "", z=4)
            card.tipfn = lambda mid=mid: self._monument_tip(mid)
            self.dynamic.append(card)
            perk = Hotspot(f"perk:{mid}", sx - CARD_W / 2, sy - CARD_H / 2, CARD_W, CARD_H,
                           f"{name}: section perk", z=3)
            self.dynamic.append(perk)
            for i, (x, y) in enumerate(self.section_points(mid, len(m.spaces))):
                sec = r.sections.get(m.stack[0]) if m.stack else None
                sym = ""
                if sec is not None and i < len(sec.symbols):
                    sym = f" ({names.energy(sec.symbols[i])} space)"
                self.dynamic.append(centred(f"section:{mid}:{i}", x, y, 8,
                                            f"{name}, space {i + 1}{sym}", z=6))
            bx, by = sx - CARD_W / 2 - 14, sy + 4
            bonus = r.bonus_tiles.get(m.bonus)
            tip = f"Bonus tile: {bonus.name} — {bonus.text}" if bonus else "Bonus tile"
            self.dynamic.append(centred(f"bonus:{mid}", bx, by, 11, tip, z=6))
            if m.bonus:
                self.dynamic.append(centred(f"bonus_tile:{m.bonus}", bx, by, 11, tip, z=5))
            self.dynamic.append(centred(f"patron:{mid}", sx + CARD_W / 2 + 14, sy + 4, 11,
                                        help.patron_token(mid), z=6))
        for n, aid in enumerate(s.achievements, start=1):
            a = r.achievements.get(aid)
            for col in ("flat", "multiplier"):
                x, y = self.g.ach_spot(n, col)
                text = f"{a.name}: {a.text}" if a else "An achievement"

                self.dynamic.append(centred(f"achievement:{aid}:{col}", x, y, 16,
                                            f"{text} ({col} column)"))
        for hs in self.dynamic:
            self.add(hs)

    def _space_tip(self, sid: str) -> str:
        r = self.table.rules
        s = self.table.shown
        sp = self.g.spaces[sid]
        if sid in s.bridges:
            text = help.bridge(sid, s.bridges[sid], s)
        else:
            text = names.cap(names.space(r, sid))
            if sp.kind == "start":
                text += "\nA starting space: figures begin the game here."
            elif sid in r.long_names and r.long_names[sid] != r.names.get(sid):
                text = names.cap(r.long_names[sid])
        here = [self.table.session.name(i) for i, p in enumerate(s.players) if p.figure == sid]
        if here:
            text += "\nStanding here: " + ", ".join(here)
        return text

    def _pool_tip(self, n: int) -> str:
        r = self.table.rules
        s = self.table.shown
        tid = s.pool[n - 1] if n - 1 < len(s.pool) else ""
        head = f"Tile Pool slot {n} (price {r.pool_prices[n - 1]} energy from your bank)"
        td = r.tiles.get(tid)
        if td is None:
            return head + ": empty"
        return (f"{head}\n{names.cap(names.long_name(r, tid))}\nClaim it with a Claim "
                "action; it replaces one of your tiles.")

    def _supply_tip(self) -> str:
        s = self.table.shown
        n = s.supply if isinstance(s.supply, int) else len(s.supply)
        return (f"Tile supply: {n} face-down tiles left. After a Claim the pool slides right "
                "and refills from here.")

    def _monument_tip(self, mid: str) -> str:
        r = self.table.rules
        m = self.table.shown.monuments[mid]
        lines = [f"{r.names.get(mid, mid)}: {len(m.built)} section(s) constructed, "
                 f"{len(m.stack)} to go"]
        if m.stack:
            sec = r.sections.get(m.stack[0])
            if sec is not None:
                lines.append(f"Open section {sec.number}: perk — {sec.perk_text}")
        return "\n".join(lines)

    def section_points(self, mid: str, n: int) -> list[tuple[float, float]]:
        sx, sy = self.g.site[mid]
        per_row = 3 if n > 4 else 2
        rows = max(1, math.ceil(n / per_row))
        out = []
        for i in range(n):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            x = sx + (col - (in_row - 1) / 2) * 19
            y = sy + (row - (rows - 1) / 2) * 17 + 2
            out.append((x, y))
        return out

    # --- drawing ------------------------------------------------------------------------------
    def background(self, scale: float) -> pygame.Surface:
        if self._bg is None or abs(self._bg_scale - scale) > 1e-6:
            self._bg = self._render_background(scale)
            self._bg_scale = scale
        return self._bg

    # Static parts of the board, each redrawn into the table's cached layer only when its
    # key changes (see TableScene._compose). Rects are in board units and do not overlap.
    AREAS: dict[str, tuple[float, float, float, float]] = {
        "map": (122, 0, 750, 850), "reserves": (0, 0, 122, 850),
        "achievements": (872, 0, 128, 850), "pool": (0, 850, 1000, 150),
    }

    def area_keys(self, s: Any) -> dict[str, object]:
        cs = self.table.settings.colour_safe
        mons = tuple((k, len(m.built), len(m.stack), m.stack[0] if m.stack else "",
                      tuple(m.spaces), m.completed, m.bonus, m.patron)
                     for k, m in s.monuments.items())
        bound = tuple((k, tuple(tuple(r) for r in v)) for k, v in s.bound.items())
        return {
            "map": (mons, tuple(s.pillars.items()), bound, tuple(s.bridges.items()), cs),
            "reserves": (tuple((tuple(p.reserve), tuple(p.exhausted)) for p in s.players),
                         self.table.hidden_seats()),
            "achievements": (tuple(s.achievements),
                             tuple((k, tuple(v)) for k, v in s.ach.items()), cs),
            "pool": (tuple(s.pool), s.supply if isinstance(s.supply, int) else len(s.supply),
                     tuple(tuple(p.shop) for p in s.players), self.table.hidden_seats()),
        }

    def draw_area(self, c: Canvas, area: str, s: Any) -> None:
        if area == "map":
            self._draw_bridges(c, s)
            for mid in s.monuments:
                self._draw_monument(c, s, mid)
            self._draw_pillars(c, s)
            self._draw_bound(c, s)
        elif area == "reserves":
            self._draw_reserves(c, s)
        elif area == "achievements":
            self._draw_achievements(c, s)
        elif area == "pool":
            self._draw_pool(c, s)

    def draw_self(self, c: Canvas) -> None:
        """Per frame: only the figures (everything else is in the table's cached layer)."""
        self._draw_figures(c, self.table.shown)

    def _render_background(self, scale: float) -> pygame.Surface:
        size = (max(1, round(1000 * scale)), max(1, round(1000 * scale)))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        c = Canvas(surf, scale)
        c.fill((120, 94, 66), 0, 0, 1000, 1000, 18)
        c.fill((226, 208, 170), 6, 6, 988, 988, 16)
        # water between the regions
        c.circle((176, 200, 198), 500, 440, 430)
        for rid, reg in self.g.regions.items():
            cx, cy = reg.centroid.x, reg.centroid.y
            rr = reg.draw_radius
            col = theme.REGION_FILL.get(rid, (190, 170, 140))
            c.circle(theme.darken(col, 0.25), cx + 3, cy + 4, rr + 4)
            c.circle(col, cx, cy, rr + 2)
            c.circle(theme.lighten(col, 0.25), cx, cy, rr - 14)
            label_y = cy - rr - 2 if rid != "r_center" else cy - rr + 30
            if rid in ("r_southeast", "r_southwest"):
                label_y = cy + rr - 4
            c.text(reg.name, cx, label_y, 15, theme.INK, True, "center")
        for ea, eb in self.g.edges:
            c.line(theme.PATH_EDGE, self.g.xy(ea), self.g.xy(eb), 7)
            c.line(theme.PATH, self.g.xy(ea), self.g.xy(eb), 4)
        for _sid, sp in self.g.spaces.items():
            x, y = sp.x, sp.y
            kind = sp.kind
            if kind.startswith("bridge"):
                continue
            c.circle(theme.PATH_EDGE, x, y + 1.5, SPACE_R + 1.5)
            c.circle((244, 232, 204), x, y, SPACE_R)
            c.circle(theme.PATH_EDGE, x, y, SPACE_R, 1.5)
            if kind == "start":
                c.shape("star", theme.GOLD, x, y, SPACE_R * 0.6)
        # Tile Pool frame (with the banks at its right end)
        p = self.g.pool
        c.fill((92, 70, 48), 136, p.y, 738, p.h + 12, 10)
        c.fill((214, 190, 150), 140, p.y + 4, 730, p.h + 4, 8)
        c.text("Tile Pool", 150, p.y + 9, 11, theme.INK_SOFT, True, "midleft", max_w=90)
        c.fill((196, 170, 128), 712, p.y + 8, 154, p.h - 4, 6)
        c.text("Banks", 789, p.y + 9, 11, theme.INK_SOFT, True, "midtop", max_w=140)
        a = self.g.ach
        c.fill((92, 70, 48), a.x - 6, a.y - 18, a.w + 8, a.h + 80, 10)
        c.fill((214, 190, 150), a.x - 2, a.y - 14, a.w, a.h + 72, 8)
        c.text("Achievements", a.x + a.w / 2 - 3, a.y - 16, 11, theme.INK_SOFT, True,
               "midtop", max_w=a.w - 6)
        c.text("flat", 905, a.y - 2, 10, theme.INK_SOFT, False, "midtop")
        c.text("×mult", 965, a.y - 2, 10, theme.INK_SOFT, False, "midtop")
        rv = self.g.reserves
        # tall enough for the fifth seat's card (its area sits at the bottom)
        c.fill((92, 70, 48), rv.x, rv.y - 30, rv.w, rv.h + 4, 10)
        c.fill((214, 190, 150), rv.x + 4, rv.y - 26, rv.w - 8, rv.h - 4, 8)
        c.text("Reserves", rv.x + rv.w / 2, rv.y - 20, 11, theme.INK_SOFT, True,
               "midtop", max_w=rv.w - 10)
        return surf

    def _draw_bridges(self, c: Canvas, s: Any) -> None:
        t = self.table
        for sid, val in s.bridges.items():
            if sid not in self.g.spaces:
                continue
            x, y = self.g.xy(sid)
            if not val:
                c.fill((90, 130, 150), x - 13, y - 7, 26, 14, 6)
                c.line((200, 226, 236), (x - 9, y), (x - 3, y - 3), 1.5)
                c.line((200, 226, 236), (x + 1, y + 2), (x + 8, y - 1), 1.5)
                continue
            if val.startswith("p:"):
                _, seat_s, tier = val.split(":")
                seat = int(seat_s)
                col = t.session.colour(seat)
                c.fill(theme.darken(col, 0.4), x - 15, y - 11, 32, 24, 5)
                c.fill(col, x - 16, y - 12, 32, 24, 5)
                c.icon("bridge", x - 4, y, 17)
                tokens.seat_marker(c, x + 10, y - 6, 5, theme.CREAM, t.session.shape(seat))
                c.text(tier, x + 10, y + 6, 10, theme.CREAM, True, "center")
            else:
                c.fill((80, 70, 60), x - 15, y - 11, 32, 24, 5)
                c.fill((168, 156, 138), x - 16, y - 12, 32, 24, 5)
                c.icon("bridge", x, y, 19)

    def _draw_monument(self, c: Canvas, s: Any, mid: str) -> None:
        t = self.table
        m = s.monuments[mid]
        sx, sy = self.g.site[mid]
        x0, y0 = sx - CARD_W / 2, sy - CARD_H / 2
        built = len(m.built)
        # constructed sections: slabs stacked under the open section (2.5-D)
        for k in range(built, 0, -1):
            off = k * 4.5
            col = theme.darken((190, 170, 130), 0.06 * k)
            c.fill(theme.darken(col, 0.4), x0 + 2, y0 + off + 2, CARD_W, CARD_H, 6)
            c.fill(col, x0, y0 + off, CARD_W, CARD_H, 6)
        face = (250, 238, 208) if m.stack else (210, 190, 140)
        if m.completed:
            face = (255, 226, 150)
        c.fill(theme.darken(face, 0.45), x0 + 2, y0 + 2, CARD_W, CARD_H, 6)
        c.fill(face, x0, y0, CARD_W, CARD_H, 6)
        c.fill((110, 84, 54), x0, y0, CARD_W, CARD_H, 6, 1.5)
        c.text(f"{built}/{built + len(m.stack)}", x0 + CARD_W - 3, y0 - 1, 9, theme.INK_SOFT,
               True, "bottomright")
        if m.stack:
            sec = t.rules.sections.get(m.stack[0])
            pts = self.section_points(mid, len(m.spaces))
            for i, (x, y) in enumerate(pts):
                v = m.spaces[i]
                sym = sec.symbols[i] if sec is not None and i < len(sec.symbols) else None
                if v >= 0:
                    tokens.energy(c, x, y, 8, v % 4, t.session.colour(v // 4),
                                  t.session.shape(v // 4) if t.settings.colour_safe else "circle")
                else:
                    tokens.empty_slot(c, x, y, 8, sym)
        else:
            c.icon("castle", sx, sy, 34)
        c.icon("castle", x0 + 1, y0 - 1, 13)
        # bonus tile and patron token beside the stack
        bx, by = x0 - 14, sy + 4
        if m.bonus:
            c.fill((92, 70, 48), bx - 10, by - 10, 20, 20, 4)
            c.fill((236, 206, 140), bx - 9, by - 9, 18, 18, 4)
            c.text("B", bx, by, 11, theme.INK, True, "center")
        if m.patron:
            c.circle((110, 84, 30), sx + CARD_W / 2 + 14, sy + 5, 10)
            c.icon("patron", sx + CARD_W / 2 + 14, sy + 4, 17)

    def _draw_pillars(self, c: Canvas, s: Any) -> None:
        t = self.table
        drawn: set[str] = set()
        for pid, v in s.pillars.items():
            if pid not in self.g.pillar:
                continue
            x, y = self.g.pillar[pid]
            region = self.g.pillar_region[pid]
            if region not in drawn:
                drawn.add(region)
                left = self.g.regions[region].pillar.spaces[0].id
                lx, ly = self.g.pillar[left]
                c.icon("pillar", lx + 9, ly - 14, 16)
            if v == -2:
                c.circle((120, 110, 100), x, y, 7)
                c.line(theme.INK, (x - 4, y - 4), (x + 4, y + 4), 2)
                c.line(theme.INK, (x - 4, y + 4), (x + 4, y - 4), 2)
            elif v >= 0:
                tokens.energy(c, x, y, 7.5, v % 4, t.session.colour(v // 4),
                              t.session.shape(v // 4) if t.settings.colour_safe else "circle")
            else:
                tokens.empty_slot(c, x, y, 7)

    def _draw_bound(self, c: Canvas, s: Any) -> None:
        t = self.table
        for rid, per_seat in s.bound.items():
            if rid not in self.g.bound:
                continue
            x, y = self.g.bound[rid]
            c.circle((120, 96, 60), x, y, 15)
            c.circle((232, 214, 176), x, y, 13)
            toks = [(seat, ty) for seat, row in enumerate(per_seat)
                    for ty, n in enumerate(row) for _ in range(n)]
            for k, (seat, ty) in enumerate(toks[:6]):
                a = k * 2 * math.pi / max(1, min(6, len(toks)))
                rr = 0 if len(toks) == 1 else 6.5
                tokens.energy(c, x + rr * math.cos(a), y + rr * math.sin(a), 5.5, ty,
                              t.session.colour(seat),
                              t.session.shape(seat) if t.settings.colour_safe else "circle")
            if len(toks) > 6:
                c.text(f"+{len(toks) - 6}", x + 14, y + 10, 9, theme.INK, True, "center")

    def _draw_pool(self, c: Canvas, s: Any) -> None:
        t = self.table
        r = t.rules
        for n in range(1, 5):
            x, y = self.g.pool_slot(n)
            c.circle((150, 110, 40), x + 40, y - 46, 10)
            c.circle((240, 196, 90), x + 40, y - 46, 8.5)
            c.text(str(r.pool_prices[n - 1]), x + 40, y - 46, 11, theme.INK, True, "center")
            tid = s.pool[n - 1] if n - 1 < len(s.pool) else ""
            if tid and tid in r.tiles:
                td = r.tiles[tid]
                tokens.tile(c, x - 34, y - 48, 68, 96, td.top, td.bottom, td.icons,
                            tier=td.stack)
            else:
                c.fill((190, 168, 130), x - 34, y - 48, 68, 96, 7, 1.5)
        sx, sy = self.g.pool.stack_spot.x, self.g.pool.stack_spot.y
        supply = s.supply if isinstance(s.supply, int) else len(s.supply)
        for k in range(min(4, supply), 0, -1):
            c.fill((120, 96, 70), sx - 30 + k * 2, sy - 44 - k * 2, 60, 86, 7)
        c.fill((168, 138, 100), sx - 30, sy - 44, 60, 86, 7)
        c.text(f"{supply}", sx, sy - 6, 18, theme.CREAM, True, "center")
        c.text("left", sx, sy + 14, 10, theme.CREAM, False, "center")
        for seat, p in enumerate(s.players):
            bx, by = self.g.bank(seat)
            tokens.seat_marker(c, bx - 66, by, 6, t.session.colour(seat), t.session.shape(seat))
            for ty in range(4):
                tokens.energy(c, bx - 48 + ty * 30, by, 6.5, ty)
                shop = "?" if seat in t.hidden_seats() else str(p.shop[ty])
                c.text(shop, bx - 39 + ty * 30, by, 11, theme.INK, True, "midleft")

    def _draw_achievements(self, c: Canvas, s: Any) -> None:
        t = self.table
        r = t.rules
        for n, aid in enumerate(s.achievements, start=1):
            spot = self.g.ach.spots[n - 1]
            a = r.achievements.get(aid)
            name = a.name if a else aid
            c.text_box(name, spot.x - 56, spot.y - 40, 112, 34, 10, theme.INK, True)
            cells = s.ach.get(aid, [-1, -1])
            for ci, col in enumerate(("flat", "multiplier")):
                x, y = self.g.ach_spot(n, col)
                v = cells[ci] if ci < len(cells) else -1
                if v >= 0:
                    tokens.energy(c, x, y, 11, v % 4, t.session.colour(v // 4),
                                  t.session.shape(v // 4) if t.settings.colour_safe else "circle")
                else:
                    c.circle((196, 174, 136), x, y, 12)
                    c.circle(theme.INK_SOFT, x, y, 12, 1)
                    label = "5" if col == "flat" else "×"
                    c.text(label, x, y, 12, theme.INK_SOFT, True, "center")

    def _draw_reserves(self, c: Canvas, s: Any) -> None:
        t = self.table
        for seat, p in enumerate(s.players):
            x, y = self.g.reserve_area(seat)
            col = t.session.colour(seat)
            c.fill(theme.lighten(col, 0.6), x - 48, y - 42, 96, 104, 8)
            tokens.seat_marker(c, x - 34, y - 28, 8, col, t.session.shape(seat))
            c.text(t.session.name(seat), x - 23, y - 28, 11, theme.INK, False, "midleft",
                   max_w=70)
            for ty in range(4):
                ry = y - 6 + ty * 18
                tokens.energy(c, x - 30, ry, 7.5, ty)
                c.text(f"{p.reserve[ty]}", x - 16, ry, 12, theme.INK, True, "midleft")
                exh = "?" if seat in t.hidden_seats() else p.exhausted[ty]
                c.text(f"exh {exh}", x + 4, ry, 9, theme.INK_SOFT, False, "midleft")

    def _draw_figures(self, c: Canvas, s: Any) -> None:
        t = self.table
        crowd: dict[str, int] = {}
        for seat, p in enumerate(s.players):
            if seat in self.hidden_figures:
                continue
            if p.figure == "tile_pool":
                bx, by = self.g.bank(seat)
                tokens.figure(c, bx + 70, by - 2, 6, t.session.colour(seat),
                              t.session.shape(seat), None)
                continue
            if p.figure not in self.g.spaces:
                continue
            k = crowd.get(p.figure, 0)
            crowd[p.figure] = k + 1
            x, y = self.g.xy(p.figure)
            x += k * 9 - 4 * (k > 0)
            facing = None
            if p.behind in self.g.spaces:
                bx, by = self.g.xy(p.behind)
                facing = (x - bx, y - by)
            tokens.figure(c, x, y - 4, 10, t.session.colour(seat), t.session.shape(seat), facing)

    def figure_point(self, seat: int, space: str) -> tuple[float, float]:
        if space in self.g.spaces:
            return self.g.xy(space)
        return self.g.bank(seat)

"""The map of Age of Reason: the two board parts drawn as a period map (seas with their
waves, coasts, the seven home countries washed in their colours, the eleven areas with
their borders), each area's plaque with its name, VP values, ship symbol, the disc stacks
ranked left to right (most discs first: counts and ranking read at a glance) and its Empire
markers; the bag of markers. It zooms (the wheel, around the pointer, 1x to 3x) and pans
(a drag) like An Age Contrived's map; hovering an area tells its ranking now, what each
place would score, its markers and who may attack there and why.

The picture is cached: the background per view and scale, the pieces per shown state; a
frame blits it and draws only what moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from engine.aor.api import State, area, area_ranking, names, reach, tables
from game.aor import help, look, map_art, pieces
from game.aor import map_geometry as mg
from game.aor.spots import Spot, poly_spot, round_spot
from game.shell import theme
from game.shell.map_camera import BURST, Camera, ZoomableMap
from game.shell.scenegraph import Canvas

if TYPE_CHECKING:
    from engine.aor.api import Game
    from game.shell.scenes.base import Nav

MAP_X, MAP_Y = 8.0, 58.0  # the map panel's top-left corner on the table (virtual units)

PLAQUE = (250, 242, 222)


class MapModel(Protocol):
    """What the map reads of the table: the shown state and its revision, the game (for who
    may reach an area), the seats' names, the clock and the app (the pointer, a press)."""

    @property
    def shown(self) -> State: ...

    @property
    def game(self) -> Game: ...

    @property
    def app(self) -> Nav: ...

    @property
    def clock(self) -> float: ...

    @property
    def rev(self) -> int: ...

    def seat_name(self, seat: int) -> str: ...

    def mouse_down(self, vx: float, vy: float, button: int) -> None: ...


class MapView(ZoomableMap):
    """The map panel; it zooms and pans (game.shell.map_camera), the buttons at the foot
    of Europe's board part, "Whole map" greyed out at the whole map."""

    spot_type = Spot
    BUTTON_W, BUTTON_H, BUTTON_PX = 28.0, 24.0, 15.0
    RESET_W = 92.0
    HIDE_RESET = False
    ZOOM_TIP = ("Zoom the map: the mouse wheel zooms around the pointer, a drag moves it, "
                "Home or 0 shows all of it again.")

    def __init__(self, table: MapModel) -> None:
        mg.checked()
        super().__init__(table, Camera(MAP_X, MAP_Y, mg.MAP_W, mg.MAP_H))
        self.table = table
        self._bg: pygame.Surface | None = None
        self._bg_key: object = None
        self._pic: pygame.Surface | None = None
        self._pic_key: object = None
        self.hidden: dict[str, int] = {}  # "<area>:<country>" -> discs not drawn yet (flying)
        self.hidden_markers: set[str] = set()
        self.stack_spots: list[Spot] = []
        self._spot_key: object = None
        self.area_spots: dict[str, Spot] = {}
        self._build_static()

    # --- spots ---------------------------------------------------------------------------------
    def _build_static(self) -> None:
        for aid, g in mg.AREAS.items():
            sp = poly_spot(aid, g.shapes, z=2)
            sp.tipfn = lambda aid=aid: self.area_tip(aid)
            sp.rule = "R11"
            self.add(sp)
            tx, ty, tw, th = g.tab_rect
            plaque = Spot(aid, tx, ty, tw, th, z=4)
            plaque.tipfn = sp.tipfn
            plaque.rule = "R11"
            self.add(plaque)
            self.area_spots[aid] = plaque
        for hid, h in mg.HOMES.items():
            sp = poly_spot(hid, h.shapes, z=1)
            sp.tipfn = lambda hid=hid: help.home(hid)
            sp.rule = "R1.3"
            self.add(sp)
        bx, by = mg.BAG_AT
        bag = round_spot("info:bag", bx, by, 22, z=6)
        bag.tipfn = lambda: help.bag(self.table.shown)
        bag.rule = "R4.1"
        self.add(bag)

    def refresh(self) -> None:
        """The stacks' and markers' spots as the shown state stands."""
        s = self.table.shown
        key = (tuple(tuple(r) for r in s.discs), tuple(tuple(m) for m in s.markers))
        if key == self._spot_key:
            return
        self._spot_key = key
        for old in self.stack_spots:
            self.remove(old)
        self.stack_spots = []
        t = tables()
        for a, aid in enumerate(t.areas):
            g = mg.AREAS[aid]
            ranks = self.ranked(s, a)
            for k, (c, n) in enumerate(ranks):
                x, y = g.stack_point(k, len(ranks))
                top = y - (min(n, 8) - 1) * (mg.DISC_R * pieces.DISC_THICK + 0.6)
                sp = Spot(f"stack:{aid}:{t.countries[c]}", x - mg.DISC_R - 1,
                          top - mg.DISC_R - 1, 2 * mg.DISC_R + 2,
                          y - top + 2 * mg.DISC_R + 2, z=7)
                sp.tipfn = lambda aid=aid, c=c: self.stack_tip(aid, c)
                sp.rule = "R11.2"
                self.stack_spots.append(sp)
            mids = s.markers[a]
            for k, mid in enumerate(mids):
                x, y = g.marker_point(k, len(mids))
                sp = round_spot(mid, x, y, mg.MARKER_R + 1.5, z=8)
                sp.tipfn = lambda mid=mid: help.marker(mid)
                sp.rule = "R7.5" if t.markers[mid].aktion else "R7.6"
                self.stack_spots.append(sp)
        for sp in self.stack_spots:
            self.add(sp)
        self._sync_visibility()

    @staticmethod
    def ranked(s: State, a: int) -> list[tuple[int, int]]:
        """(country, discs) of an area, most discs first (the catalog's order among equals)."""
        row = s.discs[a]
        return sorted(((c, n) for c, n in enumerate(row) if n > 0), key=lambda x: (-x[1], x[0]))

    # --- words -------------------------------------------------------------------------------
    def area_tip(self, aid: str) -> str:
        s = self.table.shown
        t = tables()
        a = t.area_index[aid]
        info = area(aid)
        kind = ("a sea" if info.ship_area and info.region == "europe" else
                "a colony" if info.region == "colony" else "a land area of Europe")
        vps = " / ".join(str(v) for v in info.vp)
        places = "first, second and third" if len(info.vp) == 3 else "first and second"
        lines = [f"{look.with_german(info.name, info.name_de)}: {kind}. {vps} VP for "
                 f"{places} place (R11.2)."]
        if info.ship_area:
            lines.append("Ship symbol: an attacker here must play a ship card (R7.3.1).")
        elif info.coast_ship_optional:
            lines.append("A coast: a ship card may be played here but is not needed.")
        ranks = area_ranking(s, aid)
        if ranks:
            parts = []
            for c, n, r, vp in ranks:
                who = look.name(c) + ("" if s.seat_of[c] >= 0 else " (no player)")
                score = f"{vp} VP" if s.seat_of[c] >= 0 else "blocks, scores 0"
                if r > len(info.vp):
                    score = "no VP"
                parts.append(f"{names.ordinal(r)} {who}, {names.plural(n, 'disc')}: {score}")
            lines.append("If scored now: " + "; ".join(parts) + ".")
        else:
            lines.append("No discs here yet: nobody would score it now.")
        mids = s.markers[a]
        if mids:
            words = [names.marker(t, m, where=False) for m in mids]
            lines.append(f"Empire markers ({len(mids)}): " + ", ".join(words) + ".")
        if self.table.game.state is s or self._rest():
            may = [r for r in reach(self.table.game, aid) if r.may]
            nots = [r for r in reach(self.table.game, aid) if not r.may]
            if may:
                lines.append("Who may attack here: " + "; ".join(
                    f"{self.table.seat_name(r.seat)} ({r.why})" for r in may) + " (R7.3).")
            if nots:
                lines.append("Not: " + "; ".join(
                    f"{self.table.seat_name(r.seat)} ({r.why})" for r in nots) + ".")
        return "\n".join(lines)

    def _rest(self) -> bool:
        return self.table.shown.discs == self.table.game.state.discs

    def stack_tip(self, aid: str, c: int) -> str:
        s = self.table.shown
        info = area(aid)
        n = s.discs[tables().area_index[aid]][c]
        place = ""
        for cc, _, r, vp in area_ranking(s, aid):
            if cc == c:
                score = f"{vp} VP" if s.seat_of[c] >= 0 else "it blocks the place, scoring 0"
                place = (f" {names.ordinal(r).capitalize()} place now: {score}." if
                         r <= len(info.vp) else " No place that scores now.")
        who = look.name(c) + ("" if s.seat_of[c] >= 0 else " (a non-player country)")
        return (f"{who}: {names.plural(n, 'disc')} in {names.the_area(tables(), aid)} "
                f"({look.MARK_WORDS.get(look.mark(c), '')} mark).{place}")

    # --- zoom and pan (game.shell.map_camera) -------------------------------------------------
    def controls_at(self) -> tuple[float, float]:
        return MAP_X + mg.MAIN_X + 6, MAP_Y + mg.MAP_H - 30

    def zoom_to(self, aid: str, zoom: float = 2.0) -> None:
        """Centre the view on an area's plaque at `zoom` (the guide's pictures, a test)."""
        tx, ty, tw, th = mg.AREAS[aid].tab_rect
        self.centre_on(tx + tw / 2, ty + th / 2, zoom)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        """The cached picture of the panel, then the zoom buttons (children draw nothing
        else: the spots are invisible)."""
        if not self.visible:
            return
        c = canvas  # the node's own canvas (zoomed)
        root = Canvas(c.surf, c.s / self.scale, c.ox - self.x * c.s / self.scale,
                      c.oy - self.y * c.s / self.scale)
        rect = root.rect(MAP_X, MAP_Y, mg.MAP_W, mg.MAP_H)
        self._update_picture(root, rect)
        assert self._pic is not None
        c.surf.blit(self._pic, rect.topleft)
        for b in (self.zoom_out, self.zoom_in, self.zoom_reset):
            if b.visible:
                b.draw(c.sub(b.x, b.y, b.scale))

    def picture_key(self) -> object:
        # what the pieces' picture shows: the discs, the markers, the bag, who plays which
        # country, what an animation hides (not every change of the table: a coin paid does
        # not redraw the map)
        s = self.table.shown
        return (tuple(map(tuple, s.discs)), tuple(map(tuple, s.markers)), tuple(s.seat_of),
                tuple(sorted(self.hidden.items())), tuple(sorted(self.hidden_markers)),
                len(s.bag))

    def _update_picture(self, root: Canvas, rect: pygame.Rect) -> None:
        vs = root.s * self.zoom
        view = (round(self.view_x, 2), round(self.view_y, 2), round(self.zoom, 4),
                round(root.s, 5), rect.size)
        if self._bg is None or self._bg_key != view:
            self._bg_key = view
            self._bg = pygame.Surface(rect.size)
            mc = Canvas(self._bg, vs, -self.view_x * vs, -self.view_y * vs)
            self.draw_background(mc)
            if pygame.display.get_surface() is not None:
                self._bg = self._bg.convert()
            self._pic_key = None
        key = (view, self.picture_key())
        if self._pic is None or self._pic_key != key:
            self._pic_key = key
            self._pic = self._bg.copy()
            mc = Canvas(self._pic, vs, -self.view_x * vs, -self.view_y * vs)
            self.draw_pieces(mc, self.table.shown)

    def forget_pictures(self) -> None:
        self._bg = self._pic = None

    def draw_background(self, c: Canvas) -> None:
        """The static map (game.aor.map_art: rendered once per scale, blitted here; while
        the wheel turns, a new scale is stood in for and drawn sharp once it stops)."""
        if not map_art.paint(c, quick=self.table.clock - self.wheel_at < BURST):
            self._bg_key = None

    def draw_pieces(self, c: Canvas, s: State) -> None:
        t = tables()
        for a, aid in enumerate(t.areas):
            g = mg.AREAS[aid]
            self.draw_plaque(c, g, a, s)
        bx, by = mg.BAG_AT
        pieces.bag(c, bx, by, 40, len(s.bag))

    def draw_plaque(self, c: Canvas, g: mg.AreaGeo, a: int, s: State) -> None:
        """An area's plaque: its name (and ship symbol) across the top, its VP values down
        the right edge (first place on top, lit where a stack stands now), the stacks ranked
        left to right (the place they would take is written over them), the markers below."""
        t = tables()
        info = area(g.id)
        tx, ty, tw, th = g.tab_rect
        c.fill((40, 28, 18), tx + 1.5, ty + 2.5, tw, th, 5)
        c.fill(PLAQUE, tx, ty, tw, th, 5)
        c.fill((142, 108, 70), tx, ty, tw, th, 5, 1.2)
        head = (222, 206, 168) if not info.ship_area else (204, 222, 224)
        c.fill(head, tx + 1, ty + 1, tw - 2, 15, 4)
        if info.ship_area:
            pieces.ship_badge(c, tx + 9, ty + 8, 13)
            c.text(info.name, tx + 18, ty + 8.5, 9, pieces.INK, True, "midleft",
                   max_w=tw - 22)
        else:
            c.text(info.name, tx + tw / 2, ty + 8.5, 9, pieces.INK, True, "center",
                   max_w=tw - 8)
        ranks = self.ranked(s, a)
        rank_of = {c_: r for c_, _, r, _ in area_ranking(s, g.id)}
        holders: dict[int, list[int]] = {}  # place -> the countries holding it now
        for c_, _ in ranks:
            holders.setdefault(rank_of.get(c_, 9), []).append(c_)
        bw, bh = 15.0, 11.0
        for i, v in enumerate(info.vp):
            bx, by = tx + tw - bw - 3, ty + 19 + i * (bh + 2)
            here = holders.get(i + 1, [])
            lit = any(s.seat_of[c_] >= 0 for c_ in here)
            fill = (62, 110, 56) if lit else (176, 184, 160)
            c.fill(theme.darken(fill, 0.3), bx, by + 1, bw, bh, 3)
            c.fill(fill, bx, by, bw, bh, 3)
            c.text(str(v), bx + bw / 2, by + bh / 2, 8, theme.CREAM if lit else pieces.INK,
                   True, "center")
            for j, c_ in enumerate(here[:3]):  # who holds this place: its discs' colour and mark
                pieces.disc(c, bx - 6 - j * 9, by + bh / 2 - 1, 4.2, c_)
        shown_ranks = []
        for c_, n in ranks:
            n -= self.hidden.get(f"{g.id}:{t.countries[c_]}", 0)
            if n > 0:
                shown_ranks.append((c_, n))
        for k, (c_, n) in enumerate(shown_ranks):
            x, y = g.stack_point(k, len(shown_ranks))
            top = pieces.stack(c, x, y, mg.DISC_R, c_, n)
            if n <= 8:  # the count over the stack (more than 8 carry it on top)
                c.text(str(n), x, top - mg.DISC_R - 4.5, 8, pieces.INK, True, "center")
        for k, mid in enumerate(s.markers[a]):
            if mid in self.hidden_markers:
                continue
            x, y = g.marker_point(k, len(s.markers[a]))
            pieces.marker(c, x, y, mg.MARKER_R, mid)
        if not shown_ranks:
            c.text("no discs", tx + (tw - bw) / 2, ty + 38, 8, (150, 130, 104), False,
                   "center")

    # --- where pieces are (the animations fly to and from them) --------------------------------
    def stack_virtual(self, aid: str, c: int, s: State | None = None) -> tuple[float, float]:
        """Where country `c`'s stack in `aid` stands (its top), or would stand, in virtual
        units at the current view."""
        s = s or self.table.shown
        a = tables().area_index[aid]
        ranks = self.ranked(s, a)
        g = mg.AREAS[aid]
        idx = next((k for k, (cc, _) in enumerate(ranks) if cc == c), len(ranks))
        n = max(len(ranks), idx + 1)
        x, y = g.stack_point(idx, n)
        have = ranks[idx][1] if idx < len(ranks) else 0
        y -= have * (mg.DISC_R * pieces.DISC_THICK + 0.6)
        return self.virtual(x, y)

    def marker_virtual(self, aid: str, k: int, n: int) -> tuple[float, float]:
        return self.virtual(*mg.AREAS[aid].marker_point(k, n))

    def area_virtual(self, aid: str) -> tuple[float, float]:
        tx, ty, tw, th = mg.AREAS[aid].tab_rect
        return self.virtual(tx + tw / 2, ty + th / 2)

    def bag_virtual(self) -> tuple[float, float]:
        return self.virtual(*mg.BAG_AT)

    def ring_area(self, c: Canvas, aid: str, col: theme.Colour, width: float) -> None:
        """A ring around an area's shape and its plaque (virtual canvas `c`), kept inside
        the map panel (zoomed in, an area's shape runs past the panel's edges)."""
        g = mg.AREAS[aid]
        x0, y0 = c.pt(self.x, self.y)
        x1, y1 = c.pt(self.x + self.w, self.y + self.h)
        old_clip = c.surf.get_clip()
        c.surf.set_clip(pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(old_clip))
        try:
            for p in g.shapes:
                pts = [c.pt(*self.virtual(*q)) for q in p]
                pygame.draw.lines(c.surf, col, True, pts, max(2, round(width * c.s)))
        finally:
            c.surf.set_clip(old_clip)


Draw = Callable[[Canvas], None]

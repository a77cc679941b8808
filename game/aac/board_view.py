"""The map: 6 regions, path spaces, gaps and bridges, figures, monument stacks, pillars,
bound areas, the Tile Pool with prices and banks, achievements and the reserves edge.
Children use the catalog's 0-1000 board units (the node is scaled onto the map square).

Each monument is drawn large inside its region's ring of path spaces, as a 2.5-D stack on an
iron frame: its constructed sections as slabs, the open section on top with its energy
spaces; the region's pillar pair above it, at its foot the bound-energy corral between the
bonus tile and the patron token. Where they go is measured from the map
(game.aac.board_geometry): the free room inside the ring, clear of every path space and
path line. An energy in a monument space fills the space with its owner's colour and shape;
each monument's name stands on a plate at its region's rim; another seat's last moves are
marked by a light halo drawn under the piece (game.aac.board_pieces).

The map zooms (mouse wheel around the pointer, 1x to 3x) and pans (drag): the node's own
scale and position change, so every hotspot's `world_rect()` stays exact."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from engine.aac.api import (
    GameState,
    MonumentState,
    names,
)
from engine.aac.api import events as ev
from game.aac import board_pieces, fx, help, table_modules, tokens
from game.aac.board_geometry import PILLAR_DX, SPACE_R, Point, RegionLayout, geometry
from game.aac.table.model import BoardModel
from game.aac.targets import Hotspot
from game.shell import theme
from game.shell.layout import BOARD_S, BOARD_X, BOARD_Y, TOP_H, VH, VW
from game.shell.map_camera import BURST as BURST  # the table and docs read it here
from game.shell.map_camera import Camera, ZoomableMap
from game.shell.scenegraph import Canvas, Node, TextLog

SQUARE = 1000.0 * BOARD_S  # the map square's side in virtual units

# monument colours of the catalog (the monuments' "colour")
MONUMENT_COLOUR: dict[str, theme.Colour] = {
    "blue": (70, 110, 178), "red-brown": (150, 76, 52), "sea-green": (54, 140, 128),
    "green": (76, 138, 64), "black": (92, 80, 110), "white-gold": (214, 192, 128),
}
OPEN_FACE = (250, 240, 212)
DONE_FACE = (255, 222, 140)


def monument_colour(mid: str) -> theme.Colour:
    """The monument's colour, from the validated catalog (engine.aac.data.rules().base)."""
    mon = geometry().monuments.get(mid)
    return MONUMENT_COLOUR.get(mon.colour if mon is not None else "", (150, 130, 100))


# --- a monument stack, as drawn -------------------------------------------------------------
@dataclass(slots=True)
class Piece:
    """A section that is not simply one of the slabs standing on the frame: the open one on
    top, or one in flight in an animation. Its face spans (x, y, w, fh) and its front side
    the `slab` below that; fh < the face height squashes it (a slab seen edge-on at 0)."""

    section: str
    x: float
    y: float
    fh: float
    open: bool  # True: a face with energy spaces; False: a constructed section's top
    spaces: list[int] = field(default_factory=list)
    completed: bool = False
    glow: float = 0.0


@dataclass(slots=True)
class StackPose:
    """What a monument stack shows: the state as it is, or one frame of an animation."""

    built: int  # slabs standing on the frame
    top: list[Piece] = field(default_factory=list)  # drawn over the stack, in order
    behind: list[Piece] = field(default_factory=list)  # drawn before it (hidden by it)
    shake: Point = (0.0, 0.0)
    sparkle: float = -1.0  # 0..1 while a burst plays at the top face's lower corners
    sparkle_y: float = 0.0


def rest_pose(lay: RegionLayout, m: MonumentState) -> StackPose:
    """The pose of a monument state at rest."""
    built = len(m.built)
    pose = StackPose(built)
    if m.stack:
        fx_, fy, _, fh = lay.face_rect(built + 1)
        pose.top.append(Piece(m.stack[0], fx_, fy, fh, True, list(m.spaces), m.completed))
    return pose


def draw_stack(c: Canvas, view: BoardView, lay: RegionLayout, pose: StackPose) -> None:
    """A monument: a shadow, the iron frame, the constructed sections' slabs, the top face
    (the open section's, or the finished monument's crown) and any piece in flight."""
    sp = lay.spec
    mid = lay.monument
    col = monument_colour(mid)
    sx, sy = pose.shake
    x0 = lay.x + sx
    fx0 = x0 + (sp.base_w - sp.face_w) / 2
    for pc in pose.behind:
        _draw_piece(c, view, lay, pc, col)
    top_y = lay.base_top + sy - pose.built * sp.slab
    region_col = theme.REGION_FILL.get(lay.region, (190, 170, 140))
    shadow = theme.darken(theme.lighten(region_col, 0.25), 0.25)
    c.fill(shadow, x0 + 3, lay.base_top + sy - sp.base_h * 0.2, sp.base_w + 2, sp.base_h * 2,
           sp.base_h)
    tokens.frame_base(c, x0, lay.base_top + sy, sp.base_w, sp.base_h, pose.built, lay.sections)
    for k in range(pose.built):
        tokens.slab(c, fx0, lay.base_top + sy - (k + 1) * sp.slab, sp.face_w, sp.slab + 0.6,
                    theme.darken(col, 0.05 * (pose.built - 1 - k)))
    if pose.built:  # the top of the highest slab (what stands on it covers it)
        _built_face(c, fx0, top_y - sp.face_h, sp.face_w, sp.face_h, col,
                    crown=pose.built >= lay.sections)
    elif not pose.built and not pose.top:
        c.fill(theme.darken(region_col, 0.1), fx0, top_y - sp.face_h, sp.face_w, sp.face_h, 6)
    seat = view.marks.get(f"monument:{mid}")
    if seat is not None and pose.top:  # a section completed or constructed: under the face
        pc = pose.top[-1]
        board_pieces.halo_rect(c, pc.x + sx, pc.y + sy, sp.face_w, pc.fh + sp.slab,
                               view.table.session.colour(seat))
    for pc in pose.top:
        _draw_piece(c, view, lay, Piece(pc.section, pc.x + sx, pc.y + sy, pc.fh, pc.open,
                                        pc.spaces, pc.completed, pc.glow), col)
    if pose.sparkle >= 0:  # bursts from the seam's two ends, where it snapped home
        for ex in (fx0 - 2, fx0 + sp.face_w + 2):
            tokens.sparkle(c, ex, pose.sparkle_y, pose.sparkle, sp.face_w * 0.3, 9)


def _built_face(c: Canvas, x: float, y: float, w: float, h: float, col: theme.Colour,
                crown: bool) -> None:
    c.fill(theme.lighten(col, 0.18), x, y, w, h, 6)
    c.fill(theme.darken(col, 0.35), x, y, w, h, 6, 1.2)
    c.fill(theme.lighten(col, 0.32), x + 4, y + 4, w - 8, h - 8, 4, 1)
    if crown:
        c.icon("castle", x + w / 2, y + h / 2, min(w, h) * 0.7)


def _draw_piece(c: Canvas, view: BoardView, lay: RegionLayout, pc: Piece,
                col: theme.Colour) -> None:
    sp = lay.spec
    w = sp.face_w
    fh = max(0.0, pc.fh)
    side = theme.darken(OPEN_FACE, 0.3) if pc.open else col
    tokens.slab(c, pc.x, pc.y + fh, w, sp.slab + 0.6, side)
    if fh < 2:
        return
    if not pc.open:
        _built_face(c, pc.x, pc.y, w, fh, col, crown=False)
        return
    face = DONE_FACE if pc.completed else OPEN_FACE
    if pc.glow > 0:
        face = theme.lighten(DONE_FACE, 0.3 * pc.glow)
    c.fill(face, pc.x, pc.y, w, fh, 6)
    c.fill(theme.darken(col, 0.2), pc.x, pc.y, w, fh, 6, 1.6)
    if fh < sp.face_h * 0.6:  # squashed: the spaces are edge-on
        return
    sec = view.table.rules.sections.get(pc.section)
    n = len(sec.symbols) if sec is not None else len(pc.spaces)
    pts = lay.space_points(n, 0)
    fx0, fy0, _, _ = lay.face_rect(0)
    pts = [(x - fx0 + pc.x, y - fy0 + pc.y) for x, y in pts]
    for i, (x, y) in enumerate(pts):  # the others' last moves first: under every piece
        seat = view.marks.get(f"section:{lay.monument}:{i}")
        if seat is not None:
            board_pieces.halo(c, x, y, sp.r, view.table.session.colour(seat))
    for i, (x, y) in enumerate(pts):
        v = pc.spaces[i] if i < len(pc.spaces) else -1
        if v >= 0:  # the owner's colour and shape fill the space
            view.occupant(c, x, y, sp.r, v)
        else:
            sym = sec.symbols[i] if sec is not None and i < len(sec.symbols) else None
            board_pieces.open_space(c, x, y, sp.r, sym, face)


# --- hotspots --------------------------------------------------------------------------------
class BoardSpot(Hotspot):
    """A board hotspot: it answers only where the map square shows it (zoomed in, what is
    panned out of the square can be neither clicked nor hovered)."""

    def contains(self, lx: float, ly: float) -> bool:
        p = self.parent
        if isinstance(p, BoardView) and not p.shows_local(self.x + lx, self.y + ly):
            return False
        return super().contains(lx, ly)


def spot(target: str, cx: float, cy: float, r: float, tip: str = "", z: int = 5) -> BoardSpot:
    return BoardSpot(target, cx - r, cy - r, 2 * r, 2 * r, tip, True, z)


# --- the view ----------------------------------------------------------------------------------
PIC_MAX = 2600  # pixels: the zoomed picture's side at most (larger windows scale it up)
CARD_DELAY = 0.6  # seconds of hovering a monument before its card opens
PLATE_PX = 16.0  # a monument's name on the map (board units: 13 pixels at 1600x900)
PLATE_MAX_W = 200.0
REGION_PX = 13.0  # a region's name beside it
MAP_X0, MAP_X1 = 128.0, 866.0  # the names stay between the reserves and the achievements


class BoardView(ZoomableMap):
    """The map square; it zooms and pans (game.shell.map_camera), the buttons at the
    square's top-left corner, "Whole map" hidden at the whole map."""

    spot_type = Hotspot
    home = (BOARD_X, BOARD_Y, BOARD_S)  # where the table's cached layers draw the board

    def __init__(self, table: BoardModel) -> None:
        super().__init__(table, Camera(BOARD_X, BOARD_Y, 1000.0, 1000.0, BOARD_S))
        self.table = table
        self.g = geometry()
        self._bg: pygame.Surface | None = None
        self._bg_scale = -1.0
        self.hidden_figures: set[int] = set()
        self.bg_in_chrome = False
        self.sprites: list[fx.Sprite] = []  # animations drawn on the map (board units)
        self.anims: dict[str, Callable[[Canvas], None]] = {}  # monuments being animated
        self._walked: dict[int, tuple[str, str]] = {}  # seat -> (space, behind) mid-batch
        self._board: pygame.Surface | None = None  # the zoomed picture (see _draw_zoomed)
        self._pic_scale = -1.0
        self._pic_bg: pygame.Surface | None = None
        self._pic_keys: dict[str, object] = {}
        self.marks: dict[str, int] = {}  # target -> the seat whose last move touched it
        self.card = MonumentCard(self)
        self.static_hotspots()

    # --- hotspots ---------------------------------------------------------------------------
    def static_hotspots(self) -> None:
        r = self.table.rules
        for sid, s in self.g.spaces.items():
            hs = spot(sid, s.x, s.y, SPACE_R + 3)
            hs.tipfn = lambda sid=sid: self._space_tip(sid)
            self.add(hs)
        for n in range(1, 5):
            x, y = self.g.pool_slot(n)
            hs = BoardSpot(f"pool_slot:{n}", x - 50, y - 55, 100, 110)
            hs.tipfn = lambda n=n: self._pool_tip(n)
            self.add(hs)
        self.add(BoardSpot("shop", 712, 858, 154, 126, help.bank()))
        sx, sy = self.g.pool.stack_spot.x, self.g.pool.stack_spot.y
        supply = BoardSpot("info:supply", sx - 30, sy - 44, 60, 86)
        supply.tipfn = self._supply_tip
        self.add(supply)
        for pid, (x, y) in self.g.pillar.items():
            region = self.g.pillar_region[pid]
            pr = self.g.layout[region].spec.pillar_r
            self.add(spot(f"pillar:{pid}", x, y, pr + 1,
                          help.pillar(r.names.get(region, region))))
        for rid, (x, y) in self.g.bound.items():
            br = self.g.layout[rid].spec.bound_r
            self.add(spot(f"bound:{rid}", x, y, br + 1,
                          help.bound_area(r.names.get(rid, rid))))
        for seat in range(len(self.table.shown.players)):
            x, y = self.g.reserve_area(seat)
            for ty in range(4):
                self.add(BoardSpot(f"info:reserves:{seat}:{ty}", x - 40, y - 14 + ty * 18, 88,
                                   17, help.energy(ty, f"{self.table.session.name(seat)}'s "
                                                   "reserve and exhausted pool"), z=7))
        self.dynamic: list[Node] = []
        self._key: object = None

    def refresh(self) -> None:
        """Rebuild hotspots that depend on the shown state (sections, achievements...)."""
        self._walked = {}  # the table settled: figures stand where the shown state says
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
            lay = self.g.by_monument.get(mid)
            if lay is None:
                continue
            name = r.names.get(mid, mid)
            x, y, w, h = lay.rect
            card = BoardSpot(f"monument:{mid}", x, y, w, h, "", z=4)
            card.tipfn = lambda mid=mid: self._monument_tip(mid)
            self.dynamic.append(card)
            self.dynamic.append(BoardSpot(f"perk:{mid}", x, y, w, h, f"{name}: section perk",
                                          z=3))
            sec = r.sections.get(m.stack[0]) if m.stack else None
            for i, (px, py) in enumerate(self.section_points(mid, len(m.spaces))):
                sym = ""
                if sec is not None and i < len(sec.symbols):
                    sym = f" ({names.energy(sec.symbols[i])} space)"
                space = spot(f"section:{mid}:{i}", px, py, lay.spec.r, "", z=6)
                space.tipfn = lambda mid=mid, i=i, head=f"{name}, space {i + 1}{sym}": \
                    f"{head}\n{self.occupant_words(mid, i)}"
                self.dynamic.append(space)
            bx, by = lay.bonus
            pr = lay.spec.piece_r
            bonus = r.bonus_tiles.get(m.bonus)
            tip = f"Bonus tile: {bonus.name} — {bonus.text}" if bonus else "Bonus tile"
            self.dynamic.append(spot(f"bonus:{mid}", bx, by, pr + 1, tip, z=6))
            if m.bonus:
                self.dynamic.append(spot(f"bonus_tile:{m.bonus}", bx, by, pr + 1, tip, z=5))
            self.dynamic.append(spot(f"patron:{mid}", *lay.patron, pr + 1,
                                     help.patron_token(mid), z=6))
        for n, aid in enumerate(s.achievements, start=1):
            a = r.achievements.get(aid)
            for col in ("flat", "multiplier"):
                x, y = self.g.ach_spot(n, col)
                text = f"{a.name}: {a.text}" if a else "An achievement"
                self.dynamic.append(spot(f"achievement:{aid}:{col}", x, y, 16,
                                         f"{text} ({col} column)"))
        for hs in self.dynamic:
            self.add(hs)
        self._sync_visibility()

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

    def occupant_words(self, mid: str, i: int) -> str:
        """Who fills space i of monument mid's open section, in words."""
        m = self.table.shown.monuments.get(mid)
        v = m.spaces[i] if m is not None and i < len(m.spaces) else -1
        if v < 0:
            return "Empty"
        return f"{names.energy(v % 4)} energy of {self.table.session.name(v // 4)}"

    def occupants(self, mid: str) -> list[tuple[int, str, str]]:
        """(space value, wanted energy, who fills it) for each space of monument mid's open
        section, in the order of its spaces; the value is -1 for an empty space."""
        r = self.table.rules
        m = self.table.shown.monuments[mid]
        sec = r.sections.get(m.stack[0]) if m.stack else None
        symbols = list(sec.symbols) if sec is not None else []
        out: list[tuple[int, str, str]] = []
        for i, v in enumerate(m.spaces):
            want = names.energy(symbols[i]) if i < len(symbols) else ""
            who = self.table.session.name(v // 4) if v >= 0 else ""
            out.append((v, want, who))
        return out

    def _monument_tip(self, mid: str) -> str:
        r = self.table.rules
        m = self.table.shown.monuments[mid]
        lines = [f"{r.names.get(mid, mid)}: {len(m.built)} of {len(m.built) + len(m.stack)} "
                 "sections constructed"]
        if m.stack:
            sec = r.sections.get(m.stack[0])
            if sec is not None:
                lines.append(f"Open section {sec.number}: perk — {sec.perk_text}")
            filled = [who for v, _, who in self.occupants(mid) if v >= 0]
            if filled:
                lines.append(f"{len(filled)} of {len(m.spaces)} spaces filled: "
                             + ", ".join(dict.fromkeys(filled)))
            else:
                lines.append(f"All {len(m.spaces)} spaces empty")
        lines.append("Hover a moment for every section; the mouse wheel zooms in.")
        return "\n".join(lines)

    def section_points(self, mid: str, n: int) -> list[Point]:
        """The open section's energy spaces of monument `mid` as the shown state stands."""
        lay = self.g.by_monument[mid]
        m = self.table.shown.monuments.get(mid)
        built = len(m.built) if m is not None else 0
        return lay.space_points(n, built + 1)

    # --- zoom and pan (game.shell.map_camera) -------------------------------------------------
    @property
    def span(self) -> float:
        """Board units across the visible square."""
        return self.camera.view_w

    def view_changed(self) -> None:
        if self.zoom == 1.0:  # the table's cached layers show the map again: free the picture
            self._board = self._pic_bg = None
            self._pic_scale = -1.0

    # --- animations on the map -------------------------------------------------------------------
    def spawn(self, draw: Callable[[Canvas, float], None]) -> fx.Sprite:
        """A sprite drawn on the map in board units (it zooms and is clipped with the map)."""
        self.sprites = [sp for sp in self.sprites if not sp.finished]
        sp = fx.Sprite(draw)
        self.sprites.append(sp)
        return sp

    def animate_monument(self, mid: str, draw: Callable[[Canvas], None] | None) -> None:
        """Draw monument `mid` with `draw` each frame instead of from the shown state (None:
        back to the state). The cached map leaves it out meanwhile."""
        if draw is None:
            self.anims.pop(mid, None)
        else:
            self.anims[mid] = draw
        self.table.rev += 1  # the cached map must drop (or take back) the monument

    def figure_walk(self, e: ev.FigureMoved | ev.FigureTeleported) -> fx.Walk:
        """The walk of a FigureMoved (its path: start space first, skipped and bounced
        spaces included): a step per space, a turn where the path turns back, a hop over
        each space another figure stands on; a FigureTeleported leaps. Figures' places and
        facings are followed through the batch of events (reset when the table settles)."""
        t = self.table
        col, shape = t.session.colour(e.seat), t.session.shape(e.seat)
        where = {i: self._walked.get(i, (p.figure, p.behind))
                 for i, p in enumerate(t.shown.players)}
        if isinstance(e, ev.FigureTeleported):
            b = self.figure_point(e.seat, e.dst)
            a = self.figure_point(e.seat, e.src) if e.src else b
            self._walked[e.seat] = (e.dst, e.behind)
            return fx.Jump(a, b, col, shape)
        behind = where.get(e.seat, ("", ""))[1]
        others = {sp for i, (sp, _) in where.items() if i != e.seat}
        pts = [self.figure_point(e.seat, sp) for sp in e.path]
        hops = [0 < i < len(e.path) - 1 and sp in others for i, sp in enumerate(e.path)]
        back = self.g.xy(behind) if behind in self.g.spaces else None
        if e.path:
            self._walked[e.seat] = (e.path[-1], e.behind)
        return fx.Walk(pts, hops, back, col, shape)

    def bridge_drop(self, space: str, value: str) -> fx.Sprite:
        x, y = self.g.xy(space)
        return self.spawn(fx.dropping(lambda c, px, py, k: self._bridge_token(c, px, py, value,
                                                                              k), x, y))

    # --- drawing ------------------------------------------------------------------------------
    def background(self, scale: float) -> pygame.Surface:
        if self._bg is None or abs(self._bg_scale - scale) > 1e-6:
            self._bg = self._render_background(scale)
            self._bg_scale = scale
        return self._bg

    # Static parts of the board, each redrawn into the table's cached layer only when its
    # key changes (see game.shell.layers.LayerCache._compose). Rects are in board units and
    # do not overlap.
    AREAS: dict[str, tuple[float, float, float, float]] = {
        "map": (122, 0, 750, 850), "reserves": (0, 0, 122, 850),
        "achievements": (872, 0, 128, 850), "pool": (0, 850, 1000, 150),
    }

    def area_keys(self, s: GameState) -> dict[str, object]:
        cs = self.table.settings.colour_safe
        marks: dict[str, int] = {}
        for seat, target in self.table.board_marks():  # newest first: the newest mover
            marks.setdefault(target, seat)
        self.marks = marks
        by_area: dict[str, list[tuple[str, int]]] = {"map": [], "achievements": [], "pool": []}
        for target, seat in sorted(marks.items()):
            kind = target.split(":", 1)[0]
            area = "pool" if kind == "pool_slot" else "achievements" if kind == \
                "achievement" else "map"
            by_area[area].append((target, seat))
        mons = tuple((k, len(m.built), len(m.stack), m.stack[0] if m.stack else "",
                      tuple(m.spaces), m.completed, m.bonus, m.patron)
                     for k, m in s.monuments.items())
        bound = tuple((k, tuple(tuple(r) for r in v)) for k, v in s.bound.items())
        return {
            "map": (mons, tuple(s.pillars.items()), bound, tuple(s.bridges.items()), cs,
                    tuple(sorted(self.anims)),
                    tuple(m.board_key(s) for m in table_modules.in_play(s)),
                    tuple(by_area["map"])),
            "reserves": (tuple((tuple(p.reserve), tuple(p.exhausted)) for p in s.players),
                         self.table.hidden_seats()),
            "achievements": (tuple(s.achievements),
                             tuple((k, tuple(v)) for k, v in s.ach.items()), cs,
                             tuple(by_area["achievements"])),
            "pool": (tuple(s.pool), s.supply if isinstance(s.supply, int) else len(s.supply),
                     tuple(tuple(p.shop) for p in s.players), self.table.hidden_seats(),
                     tuple(by_area["pool"])),
        }

    def draw_area(self, c: Canvas, area: str, s: GameState) -> None:
        if area == "map":
            self._draw_path_marks(c)
            self._draw_bridges(c, s)
            for lay in self.g.layout.values():
                self._draw_region_pieces(c, s, lay)
            self._draw_names(c, s)
            for m in table_modules.in_play(s):
                m.draw_board(c, self.g, s, self.table.session.colour, self.table.session.shape)
        elif area == "reserves":
            self._draw_reserves(c, s)
        elif area == "achievements":
            self._draw_achievements(c, s)
        elif area == "pool":
            self._draw_pool(c, s)

    def draw_self(self, c: Canvas) -> None:
        """Per frame: the figures and the animations (everything else is in the table's
        cached layer); zoomed in, the whole map from its own picture, clipped to the square."""
        surf = c.surf
        old_clip = surf.get_clip()
        if self.zoom > 1.0:
            ws = c.s / self.scale  # the window's pixels per virtual unit
            ox, oy = c.ox - self.x * ws, c.oy - self.y * ws
            square = pygame.Rect(round(ox + BOARD_X * ws), round(oy + BOARD_Y * ws),
                                 round(SQUARE * ws), round(SQUARE * ws))
            surf.set_clip(square.clip(old_clip))
            self._draw_zoomed(c, square)
        try:
            self._draw_figures(c, self.table.shown)
            for draw in list(self.anims.values()):
                draw(c)
            for sp in self.sprites:
                if sp.alive:
                    sp.draw(c, sp.t)
        finally:
            surf.set_clip(old_clip)

    def _draw_zoomed(self, c: Canvas, square: pygame.Rect) -> None:
        """The map at this zoom: a picture of the whole board at the zoom's scale (kept up to
        date area by area, like the table's layers), blitted through the square. While the
        wheel turns, the last picture is scaled instead; it is redrawn sharp after BURST."""
        need = c.s
        ps = min(need, PIC_MAX / 1000.0)
        burst = self.table.clock - self.wheel_at < BURST
        if self._board is None or (abs(self._pic_scale - ps) > 1e-6 and not burst):
            self._render_picture(ps)
        assert self._board is not None
        if abs(self._pic_scale - ps) <= 1e-6:
            self._update_picture()
        pic, k = self._board, self._pic_scale
        if abs(k - need) <= 1e-6:
            c.surf.blit(pic, c.pt(0, 0))
            return
        # a stale or capped picture: scale the part the square shows
        src = pygame.Rect(math.floor(self.view_x * k), math.floor(self.view_y * k),
                          math.ceil(self.span * k), math.ceil(self.span * k)).clip(
                              pic.get_rect())
        if src.w > 0 and src.h > 0:
            part = pygame.transform.scale(pic.subsurface(src), square.size)
            c.surf.blit(part, square.topleft)

    def _render_picture(self, ps: float) -> None:
        size = (max(1, round(1000 * ps)), max(1, round(1000 * ps)))
        bg = pygame.Surface(size)
        bg.fill(theme.FELT)
        bg.blit(self._render_background(ps), (0, 0))
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        self._pic_bg = bg
        self._board = bg.copy()
        self._pic_scale = ps
        self._pic_keys = {}
        self._update_picture()

    def _update_picture(self) -> None:
        assert self._board is not None and self._pic_bg is not None
        keys = self.area_keys(self.table.shown)
        pc = Canvas(self._board, self._pic_scale)
        for name, key in keys.items():
            if self._pic_keys.get(name, self) == key:
                continue
            self._pic_keys[name] = key
            rect = pc.rect(*self.AREAS[name]).clip(self._board.get_rect())
            self._board.blit(self._pic_bg, rect, rect)
            self._board.set_clip(rect)
            TextLog.push(rect, f"zoomed map {name}", self._board)
            try:
                self.draw_area(pc, name, self.table.shown)
            finally:
                TextLog.pop()
                self._board.set_clip(None)

    def occupant(self, c: Canvas, x: float, y: float, r: float, v: int) -> None:
        """Energy cell v (seat * 4 + type) standing in a monument space of radius r: the
        owner's colour (and, colour-safe, shape) filling the space."""
        t = self.table
        seat = v // 4
        board_pieces.occupied_space(c, x, y, r, v % 4, t.session.colour(seat),
                                    t.session.shape(seat) if t.settings.colour_safe
                                    else "circle")

    def energy(self, c: Canvas, x: float, y: float, r: float, v: int) -> None:
        """Energy cell v (seat * 4 + type) drawn in its owner's colour (and shape)."""
        t = self.table
        tokens.energy(c, x, y, r, v % 4, t.session.colour(v // 4),
                      t.session.shape(v // 4) if t.settings.colour_safe else "circle")

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

    def labels(self, s: GameState, scale: float = BOARD_S
               ) -> dict[str, tuple[str, float, float, float, float]]:
        """The names on the map: for each monument in use its plate, for each region its
        name's pill, keyed by the monument's or region's id: (text, x, y, w, h) in board
        units, as drawn at `scale` pixels per board unit (BOARD_S: at 1600x900). The plate
        stands on the region's rim with the region's name outside it (both on one line where
        the board's edge leaves no room above; the central region's name at its foot), clear
        of every space, bridge and standing figure."""
        out: dict[str, tuple[str, float, float, float, float]] = {}
        for rid, reg in self.g.regions.items():
            cx, cy, rr = float(reg.centroid.x), float(reg.centroid.y), float(reg.draw_radius)
            mid = reg.monument_site.monument
            text = self.table.rules.names.get(mid, mid)
            pw, ph = board_pieces.plate_size(text, PLATE_PX, scale, PLATE_MAX_W)
            nw, nh = board_pieces.pill_size(reg.name, REGION_PX, scale, PLATE_MAX_W)
            if reg.kind == "central":
                plate, name = (cx, cy - rr + 25), (cx, cy + rr - 15)
            elif cy > 500:  # the southern regions: the names below
                plate, name = (cx, cy + rr + 1), (cx, cy + rr + 22)
            elif cy - rr < 60:  # the board's edge above: side by side
                left = cx - (pw + 6 + nw) / 2
                plate, name = (left + pw / 2, 28.0), (left + pw + 6 + nw / 2, 28.0)
            else:
                plate, name = (cx, cy - rr - 1), (cx, cy - rr - 22)
            if mid in s.monuments:
                x = min(max(plate[0] - pw / 2, MAP_X0), MAP_X1 - pw)
                out[mid] = (text, x, plate[1] - ph / 2, pw, ph)
            else:  # no monument in use: the region's name where the plate would be
                name = (cx, plate[1])
            x = min(max(name[0] - nw / 2, MAP_X0), MAP_X1 - nw)
            out[rid] = (reg.name, x, name[1] - nh / 2, nw, nh)
        return out

    def _draw_names(self, c: Canvas, s: GameState) -> None:
        """Each monument's name on its plate, its region's name on a pill beside it (a
        region without a monument in use shows only its own name)."""
        for key, (text, x, y, w, h) in self.labels(s, c.s).items():
            if key in self.g.regions:
                board_pieces.region_pill(c, text, x, y, w, h, REGION_PX,
                                         theme.REGION_FILL.get(key, (190, 170, 140)))
            else:
                board_pieces.name_plate(c, text, x, y, w, h, PLATE_PX, monument_colour(key))

    def _halo(self, c: Canvas, target: str, x: float, y: float, r: float) -> None:
        seat = self.marks.get(target)
        if seat is not None:
            board_pieces.halo(c, x, y, r, self.table.session.colour(seat))

    def _draw_path_marks(self, c: Canvas) -> None:
        """Where another seat's figure stopped: a halo round the path space (the figure is
        drawn over it)."""
        bridges = self.table.shown.bridges
        for target in self.marks:
            if target in self.g.spaces and target not in bridges:
                self._halo(c, target, *self.g.xy(target), SPACE_R + 1)

    def _draw_bridges(self, c: Canvas, s: GameState) -> None:
        for sid, val in s.bridges.items():
            if sid in self.g.spaces:
                self._halo(c, sid, *self.g.xy(sid), 16)
                self._bridge_token(c, *self.g.xy(sid), val)

    def _bridge_token(self, c: Canvas, x: float, y: float, val: str, k: float = 1.0) -> None:
        """What bridge space value `val` shows at (x, y): a gap, a player's token or a
        neutral token (`k` scales a token, as it drops in)."""
        t = self.table
        if not val:
            c.fill((90, 130, 150), x - 13, y - 7, 26, 14, 6)
            c.line((200, 226, 236), (x - 9, y), (x - 3, y - 3), 1.5)
            c.line((200, 226, 236), (x + 1, y + 2), (x + 8, y - 1), 1.5)
            return
        w, h = 32 * k, 24 * k
        if val.startswith("p:"):
            _, seat_s, tier = val.split(":")
            seat = int(seat_s)
            col = t.session.colour(seat)
            c.fill(theme.darken(col, 0.4), x - w / 2 + 1, y - h / 2 + 1, w, h, 5 * k)
            c.fill(col, x - w / 2, y - h / 2, w, h, 5 * k)
            c.icon("bridge", x - 4 * k, y, 17 * k)
            tokens.seat_marker(c, x + 10 * k, y - 6 * k, 5 * k, theme.CREAM,
                               t.session.shape(seat))
            c.text(tier, x + 10 * k, y + 6 * k, 10, theme.CREAM, True, "center")
        else:
            c.fill((80, 70, 60), x - w / 2 + 1, y - h / 2 + 1, w, h, 5 * k)
            c.fill((168, 156, 138), x - w / 2, y - h / 2, w, h, 5 * k)
            c.icon("bridge", x, y, 19 * k)

    def _draw_region_pieces(self, c: Canvas, s: GameState, lay: RegionLayout) -> None:
        """A region's monument stack (unless it is being animated), its bonus tile and
        patron token, its pillar pair and its bound-energy corral."""
        mid = lay.monument
        m = s.monuments.get(mid)
        if m is not None:
            if mid not in self.anims:
                draw_stack(c, self, lay, rest_pose(lay, m))
            sp = lay.spec
            if m.bonus:
                bt = self.table.rules.bonus_tiles.get(m.bonus)
                tokens.bonus_tile(c, *lay.bonus, sp.piece_r,
                                  bt.effect.effect if bt else "")
            else:
                c.circle(theme.darken(theme.REGION_FILL.get(lay.region, (190, 170, 140)), 0.1),
                         *lay.bonus, sp.piece_r * 0.8, 1)
            if m.patron:
                tokens.patron_token(c, *lay.patron, sp.piece_r)
        self._draw_pillars(c, s, lay)
        self._draw_bound(c, s, lay)

    def _draw_pillars(self, c: Canvas, s: GameState, lay: RegionLayout) -> None:
        sp = lay.spec
        x, y = lay.pillars
        d = sp.pillar_r * PILLAR_DX
        r = sp.pillar_r
        c.fill((120, 108, 92), x - d - r - 2, y - r + 1, 2 * (d + r + 2), 2 * r, r)
        c.fill((196, 186, 166), x - d - r - 2, y - r - 1, 2 * (d + r + 2), 2 * r, r)
        c.icon("pillar", x, y - 0.5, r * 1.5)  # the Pillar of Civilization between its spaces
        region = self.g.regions[lay.region]
        for ps in region.pillar.spaces:
            pid = ps.id
            px, py = self.g.pillar[pid]
            self._halo(c, f"pillar:{pid}", px, py, r)
            v = s.pillars.get(pid, -2)
            if v == -2:
                c.circle((120, 110, 100), px, py, r * 0.85)
                k = r * 0.5
                c.line(theme.INK, (px - k, py - k), (px + k, py + k), 2)
                c.line(theme.INK, (px - k, py + k), (px + k, py - k), 2)
            elif v >= 0:
                self.energy(c, px, py, r * 0.9, v)
            else:
                tokens.empty_slot(c, px, py, r * 0.85)

    def _draw_bound(self, c: Canvas, s: GameState, lay: RegionLayout) -> None:
        per_seat = s.bound.get(lay.region)
        x, y = lay.bound
        R = lay.spec.bound_r
        self._halo(c, f"bound:{lay.region}", x, y, R)
        c.circle((120, 96, 60), x, y + 1, R)
        c.circle((232, 214, 176), x, y, R - 1.5)
        c.circle((150, 122, 80), x, y, R - 1.5, 1.2)
        toks = [(seat, ty) for seat, row in enumerate(per_seat or [])
                for ty, n in enumerate(row) for _ in range(n)]
        if not toks:
            c.icon("castle", x, y, R * 1.1)
            return
        t = self.table
        tr = R * 0.38
        for k, (seat, ty) in enumerate(toks[:6]):
            a = k * 2 * math.pi / max(1, min(6, len(toks))) - math.pi / 2
            rr = 0 if len(toks) == 1 else R * 0.5
            tokens.energy(c, x + rr * math.cos(a), y + rr * math.sin(a), tr, ty,
                          t.session.colour(seat),
                          t.session.shape(seat) if t.settings.colour_safe else "circle")
        if len(toks) > 6:
            c.text(f"+{len(toks) - 6}", x + R, y + R * 0.7, 9, theme.INK, True, "center")

    def _draw_pool(self, c: Canvas, s: GameState) -> None:
        t = self.table
        r = t.rules
        for n in range(1, 5):
            x, y = self.g.pool_slot(n)
            c.circle((150, 110, 40), x + 40, y - 46, 10)
            c.circle((240, 196, 90), x + 40, y - 46, 8.5)
            c.text(str(r.pool_prices[n - 1]), x + 40, y - 46, 11, theme.INK, True, "center")
            tid = s.pool[n - 1] if n - 1 < len(s.pool) else ""
            seat = self.marks.get(f"pool_slot:{n}")
            if seat is not None:  # claimed from here: a halo under the new tile, the marker
                board_pieces.halo_rect(c, x - 34, y - 48, 68, 96, t.session.colour(seat), 7)
                tokens.seat_marker(c, x - 40, y - 52, 5.5, t.session.colour(seat),
                                   t.session.shape(seat))
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

    def _draw_achievements(self, c: Canvas, s: GameState) -> None:
        t = self.table
        r = t.rules
        for n, aid in enumerate(s.achievements, start=1):
            spot_ = self.g.ach.spots[n - 1]
            a = r.achievements.get(aid)
            name = a.name if a else aid
            c.text_box(name, spot_.x - 56, spot_.y - 40, 112, 34, 10, theme.INK, True)
            cells = s.ach.get(aid, [-1, -1])
            for ci, col in enumerate(("flat", "multiplier")):
                x, y = self.g.ach_spot(n, col)
                v = cells[ci] if ci < len(cells) else -1
                self._halo(c, f"achievement:{aid}:{col}", x, y, 12)
                if v >= 0:
                    tokens.energy(c, x, y, 11, v % 4, t.session.colour(v // 4),
                                  t.session.shape(v // 4) if t.settings.colour_safe else "circle")
                else:
                    c.circle((196, 174, 136), x, y, 12)
                    c.circle(theme.INK_SOFT, x, y, 12, 1)
                    label = "5" if col == "flat" else "×"
                    c.text(label, x, y, 12, theme.INK_SOFT, True, "center")

    def _draw_reserves(self, c: Canvas, s: GameState) -> None:
        t = self.table
        for seat, p in enumerate(s.players):
            x, y = self.g.reserve_area(seat)
            col = t.session.colour(seat)
            c.fill(theme.lighten(col, 0.6), x - 48, y - 42, 96, 104, 8)
            tokens.seat_marker(c, x - 34, y - 28, 8, col, t.session.shape(seat))
            # the name typed (the marker beside it and the seat rows say the character)
            given = t.session.seats[seat].name if seat < len(t.session.seats) else ""
            c.text(given or t.session.name(seat), x - 23, y - 28, 11, theme.INK, False,
                   "midleft", max_w=70, alts=[f for f in t.session.name_forms(seat)
                                             if "(" not in f])
            for ty in range(4):
                ry = y - 6 + ty * 18
                tokens.energy(c, x - 30, ry, 7.5, ty)
                c.text(f"{p.reserve[ty]}", x - 16, ry, 12, theme.INK, True, "midleft")
                exh = "?" if seat in t.hidden_seats() else p.exhausted[ty]
                c.text(f"exh {exh}", x + 4, ry, 9, theme.INK_SOFT, False, "midleft")

    def _draw_figures(self, c: Canvas, s: GameState) -> None:
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

    def figure_point(self, seat: int, space: str) -> Point:
        if space in self.g.spaces:
            return self.g.xy(space)
        return self.g.bank(seat)


# --- a monument's card: every section and its bonuses, enlarged on hover ---------------------
CARD_W = 400.0


def _tip_box(text: str, mx: float, my: float) -> pygame.Rect:
    """Where the app draws the tooltip `text` for the pointer at (mx, my) (as
    game.shell.tooltip.draw_tooltip lays it out, in virtual units at the 1600x900 layout)."""
    if not text:
        return pygame.Rect(round(mx), round(my), 0, 0)
    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(theme.wrap(para, 13, 420))
    w = max(theme.font(13).size(ln)[0] for ln in lines) + 20
    h = 18 * len(lines) + 12
    x = min(mx + 16, VW - w - 4)
    y = my + 22 if my + 22 + h < VH else my - h - 8
    return pygame.Rect(round(x), round(y), round(w), round(h))


class MonumentCard(Node):
    """Hovering a monument for a moment opens its card beside it, on the map square: every
    section from the frame up (constructed, open, to come) with its energy spaces and perk in
    words from the catalog, and its bonus tile and patron token."""

    def __init__(self, board: BoardView) -> None:
        super().__init__(0, 0, 0, 0, z=38)
        self.board = board
        self.mid = ""
        self.rect = (0.0, 0.0, 0.0, 0.0)  # where it was drawn last (virtual units)
        self._cache: dict[object, pygame.Surface] = {}

    def showing(self) -> str:
        """The monument whose card is open ("" none)."""
        b = self.board
        app = b.table.app
        node = app.hovered
        if b.dragging or not isinstance(node, Hotspot) or app.hover_time < CARD_DELAY:
            return ""
        kind, _, mid = node.target.partition(":")
        if kind not in ("monument", "perk") or mid not in b.table.shown.monuments:
            return ""
        return mid

    def rows(self, mid: str) -> list[tuple[str, str, Any]]:
        """(state, section id, its definition) from the frame up."""
        t = self.board.table
        m = t.shown.monuments[mid]
        out: list[tuple[str, str, Any]] = [("built", sec, t.rules.sections.get(sec))
                                           for sec in m.built]
        out += [("open" if i == 0 else "later", sec, t.rules.sections.get(sec))
                for i, sec in enumerate(m.stack)]
        return out

    def draw_self(self, c: Canvas) -> None:
        mid = self.showing()
        self.mid = mid
        if not mid:
            return
        t = self.board.table
        m = t.shown.monuments[mid]
        key = (mid, len(m.built), tuple(m.stack), tuple(m.spaces), m.completed, m.bonus,
               m.patron, round(c.s, 4), t.settings.colour_safe)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 12:
                self._cache.clear()
            h = self.height(mid)
            surf = pygame.Surface((round((CARD_W + 8) * c.s), round((h + 8) * c.s)),
                                  pygame.SRCALPHA)
            cc = Canvas(surf, c.s)
            TextLog.push(cc.rect(0, 0, CARD_W, h), "MonumentCard", surf)
            try:
                self._paint(cc, mid, h)
            finally:
                TextLog.pop()
            self._cache[key] = surf
        w, h = CARD_W, surf.get_height() / c.s - 8
        x, y = self.place(mid, w, h)
        self.rect = (x, y, w, h)
        c.surf.blit(surf, c.pt(x, y))

    def place(self, mid: str, w: float, h: float) -> tuple[float, float]:
        """Beside the monument (left, else right), else above the pointer, else below its
        tooltip: the first place on the window that covers neither the monument nor the
        tooltip."""
        b = self.board
        app = b.table.app
        lay = b.g.by_monument[mid]
        vx0, vy0 = b.virtual(lay.x, lay.y)
        vx1, vy1 = b.virtual(lay.x + lay.w, lay.y + lay.h)
        mx, my = app.mouse_v
        tip = _tip_box(b.table.tooltip_for(app.hovered), mx, my)
        mon = pygame.Rect(round(vx0), round(vy0), round(vx1 - vx0), round(vy1 - vy0))
        top, bottom = TOP_H + 4, VH - 4

        def ys(y: float) -> float:
            return min(max(top, y), bottom - h)

        def xs(x: float) -> float:
            return min(max(4.0, x), VW - 4 - w)

        mid_y = ys((vy0 + vy1) / 2 - h / 2)
        options = [(vx0 - 12 - w, mid_y), (vx1 + 12, mid_y), (xs(mx - w / 2), my - 12 - h),
                   (xs(mx - w / 2), tip.bottom + 8)]
        for x, y in options:
            r = pygame.Rect(round(x), round(y), round(w), round(h))
            if (x >= 4 and y >= top and x + w <= VW - 4 and y + h <= bottom
                    and not r.colliderect(tip) and not r.colliderect(mon)):
                return x, y
        return xs(options[1][0]), mid_y

    ROW_H = 36.0
    HEAD_H = 50.0

    OCC_H = 19.0  # a line of the open section's occupants

    def height(self, mid: str) -> float:
        return (self.HEAD_H + len(self.rows(mid)) * self.ROW_H + 84
                + self._occupants_h(mid))

    def _occupants_h(self, mid: str) -> float:
        m = self.board.table.shown.monuments[mid]
        return 24 + len(m.spaces) * self.OCC_H if m.stack else 0.0

    def _paint(self, c: Canvas, mid: str, h: float) -> None:
        t = self.board.table
        r = t.rules
        m = t.shown.monuments[mid]
        col = monument_colour(mid)
        w = CARD_W
        c.fill(theme.BG_DARK, 4, 5, w, h, 10)
        c.fill(theme.PANEL, 0, 0, w, h, 10)
        c.fill(theme.darken(col, 0.1), 0, 0, w, 34, 10)
        c.fill(theme.darken(col, 0.1), 0, 20, w, 14)
        c.fill(theme.PANEL_EDGE, 0, 0, w, h, 10, 2)
        region = r.names.get(r.monuments[mid].region, "") if mid in r.monuments else ""
        c.icon("castle", 20, 17, 22)
        c.text(r.names.get(mid, "A monument"), 36, 17, 17, theme.CREAM, True, "midleft",
               max_w=w - 160)
        c.text(region, w - 12, 17, 12, theme.CREAM, False, "midright", max_w=116)
        total = len(m.built) + len(m.stack)
        c.text(f"{len(m.built)} of {total} sections constructed · bottom to top", 14, 42, 12,
               theme.INK_SOFT, False, "midleft", max_w=w - 28)
        y = self.HEAD_H + 4
        for state, sec_id, sec in self.rows(mid):
            self._row(c, m, state, sec_id, sec, y, col)
            y += self.ROW_H
        if m.stack:
            y = self._occupants(c, mid, y)
        bonus = r.bonus_tiles.get(m.bonus)
        c.line(theme.PANEL_EDGE, (12, y + 2), (w - 12, y + 2), 1)
        if bonus is not None:
            tokens.bonus_tile(c, 22, y + 26, 10, bonus.effect.effect)
            c.text_box(f"Bonus tile {bonus.name}: {bonus.text}", 40, y + 5, w - 52, 44, 11,
                       theme.INK, False, "left")
        else:
            c.text("No bonus tile here now.", 40, y + 26, 12, theme.INK_SOFT, False, "midleft",
                   max_w=w - 52)
        holder = next((t.session.name(i) for i, p in enumerate(t.shown.players)
                       if p.patron == mid), "")
        patron = ("Patron token: beside the monument, not taken yet" if m.patron
                  else f"Patron token: held by {holder}" if holder else "Patron token: used")
        tokens.patron_token(c, 22, y + 64, 9)
        c.text_box(patron, 40, y + 53, w - 52, 22, 11, theme.INK_SOFT, False, "left")

    def _occupants(self, c: Canvas, mid: str, y: float) -> float:
        """The open section's spaces, one line each: the space as the map shows it, the
        energy it wants and who fills it (the name typed and the character)."""
        t = self.board.table
        m = t.shown.monuments[mid]
        sec = t.rules.sections.get(m.stack[0])
        num = sec.number if sec is not None else 0
        w = CARD_W
        c.line(theme.PANEL_EDGE, (12, y + 2), (w - 12, y + 2), 1)
        c.text(f"Section {num}: who is in each space", 14, y + 13, 12, theme.INK, True,
               "midleft", max_w=w - 28)
        y += 24
        for i, (v, want, who) in enumerate(self.board.occupants(mid)):
            cy = y + self.OCC_H / 2
            if v >= 0:
                self.board.occupant(c, 24, cy, 8, v)
            else:
                sym = sec.symbols[i] if sec is not None and i < len(sec.symbols) else None
                board_pieces.open_space(c, 24, cy, 8, sym, OPEN_FACE)
            c.text(f"Space {i + 1} ({want})", 40, cy, 12, theme.INK_SOFT, False, "midleft",
                   max_w=120)
            c.text(who if v >= 0 else "empty", 162, cy, 12,
                   theme.INK if v >= 0 else theme.INK_SOFT, v >= 0, "midleft", max_w=w - 174)
            y += self.OCC_H
        return y

    def _row(self, c: Canvas, m: MonumentState, state: str, sec_id: str, sec: Any, y: float,
             col: theme.Colour) -> None:
        w = CARD_W
        if state == "open":
            c.fill(theme.lighten(theme.HILITE, 0.55), 6, y, w - 12, self.ROW_H - 4, 6)
        elif state == "built":
            c.fill(theme.lighten(col, 0.6), 6, y, w - 12, self.ROW_H - 4, 6)
        num = sec.number if sec is not None else 0
        word = {"built": "built", "open": "open", "later": "later"}[state]
        c.text(f"{num}", 22, y + 11, 15, theme.INK, True, "center")
        c.text(word, 22, y + 25, 9, theme.INK_SOFT, False, "center", max_w=34)
        symbols = sec.symbols if sec is not None else ()
        for i, sym in enumerate(symbols):
            x = 52 + i * 19
            v = m.spaces[i] if state == "open" and i < len(m.spaces) else -1
            if v >= 0:
                self.board.occupant(c, x, y + 16, 8, v)
            else:
                board_pieces.open_space(c, x, y + 16, 8, sym, theme.PANEL)
        tx = 52 + 6 * 19
        perk = sec.perk_text if sec is not None else ""
        c.text_box(f"Perk: {perk}", tx, y + 1, w - tx - 12, self.ROW_H - 6, 11,
                   theme.INK if state != "built" else theme.INK_SOFT, False, "left")

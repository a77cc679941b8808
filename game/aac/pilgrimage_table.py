"""The Pilgrimage module at the table (R27): the Pilgrim Board sheet over the map (Mount
Eldranir from the catalog: the path with its forks and tiers, the Shrine frames, the Shrine
supply, the Blockades, the energy spaces, the pilgrims and a speed track per seat), the speed
in the seats' rows, pointing at the module's targets with "why not" in words, and the Shrine
completion's animations (a Shrine dropping into its frame, a pilgrim walking space by space).

Pointing: the choices' targets are "shrine:<id>" (a Shrine of the supply, or a built one whose
benefit is offered), "frame:<id>" (an empty Shrine frame), "pilgrim:<space>" (a space of the
path, a frame or a summit space to move to; an energy space as a Deploy, Reposition or Compass
destination or source, or in step C), "speed:<seat>" (the speed track, instead of a recharge)
and "pilgrim_board" (the sheet's title: a Shrine completion, the Patron Token's Shrine)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from engine.aac import api
from engine.aac.api import (
    EMPTY,
    ENERGY,
    Board,
    GameState,
    PilgrimMoved,
    PilgrimStopped,
    ShrineConstructed,
    board,
    open_space,
    pdata,
    space_words,
)
from engine.aac.api import PILGRIM_LOC as LOC
from engine.aac.api import PILGRIMAGE as NAME
from engine.kernel.decisions import Choice, Decision
from game.aac import fx, help
from game.aac import pilgrimage_draw as pd
from game.aac.module_sheet import ModuleSheet
from game.aac.targets import Hotspot
from game.shell import theme
from game.shell.animations import Tween
from game.shell.layout import BOARD_X, BOARD_Y
from game.shell.scenegraph import Button, Canvas

if TYPE_CHECKING:
    from game.aac.board_geometry import BoardGeometry
    from game.aac.table.model import ModuleHost, SeatsModel
    from game.aac.table.module_hook import EventStage

# decisions the sheet opens for (the person deciding points at the board)
BOARD_KINDS = frozenset({"pilgrimage_shrine", "pilgrimage_frame", "pilgrimage_move",
                         "pilgrimage_benefit", "pilgrimage_energy", "pilgrimage_blocker"})
PANEL = (BOARD_X + 6, BOARD_Y + 6, 826, 826)  # over the map
BOARD_TOP = 44.0
TAB_W = 110.0
# the targets pointed at on the board's sheet (its energy spaces and Shrine frames, Shrines)
SHEET_TARGETS = (LOC + ":", "shrine:", "frame:")
WALK_STEP_S = 0.32  # seconds per space of a pilgrim's walk
DROP_S = 0.55


def active(s: GameState) -> bool:
    return NAME in s.ext


def _loc(sp: str) -> str:
    return f"{LOC}:{sp}"


def shrine_name(b: Board, sid: str) -> str:
    return b.shrines[sid].name


# a Shrine's benefit in a few words for the supply's rows (the whole text is in its hover
# help and in the prompt's choices)
BENEFIT_WORDS = {"place_bridge": "Place a Bridge Token", "claim_rightmost_free":
                 "The rightmost tile, free", "gain_conduit": "Gain a Conduit Token",
                 "upgrade_action": "Upgrade an Action", "place_doubler": "Place a Doubler Token",
                 "gain_scoring_card": "A Scoring Card for 1 speed"}


def benefit_words(b: Board, sid: str) -> str:
    sh = b.shrines[sid]
    kinds = [e.effect for e in sh.benefit.effects]
    return BENEFIT_WORDS.get(kinds[0], sh.benefit.text.split(" (")[0]) if kinds else \
        sh.benefit.text.split(" (")[0]


def completing(t: ModuleHost) -> bool:
    """A Shrine completion is being resolved (its frame is on the engine's stack)."""
    return any(getattr(f, "kind", "") == "aac.pilgrimage_resolve" for f in t.game.state.stack)


# --- the seats' rows -----------------------------------------------------------------------------
ROW_SPEED_X = 560.0  # under the row's tracks, left of "bank"


def row_hotspots(t: SeatsModel, seat: int, y: float, rh: float) -> list[Hotspot]:
    who = t.session.name(seat)
    hs = Hotspot(f"speed:{seat}", ROW_SPEED_X, y + rh - 24, 66, 16, z=8)
    hs.tipfn = lambda: f"{who}: " + help.pilgrim_speed(_speed(t.shown, seat))
    return [hs]


def _speed(s: GameState, seat: int) -> int:
    return int(pdata(s)["speed"][seat]) if active(s) and seat < s.n else 0


def row_key(s: GameState, seat: int) -> object:
    return (_speed(s, seat), str(pdata(s)["pos"][seat])) if active(s) and seat < s.n else ()


def draw_row(c: Canvas, t: SeatsModel, seat: int, y: float, rh: float) -> None:
    """The seat's Pilgrimage speed, small, beside the bank: a boot and the number."""
    s = t.shown
    c.icon("boot", ROW_SPEED_X + 6, y + rh - 16, 13)
    c.text(f"speed {_speed(s, seat)}", ROW_SPEED_X + 15, y + rh - 16, 10, theme.INK, True,
           "midleft", max_w=50)


# --- the Pilgrim Board sheet ---------------------------------------------------------------------
class PilgrimPanel(ModuleSheet):
    """Mount Eldranir over the map. Opens by itself for the Pilgrimage decisions of a person
    and while a Shrine completion resolves; the Pilgrim Board tab opens or closes it; folds
    down to a strip so the map shows. A click on it never reaches the map under it."""

    interactive = True

    module = NAME
    rect = PANEL
    what = "the board"
    fold_tip = "Fold the Pilgrim Board down to see the map under it"
    unfold_tip = "Open the Pilgrim Board again"

    def __init__(self, table: ModuleHost) -> None:
        super().__init__(table, "Close the Pilgrim Board (the Pilgrim Board tab on the device "
                                "opens it again)")
        _x, _y, w, h = PANEL
        side = h - BOARD_TOP - 6
        self.geom = pd.Geom((w - side) / 2, BOARD_TOP, side)
        self.hidden_pilgrims: set[int] = set()  # walking (drawn by the animation)
        self.hidden_frames: set[str] = set()  # a Shrine dropping into it
        self._board: pygame.Surface | None = None  # the mountain, drawn once per size
        self._board_key: object = None

    # --- opening and closing
    def needed(self) -> bool:
        """A person decides on the board now."""
        t = self.table
        d = t.pending
        return d is not None and t.session.is_human(d.seat) and d.kind in BOARD_KINDS

    def follow(self, seat: int) -> None:
        """Open for a person's Pilgrimage decision (the deciding seat's view, after the
        hot-seat hand-off) and, unless closed by hand, while a Shrine completion resolves."""
        t = self.table
        self.seat = seat
        if not active(t.shown):
            self.visible = False
            return
        if self.folded and self._folded_at != len(t.game.history):
            self._set_folded(False)
        others = any(p.visible for n, p in t.module_panels.items() if n != NAME)
        if self.needed() and self.closed_at != len(t.game.history):
            self.visible = True  # (closed by hand for this decision: it stays closed)
            t.hide_other_panels(NAME)
        elif completing(t) and self.closed_at < 0 and not others:
            self.visible = True
        elif not self.pinned:
            self.visible = False
        if not completing(t) and self.closed_at >= 0 and \
                self.closed_at != len(t.game.history) and not self.visible:
            self.closed_at = -1  # closed for that completion only

    def show_for(self) -> None:
        """Open to show a Shrine completion's pieces moving (the animation needs the board
        on screen), unless another sheet is open or it was closed by hand."""
        t = self.table
        if self.visible or self.closed_at >= 0 or not active(t.shown) or any(
                p.visible for n, p in t.module_panels.items() if n != NAME):
            return
        self.visible = True
        self._set_folded(False)
        self.refresh()
        t.refresh()

    # --- hotspots
    def refresh(self) -> None:
        t = self.table
        key = (self.visible, self.folded, self.seat, t.rev,
               t.pending.kind if t.pending else "", len(t.game.history))
        if key == self._key:
            return
        self._key = key
        self.clear()
        self.add(self.close, self.fold)
        if not self.visible or not active(t.shown) or self.folded:
            return
        for target, (x, y, w, h), tip, round_ in self.layout():
            hs = Hotspot(target, x, y, w, h, tip, round_, z=6)
            self.add(hs)

    def supply_rects(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        """The Shrines of the supply, a row each in the plaque at the board's right."""
        s = self.table.shown
        g = self.geom
        bx, by, bw, bh = pd.SUPPLY_BOX
        x, y, w, h = g.rect(bx, by, bw, bh)
        supply = list(pdata(s)["supply"])
        row = min(62.0 * g.k, (h - 30) / max(1, len(supply)))
        return [(sid, (x + 6, y + 28 + i * row, w - 12, row - 4)) for i, sid in enumerate(supply)]

    def speed_rect(self, seat: int) -> tuple[float, float, float, float]:
        g = self.geom
        bx, by, bw, bh = pd.SPEED_BOX
        x, y, w, h = g.rect(bx, by, bw, bh)
        n = max(1, self.table.shown.n)
        row = min(30.0, (h - 30) / n)
        return x + 6, y + 26 + seat * row, w - 12, row

    def pilgrim_xy(self) -> dict[int, tuple[float, float]]:
        """Each seat's pilgrim at its space (local units): pilgrims sharing the start or a
        Shrine stand side by side."""
        s = self.table.shown
        b = board(self.table.rules)
        xy = pd.space_xy(b)
        pos = pdata(s)["pos"]
        at: dict[str, list[int]] = {}
        for seat in range(s.n):
            at.setdefault(str(pos[seat]), []).append(seat)
        out: dict[int, tuple[float, float]] = {}
        for sp, seats in at.items():
            bx, by = xy.get(sp, (500.0, 955.0))
            for i, seat in enumerate(seats):
                gap = 30.0 if sp == b.start else 22.0
                dy = 0.0 if sp == b.start else -6.0
                out[seat] = self.geom.pt(bx + pd.spread(len(seats), i, gap), by + dy)
        return out

    def layout(self) -> list[tuple[str, tuple[float, float, float, float], str, bool]]:
        """(target, rect, tooltip, round) of everything pointable, where draw puts it."""
        t = self.table
        s = t.shown
        r = t.rules
        b = board(r)
        d = pdata(s)
        g = self.geom
        out: list[tuple[str, tuple[float, float, float, float], str, bool]] = []
        out.append(("pilgrim_board", (12, 6, self.fold.x - 24, 32),
                    help.pilgrim_board(), False))
        for sp in b.file.spaces:
            rad = (pd.START_R if sp.kind == "start" else pd.SUMMIT_R if sp.kind == "summit"
                   else pd.SPACE_R) + 4
            out.append((_loc(sp.id), g.around(sp.x, sp.y, rad),
                        help.pilgrim_space(space_words(r, s, sp.id), sp.kind,
                                           b.tier.get(sp.id, 0)), True))
        for fr in b.file.shrine_frames:
            built = d["frames"].get(fr.id)
            rect = g.around(fr.x, fr.y, pd.FRAME_HALF)
            words = api.pilgrimage_frame_words(s, fr.id)
            if built:
                sh = b.shrines[built]
                out.append((f"shrine:{built}", rect, help.shrine(sh.name, sh.benefit.text, words),
                            False))
                out.append((_loc(fr.id), rect, help.shrine(sh.name, sh.benefit.text, words),
                            False))
            else:
                out.append((f"frame:{fr.id}", rect, help.shrine_frame(words), False))
                out.append((_loc(fr.id), rect, help.shrine_frame(words), False))
        for sid, rect in self.supply_rects():
            sh = b.shrines[sid]
            out.append((f"shrine:{sid}", rect, help.shrine(sh.name, sh.benefit.text, ""), False))
        for bl in b.file.blockades:
            taker = d["blockades"][bl.id]
            out.append((f"info:pilgrim:blockade:{bl.id}",
                        g.rect(bl.x - pd.BLOCKADE_W / 2, bl.y - pd.BLOCKADE_H / 2,
                               pd.BLOCKADE_W, pd.BLOCKADE_H),
                        help.blockade(bl.number, bl.speed_reduction, bl.entry_to_tier, bl.vp,
                                      t.session.name(taker) if taker >= 0 else ""), False))
        for es in b.file.energy_spaces:
            cell = d["energy"][es.id]
            owner = t.session.name(cell // 4) if cell != EMPTY else ""
            what = ENERGY[cell % 4] if cell != EMPTY else ""
            mark = d.get("marked", {}).get(es.id, "")
            out.append((_loc(es.id), g.around(es.x, es.y, pd.ENERGY_HALF),
                        help.pilgrim_energy_space(ENERGY[b.energy_types[es.id]],
                                                  open_space(r, s, es.id),
                                                  b.energy_min_players[es.id], owner, what,
                                                  r.characters[mark].name if mark else ""),
                        False))
        for seat in range(s.n):
            out.append((f"speed:{seat}", self.speed_rect(seat),
                        f"{t.session.name(seat)}: " + help.pilgrim_speed(_speed(s, seat)),
                        False))
        for seat, (px, py) in self.pilgrim_xy().items():
            where = str(d["pos"][seat])
            out.append((f"info:pilgrim:seat:{seat}", (px - 9, py - 16, 18, 30),
                        f"{t.session.name(seat)}'s Pilgrimage: on {space_words(r, s, where)}, "
                        f"speed {_speed(s, seat)}.", True))
        return out

    # --- drawing
    def _background(self, c: Canvas) -> pygame.Surface:
        """The mountain, path and spaces at this window's scale (cached)."""
        g = self.geom
        key = (round(c.s, 4), g.size)
        if self._board is not None and self._board_key == key:
            return self._board
        side = max(1, round(g.size * c.s))
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        sub = Canvas(surf, c.s, -g.x * c.s, -g.y * c.s)
        pd.mountain(sub, g, board(self.table.rules))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._board, self._board_key = surf, key
        return surf

    def draw_self(self, c: Canvas) -> None:
        t = self.table
        s = t.shown
        if not active(s):
            return
        r = t.rules
        b = board(r)
        d = pdata(s)
        g = self.geom
        c.fill(theme.BG_DARK, 4, 5, self.w, self.h, 14)
        c.fill(theme.PANEL, 0, 0, self.w, self.h, 14)
        c.fill(theme.PANEL_EDGE, 0, 0, self.w, self.h, 14, 3)
        if self.folded:
            pend = t.pending
            what = (": choose in the prompt, or show the board" if pend is not None
                    and pend.kind in BOARD_KINDS else "")
            c.text(f"The Pilgrim Board folded{what}", 14, self.h / 2, 14, theme.INK, True,
                   "midleft", max_w=self.fold.x - 24)
            return
        c.icon("shrine", 28, 22, 26)
        c.text(f"{b.file.name} \u2014 the Pilgrim Board", 46, 22, 18, theme.INK, True,
               "midleft", max_w=self.fold.x - 58)
        c.surf.blit(self._background(c), c.pt(g.x, g.y))
        k = g.k
        for fr in b.file.shrine_frames:
            built = d["frames"].get(fr.id, "")
            pd.frame(c, g, fr.x, fr.y, shrine_name(b, built) if built else "",
                     fr.id in self.hidden_frames, pd.label_left(b, fr.id))
        for bl in b.file.blockades:
            taker = int(d["blockades"][bl.id])
            pd.blockade(c, g, bl.x, bl.y, bl.number, bl.speed_reduction,
                        t.session.colour(taker) if taker >= 0 else None,
                        t.session.shape(taker) if taker >= 0 else "circle")
        # the energy spaces
        ex, ey, ew, eh = g.rect(*pd.ENERGY_BOX)
        pd.plaque(c, ex, ey, ew, eh, "Energy spaces")
        for es in b.file.energy_spaces:
            cell = d["energy"][es.id]
            own = cell != EMPTY
            marked = es.id in d.get("marked", {})  # R27.1.7: an unused character's energy
            pd.energy_space(c, g, es.x, es.y, es.type, not open_space(r, s, es.id),
                            t.session.colour(cell // 4) if own else
                            (pd.MARKER_GREY if marked else None),
                            cell % 4 if own else b.energy_types[es.id] if marked else 0,
                            t.session.shape(cell // 4) if own else "circle")
        # the Shrine supply
        sx, sy, sw, sh = g.rect(*pd.SUPPLY_BOX)
        supply = d["supply"]
        pd.plaque(c, sx, sy, sw, sh, f"Shrine supply ({len(supply)} left)")
        for sid, (x, y, w, h) in self.supply_rects():
            shr = b.shrines[sid]
            c.fill(theme.lighten(pd.SHRINE_GOLD, 0.6), x, y, w, h, 6)
            pd.shrine(c, x + h * 0.5, y + h * 0.5, h * 0.7)
            c.text(shr.name, x + h + 2, y + h * 0.32, 12, theme.INK, True, "midleft",
                   max_w=w - h - 6)
            c.text(benefit_words(b, sid), x + h + 2, y + h * 0.72, 10, theme.INK_SOFT, False,
                   "midleft", max_w=w - h - 6)
        if not supply:
            c.text_box("Every Shrine is built: completions now only move Pilgrimages.",
                       sx + 10, sy + 30, sw - 20, 60, 12, theme.INK_SOFT)
        # the speed track, a row per seat
        px, py, pw, ph = g.rect(*pd.SPEED_BOX)
        pd.plaque(c, px, py, pw, ph, f"Speed (0\u2013{b.max_speed})")
        rows = [(t.session.name(i), t.session.colour(i), t.session.shape(i), _speed(s, i))
                for i in range(s.n)]
        x0, y0, w0, rh = self.speed_rect(0)
        pd.speed_rows(c, x0, y0, w0, rh, rows, b.max_speed)
        # the pilgrims
        for seat, (x, y) in self.pilgrim_xy().items():
            if seat in self.hidden_pilgrims:
                continue
            pd.pilgrim(c, x, y, 11 * max(1.0, k * 1.2), t.session.colour(seat),
                       t.session.shape(seat))


def tab_button(table: ModuleHost, x: float, y: float) -> Button:
    return Button("Pilgrim Board \u25be", x, y, TAB_W, 26, lambda: table.toggle_module(NAME),
                  12, tip="Open or close the Pilgrim Board: the path up Mount Eldranir, the "
                          "Shrines, Blockades, energy spaces and each seat's speed", z=6)


# --- pointing: extra targets and why not --------------------------------------------------------
def extra_targets(table: ModuleHost, ch: Choice) -> list[str]:
    """An energy space as a destination stands for every free open space of its type (the
    engine offers one choice per type: the spaces of a type are alike)."""
    s = table.game.state
    if not active(s) or ">" not in ch.id:  # destinations only (ids "<type>><location>")
        return []
    b = board(table.rules)
    d = pdata(s)
    out: list[str] = []
    for tg in ch.targets:
        sp = tg[len(LOC) + 1:] if tg.startswith(LOC + ":") else ""
        if sp not in b.energy_types or d["energy"][sp] != EMPTY:
            continue
        out += [_loc(o) for o, cell in d["energy"].items()
                if o != sp and cell == EMPTY and b.energy_types[o] == b.energy_types[sp]
                and open_space(table.rules, s, o)]
    return out


def why_not(table: ModuleHost, target: str, d: Decision) -> str:
    """The module's targets that answer nothing now, in words ("" for other targets)."""
    s = table.game.state
    if not active(s):
        return ""
    b = board(table.rules)
    kind, _, rest = target.partition(":")
    if kind == LOC:
        if rest in b.energy_types:
            return api.pilgrimage_energy_why_not(s, rest) or \
                "energy of yours may be taken from here only by a Reposition, Running Out " \
                "or step C of a Shrine completion."
        if d.kind == "pilgrimage_move":
            return api.pilgrimage_move_why_not(s, d.seat, rest) or "not a step of this move."
        if rest in b.frames and d.kind in ("pilgrimage_shrine", "pilgrimage_frame"):
            taken = api.pilgrimage_frame_why_not(s, rest)
            return taken + "." if taken else "choose the Shrine first, then its frame."
        return "your Pilgrimage moves only in a Shrine completion or with a bridge's benefit."
    if kind == "frame":
        return api.pilgrimage_frame_why_not(s, rest) or \
            "a Shrine is put in a frame when one is constructed (step A of a Shrine completion)."
    if kind == "shrine":
        if d.kind == "pilgrimage_benefit":
            return "only the Shrine your Pilgrimage entered gives its benefit now."
        if rest in pdata(s)["frames"].values():
            return (f"{b.shrines[rest].name} gives its benefit to a Pilgrimage entering it "
                    "(R27.8.3).")
        return api.pilgrimage_shrine_why_not(s, rest) or \
            "a Shrine is constructed in step A of a Shrine completion, or with a Patron Token."
    if kind == "speed":
        if _speed(s, d.seat) >= b.max_speed:
            return f"your speed is {b.max_speed} already, the most it can be (R27.2)."
        return "speed goes up by 1 only instead of recharging your Channel Marker (R27.2.1)."
    if kind == "pilgrim_board":
        return "no Shrine completion is pending now (2 energy of one player on the board)."
    return ""


# --- animations -----------------------------------------------------------------------------
def _panel(table: ModuleHost) -> PilgrimPanel:
    p = table.module_panels[NAME]
    assert isinstance(p, PilgrimPanel)
    return p


def animate(stage: EventStage, e: Any, at: float, tweens: list[Tween]
            ) -> tuple[float, bool] | None:
    """A pilgrim walking space by space, a Shrine dropping into its frame (on the Pilgrim
    Board, opened for them); None for the other events (their word floats)."""
    t = stage.t
    if not isinstance(e, (PilgrimMoved, PilgrimStopped, ShrineConstructed)) or \
            not active(t.shown):
        return None
    panel = _panel(t)
    panel.show_for()
    if not panel.visible or panel.folded:
        return None
    b = board(t.rules)
    xy = pd.space_xy(b)
    ox, oy, _ = panel.world_origin()
    g = panel.geom
    if isinstance(e, ShrineConstructed):
        fr = xy[e.frame]
        end = g.pt(*fr)
        name = shrine_name(b, e.shrine)
        size = 2 * pd.FRAME_HALF * g.k * 0.72

        def drop(c: Canvas, u: float) -> None:
            v = fx.ease_out_bounce(min(1.0, u))
            x, y = ox + end[0], oy + end[1] - (1 - v) * 160
            pd.shrine(c, x, y, size * (1.3 - 0.3 * v))
            if u > 0.6:
                c.text(name, x, y + size * 0.9, 13, theme.INK, True, "center")
        sp = t.fxl.spawn(drop)
        frame_id = e.frame

        def hide() -> None:
            panel.hidden_frames.add(frame_id)

        def land() -> None:
            panel.hidden_frames.discard(frame_id)
            stage.applier(e)()
            t.app.sound.play("land")
        tweens.append(fx.sprite_tween(sp, at, DROP_S, start=hide, land=land))
        return at + DROP_S, True
    # a step of a Pilgrimage (a skip is one step over the occupied space)
    src = str(e.src) if isinstance(e, PilgrimMoved) else ""
    dst = str(e.dst) if isinstance(e, PilgrimMoved) else str(e.space)
    before = panel.pilgrim_xy().get(e.seat)
    a = (ox + before[0], oy + before[1]) if before is not None else None
    if src in xy:
        a = (ox + g.pt(*xy[src])[0], oy + g.pt(*xy[src])[1] - 6)
    if dst not in xy or a is None:
        return None
    zx, zy = g.pt(*xy[dst])
    z = (ox + zx, oy + zy - 6)
    col, shape = t.session.colour(e.seat), t.session.shape(e.seat)
    r = 11 * max(1.0, g.k * 1.2)

    def walk(c: Canvas, u: float) -> None:
        v = fx.ease_in_out(min(1.0, u))
        hop = 10 * (1 - (2 * v - 1) ** 2)
        pd.pilgrim(c, a[0] + (z[0] - a[0]) * v, a[1] + (z[1] - a[1]) * v - hop, r, col, shape)
    sp = t.fxl.spawn(walk)
    seat = e.seat

    def start() -> None:
        panel.hidden_pilgrims.add(seat)

    def land_walk() -> None:
        panel.hidden_pilgrims.discard(seat)
        stage.applier(e)()
    tweens.append(fx.sprite_tween(sp, at, WALK_STEP_S, start=start, land=land_walk))
    return at + WALK_STEP_S, True


class PilgrimageTable:
    """The Pilgrimage module's part of the table (game.aac.table.module_hook.TableModule)."""

    name = NAME
    tab_w = TAB_W
    row_tracks_w = 120.0  # the speed sits beside the bank: the tracks keep their room
    also_buttons = frozenset({"pilgrimage:speed", "pilgrimage:patron_shrine",
                              "resolve:shrine"})
    # a question asked once, before the first turn: its answers are read in the prompt too
    also_button_kinds = frozenset({"pilgrimage_blocker"})

    def active(self, s: GameState) -> bool:
        return active(s)

    def make_panel(self, table: ModuleHost) -> PilgrimPanel:
        return PilgrimPanel(table)

    def tab_button(self, table: ModuleHost, x: float, y: float) -> Button:
        return tab_button(table, x, y)

    def board_key(self, s: GameState) -> object:
        return ()  # nothing of the module on the map itself (its board is the sheet)

    def draw_board(self, c: Canvas, g: BoardGeometry, s: GameState,
                   colour: Callable[[int], theme.Colour], shape: Callable[[int], str]) -> None:
        return None

    def row_key(self, s: GameState, seat: int) -> object:
        return row_key(s, seat)

    def row_hotspots(self, t: SeatsModel, seat: int, y: float, rh: float
                     ) -> list[Hotspot]:
        return row_hotspots(t, seat, y, rh)

    def draw_row(self, c: Canvas, t: SeatsModel, seat: int, y: float, rh: float) -> None:
        draw_row(c, t, seat, y, rh)

    def extra_targets(self, table: ModuleHost, ch: Choice) -> list[str]:
        return extra_targets(table, ch)

    def on_sheet(self, target: str) -> bool:
        return target == "pilgrim_board" or target.startswith(SHEET_TARGETS)

    def why_not(self, table: ModuleHost, target: str, d: Decision) -> str:
        return why_not(table, target, d)

    def space_why_not(self, table: ModuleHost, target: str, d: Decision) -> str:
        return ""

    def locate(self, table: ModuleHost, loc: str) -> tuple[float, float] | None:
        """Energy flying to or from the board while the sheet is closed: its tab."""
        if not loc.startswith(LOC + ":") or table.module_panels[NAME].visible:
            return None
        r = table.module_tabs[NAME].world_rect()
        return float(r.centerx), float(r.centery)

    def animate(self, stage: EventStage, e: Any, at: float, tweens: list[Tween]
                ) -> tuple[float, bool] | None:
        return animate(stage, e, at, tweens)


MODULE = PilgrimageTable()

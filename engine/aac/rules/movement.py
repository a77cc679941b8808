"""R11-R13 movement opportunities: character steps (facing, forks, bounce, skipping, bridge
benefits), track steps, binding from tracks (reach), teleports; Aureon I, Freyith I/II."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.catalog.effects import (
    CountConduitsEffect,
    FlyCharacterEffect,
    MoveCharacterEffect,
    MovementPointsEffect,
    MoveTrackEffect,
    TeleportCharacterEffect,
)
from engine.aac.core import (
    TRACKS,
    Ctx,
    decision,
    is_gap,
    move_energy,
    note_entered,
    occupied_by_others,
    reach,
    teleport,
)
from engine.aac.names import ENERGY, cap, monument_of_region, source, track
from engine.aac.rules.bridges import BridgeBenefitFrame, bridge_benefit
from engine.aac.rules.effects import Use, effect
from engine.aac.rules.patron import offer_patron
from engine.aac.state import EMPTY, FIGURE_IN_POOL
from engine.aac.supply import energy_choices
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

MAX_CHAIN = 8


@dataclass(frozen=True, slots=True)
class StepOption:
    path: tuple[str, ...]  # spaces passed, the landing space last
    land: str
    behind: str
    flew: bool


def step_options(ctx: Ctx, seat: int, can_fly_gap: bool) -> list[StepOption]:
    """Every way to spend one character point (R12.2-R12.6, Freyith I)."""
    r = ctx.r
    p = ctx.s.players[seat]
    start = p.figure
    out: list[StepOption] = []
    seen: set[tuple[str, ...]] = set()

    def land(t: str, frm: str, path: tuple[str, ...], flew: bool) -> None:
        if path in seen:
            return
        seen.add(path)
        out.append(StepOption(path, t, frm, flew))
        if occupied_by_others(ctx, seat, t) and len(path) < MAX_CHAIN:
            explore(t, frm, path)  # skip over the occupied space for free (R12.6)

    def explore(cur: str, behind: str, path: tuple[str, ...]) -> None:
        for nxt in r.neighbours[cur]:
            if nxt == behind:
                continue
            if is_gap(ctx, nxt):
                if can_fly_gap:
                    beyond = next(x for x in r.neighbours[nxt] if x != cur)
                    if not is_gap(ctx, beyond):
                        land(beyond, nxt, path + (nxt, beyond), True)
                # bounce (R12.5, O23): turn around for free, the step goes to the space behind
                if behind and not is_gap(ctx, behind):
                    land(behind, cur, path + (behind,), False)
            else:
                land(nxt, cur, path + (nxt,), False)

    explore(start, p.behind, ())
    return out


# R26.6.4: a marker in PlayerState.used (cleared with it at each turn's start): the seat has
# forfeited all Monument and Pillar Track movement for the rest of the turn.
TRACK_MOVEMENT_FORFEITED = "forfeit:track_movement"


@dataclass(slots=True)
class MoveFrame(Frame, kind="aac.move"):
    """One movement opportunity (R11.4): points by kind plus flexible points (Rose, bonuses)."""

    seat: int
    char: int
    mon: int
    pil: int
    flex: int
    source: str
    spent: bool
    gained: int  # character-capable points at the start (Freyith II)

    @staticmethod
    def make(ctx: Ctx, seat: int, *, char: int = 0, mon: int = 0, pil: int = 0, flex: int = 0,
             source: str = "") -> MoveFrame:
        return MoveFrame(seat, char, mon, pil, flex, source, False, char + flex)

    def choices(self, ctx: Ctx) -> list[Choice]:
        s = ctx.s
        p = s.players[self.seat]
        ch: list[Choice] = []
        on_map = p.figure != FIGURE_IN_POOL and p.figure != ""
        cpts = self.char + self.flex
        if cpts > 0 and on_map:
            fly_gap = bool(triggers.query(ctx, "on_would_bounce", self.seat, False))
            opts = step_options(ctx, self.seat, fly_gap)
            lands = [o.land for o in opts]
            for o in opts:
                label = f"Move to {ctx.name(o.land)}"
                if len(o.path) > 1 and lands.count(o.land) > 1:
                    label += f", via {ctx.name(o.path[0])}"  # same landing, another way
                if o.flew:
                    label += " (Wingbeat: fly over the gap)"
                ch.append(Choice("step:" + "/".join(o.path), label, (o.land,), o))
            # Aureon I, Freyith II; a module's options while moving (Folklore's Artifact)
            extra = triggers.offers(ctx, "on_gain_character_movement", self.seat, frame=self,
                                    amount=cpts)
            if extra:
                ch.extend(extra)
        no_tracks = TRACK_MOVEMENT_FORFEITED in p.used  # R26.6.4 (rules.device)
        for k, kind in enumerate(TRACKS):
            pts = (self.mon if k == 0 else self.pil) + self.flex
            tr = p.tracks[k]
            if pts > 0 and not no_tracks:
                if tr[0] == EMPTY:
                    for c in energy_choices(ctx, self.seat, prefix=f"{kind}_enter:"):
                        ch.append(Choice(c.id, f"{track(kind)}: enter {c.label}",
                                         (f"track:{self.seat}:{kind}",) + c.targets, (k, c.data)))
                elif tr[1] < ctx.r.track_top:
                    ch.append(Choice(f"{kind}_up", f"{track(kind)}: up to peg {tr[1] + 1}",
                                     (f"track:{self.seat}:{kind}",), (k, None)))
            if tr[0] != EMPTY and tr[1] >= ctx.r.track_top:
                for reg in reach(ctx, self.seat):
                    if k == 0:
                        ch.append(Choice(f"bind_monument:{reg}",
                                         f"Bind your {ENERGY[tr[0]]} at "
                                         f"{monument_of_region(ctx.r, reg)} ({ctx.name(reg)})",
                                         (f"bound:{reg}",), reg))
                    else:
                        rd = ctx.r.regions[reg]
                        mine = any(
                            s.pillars[x] >= 0 and s.pillars[x] // 4 == self.seat
                            for x in (rd.pillar_left, rd.pillar_right)
                        )
                        if mine:
                            continue
                        for x in (rd.pillar_left, rd.pillar_right):
                            if s.pillars[x] == EMPTY:
                                ch.append(Choice(f"bind_pillar:{x}",
                                                 f"Bind your {ENERGY[tr[0]]} on the Pillar of "
                                                 f"{ctx.name(reg)}", (f"pillar:{x}",), x))
        return ch

    def finish(self, ctx: Ctx) -> None:
        """The opportunity ends: "after_character_movement" fires if it generated character
        movement (Folklore places an Artifact then)."""
        ctx.pop()
        if self.gained > 0:
            triggers.fire(ctx, "after_character_movement", self.seat, frame=self)

    def step(self, ctx: Ctx) -> Decision | None:
        ch = self.choices(ctx)
        if not ch:
            self.finish(ctx)
            return None
        ch.append(Choice("done", "Stop moving (unspent points are lost)"))
        pts = []
        if self.char:
            pts.append(f"{self.char} movement point{'' if self.char == 1 else 's'} for your "
                       "figure")
        if self.mon:
            pts.append(f"{self.mon} for the Monument Track")
        if self.pil:
            pts.append(f"{self.pil} for the Pillar Track")
        if self.flex:
            pts.append(f"{self.flex} for anything")
        what = ", ".join(pts) or "no points left (you may still bind)"
        if not self.char and (self.mon or self.pil or self.flex):
            what = "movement points: " + what
        prompt = f"{source(ctx.r, self.source)}: {what}" if self.source else cap(what)
        return decision(self.seat, "move", prompt, ch)



    def apply(self, ctx: Ctx, c: Choice) -> None:
        cid = c.id
        if cid == "done":
            self.finish(ctx)
            return
        p = ctx.s.players[self.seat]
        if cid.startswith("step:"):
            o: StepOption = c.data
            self._spend_char()
            start = p.figure
            prev = start
            for sp in o.path:
                note_entered(ctx, self.seat, prev, sp)
                prev = sp
            p.figure = o.land
            p.behind = o.behind
            ctx.s.score_dirty |= 1 << self.seat
            ctx.emit(ev.FigureMoved(self.seat, (start,) + o.path, o.behind))
            # bridge benefits of every bridge entered or skipped (R20.6, O37), in path order
            trig = []
            for sp in o.path:
                if sp in ctx.s.bridges and sp not in p.bridges_used and ctx.s.bridges[sp]:
                    ben = bridge_benefit(ctx, sp)
                    if ben is not None:
                        p.bridges_used.append(sp)
                        trig.append(sp)
            for sp in reversed(trig):
                ctx.push(BridgeBenefitFrame(self.seat, sp))
            return
        if isinstance(c.data, tuple) and c.data and isinstance(c.data[0], str):
            # an option a power or a module offered (Swift Stride, Updraft, ...)
            triggers.take(ctx, "on_gain_character_movement", self.seat, c, frame=self,
                          amount=self.char + self.flex)
            return
        if cid.startswith("bind_monument:"):
            reg = c.data
            t = p.tracks[0][0]
            move_energy(ctx, self.seat, t, "track:monument", f"bound:{reg}", "bound from track")
            offer_patron(ctx, self.seat, reg)
            return
        if cid.startswith("bind_pillar:"):
            t = p.tracks[1][0]
            move_energy(ctx, self.seat, t, "track:pillar", f"pillar:{c.data}", "bound from track")
            return
        # track steps
        k, src = c.data
        self.spent = True
        if k == 0:
            if self.mon:
                self.mon -= 1
            else:
                self.flex -= 1
        elif self.pil:
            self.pil -= 1
        else:
            self.flex -= 1
        tr = p.tracks[k]
        if src is None:
            tr[1] += 1
            ctx.emit(ev.TrackMoved(self.seat, TRACKS[k], tr[1] - 1, tr[1]))
        else:
            loc, t = src
            move_energy(ctx, self.seat, t, loc, f"track:{TRACKS[k]}", "entered the track")
            ctx.emit(ev.TrackMoved(self.seat, TRACKS[k], 0, 1))

    def _spend_char(self) -> None:
        self.spent = True
        if self.char:
            self.char -= 1
        else:
            self.flex -= 1


@dataclass(slots=True)
class TrackMoveFrame(MoveFrame, kind="aac.move_tracks"):
    """A movement opportunity whose flexible points may go to the tracks only: the catalog's
    movement_points of kinds monument + pillar, and (R26.3.1, O69) what is left of a movement
    opportunity after its character movement was forfeited by an Artifact placement. No
    character step and no option offered while moving is given (they move the character)."""

    def choices(self, ctx: Ctx) -> list[Choice]:
        return [c for c in MoveFrame.choices(self, ctx)
                if not c.id.startswith("step:")
                and not (isinstance(c.data, tuple) and c.data and isinstance(c.data[0], str))]

    def step(self, ctx: Ctx) -> Decision | None:
        d = MoveFrame.step(self, ctx)
        if d is None or not self.flex:
            return d
        prompt = d.prompt.replace(" for anything", " for either track")
        return decision(d.seat, d.kind, prompt, list(d.choices))

    @staticmethod
    def of(f: MoveFrame, flex: int) -> TrackMoveFrame:
        """The track part of `f`: its track points and `flex` track-only points."""
        return TrackMoveFrame(f.seat, 0, f.mon, f.pil, flex, f.source, f.spent, 0)


def conduit_points(ctx: Ctx, seat: int) -> tuple[int, int, int]:
    """R19.3/R19.5: per position, token icons x tile icons of each type."""
    p = ctx.s.players[seat]
    pts = [0, 0, 0]
    for i, tok in enumerate(p.conduits):
        if not tok:
            continue
        ticons = ctx.r.conduit_icons[tok]
        tile_icons = ctx.r.tiles[p.device[i]].icons
        for k, icon in enumerate(("move", "monument", "pillar")):
            a = ticons.count(icon)
            if a:
                pts[k] += a * tile_icons.count(icon)
    return pts[0], pts[1], pts[2]


def push_conduit_movement(ctx: Ctx, seat: int, source: str = "Conduits") -> bool:
    c, m, pl = conduit_points(ctx, seat)
    if c + m + pl == 0:
        return False
    ctx.push(MoveFrame.make(ctx, seat, char=c, mon=m, pil=pl, source=source or "Conduits"))
    return True


@dataclass(slots=True)
class TeleportFrame(Frame, kind="aac.teleport"):
    """R12.10: set the figure on a space (no movement, no bridge benefits), then choose facing.
    scope: "any_non_bridge", "regions:<r1>,<r2>", or "tile_pool"."""

    seat: int
    scope: str
    target: str
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        r = ctx.r
        p = ctx.s.players[self.seat]
        if self.scope == "tile_pool":
            ctx.pop()
            teleport(ctx, self.seat, FIGURE_IN_POOL, "")
            return None
        if not self.target:
            regs = None if self.scope == "any_non_bridge" else self.scope[8:].split(",")
            ch = []
            for sp in r.spaces:
                if sp in r.bridge_spaces or sp == p.figure:
                    continue
                if regs is not None and r.space_regions[sp][0] not in regs:
                    continue
                ch.append(Choice(f"to:{sp}", f"{source(ctx.r, self.source)}: to {ctx.name(sp)}",
                                 (sp,), sp))
            if not ch:
                ctx.pop()
                return None
            return decision(self.seat, "teleport",
                            f"{source(ctx.r, self.source)}: choose a space", ch)

        ch = [
            Choice(f"behind:{n}", f"Face away from {ctx.name(n)}", (n,), n)
            for n in r.neighbours[self.target]
        ]
        return decision(self.seat, "facing", "Choose your figure's facing", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if not self.target:
            self.target = c.data
            return
        ctx.pop()
        teleport(ctx, self.seat, self.target, c.data)


# --- effects -----------------------------------------------------------------------------------


@effect("move_character")
def _move_character(ctx: Ctx, seat: int, e: MoveCharacterEffect, use: Use) -> None:
    ctx.push(MoveFrame.make(ctx, seat, char=e.amount, source=use.source))


@effect("move_track")
def _move_track(ctx: Ctx, seat: int, e: MoveTrackEffect, use: Use) -> None:
    if e.track == "monument":
        ctx.push(MoveFrame.make(ctx, seat, mon=e.amount, source=use.source))
    else:
        ctx.push(MoveFrame.make(ctx, seat, pil=e.amount, source=use.source))


@effect("movement_points")
def _movement_points(ctx: Ctx, seat: int, e: MovementPointsEffect, use: Use) -> None:
    amount = e.amount
    if e.per == "region_with_your_artifact":  # R26.3.9: Artifact regions, this one included
        amount *= len(triggers.query(ctx, "artifact_regions", seat, (), at=use.at))
    elif e.per is not None:
        raise NotImplementedError(f"movement points per {e.per} are not played yet")
    kinds = set(e.kinds)
    if kinds == {"character", "monument", "pillar"}:
        ctx.push(MoveFrame.make(ctx, seat, flex=amount, source=use.source))
    elif kinds == {"monument", "pillar"}:
        ctx.push(TrackMoveFrame(seat, 0, 0, 0, amount, use.source, False, 0))
    else:
        raise NotImplementedError(f"movement points of kinds {e.kinds} are not played yet")


@effect("count_conduits")
def _count_conduits(ctx: Ctx, seat: int, e: CountConduitsEffect, use: Use) -> None:
    push_conduit_movement(ctx, seat, use.source)


@effect("teleport_character")
def _teleport_character(ctx: Ctx, seat: int, e: TeleportCharacterEffect, use: Use) -> None:
    """R12.10: into the Tile Pool (Valimod) at once, or onto a space, then facing."""
    if e.to == "tile_pool":
        teleport(ctx, seat, FIGURE_IN_POOL, "")
    elif e.to == "any_non_bridge_space":
        ctx.push(TeleportFrame(seat, "any_non_bridge", "", use.source))
    else:  # a Folklore Card: a region where the seat has an Artifact (the module answers)
        regs = artifact_regions(ctx, seat, use.at)
        if regs:
            ctx.push(TeleportFrame(seat, "regions:" + ",".join(regs), "", use.source))


def artifact_regions(ctx: Ctx, seat: int, at: str = "") -> tuple[str, ...]:
    """The regions where `seat` has an Artifact, on the map or in a region's Bound Energy Area
    (the one just placed included; `at` is the effect's Use.at, "artifact:<space>"): the
    query "artifact_regions", answered by the Folklore module (none without it)."""
    return tuple(triggers.query(ctx, "artifact_regions", seat, (), at=at))


@effect("fly_character")
def _fly_character(ctx: Ctx, seat: int, e: FlyCharacterEffect, use: Use) -> None:
    """Freyith II (Updraft): onto a space of the figure's region or one sharing a bridge."""
    regs = list(ctx.r.space_regions.get(ctx.s.players[seat].figure, ()))
    for reg in list(regs):
        for adj in ctx.r.region_adjacent.get(reg, ()):
            if adj not in regs:
                regs.append(adj)
    ctx.push(TeleportFrame(seat, "regions:" + ",".join(regs), "", use.source))


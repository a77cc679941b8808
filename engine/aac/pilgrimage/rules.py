"""The Pilgrimage module's rules (R27): setup (R27.1), speed (R27.2, R8.2), Shrine
construction (R27.5.2 A, R27.9), Pilgrimage movement with forks, skips, Shrines, Blockades and
the summit (R27.6-R27.8), the Shrine completion (R27.5) as a completion kind, the effects
`pilgrim_move` (R28.2, the Pilgrims' Ford and Stair, R27.1.6) and `construct_shrine`, and
the query "pay_speed" (a Shrine's Scoring Card, R27.8.5, R28.4).

All work still to do lives in frames (ShrineResolveFrame, PilgrimMoveFrame...), so a save
taken mid Shrine completion resumes exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import triggers
from engine.aac.catalog.effects import (
    ConstructShrineEffect,
    GainScoringCardEffect,
    PilgrimMoveEffect,
)
from engine.aac.core import Ctx, clockwise_from, decision, move_energy
from engine.aac.data import COMPASS, WILD
from engine.aac.expansion import scoring_cards
from engine.aac.names import ENERGY, ROMAN
from engine.aac.pilgrimage.events import (
    BlockadeRemoved,
    PilgrimMoved,
    PilgrimStopped,
    ShrineCompletionStarted,
    ShrineConstructed,
    ShrineEntered,
    SpaceMarked,
    SpeedChanged,
)
from engine.aac.pilgrimage.state import (
    LOC,
    NAME,
    active,
    board,
    energy_of,
    new_data,
    on_summit,
    open_space,
    pdata,
    space_words,
)
from engine.aac.rules.completion import CompassFrame, activate
from engine.aac.rules.effects import Use, effect, push_effect
from engine.aac.rules.endturn import EndOfAdvanceFrame, pay_patron_cost
from engine.aac.state import EMPTY, Completion
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

KIND = "shrine"  # the completion kind (R27.5.4)
TARGET = "pilgrim_board"  # the table's hotspot for the board as a whole


# --- setup (R27.1) -----------------------------------------------------------------------------


def setup(ctx: Ctx) -> None:
    """R27.1: the Shrine supply, the Blockades, every Pilgrimage on the start, speed 1, and the
    module's 2 neutral bridges in place of the 2 base tokens they replace (R27.1.6, R34.1)."""
    s = ctx.s
    s.ext[NAME] = new_data(ctx.r, s.n)
    exp = ctx.r.expansion
    assert exp is not None
    swap = {f"n:{nb.replaces_neutral_bridge}": f"n:{nb.id}" for nb in exp.neutral_bridges.bridges}
    for sp, b in s.bridges.items():
        if b in swap:
            s.bridges[sp] = swap[b]
    closed = [sp for sp in board(ctx.r).energy_types if not open_space(ctx.r, s, sp)]
    if closed and ctx.opt("pilgrimage_blocker"):
        ctx.push(MarkClosedFrame(closed[0]))


def unused_characters(ctx: Ctx) -> list[str]:
    taken = {p.character for p in ctx.s.players}
    return [c for c in ctx.r.character_order if c not in taken]


@dataclass(slots=True)
class MarkClosedFrame(Frame, kind="aac.pilgrimage_blocker"):
    """R27.1.7 / R32.1: with fewer than 3 players the start player may put an energy of an
    unused character on the closed bottom-right Compass space, as a reminder (the space is
    closed either way, R27.3.6). The energy counts for nothing."""

    space: str

    def step(self, ctx: Ctx) -> Decision | None:
        loc = f"{LOC}:{self.space}"
        ch = [Choice(f"mark:{c}", f"Put an energy of {ctx.r.characters[c].name} on it",
                     (loc,), c) for c in unused_characters(ctx)]
        ch.append(Choice("leave", "Leave it empty (it is closed either way)"))
        return decision(ctx.s.start_player, "pilgrimage_blocker",
                        "Mark the closed Compass space with an unused character's energy?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id == "leave":
            return
        pdata(ctx.s).setdefault("marked", {})[self.space] = c.data
        ctx.emit(SpaceMarked(ctx.s.start_player, self.space, c.data))


# --- speed (R27.2) -----------------------------------------------------------------------------


def change_speed(ctx: Ctx, seat: int, delta: int, why: str) -> bool:
    """Move the speed cube; a reduction that cannot be paid in full is not made (O55)."""
    d = pdata(ctx.s)
    old = int(d["speed"][seat])
    new = old + delta
    if new < 0 or new > board(ctx.r).max_speed:
        return False
    d["speed"][seat] = new
    ctx.emit(SpeedChanged(seat, old, new, why))
    return True


def on_recharge(ctx: Ctx, hook: triggers.Hook) -> None:
    """R8.2 / R27.2.1 / R32.11: a recharge may instead raise speed by 1 (never above 2)."""
    if not active(ctx.s):
        return
    d = pdata(ctx.s)
    if hook.choice is None:
        if d["speed"][hook.seat] < board(ctx.r).max_speed:
            hook.choices.append(Choice("pilgrimage:speed", "Raise your Pilgrimage speed by 1 "
                                       "instead", (f"speed:{hook.seat}",), (NAME, None)))
    elif hook.key() == NAME:
        change_speed(ctx, hook.seat, 1, "instead of recharging")
        hook.handled = True


def pay_speed(ctx: Ctx, hook: triggers.Hook) -> None:
    """The query "pay_speed" (R27.8.5, R28.4): lower speed by `amount` if it can be paid."""
    if active(ctx.s) and not hook.value:
        hook.value = change_speed(ctx, hook.seat, -int(hook.info["amount"]),
                                  "to take a Scoring Card")


# --- constructing a Shrine (R27.5.2 A, R27.9) --------------------------------------------------


def frame_words(ctx: Ctx, frame: str) -> str:
    b = board(ctx.r)
    tier = b.tier[frame]
    same = [f for f in b.frames if b.tier[f] == tier]
    return f"Shrine frame {same.index(frame) + 1} of {len(same)} in tier {ROMAN[tier]}"


@dataclass(slots=True)
class BuildShrineFrame(Frame, kind="aac.pilgrimage_build"):
    """Which Shrine from the supply, then which empty frame (R32.8, R32.24)."""

    seat: int
    shrine: str  # "" until chosen
    patron: bool

    def step(self, ctx: Ctx) -> Decision | None:
        d = pdata(ctx.s)
        b = board(ctx.r)
        empty = [f for f in b.frames if f not in d["frames"]]
        if not d["supply"] or not empty:
            ctx.pop()
            return None
        if not self.shrine:
            ch = [Choice(f"shrine:{sh}", f"{b.shrines[sh].name}: {b.shrines[sh].benefit.text}",
                         (f"shrine:{sh}",), sh) for sh in d["supply"]]
            return decision(self.seat, "pilgrimage_shrine",
                            "Construct a Shrine: choose one from the supply", ch)
        name = b.shrines[self.shrine].name
        ch = [Choice(f"frame:{f}", f"Put {name} in {frame_words(ctx, f)}", (f"frame:{f}",), f)
              for f in empty]
        return decision(self.seat, "pilgrimage_frame",
                        f"Construct {name}: choose an empty Shrine frame", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if not self.shrine:
            self.shrine = c.data
            return
        ctx.pop()
        construct(ctx, self.seat, self.shrine, c.data, self.patron)


def construct(ctx: Ctx, seat: int, shrine: str, frame: str, patron: bool) -> None:
    d = pdata(ctx.s)
    assert frame not in d["frames"] and shrine in d["supply"]
    d["supply"].remove(shrine)
    d["frames"][frame] = shrine
    ctx.emit(ShrineConstructed(seat, shrine, frame, patron))


@effect("construct_shrine")
def _construct_shrine(ctx: Ctx, seat: int, e: ConstructShrineEffect, use: Use) -> None:
    """Any Shrine from the supply into any empty frame; nothing if none is left."""
    if active(ctx.s) and pdata(ctx.s)["supply"]:
        ctx.push(BuildShrineFrame(seat, "", use.source == "patron"))


def end_of_advance_options(ctx: Ctx, hook: triggers.Hook) -> None:
    """R27.9: the Patron Token's use may construct a Shrine instead of completing a section
    (the R21.2 cost still paid; nobody moves, no energy is activated or exhausted)."""
    if not active(ctx.s):
        return
    frame: EndOfAdvanceFrame = hook.info["frame"]
    seat = hook.seat
    if hook.choice is None:
        if not frame.patron_done and ctx.s.players[seat].patron and pdata(ctx.s)["supply"]:
            hook.choices.append(Choice(
                "pilgrimage:patron_shrine",
                "Use your Patron Token: exhaust your bottom row and construct a Shrine",
                (TARGET,), (NAME, None)))
        return
    if hook.key() != NAME:
        return
    hook.handled = True
    frame.patron_done = True
    pay_patron_cost(ctx, seat)
    exp = ctx.r.expansion
    assert exp is not None
    for ch in exp.patron_tokens.use.choices:
        for e in ch.effects:
            if isinstance(e, ConstructShrineEffect):
                push_effect(ctx, seat, e, "patron")


# --- Pilgrimage movement (R27.6-R27.8) ---------------------------------------------------------


def _capacity_one(ctx: Ctx, sp: str) -> bool:
    """R27.8.4: every space but the start and the Shrines holds one Pilgrimage."""
    b = board(ctx.r)
    return sp != b.start and sp not in b.frames


def occupied(ctx: Ctx, seat: int, sp: str) -> bool:
    """Another Pilgrimage stands on a one-Pilgrimage space."""
    pos = pdata(ctx.s)["pos"]
    return _capacity_one(ctx, sp) and any(pos[o] == sp for o in range(ctx.s.n) if o != seat)


def summit_space(ctx: Ctx, seat: int) -> str:
    """R27.7.4: the highest-value empty summit space."""
    return next(sp for sp in board(ctx.r).summit if not occupied(ctx, seat, sp))


def forward_moves(ctx: Ctx, seat: int) -> list[tuple[str, str, int, str]]:
    """(target space, Blockade id or "", speed cost, why not) of each forward edge from the
    Pilgrimage's space (R27.8.1): a Shrine frame only with a Shrine built (R27.8.2); an edge
    into tier IV leads to the highest-value empty summit space."""
    d = pdata(ctx.s)
    b = board(ctx.r)
    out = []
    for to, bl in b.nexts.get(str(d["pos"][seat]), ()):
        if to in b.frames and to not in d["frames"]:
            continue
        if to == b.file.summit.id:
            to = summit_space(ctx, seat)
        cost = b.blockades[bl].speed_reduction if bl and d["blockades"][bl] < 0 else 0
        why = ""
        if cost > d["speed"][seat]:
            why = (f"removing Blockade {b.blockades[bl].number} costs {cost} speed and your "
                   f"speed is {d['speed'][seat]}")
        out.append((to, bl if cost else "", cost, why))
    return out


@dataclass(slots=True)
class PilgrimMoveFrame(Frame, kind="aac.pilgrimage_move"):
    """Move a Pilgrimage forward up to `left` spaces, one at a time (R32.14, R32.16, R32.24).
    `path` holds the spaces entered so far (the first: where it began), for stopping on the
    nearest free space behind (R27.7.2)."""

    seat: int
    left: int
    path: tuple[str, ...]
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        d = pdata(ctx.s)
        seat = self.seat
        here = str(d["pos"][seat])
        if on_summit(ctx.r, d, seat):
            ctx.pop()  # R27.7.4: it stays; the rest is forfeited
            return None
        free_here = not occupied(ctx, seat, here)
        if free_here and self.left <= 0:
            ctx.pop()
            return None
        moves = forward_moves(ctx, seat)
        ch = []
        for to, bl, cost, why in moves:
            if why:
                continue
            skip = occupied(ctx, seat, to)
            words = space_words(ctx.r, ctx.s, to)
            if to in board(ctx.r).frames:
                words += " (your move ends there)"
            if bl:
                num = board(ctx.r).blockades[bl].number
                label = (f"Remove Blockade {num} (lower your speed by {cost}) and move to "
                         f"{words}")
            elif skip:
                label = f"Skip over {pilgrim_owner(ctx, seat, to)}'s Pilgrimage (free)"
            else:
                label = f"Move to {words}"
            ch.append(Choice(f"to:{to}", label, (f"pilgrim:{to}",), to))
        if not ch:
            b = board(ctx.r)
            why = next((f"it cannot pay the {cost} speed of Blockade {b.blockades[bl].number}"
                        for _, bl, cost, w in moves if w and bl), "it has no way forward")
            self._stop(ctx, why)
            return None
        if free_here:
            ch.append(Choice("stop", f"Stop here (give up {steps(self.left)})"))
        src = self.source[:1].upper() + self.source[1:]
        return decision(seat, "pilgrimage_move",
                        f"{src}: move your Pilgrimage ({steps(self.left)} left)", ch)

    def _stop(self, ctx: Ctx, why: str) -> None:
        """The movement ends here, or on the nearest free space behind (R27.7.2)."""
        ctx.pop()
        d = pdata(ctx.s)
        sp = next((x for x in reversed(self.path) if not occupied(ctx, self.seat, x)),
                  self.path[0])
        d["pos"][self.seat] = sp
        ctx.s.score_dirty |= 1 << self.seat
        ctx.emit(PilgrimStopped(self.seat, sp, why))

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "stop":
            ctx.pop()
            return
        d = pdata(ctx.s)
        b = board(ctx.r)
        seat = self.seat
        to = str(c.data)
        here = str(d["pos"][seat])
        mv = next(m for m in forward_moves(ctx, seat) if m[0] == to)
        if mv[1]:  # R27.7.1: the first to cross pays and keeps the token; R27.7.3
            bl = b.blockades[mv[1]]
            change_speed(ctx, seat, -mv[2], f"to remove Blockade {bl.number}")
            d["blockades"][mv[1]] = seat
            ctx.emit(BlockadeRemoved(seat, mv[1]))
        skip = occupied(ctx, seat, to)
        over = pilgrim_seat(ctx, seat, to) if skip else -1
        if not skip:
            self.left -= 1
        d["pos"][seat] = to
        self.path += (to,)
        ctx.s.score_dirty |= 1 << seat
        ctx.emit(PilgrimMoved(seat, here, to, skip, over))
        if to in b.frames:  # R27.8.3: entering a Shrine stops the move
            ctx.pop()
            ctx.push(ShrineBenefitFrame(seat, str(d["frames"][to])))
        elif to in b.summit_vp:  # R27.7.4
            ctx.pop()


def steps(n: int) -> str:
    return f"{n} step" if n == 1 else f"{n} steps"


def pilgrim_seat(ctx: Ctx, seat: int, sp: str) -> int:
    """The seat whose Pilgrimage stands on sp (another seat's)."""
    pos = pdata(ctx.s)["pos"]
    return next(x for x in range(ctx.s.n) if x != seat and pos[x] == sp)


def pilgrim_owner(ctx: Ctx, seat: int, sp: str) -> str:
    """The character whose Pilgrimage stands on sp (another seat's)."""
    return ctx.r.characters[ctx.s.players[pilgrim_seat(ctx, seat, sp)].character].name


def push_move(ctx: Ctx, seat: int, allowance: int, source: str) -> None:
    d = pdata(ctx.s)
    if allowance > 0 and not on_summit(ctx.r, d, seat):
        ctx.push(PilgrimMoveFrame(seat, allowance, (str(d["pos"][seat]),), source))


@effect("pilgrim_move")
def _pilgrim_move(ctx: Ctx, seat: int, e: PilgrimMoveEffect, use: Use) -> None:
    """R28.2 (the Pilgrims' Ford and Stair, R27.1.6): up to 1 or 2 spaces by R27.8; no
    Shrine is built and no energy leaves the board (R27.8.6)."""
    if active(ctx.s):
        push_move(ctx, seat, e.max, use.source or "Pilgrimage")


def benefit_why_not(ctx: Ctx, seat: int, shrine: str) -> str:
    """Why the Shrine's benefit cannot be gained now ("" if it can)."""
    for e in board(ctx.r).shrines[shrine].benefit.effects:
        if isinstance(e, GainScoringCardEffect):
            if not scoring_cards.can_gain(ctx, seat):
                return "you already hold 2 Scoring Cards, or none is left"
            if e.cost_speed > pdata(ctx.s)["speed"][seat]:
                return "a Scoring Card from a Shrine costs 1 speed and your speed is 0"
    return ""


@dataclass(slots=True)
class ShrineBenefitFrame(Frame, kind="aac.pilgrimage_benefit"):
    """R27.8.3: the Pilgrimage entered a Shrine; its owner may gain the benefit at once."""

    seat: int
    shrine: str

    def step(self, ctx: Ctx) -> Decision | None:
        sh = board(ctx.r).shrines[self.shrine]
        if benefit_why_not(ctx, self.seat, self.shrine):
            ctx.pop()
            ctx.emit(ShrineEntered(self.seat, self.shrine, False))
            return None
        ch = [Choice("take", f"Take: {sh.benefit.text}", (f"shrine:{self.shrine}",)),
              Choice("decline", "Do not take the benefit")]
        return decision(self.seat, "pilgrimage_benefit",
                        f"Your Pilgrimage entered {sh.name}: take its benefit?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        ctx.emit(ShrineEntered(self.seat, self.shrine, c.id == "take"))
        if c.id != "take":
            return
        sh = board(ctx.r).shrines[self.shrine]
        for e in reversed(sh.benefit.effects):
            push_effect(ctx, self.seat, e, sh.name)


# --- the Shrine completion (R27.5) -------------------------------------------------------------


def counts(ctx: Ctx) -> list[int]:
    """Each seat's energy on the Pilgrim Board."""
    out = [0] * ctx.s.n
    for c in pdata(ctx.s)["energy"].values():
        if c >= 0:
            out[c // 4] += 1
    return out


def detect(ctx: Ctx) -> None:
    """R27.5.1: pending while any player has 2 or more energy on the board; at most one at a
    time, checked again after each resolution (O67)."""
    s = ctx.s
    if not active(s) or any(c.kind == KIND for c in s.completions):
        return
    if max(counts(ctx), default=0) >= 2:
        s.completions.append(Completion("", "", -1, s.active, KIND))


def completion_choice(ctx: Ctx, comp: Completion) -> tuple[str, str, tuple[str, ...]]:
    return ("resolve:shrine", "Resolve a Shrine completion on the Pilgrim Board", (TARGET,))


def resolve(ctx: Ctx, comp: Completion) -> None:
    """O67: the roles and their order are fixed now, from the energy on the board; the active
    player last, and only as a completing or contributing player (O66), unless the rules
    option pilgrimage_active_always is on."""
    s = ctx.s
    cnt = counts(ctx)
    if max(cnt, default=0) < 2:
        return
    always = bool(ctx.opt("pilgrimage_active_always"))
    order = tuple(x for x in clockwise_from(s, (s.active + 1) % s.n)
                  if cnt[x] >= 1 or (always and x == s.active))
    completing = tuple(cnt[x] >= 2 for x in order)
    ctx.emit(ShrineCompletionStarted(order, completing))
    ctx.push(ShrineResolveFrame(order, completing, 0, 0))


@dataclass(slots=True)
class ShrineResolveFrame(Frame, kind="aac.pilgrimage_resolve"):
    """R27.5.2: each listed player in turn does A (construct), B (move), C (energy)."""

    order: tuple[int, ...]
    completing: tuple[bool, ...]
    idx: int
    stage: int  # 0: A, 1: B, 2: C

    def step(self, ctx: Ctx) -> Decision | None:
        if self.idx >= len(self.order):
            ctx.pop()
            return None
        seat = self.order[self.idx]
        d = pdata(ctx.s)
        if self.stage == 0:
            self.stage = 1
            if d["supply"]:
                ctx.push(BuildShrineFrame(seat, "", False))
        elif self.stage == 1:
            self.stage = 2  # R27.6: the allowance is fixed as step B begins
            push_move(ctx, seat, int(d["speed"][seat]) + len(energy_of(d, seat)),
                      "Shrine completion")
        else:
            completing = self.completing[self.idx]
            self.stage = 0
            self.idx += 1
            if energy_of(d, seat):
                ctx.push(EnergyStepFrame(seat, completing))
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:  # pragma: no cover - never decides
        raise AssertionError("ShrineResolveFrame makes no decision")


@dataclass(slots=True)
class EnergyStepFrame(Frame, kind="aac.pilgrimage_energy"):
    """R27.5.2 C: a completing player activates or exhausts all their board energy; a
    contributing one may, or leaves it for a later Shrine completion. No binding, no perks
    (R27.5.3)."""

    seat: int
    completing: bool

    def step(self, ctx: Ctx) -> Decision | None:
        own = energy_of(pdata(ctx.s), self.seat)
        if not own:
            ctx.pop()
            return None
        ch = []
        seen: set[int] = set()
        for sp, t in own:
            if t in seen:
                continue
            seen.add(t)
            loc = f"{LOC}:{sp}"
            ch.append(Choice(f"activate:{sp}", f"Activate your {ENERGY[t]}", (loc,), (loc, t)))
            ch.append(Choice(f"exhaust:{sp}", f"Exhaust your {ENERGY[t]}", (loc,), (loc, t)))
        if not self.completing:
            ch.append(Choice("leave", "Leave it on the Pilgrim Board for a later Shrine "
                                      "completion"))
        what = ("activate or exhaust each of your energy on the Pilgrim Board (all of it "
                "leaves)" if self.completing else
                "activate or exhaust your energy on the Pilgrim Board, or leave it there")
        return decision(self.seat, "pilgrimage_energy", f"Shrine completion: {what}", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "leave":
            ctx.pop()
            return
        loc, t = c.data
        if c.id.startswith("exhaust:"):
            move_energy(ctx, self.seat, t, loc, "exhausted", "exhausted")
        else:
            activate_from_board(ctx, self.seat, t, loc)


def activate_from_board(ctx: Ctx, seat: int, t: int, loc: str) -> None:
    """R16 for energy leaving the Pilgrim Board: a Compass goes to a legal destination, never
    back onto the board (R27.3.4); Rose, Magnet and Wild as from a section."""
    if t == COMPASS:
        ctx.push(CompassFrame(seat, loc, ""))
    elif t == WILD:
        if not triggers.fire(ctx, "on_activate_energy", seat, energy=WILD, loc=loc):
            move_energy(ctx, seat, WILD, loc, "exhausted", "Wild activated")
    else:  # Rose: 2 movement points; Magnet: into an empty slot (R16.2, R16.3)
        activate(ctx, seat, t, loc, "")


# --- why not, in words (pure: the table's "why not" when a target answers nothing) ------------


def why_not_move(ctx: Ctx, seat: int, space: str) -> str:
    """Why the seat's Pilgrimage may not move onto `space` now ("" if nothing on the board
    forbids it): only forward along an edge from where it stands (R27.8.1), a Shrine frame
    only once a Shrine is built there (R27.8.2), a Blockade's speed (R27.7.1)."""
    if not active(ctx.s):
        return ""
    d = pdata(ctx.s)
    b = board(ctx.r)
    here = str(d["pos"][seat])
    if on_summit(ctx.r, d, seat):
        return "your Pilgrimage is on the summit and stays there"
    if space == here:
        return "your Pilgrimage stands here"
    edges = b.nexts.get(here, ())
    summit_edge = any(to == b.file.summit.id for to, _ in edges)
    if space in b.summit_vp and summit_edge:
        best = summit_space(ctx, seat)
        if space != best:
            return (f"entering tier IV puts your Pilgrimage on the highest free summit space "
                    f"({b.summit_vp[best]} VP)")
    elif not any(to == space for to, _ in edges):
        return "a Pilgrimage moves only forward, one space at a time along the path"
    if space in b.frames and space not in d["frames"]:
        return "a Pilgrimage may enter a Shrine frame only once a Shrine is built there"
    for to, _bl, _cost, why in forward_moves(ctx, seat):
        if to == space and why:
            return why
    return ""


def why_not_frame(ctx: Ctx, frame: str) -> str:
    """Why no Shrine may be put in `frame` now ("" if it is empty)."""
    if not active(ctx.s):
        return ""
    built = pdata(ctx.s)["frames"].get(frame)
    if built:
        return f"{board(ctx.r).shrines[built].name} is built in that frame already"
    return ""


def why_not_shrine(ctx: Ctx, shrine: str) -> str:
    """Why `shrine` may not be constructed now ("" if it is in the supply)."""
    if not active(ctx.s) or shrine in pdata(ctx.s)["supply"]:
        return ""
    return f"{board(ctx.r).shrines[shrine].name} is built already"


def why_not_energy_space(ctx: Ctx, sp: str) -> str:
    """Why energy may not go onto the board's energy space `sp` now, as far as the space
    itself says ("" if it is free and open): taken (R27.3.1), closed with fewer than 3
    players (R27.3.6)."""
    if not active(ctx.s) or sp not in pdata(ctx.s)["energy"]:
        return ""
    b = board(ctx.r)
    if not open_space(ctx.r, ctx.s, sp):
        return f"this space is open only with {b.energy_min_players[sp]} or more players"
    if pdata(ctx.s)["energy"][sp] != EMPTY:
        return "that space holds energy already"
    return (f"only a {ENERGY[b.energy_types[sp]]} (or a Wild) goes on this space, and never "
            "from the Pilgrim Board back onto it")

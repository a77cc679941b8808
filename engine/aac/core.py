"""The rules context and the small operations every rule area shares.

Location strings (also used in events) are declared in engine.aac.locations: "exhausted",
"reserve", "shop", "slot:<pos>:<row>", "track:<monument|pillar>",
"section:<monument>:<space>", "bound:<region>", "pillar:<pillar space>",
"achievement:<id>:<flat|multiplier>".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.aac import events as ev
from engine.aac import locations, triggers
from engine.aac.catalog.effects import CharacterCountsAsEnergyEffect
from engine.aac.data import TYPES, Rules
from engine.aac.state import EMPTY, FIGURE_IN_POOL, Completion, GameState, PlayerState
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

if TYPE_CHECKING:
    from engine.aac.score_notes import ScoreNotes

TRACKS = ("monument", "pillar")
ROWS = ("top", "bottom")


class Ctx:
    """A game state plus its static rules and the events produced so far."""

    __slots__ = ("s", "r", "events", "notes")

    def __init__(self, s: GameState, r: Rules, notes: ScoreNotes | None = None) -> None:
        self.s = s
        self.r = r
        self.events: list[ev.Event] = []
        self.notes = notes  # presentation memory for ScoreChanged causes (engine.aac.score_notes)

    def emit(self, e: ev.Event) -> None:
        self.events.append(e)

    def push(self, f: Frame) -> None:
        self.s.stack.append(f)

    def pop(self) -> None:
        self.s.stack.pop()

    def p(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    def name(self, key: str) -> str:
        return self.r.names.get(key, key)

    def opt(self, key: str) -> Any:
        return self.s.options.get(key)


def decision(seat: int, kind: str, prompt: str, choices: list[Choice]) -> Decision:
    return Decision(seat, kind, prompt, tuple(choices))


# --- seats ---------------------------------------------------------------------------------


def clockwise_from(s: GameState, first: int) -> list[int]:
    return [(first + i) % s.n for i in range(s.n)]


# --- powers ----------------------------------------------------------------------------------


def has_power(ctx: Ctx, seat: int, tier: int) -> bool:
    """Tier I-III ability uncovered: its bridge token has left the character board (R25.1)."""
    return ctx.s.players[seat].bridge_loc[tier - 1] != "board"


def power_id(ctx: Ctx, seat: int, tier: int) -> str:
    return ctx.r.characters[ctx.s.players[seat].character].powers[tier - 1].id


def find_power(ctx: Ctx, seat: int, effect_name: str) -> int:
    """Tier (1-3) of the seat's uncovered power with that effect name, or 0."""
    p = ctx.s.players[seat]
    ch = ctx.r.characters[p.character]
    for pw in ch.powers:
        if pw.effect.effect == effect_name and p.bridge_loc[pw.tier - 1] != "board":
            return pw.tier
    return 0


def power_limit(ctx: Ctx, seat: int, tier: int) -> str | None:
    pw = ctx.r.characters[ctx.s.players[seat].character].powers[tier - 1]
    # R25.5 / O46: the limit always holds with a module, and without one if the option says so
    if pw.limit_with_modules and (ctx.s.modules or ctx.opt("ignotas_once_per_turn")):
        return pw.limit_with_modules
    return pw.limit


def power_available(ctx: Ctx, seat: int, tier: int) -> bool:
    """Uncovered and, if limited to once per turn, not yet used this turn."""
    if not has_power(ctx, seat, tier):
        return False
    if power_limit(ctx, seat, tier) == "once_per_turn":
        return power_id(ctx, seat, tier) not in ctx.s.players[seat].used
    return True


def mark_power_used(ctx: Ctx, seat: int, tier: int) -> None:
    pid = power_id(ctx, seat, tier)
    used = ctx.s.players[seat].used
    if pid not in used:
        used.append(pid)


def is_valimod(ctx: Ctx, seat: int) -> bool:
    ch = ctx.r.characters[ctx.s.players[seat].character]
    return ch.passive is not None and ch.passive.effect.effect == "character_counts_as_energy"


def figure_value_in_pool(ctx: Ctx, seat: int) -> int:
    """Valimod's figure counts as 2 shop energy while in the Tile Pool (R25.7.1)."""
    p = ctx.s.players[seat]
    if p.figure == FIGURE_IN_POOL and is_valimod(ctx, seat):
        passive = ctx.r.characters[p.character].passive
        if passive is not None and isinstance(passive.effect, CharacterCountsAsEnergyEffect):
            return passive.effect.value
    return 0


def shop_value(ctx: Ctx, seat: int) -> int:
    return sum(ctx.s.players[seat].shop) + figure_value_in_pool(ctx, seat)


# --- tiles ---------------------------------------------------------------------------------


def row_slots(p: PlayerState, tile: str, row: str) -> list[int]:
    return p.top[tile] if row == "top" else p.bottom[tile]


def position_of(p: PlayerState, tile: str) -> int:
    """Device position 1..5, or 0 for the staging area."""
    try:
        return p.device.index(tile) + 1
    except ValueError:
        return 0


# --- moving energy ---------------------------------------------------------------------------


_SCORING = locations.SCORING


def _take(ctx: Ctx, seat: int, loc: str, t: int) -> None:
    """Take one of `seat`'s energy of type t from a location (engine.aac.locations)."""
    if loc == "exhausted":  # the commonest move, without the table's dispatch
        p = ctx.s.players[seat]
        assert p.exhausted[t] > 0, "no such energy in the exhausted pool"
        p.exhausted[t] -= 1
    else:
        locations.take(ctx, seat, loc, t)


def _put(ctx: Ctx, seat: int, loc: str, t: int) -> None:
    if loc == "exhausted":
        ctx.s.players[seat].exhausted[t] += 1
    else:
        locations.put(ctx, seat, loc, t)


def move_energy(ctx: Ctx, seat: int, t: int, src: str, dst: str, reason: str = "") -> None:
    """Move one of `seat`'s energy of type t; completes a section if dst fills it (R15.1).

    `src` may carry a tag after "#" saying which of the seat's alike energy there moves
    ("bound:<region>#doubler": the one carrying a Doubler); the locations never see it, the
    listeners of "energy_moved" do (a module's token riding on the energy, R29.2.3-4)."""
    tag = ""
    if "#" in src:
        src, _, tag = src.partition("#")
    _take(ctx, seat, src, t)
    _put(ctx, seat, dst, t)
    ctx.emit(ev.TokenMoved(seat, TYPES[t], src, dst, reason))
    sc = _SCORING.get(src)
    if sc is None:
        sc = locations.scoring(src)
    if not sc:
        sc = _SCORING.get(dst)
        if sc is None:
            sc = locations.scoring(dst)
    if sc:
        ctx.s.score_dirty |= 1 << seat
        if ctx.notes is not None:
            ctx.notes.moves.append((ctx.s.decisions, seat, t, src, dst, reason))
        if ctx.s.modules:
            triggers.fire(ctx, "energy_moved", seat, t=t, src=src, dst=dst, tag=tag)

    if dst.startswith("section:"):
        mon = dst[8:].rsplit(":", 1)[0]
        check_completion(ctx, mon, seat)


def check_completion(ctx: Ctx, mon: str, completer: int) -> None:
    m = ctx.s.monuments[mon]
    if not m.completed and m.stack and EMPTY not in m.spaces:
        m.completed = True
        ctx.s.completions.append(Completion(mon, m.stack[0], completer, completer))
        ctx.emit(ev.SectionCompleted(mon, m.stack[0], completer, "placement"))


def exhaust_slot_energy(ctx: Ctx, seat: int, tile: str, reason: str) -> None:
    """Exhaust every energy on one tile (it leaves the device or is removed, R5.2/R9.4)."""
    p = ctx.s.players[seat]
    pos = position_of(p, tile)
    for row in ROWS:
        slots = row_slots(p, tile, row)
        for i, t in enumerate(slots):
            if t != EMPTY:
                slots[i] = EMPTY
                p.exhausted[t] += 1
                src = f"slot:{pos}:{row}" if pos else "staging"
                ctx.emit(ev.TokenMoved(seat, TYPES[t], src, "exhausted", reason))


def set_charged(ctx: Ctx, seat: int, value: bool) -> None:
    p = ctx.s.players[seat]
    if p.charged != value:
        p.charged = value
        ctx.emit(ev.ChannelMarker(seat, value))


def free_reserve(ctx: Ctx, seat: int, t: int) -> bool:
    """Free one energy of type t (R17.2); a row emptied refreshes the channel marker (R17.3).
    Returns True when a pair was completed (the caller pushes the recharge)."""
    p = ctx.s.players[seat]
    if p.reserve[t] <= 0:
        return False
    move_energy(ctx, seat, t, "reserve", "exhausted", "freed")
    return p.reserve[t] == 0


# --- map -----------------------------------------------------------------------------------


def figure_regions(ctx: Ctx, seat: int) -> tuple[str, ...]:
    f = ctx.s.players[seat].figure
    if not f or f == FIGURE_IN_POOL:
        return ()
    return ctx.r.space_regions[f]


def reach(ctx: Ctx, seat: int) -> list[str]:
    """Regions where the seat may bind from a track (R13.6)."""
    out = list(figure_regions(ctx, seat))
    p = ctx.s.players[seat]
    for loc in p.bridge_loc:
        if loc not in ("board", "box"):
            for reg in ctx.r.space_regions[loc]:
                if reg not in out:
                    out.append(reg)
    return out


def occupied_by_others(ctx: Ctx, seat: int, space: str) -> bool:
    return any(q.seat != seat and q.figure == space for q in ctx.s.players)


def is_gap(ctx: Ctx, space: str) -> bool:
    return space in ctx.s.bridges and ctx.s.bridges[space] == ""


def note_entered(ctx: Ctx, seat: int, old: str, new: str) -> None:
    """Record regions entered (R12.11): in `new` but not in `old`."""
    r = ctx.r
    old_regs = r.space_regions.get(old, ()) if old and old != FIGURE_IN_POOL else ()
    new_regs = r.space_regions.get(new, ()) if new and new != FIGURE_IN_POOL else ()
    p = ctx.s.players[seat]
    for reg in new_regs:
        if reg not in old_regs and reg not in p.entered:
            p.entered.append(reg)


def teleport(ctx: Ctx, seat: int, dst: str, behind: str) -> None:
    p = ctx.s.players[seat]
    src = p.figure
    p.figure = dst
    p.behind = behind
    ctx.s.score_dirty |= 1 << seat
    note_entered(ctx, seat, src, dst)
    ctx.emit(ev.FigureTeleported(seat, src, dst, behind))
    triggers.fire(ctx, "figure_teleported", seat, dst=dst, behind=behind)


"""The rules context and the small rules every area shares: gold and the levy (R4.5), unrest
(R4.4), dice (R0.8), coalitions (R1.12) and the action order (R3.3).

Rule numbers the catalog does not hold are the constants below, each with its rule ID.
"""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.catalog import Tables
from engine.aor.state import EMPTY, Player, State
from engine.kernel.events import Event
from engine.kernel.rng import Rng

LEVY_GOLD = 2  # R4.5: gold per levy (one unrest point each)
CONVERT_COST = 2  # R7.5.2: a conversion costs 2 gold instead of the card's cost
NPC_ALLY_COST = 1  # R8.4: each non-player ally bought
NPC_DEFENCE = 4  # R8.7: a non-player disc's defence in place of a card


class Ctx:
    """One step's rules context: the state, the catalog tables and the events emitted."""

    __slots__ = ("events", "s", "t")

    def __init__(self, s: State, t: Tables) -> None:
        self.s = s
        self.t = t
        self.events: list[Event] = []

    def emit(self, e: Event) -> None:
        self.events.append(e)

    def opt(self, key: str) -> bool:
        return bool(self.s.options.get(key, False))

    # --- randomness (R0.8) -----------------------------------------------------------------

    def die(self) -> int:
        r = Rng(self.s.rng)
        v = r.below(self.t.die_faces) + 1
        self.s.rng = r.state
        return v


# --- gold, levy, unrest -----------------------------------------------------------------------


def affordable(t: Tables, p: Player) -> int:
    """R4.5.4: the most a player can pay now, levying as often as the Unrest Track allows."""
    return p.gold + LEVY_GOLD * max(0, t.max_unrest - p.unrest)


def pay(ctx: Ctx, seat: int, amount: int) -> int:
    """Pay `amount` to the bank, levying the fewest times needed (R4.5.3). Every payment
    follows a choice filtered by `affordable` (O7), so the levy always suffices."""
    if amount <= 0:
        return 0
    p = ctx.s.players[seat]
    short = amount - p.gold
    if short > 0:
        times = (short + LEVY_GOLD - 1) // LEVY_GOLD
        room = ctx.t.max_unrest - p.unrest
        if times > room:
            raise AssertionError(f"seat {seat} cannot pay {amount} (an unaffordable choice)")
        p.gold += LEVY_GOLD * times
        p.unrest += times
        ctx.emit(ev.Levied(seat, times, LEVY_GOLD * times))
    p.gold -= amount
    return amount


def gain_unrest(ctx: Ctx, seat: int, points: int) -> int:
    """Gain unrest points; those beyond the track's end are lost (R4.4). Returns the gain."""
    p = ctx.s.players[seat]
    new = min(ctx.t.max_unrest, p.unrest + points)
    got = new - p.unrest
    p.unrest = new
    return got


def reduce_unrest(ctx: Ctx, seat: int, points: int) -> int:
    """Reduce unrest, never below 0 (R4.4, O6). Returns the reduction."""
    p = ctx.s.players[seat]
    new = max(0, p.unrest - points)
    got = p.unrest - new
    p.unrest = new
    return got


# --- coalitions and order ---------------------------------------------------------------------


def row_of(t: Tables, s: State, country: int) -> int:
    """0 top row, 1 bottom row, -1 unallied (R1.12)."""
    try:
        i = s.alliance.index(country)
    except ValueError:
        return -1
    return 0 if i in t.top_row else 1


def allied(t: Tables, s: State, a: int, b: int) -> bool:
    ra = row_of(t, s, a)
    return ra >= 0 and ra == row_of(t, s, b)


def enemies(t: Tables, s: State, a: int, b: int) -> bool:
    ra, rb = row_of(t, s, a), row_of(t, s, b)
    return ra >= 0 and rb >= 0 and ra != rb


def action_order(s: State) -> tuple[int, ...]:
    """R3.3: seats in Alliance Display order, NPCs skipped."""
    return tuple(s.seat_of[c] for c in s.alliance if c != EMPTY and s.seat_of[c] >= 0)


def map_discs(s: State, country: int) -> int:
    return sum(row[country] for row in s.discs)


def box_discs(s: State, country: int) -> int:
    return sum(1 for c in s.spaces.values() if c == country)


def held_spaces(s: State, country: int, box: str, t: Tables) -> list[str]:
    """The spaces of `box` that `country` holds, in catalog order."""
    return [sid for sid, _ in t.box_by_id[box].spaces if s.spaces.get(sid, EMPTY) == country]

"""Energy locations, declared once.

A location string is `<kind>` or `<kind>:<rest>` ("exhausted", "slot:3:top",
"section:<monument>:<space>", "bound:<region>", "pillar:<space>", "track:<monument|pillar>",
"achievement:<id>:<flat|multiplier>", "shop"). Each kind is one `EnergyLocation` saying how
one of a seat's energy is taken from and put there (`take`, `put`), how many of the seat's
energy it holds (`count`, the token accounting invariant R1.5), whether it is a Running Out
source (R14.3, and which of the seat's energy there can be taken), a placement destination
(R7.2), a Reposition source (R10), whether energy moving in or out can change a score, how
it reads in words, and where the table finds it (on the owner's own board, or a hotspot of
the board).

A module adds its locations through its ModuleDef (Pilgrimage: the Pilgrim Board); they
join every list after the base game's, in module order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.aac import names
from engine.aac.modules import ModuleDef, on_register
from engine.aac.names import ENERGY, bound_area, pillar, track
from engine.aac.state import EMPTY, GameState
from engine.kernel.decisions import Choice

if TYPE_CHECKING:
    from engine.aac.core import Ctx
    from engine.aac.data import Rules

TRACKS = ("monument", "pillar")
ROWS = ("top", "bottom")
TYPES = ("compass", "rose", "magnet", "wild")
WILD = 3

Mover = Callable[["Ctx", int, str, int], None]  # (ctx, seat, rest of the location, type)
Sources = Callable[["Ctx", int, int], list[tuple[str, int]]]  # (ctx, seat, type or -1)
# (ctx, seat, type, source location, monument to leave out, choice id prefix, Masterwork tier)
Destinations = Callable[["Ctx", int, int, str, str, str, int], list[Choice]]


def _cannot(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    raise AssertionError("no energy can be taken from or put there")


@dataclass(frozen=True, slots=True)
class EnergyLocation:
    kind: str
    take: Mover
    put: Mover
    count: Callable[[GameState, int], list[int]] | None  # the seat's energy there, per type
    words: Callable[[Rules, str], str]  # the location in words, with its article
    running_out: Sources | None = None  # R14.3: the seat's energy there Running Out may take
    destinations: Destinations | None = None  # R7.2: where one energy may be placed there
    reposition: Callable[[Ctx, int], list[tuple[str, int]]] | None = None  # R10 sources
    scoring: bool = False  # energy moving in or out may change a score (R24)
    owner_board: bool = False  # on its owner's own boards (the table finds it there)
    spot: Callable[[str, int], str] | None = None  # the table's hotspot key, given the owner


# --- the seat's own pools ----------------------------------------------------------------------


def _pool(name: str) -> tuple[Mover, Mover, Callable[[GameState, int], list[int]]]:
    def take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
        arr = getattr(ctx.s.players[seat], name)
        assert arr[t] > 0, f"no such energy in the {name} pool"
        arr[t] -= 1

    def put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
        getattr(ctx.s.players[seat], name)[t] += 1

    def count(s: GameState, seat: int) -> list[int]:
        return list(getattr(s.players[seat], name))

    return take, put, count


def _shop_sources(ctx: Ctx, seat: int, t_req: int) -> list[tuple[str, int]]:
    p = ctx.s.players[seat]
    return [("shop", t) for t in range(4) if p.shop[t] and (t_req < 0 or t == t_req)]


def _shop_destinations(ctx: Ctx, seat: int, t: int, src: str, exclude_monument: str,
                       prefix: str, mw: int) -> list[Choice]:
    if src == "shop":
        return []
    return [Choice(f"{prefix}{TYPES[t]}>shop", f"{ENERGY[t]} to your Tile Pool bank", ("shop",),
                   ("shop", t, 0))]


def _shop_reposition(ctx: Ctx, seat: int) -> list[tuple[str, int]]:
    p = ctx.s.players[seat]
    return [("shop", t) for t in range(4) if p.shop[t]]


# --- device slots ------------------------------------------------------------------------------


def _slot_take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    p = ctx.s.players[seat]
    tile = p.device[int(rest[0]) - 1]  # "<pos>:<row>", pos 1-5
    slots = p.top[tile] if rest[2] == "t" else p.bottom[tile]
    slots[slots.index(t)] = EMPTY


def _slot_put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    p = ctx.s.players[seat]
    tile = p.device[int(rest[0]) - 1]
    slots = p.top[tile] if rest[2] == "t" else p.bottom[tile]
    slots[slots.index(EMPTY)] = t


def _slot_count(s: GameState, seat: int) -> list[int]:
    p = s.players[seat]
    tot = [0, 0, 0, 0]
    for tile in p.device + p.staging:
        for t in p.top[tile] + p.bottom[tile]:
            if t != EMPTY:
                tot[t] += 1
    return tot


def _slot_sources(ctx: Ctx, seat: int, t_req: int) -> list[tuple[str, int]]:
    p = ctx.s.players[seat]
    out: list[tuple[str, int]] = []
    for pos in range(1, 6):
        tile = p.device[pos - 1]
        for row in ROWS:
            seen = set()
            for t in p.top[tile] if row == "top" else p.bottom[tile]:
                if t != EMPTY and t not in seen and (t_req < 0 or t == t_req):
                    seen.add(t)
                    out.append((f"slot:{pos}:{row}", t))
    return out


def _slot_words(r: Rules, rest: str) -> str:
    pos, _, row = rest.partition(":")
    return f"position {pos} ({row} row)"


# --- tracks ------------------------------------------------------------------------------------


def _track_take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    tr = ctx.s.players[seat].tracks[TRACKS.index(rest)]
    assert tr[0] == t
    tr[0], tr[1] = EMPTY, 0


def _track_put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    tr = ctx.s.players[seat].tracks[TRACKS.index(rest)]
    assert tr[0] == EMPTY
    tr[0], tr[1] = t, 1


def _track_count(s: GameState, seat: int) -> list[int]:
    tot = [0, 0, 0, 0]
    for tr in s.players[seat].tracks:
        if tr[0] != EMPTY:
            tot[tr[0]] += 1
    return tot


def _track_sources(ctx: Ctx, seat: int, t_req: int) -> list[tuple[str, int]]:
    return [(f"track:{TRACKS[k]}", tr[0]) for k, tr in enumerate(ctx.s.players[seat].tracks)
            if tr[0] != EMPTY and (t_req < 0 or tr[0] == t_req)]


def _track_spot(loc: str, owner: int) -> str:
    return f"track:{owner}:{loc.split(':', 1)[1]}"


# --- monument sections -------------------------------------------------------------------------


def _section_take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    mon, idx = rest.rsplit(":", 1)
    sp = ctx.s.monuments[mon].spaces
    assert sp[int(idx)] == seat * 4 + t
    sp[int(idx)] = EMPTY


def _section_put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    mon, idx = rest.rsplit(":", 1)
    m = ctx.s.monuments[mon]
    assert m.spaces[int(idx)] == EMPTY and not m.completed
    m.spaces[int(idx)] = seat * 4 + t


def _section_count(s: GameState, seat: int) -> list[int]:
    tot = [0, 0, 0, 0]
    for m in s.monuments.values():
        for c in m.spaces:
            if c >= 0 and c // 4 == seat:
                tot[c % 4] += 1
    return tot


def _section_sources(ctx: Ctx, seat: int, t_req: int) -> list[tuple[str, int]]:
    """Open sections only: a Completed one is forbidden (R14.4)."""
    out: list[tuple[str, int]] = []
    for mon, m in ctx.s.monuments.items():
        if m.completed:
            continue
        seen: set[int] = set()
        for i, cell in enumerate(m.spaces):
            if cell != EMPTY and cell // 4 == seat:
                t = cell % 4
                if (t_req < 0 or t == t_req) and t not in seen:
                    seen.add(t)
                    out.append((f"section:{mon}:{i}", t))
    return out


def _section_reposition(ctx: Ctx, seat: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for mon, m in ctx.s.monuments.items():
        if m.completed:  # R10.2: energy on a Completed section cannot move
            continue
        for i, cell in enumerate(m.spaces):
            if cell != EMPTY and cell // 4 == seat:
                out.append((f"section:{mon}:{i}", cell % 4))
    return out


def _section_destinations(ctx: Ctx, seat: int, t: int, src: str, exclude_monument: str,
                          prefix: str, mw: int) -> list[Choice]:
    out: list[Choice] = []
    tn, en = TYPES[t], ENERGY[t]
    src_section = src.rsplit(":", 1)[0] if src.startswith("section:") else ""
    for mon, m in ctx.s.monuments.items():
        if m.completed or not m.stack or mon == exclude_monument:
            continue
        if src_section == f"section:{mon}":
            continue  # O19: source and destination must be different locations
        syms = ctx.r.sections[m.stack[0]].symbols
        for i, cell in enumerate(m.spaces):
            if cell != EMPTY:
                continue
            loc = f"section:{mon}:{i}"
            if t == WILD or syms[i] == t:
                out.append(Choice(f"{prefix}{tn}>{loc}", f"{en} to {ctx.name(mon)}, space {i + 1}",
                                  (loc,), (loc, t, 0)))
            elif mw:
                out.append(Choice(f"{prefix}{tn}>{loc}!mw",
                                  f"{en} to {ctx.name(mon)}, space {i + 1} (Masterwork: as any "
                                  "symbol)", (loc,), (loc, t, mw)))
    return out


def _section_words(r: Rules, rest: str) -> str:
    mon, _, idx = rest.rpartition(":")
    return f"{r.names.get(mon, 'a monument')} (space {int(idx) + 1})"


# --- bound energy areas ------------------------------------------------------------------------


def _bound_take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    row = ctx.s.bound[rest][seat]
    assert row[t] > 0
    row[t] -= 1


def _bound_put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    ctx.s.bound[rest][seat][t] += 1


def _bound_count(s: GameState, seat: int) -> list[int]:
    tot = [0, 0, 0, 0]
    for rows in s.bound.values():
        for t in range(4):
            tot[t] += rows[seat][t]
    return tot


def _bound_sources(ctx: Ctx, seat: int, t_req: int) -> list[tuple[str, int]]:
    return [(f"bound:{reg}", t) for reg, rows in ctx.s.bound.items() for t in range(4)
            if rows[seat][t] and (t_req < 0 or t == t_req)]


# --- pillar spaces -----------------------------------------------------------------------------


def _pillar_take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    assert ctx.s.pillars[rest] == seat * 4 + t
    ctx.s.pillars[rest] = EMPTY


def _pillar_put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    assert ctx.s.pillars[rest] == EMPTY
    ctx.s.pillars[rest] = seat * 4 + t


def _pillar_count(s: GameState, seat: int) -> list[int]:
    tot = [0, 0, 0, 0]
    for c in s.pillars.values():
        if c >= 0 and c // 4 == seat:
            tot[c % 4] += 1
    return tot


def _pillar_sources(ctx: Ctx, seat: int, t_req: int) -> list[tuple[str, int]]:
    return [(f"pillar:{sp}", cell % 4) for sp, cell in ctx.s.pillars.items()
            if cell >= 0 and cell // 4 == seat and (t_req < 0 or cell % 4 == t_req)]


# --- achievements (locked once claimed, R22.4) -------------------------------------------------


def _ach_put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    aid, col = rest.split(":")
    cols = ctx.s.ach[aid]
    ci = 0 if col == "flat" else 1
    assert cols[ci] == EMPTY
    cols[ci] = seat * 4 + t


def _ach_count(s: GameState, seat: int) -> list[int]:
    tot = [0, 0, 0, 0]
    for cols in s.ach.values():
        for c in cols:
            if c >= 0 and c // 4 == seat:
                tot[c % 4] += 1
    return tot


def _ach_destinations(ctx: Ctx, seat: int, t: int, src: str, exclude_monument: str,
                      prefix: str, mw: int) -> list[Choice]:
    # engine.aac.placement.achievement_columns, given to this table by placement (it needs
    # the achievement counters)
    out = []
    for aid, col in ACHIEVEMENT_COLUMNS[0](ctx, seat, t):
        loc = f"achievement:{aid}:{col}"
        out.append(Choice(f"{prefix}{TYPES[t]}>{loc}",
                          f"{ENERGY[t]} to {ctx.name(aid)} ({col} column)", (loc,), (loc, t, 0)))
    return out


def _no_columns(ctx: Ctx, seat: int, t: int) -> list[tuple[str, str]]:
    return []


ACHIEVEMENT_COLUMNS: list[Callable[[Ctx, int, int], list[tuple[str, str]]]] = [_no_columns]


def _ach_words(r: Rules, rest: str) -> str:
    aid, _, col = rest.partition(":")
    return f"the achievement {r.names.get(aid, 'an achievement')} ({col} column)"


# --- the table ---------------------------------------------------------------------------------

_ex_take, _ex_put, _ex_count = _pool("exhausted")
_re_take, _re_put, _re_count = _pool("reserve")
_sh_take, _sh_put, _sh_count = _pool("shop")


def _place(where: str) -> Callable[[Rules, str], str]:
    def words(r: Rules, rest: str) -> str:
        return names.PLACES[where]
    return words


BASE: tuple[EnergyLocation, ...] = (
    EnergyLocation("exhausted", _ex_take, _ex_put, _ex_count, _place("exhausted"),
                   owner_board=True),
    EnergyLocation("reserve", _re_take, _re_put, _re_count, _place("reserve"), scoring=True,
                   owner_board=True),
    EnergyLocation("slot", _slot_take, _slot_put, _slot_count, _slot_words,
                   running_out=_slot_sources, owner_board=True),
    EnergyLocation("shop", _sh_take, _sh_put, _sh_count, _place("shop"),
                   running_out=_shop_sources, destinations=_shop_destinations,
                   reposition=_shop_reposition, scoring=True),
    EnergyLocation("section", _section_take, _section_put, _section_count, _section_words,
                   running_out=_section_sources, destinations=_section_destinations,
                   reposition=_section_reposition),
    EnergyLocation("track", _track_take, _track_put, _track_count,
                   lambda r, rest: f"the {track(rest)}", running_out=_track_sources,
                   owner_board=True, spot=_track_spot),
    EnergyLocation("bound", _bound_take, _bound_put, _bound_count, bound_area,
                   running_out=_bound_sources, scoring=True),
    EnergyLocation("pillar", _pillar_take, _pillar_put, _pillar_count, pillar,
                   running_out=_pillar_sources, scoring=True),
    EnergyLocation("achievement", _cannot, _ach_put, _ach_count, _ach_words,
                   destinations=_ach_destinations, scoring=True),
    # the staging area is no energy location (energy never stays there), but a tile leaving
    # the device exhausts its energy "from" it: events name it, the table finds it
    EnergyLocation("staging", _cannot, _cannot, None, _place("staging"), owner_board=True),
)

LOCATIONS: dict[str, EnergyLocation] = {}
# the orders choices are offered in (base game first, then modules')
RUNNING_OUT: list[EnergyLocation] = []
DESTINATIONS: list[EnergyLocation] = []
REPOSITION: list[EnergyLocation] = []
COUNTED: list[EnergyLocation] = []
SCORING: dict[str, bool] = {}  # location string -> scoring (a cache)
_PARSED: dict[str, tuple[EnergyLocation, str]] = {}  # location string -> (kind, rest)


def add(loc: EnergyLocation) -> None:
    if loc.kind in LOCATIONS:
        raise ValueError(f"energy location {loc.kind!r} is declared twice")
    LOCATIONS[loc.kind] = loc
    names.LOCATION_WORDS[loc.kind] = loc.words
    if loc.count is not None:
        COUNTED.append(loc)
    SCORING.clear()
    _PARSED.clear()


def _add_module(m: ModuleDef) -> None:
    for loc in m.locations:
        add(loc)
        if loc.running_out is not None:
            RUNNING_OUT.append(loc)
        if loc.destinations is not None:
            DESTINATIONS.append(loc)
        if loc.reposition is not None:
            REPOSITION.append(loc)


for _loc in BASE:
    add(_loc)
RUNNING_OUT.extend(LOCATIONS[k] for k in ("slot", "shop", "section", "track", "bound", "pillar"))
DESTINATIONS.extend(LOCATIONS[k] for k in ("section", "shop", "achievement"))
REPOSITION.extend(LOCATIONS[k] for k in ("shop", "section"))
def _remove_module(m: ModuleDef) -> None:
    for loc in m.locations:
        LOCATIONS.pop(loc.kind, None)
        names.LOCATION_WORDS.pop(loc.kind, None)
        for table in (RUNNING_OUT, DESTINATIONS, REPOSITION, COUNTED):
            if loc in table:
                table.remove(loc)
    SCORING.clear()
    _PARSED.clear()


on_register(_add_module, _remove_module)


# --- operations --------------------------------------------------------------------------------


def _parse(loc: str) -> tuple[EnergyLocation, str]:
    hit = _PARSED.get(loc)
    if hit is None:
        kind, _, rest = loc.partition(":")
        hit = (LOCATIONS[kind], rest)
        if len(_PARSED) < 50_000:
            _PARSED[loc] = hit
    return hit


def take(ctx: Ctx, seat: int, loc: str, t: int) -> None:
    """Take one of `seat`'s energy of type t from a location (AssertionError if not there)."""
    where, rest = _PARSED.get(loc) or _parse(loc)
    where.take(ctx, seat, rest, t)


def put(ctx: Ctx, seat: int, loc: str, t: int) -> None:
    where, rest = _PARSED.get(loc) or _parse(loc)
    where.put(ctx, seat, rest, t)


def scoring(loc: str) -> bool:
    """Can energy moving into or out of `loc` change a score?"""
    hit = SCORING.get(loc)
    if hit is None:
        known = LOCATIONS.get(loc.partition(":")[0])
        hit = known is not None and known.scoring
        if len(SCORING) < 50_000:
            SCORING[loc] = hit
    return hit


def counts(s: GameState, seat: int) -> list[int]:
    """The seat's energy per type over every location (R1.5)."""
    tot = [0, 0, 0, 0]
    for loc in COUNTED:
        assert loc.count is not None
        for t, n in enumerate(loc.count(s, seat)):
            tot[t] += n
    return tot


def running_out_sources(ctx: Ctx, seat: int, t_req: int = -1) -> list[tuple[str, int]]:
    """Allowed locations (R14.3) holding the seat's energy (of type t_req if >= 0), in table
    order. Forbidden (R14.4): Achievements, the Reserve, Completed sections."""
    out: list[tuple[str, int]] = []
    for loc in RUNNING_OUT:
        assert loc.running_out is not None
        out.extend(loc.running_out(ctx, seat, t_req))
    return out


def destinations(ctx: Ctx, seat: int, t: int, src: str, exclude_monument: str, prefix: str,
                 mw: int) -> list[Choice]:
    out: list[Choice] = []
    for loc in DESTINATIONS:
        assert loc.destinations is not None
        out.extend(loc.destinations(ctx, seat, t, src, exclude_monument, prefix, mw))
    return out


def reposition_sources(ctx: Ctx, seat: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for loc in REPOSITION:
        assert loc.reposition is not None
        out.extend(loc.reposition(ctx, seat))
    return out


def on_owner_board(loc: str) -> bool:
    """Is this location on its owner's own boards (device, pools, tracks)?"""
    known = LOCATIONS.get(loc.partition(":")[0])
    return known is not None and known.owner_board


def spot(loc: str, owner: int) -> str:
    """The table's hotspot key for a location string of `owner`'s energy."""
    known = LOCATIONS.get(loc.partition(":")[0])
    if known is not None and known.spot is not None:
        return known.spot(loc, owner)
    return loc

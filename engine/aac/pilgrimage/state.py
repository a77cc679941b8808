"""The Pilgrimage module's state (R27), kept as plain data in `GameState.ext["pilgrimage"]`,
and the Pilgrim Board of the catalog as a graph.

    pos[seat]      the space of the seat's Pilgrimage (a path, summit or Shrine frame id)
    speed[seat]    Pilgrimage speed 0-2 (R27.1.5, O55)
    supply         Shrine ids not yet constructed (R27.1.2; shown to everyone, R27.5.6)
    frames         Shrine frame id -> the Shrine constructed there
    blockades      Blockade id -> the seat that removed it, -1 while it is on the board
    energy         energy space id -> seat * 4 + type, or -1 when empty (R27.3)
    marked         (only once set) closed energy space id -> the unused character whose
                   energy marks it (R27.1.7; a reminder that counts for nothing)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.aac.catalog.expansion.pilgrim_board import Blockade, PilgrimBoardFile
from engine.aac.catalog.expansion.shrines import Shrine
from engine.aac.data import TYPE_INDEX, Rules
from engine.aac.names import ROMAN
from engine.aac.state import EMPTY, GameState

NAME = "pilgrimage"
LOC = "pilgrim"  # the energy location kind: "pilgrim:<energy space id>"


def pdata(s: GameState) -> dict[str, Any]:
    d: dict[str, Any] = s.ext[NAME]
    return d


def active(s: GameState) -> bool:
    return NAME in s.ext


@dataclass(frozen=True, slots=True)
class Board:
    """The Pilgrim Board as the rules walk it."""

    file: PilgrimBoardFile
    start: str
    nexts: dict[str, tuple[tuple[str, str], ...]]  # space -> ((target, blockade id or ""),...)
    tier: dict[str, int]  # space or frame -> tier (frames: the tier they stand in)
    frames: tuple[str, ...]
    summit: tuple[str, ...]  # summit spaces, highest value first
    summit_vp: dict[str, int]
    tier_vp: dict[int, int]
    blockades: dict[str, Blockade]
    energy_types: dict[str, int]  # energy space -> type index
    energy_min_players: dict[str, int]
    shrines: dict[str, Shrine]
    max_speed: int
    start_speed: int


_BOARD: dict[int, tuple[object, Board]] = {}


def board(r: Rules) -> Board:
    exp = r.expansion
    assert exp is not None, "the expansion catalog is not loaded"
    hit = _BOARD.get(id(exp))
    if hit is not None and hit[0] is exp:
        return hit[1]
    f = exp.pilgrim_board
    nexts: dict[str, list[tuple[str, str]]] = {}
    for e in f.edges:
        nexts.setdefault(e.from_, []).append((e.to, e.blockade or ""))
    tier = {sp.id: sp.tier for sp in f.spaces}
    tier.update({fr.id: fr.tier for fr in f.shrine_frames})
    tier[f.summit.id] = f.summit.tier
    vp = {sp.id: sp.vp or 0 for sp in f.spaces if sp.kind == "summit"}
    summit = tuple(sorted(f.summit.spaces, key=lambda x: -vp[x]))
    tier_vp = {t.tier: t.vp or 0 for t in f.tiers if t.vp is not None}
    slots = {sl.id: sl.speed for sl in f.speed_track.slots}
    b = Board(
        file=f, start=f.start_space, nexts={k: tuple(v) for k, v in nexts.items()}, tier=tier,
        frames=tuple(fr.id for fr in f.shrine_frames), summit=summit, summit_vp=vp,
        tier_vp=tier_vp, blockades={bl.id: bl for bl in f.blockades},
        energy_types={es.id: TYPE_INDEX[es.type] for es in f.energy_spaces},
        energy_min_players={es.id: es.min_players for es in f.energy_spaces},
        shrines={sh.id: sh for sh in exp.shrines.shrines},
        max_speed=f.speed_track.max_speed, start_speed=slots[f.speed_track.start_slot],
    )
    _BOARD[id(exp)] = (exp, b)
    return b


def new_data(r: Rules, n: int) -> dict[str, Any]:
    b = board(r)
    return {
        "pos": [b.start] * n, "speed": [b.start_speed] * n, "supply": list(b.shrines),
        "frames": {}, "blockades": {bl: -1 for bl in b.blockades},
        "energy": {sp: EMPTY for sp in b.energy_types},
    }


def open_space(r: Rules, s: GameState, sp: str) -> bool:
    """R27.3.6: the bottom-right Compass space only with 3 or more players."""
    return s.n >= board(r).energy_min_players[sp]


def energy_of(d: dict[str, Any], seat: int) -> list[tuple[str, int]]:
    """(space, type) of the seat's energy on the Pilgrim Board."""
    return [(sp, c % 4) for sp, c in d["energy"].items() if c >= 0 and c // 4 == seat]


def on_summit(r: Rules, d: dict[str, Any], seat: int) -> bool:
    return str(d["pos"][seat]) in board(r).summit_vp


def space_words(r: Rules, s: GameState | None, sp: str) -> str:
    """A Pilgrim Board space in words (the board's spaces have no printed names)."""
    b = board(r)
    if sp == b.start:
        return "the starting space"
    if sp in b.summit_vp:
        return f"the summit ({b.summit_vp[sp]} VP)"
    if sp in b.tier and sp.startswith("pb_frame"):
        if s is not None and NAME in s.ext and sp in pdata(s)["frames"]:
            return b.shrines[pdata(s)["frames"][sp]].name
        return f"a Shrine frame in tier {ROMAN[b.tier[sp]]}"
    if sp == b.file.summit.id:
        return "the summit"
    return f"tier {ROMAN[b.tier[sp]]}"


def place_words(r: Rules, d: dict[str, Any], seat: int) -> str:
    """Where a seat's Pilgrimage ended, in the words of its score (R27.10): "start",
    "tier II", "summit"."""
    b = board(r)
    sp = str(d["pos"][seat])
    if sp in b.summit_vp or sp == b.file.summit.id:
        return "summit"
    tier = 0 if sp == b.start else b.tier.get(sp, 0)
    return f"tier {ROMAN[tier]}" if tier else "start"


def score_position(r: Rules, d: dict[str, Any], seat: int) -> int:
    """R27.10: tier I 4, II 9, III 15, the summit space's value 20-25; the start 0 (O56)."""
    b = board(r)
    sp = str(d["pos"][seat])
    if sp in b.summit_vp:
        return b.summit_vp[sp]
    return b.tier_vp.get(b.tier[sp], 0)

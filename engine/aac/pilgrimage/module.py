"""The Pilgrimage module (R27) as a ModuleDef: setup, the triggers it listens to, the Pilgrim
Board's energy spaces as a location (R27.3), the Shrine completion kind (R27.5), the game-end
condition (R27.10), its score categories and invariants. With Folklore the shared parts
(Doublers, Scoring Cards: engine.aac.expansion) act once."""

from __future__ import annotations

from engine.aac.core import Ctx
from engine.aac.data import TYPES, WILD, Rules
from engine.aac.expansion import with_shared
from engine.aac.locations import EnergyLocation
from engine.aac.modules import CompletionKind, EndCondition, ModuleDef
from engine.aac.names import ENERGY
from engine.aac.pilgrimage import rules
from engine.aac.pilgrimage.schema import PilgrimageData
from engine.aac.pilgrimage.state import (
    LOC,
    NAME,
    active,
    board,
    energy_of,
    open_space,
    pdata,
    score_position,
)
from engine.aac.state import EMPTY, GameState
from engine.kernel.decisions import Choice
from engine.kernel.definition import ScoreCategory

TEXT = ("Beside the map stands the Pilgrim Board. Energy placed on its spaces starts a Shrine "
        "completion at the end of a turn: Shrines are built, Pilgrimages climb up to speed "
        "plus their energy there, and a Shrine entered gives its benefit. Recharging may raise "
        "speed instead; Blockades cost speed. Tiers score 4 to 25, Blockades 2 each.")


# --- the Pilgrim Board's energy spaces as a location (R27.3) -----------------------------------


def _take(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    cells = pdata(ctx.s)["energy"]
    assert cells[rest] == seat * 4 + t, "no such energy on the Pilgrim Board"
    cells[rest] = EMPTY


def _put(ctx: Ctx, seat: int, rest: str, t: int) -> None:
    cells = pdata(ctx.s)["energy"]
    assert cells[rest] == EMPTY, "the Pilgrim Board space is taken"
    cells[rest] = seat * 4 + t


def _count(s: GameState, seat: int) -> list[int]:
    tot = [0, 0, 0, 0]
    if active(s):
        for _, t in energy_of(pdata(s), seat):
            tot[t] += 1
    return tot


def _sources(ctx: Ctx, seat: int, t_req: int) -> list[tuple[str, int]]:
    """R27.3.5: a Running Out location (one choice per type)."""
    if not active(ctx.s):
        return []
    out: list[tuple[str, int]] = []
    seen: set[int] = set()
    for sp, t in energy_of(pdata(ctx.s), seat):
        if t not in seen and (t_req < 0 or t == t_req):
            seen.add(t)
            out.append((f"{LOC}:{sp}", t))
    return out


def _reposition(ctx: Ctx, seat: int) -> list[tuple[str, int]]:
    """R27.3.3: Reposition may move energy off the board."""
    if not active(ctx.s):
        return []
    return [(f"{LOC}:{sp}", t) for sp, t in energy_of(pdata(ctx.s), seat)]


def _destinations(ctx: Ctx, seat: int, t: int, src: str, exclude_monument: str, prefix: str,
                  mw: int) -> list[Choice]:
    """R27.3.1-R27.3.4, R27.3.6: an empty space of the energy's type, any for a Wild; never
    from the board back onto it; the bottom-right Compass space only at 3+ players."""
    if not active(ctx.s) or src.startswith(LOC + ":"):
        return []
    b = board(ctx.r)
    out: list[Choice] = []
    seen: set[int] = set()
    for sp, cell in pdata(ctx.s)["energy"].items():
        st = b.energy_types[sp]
        if cell != EMPTY or not (t == WILD or st == t) or st in seen:
            continue
        if not open_space(ctx.r, ctx.s, sp):
            continue
        seen.add(st)  # spaces of one type are alike: one choice each
        loc = f"{LOC}:{sp}"
        out.append(Choice(f"{prefix}{TYPES[t]}>{loc}",
                          f"{ENERGY[t]} to the Pilgrim Board ({ENERGY[st]} space)", (loc,),
                          (loc, t, 0)))
    return out


def _words(r: Rules, rest: str) -> str:
    return f"the Pilgrim Board ({ENERGY[board(r).energy_types[rest]]} space)"


LOCATION = EnergyLocation(LOC, _take, _put, _count, _words, running_out=_sources,
                          destinations=_destinations, reposition=_reposition)


# --- scoring (R27.4, R27.10) and the game end ---------------------------------------------------


def position_vp(ctx: Ctx, seat: int) -> int:
    return score_position(ctx.r, pdata(ctx.s), seat) if active(ctx.s) else 0


def blockade_vp(ctx: Ctx, seat: int) -> int:
    if not active(ctx.s):
        return 0
    b = board(ctx.r)
    return sum(b.blockades[bl].vp for bl, x in pdata(ctx.s)["blockades"].items() if x == seat)


def shrines_built(ctx: Ctx) -> bool:
    """R27.10: the game ends only once every Shrine is constructed too."""
    return not active(ctx.s) or not pdata(ctx.s)["supply"]


# --- invariants ---------------------------------------------------------------------------------


def invariants(ctx: Ctx) -> list[str]:
    """Speed 0-2; every Pilgrimage on a board space, one per one-Pilgrimage space; the 8
    Shrines each in the supply or one frame; Blockades kept by a seat or on the board; board
    energy of the space's type (or Wild), none on a closed space."""
    s, r = ctx.s, ctx.r
    d = pdata(s)
    b = board(r)
    errs: list[str] = []
    spaces = set(b.tier)
    # a Pilgrimage being moved may stand on an occupied space for a moment: it is skipping
    # over the one there (R27.8.4) and moves on before its movement ends (its frame says so)
    moving = {f.seat for f in s.stack if isinstance(f, rules.PilgrimMoveFrame)}
    for seat in range(s.n):
        if not 0 <= d["speed"][seat] <= b.max_speed:
            errs.append(f"pilgrimage seat {seat}: speed {d['speed'][seat]}")
        sp = d["pos"][seat]
        if sp not in spaces or sp == b.file.summit.id:
            errs.append(f"pilgrimage seat {seat}: on {sp!r}")
        elif rules.occupied(ctx, seat, sp) and seat not in moving and any(
                d["pos"][o] == sp and o not in moving for o in range(s.n) if o != seat):
            errs.append(f"pilgrimage seat {seat}: shares {sp}")
    shrines = list(d["supply"]) + list(d["frames"].values())
    if sorted(shrines) != sorted(b.shrines):
        errs.append(f"pilgrimage: Shrines {shrines}")
    if any(f not in b.frames for f in d["frames"]):
        errs.append("pilgrimage: a Shrine outside the frames")
    if set(d["blockades"]) != set(b.blockades) or any(
            not -1 <= x < s.n for x in d["blockades"].values()):
        errs.append(f"pilgrimage: Blockades {d['blockades']}")
    for sp, cell in d["energy"].items():
        if cell == EMPTY:
            continue
        if not (cell % 4 == WILD or cell % 4 == b.energy_types[sp]) or cell // 4 >= s.n:
            errs.append(f"pilgrimage: energy {cell} on {sp}")
        if not open_space(r, s, sp):
            errs.append(f"pilgrimage: energy on the closed space {sp}")
    in_play = {p.character for p in s.players}
    for sp, char in d.get("marked", {}).items():
        if sp not in d["energy"] or open_space(r, s, sp) or char in in_play:
            errs.append(f"pilgrimage: {sp} marked with {char}")
    return errs


MODULE = with_shared(ModuleDef(
    NAME, "Pilgrimage", TEXT,
    setup=rules.setup,
    end_conditions=(EndCondition("shrines_built", shrines_built),),
    triggers={
        "recharge": rules.on_recharge,
        "pay_speed": rules.pay_speed,
        "end_of_advance_options": rules.end_of_advance_options,
    },
    locations=(LOCATION,),
    completion_kinds=(CompletionKind(rules.KIND, rules.completion_choice, rules.resolve,
                                     rules.detect),),
    score_categories=(
        (ScoreCategory("pilgrimage", "Pilgrimage", "Pilgrimage", "Pilgrimage position",
                       module=NAME), position_vp),
        (ScoreCategory("blockades", "Blockade Tokens", "Blockades", module=NAME), blockade_vp),
    ),
    invariants=invariants,
    ext_schemas={NAME: PilgrimageData},
))

"""Engine invariants checked by the simulator and the property tests."""

from __future__ import annotations

from engine.aac import locations
from engine.aac.core import Ctx
from engine.aac.modules import enabled
from engine.aac.state import EMPTY, GameState


def energy_locations(s: GameState, seat: int) -> list[int]:
    """Count this seat's energy per type over every location (R1.5, engine.aac.locations)."""
    return locations.counts(s, seat)


def check(ctx: Ctx) -> list[str]:
    """Return a list of violated invariants (empty when all hold)."""
    s, r = ctx.s, ctx.r
    errs: list[str] = []
    for p in s.players:
        if not p.character:
            continue
        want = list(r.characters[p.character].energy)
        got = energy_locations(s, p.seat)
        if got != want and p.device:
            errs.append(f"seat {p.seat}: energy {got} != {want}")
        if p.device and (len(p.device) != 5 or len(p.staging) != 2):
            errs.append(f"seat {p.seat}: {len(p.device)} active + {len(p.staging)} staging tiles")
        if p.device and len(set(p.device + p.staging)) != 7:
            errs.append(f"seat {p.seat}: duplicate tiles")
        for arr, name in ((p.exhausted, "exhausted"), (p.reserve, "reserve"), (p.shop, "shop")):
            if min(arr) < 0:
                errs.append(f"seat {p.seat}: negative {name}")
        if p.reserve and max(p.reserve) > 2:
            errs.append(f"seat {p.seat}: reserve above 2")
        for t in p.staging:
            if any(x != EMPTY for x in p.top[t] + p.bottom[t]):
                errs.append(f"seat {p.seat}: energy on a staging tile")
        for tr in p.tracks:
            if tr[0] != EMPTY and not 1 <= tr[1] <= r.track_top:
                errs.append(f"seat {p.seat}: track peg {tr[1]}")
        if p.patron and s.monuments[p.patron].patron:
            errs.append(f"seat {p.seat}: patron held and on the board")
    for reg, rows in s.bound.items():
        for seat_row in rows:
            if min(seat_row) < 0:
                errs.append(f"negative bound count in {reg}")
    for mid, m in s.monuments.items():
        if m.stack and len(m.spaces) != len(r.sections[m.stack[0]].symbols):
            errs.append(f"{mid}: space count mismatch")
    for sp, b in s.bridges.items():
        if b.startswith("p:"):
            _, seat_s, tier_s = b.split(":")
            if s.players[int(seat_s)].bridge_loc[int(tier_s) - 1] != sp:
                errs.append(f"bridge {sp} out of sync")
    for mod in enabled(s.modules):  # each module's own checks
        if mod.invariants is not None and mod.name in s.ext:
            errs.extend(mod.invariants(ctx))
    return errs

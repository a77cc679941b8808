"""Engine invariants checked by the simulator and the property tests."""

from __future__ import annotations

from engine.aac.core import Ctx
from engine.aac.state import EMPTY, GameState


def energy_locations(s: GameState, seat: int) -> list[int]:
    """Count this seat's energy per type over every location (R1.5)."""
    p = s.players[seat]
    tot = [0, 0, 0, 0]
    for arr in (p.exhausted, p.reserve, p.shop):
        for t in range(4):
            tot[t] += arr[t]
    for tile in p.device + p.staging:
        for t in p.top[tile] + p.bottom[tile]:
            if t != EMPTY:
                tot[t] += 1
    for tr in p.tracks:
        if tr[0] != EMPTY:
            tot[tr[0]] += 1
    for m in s.monuments.values():
        for c in m.spaces:
            if c >= 0 and c // 4 == seat:
                tot[c % 4] += 1
    for rows in s.bound.values():
        for t in range(4):
            tot[t] += rows[seat][t]
    for c in s.pillars.values():
        if c >= 0 and c // 4 == seat:
            tot[c % 4] += 1
    for cols in s.ach.values():
        for c in cols:
            if c >= 0 and c // 4 == seat:
                tot[c % 4] += 1
    return tot


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
    return errs

"""The bots' evaluation terms for the Pilgrimage module (R27); engine.aac.bots.evaluate adds
them when a game has it (`active`).

The Pilgrimage's score is in the current score already (the module's score categories: the
tier or summit VP, R27.10, and 2 VP per Blockade kept, R27.7.1). What is still to come:

- The path (`Path`): the board walked as one line of spaces, the starting space to the summit
  (R27.8.1). A Shrine sits beside a path space and leads on to the next one (the catalog's
  `beside_space` / `exit_space`), so a Pilgrimage on a Shrine counts as on its beside space;
  the walk never enters a Shrine (entering one stops the move, R27.8.3; its benefit is valued
  when it is on offer, below).
- `walk`: where an allowance of steps takes the Pilgrimage: forward along the path, skipping
  another Pilgrimage for free (R27.8.4), paying a Blockade still on the board with speed or
  stopping before it (R27.7.1, R27.7.2; its 2 VP to the payer), the summit ending the move on
  its highest-value empty space (R27.7.4).
- `progress_vp`: the tier VP of a path space plus the part of the way to the next tier (the
  next tier's VP counted linearly over the steps to it): a smooth measure, so a step inside a
  tier is worth something before the tier's VP is scored.
- Movement on the way ("pil_now", counted as scored, times a certainty): a Pilgrimage moving
  now (a PilgrimMoveFrame: its steps left, R27.6), a seat still to do step B of the Shrine
  completion being resolved (speed + its energy on the board, R27.5.2 B), or a seat with
  energy on the board while a Shrine completion is pending or will be at the end of the turn
  (someone has 2 or more there, R27.5.1: completing and contributing players both move);
  1 energy alone and nobody with 2 is a contribution that needs another's completion
  ("pil_one" certainty). The gain is progress_vp after the walk less before (its Blockades'
  VP included). Opponents' movement counts for them, so feeding another player's
  contribution (R27.5.1: a contributing player moves too) costs in the relative value.
- Movement to come ("pil_later", faded as the end nears like every potential): "pil_rounds"
  further Shrine completions of (speed + 2) steps each: this is what speed is worth (R27.2.1:
  a recharge may raise it instead), and a Blockade ahead that the speed cannot pay stops the
  walk (R27.7.2). "pil_progress" x the part of the way into the current tier (progress_vp
  less the tier VP scored).
- Energy on the board ("pil_energy" each): it scores nothing (R27.4) but comes back, activated
  or exhausted, at the completion's step C (R27.5.2 C).
- A Shrine benefit on offer ("pil_benefit"): the Pilgrimage entered a Shrine (R27.8.3).
- Shrines still to build (`shrines_left`): the game cannot end until every Shrine is built
  (R27.10), so engine.aac.bots.evaluate counts them, two to a monument section (each Shrine
  completion builds one per taking part player, R27.5.2 A), in how near the end is (the
  "finish" and "tempo" terms) and in the stall pressure.

Everything read here is public (the Pilgrim Board, speeds, the Shrine supply: R27.5.6).
Each term is 0 without its weight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.aac.data import Rules
from engine.aac.pilgrimage.rules import (
    KIND,
    PilgrimMoveFrame,
    ShrineBenefitFrame,
    ShrineResolveFrame,
)
from engine.aac.pilgrimage.state import NAME, board, pdata
from engine.aac.state import GameState

SHRINES_PER_SECTION = 2.0  # shrines left counted as one monument section each this many
NEXT_STEPS = 2  # the board energy of a later Shrine completion (R27.5.1: 2 make a completer)


def active(s: GameState) -> bool:
    return bool(s.ext) and NAME in s.ext


@dataclass(frozen=True, slots=True)
class Path:
    """The Pilgrim Board as one line (see the module docstring)."""

    spaces: tuple[str, ...]  # the path, the start first; the last entry is the summit group
    index: dict[str, int]  # path space, Shrine frame (its beside space) or summit space
    blockade_into: dict[int, str]  # path index -> the Blockade on the edge into it
    tier: tuple[int, ...]  # per path index
    tier_vp: dict[int, int]
    entry: dict[int, int]  # tier -> the path index of its first space


_PATHS: dict[int, tuple[object, Path]] = {}


def path(r: Rules) -> Path:
    b = board(r)
    hit = _PATHS.get(id(b))
    if hit is not None and hit[0] is b:
        return hit[1]
    summit = b.file.summit.id
    spaces = [b.start]
    into: dict[int, str] = {}
    while spaces[-1] != summit:
        nxt = [(to, bl) for to, bl in b.nexts.get(spaces[-1], ()) if to not in b.frames]
        assert len(nxt) == 1, f"the Pilgrim Board path forks at {spaces[-1]}"
        to, bl = nxt[0]
        if bl:
            into[len(spaces)] = bl
        spaces.append(to)
    index = {sp: i for i, sp in enumerate(spaces)}
    for fr in b.file.shrine_frames:
        index[fr.id] = index[fr.beside_space]
    for sp in b.summit:
        index[sp] = len(spaces) - 1
    tiers = tuple(b.tier[sp] for sp in spaces)
    entry: dict[int, int] = {}
    for i, t in enumerate(tiers):
        entry.setdefault(t, i)
    p = Path(tuple(spaces), index, into, tiers, dict(b.tier_vp), entry)
    _PATHS[id(b)] = (b, p)
    return p


def summit_vp(r: Rules, d: dict[str, Any], seat: int) -> int:
    """The value of the highest-value summit space no other Pilgrimage holds (R27.7.4)."""
    b = board(r)
    taken = {d["pos"][o] for o in range(len(d["pos"])) if o != seat}
    return next((b.summit_vp[sp] for sp in b.summit if sp not in taken), 0)


def progress_vp(r: Rules, d: dict[str, Any], seat: int, i: int) -> float:
    """The tier VP at path index i plus the linear part of the way to the next tier's VP."""
    p = path(r)
    last = len(p.spaces) - 1
    if i >= last:
        return float(summit_vp(r, d, seat))
    t = p.tier[i]
    here = p.tier_vp.get(t, 0)
    nxt_i = p.entry.get(t + 1, last)
    nxt_vp = p.tier_vp[t + 1] if t + 1 in p.tier_vp else summit_vp(r, d, seat)
    start = p.entry[t]
    span = max(1, nxt_i - start)
    return here + (nxt_vp - here) * (i - start) / span


def walk(r: Rules, d: dict[str, Any], seat: int, i: int, steps: int, speed: int,
         paid: frozenset[str] = frozenset()) -> tuple[int, int, int, frozenset[str]]:
    """(path index reached, speed left, Blockade VP gained, Blockades paid) for `steps` of
    Pilgrimage movement from path index i (R27.7, R27.8; see the module docstring)."""
    p = path(r)
    b = board(r)
    last = len(p.spaces) - 1
    # one Pilgrimage per path space but the start (R27.8.4); a Shrine holds any number
    others = {p.index[x] for o in range(len(d["pos"])) if o != seat
              and (x := str(d["pos"][o])) in p.spaces[1:-1]}
    gained = 0
    while steps > 0 and i < last:
        j = i + 1
        bl = p.blockade_into.get(j, "")
        if bl and d["blockades"][bl] < 0 and bl not in paid:
            cost = b.blockades[bl].speed_reduction
            if speed < cost:
                break  # R27.7.2
            speed -= cost
            gained += b.blockades[bl].vp
            paid = paid | {bl}
        i = j
        if j < last and j in others:
            continue  # a free skip (R27.8.4)
        steps -= 1
    return i, speed, gained, paid


def board_counts(s: GameState, d: dict[str, Any]) -> list[int]:
    out = [0] * s.n
    for c in d["energy"].values():
        if c >= 0:
            out[c // 4] += 1
    return out


def moving_now(s: GameState, d: dict[str, Any], counts: list[int], w: dict[str, float]
               ) -> tuple[list[int], list[float], list[bool]]:
    """Per seat: (steps of Pilgrimage movement on the way, their certainty, a Shrine benefit
    on offer); see the module docstring."""
    n = s.n
    steps = [0] * n
    cert = [0.0] * n
    benefit = [False] * n
    resolving = False
    for f in s.stack:
        if isinstance(f, ShrineResolveFrame):
            resolving = True
            for pos in range(f.idx, len(f.order)):
                seat = f.order[pos]
                if pos > f.idx or f.stage <= 1:  # step B still to come (R27.6)
                    steps[seat] = int(d["speed"][seat]) + counts[seat]
                    cert[seat] = 1.0
        elif isinstance(f, PilgrimMoveFrame):
            steps[f.seat] = max(0, f.left)
            cert[f.seat] = 1.0
        elif isinstance(f, ShrineBenefitFrame):
            benefit[f.seat] = True
    if not resolving:
        pending = any(c.kind == KIND for c in s.completions) or max(counts, default=0) >= 2
        for seat in range(n):
            if cert[seat] or not counts[seat]:
                continue
            steps[seat] = int(d["speed"][seat]) + counts[seat]
            cert[seat] = 1.0 if pending else w.get("pil_one", 0.0)
    return steps, cert, benefit


def potentials(s: GameState, r: Rules, w: dict[str, float]) -> tuple[list[float], list[float]]:
    """Per seat: (value counted as scored, value still to come, faded by the caller)."""
    n = s.n
    now = [0.0] * n
    later = [0.0] * n
    if s.over or not active(s):
        return now, later
    d = pdata(s)
    p = path(r)
    counts = board_counts(s, d)
    steps, cert, benefit = moving_now(s, d, counts, w)
    w_now, w_later = w.get("pil_now", 0.0), w.get("pil_later", 0.0)
    w_prog, rounds = w.get("pil_progress", 0.0), w.get("pil_rounds", 0.0)
    w_energy, w_ben = w.get("pil_energy", 0.0), w.get("pil_benefit", 0.0)
    last = len(p.spaces) - 1
    for k in range(n):
        now[k] += w_energy * counts[k] + (w_ben if benefit[k] else 0.0)
        i0 = p.index.get(str(d["pos"][k]), 0)
        if i0 >= last:
            continue  # on the summit for good (R27.7.4)
        speed = int(d["speed"][k])
        base = progress_vp(r, d, k, i0)
        scored = float(p.tier_vp.get(p.tier[i0], 0))
        later[k] += w_prog * (base - scored)
        c = cert[k] if steps[k] else 0.0
        if c and w_now:
            i1, speed1, got, paid = walk(r, d, k, i0, steps[k], speed)
            now[k] += w_now * c * (progress_vp(r, d, k, i1) - base + got)
            later[k] += c * w_later * _to_come(r, d, k, i1, speed1, rounds, paid)
        if c < 1.0:  # the movement may not come: the later rounds from where it stands
            later[k] += (1.0 - c) * w_later * _to_come(r, d, k, i0, speed, rounds, frozenset())
    return now, later


def _to_come(r: Rules, d: dict[str, Any], seat: int, i: int, speed: int, rounds: float,
             paid: frozenset[str]) -> float:
    """Progress VP (and Blockade VP) of `rounds` later Shrine completions from path index i."""
    if not rounds:
        return 0.0
    fut = int(round(rounds * (speed + NEXT_STEPS)))
    i2, _, got, _ = walk(r, d, seat, i, fut, speed, paid)
    return progress_vp(r, d, seat, i2) - progress_vp(r, d, seat, i) + got


def shrines_left(s: GameState) -> int:
    """Shrines still in the supply (R27.10: the game ends only once all are built)."""
    return len(pdata(s)["supply"]) if active(s) else 0


def builds_coming(s: GameState) -> int:
    """Shrines the Shrine completion being resolved or coming at the end of the turn will
    still build: one per listed player before their step A (R27.5.2 A), at most the supply."""
    d = pdata(s)
    left = len(d["supply"])
    if not left:
        return 0
    for f in s.stack:
        if isinstance(f, ShrineResolveFrame):
            return min(left, len(f.order) - f.idx - (1 if f.stage >= 1 else 0))
    counts = board_counts(s, d)
    if max(counts, default=0) < 2 and not any(c.kind == KIND for c in s.completions):
        return 0
    return min(left, sum(1 for c in counts if c))


def sections_left(s: GameState) -> float:
    """The Shrines still to build, less those a Shrine completion on the way builds, as
    monument sections (see SHRINES_PER_SECTION)."""
    if not active(s):
        return 0.0
    return (shrines_left(s) - builds_coming(s)) / SHRINES_PER_SECTION


def fingerprint(s: GameState) -> tuple[Any, ...]:
    """The Pilgrimage state a plan step expects (all of it public)."""
    if not active(s):
        return ()
    d = pdata(s)
    return (tuple(d["pos"]), tuple(d["speed"]), tuple(d["supply"]),
            tuple(sorted(d["frames"].items())), tuple(sorted(d["blockades"].items())),
            tuple(d["energy"].values()))

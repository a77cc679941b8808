"""The bots' evaluation terms for the expansion parts (Folklore R26, Doublers R29, Scoring
Cards R30); engine.aac.bots.evaluate adds them when a game has those parts.

- Doublers: an energy carrying one counts 2 (R29.1, R29.3), so the bound counts the fast
  score path uses get each Doubler's extra 1 (`add_doublers`), at monuments and on Pillars
  (the Pillar cap is the score table's end, R29.3.2).
- Scoring Cards: the holder's gain over the standard values with its best application
  (engine.aac.expansion.scoring_cards.card_gain, R30.2-R30.5). The rules show it only at final
  scoring (the cards are face down); the bots count it all game long, the card being as good
  as scored (weight "scoring_card"). A bot evaluates a determinized state (its own cards from its
  view, another seat's sampled from the unseen ones), so this never reads a hidden card.
- The Folklore Track (R26.5): its VP is in the current score already (the module's score
  category); what is still to come is the plays left, each worth the next Track step's
  marginal VP (every Folklore Card has exactly one "move up 1" option, R28.1; a test in
  tests/test_bots_folklore.py checks it) and every further option (the first card's extra
  one, R26.3.4) worth "folk_option_floor", as is a step past the Track's top. A card being
  resolved counts what it still gives (`resolving`), the owner's reply (R26.3.3) one step.
  Plays left = the fewest of the cards in hand, the Artifacts not yet placed (in the slots or
  primed) and the regions still open to an Artifact (R26.3.7: one per region, the first not in
  the starting region).
  Plays count at "folk_play" of their value; the next one at "folk_primed" more when an
  Artifact is primed (a play is one placement away), and "folk_spot" x (1 - steps / FAR) more,
  steps from the figure to the nearest space where that Artifact may go (`open_distance`).
  These weights sum below 1, so a play made is worth more than one in prospect; as the
  other potentials do, they fade as the end nears.
  With "folk_action" the primed play is valued instead by the Movement actions still needed
  to place it (R6.5.4: 2 character steps each, `STRIDE`): "folk_reach" less "folk_action" per
  action, at least one unless the seat is moving now with the steps left to get there
  (`in_reach`, R26.3.6); steps are counted keeping the figure's facing with "folk_facing"
  (R12.2: never back the way it came; R12.5: a Bridge Gap turns it), up to "folk_far".
  "folk_contest" x the option floor x nearness: an opponent's Artifact in an open region to
  place on (R26.3.3: two options). "folk_recharge" more for the next play while none is
  primed and a Reserve pair is one energy from its refresh (R17.3: a recharge, which may
  prime one, R26.2.1). Each term is 0 without its weight (the first evaluation's behaviour).
"""

from __future__ import annotations

from typing import Any

from engine.aac.catalog.effects import FolkloreTrackEffect
from engine.aac.core import Ctx
from engine.aac.data import Rules
from engine.aac.expansion import doublers, scoring_cards
from engine.aac.folklore.rules import CardFrame
from engine.aac.folklore.state import (
    NAME,
    TRACK_VP,
    artifact_regions,
    artifacts_out,
    option,
)
from engine.aac.rules.movement import MoveFrame
from engine.aac.state import GameState

TOP = len(TRACK_VP) - 1


def has_parts(s: GameState) -> bool:
    """Does the game hold any expansion part these terms value?"""
    return bool(s.ext) and (NAME in s.ext or doublers.KEY in s.ext or scoring_cards.KEY in s.ext)


def add_doublers(s: GameState, r: Rules, bound_n: dict[str, list[int]],
                 pillars_n: list[int]) -> None:
    """Add each Doubler's extra 1 to the per-region bound counts and the Pillar counts
    (R29.3.1, R29.3.2), in place."""
    d: dict[str, Any] | None = s.ext.get(doublers.KEY)
    if not d:
        return
    for reg, rows in d["areas"].items():
        vals = bound_n.get(reg)
        if vals is None:
            continue
        for k, row in enumerate(rows):
            vals[k] += sum(row)
    for sp in d["pillars"]:
        e = s.pillars.get(sp, -1)
        if e >= 0:
            pillars_n[e // 4] += 1


def track_gain(pos: int, options: int) -> float:
    """Folklore Track VP of `options` more steps from `pos` (R26.5), 0 past the top."""
    end = min(TOP, pos + options)
    return float(TRACK_VP[end] - TRACK_VP[pos]) if end > pos else 0.0


def _has_step(r: Rules, oid: str) -> bool:
    """Does this option move its performer up the Folklore Track?"""
    return any(isinstance(e, FolkloreTrackEffect) and e.steps > 0
               for e in option(r, oid)[1].effects)


def resolving(s: GameState, r: Rules, seat: int) -> tuple[int, int, bool]:
    """For a card the seat is resolving (R26.3.2-R26.3.4) or its reply as the owner of a
    contested Artifact (R26.3.3): (Track steps still to take, other options still to perform,
    whether the card is still in the hand); (0, 0, False) when none is resolving."""
    steps = others = 0
    in_hand = False
    for f in s.stack:
        if not isinstance(f, CardFrame):
            continue
        if f.seat == seat and f.stage <= 2:
            need = 2 if f.owner >= 0 else 1
            left = (max(0, need - len(f.done)) if f.stage <= 1 else 0) + int(f.first)
            in_hand = in_hand or f.stage == 0
            step = 1 if left and not any(_has_step(r, o) for o in f.done) else 0
            steps += step
            others += left - step
        elif f.owner == seat and f.stage <= 3:
            steps += 1  # any played card's "move up 1" option (every card has one)
    return steps, others, in_hand


def plays_left(s: GameState, r: Rules, d: dict[str, Any], seat: int, in_hand: bool = False
               ) -> int:
    """How many more Folklore Cards the seat can still play (see the module docstring);
    `in_hand`: one card of the hand is being played already."""
    hand = len(d["hand"][seat]) - int(in_hand)
    arts = int(d["slots"][seat]) + int(bool(d["primed"][seat]))
    if hand <= 0 or not arts:
        return 0
    taken = artifact_regions(r, d, seat)
    free = len(r.regions) - len(taken)
    if artifacts_out(d, seat) == 0 and s.players[seat].start_region not in taken:
        free -= 1  # the first Artifact not in the starting region (R26.3.7)
    return max(0, min(hand, arts, free))


RESOLVING = 0.95  # the options of a card being resolved: as good as performed


def folklore_potential(s: GameState, r: Rules, d: dict[str, Any], seat: int,
                       w: dict[str, float]) -> float:
    """The value of the seat's Folklore options still to come (before the fade)."""
    steps, others, in_hand = resolving(s, r, seat) if s.stack else (0, 0, False)
    n = plays_left(s, r, d, seat, in_hand)
    if n == 0 and steps + others == 0:
        return 0.0
    floor = w.get("folk_option_floor", 0.0)
    pos = int(d["track"][seat])
    first = not d["played"][seat] and not in_hand

    def gain(up: int, more: int) -> float:
        nonlocal pos
        got = min(TOP - pos, up)
        g = track_gain(pos, got) + floor * (more + up - got)
        pos += got
        return g

    total = RESOLVING * gain(steps, others) if steps + others else 0.0
    primed = bool(d["primed"][seat])
    for i in range(n):
        g = gain(1, 1 if first and i == 0 else 0)
        weight = w.get("folk_play", 0.0)
        if i == 0 and primed:
            weight += w.get("folk_primed", 0.0)
            spot, contest = w.get("folk_spot", 0.0), w.get("folk_contest", 0.0)
            act = w.get("folk_action", 0.0)
            if spot or contest or act:
                far = int(w.get("folk_far", FAR))
                near, rival = open_distances(s, r, d, seat, far, w.get("folk_facing", 0.0) > 0)
                if act:  # by the movement activations still needed to place it
                    reach = w.get("folk_reach", 0.0)
                    need = 0 if in_reach(s, d, seat, near) else max(1, -(-near // STRIDE))
                    weight = max(weight, reach - act * need)
                else:
                    weight += spot * (1.0 - near / far)
                if contest and rival < far:  # two options there (R26.3.3)
                    g += contest * (1.0 - rival / far) * floor
        elif i == 0 and not primed and not in_hand:
            # the next recharge primes it (R26.2.1): a Reserve pair one energy from its
            # refresh (R17.3) is a recharge on the way
            rc = w.get("folk_recharge", 0.0)
            if rc and any(x == 1 for x in s.players[seat].reserve):
                weight += rc
        total += weight * g
    return total


def in_reach(s: GameState, d: dict[str, Any], seat: int, near: int) -> bool:
    """Is the seat moving with character movement it generated (R26.3.6) and enough of it
    left to walk `near` steps, with no Artifact placed this turn (R26.3.7)? Then the
    placement is one walk away, within this movement opportunity."""
    if d["placed"][seat] == s.turn:
        return False
    for f in reversed(s.stack):
        if type(f) is MoveFrame and f.seat == seat:
            return f.gained > 0 and f.char + f.flex >= near
    return False


def open_regions(s: GameState, r: Rules, d: dict[str, Any], seat: int) -> frozenset[str]:
    """Regions where the seat's next Artifact may go (R26.3.7: one per region, counting bound
    Artifacts; the first not in the starting region)."""
    taken = set(artifact_regions(r, d, seat))
    if artifacts_out(d, seat) == 0:
        taken.add(s.players[seat].start_region)
    return frozenset(reg for reg in r.regions if reg not in taken)


STRIDE = 2  # the character steps of a Movement action (R6.5.4)
FAR = 4  # distances are counted up to this many steps (weight "folk_far" may change it)
_DIST: dict[tuple[Any, ...], tuple[int, int]] = {}


def open_distance(s: GameState, r: Rules, d: dict[str, Any], seat: int) -> int:
    """Steps from the seat's figure to the nearest region space (not a bridge space, R26.3.1)
    of a region open to its next Artifact: 0 where it stands (R26.3.6: it may place after
    generating movement and using none of it), FAR when none is that near. Walking ignores
    facing and other figures; Bridge Gaps block (R12.5)."""
    return open_distances(s, r, d, seat, FAR)[0]


def open_distances(s: GameState, r: Rules, d: dict[str, Any], seat: int, far: int,
                   facing: bool = False) -> tuple[int, int]:
    """(`open_distance` counted up to `far` steps, the steps to the nearest such space that
    holds another player's Artifact: a placement there performs two options, R26.3.3).
    With `facing` the walk keeps the figure's facing: never back the way it came (R12.2),
    turned around only by a Bridge Gap (R12.5)."""
    p = s.players[seat]
    sp = p.figure
    if not sp or sp not in r.neighbours:
        return far, far
    regs = open_regions(s, r, d, seat)
    if not regs:
        return far, far
    gaps = tuple(sorted(b for b, tok in s.bridges.items() if not tok))
    rivals = frozenset(x for x, seats in d["map"].items()
                       if seats and seat not in seats and x not in r.bridge_spaces
                       and r.space_regions[x][0] in regs)
    behind = p.behind if facing else None
    key = (id(r), sp, behind, regs, gaps, rivals, far)
    hit = _DIST.get(key)
    if hit is not None:
        return hit
    blocked = set(gaps)
    bridge = set(r.bridge_spaces)
    # walking states: (space, the neighbour behind it; "" = any way)
    seen: set[tuple[str, str]] = {(sp, behind or "")}
    ring: list[tuple[str, str]] = [(sp, behind or "")]
    dist = rival = far
    for step in range(far):
        if dist == far and any(x not in bridge and r.space_regions[x][0] in regs
                               for x, _ in ring):
            dist = step
        if rival == far and any(x in rivals for x, _ in ring):
            rival = step
        if dist < far and (rival < far or not rivals):
            break
        nxt: list[tuple[str, str]] = []
        for x, back in ring:
            for y in r.neighbours[x]:
                if facing and y == back:
                    continue
                if y in blocked:
                    if not facing or not back or back in blocked:
                        continue
                    st = (back, x)  # bounce: the step goes to the space behind
                else:
                    st = (y, x if facing else "")
                if st not in seen:
                    seen.add(st)
                    nxt.append(st)
        ring = nxt
    if len(_DIST) > 50_000:
        _DIST.clear()
    _DIST[key] = (dist, rival)
    return dist, rival


def potentials(s: GameState, r: Rules, w: dict[str, float]) -> tuple[list[float], list[float]]:
    """Per seat: (value counted as scored, value still to come). The first is the Scoring
    Cards' gain while the game runs (at the end it is in the score); the second the Folklore
    plays left (engine.aac.bots.evaluate fades it as the end nears)."""
    n = s.n
    now = [0.0] * n
    later = [0.0] * n
    wc = w.get("scoring_card", 0.0)
    if wc and not s.over and scoring_cards.KEY in s.ext:
        held = s.ext[scoring_cards.KEY]["held"]
        if any(held):
            ctx = Ctx(s, r)
            for k in range(n):
                if held[k] and scoring_cards.UNKNOWN not in held[k]:
                    now[k] = wc * scoring_cards.card_gain(ctx, k)
    d: dict[str, Any] | None = s.ext.get(NAME)
    if d is not None and not s.over:
        for k in range(n):
            later[k] = folklore_potential(s, r, d, k, w)
    return now, later


def fingerprint(s: GameState) -> tuple[Any, ...]:
    """The public part of the expansion state a plan step expects (no hidden card: a
    determinized state's sampled cards differ from one decision to the next)."""
    if not s.ext:
        return ()
    out: list[Any] = []
    d: dict[str, Any] | None = s.ext.get(NAME)
    if d is not None:
        out.append((tuple(d["track"]), tuple(d["slots"]), tuple(d["primed"]),
                     tuple(len(h) for h in d["hand"]), tuple(len(p) for p in d["played"]),
                     tuple(sorted((sp, tuple(x)) for sp, x in d["map"].items())),
                     tuple(d["placed"])))
    db: dict[str, Any] | None = s.ext.get(doublers.KEY)
    if db is not None:
        out.append((db["supply"], len(db["pillars"])))
    sc: dict[str, Any] | None = s.ext.get(scoring_cards.KEY)
    if sc is not None:
        out.append(tuple(len(h) for h in sc["held"]))
    return tuple(out)

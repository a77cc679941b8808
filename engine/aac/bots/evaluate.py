"""Position evaluation for the bots: an estimate of each seat's final score (R24).

`seat_values` estimates, per seat, the VP it will end with: its score if the game ended now
plus discounted potentials (energy on open sections, track progress towards binding, half-freed
reserve pairs, energy in the device and exhausted pool, the channel marker). Potentials shrink as
the game nears its end (tempo: few unconstructed sections left). `evaluate` turns that into one
number for a seat: its value minus a blend of the best and the mean opponent value.

HARD_WEIGHTS adds what people value (issue 16): the channel marker by what a second push
gains, device energy by whether it is used before it is pushed off, the Patron Token's cost
in actions and ending only with a safe lead, a section left one short for the next seat, and
engine building (upgrades, conduits, bridges).

Weights live in a plain dict so that bench/tune_bots.py can tune them by self-play.
"""

from __future__ import annotations

from engine.aac.bots import folk_eval, pil_eval
from engine.aac.core import Ctx, figure_value_in_pool
from engine.aac.data import Rules
from engine.aac.scoring import BASE_CATEGORIES, achievements_vp, bridge_vp, scorers
from engine.aac.state import GameState, PlayerState

# Simple weights (easy bot): current score plus a little of what is on the way.
SIMPLE_WEIGHTS: dict[str, float] = {
    "section_energy": 0.8,
    "section_participation": 1.5,
    "completer": 3.0,
    "track_monument": 2.0,
    "track_pillar": 2.0,
    "reserve_half": 0.0,
    "top_energy": 0.3,
    "bottom_energy": 0.3,
    "exhausted": 0.3,
    "charged": 0.0,
    "shop_claim": 0.0,
    "tempo": 0.0,
    "opp_max": 1.0,
    "opp_mean": 0.0,
    "starved": 0.0,
    "stall": 0.5,
    "tile_slots": 0.0,
    "tile_icons": 0.0,
    "finish": 0.0,
    "scoring_card": 1.0,
    "folk_play": 0.2,
    "folk_primed": 0.2,
    "folk_spot": 0.0,
    "folk_far": 6,
    "folk_action": 0.3,
    "folk_reach": 0.9,
    "folk_facing": 1.0,
    "folk_option_floor": 0.3,
    "folk_contest": 0.5,
    "folk_recharge": 0.1,
    "pil_now": 0.8,
    "pil_one": 0.3,
    "pil_later": 0.3,
    "pil_rounds": 1.0,
    "pil_progress": 0.3,
    "pil_energy": 0.3,
    "pil_benefit": 0.5,
}

# Stronger weights (normal / hard): set by hand from watched games; bench/tune_bots.py tries
# changes by self-play (its first run, 40 games per candidate, kept every value here).
STRONG_WEIGHTS: dict[str, float] = {
    "section_energy": 0.9,  # per own energy on an open / pending section
    "section_participation": 2.5,  # per section where the seat will take a perk
    "completer": 1.0,  # x marginal bound VP for the likely completer
    "track_monument": 1.0,  # x marginal bound VP x progress (peg / top)
    "track_pillar": 1.0,  # x marginal pillar VP x progress
    "reserve_half": 0.5,  # x marginal row VP for each half-freed reserve pair
    "top_energy": 0.8,  # per energy in a top row (will be deployed)
    "bottom_energy": 0.5,  # per energy in a bottom row (one action each)
    "exhausted": 0.35,  # per energy in the exhausted pool
    "charged": 0.8,  # a charged channel marker (a second push)
    "shop_claim": 0.0,  # per shop energy, beyond its 1 VP (buying power)
    "tempo": 0.6,  # how fast potentials fade as the game nears its end
    "opp_max": 0.6,
    "opp_mean": 0.4,
    "starved": 0.0,  # untuned (try ~1.5): no energy to act with (exhausted, device rows)
    "stall": 0.5,  # per section left per STALL_TURNS x seats past that
    "tile_slots": 1.2,  # per slot beyond a starting tile's two, on the seat's 7 tiles
    "tile_icons": 0.4,  # per icon beyond a starting set's three (achievements, movement)
    "finish": 1.0,  # x lead x closeness of the end: a leader wants the game over (R23.1)
    # expansion parts (engine.aac.bots.folk_eval)
    "scoring_card": 1.0,  # x a held Scoring Card's gain over the standard values (R30)
    "folk_play": 0.1,  # x the Folklore Track VP of a Folklore Card play still to come
    "folk_primed": 0.15,  # more for the next play when an Artifact is primed
    "folk_spot": 0.0,  # x (1 - steps to where that Artifact may go / folk_far), if no folk_action
    "folk_far": 6,  # steps counted to the nearest space an Artifact may go
    "folk_action": 0.3,  # primed: folk_reach less this per Movement action still needed to place
    "folk_reach": 0.9,  # primed: the placement within the current character movement
    "folk_facing": 1.0,  # > 0: steps counted keeping the figure's facing (R12.2, R12.5)
    "folk_option_floor": 0.5,  # an option that is no Folklore Track step (a Doubler...)
    "folk_contest": 0.8,  # x floor x nearness of an opponent's Artifact to place on (R26.3.3)
    "folk_recharge": 0.1,  # more for the next play, none primed: a pair one energy from a recharge
    # the Pilgrimage (engine.aac.bots.pil_eval)
    "pil_now": 0.9,  # x progress VP of the movement on the way (a Shrine completion, R27.5.2 B)
    "pil_one": 0.75,  # its certainty for 1 board energy while nobody has 2 (R27.5.1)
    "pil_later": 0.5,  # x progress VP of pil_rounds later completions of speed + 2 steps
    "pil_rounds": 2.0,
    "pil_progress": 0.5,  # x the progress VP inside the current tier
    "pil_energy": 0.35,  # per energy on the Pilgrim Board (it comes back, R27.5.2 C)
    "pil_benefit": 1.0,  # a Shrine's benefit on offer (R27.8.3)
}

# Hard: STRONG_WEIGHTS plus what people value (issue 16 item 2). Every key below is absent
# (or neutral) in the other weight sets, so easy and normal play as before.
HARD_WEIGHTS: dict[str, float] = {
    **STRONG_WEIGHTS,
    # the channel marker is worth what a second push gains, which the search sees when it
    # pushes: holding it pays little (R5.4)
    "charged": 0.25,
    # device energy by whether it can be used before it is pushed off (R5.2, O10): energy on
    # the tile at position 5 falls off at the next push; top-row energy at position 3 cannot
    # be deployed until pushed (the default Deploys take positions 1-2 and 4-5)
    # (0.4 / 0.7 against 0.6 / 0.8: the same 34-6 against normal, fewer Patron uses, more
    # second pushes and Actions turns, less energy pushed off)
    "edge": 0.4,
    "stuck_top": 0.7,
    # an action in the bottom row is worth more than an exhausted energy: the Monument
    # Patron Token's cost (R21.2) and an energy pushed off both give it up
    "bottom_energy": 0.7,
    # end the game only with a safe lead (R23.1): the `finish` term counts the lead less
    # this margin, so hastening the end with a small lead looks bad
    "finish_margin": 3.0,
    # a section one energy short is completed (and bound) by whoever acts first, with this
    # certainty: never leave one for the next seat for free (R15)
    "one_short": 0.7,
    # engine building (worth more early, fading with the game): an upgraded action (R18),
    # a conduit (R19), a bridge placed (R20: its ability uncovered)
    "upgrade": 1.0,
    "conduit": 0.8,
    "bridge_built": 1.0,
    # the Monument Patron Token's full cost beyond the bottom row it exhausts (R21.2-R21.3):
    # a use, plus the bound points the seat gives up there (nobody binds); 60 games against
    # normal at seed 41: 5.0 / 2.0 won 50-10 and built 24% of its own sections by Patron,
    # 6.0 / 3.0 won 49-11 at the same 24% (3.0 / 1.0: 29-33% over 200 games)
    "patron_use": 5.0,
    "patron_bind": 2.0,
    # half the old pull towards the end (the Patron rush): 40 games each at seed 3, hard
    # beat normal 31-9 with 1.0 and 34-6 with 0.5 and these Patron costs halved
    "finish": 0.5,
}

# Past STALL_TURNS turns per seat, every bot is pushed to complete sections (the game only ends
# when every monument is built, R23.1; a leader that stops building would stall it forever).
STALL_TURNS = 100


def stalled_weights(w: dict[str, float]) -> dict[str, float]:
    """Weights for a stalled table (engine.aac.bots.guard.StallWatch): shop energy counts for
    little and potentials keep their full value, so spending Tile Pool energy on building
    (R14 Running Out, Claim payments) looks worth it again."""
    out = dict(w)
    out["shop_vp"] = 0.25
    out["shop_claim"] = 0.0
    out["fade_floor"] = 1.0
    return out


def _progress_factor(s: GameState, w: dict[str, float]) -> float:
    """1.0 early; falls towards 0 as the last sections get built (potential is worth less)."""
    if s.over:
        return 0.0
    floor = w.get("fade_floor", 0.0)
    if floor:
        return floor
    left = sum(len(m.stack) for m in s.monuments.values()) + pil_eval.sections_left(s)
    if s.end_triggered:
        return 0.15
    tempo = w.get("tempo", 0.0)
    if tempo <= 0.0:
        return 1.0
    # ~left/(left+k): with k = 4*tempo, 12 sections left -> ~0.83, 2 left -> ~0.45
    k = 4.0 * tempo
    return left / (left + k) if left else 0.1


def current_scores(
    s: GameState, r: Rules, bound_n: dict[str, list[int]], pillars_n: list[int],
    shop_vp: float = 1.0,
) -> list[float]:
    """R24 totals per seat: the base game's six categories computed here from the counts
    given (fast: the bots' hot path), then every other score category of the game's modules
    through its own scorer (engine.aac.scoring.scorers), so a module's score counts too."""
    ctx = Ctx(s, r)
    extra = scorers(s.modules)[len(BASE_CATEGORIES):] if s.modules else ()
    top_bound = len(r.bound_vp) - 1
    top_pillar = len(r.pillar_vp) - 1
    has_ach = [False] * s.n
    for flat, mult in s.ach.values():
        if flat >= 0:
            has_ach[flat // 4] = True
        if mult >= 0:
            has_ach[mult // 4] = True
    out = []
    for k, p in enumerate(s.players):
        v = r.reserve_vp[sum(1 for x in p.reserve if x == 0)]
        v += sum(r.bound_vp[min(top_bound, vals[k])] for vals in bound_n.values())
        v += r.pillar_vp[min(top_pillar, pillars_n[k])]
        if p.bridge_loc[2] not in ("", "board", "box"):
            v += bridge_vp(ctx, k)
        if has_ach[k]:
            v += achievements_vp(ctx, k)
        for _, fn in extra:
            v += fn(ctx, k)
        out.append(float(v) + shop_vp * (sum(p.shop) + figure_value_in_pool(ctx, k)))
    return out


def _can_place(p: PlayerState) -> bool:
    """Has the seat energy on its device to place (a Deploy, or an action to reposition)?"""
    return any(x >= 0 for slots in p.top.values() for x in slots) or any(
        x >= 0 for slots in p.bottom.values() for x in slots)


def seat_values(s: GameState, r: Rules, w: dict[str, float]) -> list[float]:
    """Estimated final score per seat."""
    n = s.n
    top_bound = len(r.bound_vp) - 1
    top_pillar = len(r.pillar_vp) - 1
    # bound counts per seat per region
    bound_n = {reg: [sum(rows[k]) for k in range(n)] for reg, rows in s.bound.items()}
    pillars_n = [0] * n
    free_pillar = 0
    for e in s.pillars.values():
        if e >= 0:
            pillars_n[e // 4] += 1
        elif e == -1:
            free_pillar += 1
    expansion = folk_eval.has_parts(s)
    if expansion:
        folk_eval.add_doublers(s, r, bound_n, pillars_n)
    out = current_scores(
        s, r, bound_n, pillars_n, 1.0 if s.over else w.get("shop_vp", 1.0)
    )
    if s.over:
        return out
    if expansion:
        now, later = folk_eval.potentials(s, r, w)
    else:
        now = later = [0.0] * n
    if pil_eval.active(s):
        p_now, p_later = pil_eval.potentials(s, r, w)
        now = [a + b for a, b in zip(now, p_now, strict=True)]
        later = [a + b for a, b in zip(later, p_later, strict=True)]
    fade = _progress_factor(s, w)
    pending = {c.monument: c for c in s.completions if c.kind == "section"}
    able = [_can_place(p) for p in s.players]
    pot = [0.0] * n
    for mid, m in s.monuments.items():
        if not m.stack:
            continue
        region = r.monuments[mid].region
        counts = [0] * n
        for e in m.spaces:
            if e >= 0:
                counts[e // 4] += 1
        filled = sum(counts)
        total = len(m.spaces) or 1
        frac = filled / total
        comp = pending.get(mid)
        for k in range(n):
            if counts[k] == 0:
                continue
            pot[k] += w["section_energy"] * counts[k] + w["section_participation"] * (
                0.5 + 0.5 * frac
            )
        # the completer binds one energy: likely the seat with most energy (or the known one)
        one_short = w.get("one_short", 0.0)
        anyone = False  # the completer need not have energy there yet
        if comp is not None:
            cseat = comp.completer
            cert = 1.0
        elif one_short and total - filled == 1 and able[s.active]:
            # whoever acts first fills the last space and binds, a participant or not
            cseat = s.active
            cert = one_short
            anyone = True
            if counts[cseat] == 0:
                pot[cseat] += one_short * w["section_participation"]
        else:
            cseat = max(range(n), key=lambda k: counts[k]) if filled else -1
            cert = frac * frac
        if cseat >= 0 and (counts[cseat] > 0 or anyone):
            b = bound_n.get(region, [0] * n)[cseat]
            marg = r.bound_vp[min(top_bound, b + 1)] - r.bound_vp[min(top_bound, b)]
            pot[cseat] += w["completer"] * cert * marg
    best_bound_marg = [0.0] * n
    for k in range(n):
        best = 0
        for vals in bound_n.values():
            b = vals[k]
            best = max(best, r.bound_vp[min(top_bound, b + 1)] - r.bound_vp[min(top_bound, b)])
        best_bound_marg[k] = float(best)
    for k, p in enumerate(s.players):
        v = 0.0
        for ti, (etype, peg) in enumerate(p.tracks):
            if etype < 0:
                continue
            prog = min(1.0, peg / r.track_top) if r.track_top else 1.0
            if ti == 0:
                v += w["track_monument"] * prog * best_bound_marg[k]
            else:
                c = pillars_n[k]
                marg = r.pillar_vp[min(top_pillar, c + 1)] - r.pillar_vp[min(top_pillar, c)]
                if free_pillar == 0:
                    marg = 0
                v += w["track_pillar"] * prog * marg
        rows_done = sum(1 for x in p.reserve if x == 0)
        half = sum(1 for x in p.reserve if x == 1)
        if half and rows_done < len(r.reserve_vp) - 1:
            row_marg = r.reserve_vp[rows_done + 1] - r.reserve_vp[rows_done]
            v += w["reserve_half"] * half * row_marg
        top_e = 0
        bot_e = 0
        for slots in p.top.values():
            top_e += sum(1 for x in slots if x >= 0)
        for slots in p.bottom.values():
            bot_e += sum(1 for x in slots if x >= 0)
        v += w["top_energy"] * top_e + w["bottom_energy"] * bot_e
        edge, stuck = w.get("edge", 1.0), w.get("stuck_top", 1.0)
        if (edge != 1.0 or stuck != 1.0) and len(p.device) == 5:
            # energy soon pushed off, or not deployable where it sits, is worth less
            t5, t3 = p.device[4], p.device[2]
            top5 = sum(1 for x in p.top[t5] if x >= 0)
            bot5 = sum(1 for x in p.bottom[t5] if x >= 0)
            top3 = sum(1 for x in p.top[t3] if x >= 0)
            v -= (1.0 - edge) * (w["top_energy"] * top5 + w["bottom_energy"] * bot5)
            v -= (1.0 - stuck) * w["top_energy"] * top3
        if top_e + bot_e + sum(p.exhausted) == 0:
            v -= w.get("starved", 0.0)
        v += w["exhausted"] * sum(p.exhausted)
        if p.charged:
            v += w["charged"]
        v += w["shop_claim"] * sum(p.shop)
        w_slots, w_icons = w.get("tile_slots", 0.0), w.get("tile_icons", 0.0)
        if w_slots or w_icons:
            extra = icons = 0
            for tid in (*p.device, *p.staging):
                tile = r.tiles[tid]
                extra += tile.top + tile.bottom - 2
                icons += len(tile.icons)
            v += w_slots * extra + w_icons * max(0, icons - 3)
        w_up, w_con, w_br = w.get("upgrade", 0.0), w.get("conduit", 0.0), w.get(
            "bridge_built", 0.0)
        if w_up or w_con or w_br:
            v += w_up * sum(1 for a in p.actions if not a.startswith("act_default"))
            v += w_con * sum(1 for c in p.conduits if c)
            v += w_br * sum(1 for loc in p.bridge_loc if loc not in ("", "board"))
        pot[k] += v
    return [out[k] + now[k] + fade * (pot[k] + later[k]) for k in range(n)]


def closeness(s: GameState) -> float:
    """How near the game end is, 1/(1 + sections left), partly filled open sections counting
    as partly built: small at the start, 1/2 with one empty section left, 1 once it is over."""
    if s.over or s.end_triggered:
        return 1.0
    left = pil_eval.sections_left(s)  # the game also waits for every Shrine (R27.10)
    for m in s.monuments.values():
        if not m.stack:
            continue
        left += len(m.stack)
        if m.spaces:
            left -= sum(1 for e in m.spaces if e >= 0) / len(m.spaces)
    return 1.0 / (1.0 + max(0.0, left))


def relative(values: list[float], seat: int, w: dict[str, float], near: float = 0.0) -> float:
    """The seat's value against its opponents (what a winner maximizes). `near` is
    `closeness`: with the `finish` weight a leader gains from bringing the end closer and a
    trailer from holding it off (the lead counts more the closer the end)."""
    others = [v for k, v in enumerate(values) if k != seat]
    if not others:
        return values[seat]
    rel = values[seat] - w["opp_max"] * max(others) - w["opp_mean"] * (
        sum(others) / len(others)
    )
    fin = w.get("finish", 0.0)
    if fin:
        # with `finish_margin`, a lead smaller than it counts against hastening the end
        lead = max(-10.0, min(10.0, values[seat] - max(others) - w.get("finish_margin", 0.0)))
        rel += fin * lead * near
    return rel


def stall_pressure(s: GameState, w: dict[str, float]) -> float:
    """A cost per unbuilt section that grows once the game runs long (0 before that)."""
    stall = w.get("stall", 0.0)
    limit = STALL_TURNS * s.n
    if stall <= 0.0 or s.over or s.turn <= limit:
        return 0.0
    left = sum(len(m.stack) for m in s.monuments.values()) + pil_eval.sections_left(s)
    return stall * left * (s.turn - limit) / limit


def choice_cost(s: GameState, r: Rules, seat: int, cid: str, w: dict[str, float]) -> float:
    """What an own choice costs that the position after it does not show, asked before the
    choice is made: using the Monument Patron Token (R21.2) costs `patron_use` plus
    `patron_bind` x the seat's marginal bound VP at that monument (its section is then built
    with no completer, so nobody binds: R21.3). 0 for every other choice."""
    use = w.get("patron_use", 0.0)
    if not use or not cid.startswith("patron:"):
        return 0.0
    mon = r.monuments.get(cid[len("patron:"):])
    if mon is None:  # not a monument (a Shrine option): the use alone
        return use
    top = len(r.bound_vp) - 1
    b = sum(s.bound[mon.region][seat]) if mon.region in s.bound else 0
    marg = r.bound_vp[min(top, b + 1)] - r.bound_vp[min(top, b)]
    return use + w.get("patron_bind", 0.0) * marg


def evaluate(s: GameState, r: Rules, seat: int, w: dict[str, float]) -> float:
    near = closeness(s) if w.get("finish", 0.0) else 0.0
    return relative(seat_values(s, r, w), seat, w, near) - stall_pressure(s, w)

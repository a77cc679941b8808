"""The display model: the table draws a copy of the game state that animations walk forward
event by event, so every tween starts from the position left by the previous ones.

The engine reports a whole decision's events at once; `take`, `put` and `apply` replay their
visible effect on the shown copy as each tween starts or lands. Anything this cannot follow
is harmless: when the batch ends the table snaps to the engine's real state."""

from __future__ import annotations

import contextlib
from typing import Any

from engine.aac import events as ev
from engine.aac import locations
from engine.aac.core import Ctx
from engine.aac.data import Rules
from engine.aac.state import GameState

TYPES = ("compass", "rose", "magnet", "wild")


def _etype(name: str) -> int:
    return TYPES.index(name) if name in TYPES else 3


def take(s: GameState, r: Rules, e: ev.TokenMoved) -> bool:
    """The token leaves its source (it starts flying). False if the model could not follow."""
    if e.src == "staging":
        return True
    try:
        locations.take(Ctx(s, r), e.owner, e.src, _etype(e.etype))
        return True
    except (AssertionError, KeyError, IndexError, ValueError):
        return False


def put(s: GameState, r: Rules, e: ev.TokenMoved) -> bool:
    """The token lands on its destination."""
    try:
        locations.put(Ctx(s, r), e.owner, e.dst, _etype(e.etype))
        return True
    except (AssertionError, KeyError, IndexError, ValueError):
        return False


def lift(s: GameState, e: ev.Event) -> None:
    """What leaves the table when an event's tween starts (a claimed tile leaves its slot)."""
    if isinstance(e, ev.TileClaimed) and 0 < e.pool_slot <= len(s.pool) \
            and s.pool[e.pool_slot - 1] == e.tile:
        s.pool[e.pool_slot - 1] = ""


def apply(s: GameState, r: Rules, e: ev.Event) -> None:
    """The visible effect of one non-token event (when its tween lands)."""
    with contextlib.suppress(AssertionError, KeyError, IndexError, ValueError, TypeError):
        _apply(s, r, e)


def _apply(s: GameState, r: Rules, e: Any) -> None:
    if isinstance(e, ev.FigureMoved):
        p = s.players[e.seat]
        p.figure = e.path[-1] if e.path else p.figure
        p.behind = e.behind
    elif isinstance(e, ev.FigureTeleported):
        p = s.players[e.seat]
        p.figure, p.behind = e.dst, e.behind
    elif isinstance(e, ev.TilesPushed):
        p = s.players[e.seat]
        if e.tile in p.staging:  # the ejected tile takes the pushed tile's place
            i = p.staging.index(e.tile)
            if e.ejected:
                p.staging[i] = e.ejected
            else:
                del p.staging[i]
        elif e.ejected:
            p.staging.append(e.ejected)
        p.device = list(e.device)
    elif isinstance(e, ev.TileClaimed):
        p = s.players[e.seat]
        td = r.tiles.get(e.tile)
        if td is not None:
            p.top.setdefault(e.tile, [-1] * td.top)
            p.bottom.setdefault(e.tile, [-1] * td.bottom)
        if e.position and 0 < e.position <= len(p.device):
            p.device[e.position - 1] = e.tile
        elif e.replaced in p.staging:
            p.staging[p.staging.index(e.replaced)] = e.tile
        if 0 < e.pool_slot <= len(s.pool) and s.pool[e.pool_slot - 1] == e.tile:
            s.pool[e.pool_slot - 1] = ""
    elif isinstance(e, ev.PoolChanged):
        s.pool = list(e.slots)
    elif isinstance(e, ev.SectionCompleted):
        s.monuments[e.monument].completed = True
    elif isinstance(e, ev.SectionConstructed):
        m = s.monuments[e.monument]
        if e.section in m.stack:
            m.stack.remove(e.section)
        if e.section not in m.built:
            m.built.append(e.section)
        m.completed = False
        nxt = r.sections.get(e.next_section) if e.next_section else None
        m.spaces = [-1] * len(nxt.symbols) if nxt is not None else []
    elif isinstance(e, ev.SectionDeconstructed):  # R25.6.3: to the bottom of the stack
        m = s.monuments[e.monument]
        was_full = not m.stack
        if e.section in m.built:
            m.built.remove(e.section)
        if e.section not in m.stack:
            m.stack.append(e.section)
        if was_full:
            m.spaces = [-1] * len(r.sections[e.section].symbols)
    elif isinstance(e, ev.TrackMoved):
        tr = s.players[e.seat].tracks[("monument", "pillar").index(e.track)]
        tr[1] = e.to_peg
    elif isinstance(e, ev.ChannelMarker):
        s.players[e.seat].charged = e.charged
    elif isinstance(e, ev.BridgeBuilt):
        p = s.players[e.seat]
        if e.space:
            s.bridges[e.space] = f"p:{e.seat}:{e.tier}"
        if 0 < e.tier <= len(p.bridge_loc):
            p.bridge_loc[e.tier - 1] = e.space or "box"
    elif isinstance(e, ev.PatronTaken):
        s.monuments[e.monument].patron = False
        s.players[e.seat].patron = e.monument
    elif isinstance(e, ev.PatronUsed):
        pass
    elif isinstance(e, ev.ActionUpgraded):
        p = s.players[e.seat]
        at = [i for i, a in enumerate(p.actions) if r.action_tokens[a].column == e.column]
        if at:  # the position of that column's token (R18.3: tokens may have been swapped)
            p.actions[at[0]] = e.token
    elif isinstance(e, ev.TilesRearranged):
        s.players[e.seat].device = list(e.device)
    elif isinstance(e, ev.ActionTokensSwapped):
        s.players[e.seat].actions = list(e.actions)
    elif isinstance(e, ev.ConduitGained):
        s.players[e.seat].conduits[e.space - 1] = e.token
    elif isinstance(e, ev.ConduitsRearranged):
        s.players[e.seat].conduits = list(e.conduits)
    elif isinstance(e, ev.TurnStarted):
        s.active, s.turn = e.seat, e.turn
    elif isinstance(e, ev.TurnTypeChosen):
        s.turn_type = e.turn_type
    elif isinstance(e, ev.FinalRoundTriggered):
        s.end_triggered = True
    elif isinstance(e, ev.ScoreChanged):
        while len(s.scores) <= e.seat:
            s.scores.append(0)
        s.scores[e.seat] = e.new

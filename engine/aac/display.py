"""What each event changes on the table, applied to a copy of the state one event at a time.

The engine reports a whole decision's events at once; a front end animating them walks a
copy of the state forward event by event (a token leaves its source when it takes off and
lands on its destination when its flight ends, a figure stands on its new space when its walk
ends, pushed tiles settle when they stop...). These functions are that walk. Applied in order
from the state before a decision, they reach, after each event, the state the engine had when
it reported that event, in everything the table shows (tests/test_display_events.py checks it
for every event of seeded games).

`apply(s, r, e)` is the whole change of one event (a module's event, which is not a base
event, makes its own change with its method `show(state)`, e.g. engine.aac.folklore.events);
`take` and `put` are the two halves of a TokenMoved, `lift` the first half of a claimed tile.
They never raise for an event that does not fit the copy (a front end must not crash on a
display); they return False instead.
"""

from __future__ import annotations

from typing import assert_never

from engine.aac import events as ev
from engine.aac import locations
from engine.aac.core import Ctx
from engine.aac.data import Rules
from engine.aac.state import GameState

TYPES = ("compass", "rose", "magnet", "wild")
_SKIP = (AssertionError, KeyError, IndexError, ValueError, TypeError)


def etype(name: str) -> int:
    return TYPES.index(name) if name in TYPES else 3


def take(s: GameState, r: Rules, e: ev.TokenMoved) -> bool:
    """The token leaves its source (it starts flying)."""
    if e.src == "staging":
        return True
    try:
        locations.take(Ctx(s, r), e.owner, e.src, etype(e.etype))
        return True
    except _SKIP:
        return False


def put(s: GameState, r: Rules, e: ev.TokenMoved) -> bool:
    """The token lands on its destination."""
    try:
        locations.put(Ctx(s, r), e.owner, e.dst, etype(e.etype))
        return True
    except _SKIP:
        return False


def lift(s: GameState, e: ev.Event) -> None:
    """What leaves the table when an event starts (a claimed tile leaves its slot)."""
    if isinstance(e, ev.TileClaimed) and 0 < e.pool_slot <= len(s.pool) \
            and s.pool[e.pool_slot - 1] == e.tile:
        s.pool[e.pool_slot - 1] = ""


def apply(s: GameState, r: Rules, e: ev.Event) -> bool:
    """The whole visible change of one event (a TokenMoved: both halves)."""
    if not isinstance(e, ev.ALL_EVENTS):  # a module's event shows itself, if it can
        show = getattr(e, "show", None)
        if show is None:
            return False
        try:
            show(s)
            return True
        except _SKIP:
            return False
    try:
        _apply(s, r, e)  # type: ignore[arg-type]
        return True
    except _SKIP:
        return False


def _apply(s: GameState, r: Rules, e: ev.AacEvent) -> None:
    match e:
        case ev.TokenMoved():
            take(s, r, e)
            put(s, r, e)
        case ev.FigureMoved():
            p = s.players[e.seat]
            p.figure = e.path[-1] if e.path else p.figure
            p.behind = e.behind
        case ev.FigureTeleported():
            p = s.players[e.seat]
            p.figure, p.behind = e.dst, e.behind
        case ev.FacingChosen():
            s.players[e.seat].behind = e.behind
        case ev.TilesPushed():
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
        case ev.TileClaimed():
            p = s.players[e.seat]
            td = r.tiles.get(e.tile)
            if td is not None:
                p.top.setdefault(e.tile, [-1] * td.top)
                p.bottom.setdefault(e.tile, [-1] * td.bottom)
            if e.position and 0 < e.position <= len(p.device):
                p.device[e.position - 1] = e.tile
            elif e.replaced in p.staging:
                p.staging[p.staging.index(e.replaced)] = e.tile
            gone = e.replaced  # the replaced tile left the player (R9.4)
            if gone and gone not in p.device and gone not in p.staging:
                p.top.pop(gone, None)
                p.bottom.pop(gone, None)
            lift(s, e)
        case ev.PoolChanged():
            s.pool = list(e.slots)
        case ev.SectionCompleted():
            s.monuments[e.monument].completed = True
        case ev.SectionConstructed():
            m = s.monuments[e.monument]
            if e.section in m.stack:
                m.stack.remove(e.section)
            if e.section not in m.built:
                m.built.append(e.section)
            m.completed = False
            nxt = r.sections.get(e.next_section) if e.next_section else None
            m.spaces = [-1] * len(nxt.symbols) if nxt is not None else []
        case ev.SectionDeconstructed():  # R25.6.3: to the bottom of the stack
            m = s.monuments[e.monument]
            was_full = not m.stack
            if e.section in m.built:
                m.built.remove(e.section)
            if e.section not in m.stack:
                m.stack.append(e.section)
            if was_full:
                m.spaces = [-1] * len(r.sections[e.section].symbols)
        case ev.TrackMoved():
            tr = s.players[e.seat].tracks[("monument", "pillar").index(e.track)]
            tr[1] = e.to_peg
        case ev.ChannelMarker():
            s.players[e.seat].charged = e.charged
        case ev.BridgeBuilt():
            p = s.players[e.seat]
            if e.space:
                s.bridges[e.space] = f"p:{e.seat}:{e.tier}"
            if 0 < e.tier <= len(p.bridge_loc):
                p.bridge_loc[e.tier - 1] = e.space or "box"
        case ev.PatronTaken():
            s.monuments[e.monument].patron = False
            s.players[e.seat].patron = e.monument
        case ev.ActionUpgraded():
            p = s.players[e.seat]
            # the position of that column's token (R18.3: tokens may have been swapped)
            at = [i for i, a in enumerate(p.actions) if r.action_tokens[a].column == e.column]
            if at:
                p.actions[at[0]] = e.token
        case ev.TilesRearranged():
            s.players[e.seat].device = list(e.device)
        case ev.ActionTokensSwapped():
            s.players[e.seat].actions = list(e.actions)
        case ev.ConduitGained():
            s.players[e.seat].conduits[e.space - 1] = e.token
        case ev.ConduitsRearranged():
            s.players[e.seat].conduits = list(e.conduits)
        case ev.TurnStarted():
            s.active, s.turn = e.seat, e.turn
        case ev.TurnTypeChosen():
            s.turn_type = e.turn_type
        case ev.FinalRoundTriggered():
            s.end_triggered = True
        case ev.ScoreChanged():
            while len(s.scores) <= e.seat:
                s.scores.append(0)
            s.scores[e.seat] = e.new
        case ev.GameEnded():
            s.over = True
        case (ev.PatronUsed() | ev.AchievementClaimed() | ev.PowerUsed() | ev.PerkTaken()
              | ev.BridgeBenefit() | ev.SetupDone()):
            pass  # a word for the log: what it changed, other events show
        case _:
            assert_never(e)


def projection(s: GameState) -> dict[str, object]:
    """Everything of the state the table draws (the test compares these)."""
    return {
        "players": [(p.exhausted, p.reserve, p.shop, p.device, p.staging,
                     {t: p.top[t] for t in p.device + p.staging if t in p.top},
                     {t: p.bottom[t] for t in p.device + p.staging if t in p.bottom},
                     p.tracks, p.charged, p.bridge_loc, p.conduits, p.actions, p.figure,
                     p.behind, p.patron) for p in s.players],
        "monuments": {k: (m.stack, m.built, m.spaces, m.completed, m.patron)
                      for k, m in s.monuments.items()},
        "bound": s.bound, "pillars": s.pillars, "bridges": s.bridges, "pool": s.pool,
        "ach": s.ach, "turn": (s.turn, s.active, s.end_triggered, s.over),
    }

"""The tutorial's look-ahead: which choices of the learner's lead to what a lesson teaches.

The tutorial (game/aac/tutorial) is one continuous game from a prepared start
(saves/scenarios/aac/tutorial-2p.json, found by engine.aac.persist.scenarios): the learner's
first turn is an Advance (`first_advance`), the second an Actions turn whose Deploys complete
the first section of the monument with the Bridge Bonus Tile (`bridge_monument`) and that
claims the Tile Pool tile that makes an Achievement (`achievement_icon`). The lessons pick
their answers with `shortest`, the same search the generator checks the start with
(`completion_turn`), so the lesson plays the line the generator found. Only copies of the
game are searched; the engine keeps deciding what is legal.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.aac import events as ev
from engine.aac.game import Game
from engine.kernel.events import Event

LEARNER = 0  # the learner's seat; seat 1 is the easy bot
TUTORIAL_BOT_SEED = 17  # the tutorial session's bot seed: seat 1 plays easy #(17 * 31 + 1)
Goal = Callable[[Game, list[Event]], bool]
COMPASS, ROSE = 0, 1


def shortest(g: Game, goal: Goal, allow: Callable[[str], bool] = lambda cid: True,
             depth: int = 7, budget: int = 3000) -> list[str] | None:
    """The first shortest list of the deciding seat's own choices (iterative deepening in
    the engine's choice order) that reaches `goal`; None if none within `depth` choices and
    `budget` tries. Choices `allow` refuses are never taken."""
    d = g.pending
    if d is None:
        return None
    seat = d.seat
    left = [budget]

    def search(h: Game, path: list[str], limit: int) -> list[str] | None:
        dec = h.pending
        if dec is None or dec.seat != seat or len(path) >= limit:
            return None
        for c in dec.choices:
            if left[0] <= 0 or not allow(c.id):
                continue
            left[0] -= 1
            x = h.clone()
            if goal(x, x.choose(c.id)):
                return [*path, c.id]
            found = search(x, [*path, c.id], limit)
            if found is not None:
                return found
        return None

    root = g.clone()
    for limit in range(1, depth + 1):
        found = search(root, [], limit)
        if found is not None or left[0] <= 0:
            return found
    return None


def bridge_monument(g: Game) -> str:
    """The monument whose Bonus Tile places a Bridge Token (R17.4, R20.2)."""
    return next((m for m, st in g.state.monuments.items() if st.bonus == "mb_bridge"), "")


def own_energy_on(g: Game, monument: str, seat: int = LEARNER) -> list[int]:
    """The types (0 Compass, 1 Rose, 2 Magnet, 3 Wild) of `seat`'s energy on the monument's
    open section."""
    return [v % 4 for v in g.state.monuments[monument].spaces if v >= 0 and v // 4 == seat]


def achievement_icon(g: Game, seat: int = LEARNER) -> str:
    """The icon of the tile in the Tile Pool's first slot (it costs 1, R9.2) that the seat's
    seven tiles show exactly once: claiming it makes two, enough for Pillar Builder or
    Monument Keeper (R22.1 F2, F3). "" if there is none."""
    s, r = g.state, g.rules
    p = s.players[seat]
    mine = [i for t in (*p.device, *p.staging) for i in r.tiles[t].icons]
    slot1 = s.pool[0] if s.pool else ""
    if not slot1:
        return ""
    return next((i for i in r.tiles[slot1].icons if i in ("pillar", "monument")
                 and mine.count(i) == 1), "")


def achievement_for(g: Game, icon: str) -> str:
    """The Achievement in play that asks for tiles with `icon` (R22.1): its id, or ""."""
    r = g.rules
    for aid in g.state.achievements:
        counter = r.achievements[aid].qualify.counter
        if getattr(counter, "counter", "") == "tile_icons" and \
                getattr(counter, "icon", "") == icon:
            return aid
    return ""


def load_pick(g: Game) -> str:
    """The first Advance's loads (R5.3): a Compass on the top row (the section the lesson
    completes has a Compass space), the first energy left on the bottom row (it pays for
    position 1's Deploy next turn)."""
    d = g.pending
    assert d is not None
    top = any(t.endswith(":top") for c in d.choices for t in c.targets)
    if top and d.find("load:compass") is not None:
        return "load:compass"
    return next((c.id for c in d.choices if c.id.startswith("load:")), "skip")


def first_advance(g: Game) -> list[str]:
    """The learner's first turn as the tutorial teaches it (R5): an Advance pushing the first
    staging tile, its two slots loaded by `load_pick`, no second push (R5.4)."""
    d = g.pending
    assert d is not None
    p = g.state.players[d.seat]
    h = g.clone()
    out = []
    for cid in ("advance", f"push:{p.staging[0]}"):
        h.choose(cid)
        out.append(cid)
    while h.pending is not None and h.pending.kind == "load_slot":
        cid = load_pick(h)
        h.choose(cid)
        out.append(cid)
    if h.pending is not None and h.pending.kind == "second_push":
        out.append("stop")
    return out


def adds_to(monument: str, seat: int = LEARNER) -> Callable[[Game], Goal]:
    """A goal made at a position: one more of `seat`'s energy on the monument's section than
    now, or the section completed (R7.2.1, R15.1)."""
    def at(g: Game) -> Goal:
        n = len(own_energy_on(g, monument, seat))

        def goal(x: Game, _: list[Event]) -> bool:
            return x.state.monuments[monument].completed or len(
                own_energy_on(x, monument, seat)) > n
        return goal
    return at


def deploying(cid: str) -> bool:
    """The choices a Deploy lesson looks at: no ending the turn, no Reposition, no Claim."""
    return cid != "end" and not cid.endswith(":reposition") and not cid.startswith("pick:")


def claims(tile: str) -> Goal:
    def goal(_: Game, events: list[Event]) -> bool:
        return any(isinstance(e, ev.TileClaimed) and e.tile == tile for e in events)
    return goal


def claiming(cid: str) -> bool:
    """The choices a Claim of the first slot's tile looks at (R9.3): that slot only."""
    return cid != "end" and (not cid.startswith("pick:") or cid == "pick:1")


def completion_turn(g: Game, monument: str, slot1: str) -> list[str] | None:
    """The learner's second turn (R6): an Actions turn whose Deploys complete the
    monument's open section (R7, R15.1), one own energy at a time, with a Rose, a Compass
    and one more of the learner's energy there (the completer binds one: R15.5.4; the Rose
    walks, R16.2; the Compass flies to an Achievement, R16.4), then a Claim of the Tile
    Pool's first tile (R9). None if it cannot be done."""
    h = g.clone()
    h.choose("actions")
    path = ["actions"]
    more = adds_to(monument)
    while not h.state.monuments[monument].completed:
        step = shortest(h, more(h), deploying)
        if not step:
            return None
        for cid in step:
            h.choose(cid)
        path += step
    mine = own_energy_on(h, monument)
    if not (COMPASS in mine and ROSE in mine and len(mine) >= 3):
        return None
    claim = shortest(h, claims(slot1), claiming)
    return None if claim is None else path + claim

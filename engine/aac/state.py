"""The whole game state as plain, serializable data (no closures, no generators).

Energy on shared board spaces is encoded as one int: owner * 4 + type (-1 = empty).
Work still to do (turn phases, movement points, resolutions, perks owed...) lives in
`GameState.stack` as Frame dataclasses, so a snapshot taken at any decision resumes exactly.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from engine.kernel.frames import Frame

EMPTY = -1
BLOCKED = -2
FIGURE_IN_POOL = "tile_pool"


def enc(owner: int, etype: int) -> int:
    return owner * 4 + etype


@dataclass(slots=True)
class PlayerState:
    seat: int
    character: str = ""
    exhausted: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    reserve: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    shop: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    device: list[str] = field(default_factory=list)  # tile ids at positions 1..5
    staging: list[str] = field(default_factory=list)  # the two off-device tiles
    top: dict[str, list[int]] = field(default_factory=dict)  # tile -> slot contents (type/-1)
    bottom: dict[str, list[int]] = field(default_factory=dict)
    tracks: list[list[int]] = field(default_factory=lambda: [[-1, 0], [-1, 0]])  # [type, peg]
    charged: bool = False
    bridge_loc: list[str] = field(default_factory=lambda: ["board", "board", "board"])
    bridge_side: list[int] = field(default_factory=lambda: [-1, -1, -1])
    conduits: list[str] = field(default_factory=lambda: ["", "", "", "", ""])
    actions: list[str] = field(default_factory=list)  # action token ids under positions 1..5
    figure: str = ""
    behind: str = ""
    start_region: str = ""
    patron: str = ""
    entered: list[str] = field(default_factory=list)  # regions entered this turn
    bridges_used: list[str] = field(default_factory=list)  # bridge benefits taken this turn
    used: list[str] = field(default_factory=list)  # once-per-turn powers used this turn

    def clone(self) -> PlayerState:
        return PlayerState(
            self.seat, self.character, self.exhausted[:], self.reserve[:], self.shop[:],
            self.device[:], self.staging[:], {k: v[:] for k, v in self.top.items()},
            {k: v[:] for k, v in self.bottom.items()}, [t[:] for t in self.tracks],
            self.charged, self.bridge_loc[:], self.bridge_side[:], self.conduits[:],
            self.actions[:], self.figure, self.behind, self.start_region, self.patron,
            self.entered[:], self.bridges_used[:], self.used[:],
        )


@dataclass(slots=True)
class MonumentState:
    id: str
    stack: list[str] = field(default_factory=list)  # unconstructed sections, top first
    built: list[str] = field(default_factory=list)  # constructed sections, first built first
    spaces: list[int] = field(default_factory=list)  # the topmost section's spaces
    completed: bool = False  # topmost section completed, awaiting resolution
    bonus: str = ""
    patron: bool = True  # patron token still beside the monument

    def clone(self) -> MonumentState:
        return MonumentState(
            self.id, self.stack[:], self.built[:], self.spaces[:], self.completed, self.bonus,
            self.patron,
        )


@dataclass(slots=True)
class Completion:
    monument: str
    section: str
    completer: int  # -1: no completer (Patron, Chronari III)
    causer: int  # who caused a no-completer completion (else the completer)

    def clone(self) -> Completion:
        return Completion(self.monument, self.section, self.completer, self.causer)


@dataclass(slots=True)
class GameState:
    n: int
    seed: int
    rng: int
    options: dict[str, Any]
    players: list[PlayerState] = field(default_factory=list)
    monuments: dict[str, MonumentState] = field(default_factory=dict)  # monuments in use
    bound: dict[str, list[list[int]]] = field(default_factory=dict)  # region -> [seat][type]
    pillars: dict[str, int] = field(default_factory=dict)  # pillar space -> enc/-1/-2 blocked
    # bridge space -> "" (gap) | "n:<neutral token>" | "p:<seat>:<tier>"
    bridges: dict[str, str] = field(default_factory=dict)
    pool: list[str] = field(default_factory=lambda: ["", "", "", ""])
    supply: list[str] = field(default_factory=list)  # face-down tiles, top first
    achievements: list[str] = field(default_factory=list)  # spot 1..5
    ach: dict[str, list[int]] = field(default_factory=dict)  # achievement -> [flat, multiplier]
    tray: dict[str, int] = field(default_factory=dict)  # upgrade design -> copies left
    piles: list[list[str]] = field(default_factory=list)  # conduit piles, top first
    active: int = 0
    start_player: int = 0
    turn: int = 0
    turn_type: str = ""
    end_triggered: bool = False
    over: bool = False
    completions: list[Completion] = field(default_factory=list)
    stack: list[Frame] = field(default_factory=list)
    decisions: int = 0  # choices made through Game.choose
    forced: int = 0  # single-choice decisions applied automatically (auto_skip_forced)
    scores: list[int] = field(default_factory=list)  # score if the game ended now, per seat
    score_dirty: int = 0  # bitmask of seats whose score may have changed this turn

    def clone(self) -> GameState:
        return GameState(
            self.n, self.seed, self.rng, dict(self.options),
            [p.clone() for p in self.players],
            {k: m.clone() for k, m in self.monuments.items()},
            {k: [row[:] for row in v] for k, v in self.bound.items()},
            dict(self.pillars), dict(self.bridges), self.pool[:], self.supply[:],
            self.achievements[:], {k: v[:] for k, v in self.ach.items()}, dict(self.tray),
            [p[:] for p in self.piles], self.active, self.start_player, self.turn,
            self.turn_type, self.end_triggered, self.over,
            [c.clone() for c in self.completions], [f.clone() for f in self.stack],
            self.decisions, self.forced, self.scores[:], self.score_dirty,
        )


# --- serialization -------------------------------------------------------------------------


def _to_plain(v: Any) -> Any:
    if isinstance(v, Frame):
        d: dict[str, Any] = {"kind": type(v).__name__}
        for f in dataclasses.fields(v):  # type: ignore[arg-type]
            d[f.name] = _to_plain(getattr(v, f.name))
        return d
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _to_plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, list | tuple):
        return [_to_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _to_plain(x) for k, x in v.items()}
    return v


def state_to_dict(s: GameState) -> dict[str, Any]:
    out = _to_plain(s)
    assert isinstance(out, dict)
    return out


def _frame_from(d: dict[str, Any]) -> Frame:
    cls = Frame.registry[d["kind"]]
    kwargs = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        val = d[f.name]
        if isinstance(f.default, tuple) or str(f.type).startswith("tuple"):
            val = _tuplify(val)
        kwargs[f.name] = val
    return cls(**kwargs)


def _tuplify(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    return v


def _copy_plain(v: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars): much faster than deepcopy."""
    if isinstance(v, list):
        return [_copy_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy_plain(x) for k, x in v.items()}
    return v


def state_from_dict(d: dict[str, Any]) -> GameState:
    """Rebuild a state from `state_to_dict` output. Everything is copied: the caller's dict
    is never shared with (or changed by) the game that plays on."""
    d = _copy_plain(d)
    s = GameState(n=d["n"], seed=d["seed"], rng=d["rng"], options=d["options"])
    s.players = [PlayerState(**p) for p in d["players"]]
    s.monuments = {k: MonumentState(**m) for k, m in d["monuments"].items()}
    s.bound = d["bound"]
    s.pillars = d["pillars"]
    s.bridges = d["bridges"]
    s.pool = d["pool"]
    s.supply = d["supply"]
    s.achievements = d["achievements"]
    s.ach = d["ach"]
    s.tray = d["tray"]
    s.piles = d["piles"]
    s.active = d["active"]
    s.start_player = d["start_player"]
    s.turn = d["turn"]
    s.turn_type = d["turn_type"]
    s.end_triggered = d["end_triggered"]
    s.over = d["over"]
    s.completions = [Completion(**c) for c in d["completions"]]
    s.stack = [_frame_from(f) for f in d["stack"]]
    s.decisions = d["decisions"]
    s.forced = d["forced"]
    s.scores = d["scores"]
    s.score_dirty = d["score_dirty"]
    return s

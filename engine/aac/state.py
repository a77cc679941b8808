"""The whole game state as plain, serializable data (no closures, no generators).

Energy on shared board spaces is encoded as one int: owner * 4 + type (-1 = empty).
Work still to do (turn phases, movement points, resolutions, perks owed...) lives in
`GameState.stack` as Frame dataclasses, so a snapshot taken at any decision resumes exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.kernel.fields import Record
from engine.kernel.frames import Frame

EMPTY = -1
BLOCKED = -2
FIGURE_IN_POOL = "tile_pool"


def enc(owner: int, etype: int) -> int:
    return owner * 4 + etype


@dataclass(slots=True)
class PlayerState(Record):
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


@dataclass(slots=True)
class MonumentState(Record):
    id: str
    stack: list[str] = field(default_factory=list)  # unconstructed sections, top first
    built: list[str] = field(default_factory=list)  # constructed sections, first built first
    spaces: list[int] = field(default_factory=list)  # the topmost section's spaces
    completed: bool = False  # topmost section completed, awaiting resolution
    bonus: str = ""
    patron: bool = True  # patron token still beside the monument


@dataclass(slots=True)
class Completion(Record):
    """A pending completion (R15.4). `kind` names its CompletionKind ("section": a monument's
    topmost section; modules add kinds, e.g. Pilgrimage's Shrines)."""

    monument: str
    section: str
    completer: int  # -1: no completer (Patron, Chronari III)
    causer: int  # who caused a no-completer completion (else the completer)
    kind: str = "section"


@dataclass(slots=True)
class GameState(Record):
    n: int
    seed: int
    rng: int
    options: dict[str, bool]
    modules: tuple[str, ...] = ()  # enabled expansion modules (engine.aac.modules)
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
    # each enabled module's own plain data (JSON-like), under its name; a module with much
    # state on the bots' hot path may add typed fields here instead
    ext: dict[str, Any] = field(default_factory=dict)


# --- serialization (generated from the fields: engine.kernel.fields) -----------------------


def state_to_dict(s: GameState) -> dict[str, Any]:
    return s.to_plain()


def state_from_dict(d: dict[str, Any]) -> GameState:
    """Rebuild a state from `state_to_dict` output. Everything is copied: the caller's dict
    is never shared with (or changed by) the game that plays on."""
    return GameState.from_plain(d)

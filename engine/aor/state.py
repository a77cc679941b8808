"""The whole game state as plain data (engine.kernel.fields.Record: generated clone and
(de)serialisation, no deepcopy).

Countries and areas are numbers in catalog order (engine.aor.catalog.tables); seats are
numbered from 0 in clockwise order (R0.6); ids are catalog ids. All pending rule work is in
`stack` (frames), so a save taken at any decision resumes exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.kernel.fields import Record
from engine.kernel.frames import Frame

EMPTY = -1  # an empty Alliance Display space, proposal box or action box space
HIDDEN_CARD = "?"  # a committed card in a view of a seat that may not see it


@dataclass(slots=True)
class Player(Record):
    """One player's country and everything it holds (R2.2)."""

    country: int
    gold: int
    vp: int
    unrest: int  # the unrest level U, 0..22 (R0.7)
    supply: int  # board discs in supply (R1.5)
    hand: list[str]  # hidden from the others (hidden.py): a view shows the count
    discard: list[str]  # hidden from the others: a view shows the count (R8.9)
    committed: str  # the card put face down in the combat under way ("" none; hidden)
    shown: list[str]  # cards turned face up this turn (combat, conversion): public (O29, O31)
    score: dict[str, int]  # VP by score category (scoring.CATEGORIES); their sum is `vp`


@dataclass(slots=True)
class State(Record):
    n: int
    seed: int
    rng: int
    options: dict[str, bool]
    players: list[Player]
    seat_of: list[int]  # per country: its seat, or -1 for a non-player country (R1.2)
    discs: list[list[int]]  # [area][country]: control discs on the map
    markers: list[list[str]]  # [area]: Empire markers on the map, in the order placed
    bag: list[str]  # undrawn Empire markers (their order is hidden: hidden.py)
    removed: list[str]  # markers out of the game (setup draws, converted, conquered)
    spaces: dict[str, int]  # box spaces in play -> country holding it, or EMPTY
    alliance: list[int]  # Alliance Display spaces 1..8 -> country, or EMPTY
    proposal: list[int]  # proposal boxes A, B -> country, or EMPTY
    npc_lost: list[int]  # per country: non-player discs removed from the map (to the box)
    first_player: int
    turn: int  # 1..3 (0 during setup)
    segment: int  # 1..6 during player actions, else 0
    step: str  # the turn's step now (turn.STEPS), "setup" or "over"
    stack: list[Frame] = field(default_factory=list)
    decisions: int = 0
    forced: int = 0
    over: bool = False
    winners: list[int] = field(default_factory=list)

"""Events of the parts the expansion modules share (Doublers, Scoring Cards). Like the
modules' own events they are not base events (engine.aac.events.AacEvent): each says its log line
(`log_line(rules, who)`, in names), gives the table its floating `word`, and `show(state)`
makes its change to the shared data, the very change the rules make (`move_doubler`), so the
table's shown copy of the state follows the engine event by event (engine.aac.display)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.aac.data import Rules
from engine.aac.names import ENERGY, Who, bound_area, pillar
from engine.aac.state import GameState
from engine.kernel.events import Event

KEY = "doublers"
SCORING_KEY = "scoring_cards"  # engine.aac.expansion.scoring_cards.KEY
def add_area(s: GameState, d: dict[str, Any], region: str, seat: int, t: int, k: int) -> None:
    """k more (or fewer) Doublers on the seat's energy of type t in the region's area."""
    rows = d["areas"].get(region)
    if rows is None:
        rows = d["areas"][region] = [[0, 0, 0, 0] for _ in range(s.n)]
    rows[seat][t] += k
    if not any(any(r) for r in rows):
        del d["areas"][region]


def move_doubler(s: GameState, seat: int, t: int, src: str, dst: str) -> None:
    """A Doubler from `src` to `dst`: "" is the supply, "bound:<region>" the seat's energy of
    type t in that Bound Energy Area, "pillar:<space>" the energy on that Pillar space."""
    d: dict[str, Any] = s.ext[KEY]
    if not src:
        d["supply"] -= 1
    elif src.startswith("pillar:"):
        d["pillars"].remove(src[7:])
    else:
        add_area(s, d, src[6:], seat, t, -1)
    if not dst:
        d["supply"] += 1
    elif dst.startswith("pillar:"):
        d["pillars"].append(dst[7:])
    else:
        add_area(s, d, dst[6:], seat, t, 1)


def _place(r: Rules, loc: str) -> str:
    return pillar(r, loc[7:]) if loc.startswith("pillar:") else bound_area(r, loc[6:])


@dataclass(slots=True)
class DoublerMoved(Event):
    """A Doubler Token placed from the supply (R28.3), moved with its energy (R29.2.4) or back
    to the supply (R29.2.3)."""

    seat: int
    etype: int
    src: str
    dst: str
    source: str = ""  # what placed it (a Folklore Card's name), for the log

    word: ClassVar[str] = "Doubler"

    def show(self, s: GameState) -> None:
        move_doubler(s, self.seat, self.etype, self.src, self.dst)

    def log_line(self, r: Rules, who: Who) -> str:
        energy = ENERGY[self.etype]
        if not self.src:
            by = f" ({self.source})" if self.source else ""
            return (f"{who(self.seat)} puts a Doubler Token on the {energy} in "
                    f"{_place(r, self.dst)}{by}.")
        if not self.dst:
            return (f"{who(self.seat)}'s Doubler Token on the {energy} in "
                    f"{_place(r, self.src)} goes back to the supply.")
        return (f"{who(self.seat)}'s Doubler Token moves with the {energy} to "
                f"{_place(r, self.dst)}.")


def take_scoring_card(s: GameState, seat: int, cid: str) -> None:
    """The seat takes Scoring Card `cid` from the supply, face down (R28.4)."""
    d: dict[str, Any] = s.ext[SCORING_KEY]
    d["supply"].remove(cid)
    d["held"][seat].append(cid)


@dataclass(slots=True)
class ScoringCardGained(Event):
    """A Scoring Card taken from the supply face down (R28.4, R30.1). `card` is for the
    table's shown copy only: the log line and the floating word never name it (to every
    other seat it is a face-down card until final scoring)."""

    seat: int
    card: str
    source: str = ""  # what gave it (a Folklore Card's name), for the log

    word: ClassVar[str] = "Scoring Card"

    def show(self, s: GameState) -> None:
        take_scoring_card(s, self.seat, self.card)

    def log_line(self, r: Rules, who: Who) -> str:
        by = f" ({self.source})" if self.source else ""
        return f"{who(self.seat)} takes a Scoring Card face down{by}."

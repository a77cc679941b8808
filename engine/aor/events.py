"""What happened on the table, in order: the events a table animates and the log prints
(engine.aor.log.describe gives one plain line for each).

Events hold catalog ids, country numbers (catalog order) and seats; never display text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.kernel.events import Event


class Term(NamedTuple):
    """One named part of a combat strength (R8.5.4): `kind` is one of TERM_KINDS, `ref` the
    catalog id it comes from (a card, a box, a country, a marker) or ""."""

    kind: str
    ref: str
    value: int


# the parts of a strength, in the order a table shows them
TERM_KINDS = ("dice", "soldiers", "ships", "npc_defence", "marker", "allies", "npc_allies",
              "advancement", "support")


@dataclass(slots=True)
class CountryChosen(Event):
    seat: int
    country: int


@dataclass(slots=True)
class StartingDiscs(Event):
    """R2.4: the five markers drawn for a country, and the areas its discs went to."""

    country: int
    markers: tuple[str, ...]


@dataclass(slots=True)
class FirstPlayer(Event):
    seat: int


@dataclass(slots=True)
class TurnStarted(Event):
    turn: int


@dataclass(slots=True)
class MarkersDrawn(Event):
    """R4.1: markers drawn from the bag, each put in its area."""

    markers: tuple[str, ...]


@dataclass(slots=True)
class AuctionPhaseStarted(Event):
    phase: int  # 1..4
    single: bool
    starter: int  # seat


@dataclass(slots=True)
class BidMade(Event):
    seat: int
    amount: int
    proposal: tuple[int, int]  # countries in boxes A, B (-1: box empty)


@dataclass(slots=True)
class BidPassed(Event):
    seat: int


@dataclass(slots=True)
class AuctionPhaseWon(Event):
    seat: int
    amount: int
    placed: tuple[tuple[int, int], ...]  # (country, Alliance Display space number)


@dataclass(slots=True)
class AlliancesDrawn(Event):
    """R5.6: the optional random first alliances."""

    placed: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class SegmentStarted(Event):
    turn: int
    segment: int
    order: tuple[int, ...]  # seats in action order


@dataclass(slots=True)
class BoxTaken(Event):
    """R6.3: a disc placed in a box space, its cost and its immediate effect."""

    seat: int
    space: str
    box: str
    cost: int
    gold: int  # gold gained at once (Banking, trading)
    unrest: int  # unrest reduced at once (Government Reform), as a positive number


@dataclass(slots=True)
class BoxSkipped(Event):
    seat: int


@dataclass(slots=True)
class Traded(Event):
    """Rules option "trading_choose_one_area": the area chosen for a Company's gold."""

    seat: int
    box: str
    area: str
    gold: int


@dataclass(slots=True)
class CardRetrieved(Event):
    """R6.5.5, R6.5.6: a card back from the discard pile ("" in the others' log: the card
    goes to a hidden hand; see log.describe)."""

    seat: int
    box: str
    card: str


@dataclass(slots=True)
class Levied(Event):
    """R4.5: gold taken from the bank for unrest points, to pay."""

    seat: int
    times: int
    gold: int


@dataclass(slots=True)
class AttackSkipped(Event):
    seat: int


@dataclass(slots=True)
class Converted(Event):
    """R7.5: an Aktion marker converted with a ship card (shown, O31) for 2 gold."""

    seat: int
    area: str
    marker: str
    card: str
    cost: int


@dataclass(slots=True)
class AttackDeclared(Event):
    """R8.1: kind "disc" (II) or "marker" (III)."""

    seat: int
    area: str
    kind: str
    country: int  # the defending country (-1 for a marker)
    marker: str


@dataclass(slots=True)
class CardCommitted(Event):
    """A card put face down (which card is hidden until CombatRevealed)."""

    seat: int
    role: str  # "attacker" | "defender" | "ally"


@dataclass(slots=True)
class StayedOut(Event):
    """Rules option "explicit_stay_out": a possible ally stays out openly."""

    seat: int


@dataclass(slots=True)
class NpcBought(Event):
    """R8.4: a non-player ally bought for 1 gold."""

    seat: int
    country: int
    side: str  # "attacker" | "defender"


@dataclass(slots=True)
class CombatRevealed(Event):
    """R8.5.1: every committed card turned at once; `allies` is (seat, card) each."""

    attacker: int
    attacker_card: str
    defender: int  # seat, or -1
    defender_card: str
    allies: tuple[tuple[int, str], ...]


@dataclass(slots=True)
class DiceRolled(Event):
    """R8.5.2 / R6.5.7: a side's two dice ("attacker" or "defender"); `rerolled_by` is the
    seat whose Reserves called it, or -1."""

    side: str
    dice: tuple[int, int]
    country: int  # the side's country (-1: the dice of an Empire marker)
    rerolled_by: int = -1


@dataclass(slots=True)
class ReservesUsed(Event):
    seat: int
    space: str


@dataclass(slots=True)
class CombatResolved(Event):
    """The one event of a combat's outcome, with the full strength breakdown of both sides
    (R8.5.4-R8.6, R7.6.3), so a table and the log can show why it ended so."""

    attacker: int  # seat
    attacker_country: int
    area: str
    kind: str  # "disc" | "marker"
    defender: int  # seat, or -1 (non-player disc or marker)
    defender_country: int  # -1 for a marker
    marker: str
    attacker_card: str
    defender_card: str  # "" for a non-player disc or a marker
    attacker_dice: tuple[int, int]
    defender_dice: tuple[int, int]
    attacker_terms: tuple[Term, ...]
    defender_terms: tuple[Term, ...]
    attacker_strength: int
    defender_strength: int
    result: str  # "attacker" (the attacker won) | "defender" | "tie"
    margin: int
    degree: str  # "overwhelming" (3 or more) | "pyrrhic" (exactly 1) | "" | "tie"
    unrest: tuple[tuple[int, int], ...]  # (seat, unrest gained)
    allies: tuple[tuple[int, str, str], ...]  # (seat, side, card turned)
    npc_allies: tuple[tuple[int, str], ...]  # (country, side)
    paid: tuple[tuple[int, int], ...]  # (seat, gold paid)
    reward_vp: int
    reward_gold: int


@dataclass(slots=True)
class Income(Event):
    """R10.1."""

    seat: int
    gold: int


@dataclass(slots=True)
class AreaScored(Event):
    """R11.1-R11.3: (country, discs, rank, VP) for every country present, NPCs included
    (an NPC's VP is 0: it blocks)."""

    turn: int
    area: str
    ranks: tuple[tuple[int, int, int, int], ...]


@dataclass(slots=True)
class UnrestRolled(Event):
    """R11.4: one die rolled until the sum reaches the unrest level; one VP lost per roll."""

    seat: int
    unrest: int
    rolls: tuple[int, ...]
    lost: int  # VP actually lost (0 VP is the floor, O23)


@dataclass(slots=True)
class TurnEnded(Event):
    """R12: unrest halved (seat, before, after)."""

    turn: int
    halved: tuple[tuple[int, int, int], ...]


@dataclass(slots=True)
class GameOver(Event):
    """R13: the winners (seats), and why the tie-breaks fell so ("" no tie, "unrest",
    "discs", "shared")."""

    winners: tuple[int, ...]
    decided_by: str

"""Events: what happened on the table, in order, for animation and the game log."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Event:
    pass


@dataclass(slots=True)
class TurnStarted(Event):
    seat: int
    turn: int
    final_round: bool


@dataclass(slots=True)
class TurnTypeChosen(Event):
    seat: int
    turn_type: str


@dataclass(slots=True)
class TokenMoved(Event):
    """An energy token of `owner` of `etype` (compass/rose/magnet/wild) moved src -> dst.

    Locations: "exhausted", "reserve", "shop", "slot:<pos>:<top|bottom>", "track:<monument|pillar>",
    "section:<monument>:<space index>", "bound:<region>", "pillar:<pillar space>",
    "achievement:<id>:<flat|multiplier>", "staging". All but section/bound/pillar/achievement
    /shop are on the owner's own boards."""

    owner: int
    etype: str
    src: str
    dst: str
    reason: str = ""


@dataclass(slots=True)
class TilesPushed(Event):
    seat: int
    tile: str  # inserted tile
    inserted_at: int  # 1 normally, 5 reversed (Chronari II)
    ejected: str  # tile that left the device to the staging area
    device: tuple[str, ...]  # tile ids at positions 1..5 after the push


@dataclass(slots=True)
class TileClaimed(Event):
    seat: int
    tile: str
    pool_slot: int
    replaced: str
    position: int  # 1..5 device position, 0 staging area
    price: int


@dataclass(slots=True)
class PoolChanged(Event):
    slots: tuple[str, ...]  # tile ids in slots 1..4 ("" empty)
    revealed: tuple[str, ...]  # tiles newly drawn from the supply


@dataclass(slots=True)
class SectionCompleted(Event):
    monument: str
    section: str
    completer: int  # -1: no completer
    cause: str  # "placement", "patron", "chronari"


@dataclass(slots=True)
class SectionConstructed(Event):
    monument: str
    section: str
    next_section: str  # "" when fully constructed


@dataclass(slots=True)
class SectionDeconstructed(Event):
    monument: str
    section: str


@dataclass(slots=True)
class FigureMoved(Event):
    seat: int
    path: tuple[str, ...]  # spaces from start to end, skipped and bounced spaces included
    behind: str  # facing: the neighbour behind the figure after the move


@dataclass(slots=True)
class FigureTeleported(Event):
    seat: int
    src: str
    dst: str  # space id or "tile_pool"
    behind: str


@dataclass(slots=True)
class TrackMoved(Event):
    seat: int
    track: str
    from_peg: int
    to_peg: int


@dataclass(slots=True)
class ChannelMarker(Event):
    seat: int
    charged: bool


@dataclass(slots=True)
class BridgeBuilt(Event):
    seat: int
    tier: int
    side: str
    space: str  # "" when put in the box
    replaced: str  # "" gap, "n:<token>" neutral, "p:<seat>:<tier>" own swapped token


@dataclass(slots=True)
class BridgeBenefit(Event):
    seat: int
    space: str
    text: str


@dataclass(slots=True)
class PerkTaken(Event):
    seat: int
    kind: str  # "section" or "bonus"
    text: str


@dataclass(slots=True)
class ActionUpgraded(Event):
    seat: int
    column: int
    token: str


@dataclass(slots=True)
class ConduitGained(Event):
    seat: int
    token: str
    space: int


@dataclass(slots=True)
class ConduitsRearranged(Event):
    seat: int
    conduits: tuple[str, ...]


@dataclass(slots=True)
class PatronTaken(Event):
    seat: int
    monument: str


@dataclass(slots=True)
class PatronUsed(Event):
    seat: int
    monument: str


@dataclass(slots=True)
class AchievementClaimed(Event):
    seat: int
    achievement: str
    column: str
    etype: str


@dataclass(slots=True)
class PowerUsed(Event):
    seat: int
    power: str
    text: str


@dataclass(slots=True)
class ScoreChanged(Event):
    seat: int
    old: int
    new: int


@dataclass(slots=True)
class FinalRoundTriggered(Event):
    seat: int


@dataclass(slots=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(slots=True)
class SetupDone(Event):
    seats: tuple[str, ...]  # character per seat
    monuments: tuple[str, ...]
    start_player: int

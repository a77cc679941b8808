"""Events: what happened on the table, in order, for animation and the game log."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.kernel.events import Event as Event  # the base, re-exported: ev.Event


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
class FacingChosen(Event):
    """R3.3.7: a figure on its start space faces the way it will go (it turns its back on
    `behind`)."""

    seat: int
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
class TilesRearranged(Event):
    """A Folklore Card put the active tiles in a new order (positions 1-5), each with its
    energy."""

    seat: int
    device: tuple[str, ...]


@dataclass(slots=True)
class ActionTokensSwapped(Event):
    """A Folklore Card exchanged two Action Tokens (R18.3): the tokens under positions 1-5."""

    seat: int
    actions: tuple[str, ...]
    positions: tuple[int, int]


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


class ScorePart(NamedTuple):
    """One score category of a ScoreChanged: its VP before and after, and why it changed.

    `category` is a score category's name (engine.aac.scoring: "reserve", "monuments",
    "pillars", "bridge", "achievements", "tile_pool", then the modules' categories; their
    words: engine.aac.scoring.category(name).said). `cause` is player words ("energy paid
    for a tile from the Tile Pool", "Compass bound at Ember Forge") or "" when the engine
    cannot tell (e.g. right after loading a save mid-turn)."""

    category: str
    old: int
    new: int
    cause: str = ""

    @property
    def delta(self) -> int:
        return self.new - self.old


@dataclass(slots=True)
class ScoreChanged(Event):
    """A seat's score "if the game ended now" (R24) changed; emitted at the end of each turn
    (R23, E4) for every seat whose score changed during it, whoever's turn it was.

    `old`/`new` are the totals. `parts` lists the categories that changed, in the order of
    engine.aac.scoring.ScoreBreakdown, each with its old and new VP and a cause in words; their
    deltas add up to new - old. `parts` is empty only when the previous breakdown is unknown
    (a game loaded from a save, for that seat's first change). The game log prints it as
    "Freyith: 1 → 0 VP (Tile Pool −1: energy paid for a tile from the Tile Pool)."
    (engine.aac.log.score_line); results screens and score floaters can read the parts directly."""

    seat: int
    old: int
    new: int
    # an explanation, not part of what happened: equality ignores it (games cloned for bots
    # keep no score notes and so report no parts; their events still equal the original's)
    parts: tuple[ScorePart, ...] = field(default=(), compare=False)




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
    modules: tuple[str, ...] = ()  # the expansion modules in play (engine.aac.modules)


# Every event of the base game, as one type: code that reacts to events (the table's
# animator, engine.aac.display, the log) matches on it with an exhaustiveness check, so a new
# event type cannot be missed silently.
AacEvent = (TurnStarted | TurnTypeChosen | TokenMoved | TilesPushed | TileClaimed
            | PoolChanged | SectionCompleted | SectionConstructed | SectionDeconstructed
            | FigureMoved | FigureTeleported | FacingChosen | TrackMoved | ChannelMarker
            | BridgeBuilt | BridgeBenefit | PerkTaken | ActionUpgraded | ConduitGained
            | ConduitsRearranged | PatronTaken | PatronUsed | AchievementClaimed
            | TilesRearranged | ActionTokensSwapped | PowerUsed | ScoreChanged
            | FinalRoundTriggered | GameEnded | SetupDone)
ALL_EVENTS: tuple[type[Event], ...] = typing.get_args(AacEvent)

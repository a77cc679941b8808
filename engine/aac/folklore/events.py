"""The Folklore module's events. They are not base events (engine.aac.events.AacEvent): the
table shows a module's event in sequence and the log asks the event for its line
(`log_line(rules, who)`, in names, never ids)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from engine.aac import names as nw
from engine.aac.data import Rules
from engine.aac.folklore.state import card, option
from engine.kernel.events import Event

Who = Callable[[int], str]


@dataclass(slots=True)
class ArtifactPrimed(Event):
    seat: int
    instead_of_recharge: bool

    def log_line(self, r: Rules, who: Who) -> str:
        how = " instead of recharging" if self.instead_of_recharge else ""
        return f"{who(self.seat)} primes an Artifact{how}."


@dataclass(slots=True)
class ArtifactPlaced(Event):
    seat: int
    space: str
    on_seat: int  # the opponent whose Artifact is on the space, -1 if none

    def log_line(self, r: Rules, who: Who) -> str:
        on = f", on the Artifact of {who(self.on_seat)}" if self.on_seat >= 0 else ""
        return f"{who(self.seat)} places an Artifact on {nw.space(r, self.space)}{on}."


@dataclass(slots=True)
class FolkloreCardPlayed(Event):
    """A card from a hand is shown to everyone: undo stops here (Game.event_barrier)."""

    seat: int
    card: str
    undo_barrier: ClassVar[str] = "Undo stops here: a Folklore Card was revealed."

    def log_line(self, r: Rules, who: Who) -> str:
        return f"{who(self.seat)} plays the Folklore Card {card(r, self.card).name}."


@dataclass(slots=True)
class FolkloreOptionChosen(Event):
    seat: int
    option: str
    reply: bool  # the owner's reply (R26.3.3)

    def log_line(self, r: Rules, who: Who) -> str:
        c, o = option(r, self.option)
        how = "replies with" if self.reply else "performs"
        return f"{who(self.seat)} {how} option {o.label} of {c.name}: {o.text}"


@dataclass(slots=True)
class FolkloreTrackMoved(Event):
    seat: int
    old: int
    new: int

    def log_line(self, r: Rules, who: Who) -> str:
        if self.old == self.new:
            return f"{who(self.seat)} is at the top of the Folklore Track already."
        way = "up" if self.new > self.old else "down"
        return f"{who(self.seat)} moves {way} the Folklore Track to {self.new}."


@dataclass(slots=True)
class ArtifactsBound(Event):
    seats: tuple[int, ...]
    space: str
    region: str

    def log_line(self, r: Rules, who: Who) -> str:
        whose = " and ".join(who(s) for s in self.seats)
        return (f"The Artifacts of {whose} move from {nw.space(r, self.space)} to "
                f"{nw.bound_area(r, self.region)}.")


FOLKLORE_EVENTS: tuple[type[Event], ...] = (
    ArtifactPrimed, ArtifactPlaced, FolkloreCardPlayed, FolkloreOptionChosen, FolkloreTrackMoved,
    ArtifactsBound,
)

"""The Folklore module's events. They are not base events (engine.aac.events.AacEvent): the
table shows a module's event in sequence and the log asks the event for its line
(`log_line(rules, who)`, in names, never ids). Each also gives the table its floating `word`
and `show(state)`, the change it made to the module's data (engine.aac.display walks a shown
copy of the state forward with it, event by event)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.aac import names as nw
from engine.aac.data import Rules
from engine.aac.folklore.state import NAME, card, option
from engine.aac.names import Who
from engine.aac.state import GameState
from engine.kernel.events import Event


def _d(s: GameState) -> dict[str, Any]:
    d: dict[str, Any] = s.ext[NAME]
    return d


@dataclass(slots=True)
class ArtifactPrimed(Event):
    seat: int
    instead_of_recharge: bool

    word: ClassVar[str] = "Artifact primed"

    def show(self, s: GameState) -> None:
        d = _d(s)
        d["slots"][self.seat] -= 1
        d["primed"][self.seat] = True

    def log_line(self, r: Rules, who: Who) -> str:
        how = " instead of recharging" if self.instead_of_recharge else ""
        return f"{who(self.seat)} primes an Artifact{how}."


@dataclass(slots=True)
class ArtifactPlaced(Event):
    seat: int
    space: str
    on_seat: int  # the opponent whose Artifact is on the space, -1 if none

    word: ClassVar[str] = "Artifact placed"

    def show(self, s: GameState) -> None:
        d = _d(s)
        d["map"].setdefault(self.space, []).append(self.seat)
        d["primed"][self.seat] = False
        d["placed"][self.seat] = s.turn

    def log_line(self, r: Rules, who: Who) -> str:
        on = f", on the Artifact of {who(self.on_seat)}" if self.on_seat >= 0 else ""
        return f"{who(self.seat)} places an Artifact on {nw.space(r, self.space)}{on}."


@dataclass(slots=True)
class FolkloreCardPlayed(Event):
    """A card from a hand is shown to everyone: undo stops here (Game.event_barrier)."""

    seat: int
    card: str
    undo_barrier: ClassVar[str] = "Undo stops here: a Folklore Card was revealed."

    word: ClassVar[str] = "Folklore Card"

    def show(self, s: GameState) -> None:
        d = _d(s)
        hand = d["hand"][self.seat]
        hand.remove(self.card if self.card in hand else "")  # a view's hand is blank
        d["played"][self.seat].append(self.card)

    def log_line(self, r: Rules, who: Who) -> str:
        return f"{who(self.seat)} plays the Folklore Card {card(r, self.card).name}."


@dataclass(slots=True)
class FolkloreOptionChosen(Event):
    seat: int
    option: str
    reply: bool  # the owner's reply (R26.3.3)

    word: ClassVar[str] = "Option"

    def show(self, s: GameState) -> None:
        pass  # the option's effects report their own events

    def log_line(self, r: Rules, who: Who) -> str:
        c, o = option(r, self.option)
        how = "replies with" if self.reply else "performs"
        return f"{who(self.seat)} {how} option {o.label} of {c.name}: {o.text}"


@dataclass(slots=True)
class FolkloreTrackMoved(Event):
    seat: int
    old: int
    new: int

    word: ClassVar[str] = "Folklore Track"

    def show(self, s: GameState) -> None:
        _d(s)["track"][self.seat] = self.new

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

    word: ClassVar[str] = "Artifacts bound"

    def show(self, s: GameState) -> None:
        d = _d(s)
        d["map"].pop(self.space, None)
        d["bound"].setdefault(self.region, []).extend(self.seats)

    def log_line(self, r: Rules, who: Who) -> str:
        whose = " and ".join(who(s) for s in self.seats)
        return (f"The Artifacts of {whose} move from {nw.space(r, self.space)} to "
                f"{nw.bound_area(r, self.region)}.")


FOLKLORE_EVENTS: tuple[type[Event], ...] = (
    ArtifactPrimed, ArtifactPlaced, FolkloreCardPlayed, FolkloreOptionChosen, FolkloreTrackMoved,
    ArtifactsBound,
)

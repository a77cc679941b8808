"""The Pilgrimage module's events, like engine.aac.folklore.events: each has its log line in
names (`log_line(rules, who)`), the table's floating `word` and `show(state)`, the change it
made to the module's data (engine.aac.display replays a shown copy with it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.aac.data import Rules
from engine.aac.names import ROMAN, Who
from engine.aac.pilgrimage.state import board, pdata, space_words
from engine.aac.state import GameState
from engine.kernel.events import Event


@dataclass(slots=True)
class SpeedChanged(Event):
    seat: int
    old: int
    new: int
    why: str  # in words: "instead of recharging", "to remove Blockade 2", ...

    word: ClassVar[str] = "Speed"

    def show(self, s: GameState) -> None:
        pdata(s)["speed"][self.seat] = self.new

    def log_line(self, r: Rules, who: Who) -> str:
        way = "raises" if self.new > self.old else "lowers"
        return f"{who(self.seat)} {way} Pilgrimage speed to {self.new} {self.why}."


@dataclass(slots=True)
class ShrineConstructed(Event):
    seat: int
    shrine: str
    frame: str
    patron: bool  # with a Monument Patron Token (R27.9)

    word: ClassVar[str] = "Shrine"

    def show(self, s: GameState) -> None:
        d = pdata(s)
        d["supply"].remove(self.shrine)
        d["frames"][self.frame] = self.shrine

    def log_line(self, r: Rules, who: Who) -> str:
        b = board(r)
        how = " with a Monument Patron Token" if self.patron else ""
        return (f"{who(self.seat)} constructs {b.shrines[self.shrine].name} in tier "
                f"{ROMAN[b.tier[self.frame]]}{how}.")


@dataclass(slots=True)
class PilgrimMoved(Event):
    seat: int
    src: str
    dst: str
    skipped: bool  # onto an occupied space, skipped at no cost (R27.8.4)
    over: int = -1  # the seat whose Pilgrimage stands on the skipped space (-1: none)

    word: ClassVar[str] = "Pilgrimage"

    def show(self, s: GameState) -> None:
        pdata(s)["pos"][self.seat] = self.dst

    def log_line(self, r: Rules, who: Who) -> str:
        if self.skipped:
            whose = f"{who(self.over)}'s Pilgrimage" if self.over >= 0 else "an occupied space"
            return f"{who(self.seat)}'s Pilgrimage skips over {whose} (free)."
        b = board(r)
        if self.dst in b.frames:  # only a constructed Shrine can be entered (R27.8.2)
            return (f"{who(self.seat)}'s Pilgrimage moves onto a Shrine in tier "
                    f"{ROMAN[b.tier[self.dst]]}.")
        return f"{who(self.seat)}'s Pilgrimage moves to {space_words(r, None, self.dst)}."


@dataclass(slots=True)
class PilgrimStopped(Event):
    seat: int
    space: str
    why: str  # in words

    word: ClassVar[str] = "Pilgrimage stops"

    def show(self, s: GameState) -> None:
        pdata(s)["pos"][self.seat] = self.space

    def log_line(self, r: Rules, who: Who) -> str:
        where = space_words(r, None, self.space)
        prep = "in" if where.startswith("tier") else "on"
        return (f"{who(self.seat)}'s Pilgrimage stops {prep} {where}"
                f"{': ' + self.why if self.why else ''}.")


@dataclass(slots=True)
class BlockadeRemoved(Event):
    seat: int
    blockade: str

    word: ClassVar[str] = "Blockade"

    def show(self, s: GameState) -> None:
        pdata(s)["blockades"][self.blockade] = self.seat

    def log_line(self, r: Rules, who: Who) -> str:
        bl = board(r).blockades[self.blockade]
        return (f"{who(self.seat)} removes Blockade {bl.number} and crosses into tier "
                f"{ROMAN[bl.entry_to_tier]}.")


@dataclass(slots=True)
class ShrineCompletionStarted(Event):
    seats: tuple[int, ...]  # in resolution order
    completing: tuple[bool, ...]

    word: ClassVar[str] = "Shrine completion"

    def show(self, s: GameState) -> None:
        pass

    def log_line(self, r: Rules, who: Who) -> str:
        parts = [f"{who(x)} ({'completing' if c else 'contributing'})"
                 for x, c in zip(self.seats, self.completing, strict=True)]
        return "A Shrine completion resolves: " + ", ".join(parts) + "."


@dataclass(slots=True)
class ShrineEntered(Event):
    seat: int
    shrine: str
    benefit: bool  # the benefit taken

    word: ClassVar[str] = "Shrine benefit"

    def show(self, s: GameState) -> None:
        pass

    def log_line(self, r: Rules, who: Who) -> str:
        name = board(r).shrines[self.shrine].name
        if self.benefit:
            return f"{who(self.seat)} takes the benefit of {name}."
        return f"{who(self.seat)} does not take the benefit of {name}."


@dataclass(slots=True)
class SpaceMarked(Event):
    """R27.1.7 / R32.1: an unused character's energy put on a closed energy space, as a
    reminder that it is closed (it counts for nothing)."""

    seat: int
    space: str
    character: str  # the unused character whose energy marks it

    word: ClassVar[str] = "Closed space"

    def show(self, s: GameState) -> None:
        pdata(s).setdefault("marked", {})[self.space] = self.character

    def log_line(self, r: Rules, who: Who) -> str:
        return (f"{who(self.seat)} puts an energy of {r.characters[self.character].name} on "
                "the bottom-right Compass space of the Pilgrim Board, a reminder that it is "
                "closed with 2 players.")


PILGRIMAGE_EVENTS: tuple[type[Event], ...] = (
    SpaceMarked, SpeedChanged, ShrineConstructed, PilgrimMoved, PilgrimStopped, BlockadeRemoved,
    ShrineCompletionStarted, ShrineEntered,
)

"""What the other seats did: a short recap per turn, and the board marks of their last moves.

The table feeds every applied decision's events in; a person who is about to decide sees, for
each turn played since they last acted, one line in words ("Aureon — Actions turn: deployed
3 energy to Ember Forge; completed a section of Ember Forge; +5 VP"), and the places those
moves touched stay marked on the board until they act.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.aac.api import Rules
from engine.aac.api import events as ev

MARK_KINDS = ("section", "pillar", "bound", "achievement", "pool_slot", "monument")
MAX_MARKS = 40
MAX_NOTES = 60


@dataclass
class TurnNote:
    """What one seat did in one turn (counted from its events)."""

    seat: int
    turn: int
    turn_type: str = ""
    pushes: int = 0
    loaded: int = 0
    deployed: Counter[str] = field(default_factory=Counter)  # monument name -> energy
    bound: int = 0
    completed: list[str] = field(default_factory=list)
    claimed: int = 0
    moved_to: str = ""
    achievements: list[str] = field(default_factory=list)
    bridges: int = 0
    patron: list[str] = field(default_factory=list)
    recharged: bool = False
    tracks: list[str] = field(default_factory=list)
    upgrades: int = 0
    conduits: int = 0
    powers: list[str] = field(default_factory=list)
    perks: int = 0
    moved_energy: int = 0  # other energy moves (repositions, payments, exhausting...)
    score: int = 0

    def empty(self) -> bool:
        return not (self.turn_type or self.pushes or self.loaded or self.deployed or
                    self.completed or self.claimed or self.moved_to or self.achievements or
                    self.bridges or self.patron or self.recharged or self.tracks or
                    self.upgrades or self.conduits or self.powers or self.perks or
                    self.moved_energy or self.score)


class Recap:
    """Collects turn notes and board marks; each person sees those made since they last
    acted, by the other seats."""

    def __init__(self, rules: Rules) -> None:
        self.r = rules
        self.notes: list[TurnNote] = []
        self.marks: list[tuple[int, str]] = []  # (seat, hotspot target), oldest first
        self.dropped_notes = 0  # notes and marks trimmed from the front (the lists are capped)
        self.dropped_marks = 0
        self._seen: dict[int, tuple[int, int]] = {}  # seat -> (notes, marks) seen when it acted
        self._cur: dict[int, TurnNote] = {}
        self._turn = 0
        self._turn_seat = -1

    # --- feeding --------------------------------------------------------------------------
    def acted(self, seat: int) -> None:
        """`seat` (a person) made a choice: they have seen everything the others did. The
        others' notes close, so what they do next makes new ones."""
        self._seen[seat] = (self.dropped_notes + len(self.notes),
                            self.dropped_marks + len(self.marks))
        self._cur = {k: v for k, v in self._cur.items() if k == seat}

    def feed(self, events: list[ev.Event]) -> None:
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self._turn, self._turn_seat = e.turn, e.seat
            self._note(e)
            self._mark(e)
        if len(self.marks) > MAX_MARKS:
            k = len(self.marks) - MAX_MARKS
            del self.marks[:k]
            self.dropped_marks += k
        if len(self.notes) > MAX_NOTES:
            k = len(self.notes) - MAX_NOTES
            del self.notes[:k]
            self.dropped_notes += k

    def _note_for(self, seat: int) -> TurnNote:
        n = self._cur.get(seat)
        if n is None or n.turn != self._turn:
            n = TurnNote(seat, self._turn)
            self._cur[seat] = n
            self.notes.append(n)
        return n

    def _name(self, x: str) -> str:
        return self.r.names.get(x, x.replace("_", " ").title())

    def _note(self, e: ev.Event) -> None:
        if isinstance(e, ev.TurnTypeChosen):
            self._note_for(e.seat).turn_type = e.turn_type
        elif isinstance(e, ev.TilesPushed):
            self._note_for(e.seat).pushes += 1
        elif isinstance(e, ev.TokenMoved):
            n = self._note_for(e.owner)
            kind = e.dst.split(":", 1)[0]
            if kind == "slot" and e.src in ("exhausted", "reserve", "shop"):
                n.loaded += 1
            elif kind == "section":
                n.deployed[self._name(e.dst.split(":")[1])] += 1
            elif kind in ("bound", "pillar") and e.reason != "deployed":
                n.bound += 1
            elif kind != "track" and e.src.split(":", 1)[0] != "track":
                n.moved_energy += 1
        elif isinstance(e, ev.SectionCompleted) and e.completer >= 0:
            self._note_for(e.completer).completed.append(self._name(e.monument))
        elif isinstance(e, ev.TileClaimed):
            self._note_for(e.seat).claimed += 1
        elif isinstance(e, ev.FigureMoved | ev.FigureTeleported):
            dst = e.path[-1] if isinstance(e, ev.FigureMoved) else e.dst
            regions = self.r.space_regions.get(dst, ())
            if regions:
                self._note_for(e.seat).moved_to = self._name(regions[0]) if len(regions) == 1 \
                    else "a bridge"
        elif isinstance(e, ev.AchievementClaimed):
            self._note_for(e.seat).achievements.append(self._name(e.achievement))
        elif isinstance(e, ev.BridgeBuilt):
            self._note_for(e.seat).bridges += 1
        elif isinstance(e, ev.PatronUsed):
            self._note_for(e.seat).patron.append(self._name(e.monument))
        elif isinstance(e, ev.ScoreChanged):
            self._note_for(e.seat).score += e.new - e.old
        elif isinstance(e, ev.ChannelMarker) and e.charged:
            self._note_for(e.seat).recharged = True
        elif isinstance(e, ev.TrackMoved):
            name = "Monument Track" if e.track == "monument" else "Pillar Track"
            n = self._note_for(e.seat)
            if name not in n.tracks:
                n.tracks.append(name)
        elif isinstance(e, ev.ActionUpgraded):
            self._note_for(e.seat).upgrades += 1
        elif isinstance(e, ev.ConduitGained):
            self._note_for(e.seat).conduits += 1
        elif isinstance(e, ev.PowerUsed):
            self._note_for(e.seat).powers.append(self._name(e.power))
        elif isinstance(e, ev.PerkTaken):
            self._note_for(e.seat).perks += 1

    def _mark(self, e: ev.Event) -> None:
        if isinstance(e, ev.TokenMoved):
            if e.dst.split(":", 1)[0] in MARK_KINDS:
                self.marks.append((e.owner, e.dst))
        elif isinstance(e, ev.FigureMoved) and e.path:
            self.marks.append((e.seat, e.path[-1]))
        elif isinstance(e, ev.FigureTeleported):
            self.marks.append((e.seat, e.dst))
        elif isinstance(e, ev.TileClaimed) and e.pool_slot:
            self.marks.append((e.seat, f"pool_slot:{e.pool_slot}"))
        elif isinstance(e, ev.BridgeBuilt) and e.space:
            self.marks.append((e.seat, e.space))
        elif isinstance(e, ev.SectionCompleted):  # no completer: the seat whose turn it is
            self.marks.append((e.completer if e.completer >= 0 else self._turn_seat,
                               f"monument:{e.monument}"))

    # --- reading ---------------------------------------------------------------------------
    def marks_for(self, viewer: int) -> list[tuple[int, str]]:
        """Marks of other seats' moves since `viewer` last acted (newest first, no repeats)."""
        start = max(0, self._seen.get(viewer, (0, 0))[1] - self.dropped_marks)
        seen: set[tuple[int, str]] = set()
        out = []
        for m in reversed(self.marks[start:]):
            if m[0] != viewer and m not in seen:
                seen.add(m)
                out.append(m)
        return out

    def lines_for(self, viewer: int, name: dict[int, str]) -> list[tuple[int, str]]:
        """(seat, line) for every turn of another seat since `viewer` last acted."""
        start = max(0, self._seen.get(viewer, (0, 0))[0] - self.dropped_notes)
        out = []
        for n in self.notes[start:]:
            if n.seat == viewer or n.empty():
                continue
            out.append((n.seat, f"{name.get(n.seat, f'Seat {n.seat + 1}')} — {describe(n)}"))
        return out


def _energy(k: int) -> str:
    return f"{k} energy"


def describe(n: TurnNote) -> str:
    """One line in words for a turn note."""
    head = {"advance": "Advance turn", "actions": "Actions turn"}.get(n.turn_type, "")
    parts: list[str] = []
    if n.pushes:
        parts.append("pushed a tile" if n.pushes == 1 else f"pushed {n.pushes} tiles")
    if n.loaded:
        parts.append(f"loaded {_energy(n.loaded)}")
    for mon, k in n.deployed.items():
        parts.append(f"deployed {_energy(k)} to {mon}")
    for mon in n.completed:
        parts.append(f"completed a section of {mon}")
    for mon in n.patron:
        parts.append(f"used the Patron Token of {mon}")
    if n.bound:
        parts.append(f"bound {_energy(n.bound)}")
    if n.claimed:
        parts.append("claimed a tile" if n.claimed == 1 else f"claimed {n.claimed} tiles")
    if n.moved_to:
        parts.append(f"moved to {n.moved_to}")
    for a in n.achievements:
        parts.append(f"claimed the achievement {a}")
    if n.bridges:
        parts.append("built a bridge" if n.bridges == 1 else f"built {n.bridges} bridges")
    for track in n.tracks:
        parts.append(f"moved on the {track}")
    if n.perks:
        parts.append("took a perk" if n.perks == 1 else f"took {n.perks} perks")
    for power in n.powers:
        parts.append(f"used {power}")
    if n.upgrades:
        parts.append("upgraded an action")
    if n.conduits:
        parts.append("gained a conduit")
    if n.recharged:
        parts.append("recharged the Channel Marker")
    if n.moved_energy and not parts:
        parts.append(f"moved {_energy(n.moved_energy)}")
    if n.score:
        parts.append(f"{n.score:+d} VP".replace("-", "\u2212"))
    body = "; ".join(parts) if parts else "passed without acting"
    return f"{head}: {body}" if head else body

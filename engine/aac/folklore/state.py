"""The Folklore module's state (R26), kept as plain data in `GameState.ext["folklore"]`, and
the catalog's Folklore Cards by id.

    hand[seat]    Folklore Card ids in the seat's hand (hidden from the other seats)
    aside[seat]   the 3 cards set aside at setup (seen by nobody; R26.1.3)
    played[seat]  cards played, face up, in play order (R26.3.5)
    slots[seat]   unprimed Artifacts still in the circular slots (3 at setup)
    primed[seat]  an Artifact in the primed slot (at most one, R26.2.2)
    map           space id -> seats with an Artifact there (two only while a card played on
                  an opponent's Artifact resolves, R26.3.3)
    bound         region id -> seats with an Artifact in that region's Bound Energy Area
    track[seat]   Folklore Track position 0-4 (R26.8)
    placed[seat]  the turn number of the seat's last placement (-1: none; R26.3.7)
    teleport[seat] "space|behind|turn" of the figure right after a teleport (R26.3.6), else ""
"""

from __future__ import annotations

from typing import Any

from engine.aac.catalog.expansion.folklore_cards import FolkloreCard, FolkloreOption
from engine.aac.data import Rules
from engine.aac.state import GameState

NAME = "folklore"
ARTIFACTS = 3  # per player (R26.1.1)
HAND = 3  # cards in the hand (R26.1.3)
TRACK_VP = (0, 3, 7, 12, 18)  # R26.5; checked against the catalog in the tests


def fdata(s: GameState) -> dict[str, Any]:
    """The module's data (the game must have the module)."""
    d: dict[str, Any] = s.ext[NAME]
    return d


def active(s: GameState) -> bool:
    return NAME in s.ext


def new_data(n: int) -> dict[str, Any]:
    return {
        "hand": [[] for _ in range(n)], "aside": [[] for _ in range(n)],
        "played": [[] for _ in range(n)], "slots": [ARTIFACTS] * n, "primed": [False] * n,
        "map": {}, "bound": {}, "track": [0] * n, "placed": [-1] * n, "teleport": [""] * n,
    }


Index = tuple[dict[str, FolkloreCard], dict[str, tuple[str, ...]],
              dict[str, tuple[FolkloreCard, FolkloreOption]]]
_INDEX: dict[int, tuple[object, Index]] = {}


def _index(r: Rules) -> Index:
    exp = r.expansion
    assert exp is not None, "the expansion catalog is not loaded"
    hit = _INDEX.get(id(exp))
    if hit is not None and hit[0] is exp:
        return hit[1]
    cards = {c.id: c for c in exp.folklore_cards.cards}
    decks = {d.character: tuple(d.cards) for d in exp.folklore_cards.decks}
    options = {o.id: (c, o) for c in cards.values() for o in c.options}
    _INDEX[id(exp)] = (exp, (cards, decks, options))
    return cards, decks, options


def card(r: Rules, cid: str) -> FolkloreCard:
    return _index(r)[0][cid]


def deck(r: Rules, character: str) -> tuple[str, ...]:
    """A character's 6 Folklore Cards (R26.1.1)."""
    return _index(r)[1][character]


def option(r: Rules, oid: str) -> tuple[FolkloreCard, FolkloreOption]:
    return _index(r)[2][oid]


def artifact_regions(r: Rules, d: dict[str, Any], seat: int) -> list[str]:
    """Regions where the seat has an Artifact: on a map space or in a Bound Energy Area
    (R26.3.7, R26.3.9)."""
    out: list[str] = []
    for sp, seats in d["map"].items():
        if seat in seats:
            reg = r.space_regions[sp][0]
            if reg not in out:
                out.append(reg)
    for reg, seats in d["bound"].items():
        if seat in seats and reg not in out:
            out.append(reg)
    return out


def artifacts_out(d: dict[str, Any], seat: int) -> int:
    """The seat's Artifacts on the map or in bound areas."""
    return int(sum(seats.count(seat) for seats in d["map"].values())
               + sum(seats.count(seat) for seats in d["bound"].values()))

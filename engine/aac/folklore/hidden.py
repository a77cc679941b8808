"""The Folklore module's hidden information (engine.kernel.hidden): each hand is seen by its
owner only; the 3 cards set aside at setup by nobody (R26.1.3; with the expert hand the owner
chose them, so the owner knows them). A view shows a hidden card as "" (the count stays);
bots' determinization refills the blanks from the owner's deck less every card the view
shows. A card played from a hand is revealed: undo stops there (a hand's digest changes)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.aac.data import rules
from engine.aac.folklore.state import NAME, deck
from engine.aac.state import GameState
from engine.kernel.hidden import HiddenPart
from engine.kernel.rng import Rng, seed_state

BARRIER = "Undo stops here: a Folklore Card was revealed."


def _hides(s: GameState) -> bool:
    return NAME in s.ext


def _hand_visible(s: GameState, owner: int | None, viewer: int) -> bool:
    return NAME not in s.ext or owner == viewer


def _aside_visible(s: GameState, owner: int | None, viewer: int) -> bool:
    return NAME not in s.ext or (owner == viewer and bool(s.options.get("folklore_expert_hand")))


def _blank(key: str) -> Any:
    def redact(d: dict[str, Any], owner: int | None) -> None:
        assert owner is not None
        ext = dict(d["ext"])
        part = dict(ext[NAME])
        rows = list(part[key])
        rows[owner] = [""] * len(rows[owner])
        part[key] = rows
        ext[NAME] = part
        d["ext"] = ext
    return redact


def _resample(d: dict[str, Any], owner: int | None, seed: int) -> None:
    """Fill the owner's blank hand and set-aside cards with the cards of its deck that the
    view does not show anywhere, in a seeded random order (hand first)."""
    assert owner is not None
    part = d["ext"].get(NAME)
    if part is None or ("" not in part["hand"][owner] and "" not in part["aside"][owner]):
        return
    shown = set(part["played"][owner]) | set(part["hand"][owner]) | set(part["aside"][owner])
    unseen = [c for c in deck(rules(), str(d["players"][owner]["character"])) if c not in shown]
    Rng(seed_state(seed ^ 0xF01C ^ (owner << 8))).shuffle(unseen)
    part = dict(part)
    for key in ("hand", "aside"):
        rows = list(part[key])
        rows[owner] = [c if c else unseen.pop() for c in rows[owner]]
        part[key] = rows
    ext = dict(d["ext"])
    ext[NAME] = part
    d["ext"] = ext


def _digest(key: str) -> Any:
    def digest(s: GameState, owner: int | None) -> Hashable:
        assert owner is not None
        return tuple(s.ext[NAME][key][owner]) if NAME in s.ext else ()
    return digest


HANDS = HiddenPart("folklore_hands", _blank("hand"), _resample, _digest("hand"), _hand_visible,
                   per_seat=True, barrier=BARRIER, hides=_hides)
SET_ASIDE = HiddenPart("folklore_set_aside", _blank("aside"), _resample, _digest("aside"),
                       _aside_visible, per_seat=True, barrier=BARRIER, hides=_hides)
PARTS = (HANDS, SET_ASIDE)

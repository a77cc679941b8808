"""Why a thing on the table is not a legal choice now ("why not" for a hover), and what the
pending decision is about, in plain words (engine.aor.api re-exports these).

A target is what a Choice names in `targets`: a box space or box id, an area id, a country
id, a marker id, a card id. `why_not(game, target)` is "" when a choice of the pending
decision names the target, else one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import names as nw
from engine.aor.attack import conversion_cards, reachable
from engine.aor.boxes import free_space
from engine.aor.catalog import Tables
from engine.aor.combat import CombatFrame, attacker_cards
from engine.aor.core import CONVERT_COST, affordable, allied
from engine.aor.game import Game
from engine.aor.state import EMPTY, State

SECRET_KINDS = frozenset({"attack_card", "defence_card", "ally"})


def _offered(g: Game, target: str) -> bool:
    d = g.pending
    return d is not None and any(target in c.targets for c in d.choices)


def why_not(g: Game, target: str) -> str:
    """One sentence: why `target` cannot be chosen now ("" if it can)."""
    d = g.pending
    if d is None:
        return "The game is over."
    if _offered(g, target):
        return ""
    s, t = g.state, g.t
    seat = d.seat
    p = s.players[seat]
    if d.kind == "box":
        return _why_not_box(t, s, seat, target)
    if d.kind in ("attack", "second_attack"):
        return _why_not_attack(t, s, seat, target)
    if d.kind in ("attack_card", "defence_card", "convert_card", "retrieve") and (
            target in t.cards):
        c = t.cards[target]
        if c.country != p.country:
            return "That is not one of your cards."
        if target in p.discard:
            return "That card is in your discard pile until the end of the turn."
        if target not in p.hand:
            return "That card is not in your hand."
        if c.kind == "ally":
            return "Your Ally card only helps another country's combat."
        if d.kind == "retrieve":
            return "Militias take back only a card of soldiers without ships."
        if d.kind == "convert_card" or (d.kind == "attack_card" and t.ship_area[_area(s)]):
            return ("Here you must play a ship card while you hold one; the Blank only "
                    "stands in for a ship when you have none.")
        return (f"Its cost is {c.cost} gold and you can pay at most "
                f"{affordable(t, p)} (levying included).")
    return "That is not part of this decision."


def _area(s: State) -> int:
    for fr in reversed(s.stack):
        if isinstance(fr, CombatFrame):
            return fr.area
    return 0


def _why_not_box(t: Tables, s: State, seat: int, target: str) -> str:
    p = s.players[seat]
    bid = t.space_box.get(target, target if target in t.box_by_id else "")
    if not bid:
        return "That is not an action box."
    b = t.box_by_id[bid]
    if target in t.space_box and target not in s.spaces:
        least = dict(b.spaces)[target]
        return f"This space of {b.name} is used only with {least} or more players."
    if p.supply <= 0:
        return "You have no disc left in your supply."
    sid = free_space(t, s, b)
    if not sid:
        holders = sorted({s.spaces[x] for x, _ in b.spaces if s.spaces.get(x, EMPTY) >= 0})
        who = " and ".join(nw.country(t, c) for c in holders)
        return f"{b.name} is taken this turn (by {who})."
    if target in t.space_box and target != sid:
        return f"Take the first free space of {b.name}: they work the same."
    if b.cost > affordable(t, p):
        return (f"{b.name} costs {b.cost} gold and you can pay at most {affordable(t, p)} "
                "(levying included).")
    if s.options.get("one_space_per_box"):
        return f"You already hold a space of {b.name} (one space per box)."
    return f"You cannot take {b.name} now."


def _why_not_attack(t: Tables, s: State, seat: int, target: str) -> str:
    p = s.players[seat]
    me = p.country
    if p.supply <= 0:
        return "You have no disc left in your supply to put on the map."
    if target in t.markers:
        m = t.markers[target]
        if target not in s.markers[m.area]:
            return "That marker is not on the map."
        if m.aktion:
            return _why_not_convert(t, s, seat, m.area)
        target = t.areas[m.area]
    if target in t.country_index:
        c = t.country_index[target]
        if c == me:
            return "You cannot attack your own country."
        if allied(t, s, me, c):
            return f"{nw.country(t, c)} is your ally this turn."
        return f"Choose an area where {nw.country(t, c)} has a disc you can reach."
    if target not in t.area_index:
        return "That is not a place you can attack."
    a = t.area_index[target]
    name = nw.the_area(t, target)
    if not reachable(t, s, me, a):
        if t.colony[a]:
            return (f"You have no disc in {name}: in a colony you may attack only where you "
                    "have a disc (convert an Aktion marker to get in).")
        return (f"{name[0].upper() + name[1:]} is out of reach: you need a disc there or in an "
                "area next to it, or your home country beside it.")
    if not attacker_cards(t, p, a):
        return f"You hold no ship card you can pay for to attack in {name}."
    return f"There is nothing in {name} you may attack: only your allies' discs."


def _why_not_convert(t: Tables, s: State, seat: int, a: int) -> str:
    p = s.players[seat]
    if affordable(t, p) < CONVERT_COST:
        return (f"Converting costs {CONVERT_COST} gold and you can pay at most "
                f"{affordable(t, p)}.")
    if not conversion_cards(t, p):
        return "You have no ship card (nor your Blank) in hand to convert with."
    if s.options.get("conversion_needs_presence") and s.discs[a][p.country] <= 0:
        return "You may convert only in a colony where you have a disc."
    return "You cannot convert now."


# --- the pending decision in words ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pending:
    """What a table shows about the open decision."""

    seat: int
    who: str  # the seat's country (or "Player N")
    kind: str  # the decision kind (api.DECISION_KINDS)
    prompt: str
    secret: bool  # a face-down commitment: show it to this seat only (hand-off first)
    when: str  # "Turn 2, segment 3" / "Turn 1, alliances" / "Setup"
    choices: int


def pending(g: Game) -> Pending | None:
    d = g.pending
    if d is None:
        return None
    s, t = g.state, g.t
    if s.turn == 0:
        when = "Setup"
    elif s.segment:
        when = f"Turn {s.turn}, segment {s.segment} of {t.segments[s.n]}"
    else:
        when = f"Turn {s.turn}, {_STEP_WORDS.get(s.step, s.step)}"
    return Pending(d.seat, nw.seat(t, s, d.seat), d.kind, d.prompt, d.kind in SECRET_KINDS,
                   when, len(d.choices))


_STEP_WORDS = {"markers": "Empire markers", "alliances": "alliances", "actions": "actions",
               "income": "income", "vp": "victory points", "end": "end of turn",
               "over": "game over"}

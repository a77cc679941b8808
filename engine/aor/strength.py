"""Combat strength as the sum of named parts (R8.5.4, R8.7, R7.6.2) and the outcome with its
unrest (R8.5.6, R8.6). Pure functions of the state and what was played: the combat frame,
the rulebook-example tests and the table's previews all use them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor.catalog import Tables
from engine.aor.core import NPC_DEFENCE
from engine.aor.events import Term
from engine.aor.state import State

# rules option "bavaria_saxony_anywhere" (O22): these two supports count in every area
ANYWHERE_SUPPORTS = frozenset({"box_bavaria", "box_saxony"})


def box_terms(t: Tables, s: State, country: int, area: int) -> list[Term]:
    """The combat bonuses of the boxes a primary combatant holds (R6.5.1, R6.5.2, R6.6):
    one term per box, its bonus times the spaces held (Army Training's two spaces stack)."""
    out: list[Term] = []
    anywhere = bool(s.options.get("bavaria_saxony_anywhere"))
    spaces = s.spaces
    for b in t.boxes:
        if not b.bonus:
            continue
        held = sum(1 for sid, _ in b.spaces if spaces.get(sid, -1) == country)
        if not held:
            continue
        scope = b.bonus_areas
        if scope is not None and area not in scope and not (anywhere
                                                            and b.id in ANYWHERE_SUPPORTS):
            continue
        kind = "support" if b.kind == "support" else "advancement"
        out.append(Term(kind, b.id, b.bonus * held))
    return out


def card_terms(t: Tables, s: State, card: str, area: int, attacker: bool) -> list[Term]:
    """Soldiers, and ships in ship areas (R8.5.4); a Blank standing in for a ship adds one
    ship only with the rules option "blank_ship_point" (O19)."""
    c = t.cards.get(card)
    if c is None:
        return []
    out: list[Term] = []
    if c.soldiers:
        out.append(Term("soldiers", card, c.soldiers))
    if t.ship_area[area]:
        if c.ships:
            out.append(Term("ships", card, c.ships))
        elif c.kind == "blank" and attacker and s.options.get("blank_ship_point"):
            out.append(Term("ships", card, 1))
    return out


def dice_term(dice: tuple[int, int]) -> Term:
    return Term("dice", "", abs(dice[0] - dice[1]))


def player_strength(t: Tables, s: State, country: int, area: int, card: str,
                    dice: tuple[int, int], allies: list[str], npcs: list[int],
                    attacker: bool) -> list[Term]:
    """A primary combatant's parts: dice difference, card, allies (one per Ally card turned,
    ref = the ally's country id), bought non-player allies, box bonuses (R8.5.4)."""
    out = [dice_term(dice)]
    out += card_terms(t, s, card, area, attacker)
    out += [Term("allies", a, 1) for a in allies]
    out += [Term("npc_allies", t.countries[c], 1) for c in npcs]
    out += box_terms(t, s, country, area)
    return out


def npc_strength(t: Tables, s: State, country: int, dice: tuple[int, int],
                 allies: list[str]) -> list[Term]:
    """R8.7: a non-player disc defends with 4 + dice + its player allies (O21; the rules
    option "npc_fixed_four" drops the dice)."""
    out = [Term("npc_defence", t.countries[country], NPC_DEFENCE)]
    if not s.options.get("npc_fixed_four"):
        out.insert(0, dice_term(dice))
    out += [Term("allies", a, 1) for a in allies]
    return out


def marker_strength(t: Tables, s: State, marker: str, dice: tuple[int, int]) -> list[Term]:
    """R7.6.2: a numbered marker defends with its number + dice (O17; the rules option
    "marker_fixed_strength" drops the dice)."""
    out = [Term("marker", marker, t.markers[marker].strength)]
    if not s.options.get("marker_fixed_strength"):
        out.insert(0, dice_term(dice))
    return out


def total(terms: list[Term] | tuple[Term, ...]) -> int:
    return sum(x.value for x in terms)


@dataclass(frozen=True, slots=True)
class Outcome:
    result: str  # "attacker" | "defender" | "tie"
    margin: int
    degree: str  # "overwhelming" | "pyrrhic" | "" | "tie"
    attacker_unrest: int
    defender_unrest: int  # also for a non-player or marker defender (nobody gains it then)
    ally_unrest: int  # for each player who turned its Ally card (and Blank allies, O20 option)


def outcome(att: int, dfn: int) -> Outcome:
    """R8.5.6 and R8.6: who wins and who gains unrest (the R8.6.6 table)."""
    m = abs(att - dfn)
    if att == dfn:
        return Outcome("tie", 0, "tie", 2, 1, 1)  # R8.6.1 + R8.6.5; R8.6.5
    degree = "overwhelming" if m >= 3 else "pyrrhic" if m == 1 else ""
    loser = 1 + (1 if m >= 3 else 0)  # R8.6.2, R8.6.3
    winner = 1 if m == 1 else 0  # R8.6.4
    if att > dfn:
        return Outcome("attacker", m, degree, winner, loser, 0)
    return Outcome("defender", m, degree, 1 + loser, winner, 0)  # R8.6.1: the attack failed

"""Hover help: what each thing on the table is and the rule it stands for, in words taken
from the component catalog: the engine's tables (engine.aac.data.rules()) and the validated
catalog objects they were built from (its rule notes), never the JSON files themselves."""

from __future__ import annotations

from typing import Any

from engine.aac import names
from engine.aac.catalog import Catalog
from engine.aac.data import rules

TYPES = ("compass", "rose", "magnet", "wild")
ICON_WORDS = {"move": "winged foot (character movement)",
              "monument": "castle (Monument Track movement)",
              "pillar": "pillar (Pillar Track movement)"}


def catalog() -> Catalog:
    """The validated base catalog the engine's tables come from."""
    return rules().base


def energy(etype: int | str, where: str = "") -> str:
    name = etype if isinstance(etype, str) else TYPES[etype % 4]
    text = next((et.activation_text for et in catalog().characters.energy_types
                 if et.id == name), "")
    head = f"{names.energy(name)} energy" + (f" — {where}" if where else "")
    return f"{head}\nWhen activated: {text}" if text else head


def action_token(tok: str) -> str:
    at = rules().action_tokens.get(tok)
    if at is None:
        return "Action token"
    kind = "Action upgrade" if at.upgrade else "Action token"
    return f"{kind} {at.name} (column {at.column})\n{at.text}"


def conduit(cd: str, pos: int) -> str:
    base = f"Conduit space above position {pos}"
    if not cd:
        return base + ": empty (a Conduit bonus tile fills it)"
    icons = ", ".join(ICON_WORDS.get(i, "an icon") for i in rules().conduit_icons.get(cd, ()))
    rule = catalog().tiles.conduit_tokens.matching.text
    return f"{base}: conduit token with {icons}\n{rule}"


def channel(charged: bool) -> str:
    state = "charged" if charged else "exhausted (spent)"
    return f"Channel marker: {state}\n{catalog().characters.channel_marker.use}"


def patron_token(monument: str, held: bool = False) -> str:
    r = rules()
    name = r.names.get(monument, "a monument")
    patron = catalog().monuments.patron_rules
    gain, use = patron.gain.text, patron.use.text
    head = f"Monument Patron token of {name}" + (" (held)" if held else "")
    return f"{head}\nTake it: {gain}\nUse it: {use}"


def track(name: str) -> str:
    for tr in catalog().tiles.tracks:
        if tr.id == f"{name}_track":
            return f"{tr.name}\n{tr.note}"
    return f"{name.title()} Track"


def reserve() -> str:
    reserve_ = catalog().characters.energy_reserve
    sc = reserve_.scoring.by_rows_fully_freed
    pts = ", ".join(f"{k} row{'s' if k != 1 else ''}: {v} VP" for k, v in sc.items())
    pair = reserve_.pair_bonus
    return ("Energy reserve: energy leaves it only through 'free' effects.\n"
            f"{pair}\nRows fully freed score at the end ({pts}).")


def exhausted() -> str:
    return ("Exhausted pool: energy waiting to be loaded onto the device (loading fills tile "
            "slots; a tile's top row deploys, its bottom row powers the Patron).")


def bank() -> str:
    return ("Tile Pool bank: energy stored to pay for tiles claimed from the Tile Pool; "
            "it also breaks ties at the end.")


def bridge(space: str, value: str, state: Any) -> str:
    r = rules()
    name = names.cap(names.space(r, space))
    if not value:

        return (f"{name}: a gap. A figure whose next space is an unbridged gap turns around; "
                "place a bridge token here to cross it.")
    if value.startswith("n:"):
        tok = r.neutral_tokens.get(value[2:])
        if tok is not None:
            return f"{name}: {tok.name}\nCrossing it: {tok.bonus_text}"
        return f"{name}: neutral bridge"
    try:
        _, seat_s, tier_s = value.split(":")
        seat, tier = int(seat_s), int(tier_s)
        p = state.players[seat]
        ch = r.characters[p.character]
        side_i = p.bridge_side[tier - 1] if tier - 1 < len(p.bridge_side) else 0
        side = ch.bridge_sides[tier - 1][max(0, side_i)]
        text = f"{name}: {ch.name}'s bridge token {'I' * tier} (side {side.side})\n" \
               f"Crossing it: {side.bonus_text}"
        if side.scoring_text:
            text += f"\nEnd of game (owner only): {side.scoring_text}"
        return text
    except (ValueError, KeyError, IndexError, AttributeError):
        return f"{name}: a player's bridge"


def pillar(region_name: str) -> str:
    note = catalog().map.pillar_scoring.note
    return (f"Pillar of Civilization, {region_name}: bind energy here from your Pillar Track "
            "(at most one of yours per pillar)." + (f"\n{note}" if note else ""))


def bound_area(region_name: str) -> str:
    sc = catalog().monuments.bound_area_scoring.by_your_energy_in_one_bound_area
    pts = ", ".join(f"{k}: {v} VP" for k, v in sc.items())
    return (f"Bound energy area of {region_name}: energy bound from a completed section or "
            f"the Monument Track. Your energy here scores at the end ({pts}; 3 at most).")


def tile_icons(icons: tuple[str, ...]) -> str:
    if not icons:
        return "no icons"
    return ", ".join(ICON_WORDS.get(i, "an icon") for i in icons)



def power(pw: Any, open_: bool) -> str:
    state = "uncovered" if open_ else "covered: place bridge token " + "I" * pw.tier + \
        " to uncover it"
    return f"Power {'I' * pw.tier} {pw.name} ({state})\n{pw.text}"

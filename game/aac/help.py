"""Hover help: what each thing on the table is and the rule it stands for, in words taken
from the component catalog: the engine's tables (engine.aac.data.rules()) and the validated
catalog objects they were built from (its rule notes), never the JSON files themselves."""

from __future__ import annotations

import re
from typing import Any

from engine.aac.api import Catalog, names, rules

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


# --- Folklore module, Doublers and Scoring Cards (words from the expansion catalog) ----------
def _expansion() -> Any:
    ex = rules().expansion
    if ex is None:
        raise RuntimeError("the expansion catalog is not loaded")
    return ex


def _rule(items: Any, rid: str) -> str:
    return next((r.text for r in items if r.id == rid), "")


def folklore_card(card: Any, character_name: str = "", played: bool = False) -> str:
    """A Folklore Card (a model of rules().expansion.folklore_cards) in full: name, whose,
    flavour and every option, for its owner (the table shows others only the back)."""
    who = f"{character_name}'s Folklore Card {card.number}" if character_name else \
        f"Folklore Card {card.number}"
    state = " (played: it stays face up)" if played else ""
    opts = "\n".join(f"{o.label}: {o.text}" for o in card.options)
    return f"{card.name} — {who}{state}\n{card.flavour}\n{opts}"


def folklore_card_back(owner: str, count: int = 1) -> str:
    cards = "a Folklore Card" if count == 1 else f"{count} Folklore Cards"
    return (f"{owner}'s hand: {cards}, face down (only {owner} may look).\n"
            "A card is played when its owner places a primed Artifact: one card for each "
            "Artifact placed.")


def folklore_track(position: int, is_here: bool = False) -> str:
    """A space of the Folklore Track (0-4) and what it scores."""
    ft = _expansion().folklore_track
    vp = next((p.vp for p in ft.track.positions if p.position == position), 0)
    head = f"Folklore Track, position {position}: {vp} VP at the end" + \
        (" (the cube is here)" if is_here else "")
    return f"{head}\n{_rule(ft.rules, 'ft_down_is_cost')}\n{_rule(ft.rules, 'ft_scoring')}"


def artifact_slot(primed: bool, filled: bool) -> str:
    ft = _expansion().folklore_track
    if primed:
        state = "an Artifact is primed, ready to place" if filled else "empty"
        return (f"Primed slot: {state}.\n{_rule(ft.rules, 'ft_place')}\n"
                f"{_rule(ft.rules, 'ft_no_teleport')}")
    state = "an Artifact waits here" if filled else "empty (its Artifact went to the map)"
    prime = _rule(ft.rules, "ft_prime").split(" The ")[0]  # without the effect's name
    return f"Artifact slot: {state}.\n{prime}"


def artifact(owner: str, space_name: str = "", primed: bool = False,
             bound_region: str = "") -> str:
    """An Artifact on the map, primed on its board, or in a region's bound energy area."""
    ft = _expansion().folklore_track
    if bound_region:
        return (f"{owner}'s Artifact in the bound energy area of {bound_region}.\n"
                f"{_rule(ft.rules, 'ft_bound_area')}")
    if primed:
        return f"{owner}'s primed Artifact.\n{_rule(ft.rules, 'ft_place')}"
    where = f" on {space_name}" if space_name else ""
    fc = _expansion().folklore_cards.resolution_rules
    return (f"{owner}'s Artifact{where}.\nAnother player who places an Artifact here: "
            f"{_rule(fc, 'fr_contested').split(': ', 1)[-1]}\n{_rule(ft.rules, 'ft_limits')}")


def doubler(etype: int | str = "", where: str = "") -> str:
    """A Doubler Token on a bound energy."""
    on = f" on a {names.energy(etype if isinstance(etype, str) else TYPES[etype % 4])} energy" \
        if etype != "" else ""
    at = f" in {where}" if where else ""
    sc = _expansion().scoring_cards.rules
    return (f"Doubler Token{on}{at}: this energy counts as 2 of its type, where it is — for "
            f"a Patron Token, for Achievements and at the end.\n{_rule(sc, 'sc_doublers')}\n"
            "If the energy stops being bound, the Doubler goes back to the supply.")


def scoring_card(card: Any | None, holder: str = "") -> str:
    """A Scoring Card: face up for its holder (its values), face down for everyone else."""
    sc = _expansion().scoring_cards
    if card is None:
        who = f"{holder}'s " if holder else ""
        return (f"{who}Scoring Card, face down.\n{_rule(sc.rules, 'sc_replace')}\n"
                f"{_rule(sc.rules, 'sc_gain')}")
    cat = next((c.name for c in sc.categories if c.id == card.category), "")
    return f"Scoring Card {card.name} ({cat})\n{card.text}\n{_rule(sc.rules, 'sc_replace')}"


# --- the Pilgrim Board (R27), in the catalog's words ---------------------------------------------
def _pb_rule(rid: str, start: str = "") -> str:
    """A rule of the Pilgrim Board in the catalog's words, without the catalog's own field
    names it cites in brackets ("(tier_entries)"); from the sentence starting `start`."""
    text = _rule(_expansion().pilgrim_board.rules, rid)
    if start and start in text:
        text = text[text.index(start):]
    text = re.sub(r"\b[a-z]+(?:_[a-z0-9]+)+\b;?\s*", "", text)
    return re.sub(r"\s*\(\s*\)", "", text).replace("( ", "(")


def pilgrim_board() -> str:
    pb = _expansion().pilgrim_board
    return (f"{pb.name}, the Pilgrim Board.\n{_pb_rule('pb_rule_trigger')}\n"
            f"{_pb_rule('pb_rule_steps')}")


def pilgrim_space(words: str, kind: str, tier: int) -> str:
    """A space of the path (or the start, or a summit space)."""
    if kind == "start":
        return (f"The starting space: every Pilgrimage begins here (any number may share "
                f"it). It scores 0.\n{_pb_rule('pb_rule_forward')}")
    if kind == "summit":
        return f"A space of {words}.\n{_pb_rule('pb_rule_summit')}"
    tiers = {t.tier: t for t in _expansion().pilgrim_board.tiers}
    vp = tiers[tier].vp if tier in tiers else 0
    return (f"A space of the path in {words} ({vp} VP at the end).\n"
            f"{_pb_rule('pb_rule_forward')}\n{_pb_rule('pb_rule_capacity')}")


def shrine(name: str, benefit: str, where: str) -> str:
    at = f" in {where}" if where else " (in the supply)"
    return f"{name}{at}.\nBenefit: {benefit}\n{_pb_rule('pb_rule_shrine')}"


def shrine_frame(where: str) -> str:
    return (f"{where}: empty. A Shrine constructed in step A of a Shrine completion may go "
            f"here.\n{_pb_rule('pb_rule_shrine')}")


def blockade(number: int, cost: int, tier: int, vp: int, taker: str) -> str:
    head = (f"Blockade {number}: removed by {taker} ({vp} VP for them at the end)." if taker
            else f"Blockade {number} guards the way into tier {names.ROMAN[tier]}: the first "
                 f"Pilgrimage to cross lowers its speed by {cost} and takes it ({vp} VP).")
    return f"{head}\n{_pb_rule('pb_rule_blockade', 'The first Pilgrimage')}"


def pilgrim_speed(speed: int) -> str:
    st = _expansion().pilgrim_board.speed_track
    return (f"Pilgrimage speed {speed} (of {st.max_speed}).\n{st.increase}\n{st.decrease}")


def pilgrim_energy_space(type_name: str, is_open: bool, min_players: int, owner: str,
                         what: str, marked_by: str = "") -> str:
    head = f"An energy space of the Pilgrim Board for a {type_name} (or a Wild)"
    if not is_open:
        head += f": open only with {min_players} or more players"
        if marked_by:
            head += f" (marked with an energy of {marked_by}, who is not playing)"
    elif owner:
        head += f": {owner}'s {what} is here"
    else:
        head += ": empty"
    return (f"{head}.\n{_pb_rule('pb_rule_place')}\n{_pb_rule('pb_rule_trigger')}\n"
            f"{_pb_rule('pb_rule_running_out')}")

"""Names a player reads: catalog names and plain words, never ids, counting from 1.

A seat is named by its country once it has one ("Prussia"), else "Player 2". Combat cards
have no printed names: a card is named by what it shows ("card of 4 soldiers (cost 5)").
"""

from __future__ import annotations

from engine.aor.catalog import Tables
from engine.aor.state import State

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def possessive(name: str) -> str:
    """ "France" -> "France's", "United Provinces" -> "United Provinces'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def ordinal(n: int) -> str:
    """1 -> "first"."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else f"{n}th"


def country(t: Tables, c: int) -> str:
    return t.country_names[c] if 0 <= c < len(t.country_names) else "nobody"


def country_by_id(t: Tables, cid: str) -> str:
    i = t.country_index.get(cid)
    return country(t, i) if i is not None else "an unknown country"


def seat(t: Tables, s: State, seat_no: int) -> str:
    """A seat in words: its country, or "Player N" before countries are chosen."""
    if 0 <= seat_no < len(s.players):
        c = s.players[seat_no].country
        if c >= 0:
            return t.country_names[c]
    return f"Player {seat_no + 1}"


def area(t: Tables, aid: str) -> str:
    i = t.area_index.get(aid)
    return t.area_names[i] if i is not None else "an unknown area"


def area_at(t: Tables, a: int) -> str:
    return t.area_names[a]


def the_area(t: Tables, aid: str) -> str:
    """With the article the English names take ("the Baltic Sea", "India")."""
    name = area(t, aid)
    return name if name in _NO_ARTICLE else f"the {name}"


_NO_ARTICLE = frozenset({"Central Europe", "North America", "South America", "Africa", "India"})


def box(t: Tables, bid: str) -> str:
    b = t.box_by_id.get(bid)
    return b.name if b is not None else "an unknown box"


def space(t: Tables, sid: str) -> str:
    """A box space: "Army Training", or "Army Training (second space)" for a box of several."""
    bid = t.space_box.get(sid)
    if bid is None:
        return "an unknown box"
    b = t.box_by_id[bid]
    if len(b.spaces) == 1:
        return b.name
    k = [s for s, _ in b.spaces].index(sid) + 1
    return f"{b.name} ({ordinal(k)} space)"


def card(t: Tables, cid: str, owner: bool = False) -> str:
    """"card of 4 soldiers (cost 5)", "Ally card", "Blank card"; with `owner`
    "Prussia's card of ..."."""
    c = t.cards.get(cid)
    if c is None:
        return "a hidden card"
    if c.kind == "ally":
        text = "Ally card"
    elif c.kind == "blank":
        text = "Blank card"
    else:
        text = f"card of {plural(c.soldiers, 'soldier')}"
        if c.ships:
            text += f" and {plural(c.ships, 'ship')}"
        text += f" (cost {c.cost})"
    return f"{possessive(t.country_names[c.country])} {text}" if owner else text


def card_short(t: Tables, cid: str) -> str:
    """"4 soldiers, 2 ships · 5 gold" for a hand display."""
    c = t.cards.get(cid)
    if c is None:
        return "hidden card"
    if c.kind != "combat":
        return "Ally" if c.kind == "ally" else "Blank"
    text = plural(c.soldiers, "soldier")
    if c.ships:
        text += f", {plural(c.ships, 'ship')}"
    return f"{text} · {c.cost} gold"


def marker(t: Tables, mid: str, where: bool = True) -> str:
    """"an Aktion marker in the Caribbean", "the Empire marker 5 in India (+3 gold)"."""
    m = t.markers.get(mid)
    if m is None:
        return "an unknown marker"
    if m.aktion:
        text = "an Aktion marker"
    else:
        text = f"an Empire marker of strength {m.strength}"
        rewards = []
        if m.vp:
            rewards.append(f"+{plural(m.vp, 'victory point')}")
        if m.gold:
            rewards.append(f"+{m.gold} gold")
        if rewards:
            text += f" ({', '.join(rewards)})"
    if where:
        text += f" in {the_area(t, t.areas[m.area])}"
    return text


def gold(n: int) -> str:
    return f"{n} gold"


def vp(n: int) -> str:
    return plural(n, "victory point")


def name_of(t: Tables, any_id: str) -> str:
    """Any catalog id in words (areas, countries, boxes, spaces, cards, markers)."""
    if any_id in t.area_index:
        return area(t, any_id)
    if any_id in t.country_index:
        return country_by_id(t, any_id)
    if any_id in t.box_by_id:
        return box(t, any_id)
    if any_id in t.space_box:
        return space(t, any_id)
    if any_id in t.cards:
        return card(t, any_id, owner=True)
    if any_id in t.markers:
        return marker(t, any_id)
    for h in t.cat.map.home_countries:
        if h.id == any_id:
            return country_by_id(t, h.country)
    return "something unknown"

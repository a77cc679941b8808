"""Hover texts of Age of Reason's table, in plain words with the rule each thing stands for
(RULES.md's ids): home countries, Empire markers, the bag, the action boxes, the Alliance
Display, the tracks, the cards. English names first, the German of the rulebook beside them
where it uses one."""

from __future__ import annotations

from engine.aor.api import State, box, card, names, tables
from engine.aor.api import home as home_catalog
from game.aor import look

# the rule of each kind of thing (the guide opens it: F1, or "Rule ▸" after a why-not)
RULES = {
    "area": "R11", "home": "R1.3", "stack": "R11.2", "marker": "R7.6", "aktion": "R7.5",
    "bag": "R4.1", "space": "R6.3", "box": "R6.3", "card": "R1.6", "ally": "R5.4",
    "proposal": "R5.3.2", "unallied": "R5.1", "vp": "R11", "unrest": "R4.4",
    "turn": "R3.1", "segment": "R3.2", "gold": "R4.5", "hand": "R8.9",
}
BOX_RULES = {
    "box_army_training": "R6.5.1", "box_navy_training": "R6.5.2", "box_banking": "R6.5.3",
    "box_government_reform": "R6.5.4", "box_militias": "R6.5.5", "box_pressgangs": "R6.5.6",
    "box_reserves": "R6.5.7", "box_war_office": "R6.5.8",
}


def box_rule(bid: str) -> str:
    if bid in BOX_RULES:
        return BOX_RULES[bid]
    return "R6.6" if box(bid).kind == "support" else "R6.7"


def home(hid: str) -> str:
    h = home_catalog(hid)
    c = look.country_index(h.country)
    t = tables()
    near = sorted({t.area_names[a] for a, edges in enumerate(t.home_edges)
                   for cc, _ in edges if cc == c})
    reach = (f"It gives {look.name(c)} reach to {' and '.join(near)} (R7.3.3)."
             if near else "It borders no area an attack needs to reach.")
    return (f"{look.with_german(look.name(c), look.name_de(c))}: a home country, not an area: "
            f"no discs, no markers, never scored (R1.3). {reach}")


def marker(mid: str) -> str:
    t = tables()
    m = t.markers[mid]
    if m.aktion:
        return (f"An Aktion marker in {names.the_area(t, t.areas[m.area])}: convert it with a "
                "ship card (shown) and 2 gold to put a disc here, no dice (R7.5).")
    reward = ""
    if m.vp:
        reward = f" Whoever conquers it scores {names.vp(m.vp)} at once (R7.6.3)."
    elif m.gold:
        reward = f" Whoever conquers it takes {m.gold} gold at once (R7.6.3)."
    return (f"An Empire marker of strength {m.strength} in "
            f"{names.the_area(t, t.areas[m.area])}: attack it and beat {m.strength} plus "
            f"two dice to replace it with your disc (R7.6).{reward}")


def bag(s: State) -> str:
    return (f"The bag of Empire markers: {names.plural(len(s.bag), 'marker')} left. "
            "Ten are drawn at the start of every turn, each put in its area (R4.1).")


def space(sid: str, s: State, n_players: int) -> str:
    t = tables()
    bid = t.space_box[sid]
    least = dict(t.box_by_id[bid].spaces)[sid]
    holder = s.spaces.get(sid)
    words = names.space(t, sid)
    if holder is None:
        return (f"{words}: used only with {least} or more players (R6.2, R14.2); closed in "
                f"this game of {n_players}.")
    who = f" Taken by {look.name(holder)} this turn." if holder >= 0 else " Free."
    return f"{words}.{who}"


def card_words(cid: str) -> str:
    t = tables()
    c = card(cid)
    info = t.cards[cid]
    if info.kind == "ally":
        return ("Ally card: put it down face down to help an ally's combat where you have a "
                "disc; turned up it costs 1 gold and adds 1 to their strength (R8.3, R8.5).")
    if info.kind == "blank":
        return ("Blank card: free, adds nothing. Put it down to stay out of a combat without "
                "anyone knowing, or in place of a ship card when you hold none (R7.3.1, R8.3).")
    ships = f" and {names.plural(c.ships, 'ship')}" if c.ships else ""
    return (f"A combat card: {names.plural(c.soldiers, 'soldier')}{ships}, costs {c.cost} "
            "gold when turned up. Soldiers always count; ships only in a sea or a colony "
            "(R8.5.4). After the combat it goes to your discard pile (R8.8).")


def tracks_vp() -> str:
    return ("Victory point track: every area is scored at the end of each turn; unrest costs "
            "points then too (R11). Most points after the third turn wins (R13).")


def tracks_unrest() -> str:
    return ("Unrest Track: discs start on \u22124 and move down with every unrest point "
            "(levying gold, losing combats). At the end of a turn each country rolls a die "
            "until the sum reaches its unrest and loses a point per roll (R11.4); then its "
            "unrest is halved (R12.6).")


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _places(aids: list[str]) -> str:
    """Areas named for a box's few words: one with its article, several by bare name (the
    hover text says it in full)."""
    t = tables()
    if len(aids) == 1:
        return names.the_area(t, aids[0])
    return _join([names.area(t, a) for a in aids])


def box_words(bid: str) -> str:
    """What a box does, in a few words for its place on the action display (R6.5-R6.7)."""
    t = tables()
    b = t.box_by_id[bid]
    info = box(bid)
    e = info.effect
    if b.bonus:
        if b.bonus_areas is None:
            return f"+{b.bonus} in every combat you fight"
        if len(b.bonus_areas) == sum(t.ship_area):
            return f"+{b.bonus} in combat at sea and in the colonies"
        where = _places([t.areas[a] for a in sorted(b.bonus_areas)])
        return f"+{b.bonus} in combat in {where}" if len(b.bonus_areas) == 1 else \
            f"+{b.bonus} in {where}"
    if b.trade_areas:
        where = _places([t.areas[a] for a in b.trade_areas])
        return f"{b.per_disc} gold per disc in {where}"
    kind = e.type
    if kind == "gain_gold":
        return f"take {getattr(e, 'amount', 0)} gold at once"
    if kind == "reduce_unrest":
        return f"reduce your unrest by {getattr(e, 'amount', 0)} at once"
    if kind == "retrieve_discard":
        if getattr(e, "filter", "") == "soldiers_no_ships":
            return "a card of soldiers only back to your hand"
        return "any discarded card back to your hand"
    if kind == "battle_reroll":
        return "once, re-roll a battle you fight in"
    if kind == "attacks_per_step":
        return "two attacks in each of your steps"
    return ""


def box_tip(bid: str, s: State, n_players: int) -> str:
    t = tables()
    b = t.box_by_id[bid]
    info = box(bid)
    de = f" ({info.name_de})" if info.name_de else ""
    kind = {"advancement": "An advancement", "support": "A support",
            "trading": "A trading box"}[b.kind]
    cost = f" It costs {b.cost} gold." if b.cost else ""
    how = {"advancement": "Advancements last the turn unless they act at once.",
           "support": "Its bonus counts for you as attacker or defender, never as an ally.",
           "trading": "It pays once, when you place your disc."}[b.kind]
    held = [look.name(s.spaces[sid]) for sid, _ in b.spaces if s.spaces.get(sid, -1) >= 0]
    closed = [sid for sid, _ in b.spaces if sid not in s.spaces]
    lines = [f"{b.name}{de}: {box_words(bid)}.{cost}", f"{kind}. {how} ({box_rule(bid)})"]
    if held:
        lines.append("Taken this turn by " + _join(held) + ".")
    if closed:
        least = max(dict(b.spaces)[sid] for sid in closed)
        lines.append(f"{names.plural(len(closed), 'space')} closed: used only with {least} "
                     f"or more players (this game has {n_players}).")
    lines.append("Discs in boxes return to their owners at the end of the turn (R12.4).")
    return "\n".join(lines)

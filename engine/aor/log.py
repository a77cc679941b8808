"""The game log: one plain-English line per event (engine.aor.events), with catalog names,
countries by name and numbers counted from 1, never ids.

`countries[seat]` names a seat by its country (-1: not chosen yet, "Player N"). `viewer` is
the seat reading the log (-1 a spectator): a card taken back into a hidden hand is named only
for its owner.
"""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor.catalog import Tables
from engine.kernel.events import Event


def _seat(t: Tables, countries: list[int], seat: int) -> str:
    if 0 <= seat < len(countries) and countries[seat] >= 0:
        return nw.country(t, countries[seat])
    return f"Player {seat + 1}"


def term_words(t: Tables, term: ev.Term) -> str:
    """"3 (dice)", "4 (soldiers)", "1 (Bavaria)", "1 (France, ally)", "4 (Prussia's
    defence)"."""
    k = term.kind
    if k in ("advancement", "support"):
        what = nw.box(t, term.ref)
    elif k in ("allies", "npc_allies"):
        what = f"{nw.country_by_id(t, term.ref)}, ally"
    elif k == "npc_defence":
        what = f"{nw.possessive(nw.country_by_id(t, term.ref))} defence"
    elif k == "marker":
        what = "marker"
    elif k == "dice":
        what = "dice"
    elif k == "soldiers":
        what = "soldier" if term.value == 1 else "soldiers"
    elif k == "ships":
        what = "ship" if term.value == 1 else "ships"
    else:
        what = k
    return f"{term.value} ({what})"


def breakdown(t: Tables, terms: tuple[ev.Term, ...] | list[ev.Term]) -> str:
    """"3 (dice) + 4 (soldiers) + 1 (Bavaria) + 1 (Army Training) = 9"."""
    parts = [term_words(t, x) for x in terms if x.value or x.kind == "dice"]
    return " + ".join(parts) + f" = {sum(x.value for x in terms)}"


def _places(t: Tables, placed: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{nw.country(t, c)} to space {sp}" for c, sp in placed)


def _proposal(t: Tables, prop: tuple[int, int]) -> str:
    a, b = prop
    if a >= 0 and b >= 0:
        return f"{nw.country(t, a)} top, {nw.country(t, b)} bottom"
    return f"{nw.country(t, a if a >= 0 else b)} to the {'top' if a >= 0 else 'bottom'} row"


def combat_line(t: Tables, countries: list[int], e: ev.CombatResolved) -> str:
    who = _seat(t, countries, e.attacker)
    place = nw.the_area(t, e.area)
    if e.kind == "marker":
        foe = nw.marker(t, e.marker, where=False)
    else:
        foe = nw.country(t, e.defender_country)
    head = f"{who} attacks {foe} in {place}: {breakdown(t, e.attacker_terms)} against " \
           f"{breakdown(t, e.defender_terms)}."
    if e.result == "tie":
        tail = " A tie: nothing moves."
    elif e.result == "attacker":
        how = {"overwhelming": " an overwhelming victory", "pyrrhic": " a Pyrrhic victory"}
        tail = f" {who} wins{how.get(e.degree, '')} and "
        tail += ("replaces the marker with its disc." if e.kind == "marker"
                 else f"replaces one of {nw.possessive(foe)} discs with its own.")
        if e.reward_vp:
            tail += f" {who} scores {nw.vp(e.reward_vp)}."
        if e.reward_gold:
            tail += f" {who} takes {e.reward_gold} gold."
    else:
        how = {"overwhelming": " overwhelmingly", "pyrrhic": " narrowly"}
        tail = f" {foe if e.kind != 'marker' else 'The marker'} holds{how.get(e.degree, '')}."
    if e.unrest:
        tail += " Unrest: " + ", ".join(f"{_seat(t, countries, s)} +{n}" for s, n in e.unrest)
        tail += "."
    return head + tail


def describe(e: Event, t: Tables, countries: list[int], viewer: int = -1) -> str:
    """One line for the game log."""
    def who(seat: int) -> str:
        return _seat(t, countries, seat)

    if isinstance(e, ev.CountryChosen):
        return f"Player {e.seat + 1} chooses {nw.country(t, e.country)}."
    if isinstance(e, ev.StartingDiscs):
        counts: dict[str, int] = {}
        for m in e.markers:  # in the order drawn, each area once with its discs
            area = nw.area_at(t, t.markers[m].area)
            counts[area] = counts.get(area, 0) + 1
        where = ", ".join(f"{n} in {a}" for a, n in counts.items())
        return f"{nw.country(t, e.country)} starts with discs: {where}."
    if isinstance(e, ev.FirstPlayer):
        return f"{who(e.seat)} is the first player."
    if isinstance(e, ev.TurnStarted):
        return f"Turn {e.turn} begins."
    if isinstance(e, ev.MarkersDrawn):
        areas = [nw.area_at(t, t.markers[m].area) for m in e.markers]
        return f"{nw.plural(len(areas), 'Empire marker')} drawn: {', '.join(areas)}."
    if isinstance(e, ev.AuctionPhaseStarted):
        what = "the last country" if e.single else "two countries"
        return f"Alliances, bidding {e.phase} ({what}): {who(e.starter)} opens."
    if isinstance(e, ev.BidMade):
        return f"{who(e.seat)} bids {e.amount} gold: {_proposal(t, e.proposal)}."
    if isinstance(e, ev.BidPassed):
        return f"{who(e.seat)} passes."
    if isinstance(e, ev.AuctionPhaseWon):
        return f"{who(e.seat)} wins the bidding for {e.amount} gold: {_places(t, e.placed)}."
    if isinstance(e, ev.AlliancesDrawn):
        return f"Alliances drawn at random: {_places(t, e.placed)}."
    if isinstance(e, ev.SegmentStarted):
        return f"Turn {e.turn}, segment {e.segment}."
    if isinstance(e, ev.BoxTaken):
        line = f"{who(e.seat)} takes {nw.space(t, e.space)}"
        if e.cost:
            line += f" for {e.cost} gold"
        gains = []
        if e.gold:
            gains.append(f"takes {e.gold} gold")
        if e.unrest:
            gains.append(f"reduces its unrest by {e.unrest}")
        return line + (f" and {' and '.join(gains)}" if gains else "") + "."
    if isinstance(e, ev.BoxSkipped):
        return f"{who(e.seat)} takes no box."
    if isinstance(e, ev.Traded):
        return f"{who(e.seat)} takes {e.gold} gold for its discs in {nw.the_area(t, e.area)}."
    if isinstance(e, ev.CardRetrieved):
        what = nw.card(t, e.card) if viewer == e.seat else "a card"
        return f"{who(e.seat)} takes {what} back from its discard pile ({nw.box(t, e.box)})."
    if isinstance(e, ev.Levied):
        return (f"{who(e.seat)} levies {e.gold} gold from the bank "
                f"(+{e.times} unrest).")
    if isinstance(e, ev.AttackSkipped):
        return f"{who(e.seat)} does not attack."
    if isinstance(e, ev.Converted):
        return (f"{who(e.seat)} shows its {nw.card(t, e.card)}, pays {e.cost} gold and converts "
                f"an Aktion marker in {nw.the_area(t, e.area)}.")
    if isinstance(e, ev.AttackDeclared):
        foe = (nw.country(t, e.country) if e.kind == "disc"
               else nw.marker(t, e.marker, where=False))
        return f"{who(e.seat)} attacks {foe} in {nw.the_area(t, e.area)}."
    if isinstance(e, ev.CardCommitted):
        role = {"attacker": "", "defender": " to defend", "ally": " as a possible ally"}
        return f"{who(e.seat)} puts a card face down{role.get(e.role, '')}."
    if isinstance(e, ev.StayedOut):
        return f"{who(e.seat)} stays out of the combat."
    if isinstance(e, ev.NpcBought):
        return f"{who(e.seat)} buys the help of {nw.country(t, e.country)} for 1 gold."
    if isinstance(e, ev.CombatRevealed):
        bits = [f"{who(e.attacker)} {nw.card(t, e.attacker_card)}"]
        if e.defender >= 0:
            bits.append(f"{who(e.defender)} {nw.card(t, e.defender_card)}")
        bits += [f"{who(s)} {nw.card(t, c)}" for s, c in e.allies]
        return "Cards turned: " + "; ".join(bits) + "."
    if isinstance(e, ev.DiceRolled):
        again = " again" if e.rerolled_by >= 0 else ""
        if e.country < 0:
            return f"The marker's dice{again}: {e.dice[0]} and {e.dice[1]}."
        name = nw.country(t, e.country)
        if e.country not in countries:
            return f"{nw.possessive(name)} dice (no player){again}: {e.dice[0]} and {e.dice[1]}."
        return f"{name} rolls{again} {e.dice[0]} and {e.dice[1]}."
    if isinstance(e, ev.ReservesUsed):
        return f"{who(e.seat)} calls up its Reserves: the battle is re-rolled."
    if isinstance(e, ev.CombatResolved):
        return combat_line(t, countries, e)
    if isinstance(e, ev.Income):
        return f"{who(e.seat)} takes {e.gold} gold income."
    if isinstance(e, ev.AreaScored):
        ranks = len(t.vp[t.area_index[e.area]])
        scored = [f"{nw.country(t, c)} {vp}" for c, _, _, vp in e.ranks if c in countries]
        held = [f"{nw.country(t, c)} ({nw.ordinal(r)})" for c, _, r, _ in e.ranks
                if c not in countries and r <= ranks]
        body = ", ".join(scored) if scored else "no player scores"
        if held:
            body += "; held by non-players, scoring nothing: " + ", ".join(held)
        return f"{nw.area(t, e.area)}: {body}."
    if isinstance(e, ev.UnrestRolled):
        if not e.rolls:
            return f"{who(e.seat)} has no unrest and loses no victory points."
        rolls = ", ".join(str(r) for r in e.rolls)
        return (f"{who(e.seat)} rolls for unrest {e.unrest}: {rolls} — loses "
                f"{nw.vp(e.lost)}.")
    if isinstance(e, ev.TurnEnded):
        return f"Turn {e.turn} ends: discards return to hand, unrest is halved."
    if isinstance(e, ev.GameOver):
        names = " and ".join(who(s) for s in e.winners)
        why = {"": "", "unrest": " (fewer unrest points)",
               "discs": " (more discs on the map)", "shared": " (they share the victory)"}
        verb = "wins" if len(e.winners) == 1 else "win"
        return f"The game is over: {names} {verb}{why.get(e.decided_by, '')}."
    return "Something happened."

"""The shown state walked forward one event (or one part of an event) at a time, so the
table shows each change when its animation lands: a marker in its area when it lands there,
a disc in a box when it slides in, the gold when the coins arrive. The table works on its own
copy of the state (never the game's); when a batch of animations ends it takes a fresh copy
of the game's state, so a step missed here is only ever a moment's difference on screen.

Every function takes the shown State and changes it in place."""

from __future__ import annotations

from engine.aor.api import EMPTY, State, events, tables

ev = events


def _seat_country(s: State, seat: int) -> int:
    return s.players[seat].country if 0 <= seat < len(s.players) else -1


def draw_marker(s: State, mid: str) -> None:
    """R4.1: a marker out of the bag into its area."""
    t = tables()
    if mid in s.bag:
        s.bag.remove(mid)
    elif s.bag:
        s.bag.pop()
    area = t.markers[mid].area
    if mid not in s.markers[area]:
        s.markers[area].append(mid)


def set_proposal(s: State, a: int, b: int) -> None:
    s.proposal[0], s.proposal[1] = a, b


def place_ally(s: State, country: int, space: int) -> None:
    """A country's Alliance disc onto space number `space` (1-8)."""
    if country in s.proposal:
        s.proposal[s.proposal.index(country)] = EMPTY
    s.alliance[space - 1] = country


def gold(s: State, seat: int, amount: int) -> None:
    if 0 <= seat < len(s.players):
        s.players[seat].gold += amount


def unrest(s: State, seat: int, points: int) -> None:
    if 0 <= seat < len(s.players):
        s.players[seat].unrest = max(0, min(tables().max_unrest,
                                            s.players[seat].unrest + points))


def vp(s: State, seat: int, points: int, category: str = "") -> None:
    if 0 <= seat < len(s.players):
        p = s.players[seat]
        p.vp += points
        if category:
            p.score[category] = p.score.get(category, 0) + points


def box_disc(s: State, seat: int, space: str) -> None:
    """A disc from the seat's supply into a box space."""
    c = _seat_country(s, seat)
    if c >= 0 and space in s.spaces:
        s.spaces[space] = c
        s.players[seat].supply -= 1


def box_disc_back(s: State, space: str) -> None:
    c = s.spaces.get(space, EMPTY)
    if c == EMPTY:
        return
    s.spaces[space] = EMPTY
    seat = s.seat_of[c]
    if seat >= 0:
        s.players[seat].supply += 1


def map_disc(s: State, aid: str, country: int, n: int) -> None:
    """`n` discs of `country` onto (n > 0) or off (n < 0) area `aid`, from or to supply."""
    a = tables().area_index[aid]
    s.discs[a][country] = max(0, s.discs[a][country] + n)
    seat = s.seat_of[country]
    if seat >= 0:
        s.players[seat].supply -= n


def remove_marker(s: State, mid: str) -> None:
    a = tables().markers[mid].area
    if mid in s.markers[a]:
        s.markers[a].remove(mid)
        s.removed.append(mid)


def discard(s: State, seat: int, card: str, shown: bool = True) -> None:
    """A card played into the seat's discard pile (face up to all first: O29, O31)."""
    p = s.players[seat]
    if card in p.hand:
        p.hand.remove(card)
    if card not in p.discard:
        p.discard.append(card)
    if shown and card not in p.shown and tables().cards[card].kind == "combat":
        p.shown.append(card)


def to_hand(s: State, seat: int, card: str) -> None:
    p = s.players[seat]
    if card in p.discard:
        p.discard.remove(card)
    if p.committed == card:
        p.committed = ""
    if card not in p.hand:
        p.hand.append(card)


def end_turn(s: State, halved: tuple[tuple[int, int, int], ...]) -> None:
    """R12.2-R12.6: discards back to hand, box discs home, the display cleared, unrest
    halved."""
    for p in s.players:
        p.hand.extend(c for c in p.discard if c not in p.hand)
        p.discard.clear()
        p.shown.clear()
    for sid in list(s.spaces):
        box_disc_back(s, sid)
    for i in range(len(s.alliance)):
        s.alliance[i] = EMPTY
    s.proposal[0] = s.proposal[1] = EMPTY
    for seat, _, after in halved:
        s.players[seat].unrest = after


def apply(s: State, e: object) -> None:
    """The whole of one event at once (events the animator shows in one piece, and every
    event when animations are off)."""
    t = tables()
    if isinstance(e, ev.TurnStarted):
        s.turn, s.step, s.segment = e.turn, "markers", 0
    elif isinstance(e, ev.MarkersDrawn):
        for mid in e.markers:
            draw_marker(s, mid)
    elif isinstance(e, ev.AuctionPhaseStarted):
        s.step = "alliances"
    elif isinstance(e, ev.BidMade):
        set_proposal(s, *e.proposal)
    elif isinstance(e, ev.AuctionPhaseWon):
        gold(s, e.seat, -e.amount)
        for c, sp in e.placed:
            place_ally(s, c, sp)
        set_proposal(s, EMPTY, EMPTY)
    elif isinstance(e, ev.AlliancesDrawn):
        for c, sp in e.placed:
            place_ally(s, c, sp)
    elif isinstance(e, ev.SegmentStarted):
        s.step, s.segment = "actions", e.segment
    elif isinstance(e, ev.BoxTaken):
        box_disc(s, e.seat, e.space)
        gold(s, e.seat, e.gold - e.cost)
        unrest(s, e.seat, -e.unrest)
    elif isinstance(e, ev.Traded):
        gold(s, e.seat, e.gold)
    elif isinstance(e, ev.CardRetrieved):
        if e.card:
            to_hand(s, e.seat, e.card)
    elif isinstance(e, ev.Levied):
        gold(s, e.seat, e.gold)
        unrest(s, e.seat, e.times)
    elif isinstance(e, ev.Converted):
        gold(s, e.seat, -e.cost)
        remove_marker(s, e.marker)
        map_disc(s, e.area, _seat_country(s, e.seat), 1)
        if t.cards[e.card].kind == "combat":
            discard(s, e.seat, e.card)
    elif isinstance(e, ev.ReservesUsed):
        box_disc_back(s, e.space)
    elif isinstance(e, ev.CombatResolved):
        resolve(s, e)
    elif isinstance(e, ev.Income):
        s.step = "income"
        gold(s, e.seat, e.gold)
    elif isinstance(e, ev.AreaScored):
        s.step = "vp"
        for c, _, _, points in e.ranks:
            seat = s.seat_of[c]
            if seat >= 0 and points:
                vp(s, seat, points, f"areas_{e.turn}")
    elif isinstance(e, ev.UnrestRolled):
        vp(s, e.seat, -e.lost, "unrest")
    elif isinstance(e, ev.TurnEnded):
        s.step = "end"
        end_turn(s, e.halved)
    elif isinstance(e, ev.GameOver):
        s.over, s.step, s.segment = True, "over", 0
        s.winners = list(e.winners)


def pay_combat(s: State, revealed: tuple[tuple[int, str], ...], attacker: int, defender: int,
               npcs: dict[int, int]) -> list[tuple[int, int]]:
    """R8.5.1: what each seat pays once the cards are turned (a primary combatant its card
    and each non-player ally bought, an ally 1 for its Ally card, a Blank nothing); the gold
    taken from the shown treasuries. Returns (seat, amount)."""
    t = tables()
    out = []
    for seat, card in revealed:
        info = t.cards.get(card)
        cost = 0 if info is None or info.kind == "blank" else info.cost
        if seat in (attacker, defender):
            cost += npcs.get(seat, 0)
        if 0 <= seat < len(s.players):
            s.players[seat].committed = ""
        if cost:
            gold(s, seat, -cost)
            out.append((seat, cost))
    return out


def resolve(s: State, e: ev.CombatResolved) -> None:
    """The outcome of a combat: discs or the marker, unrest, rewards, the cards."""
    t = tables()
    if e.result == "attacker":
        if e.kind == "marker":
            remove_marker(s, e.marker)
            vp(s, e.attacker, e.reward_vp, "markers")
            gold(s, e.attacker, e.reward_gold)
        else:
            map_disc(s, e.area, e.defender_country, -1)
        map_disc(s, e.area, e.attacker_country, 1)
    for seat, n in e.unrest:
        unrest(s, seat, n)
    for seat, card in ((e.attacker, e.attacker_card), (e.defender, e.defender_card)):
        if seat >= 0 and card:
            if t.cards[card].kind == "combat":
                discard(s, seat, card)
            else:
                to_hand(s, seat, card)
    for seat, _, card in e.allies:
        if card:
            to_hand(s, seat, card)

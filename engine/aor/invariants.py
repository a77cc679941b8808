"""What must hold in every state of a game (checked at every decision by the simulator and
the property tests): discs (22 per country, never more: R1.5), gold ≥ 0, unrest 0..22 (R4.4),
VP ≥ 0 (O23) and equal to the sum of the score categories, every card and Empire marker in
exactly one place, a coherent Alliance Display and box spaces.
"""

from __future__ import annotations

from functools import cache

from engine.aor.catalog import Tables
from engine.aor.state import EMPTY, HIDDEN_CARD, State


@cache
def _sorted_cards(t: Tables, country: int) -> list[str]:
    return sorted(t.country_cards[country])


@cache
def _sorted_markers(t: Tables) -> list[str]:
    return sorted(t.marker_ids)


@cache
def _spaces(t: Tables, n: int, second_reserves_5plus: bool) -> frozenset[str]:
    return frozenset(t.spaces_for(n, {"reserves_second_space_5plus": second_reserves_5plus}))


def _combat_cards(s: State) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for fr in s.stack:
        revealed = getattr(fr, "revealed", None)
        if fr.kind == "aor.combat" and revealed:
            out.extend(revealed)
    return out


def check(t: Tables, s: State) -> list[str]:
    errs: list[str] = []
    ncountries = len(t.countries)
    if not 2 <= s.n <= 7 or len(s.players) != s.n:
        errs.append(f"{len(s.players)} players for n = {s.n}")
    countries = [p.country for p in s.players]
    started = all(c >= 0 for c in countries)
    if started:
        if len(set(countries)) != len(countries):
            errs.append("two players play the same country")
        for c in range(ncountries):
            want = countries.index(c) if c in countries else -1
            if s.seat_of[c] != want:
                errs.append(f"seat_of[{c}] is {s.seat_of[c]}, expected {want}")
    in_combat = _combat_cards(s)
    on_map = [sum(col) for col in zip(*s.discs, strict=True)]
    in_boxes = [0] * ncountries
    for c in s.spaces.values():
        if 0 <= c < ncountries:
            in_boxes[c] += 1
    for seat, p in enumerate(s.players):
        who = f"seat {seat}"
        if p.gold < 0:
            errs.append(f"{who} has {p.gold} gold")
        if not 0 <= p.unrest <= t.max_unrest:
            errs.append(f"{who} has unrest {p.unrest}")
        if p.vp < t.vp_min and not s.options.get("vp_may_go_negative"):
            errs.append(f"{who} has {p.vp} VP")
        if sum(p.score.values()) != p.vp:
            errs.append(f"{who}'s score categories add up to {sum(p.score.values())}, "
                        f"not {p.vp} VP")
        if p.supply < 0:
            errs.append(f"{who} has {p.supply} discs in supply")
        if p.country < 0:
            continue
        placed = on_map[p.country] + in_boxes[p.country]
        if placed + p.supply != t.board_discs:
            errs.append(f"{who}: {placed} discs on the board + {p.supply} in supply, not "
                        f"{t.board_discs}")
        if not started or s.turn == 0:
            continue
        cards = list(p.hand) + list(p.discard) + [c for x, c in in_combat if x == seat]
        if p.committed:
            cards.append(p.committed)
        if HIDDEN_CARD in cards or sorted(cards) != _sorted_cards(t, p.country):
            errs.append(f"{who}'s cards are not its country's eleven, each once")
        if any(t.cards[c].kind == "ally" for c in p.discard):
            errs.append(f"{who} has its Ally card in its discard pile")
        if (any(t.cards[c].kind == "blank" for c in p.discard)
                and not s.options.get("blank_conversion_discarded")):
            errs.append(f"{who} has its Blank card in its discard pile")
    for c in range(ncountries):
        if s.seat_of[c] < 0 and started:
            if on_map[c] + s.npc_lost[c] != t.setup_draws:
                errs.append(f"non-player country {c}: {on_map[c]} discs on the map and "
                            f"{s.npc_lost[c]} lost, not {t.setup_draws}")
            if in_boxes[c]:
                errs.append(f"non-player country {c} holds a box")
        if on_map[c] + in_boxes[c] > t.board_discs:
            errs.append(f"country {c} has more than {t.board_discs} discs on the board")
    if any(x < 0 for row in s.discs for x in row):
        errs.append("a negative disc count on the map")
    # Empire markers: each in exactly one place; on the map in its own area
    where = list(s.bag) + list(s.removed) + [m for row in s.markers for m in row]
    if sorted(where) != _sorted_markers(t):
        errs.append("the Empire markers are not each in exactly one place")
    for a, row in enumerate(s.markers):
        for m in row:
            if m in t.markers and t.markers[m].area != a:
                errs.append(f"marker {m} lies in the wrong area")
    # Alliance Display, proposals, boxes
    on_display = [c for c in s.alliance if c != EMPTY]
    if len(set(on_display)) != len(on_display):
        errs.append("a country is twice on the Alliance Display")
    for c in s.proposal:
        if c != EMPTY and c in on_display:
            errs.append("an allied country sits in a proposal box")
    if s.spaces.keys() != _spaces(t, s.n, bool(s.options.get("reserves_second_space_5plus"))):
        errs.append("the box spaces in play do not match the player count")
    for sid, c in s.spaces.items():
        if c != EMPTY and (not 0 <= c < ncountries or s.seat_of[c] < 0):
            errs.append(f"box space {sid} is held by a non-player")
    if s.over and not s.winners:
        errs.append("the game is over without a winner")
    if not s.over and not s.stack:
        errs.append("the game is not over but has nothing left to do")
    return errs

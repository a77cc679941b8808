"""The catalog as the rules read it: index-based tables built once from the validated models.

Countries and areas are numbered in catalog order (countries in `fixed_order`, R2.4.1); the
state stores those numbers. Every rule number that the catalog holds is read from here, so a
printed value later replaces a proposal in the JSON without code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.aor.catalog.loader import Catalog, load_catalog
from engine.aor.catalog.models import (
    AttacksPerStep,
    BattleReroll,
    CombatBonus,
    Effect,
    GoldPerDisc,
    RetrieveDiscard,
)


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    country: int
    kind: str  # "ally" | "blank" | "combat"
    soldiers: int
    ships: int
    cost: int


@dataclass(frozen=True, slots=True)
class MarkerInfo:
    id: str
    area: int
    aktion: bool
    strength: int  # 0 for an Aktion marker
    vp: int  # reward (R7.6.3)
    gold: int

    @property
    def face(self) -> tuple[int, bool, int, int, int]:
        """Markers with the same face in the same area are interchangeable."""
        return (self.area, self.aktion, self.strength, self.vp, self.gold)


@dataclass(frozen=True, slots=True)
class BoxInfo:
    id: str
    name: str
    kind: str  # "advancement" | "support" | "trading"
    spaces: tuple[tuple[str, int], ...]  # (space id, fewest players it exists at)
    cost: int
    effect: Effect
    # combat bonus (R6.5.1, R6.5.2, R6.6): the amount and the areas (None: any area)
    bonus: int
    bonus_areas: frozenset[int] | None
    # trading (R6.7): the areas whose discs pay, and how much each pays
    trade_areas: tuple[int, ...]
    per_disc: int


@dataclass(frozen=True, slots=True, eq=False)  # hashed by identity (caches key on it)
class Tables:
    cat: Catalog
    countries: tuple[str, ...]
    country_index: dict[str, int]
    country_names: tuple[str, ...]
    areas: tuple[str, ...]
    area_index: dict[str, int]
    area_names: tuple[str, ...]
    vp: tuple[tuple[int, ...], ...]
    ship_area: tuple[bool, ...]
    colony: tuple[bool, ...]
    # reach (R7.3.3): per area, (neighbouring area, option or "") and (home country, option)
    area_edges: tuple[tuple[tuple[int, str], ...], ...]
    home_edges: tuple[tuple[tuple[int, str], ...], ...]
    cards: dict[str, CardInfo]
    country_cards: tuple[tuple[str, ...], ...]  # per country, catalog order
    ally_card: tuple[str, ...]
    blank_card: tuple[str, ...]
    markers: dict[str, MarkerInfo]
    marker_ids: tuple[str, ...]
    boxes: tuple[BoxInfo, ...]
    box_by_id: dict[str, BoxInfo]
    space_box: dict[str, str]
    space_order: dict[str, int]
    # setup and tracks
    start_gold: int
    start_unrest: int  # U (R0.7)
    max_unrest: int
    board_discs: int
    turns: int
    segments: dict[int, int]
    setup_draws: int
    turn_draws: int
    first_bid_min: int
    min_raise: int
    pair_phases: int
    single_phases: int
    top_row: tuple[int, ...]  # Alliance Display indices (space number - 1), left to right
    bottom_row: tuple[int, ...]
    display_size: int
    die_faces: int
    vp_min: int

    def spaces_for(self, players: int, options: dict[str, bool]) -> list[str]:
        """The box spaces in play at `players` (R6.2, R14.2; O30 "reserves_second_space_5plus"
        makes the second Reserves space 5+)."""
        out = []
        for b in self.boxes:
            for k, (sid, least) in enumerate(b.spaces):
                if (k > 0 and isinstance(b.effect, BattleReroll)
                        and options.get("reserves_second_space_5plus")):
                    least = max(least, 5)
                if players >= least:
                    out.append(sid)
        return out


def _edges(cat: Catalog, areas: dict[str, int], countries: dict[str, int]
           ) -> tuple[tuple[tuple[tuple[int, str], ...], ...],
                      tuple[tuple[tuple[int, str], ...], ...]]:
    home_country = {h.id: countries[h.country] for h in cat.map.home_countries}
    a_edges: list[list[tuple[int, str]]] = [[] for _ in areas]
    h_edges: list[list[tuple[int, str]]] = [[] for _ in areas]
    for e in cat.map.adjacency:
        if e.use != "reach":
            continue  # display-only edges touch only seas and homes (CG1)
        opt = e.option or ""
        for x, y in ((e.a, e.b), (e.b, e.a)):
            if x not in areas:
                continue
            if y in areas:
                a_edges[areas[x]].append((areas[y], opt))
            elif y in home_country:
                h_edges[areas[x]].append((home_country[y], opt))
    return (tuple(tuple(x) for x in a_edges), tuple(tuple(x) for x in h_edges))


def build_tables(cat: Catalog) -> Tables:
    countries = tuple(cat.countries.fixed_order)
    cidx = {c: i for i, c in enumerate(countries)}
    by_id = {c.id: c for c in cat.countries.countries}
    areas = tuple(a.id for a in cat.map.areas)
    aidx = {a: i for i, a in enumerate(areas)}
    cards: dict[str, CardInfo] = {}
    per_country: list[tuple[str, ...]] = [() for _ in countries]
    ally = [""] * len(countries)
    blank = [""] * len(countries)
    for s in cat.cards.sets:
        ci = cidx[s.country]
        per_country[ci] = tuple(c.id for c in s.cards)
        for c in s.cards:
            cards[c.id] = CardInfo(c.id, ci, c.kind, c.soldiers, c.ships, c.cost)
            if c.kind == "ally":
                ally[ci] = c.id
            elif c.kind == "blank":
                blank[ci] = c.id
    markers = {m.id: MarkerInfo(m.id, aidx[m.area], m.face == "aktion", m.strength or 0,
                                m.reward.vp if m.reward else 0,
                                m.reward.gold if m.reward else 0)
               for m in cat.markers.markers}
    boxes = []
    for b in cat.boxes.boxes:
        eff = b.effect
        bonus, scope = 0, None
        if isinstance(eff, CombatBonus):
            bonus = eff.amount
            if eff.areas == "ship_areas":
                scope = frozenset(i for i, a in enumerate(cat.map.areas) if a.ship_area)
            elif isinstance(eff.areas, list):
                scope = frozenset(aidx[a] for a in eff.areas)
        trade: tuple[int, ...] = ()
        per_disc = 0
        if isinstance(eff, GoldPerDisc):
            trade = tuple(aidx[a] for a in eff.areas)
            per_disc = eff.per_disc
        boxes.append(BoxInfo(b.id, b.name, b.kind, tuple((s.id, s.min_players) for s in b.spaces),
                             b.cost, eff, bonus, scope, trade, per_disc))
    order = {sid: k for k, (sid, _) in enumerate(s for b in boxes for s in b.spaces)}
    a_edges, h_edges = _edges(cat, aidx, cidx)
    tr = cat.tracks
    ad = tr.alliance_display
    spaces = sorted(ad.spaces, key=lambda s: s.number)
    sps = cat.countries.starting_player_state
    return Tables(
        cat=cat,
        countries=countries, country_index=cidx,
        country_names=tuple(by_id[c].name for c in countries),
        areas=areas, area_index=aidx, area_names=tuple(a.name for a in cat.map.areas),
        vp=tuple(tuple(a.vp) for a in cat.map.areas),
        ship_area=tuple(a.ship_area for a in cat.map.areas),
        colony=tuple(a.region == "colony" for a in cat.map.areas),
        area_edges=a_edges, home_edges=h_edges,
        cards=cards, country_cards=tuple(per_country), ally_card=tuple(ally),
        blank_card=tuple(blank),
        markers=markers, marker_ids=tuple(m.id for m in cat.markers.markers),
        boxes=tuple(boxes), box_by_id={b.id: b for b in boxes},
        space_box={s: b.id for b in boxes for s, _ in b.spaces}, space_order=order,
        start_gold=sps.gold, start_unrest=-sps.unrest_space,
        max_unrest=-tr.unrest_track.lowest,
        board_discs=sps.board_discs_in_supply,
        turns=len(tr.turn_track.spaces),
        segments={int(k): v for k, v in tr.segment_track.segments_by_players.items()},
        setup_draws=cat.markers.setup.draws_per_country,
        turn_draws=cat.markers.per_turn_draw,
        first_bid_min=tr.auction.first_bid_min, min_raise=tr.auction.min_raise,
        pair_phases=tr.auction.pair_phases, single_phases=tr.auction.single_phases,
        top_row=tuple(s.number - 1 for s in spaces if s.row == "top"),
        bottom_row=tuple(s.number - 1 for s in spaces if s.row == "bottom"),
        display_size=len(spaces),
        die_faces=len(cat.components.dice.faces),
        vp_min=tr.vp_track.min,
    )


@cache
def tables() -> Tables:
    """The shipped catalog's tables (loaded and checked once per process)."""
    return build_tables(load_catalog())


def is_retrieve(e: Effect) -> bool:
    return isinstance(e, RetrieveDiscard)


def is_war_office(e: Effect) -> bool:
    return isinstance(e, AttacksPerStep)


def is_reserves(e: Effect) -> bool:
    return isinstance(e, BattleReroll)

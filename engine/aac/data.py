"""Static rule tables built once from the validated component catalog (engine.aac.catalog).

`build_rules(catalog)` reads the typed catalog objects (no second parse of the JSON files) into
the small lookup tables the rules engine uses on its hot path. Effects, triggers, conditions
and scoring objects stay the catalog's typed objects; `Rules.catalog` and `Rules.expansion`
keep the whole validated catalogs for readers that need more (the front end's geometry and
hover help), so everything reads the same objects.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from engine.aac.catalog import Catalog, Expansion, default_data_dir, load_catalog, load_expansion
from engine.aac.catalog.characters import Character, DeviceLoad, EnergyCounts, Passive, Power
from engine.aac.catalog.common import EnergyType
from engine.aac.catalog.counters import Condition
from engine.aac.catalog.effects import Effect
from engine.aac.catalog.scoring import FlatScoring, Scoring
from engine.aac.catalog.triggers import Trigger
from engine.aac.names import catalog_words

TYPES = ("compass", "rose", "magnet", "wild")
COMPASS, ROSE, MAGNET, WILD = 0, 1, 2, 3
TYPE_INDEX = {name: i for i, name in enumerate(TYPES)}
ICONS = ("move", "monument", "pillar")

__all__ = [
    "COMPASS", "ICONS", "MAGNET", "ROSE", "TYPES", "TYPE_INDEX", "WILD",
    "AchievementDef", "ActionTokenDef", "BonusTileDef", "BridgeSideDef", "CharacterDef",
    "Effect", "MonumentDef", "NeutralTokenDef", "PowerDef", "RegionDef", "Rules", "SectionDef",
    "TileDef", "build_rules", "data_dir", "rules",
]


@dataclass(frozen=True, slots=True)
class TileDef:
    id: str
    top: int
    bottom: int
    icons: tuple[str, ...]
    stack: str  # "" for starting tiles
    min_players: int
    number: str  # starting tiles only


@dataclass(frozen=True, slots=True)
class SectionDef:
    id: str
    monument: str
    number: int
    symbols: tuple[int, ...]
    perk: tuple[str, ...]  # free_reserve types, may include "any"
    perk_text: str


@dataclass(frozen=True, slots=True)
class MonumentDef:
    id: str
    name: str
    region: str
    sections: tuple[SectionDef, ...]
    always: bool


@dataclass(frozen=True, slots=True)
class RegionDef:
    id: str
    name: str
    central: bool
    clockwise_index: int
    start_space: str
    facing_options: tuple[str, ...]
    monument: str
    pillar_left: str
    pillar_right: str


@dataclass(frozen=True, slots=True)
class PowerDef:
    id: str
    tier: int
    name: str
    trigger: Trigger
    effect: Effect
    limit: str | None
    limit_with_modules: str | None
    text: str


@dataclass(frozen=True, slots=True)
class BridgeSideDef:
    id: str
    side: str
    bonus: Effect
    bonus_text: str
    scoring: Scoring | None
    scoring_text: str


@dataclass(frozen=True, slots=True)
class CharacterDef:
    id: str
    name: str
    colour: str
    colour_hex: str
    energy: tuple[int, int, int, int]
    starting_tiles: tuple[str, ...]
    powers: tuple[PowerDef, ...]  # index tier-1
    bridge_sides: tuple[tuple[BridgeSideDef, BridgeSideDef], ...]  # index tier-1
    passive: Passive | None
    qs_loads_2p: tuple[tuple[int, str, tuple[int, ...], tuple[int, ...]], ...]
    qs_loads_3p: tuple[tuple[int, str, tuple[int, ...], tuple[int, ...]], ...]
    qs_pool: tuple[int, ...]
    qs_reserve: tuple[int, int, int, int]
    qs_exhausted_2p: tuple[int, int, int, int]
    qs_exhausted_3p: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class ActionTokenDef:
    id: str
    column: int  # 1-5
    name: str
    effect: Effect
    text: str
    upgrade: bool


@dataclass(frozen=True, slots=True)
class AchievementDef:
    id: str
    name: str
    qualify: Condition
    text: str
    fixed_spot: int  # 0 for the random pool


@dataclass(frozen=True, slots=True)
class NeutralTokenDef:
    id: str
    name: str
    group: str
    min_players: int
    site: str
    bonus: Effect
    bonus_text: str


@dataclass(frozen=True, slots=True)
class BonusTileDef:
    id: str
    name: str
    min_players: int
    effect: Effect
    text: str


@dataclass(slots=True)
class Rules:
    """Every static table the engine needs."""

    spaces: tuple[str, ...] = ()
    space_xy: dict[str, tuple[int, int]] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    space_regions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    bridge_spaces: tuple[str, ...] = ()
    bridge_role: dict[str, str] = field(default_factory=dict)
    bridge_setup_region: dict[str, str] = field(default_factory=dict)
    bridge_fixed_token: dict[str, str] = field(default_factory=dict)
    regions: dict[str, RegionDef] = field(default_factory=dict)
    region_order: tuple[str, ...] = ()
    region_adjacent: dict[str, tuple[str, ...]] = field(default_factory=dict)
    outer_regions_cw: tuple[str, ...] = ()
    central_region: str = ""
    pillar_region: dict[str, str] = field(default_factory=dict)
    neutral_tokens: dict[str, NeutralTokenDef] = field(default_factory=dict)
    pillar_vp: tuple[int, ...] = ()
    pool_prices: tuple[int, ...] = ()
    monuments: dict[str, MonumentDef] = field(default_factory=dict)
    monument_order: tuple[str, ...] = ()
    monument_by_region: dict[str, str] = field(default_factory=dict)
    sections: dict[str, SectionDef] = field(default_factory=dict)
    bonus_tiles: dict[str, BonusTileDef] = field(default_factory=dict)
    bound_vp: tuple[int, ...] = ()
    tiles: dict[str, TileDef] = field(default_factory=dict)
    shop_tiles: tuple[str, ...] = ()
    track_top: int = 4
    action_tokens: dict[str, ActionTokenDef] = field(default_factory=dict)
    default_tokens: tuple[str, ...] = ()
    upgrade_designs: tuple[str, ...] = ()
    upgrade_copies: dict[str, tuple[int, ...]] = field(default_factory=dict)
    conduit_piles: tuple[tuple[str, ...], ...] = ()
    conduit_icons: dict[str, tuple[str, ...]] = field(default_factory=dict)
    characters: dict[str, CharacterDef] = field(default_factory=dict)
    character_order: tuple[str, ...] = ()
    reserve_vp: tuple[int, ...] = ()
    energy_activation: dict[str, Effect] = field(default_factory=dict)
    achievements: dict[str, AchievementDef] = field(default_factory=dict)
    fixed_achievements: tuple[str, ...] = ()
    random_achievements: tuple[str, ...] = ()
    flat_vp: int = 5
    flat_min_players: int = 3
    names: dict[str, str] = field(default_factory=dict)  # catalog id -> short player words
    long_names: dict[str, str] = field(default_factory=dict)  # id -> words for tooltips
    catalog: Catalog | None = None  # the validated base catalog these tables come from
    expansion: Expansion | None = None  # the expansion catalog (loaded, not yet played)

    @property
    def base(self) -> Catalog:
        """The validated base catalog (for readers beyond the tables: geometry, rule texts)."""
        if self.catalog is None:
            raise LookupError("these rule tables were built without their catalog")
        return self.catalog


def data_dir() -> Path:
    """`assets/aac/data` (inside a PyInstaller bundle when frozen)."""
    return default_data_dir()


def _types(names: tuple[EnergyType, ...]) -> tuple[int, ...]:
    return tuple(TYPE_INDEX[n] for n in names)


def _counts(c: EnergyCounts) -> tuple[int, int, int, int]:
    return (c.compass, c.rose, c.magnet, c.wild)


Load = tuple[int, str, tuple[int, ...], tuple[int, ...]]


def _loads(entries: tuple[DeviceLoad, ...]) -> tuple[Load, ...]:
    return tuple((e.position, e.tile, _types(e.top), _types(e.bottom)) for e in entries)


def _character(ch: Character) -> CharacterDef:
    def power(p: Power) -> PowerDef:
        return PowerDef(id=p.id, tier=p.tier, name=p.name, trigger=p.trigger, effect=p.effect,
                        limit=p.limit, limit_with_modules=p.limit_with_modules, text=p.text)

    sides = []
    for bt in sorted(ch.bridge_tokens, key=lambda b: b.tier):
        a, b = sorted(bt.sides, key=lambda s: s.side)
        sides.append(tuple(
            BridgeSideDef(id=s.id, side=s.side, bonus=s.bonus, bonus_text=s.bonus_text,
                          scoring=s.end_game_scoring, scoring_text=s.end_game_text or "")
            for s in (a, b)))
    qs = ch.quick_start
    et = ch.energy_tokens
    return CharacterDef(
        id=ch.id, name=ch.name, colour=ch.colour, colour_hex=ch.colour_hex,
        energy=(et.compass, et.rose, et.magnet, et.wild),
        starting_tiles=ch.starting_tiles,
        powers=tuple(power(p) for p in sorted(ch.powers, key=lambda p: p.tier)),
        bridge_sides=tuple((s[0], s[1]) for s in sides), passive=ch.passive,
        qs_loads_2p=_loads(qs.device_loads.two_players),
        qs_loads_3p=_loads(qs.device_loads.three_plus_players),
        qs_pool=_types(qs.tile_pool),
        qs_reserve=_counts(qs.energy_reserve),
        qs_exhausted_2p=_counts(qs.exhausted_pool.two_players),
        qs_exhausted_3p=_counts(qs.exhausted_pool.three_plus_players),
    )


def build_rules(catalog: Catalog, expansion: Expansion | None = None) -> Rules:
    """The engine's tables from the validated catalog objects."""
    r = Rules(catalog=catalog, expansion=expansion)
    m = catalog.map
    names: dict[str, str] = {}
    nb: dict[str, list[str]] = {s.id: [] for s in m.spaces}
    for e in m.edges:
        nb[e.a].append(e.b)
        nb[e.b].append(e.a)
    r.spaces = tuple(s.id for s in m.spaces)
    r.neighbours = {k: tuple(v) for k, v in nb.items()}
    r.space_xy = {s.id: (s.x, s.y) for s in m.spaces}
    spaces = {s.id: s for s in m.spaces}
    bridges = []
    for s in m.spaces:
        if s.regions:
            r.space_regions[s.id] = s.regions
            bridges.append(s.id)
            site = s.bridge_site
            assert site is not None  # a bridge space has its site (catalog check)
            r.bridge_role[s.id] = site.role
            if site.setup_region:
                r.bridge_setup_region[s.id] = site.setup_region
            if site.neutral_token:
                r.bridge_fixed_token[s.id] = site.neutral_token
        else:
            assert s.region is not None
            r.space_regions[s.id] = (s.region,)
    r.bridge_spaces = tuple(bridges)
    outer = []
    for reg in m.regions:
        pil = reg.pillar.spaces
        left = next(p.id for p in pil if p.side == "left")
        right = next(p.id for p in pil if p.side == "right")
        rd = RegionDef(
            id=reg.id, name=reg.name, central=reg.kind == "central",
            clockwise_index=reg.clockwise_index or 0, start_space=reg.start_space,
            facing_options=spaces[reg.start_space].initial_facing_options or (),
            monument=reg.monument_site.monument, pillar_left=left, pillar_right=right,
        )
        r.regions[rd.id] = rd
        names[rd.id] = rd.name
        r.pillar_region[left] = rd.id
        r.pillar_region[right] = rd.id
        if rd.central:
            r.central_region = rd.id
        else:
            outer.append(rd)
    r.region_order = tuple(r.regions)
    r.outer_regions_cw = tuple(x.id for x in sorted(outer, key=lambda x: x.clockwise_index))
    r.region_adjacent = {a.region: a.shares_bridge_space_with for a in m.region_adjacency}
    for nt in m.neutral_bridge_tokens:
        r.neutral_tokens[nt.id] = NeutralTokenDef(
            id=nt.id, name=nt.name, group=nt.group, min_players=nt.min_players,
            site=nt.site or "", bonus=nt.bonus, bonus_text=nt.bonus_text,
        )
    if expansion is not None:  # R27.1.6: the Pilgrimage Module's two (swapped in by it)
        for pbr in expansion.neutral_bridges.bridges:
            r.neutral_tokens[pbr.id] = NeutralTokenDef(
                id=pbr.id, name=pbr.name, group="pilgrimage", min_players=2, site="",
                bonus=pbr.perk.effects[0], bonus_text=pbr.perk.text,
            )
            names[pbr.id] = pbr.name
    ps = m.pillar_scoring.by_pillars_with_your_energy
    r.pillar_vp = (0,) + tuple(ps[i] for i in range(1, 7))
    r.pool_prices = tuple(s.price for s in m.board_areas.tile_pool.slots)

    mon = catalog.monuments
    for md in mon.monuments:
        secs = []
        for sec in sorted(md.sections, key=lambda x: x.number):
            sd = SectionDef(id=sec.id, monument=md.id, number=sec.number,
                            symbols=_types(tuple(x.symbol for x in sec.spaces)),
                            perk=tuple(sec.perk.types), perk_text=sec.perk_text)
            secs.append(sd)
            r.sections[sd.id] = sd
        mdef = MonumentDef(id=md.id, name=md.name, region=md.region, sections=tuple(secs),
                           always=md.always_in_use)
        r.monuments[mdef.id] = mdef
        r.monument_by_region[mdef.region] = mdef.id
        names[mdef.id] = mdef.name
    r.monument_order = mon.vertical_order_bottom_to_top
    for b in mon.monument_bonus_tiles:
        r.bonus_tiles[b.id] = BonusTileDef(id=b.id, name=b.name, min_players=b.min_players,
                                           effect=b.effect, text=b.text)
        names[b.id] = b.name
    bs = mon.bound_area_scoring.by_your_energy_in_one_bound_area
    r.bound_vp = (0, bs[1], bs[2], bs[3])

    tl = catalog.tiles
    for st in tl.starting_tiles.tiles:
        r.tiles[st.id] = TileDef(id=st.id, top=st.top_slots, bottom=st.bottom_slots,
                                 icons=st.icons, stack="", min_players=2, number=st.number)
    for sh in tl.shop_tiles:
        r.tiles[sh.id] = TileDef(id=sh.id, top=sh.top_slots, bottom=sh.bottom_slots,
                                 icons=sh.icons, stack=sh.stack, min_players=sh.min_players,
                                 number="")
    r.shop_tiles = tuple(sh.id for sh in tl.shop_tiles)
    r.track_top = tl.tracks[0].top_peg
    for at in tl.default_action_tokens:
        r.action_tokens[at.id] = ActionTokenDef(id=at.id, column=at.position, name=at.name,
                                                effect=at.effect, text=at.text, upgrade=False)
        names[at.id] = at.name
    r.default_tokens = tuple(at.id for at in tl.default_action_tokens)
    for u in tl.action_upgrades:
        r.action_tokens[u.id] = ActionTokenDef(id=u.id, column=u.column, name=u.name,
                                               effect=u.effect, text=u.text, upgrade=True)
        r.upgrade_copies[u.id] = tuple(c.min_players for c in u.copies)
        names[u.id] = u.name
    r.upgrade_designs = tuple(u.id for u in tl.action_upgrades)
    piles = []
    for stack in tl.conduit_tokens.stacks:
        for tok in stack.tokens_top_to_bottom:
            r.conduit_icons[tok.id] = tok.icons
        piles.append(tuple(tok.id for tok in stack.tokens_top_to_bottom))
    r.conduit_piles = tuple(piles)

    c = catalog.characters
    for etd in c.energy_types:
        r.energy_activation[etd.id] = etd.activation
    rs = c.energy_reserve.scoring.by_rows_fully_freed
    r.reserve_vp = (0,) + tuple(rs[i] for i in range(1, 5))
    for ch in c.characters:
        cd = _character(ch)
        r.characters[cd.id] = cd
        names.update((p.id, p.name) for p in cd.powers)
        names[cd.id] = cd.name
    r.character_order = tuple(r.characters)

    a = catalog.achievements
    for col in a.columns:
        if col.column == "flat" and isinstance(col.scoring, FlatScoring):
            r.flat_vp = col.scoring.vp
            r.flat_min_players = col.min_players
    for f in sorted(a.fixed, key=lambda f: f.spot):
        r.achievements[f.id] = AchievementDef(id=f.id, name=f.name, qualify=f.qualify,
                                              text=f.text, fixed_spot=int(f.spot.rsplit("_")[-1]))
        names[f.id] = f.name
    r.fixed_achievements = tuple(f.id for f in sorted(a.fixed, key=lambda f: f.spot))
    for ra in a.random_pool:
        r.achievements[ra.id] = AchievementDef(id=ra.id, name=ra.name, qualify=ra.qualify,
                                               text=ra.text, fixed_spot=0)
        names[ra.id] = ra.name
    r.random_achievements = tuple(ra.id for ra in a.random_pool)
    # player words for every catalog id (engine.aac.names); the printed names above win
    short, long_ = catalog_words(catalog)
    short.update(names)
    r.names = short
    r.long_names = long_
    return r


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The validated catalogs as engine tables (loaded and validated once per process; the
    expansion catalog is validated too, so a broken file stops the start with its name).

    Everything alive once they are built (the catalogs, the tables, the model classes and
    modules) lives as long as the process, so it is moved out of the cyclic garbage
    collector's reach (gc.freeze): the bots' cloning would otherwise pay for scanning these
    long-lived objects again and again in full collections."""
    catalog = load_catalog()
    tables = build_rules(catalog, load_expansion(catalog))
    gc.collect()
    gc.freeze()
    return tables

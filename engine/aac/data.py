"""Static rule tables built once from the component catalog (assets/data/*.json).

The catalog is validated by `engine.aac.catalog` (pydantic); this module turns it into the
small lookup tables the rules engine uses on its hot path. Effects stay as the catalog's
effect dictionaries: the engine interprets that closed vocabulary.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.aac.names import catalog_words

TYPES = ("compass", "rose", "magnet", "wild")
COMPASS, ROSE, MAGNET, WILD = 0, 1, 2, 3
TYPE_INDEX = {name: i for i, name in enumerate(TYPES)}
ICONS = ("move", "monument", "pillar")

Effect = dict[str, Any]


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
    trigger: dict[str, Any]
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
    scoring: dict[str, Any] | None
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
    passive: dict[str, Any] | None
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
    qualify: dict[str, Any]
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


def data_dir() -> Path:
    import sys

    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets" / "data"
    return Path(__file__).resolve().parents[2] / "assets" / "data"


def _types(names: list[str]) -> tuple[int, ...]:
    return tuple(TYPE_INDEX[n] for n in names)


def _counts(d: dict[str, int]) -> tuple[int, int, int, int]:
    return (d.get("compass", 0), d.get("rose", 0), d.get("magnet", 0), d.get("wild", 0))


Load = tuple[int, str, tuple[int, ...], tuple[int, ...]]


def _loads(entries: list[dict[str, Any]]) -> tuple[Load, ...]:
    return tuple(
        (int(e["position"]), str(e["tile"]), _types(e["top"]), _types(e["bottom"])) for e in entries
    )


def build_rules(raw: dict[str, dict[str, Any]]) -> Rules:
    r = Rules()
    m = raw["map"]
    names: dict[str, str] = {}
    nb: dict[str, list[str]] = {s["id"]: [] for s in m["spaces"]}
    for e in m["edges"]:
        nb[e["a"]].append(e["b"])
        nb[e["b"]].append(e["a"])
    r.spaces = tuple(s["id"] for s in m["spaces"])
    r.neighbours = {k: tuple(v) for k, v in nb.items()}
    r.space_xy = {s["id"]: (int(s["x"]), int(s["y"])) for s in m["spaces"]}
    bridges = []
    for s in m["spaces"]:
        if s.get("regions"):
            r.space_regions[s["id"]] = tuple(s["regions"])
            bridges.append(s["id"])
            site = s["bridge_site"]
            r.bridge_role[s["id"]] = site["role"]
            if site.get("setup_region"):
                r.bridge_setup_region[s["id"]] = site["setup_region"]
            if site.get("neutral_token"):
                r.bridge_fixed_token[s["id"]] = site["neutral_token"]
        else:
            r.space_regions[s["id"]] = (s["region"],)
    r.bridge_spaces = tuple(bridges)
    order = []
    outer = []
    for reg in m["regions"]:
        pil = reg["pillar"]["spaces"]
        left = next(p["id"] for p in pil if p["side"] == "left")
        right = next(p["id"] for p in pil if p["side"] == "right")
        start = reg["start_space"]
        facing = next(s for s in m["spaces"] if s["id"] == start).get("initial_facing_options", [])
        rd = RegionDef(
            id=reg["id"],
            name=reg["name"],
            central=reg["kind"] == "central",
            clockwise_index=int(reg.get("clockwise_index") or 0),
            start_space=start,
            facing_options=tuple(facing),
            monument=reg["monument_site"]["monument"],
            pillar_left=left,
            pillar_right=right,
        )
        r.regions[rd.id] = rd
        names[rd.id] = rd.name
        order.append(rd.id)
        r.pillar_region[left] = rd.id
        r.pillar_region[right] = rd.id
        if rd.central:
            r.central_region = rd.id
        else:
            outer.append(rd)
    r.region_order = tuple(order)
    r.outer_regions_cw = tuple(x.id for x in sorted(outer, key=lambda x: x.clockwise_index))
    r.region_adjacent = {
        a["region"]: tuple(a["shares_bridge_space_with"]) for a in m["region_adjacency"]
    }
    for t in m["neutral_bridge_tokens"]:
        r.neutral_tokens[t["id"]] = NeutralTokenDef(
            id=t["id"],
            name=t["name"],
            group=t["group"],
            min_players=int(t["min_players"]),
            site=t.get("site", ""),
            bonus=t["bonus"],
            bonus_text=t["bonus_text"],
        )
    ps = m["pillar_scoring"]["by_pillars_with_your_energy"]
    r.pillar_vp = (0,) + tuple(int(ps[str(i)]) for i in range(1, 7))
    r.pool_prices = tuple(int(s["price"]) for s in m["board_areas"]["tile_pool"]["slots"])

    mon = raw["monuments"]
    for md in mon["monuments"]:
        secs = []
        for s in sorted(md["sections"], key=lambda s: s["number"]):
            sd = SectionDef(
                id=s["id"],
                monument=md["id"],
                number=int(s["number"]),
                symbols=_types([x["symbol"] for x in s["spaces"]]),
                perk=tuple(s["perk"]["types"]),
                perk_text=s.get("perk_text", ""),
            )
            secs.append(sd)
            r.sections[sd.id] = sd
        mdef = MonumentDef(
            id=md["id"],
            name=md["name"],
            region=md["region"],
            sections=tuple(secs),
            always=bool(md["always_in_use"]),
        )
        r.monuments[mdef.id] = mdef
        r.monument_by_region[mdef.region] = mdef.id
        names[mdef.id] = mdef.name
    r.monument_order = tuple(mon["vertical_order_bottom_to_top"])
    for b in mon["monument_bonus_tiles"]:
        r.bonus_tiles[b["id"]] = BonusTileDef(
            id=b["id"], name=b["name"], min_players=int(b["min_players"]), effect=b["effect"],
            text=b["text"],
        )
        names[b["id"]] = b["name"]
    bs = mon["bound_area_scoring"]["by_your_energy_in_one_bound_area"]
    r.bound_vp = (0, int(bs["1"]), int(bs["2"]), int(bs["3"]))

    t = raw["tiles"]
    for st in t["starting_tiles"]["tiles"]:
        r.tiles[st["id"]] = TileDef(
            id=st["id"], top=int(st["top_slots"]), bottom=int(st["bottom_slots"]),
            icons=tuple(st["icons"]), stack="", min_players=2, number=str(st["number"]),
        )
    shop = []
    for st in t["shop_tiles"]:
        r.tiles[st["id"]] = TileDef(
            id=st["id"], top=int(st["top_slots"]), bottom=int(st["bottom_slots"]),
            icons=tuple(st["icons"]), stack=st["stack"], min_players=int(st["min_players"]),
            number="",
        )
        shop.append(st["id"])
    r.shop_tiles = tuple(shop)
    r.track_top = int(t["tracks"][0]["top_peg"])
    defaults = []
    for a in t["default_action_tokens"]:
        r.action_tokens[a["id"]] = ActionTokenDef(
            id=a["id"], column=int(a["position"]), name=a["name"], effect=a["effect"],
            text=a["text"], upgrade=False,
        )
        defaults.append(a["id"])
        names[a["id"]] = a["name"]
    r.default_tokens = tuple(defaults)
    designs = []
    for u in t["action_upgrades"]:
        r.action_tokens[u["id"]] = ActionTokenDef(
            id=u["id"], column=int(u["column"]), name=u["name"], effect=u["effect"],
            text=u["text"], upgrade=True,
        )
        designs.append(u["id"])
        r.upgrade_copies[u["id"]] = tuple(int(c["min_players"]) for c in u["copies"])
        names[u["id"]] = u["name"]
    r.upgrade_designs = tuple(designs)
    piles = []
    for stack in t["conduit_tokens"]["stacks"]:
        ids = []
        for tok in stack["tokens_top_to_bottom"]:
            r.conduit_icons[tok["id"]] = tuple(tok["icons"])
            ids.append(tok["id"])
        piles.append(tuple(ids))
    r.conduit_piles = tuple(piles)

    c = raw["characters"]
    for et in c["energy_types"]:
        r.energy_activation[et["id"]] = et["activation"]
    rs = c["energy_reserve"]["scoring"]["by_rows_fully_freed"]
    r.reserve_vp = (0,) + tuple(int(rs[str(i)]) for i in range(1, 5))
    corder = []
    for ch in c["characters"]:
        powers = tuple(
            PowerDef(
                id=p["id"], tier=int(p["tier"]), name=p["name"], trigger=p["trigger"],
                effect=p["effect"], limit=p.get("limit"),
                limit_with_modules=p.get("limit_with_modules"), text=p["text"],
            )
            for p in sorted(ch["powers"], key=lambda p: p["tier"])
        )
        for p in powers:
            names[p.id] = p.name
        sides = []
        for bt in sorted(ch["bridge_tokens"], key=lambda b: b["tier"]):
            pair = tuple(
                BridgeSideDef(
                    id=s["id"], side=s["side"], bonus=s["bonus"], bonus_text=s["bonus_text"],
                    scoring=s.get("end_game_scoring"), scoring_text=s.get("end_game_text", ""),
                )
                for s in sorted(bt["sides"], key=lambda s: s["side"])
            )
            sides.append((pair[0], pair[1]))
        qs = ch["quick_start"]
        et = ch["energy_tokens"]
        cd = CharacterDef(
            id=ch["id"], name=ch["name"], colour=ch["colour"], colour_hex=ch["colour_hex"],
            energy=(int(et["compass"]), int(et["rose"]), int(et["magnet"]), int(et["wild"])),
            starting_tiles=tuple(ch["starting_tiles"]), powers=powers,
            bridge_sides=tuple(sides), passive=ch.get("passive"),
            qs_loads_2p=_loads(qs["device_loads"]["two_players"]),
            qs_loads_3p=_loads(qs["device_loads"]["three_plus_players"]),
            qs_pool=_types(qs["tile_pool"]),
            qs_reserve=_counts(qs["energy_reserve"]),
            qs_exhausted_2p=_counts(qs["exhausted_pool"]["two_players"]),
            qs_exhausted_3p=_counts(qs["exhausted_pool"]["three_plus_players"]),
        )
        r.characters[cd.id] = cd
        corder.append(cd.id)
        names[cd.id] = cd.name
    r.character_order = tuple(corder)

    a = raw["achievements"]
    for col in a["columns"]:
        if col["column"] == "flat":
            r.flat_vp = int(col["scoring"]["vp"])
            r.flat_min_players = int(col["min_players"])
    fixed = []
    for f in sorted(a["fixed"], key=lambda f: f["spot"]):
        r.achievements[f["id"]] = AchievementDef(
            id=f["id"], name=f["name"], qualify=f["qualify"], text=f["text"],
            fixed_spot=int(f["spot"].rsplit("_", 1)[1]),
        )
        fixed.append(f["id"])
        names[f["id"]] = f["name"]
    r.fixed_achievements = tuple(fixed)
    rnd = []
    for f in a["random_pool"]:
        r.achievements[f["id"]] = AchievementDef(
            id=f["id"], name=f["name"], qualify=f["qualify"], text=f["text"], fixed_spot=0
        )
        rnd.append(f["id"])
        names[f["id"]] = f["name"]
    r.random_achievements = tuple(rnd)
    # player words for every catalog id (engine.aac.names); the printed names above win
    short, long_ = catalog_words(raw)
    short.update(names)
    r.names = short
    r.long_names = long_
    return r


def load_raw(directory: Path | None = None) -> dict[str, dict[str, Any]]:
    d = directory or data_dir()
    out: dict[str, dict[str, Any]] = {}
    for name in ("map", "monuments", "tiles", "characters", "achievements"):
        with open(d / f"{name}.json", encoding="utf-8") as fh:
            out[name] = json.load(fh)
    return out


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The validated catalog as engine tables (validated once per process)."""
    from engine.aac.catalog import load_catalog

    load_catalog()
    return build_rules(load_raw())

"""Load, validate and cross-check the component catalog.

:func:`load_catalog` reads the five JSON files, validates each against its
pydantic model and then runs the cross-file checks described in
``assets/aac/data`` (unique ids, references, counts). Every problem is reported as a
:class:`CatalogError` whose message starts with the file name and the field
path, for example
``characters.json: characters[2].starting_tiles[0]: unknown tile id 'st_x'``.
"""

from __future__ import annotations

import json
from collections import Counter as CountOf
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar

from pydantic import BaseModel, ValidationError

from engine.aac.catalog.achievements import AchievementsFile
from engine.aac.catalog.characters import CharactersFile
from engine.aac.catalog.common import EnergyType, walk_models
from engine.aac.catalog.effects import EXPANSION_EFFECTS, EffectBase
from engine.aac.catalog.map import MapFile
from engine.aac.catalog.monuments import MonumentsFile
from engine.aac.catalog.tiles import TilesFile
from engine.kernel.assets import asset_dir

__all__ = [
    "CATALOG_FILES",
    "Catalog",
    "CatalogError",
    "default_data_dir",
    "format_loc",
    "load_catalog",
]

CATALOG_FILES: Final[tuple[str, ...]] = (
    "achievements.json",
    "characters.json",
    "map.json",
    "monuments.json",
    "tiles.json",
)

ENERGY_TYPES: Final[tuple[EnergyType, ...]] = ("compass", "rose", "magnet", "wild")
PLAYER_COUNTS: Final[tuple[int, ...]] = (2, 3, 4, 5)
BRIDGE_KINDS: Final[frozenset[str]] = frozenset({"bridge_gap", "bridge_neutral_fixed"})

M = TypeVar("M", bound=BaseModel)


class CatalogError(ValueError):
    """The catalog is unreadable, malformed or inconsistent.

    ``problems`` holds one ``"<file>: <path>: <message>"`` line per problem;
    ``str(error)`` is those lines joined by newlines.
    """

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class Catalog:
    """The five validated catalog files."""

    achievements: AchievementsFile
    characters: CharactersFile
    map: MapFile
    monuments: MonumentsFile
    tiles: TilesFile


def default_data_dir() -> Path:
    """``assets/aac/data``: inside a PyInstaller bundle if frozen, else in the repo."""
    return asset_dir("aac", "data")


def format_loc(loc: Sequence[int | str], data: object = None) -> str:
    """Turn a pydantic ``loc`` into ``characters[2].powers[0].tier``.

    With ``data`` (the validated input), parts that do not name a key or index
    of the input, such as the tags pydantic adds for union members
    (``effect.deploy.tiles``), are dropped, except for the last part (a missing
    or extra field).
    """
    out = ""
    node = data
    last = len(loc) - 1
    for i, part in enumerate(loc):
        if data is not None and i != last:
            in_list = isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node)
            in_dict = isinstance(part, str) and isinstance(node, dict) and part in node
            if not (in_list or in_dict):
                continue
            node = node[part]  # type: ignore[index]
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "<root>"


def load_catalog(data_dir: Path | None = None) -> Catalog:
    """Load and validate the catalog from ``data_dir`` (default: :func:`default_data_dir`).

    Raises :class:`CatalogError` on any problem.
    """
    directory = default_data_dir() if data_dir is None else Path(data_dir)
    raw: dict[str, object] = {name: read_json(directory, name) for name in CATALOG_FILES}
    catalog = Catalog(
        achievements=validate("achievements.json", AchievementsFile, raw["achievements.json"]),
        characters=validate("characters.json", CharactersFile, raw["characters.json"]),
        map=validate("map.json", MapFile, raw["map.json"]),
        monuments=validate("monuments.json", MonumentsFile, raw["monuments.json"]),
        tiles=validate("tiles.json", TilesFile, raw["tiles.json"]),
    )
    problems = check_unique_ids(raw, CATALOG_FILES)
    problems += _Checker(catalog).run()
    problems += _check_base_vocabulary(catalog)
    if problems:
        raise CatalogError(problems)
    return catalog


# ---------------------------------------------------------------------------
# Reading and schema validation
# ---------------------------------------------------------------------------


def read_json(directory: Path, name: str, label: str = "") -> object:
    """The parsed JSON of `directory / name`, or a CatalogError naming the file (as `label`,
    default `name`)."""
    path = directory / name
    name = label or name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError([f"{name}: <file>: cannot read {path}: {exc.strerror or exc}"]) from exc
    try:
        data: object = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(
            [f"{name}: <json>: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"]
        ) from exc
    return data


def validate(name: str, model: type[M], data: object) -> M:
    """`data` (the parsed file `name`) as a `model`, or a CatalogError naming each field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = [
            f"{name}: {format_loc(err['loc'], data)}: {err['msg']}"
            + (f" (got {_short(err['input'])})" if err["type"] != "missing" else "")
            for err in exc.errors(include_url=False)
        ]
        raise CatalogError(problems) from exc


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------------------
# Cross-checks
# ---------------------------------------------------------------------------


def check_unique_ids(
    raw: Mapping[str, object], files: Sequence[str], first: dict[str, str] | None = None
) -> list[str]:
    """Every ``"id"`` string is unique across the files. `first` (id -> where it was first
    seen) is filled in; pass the one of another catalog to check against it too."""
    first = {} if first is None else first
    problems: list[str] = []

    def walk(node: object, file: str, path: str) -> None:
        if isinstance(node, dict):
            ident = node.get("id")
            if isinstance(ident, str):
                where = f"{file}: {path + '.' if path else ''}id"
                if ident in first:
                    problems.append(f"{where}: duplicate id {ident!r} (also at {first[ident]})")
                else:
                    first[ident] = where
            for key, value in node.items():
                walk(value, file, f"{path}.{key}" if path else str(key))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, file, f"{path}[{index}]")

    for name in files:
        walk(raw[name], name, "")
    return problems


def _check_base_vocabulary(catalog: Catalog) -> list[str]:
    """The base files use only the base game's effect names (the expansion's own names belong
    in expansion/)."""
    problems = []
    for name in CATALOG_FILES:
        for path, node in walk_models(getattr(catalog, name.removesuffix(".json"))):
            if isinstance(node, EffectBase) and node.effect in EXPANSION_EFFECTS:
                problems.append(f"{name}: {path}.effect: {node.effect!r} is an expansion-only "
                                "effect (expansion/README.md)")
    return problems


class _Checker:
    """Reference and count checks over a schema-valid catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.c = catalog
        self.problems: list[str] = []
        m, mo, t, ch, a = catalog.map, catalog.monuments, catalog.tiles, catalog.characters, (
            catalog.achievements
        )
        self.regions = {r.id: r for r in m.regions}
        self.spaces = {s.id: s for s in m.spaces}
        self.sites = {r.monument_site.id for r in m.regions}
        self.patron_spots = {r.monument_site.patron_token_spot.id for r in m.regions}
        self.neutral_tokens = {n.id: n for n in m.neutral_bridge_tokens}
        self.pool_slots = {s.id for s in m.board_areas.tile_pool.slots}
        self.ach_spots = {s.id for s in m.board_areas.achievements.spots}
        self.monuments = {x.id: x for x in mo.monuments}
        self.randomizers = {x.id for x in mo.randomizer_tokens}
        self.starting_tiles = {x.id: x for x in t.starting_tiles.tiles}
        self.shop_tiles = {x.id for x in t.shop_tiles}
        self.positions = {p.id for p in t.device.positions}
        self.deck_spaces = {d.id for d in t.device.on_deck_spaces}
        self.conduit_spaces = {c.id for c in t.device.conduit_spaces}
        self.action_tokens = {x.id for x in t.default_action_tokens}
        self.characters = {x.id for x in ch.characters}
        self.powers = {p.id: (c.id, p) for c in ch.characters for p in c.powers}
        self.bridge_tokens = {b.id: (c.id, b) for c in ch.characters for b in c.bridge_tokens}
        self.achievements = a
        self.neighbours: dict[str, list[str]] = {s: [] for s in self.spaces}
        for edge in m.edges:
            if edge.a in self.neighbours and edge.b in self.neighbours:
                self.neighbours[edge.a].append(edge.b)
                self.neighbours[edge.b].append(edge.a)

    def err(self, file: str, path: str, message: str) -> None:
        self.problems.append(f"{file}: {path}: {message}")

    def ref(self, file: str, path: str, value: str | None, known: Iterable[str], what: str) -> bool:
        """Record a problem unless ``value`` is ``None`` or one of ``known``."""
        if value is None or value in known:
            return True
        self.err(file, path, f"unknown {what} id {value!r}")
        return False

    def run(self) -> list[str]:
        self.check_map()
        self.check_monuments()
        self.check_tiles()
        self.check_characters()
        self.check_achievements()
        return self.problems

    # -- map.json ----------------------------------------------------------

    def check_map(self) -> None:
        f = "map.json"
        m = self.c.map
        for i, region in enumerate(m.regions):
            p = f"regions[{i}]"
            if self.ref(f, f"{p}.start_space", region.start_space, self.spaces, "space"):
                start = self.spaces[region.start_space]
                if start.kind != "start" or start.region != region.id:
                    self.err(
                        f, f"{p}.start_space",
                        f"{region.start_space!r} is not a start space of {region.id!r}",
                    )
            self.ref(f, f"{p}.monument_site.monument", region.monument_site.monument,
                     self.monuments, "monument")
            if (region.kind == "outer") != (region.clockwise_index is not None):
                self.err(f, f"{p}.clockwise_index", "required for outer regions only")
        for i, space in enumerate(m.spaces):
            p = f"spaces[{i}]"
            self.ref(f, f"{p}.region", space.region, self.regions, "region")
            for j, r in enumerate(space.regions or ()):
                self.ref(f, f"{p}.regions[{j}]", r, self.regions, "region")
            for j, s in enumerate(space.initial_facing_options or ()):
                if self.ref(f, f"{p}.initial_facing_options[{j}]", s, self.spaces, "space") and (
                    s not in self.neighbours[space.id]
                ):
                    self.err(f, f"{p}.initial_facing_options[{j}]",
                             f"{s!r} is not a neighbour of {space.id!r}")
            is_bridge = space.kind in BRIDGE_KINDS
            if is_bridge != (space.bridge_site is not None) or is_bridge != (
                space.regions is not None
            ) or is_bridge == (space.region is not None):
                self.err(f, p, f"{space.kind} space needs "
                         + ("regions and bridge_site and region null" if is_bridge
                            else "region and no regions/bridge_site"))
            if space.kind == "start" and not space.initial_facing_options:
                self.err(f, f"{p}.initial_facing_options", "missing on a start space")
            if space.bridge_site is not None:
                site = space.bridge_site
                self.ref(f, f"{p}.bridge_site.setup_region", site.setup_region, self.regions,
                         "region")
                self.ref(f, f"{p}.bridge_site.neutral_token", site.neutral_token,
                         self.neutral_tokens, "neutral bridge token")
            if is_bridge and space.regions is not None:
                self.check_bridge_neighbours(p, space.id, space.regions)
        for i, edge in enumerate(m.edges):
            self.ref(f, f"edges[{i}].a", edge.a, self.spaces, "space")
            self.ref(f, f"edges[{i}].b", edge.b, self.spaces, "space")
        for i, fork in enumerate(m.forks):
            if self.ref(f, f"forks[{i}].space", fork.space, self.spaces, "space"):
                for j, b in enumerate(fork.branches):
                    self.ref(f, f"forks[{i}].branches[{j}]", b, self.spaces, "space")
                if sorted(fork.branches) != sorted(self.neighbours[fork.space]):
                    self.err(f, f"forks[{i}].branches",
                             f"branches differ from the neighbours of {fork.space!r}")
        for i, adj in enumerate(m.region_adjacency):
            self.ref(f, f"region_adjacency[{i}].region", adj.region, self.regions, "region")
            for j, r in enumerate(adj.shares_bridge_space_with):
                self.ref(f, f"region_adjacency[{i}].shares_bridge_space_with[{j}]", r,
                         self.regions, "region")
        for i, s in enumerate(m.dead_ends):
            self.ref(f, f"dead_ends[{i}]", s, self.spaces, "space")
        for i, token in enumerate(m.neutral_bridge_tokens):
            p = f"neutral_bridge_tokens[{i}]"
            if self.ref(f, f"{p}.site", token.site, self.spaces, "space") and (
                token.site is not None and self.spaces[token.site].kind not in BRIDGE_KINDS
            ):
                self.err(f, f"{p}.site", f"{token.site!r} is not a bridge space")
            if (token.placement == "fixed_site") != (token.site is not None):
                self.err(f, f"{p}.site", "required exactly when placement is fixed_site")
        pool = m.board_areas.tile_pool
        self.ref(f, "board_areas.tile_pool.rightmost_slot", pool.rightmost_slot, self.pool_slots,
                 "tile pool slot")
        self.check_empty_bridge_counts()

    def check_bridge_neighbours(self, p: str, space_id: str, regions: tuple[str, str]) -> None:
        around = [self.spaces[n].region for n in self.neighbours[space_id]]
        for r in regions:
            if around.count(r) != 1:
                self.err("map.json", f"{p}.regions",
                         f"bridge space {space_id!r} has {around.count(r)} neighbours in "
                         f"{r!r}, expected exactly 1")

    def check_empty_bridge_counts(self) -> None:
        setups = [s.bridge_site.setup for s in self.c.map.spaces if s.bridge_site is not None]
        always_empty = setups.count("empty")
        spokes = setups.count("neutral_if_region_monument_in_use")
        for n, expected in self.c.map.bridge_setup.empty_spaces_at_start_by_players.items():
            actual = always_empty + spokes - n
            if actual != expected:
                self.err("map.json", f"bridge_setup.empty_spaces_at_start_by_players.{n}",
                         f"bridge spaces give {actual} empty at {n} players, not {expected}")

    # -- monuments.json ------------------------------------------------------

    def check_monuments(self) -> None:
        f = "monuments.json"
        mo = self.c.monuments
        for i, mon in enumerate(mo.monuments):
            p = f"monuments[{i}]"
            self.ref(f, f"{p}.region", mon.region, self.regions, "region")
            self.ref(f, f"{p}.site", mon.site, self.sites, "monument site")
            self.ref(f, f"{p}.randomizer_token", mon.randomizer_token, self.randomizers,
                     "randomizer token")
            if len(mon.sections) != mon.section_count:
                self.err(f, f"{p}.section_count",
                         f"{mon.section_count} but {len(mon.sections)} sections listed")
            total = sum(len(s.spaces) for s in mon.sections)
            if total != mon.total_spaces:
                self.err(f, f"{p}.total_spaces", f"{mon.total_spaces} but sections hold {total}")
            symbols = CountOf(sp.symbol for s in mon.sections for sp in s.spaces)
            for sym in ("compass", "rose", "magnet"):
                declared = getattr(mon.symbol_totals, sym)
                if symbols[sym] != declared:
                    self.err(f, f"{p}.symbol_totals.{sym}",
                             f"{declared} but sections hold {symbols[sym]}")
            for j, sec in enumerate(mon.sections):
                if sec.number != j + 1:
                    self.err(f, f"{p}.sections[{j}].number", f"expected {j + 1}, got {sec.number}")
                if sec.space_count != len(sec.spaces):
                    self.err(f, f"{p}.sections[{j}].space_count",
                             f"{sec.space_count} but {len(sec.spaces)} spaces listed")
        for i, mid in enumerate(mo.vertical_order_bottom_to_top):
            self.ref(f, f"vertical_order_bottom_to_top[{i}]", mid, self.monuments, "monument")
        if sorted(mo.vertical_order_bottom_to_top) != sorted(self.monuments):
            self.err(f, "vertical_order_bottom_to_top", "must list every monument exactly once")
        for i, tok in enumerate(mo.randomizer_tokens):
            self.ref(f, f"randomizer_tokens[{i}].monument", tok.monument, self.monuments,
                     "monument")
        for i, patron in enumerate(mo.monument_patron_tokens):
            self.ref(f, f"monument_patron_tokens[{i}].monument", patron.monument, self.monuments,
                     "monument")
            self.ref(f, f"monument_patron_tokens[{i}].spot", patron.spot, self.patron_spots,
                     "patron token spot")
        for n in PLAYER_COUNTS:
            used = sum(1 for b in mo.monument_bonus_tiles if b.min_players <= n)
            if used != n + 1:
                self.err(f, "monument_bonus_tiles",
                         f"{used} tiles have min_players <= {n}, expected {n + 1}")
            rule = mo.bonus_tile_count_rule.by_players.get(n)
            if rule is not None and rule != n + 1:
                self.err(f, f"bonus_tile_count_rule.by_players.{n}", f"expected {n + 1}")

    # -- tiles.json ----------------------------------------------------------

    def check_tiles(self) -> None:
        f = "tiles.json"
        t = self.c.tiles
        for i, pos in enumerate(t.device.positions):
            self.ref(f, f"device.positions[{i}].conduit_space", pos.conduit_space,
                     self.conduit_spaces, "conduit space")
        for i, tile in enumerate(t.starting_tiles.tiles):
            p = f"starting_tiles.tiles[{i}]"
            self.ref(f, f"{p}.character", tile.character, self.characters, "character")
            self.ref(f, f"{p}.start_location", tile.start_location,
                     self.positions | self.deck_spaces, "device position or deck space")
        pool = t.tile_pool
        if pool.location != self.c.map.board_areas.tile_pool.id:
            self.err(f, "tile_pool.location", f"unknown board area id {pool.location!r}")
        for i, slot in enumerate(pool.slots):
            self.ref(f, f"tile_pool.slots[{i}].board_slot", slot.board_slot, self.pool_slots,
                     "tile pool slot")
        sizes = pool.stack_sizes_by_players
        for n in PLAYER_COUNTS:
            grand = 0
            for stack in pool.stacks:
                actual = sum(1 for s in t.shop_tiles if s.stack == stack and s.min_players <= n)
                grand += actual
                expected = sizes.get(stack, {}).get(n)
                if expected != actual:
                    self.err(f, f"tile_pool.stack_sizes_by_players.{stack}.{n}",
                             f"{expected} but {actual} shop tiles in stack {stack} at {n} players")
            total = sizes.get("total", {}).get(n)
            if total is not None and total != grand:
                self.err(f, f"tile_pool.stack_sizes_by_players.total.{n}",
                         f"{total} but {grand} shop tiles at {n} players")
        for i, up in enumerate(t.action_upgrades):
            self.ref(f, f"action_upgrades[{i}].replaces", up.replaces, self.action_tokens,
                     "action token")

    # -- characters.json -----------------------------------------------------

    def check_characters(self) -> None:
        f = "characters.json"
        for i, char in enumerate(self.c.characters.characters):
            p = f"characters[{i}]"
            tokens = char.energy_tokens
            wanted = {"compass": 6, "rose": 6, "magnet": 6, "wild": 3}
            for energy in ENERGY_TYPES:
                if tokens.get(energy) != wanted[energy]:
                    self.err(f, f"{p}.energy_tokens.{energy}",
                             f"{tokens.get(energy)}, expected {wanted[energy]}")
            count = sum(tokens.get(e) for e in ENERGY_TYPES)
            if tokens.total != 21 or count != 21:
                self.err(f, f"{p}.energy_tokens.total",
                         f"total {tokens.total}, types sum to {count}, expected 21")
            if len(char.starting_tiles) != 7:
                self.err(f, f"{p}.starting_tiles", f"{len(char.starting_tiles)} tiles, expected 7")
            for j, tid in enumerate(char.starting_tiles):
                if self.ref(f, f"{p}.starting_tiles[{j}]", tid, self.starting_tiles, "tile") and (
                    self.starting_tiles[tid].character != char.id
                ):
                    self.err(f, f"{p}.starting_tiles[{j}]", f"tile {tid!r} belongs to "
                             f"{self.starting_tiles[tid].character!r}")
            if len(char.action_tokens) != 5:
                self.err(f, f"{p}.action_tokens",
                         f"{len(char.action_tokens)} tokens, expected 5")
            for j, aid in enumerate(char.action_tokens):
                self.ref(f, f"{p}.action_tokens[{j}]", aid, self.action_tokens, "action token")
            for j, power in enumerate(char.powers):
                if self.ref(f, f"{p}.powers[{j}].uncovered_by", power.uncovered_by,
                            self.bridge_tokens, "bridge token"):
                    owner, bt = self.bridge_tokens[power.uncovered_by]
                    if owner != char.id or bt.uncovers != power.id:
                        self.err(f, f"{p}.powers[{j}].uncovered_by",
                                 f"{power.uncovered_by!r} does not uncover {power.id!r}")
            for j, bridge in enumerate(char.bridge_tokens):
                if self.ref(f, f"{p}.bridge_tokens[{j}].uncovers", bridge.uncovers, self.powers,
                            "power"):
                    owner, pw = self.powers[bridge.uncovers]
                    if owner != char.id or pw.uncovered_by != bridge.id:
                        self.err(f, f"{p}.bridge_tokens[{j}].uncovers",
                                 f"{bridge.uncovers!r} is not uncovered by {bridge.id!r}")
                    elif pw.tier != bridge.tier:
                        self.err(f, f"{p}.bridge_tokens[{j}].tier",
                                 f"tier {bridge.tier} uncovers tier-{pw.tier} power")
            self.check_quick_start(i)

    def check_quick_start(self, i: int) -> None:
        f = "characters.json"
        char = self.c.characters.characters[i]
        qs = char.quick_start
        p = f"characters[{i}].quick_start"
        variants = (
            ("three_plus_players", qs.device_loads.three_plus_players,
             qs.exhausted_pool.three_plus_players),
            ("two_players", qs.device_loads.two_players, qs.exhausted_pool.two_players),
        )
        for variant, loads, exhausted in variants:
            counted: CountOf[str] = CountOf()
            for j, load in enumerate(loads):
                if self.ref(f, f"{p}.device_loads.{variant}[{j}].tile", load.tile,
                            self.starting_tiles, "tile") and load.tile not in char.starting_tiles:
                    self.err(f, f"{p}.device_loads.{variant}[{j}].tile",
                             f"{load.tile!r} is not one of {char.id!r}'s starting tiles")
                counted.update(load.top)
                counted.update(load.bottom)
            counted.update(qs.tile_pool)
            for energy in ENERGY_TYPES:
                total = counted[energy] + qs.energy_reserve.get(energy) + exhausted.get(energy)
                if total != char.energy_tokens.get(energy):
                    self.err(f, f"{p}.exhausted_pool.{variant}.{energy}",
                             f"loads + tile_pool + reserve + exhausted = {total} {energy}, "
                             f"expected {char.energy_tokens.get(energy)}")
        for j, tid in enumerate(qs.on_deck):
            self.ref(f, f"{p}.on_deck[{j}]", tid, self.starting_tiles, "tile")

    # -- achievements.json ---------------------------------------------------

    def check_achievements(self) -> None:
        f = "achievements.json"
        a = self.achievements
        for name, spots in (("variable_spots", a.layout.variable_spots),
                            ("fixed_spots", a.layout.fixed_spots)):
            for j, spot in enumerate(spots):
                self.ref(f, f"layout.{name}[{j}]", spot, self.ach_spots, "achievement spot")
        for j, ach in enumerate(a.fixed):
            self.ref(f, f"fixed[{j}].spot", ach.spot, self.ach_spots, "achievement spot")

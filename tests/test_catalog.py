"""The component catalog loads, and broken copies fail with precise messages."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.aac.catalog import CATALOG_FILES, Catalog, CatalogError, default_data_dir, load_catalog
from engine.aac.catalog.effects import DeployEffect, FreeReserveEffect


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    for name in CATALOG_FILES:
        shutil.copy(default_data_dir() / name, tmp_path / name)
    return tmp_path


def mutate(directory: Path, name: str, change: Callable[[Any], None]) -> None:
    path = directory / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def load_error(directory: Path) -> str:
    with pytest.raises(CatalogError) as info:
        load_catalog(directory)
    return str(info.value)


# -- the real catalog -------------------------------------------------------


def test_real_catalog_loads(catalog: Catalog) -> None:
    assert len(catalog.map.regions) == 6
    assert len(catalog.map.spaces) == 65
    assert len(catalog.monuments.monuments) == 6
    assert len(catalog.characters.characters) == 7
    assert len(catalog.tiles.shop_tiles) == 36
    assert len(catalog.achievements.fixed) == 3
    assert len(catalog.achievements.random_pool) == 6


def test_effects_are_typed(catalog: Catalog) -> None:
    deploy = catalog.tiles.default_action_tokens[2].effect
    assert isinstance(deploy, DeployEffect)
    assert deploy.from_positions == (1, 2)
    for monument in catalog.monuments.monuments:
        for section in monument.sections:
            assert isinstance(section.perk, FreeReserveEffect)


def test_player_count_keys_are_ints(catalog: Catalog) -> None:
    assert catalog.map.bridge_setup.empty_spaces_at_start_by_players == {2: 8, 3: 7, 4: 6, 5: 5}
    assert catalog.tiles.tile_pool.stack_sizes_by_players["I"][5] == 12


def test_models_are_frozen(catalog: Catalog) -> None:
    with pytest.raises(ValueError):
        catalog.map.regions[0].name = "x"  # type: ignore[misc]


def test_default_dir_is_repo_assets() -> None:
    assert default_data_dir() == Path(__file__).resolve().parents[1] / "assets" / "aac" / "data"


def test_bundled_dir_used_when_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert default_data_dir() == tmp_path / "assets" / "aac" / "data"


# -- broken copies ----------------------------------------------------------


def test_bad_json(data_copy: Path) -> None:
    path = data_copy / "tiles.json"
    path.write_text(path.read_text(encoding="utf-8")[:-10], encoding="utf-8")
    message = load_error(data_copy)
    assert message.startswith("tiles.json: ")
    assert "invalid JSON at line" in message


def test_missing_file(data_copy: Path) -> None:
    (data_copy / "map.json").unlink()
    assert load_error(data_copy).startswith("map.json: ")


def test_wrong_type(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["characters"][2]["powers"][0]["tier"] = "one"

    mutate(data_copy, "characters.json", change)
    message = load_error(data_copy)
    assert message.startswith("characters.json: characters[2].powers[0].tier: ")


def test_unknown_effect_name(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["monument_bonus_tiles"][0]["effect"]["effect"] = "teleport_everyone"

    mutate(data_copy, "monuments.json", change)
    message = load_error(data_copy)
    assert message.startswith("monuments.json: monument_bonus_tiles[0].effect: ")
    assert "teleport_everyone" in message


def test_extra_unknown_field(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["spaces"][3]["colour"] = "red"

    mutate(data_copy, "map.json", change)
    message = load_error(data_copy)
    assert message.startswith("map.json: spaces[3].colour: Extra inputs are not permitted")


def test_unknown_tile_reference(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["characters"][2]["starting_tiles"][0] = "st_x"

    mutate(data_copy, "characters.json", change)
    message = load_error(data_copy)
    assert "characters.json: characters[2].starting_tiles[0]: unknown tile id 'st_x'" in message


def test_unknown_region_reference(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["monuments"][1]["region"] = "r_atlantis"

    mutate(data_copy, "monuments.json", change)
    message = load_error(data_copy)
    assert "monuments.json: monuments[1].region: unknown region id 'r_atlantis'" in message


def test_unknown_edge_endpoint(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["edges"][5]["b"] = "sp_nowhere"

    mutate(data_copy, "map.json", change)
    assert "map.json: edges[5].b: unknown space id 'sp_nowhere'" in load_error(data_copy)


def test_duplicate_id_across_files(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["random_pool"][0]["id"] = "ember_forge"  # a monument id

    mutate(data_copy, "achievements.json", change)
    message = load_error(data_copy)
    assert "duplicate id 'ember_forge'" in message
    assert "random_pool[0].id" in message
    assert "monuments.json: monuments[" in message


def test_wrong_energy_total(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["characters"][4]["energy_tokens"]["rose"] = 5

    mutate(data_copy, "characters.json", change)
    message = load_error(data_copy)
    assert message.startswith("characters.json: characters[4].energy_tokens.rose: 5, expected 6")


def test_quick_start_totals(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["characters"][0]["quick_start"]["exhausted_pool"]["two_players"]["magnet"] += 1

    mutate(data_copy, "characters.json", change)
    message = load_error(data_copy)
    assert message.startswith(
        "characters.json: characters[0].quick_start.exhausted_pool.two_players.magnet: "
    )


def test_monument_totals(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["monuments"][0]["sections"][0]["spaces"].pop()

    mutate(data_copy, "monuments.json", change)
    message = load_error(data_copy)
    assert "monuments.json: monuments[0].total_spaces:" in message
    assert "monuments.json: monuments[0].sections[0].space_count:" in message


def test_bonus_tile_count(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["monument_bonus_tiles"][-1]["min_players"] = 4

    mutate(data_copy, "monuments.json", change)
    assert "monuments.json: monument_bonus_tiles: 6 tiles have min_players <= 4, expected 5" in (
        load_error(data_copy)
    )


def test_shop_stack_sizes(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["shop_tiles"][0]["min_players"] = 5

    mutate(data_copy, "tiles.json", change)
    assert "tiles.json: tile_pool.stack_sizes_by_players.I.2:" in load_error(data_copy)


def test_bridge_neighbours(data_copy: Path) -> None:
    def change(data: Any) -> None:
        bridge = next(s for s in data["spaces"] if s["kind"] == "bridge_gap")
        edge = next(e for e in data["edges"] if bridge["id"] in (e["a"], e["b"]))
        data["edges"].remove(edge)

    mutate(data_copy, "map.json", change)
    message = load_error(data_copy)
    assert "neighbours in" in message
    assert message.startswith("map.json: spaces[")


def test_error_path_inside_effect_omits_union_tag(data_copy: Path) -> None:
    def change(data: Any) -> None:
        data["characters"][0]["powers"][0]["effect"]["cost"] = "x"

    mutate(data_copy, "characters.json", change)
    message = load_error(data_copy)
    assert message.startswith("characters.json: characters[0].powers[0].effect.cost: ")


def test_missing_field(data_copy: Path) -> None:
    def change(data: Any) -> None:
        del data["fixed"][1]["qualify"]["at_least"]

    mutate(data_copy, "achievements.json", change)
    message = load_error(data_copy)
    assert message.startswith("achievements.json: fixed[1].qualify.at_least: Field required")


# -- one set of objects: the engine's tables and the front end read the validated catalog -----


def test_rule_tables_keep_the_catalog_they_were_built_from() -> None:
    from engine.aac.data import build_rules, rules

    r = rules()
    assert r.catalog is not None and r.expansion is not None
    # the tables hold the catalog's own typed objects, not copies parsed again
    token = r.catalog.tiles.default_action_tokens[2]
    assert r.action_tokens[token.id].effect is token.effect
    ignotas = next(c for c in r.catalog.characters.characters if c.id == "ignotas")
    assert r.characters["ignotas"].powers[0].trigger is ignotas.powers[0].trigger
    fixed = r.catalog.achievements.fixed[0]
    assert r.achievements[fixed.id].qualify is fixed.qualify
    # built from any validated catalog: a changed copy changes the tables
    data = json.loads((default_data_dir() / "map.json").read_text(encoding="utf-8"))
    data["regions"][1]["name"] = "Emberfall"
    changed = Catalog(achievements=r.catalog.achievements, characters=r.catalog.characters,
                      map=type(r.catalog.map).model_validate(data),
                      monuments=r.catalog.monuments, tiles=r.catalog.tiles)
    assert build_rules(changed).names[data["regions"][1]["id"]] == "Emberfall"


def test_front_end_reads_no_catalog_file() -> None:
    """game/ reads names, geometry and rule notes through engine.aac.data.rules() and its
    catalog objects: no module opens assets/data itself."""
    from engine.aac.catalog import EXPANSION_FILES

    game = Path(__file__).resolve().parents[1] / "game"
    files = sorted(game.rglob("*.py"))
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        for name in (*CATALOG_FILES, *EXPANSION_FILES):
            assert name not in text, f"{path.name} names {name}"
        assert "data_dir(" not in text, f"{path.name} looks for the data folder itself"


def test_board_geometry_and_hover_help_come_from_the_catalog_objects(catalog: Catalog) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.aac import help
    from game.aac.board_geometry import BoardGeometry

    geo = BoardGeometry(catalog.map)
    space = catalog.map.spaces[7]
    assert geo.spaces[space.id] is space and geo.xy(space.id) == (space.x, space.y)
    slot = catalog.map.board_areas.tile_pool.slots[2]
    assert geo.pool_slot(3) == (slot.x, slot.y)
    assert geo.regions["r_center"].name == next(r.name for r in catalog.map.regions
                                                if r.id == "r_center")
    from engine.aac.data import rules

    assert help.catalog() is rules().catalog
    compass = next(e for e in catalog.characters.energy_types if e.id == "compass")
    assert help.energy("compass").endswith(compass.activation_text)
    assert catalog.monuments.patron_rules.use.text in help.patron_token("ember_forge")

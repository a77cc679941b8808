"""The Folklore & Pilgrimage catalog (assets/data/expansion/) validates with the base game's
vocabulary, is cross-checked against the base catalog, and broken copies fail naming the file
and the field. Loaded, not yet played."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.aac.catalog import (
    CATALOG_FILES,
    EXPANSION_FILES,
    Catalog,
    CatalogError,
    Expansion,
    default_data_dir,
    load_catalog,
    load_expansion,
)
from engine.aac.catalog.common import walk_models
from engine.aac.catalog.effects import (
    BASE_EFFECTS,
    EFFECT_NAMES,
    EXPANSION_EFFECTS,
    EffectBase,
    FolkloreTrackEffect,
    PlayersActEffect,
    effect_from_plain,
    effect_plain,
)
from engine.aac.catalog.expansion.loader import base_ids

# the expansion README's table "Expansion effects" (15 names)
README_EXPANSION_ONLY = {
    "folklore_track", "pilgrim_move", "place_doubler", "gain_scoring_card", "players_act",
    "prime_artifact", "swap_action_tokens", "rearrange_tiles", "activate_exhausted",
    "swap_with_exhausted", "return_to_reserve", "bind_energy", "place_energy",
    "movement_per_tile_icon", "construct_shrine",
}


@pytest.fixture(scope="module")
def base() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="module")
def expansion(base: Catalog) -> Expansion:
    return load_expansion(base)


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    for name in CATALOG_FILES:
        shutil.copy(default_data_dir() / name, tmp_path / name)
    (tmp_path / "expansion").mkdir()
    for name in EXPANSION_FILES:
        shutil.copy(default_data_dir() / "expansion" / name, tmp_path / "expansion" / name)
    return tmp_path


def mutate(path: Path, change: Callable[[Any], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def expansion_error(directory: Path, name: str, change: Callable[[Any], None]) -> str:
    mutate(directory / "expansion" / name, change)
    with pytest.raises(CatalogError) as info:
        load_expansion(load_catalog(directory), directory)
    return str(info.value)


def raw_effects(o: object) -> Iterator[dict[str, Any]]:
    if isinstance(o, dict):
        if isinstance(o.get("effect"), str):
            yield o
        for v in o.values():
            yield from raw_effects(v)
    elif isinstance(o, list):
        for v in o:
            yield from raw_effects(v)


def all_raw_effects() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in CATALOG_FILES:
        out += raw_effects(json.loads((default_data_dir() / name).read_text(encoding="utf-8")))
    for name in EXPANSION_FILES:
        path = default_data_dir() / "expansion" / name
        out += raw_effects(json.loads(path.read_text(encoding="utf-8")))
    return out


# -- the real expansion catalog ---------------------------------------------------------------


def test_copied_unchanged_from_the_shared_catalog() -> None:
    """The game's copy is the designed catalog, byte for byte (found in a folder above the
    checkout, as ../shared/rules/content/expansion/ is for the main checkout)."""
    found = [p / "shared" / "rules" / "content" / "expansion"
             for p in Path(__file__).resolve().parents[1:]]
    shared = next((p for p in found if p.is_dir()), None)
    if shared is None:
        pytest.skip("the shared catalog is not above this checkout")
    for name in EXPANSION_FILES:
        ours = (default_data_dir() / "expansion" / name).read_bytes()
        assert ours == (shared / name).read_bytes(), name


def test_real_expansion_loads(expansion: Expansion) -> None:
    fc = expansion.folklore_cards
    assert len(fc.cards) == 42 and len(fc.decks) == 7
    assert sum(len(c.options) for c in fc.cards) == 126
    assert {c.option_count for c in fc.cards} == {2, 3, 4}
    assert len(expansion.folklore_track.extensions) == 7
    assert [p.vp for p in expansion.folklore_track.track.positions] == [0, 3, 7, 12, 18]
    assert len(expansion.scoring_cards.cards) == 8
    assert len(expansion.scoring_cards.categories) == 6
    pb = expansion.pilgrim_board
    assert len(pb.spaces) == 24 and len(pb.shrine_frames) == 8 and len(pb.blockades) == 4
    assert len(pb.energy_spaces) == 9
    assert len(expansion.shrines.shrines) == 8
    assert len(expansion.patron_tokens.tokens) == 6
    assert [b.replaces_neutral_bridge for b in expansion.neutral_bridges.bridges] == [
        "nb_pc_2a", "nb_fx_north_east"]


def test_expansion_effects_are_typed(expansion: Expansion) -> None:
    multanec_6 = next(c for c in expansion.folklore_cards.cards if c.id == "multanec_6")
    assert multanec_6.name and len(multanec_6.options) >= 2
    costs = [e for c in expansion.folklore_cards.cards for o in c.options for e in o.cost]
    assert costs and all(isinstance(e, FolkloreTrackEffect) and e.steps == -1 for e in costs)
    shared = [e for _, e in walk_models(expansion.folklore_cards)
              if isinstance(e, PlayersActEffect)]
    assert len(shared) == 7  # one "several players act" card per character
    assert all(inner.id for e in shared for inner in e.effects)


def test_one_vocabulary_for_both_catalogs(base: Catalog, expansion: Expansion) -> None:
    assert EXPANSION_EFFECTS == README_EXPANSION_ONLY
    assert not BASE_EFFECTS & EXPANSION_EFFECTS
    used_base = {e.effect for m in (base.map, base.monuments, base.tiles, base.characters,
                                    base.achievements)
                 for _, e in walk_models(m) if isinstance(e, EffectBase)}
    used_exp = {e.effect for m in expansion.files().values()
                for _, e in walk_models(m) if isinstance(e, EffectBase)}
    # every listed name is used at least once; the base uses only base names
    assert used_base == BASE_EFFECTS
    assert used_base | used_exp == EFFECT_NAMES
    assert used_exp & BASE_EFFECTS  # the 19 shared names really are shared
    assert len(used_exp & BASE_EFFECTS) == 19 and len(used_exp) == 34


def raw_ids(o: object) -> Iterator[str]:
    if isinstance(o, dict):
        if isinstance(o.get("id"), str):
            yield o["id"]
        for v in o.values():
            yield from raw_ids(v)
    elif isinstance(o, list):
        for v in o:
            yield from raw_ids(v)


def test_expansion_ids_do_not_collide_with_base_ids(base: Catalog) -> None:
    ids = base_ids(base)
    seen: set[str] = set()
    for name in EXPANSION_FILES:
        data = json.loads((default_data_dir() / "expansion" / name).read_text(encoding="utf-8"))
        for ident in raw_ids(data):
            assert ident not in ids, f"{name}: {ident} is also {ids[ident]}"
            assert ident not in seen, f"{name}: {ident} twice"
            seen.add(ident)
    assert len(seen) > 500


def test_every_reference_resolves(base: Catalog, expansion: Expansion) -> None:
    characters = {c.id for c in base.characters.characters}
    assert {d.character for d in expansion.folklore_cards.decks} == characters
    cards = {c.id for c in expansion.folklore_cards.cards}
    assert {cid for d in expansion.folklore_cards.decks for cid in d.cards} == cards
    patrons = {p.id: p.monument for p in base.monuments.monument_patron_tokens}
    for tok in expansion.patron_tokens.tokens:
        assert patrons[tok.replaces_base_patron_token] == tok.home_monument
    neutral = {n.id for n in base.map.neutral_bridge_tokens}
    assert {b.replaces_neutral_bridge for b in expansion.neutral_bridges.bridges} <= neutral
    pb = expansion.pilgrim_board
    nodes = {s.id for s in pb.spaces} | {f.id for f in pb.shrine_frames} | {pb.summit.id}
    assert all(e.from_ in nodes and e.to in nodes for e in pb.edges)
    categories = {c.id for c in expansion.scoring_cards.categories}
    assert {c.category for c in expansion.scoring_cards.cards} == categories


def test_plain_form_is_the_file_form_for_every_effect() -> None:
    """Frames and saves keep effects as the catalog writes them (saves are a promise)."""
    raws = all_raw_effects()
    assert len(raws) > 350
    for raw in raws:
        typed = effect_from_plain(raw)
        assert typed.effect == raw["effect"]
        assert effect_plain(typed) == raw
        assert effect_from_plain(effect_plain(typed)) == typed


def test_unknown_plain_effect_is_refused() -> None:
    with pytest.raises(ValueError):
        effect_from_plain({"effect": "teleport_everyone"})
    with pytest.raises(ValueError):
        effect_from_plain({"effect": "deploy", "from_positions": [4, 5]})


# -- broken copies ------------------------------------------------------------------------------


def test_missing_expansion_file(data_copy: Path) -> None:
    (data_copy / "expansion" / "shrines.json").unlink()
    with pytest.raises(CatalogError) as info:
        load_expansion(load_catalog(data_copy), data_copy)
    assert str(info.value).startswith("expansion/shrines.json: <file>: cannot read")


def test_unknown_effect_name_names_file_and_field(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["cards"][3]["options"][1]["effects"][0]["effect"] = "summon_dragon"

    message = expansion_error(data_copy, "folklore_cards.json", change)
    assert message.startswith("expansion/folklore_cards.json: cards[3].options[1].effects[0]: ")
    assert "summon_dragon" in message


def test_shared_effect_keeps_its_parameter_shape(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["shrines"][0]["benefit"]["effects"][0]["effect"] = "move_character"  # needs amount

    message = expansion_error(data_copy, "shrines.json", change)
    assert message.startswith("expansion/shrines.json: shrines[0].benefit.effects[0].amount: "
                              "Field required")


def test_effect_without_id(data_copy: Path) -> None:
    def change(d: Any) -> None:
        del d["bridges"][1]["perk"]["effects"][0]["id"]

    message = expansion_error(data_copy, "neutral_bridges_pilgrimage.json", change)
    assert ("expansion/neutral_bridges_pilgrimage.json: bridges[1].perk.effects[0].id: the "
            "pilgrim_move effect has no id") in message


def test_id_colliding_with_a_base_id(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["shrines"][2]["id"] = "ember_forge"  # a monument of monuments.json

    message = expansion_error(data_copy, "shrines.json", change)
    assert "expansion/shrines.json: shrines[2].id: duplicate id 'ember_forge'" in message
    assert "monuments.json: monuments[" in message


def test_unknown_character(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["extensions"][4]["character"] = "morgana"

    message = expansion_error(data_copy, "folklore_track.json", change)
    assert ("expansion/folklore_track.json: extensions[4].character: unknown character id "
            "'morgana'") in message


def test_deck_names_an_unknown_card(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["decks"][0]["cards"][2] = "freyith_9"

    message = expansion_error(data_copy, "folklore_cards.json", change)
    assert "expansion/folklore_cards.json: decks[0].cards[2]: unknown card id 'freyith_9'" in (
        message)


def test_option_count_must_match(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["cards"][5]["options"].pop()

    message = expansion_error(data_copy, "folklore_cards.json", change)
    assert "expansion/folklore_cards.json: cards[5].option_count:" in message


def test_unknown_base_neutral_bridge(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["bridges"][0]["replaces_neutral_bridge"] = "nb_nowhere"

    message = expansion_error(data_copy, "neutral_bridges_pilgrimage.json", change)
    assert ("bridges[0].replaces_neutral_bridge: unknown base neutral bridge token id "
            "'nb_nowhere'") in message


def test_patron_token_of_the_wrong_monument(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["tokens"][0]["home_monument"] = "ember_forge"

    message = expansion_error(data_copy, "patron_tokens.json", change)
    assert "expansion/patron_tokens.json: tokens[0].home_monument:" in message


def test_board_edge_to_an_unknown_space(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["edges"][3]["to"] = "pb_cloud"

    message = expansion_error(data_copy, "pilgrim_board.json", change)
    assert ("expansion/pilgrim_board.json: edges[3].to: unknown board space or frame id "
            "'pb_cloud'") in message


def test_blockade_and_its_edge_agree(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["blockades"][1]["stop_space_if_unpaid"] = "pb_start"

    message = expansion_error(data_copy, "pilgrim_board.json", change)
    assert "expansion/pilgrim_board.json: blockades[1].stop_space_if_unpaid:" in message


def test_scoring_card_category_resolves(data_copy: Path) -> None:
    def change(d: Any) -> None:
        d["cards"][0]["category"] = "cat_luck"

    message = expansion_error(data_copy, "scoring_cards.json", change)
    assert "expansion/scoring_cards.json: cards[0].category: unknown scoring category id" in (
        message)


def test_base_file_may_not_use_an_expansion_only_effect(data_copy: Path) -> None:
    mutate(data_copy / "monuments.json",
           lambda d: d["monument_bonus_tiles"][0].update(effect={"effect": "prime_artifact"}))
    with pytest.raises(CatalogError) as info:
        load_catalog(data_copy)
    assert str(info.value).startswith(
        "monuments.json: monument_bonus_tiles[0].effect.effect: 'prime_artifact' is an "
        "expansion-only effect")

"""The catalog (assets/aor/data): loaded into strict models at start, cross-checked, a broken
file a clear error naming the file and the field, and the rules built from it so that a
printed value replaces a proposal without code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.aor.catalog import CatalogError, build_tables, default_data_dir, load_catalog, tables
from engine.aor.config import RULES_OPTIONS, AorConfig
from engine.aor.core import Ctx
from engine.aor.scoring import score_areas
from engine.aor.setup import build_state


def test_the_shipped_catalog_loads_with_the_rulebooks_totals() -> None:
    t = tables()
    cat = t.cat
    assert len(t.countries) == 7 and len(t.areas) == 11
    assert len(t.markers) == 65 and len(t.cards) == 77
    assert len(t.spaces_for(4, {})) == 26 and len(t.spaces_for(5, {})) == 34
    assert t.vp[t.area_index["area_deutsche_staaten"]] == (8, 5, 3)  # given (4.5)
    assert t.vp[t.area_index["area_afrika"]][1] == 2  # given (4.5)
    assert (t.start_gold, t.start_unrest, t.max_unrest, t.board_discs) == (14, 4, 22, 22)
    assert sum(1 for m in t.markers.values() if m.aktion) == 13
    assert cat.components.gold.total == 175


def test_map_rules_options_are_config_options_with_the_same_default() -> None:
    for opt in tables().cat.map.rules_options:
        assert RULES_OPTIONS[opt.id][0] == opt.default


def broken(tmp_path: Path, name: str, edit) -> str:  # type: ignore[no-untyped-def]
    for p in default_data_dir().glob("*.json"):
        shutil.copy(p, tmp_path / p.name)
    data = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    edit(data)
    (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog(tmp_path)
    return str(err.value)


def test_a_broken_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    msg = broken(tmp_path, "cards.json",
                 lambda d: d["sets"][2]["cards"][4].__setitem__("soldiers", "3"))
    assert msg.startswith("cards.json: sets[2].cards[4].soldiers:")
    msg = broken(tmp_path, "action_boxes.json",
                 lambda d: d["boxes"][0]["effect"].__setitem__("amount", -1))
    assert "action_boxes.json: boxes[0].effect.amount" in msg
    msg = broken(tmp_path, "empire_markers.json",
                 lambda d: d["markers"][0].__setitem__("area", "area_atlantis"))
    assert "empire_markers.json: markers[0].area: unknown area 'area_atlantis'" in msg
    msg = broken(tmp_path, "map.json", lambda d: d["areas"][0].__setitem__("colour", 1))
    assert msg.startswith("map.json: areas[0].colour:")


def test_a_printed_value_replaces_a_proposal_without_code(tmp_path: Path) -> None:
    """Afrika's first VP value is proposed (4); a printed 5 in the JSON is what scores."""
    for p in default_data_dir().glob("*.json"):
        shutil.copy(p, tmp_path / p.name)
    data = json.loads((tmp_path / "map.json").read_text(encoding="utf-8"))
    afrika = next(a for a in data["areas"] if a["id"] == "area_afrika")
    afrika["vp"] = [5, 2]
    (tmp_path / "map.json").write_text(json.dumps(data), encoding="utf-8")
    t = build_tables(load_catalog(tmp_path))
    s = build_state(AorConfig(players=2, seed=1, countries=("country_france", "country_spain")),
                    t)
    s.turn = 1
    s.seat_of[3], s.seat_of[2] = 0, 1
    s.discs[t.area_index["area_afrika"]][3] = 2
    score_areas(Ctx(s, t))
    assert s.players[0].vp == 5

"""Saves written by earlier versions keep loading (tests/fixtures/v*/): each opens, verifies
against a replay of its choices, resumes at its pending decision (or is over) and plays on;
a table save opens at the table with its seats."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist.io import load_game, loads_save  # noqa: E402
from engine.aac.persist.models import CURRENT_VERSION  # noqa: E402
from engine.aac.persist.upgrade import upgrade  # noqa: E402
from engine.kernel.saves import SaveError  # noqa: E402
from game.shell.session import Session  # noqa: E402
from tests.save_fuzz import check_consistent, play_on  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SAVES = sorted(p for p in FIXTURES.glob("v*/*.json") if not p.name.endswith(".seats.json"))


def test_there_are_fixtures_of_version_1() -> None:
    assert len([p for p in SAVES if p.parent.name == "v1"]) >= 6


@pytest.mark.parametrize("path", SAVES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_old_save_loads_verifies_and_plays_on(path: Path) -> None:
    g = load_game(path)  # verified against a replay of its choices
    check_consistent(g)
    play_on(g, random.Random(1), 50)


def test_an_old_table_save_opens_with_its_seats(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    s = Session.load(FIXTURES / "v1" / "table-save-3p.json")
    assert [seat.human for seat in s.seats] == [True, False, False]
    assert s.seats[1].level == "easy"


def test_there_are_fixtures_of_version_2() -> None:
    assert len([p for p in SAVES if p.parent.name == "v2"]) >= 5


def test_a_version_2_save_upgrades_to_the_current_version() -> None:
    doc = json.loads((FIXTURES / "v2" / "selfplay-3p-900.json").read_text(encoding="utf-8"))
    assert doc["version"] == 2
    up = upgrade(doc)
    assert up["version"] == CURRENT_VERSION == 6 and up["config"]["modules"] == []
    assert loads_save(json.dumps(up)).snapshot() == load_game(
        FIXTURES / "v2" / "selfplay-3p-900.json").snapshot()


def test_a_version_2_save_that_names_a_module_is_refused_in_one_sentence() -> None:
    """No build that wrote version 2 had a module: such a file was not written by the game."""
    doc = json.loads((FIXTURES / "v2" / "selfplay-2p-200.json").read_text(encoding="utf-8"))
    doc["config"]["modules"] = ["folklore"]
    doc["snapshot"]["modules"] = ["folklore"]
    with pytest.raises(SaveError) as err:
        loads_save(json.dumps(doc))
    assert "\n" not in str(err.value)

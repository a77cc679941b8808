"""Saves written by earlier versions keep loading (tests/fixtures/v*/): each opens, verifies
against a replay of its choices, resumes at its pending decision (or is over) and plays on;
a table save opens at the table with its seats."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist.io import load_game  # noqa: E402
from game.session import Session  # noqa: E402
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

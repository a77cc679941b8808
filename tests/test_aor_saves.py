"""Saves of Age of Reason (the kernel's envelope, format "aor-save"): replay-verified loads,
the strict schema and the catalog checks, refusals in one sentence, the version-1 fixtures
(tests/fixtures/aor/v1, made by seeded play with engine.aor.persist.scenarios.played before
any format change) and the scenario saves (saves/scenarios/aor, `python -m engine scenarios
--game aor`)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.aor.config import AorConfig
from engine.aor.game import Game, new_game
from engine.aor.invariants import check
from engine.aor.persist.io import dumps_save, load_game, loads_save, save_game
from engine.aor.persist.scenarios import SCENARIOS
from engine.kernel.bots import RandomBot
from engine.kernel.saves import SaveError

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "aor" / "v1").glob("*.json"))
SCENARIO_DIR = ROOT / "saves" / "scenarios" / "aor"


def play_on(g: Game, n: int, seed: int = 1) -> None:
    g.undo_enabled = False
    bots = [RandomBot(seed + k) for k in range(g.state.n)]
    for _ in range(n):
        if g.is_over:
            return
        d = g.pending
        assert d is not None and d.choices
        g.choose(bots[d.seat].choose(None, d))
        assert check(g.t, g.state) == []


def test_there_are_version_1_fixtures() -> None:
    assert len(FIXTURES) >= 4


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_a_version_1_save_loads_verified_and_plays_on(path: Path) -> None:
    g = load_game(path)  # verified against a replay of its choices
    assert check(g.t, g.state) == []
    assert not g.can_undo and "loaded" in g.can_undo.reason or g.is_over
    play_on(g, 40)


def test_round_trip_at_many_decisions(tmp_path: Path) -> None:
    g = new_game(AorConfig(players=3, seed=8))
    bots = [RandomBot(k) for k in range(3)]
    k = 0
    while not g.is_over:
        if k % 37 == 0:
            path = save_game(g, tmp_path / "x.json")
            again = load_game(path)
            assert again.snapshot() == g.snapshot() and again.pending == g.pending
        d = g.pending
        g.choose(bots[d.seat].choose(None, d))
        k += 1
    assert loads_save(dumps_save(g)).is_over


def doc() -> dict[str, Any]:
    return json.loads((FIXTURES[0]).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def refused(d: dict[str, Any]) -> str:
    with pytest.raises(SaveError) as err:
        loads_save(json.dumps(d))
    text = str(err.value)
    assert "\n" not in text and text.endswith(".")
    return text


def test_ints_are_ints() -> None:
    d = doc()
    d["snapshot"]["players"][0]["gold"] = "3"
    assert "gold" in refused(d)
    d = doc()
    d["snapshot"]["turn"] = True
    assert "turn" in refused(d)


@pytest.mark.parametrize("change,words", [
    (lambda d: d["snapshot"]["players"][0]["hand"].append("card_nowhere_1"), "hand"),
    (lambda d: d["snapshot"]["bag"].append("em_nowhere"), "bag"),
    (lambda d: d["snapshot"].__setitem__("first_player", 6), "first player"),
    (lambda d: d["snapshot"]["stack"].append({"kind": "turn", "at": "x"}), "unknown kind"),
    (lambda d: d["snapshot"]["stack"][0].__setitem__("at", 5), "stack[0].at"),
    (lambda d: d["config"].__setitem__("players", 7 - d["config"]["players"] // 7), "disagree"),
    (lambda d: d["config"]["options"].__setitem__("no_such_option", True), "option"),
    (lambda d: d["snapshot"]["players"][0].__setitem__("supply", 21), "breaks a rule"),
])
def test_a_damaged_save_is_refused_in_one_sentence(change: Any, words: str) -> None:
    d = doc()
    change(d)
    assert words in refused(d)


def test_a_card_of_another_country_is_refused() -> None:
    d = doc()
    players = d["snapshot"]["players"]
    players[0]["hand"][0], players[1]["hand"][0] = players[1]["hand"][0], players[0]["hand"][0]
    assert "not its country's" in refused(d)


def test_a_tampered_choice_list_fails_the_replay() -> None:
    d = doc()
    d["choices"] = d["choices"][:-3] + list(reversed(d["choices"][-3:]))
    refused(d)


def test_a_newer_version_and_another_format_are_refused() -> None:
    d = doc()
    d["version"] = 2
    assert "newer" in refused(d)
    d = doc()
    d["format"] = "aac-save"
    assert "not an Age of Reason save" in refused(d)


def test_a_save_of_the_snapshot_only_is_checked_against_its_choices() -> None:
    d = doc()
    d2 = copy.deepcopy(d)
    d2["snapshot"]["players"][0]["gold"] += 1
    refused(d2)


@pytest.mark.parametrize("name,note,make", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_scenario_saves_load_and_show_their_position(name: str, note: str, make: Any) -> None:
    g = load_game(SCENARIO_DIR / f"{name}.json")
    d = g.pending
    assert d is not None
    want = {"war-office": "second_attack", "auction": "bid", "allies": "ally",
            "last-segment": "box", "start": "bid"}
    kind = next(v for k, v in want.items() if name.startswith(k))
    assert d.kind == kind
    if name.startswith("last-segment"):
        assert g.state.turn == 3 and g.state.segment == g.t.segments[g.state.n]
    if name.startswith("auction"):
        assert "pass" in d.ids()
    assert json.loads((SCENARIO_DIR / f"{name}.json").read_text())["note"] == note

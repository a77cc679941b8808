"""Issue 27, item 2: what opens is exactly what the engine would have written.

The verified load compares the file's snapshot with a replay of its choices type-exactly (1,
1.0 and true differ; key order does not count) and the game that opens is that replay, so a
save whose numbers were rewritten as equal floats or booleans is refused in one sentence,
and a save with its keys reordered opens as the engine's own game (its next save reopens).
Module data (`snapshot.ext`) and rule steps (`snapshot.stack`) have strict schemas, also
without the replay check. Saves made during character choice (R3.3.1) reopen."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.aac.game import Game
from engine.aac.persist.io import dumps_save, loads_save
from engine.kernel.bots import RandomBot
from engine.kernel.listing import peek_save
from engine.kernel.saves import SaveError, canonical

PYTHON_TEXT = re.compile(r"Error\b|Traceback|not supported between|object has no attribute|"
                         r"NoneType|<class |\bdict\b|\blist\b|\btuple\b")


def played(players: int, seed: int, moves: int, modules: tuple[str, ...] = ()) -> Game:
    g = new_game(GameConfig(players=players, seed=seed, modules=modules))
    bot = RandomBot(seed)
    for _ in range(moves):
        if g.is_over:
            break
        assert g.pending is not None
        g.choose(bot.choose(None, g.pending))
    return g


@pytest.fixture(scope="module")
def module_save() -> dict[str, Any]:
    g = played(3, 5, 700, ("folklore", "pilgrimage"))
    doc: dict[str, Any] = json.loads(dumps_save(g))
    return doc


def refused(doc: dict[str, Any], *, verify: bool = True) -> str:
    with pytest.raises(SaveError) as err:
        loads_save(json.dumps(doc), verify=verify)
    text = str(err.value)
    assert "\n" not in text and not PYTHON_TEXT.search(text), text
    return text


@pytest.mark.parametrize("verify", [True, False], ids=["verified", "schema only"])
@pytest.mark.parametrize("part,key", [("folklore", "track"), ("folklore", "slots"),
                                      ("pilgrimage", "speed"), ("doublers", None)])
def test_module_data_with_a_float_for_an_int_is_refused(module_save: dict[str, Any], part: str,
                                                        key: str | None, verify: bool) -> None:
    doc = json.loads(json.dumps(module_save))
    data = doc["snapshot"]["ext"][part]
    if key is None:
        data["supply"] = float(data["supply"])
    else:
        data[key][0] = float(data[key][0])
    assert json.loads(json.dumps(doc)) == module_save  # equal under Python's ==
    refused(doc, verify=verify)


@pytest.mark.parametrize("verify", [True, False], ids=["verified", "schema only"])
@pytest.mark.parametrize("how", [float, str], ids=["float", "text"])
def test_a_rule_step_with_a_number_of_another_type_is_refused(
        module_save: dict[str, Any], verify: bool, how: Any) -> None:
    doc = json.loads(json.dumps(module_save))
    fr = doc["snapshot"]["stack"][-1]
    key = next(k for k, v in fr.items() if type(v) is int)
    fr[key] = how(fr[key])
    text = refused(doc, verify=verify)
    assert "whole number" in text or "does not match a replay" in text


def test_a_snapshot_number_turned_float_is_refused(module_save: dict[str, Any]) -> None:
    doc = json.loads(json.dumps(module_save))
    doc["snapshot"]["scores"][0] = float(doc["snapshot"]["scores"][0])
    refused(doc)


def shuffled(v: Any, rng: random.Random) -> Any:
    if isinstance(v, dict):
        keys = list(v)
        rng.shuffle(keys)
        return {k: shuffled(v[k], rng) for k in keys}
    if isinstance(v, list):
        return [shuffled(x, rng) for x in v]
    return v


def test_a_save_with_its_keys_reordered_opens_as_the_engines_own_game(
        module_save: dict[str, Any]) -> None:
    doc = shuffled(module_save, random.Random(3))
    assert list(doc["snapshot"]) != list(module_save["snapshot"])
    g = loads_save(json.dumps(doc))
    snap = g.snapshot()
    assert json.dumps(snap) == json.dumps(module_save["snapshot"])  # the engine's order too
    bot = RandomBot(9)
    for _ in range(200):
        if g.is_over:
            break
        assert g.pending is not None
        g.choose(bot.choose(None, g.pending))
    again = loads_save(dumps_save(g))  # its own next save reopens
    assert canonical(again.snapshot()) == canonical(g.snapshot())


def test_module_data_of_a_module_not_in_play_or_missing_is_refused(
        module_save: dict[str, Any]) -> None:
    doc = json.loads(json.dumps(module_save))
    del doc["snapshot"]["ext"]["doublers"]
    assert "lacks the data" in refused(doc, verify=False)
    doc = json.loads(json.dumps(module_save))
    doc["snapshot"]["ext"]["weather"] = {}
    assert "not in play" in refused(doc, verify=False)


def test_a_save_made_during_character_choice_reopens() -> None:
    """R3.3.1: with character choice, the seats pick their characters before the setup gives
    them action tokens and tiles; such a save was refused ("at least 5 items")."""
    g = new_game(GameConfig(players=3, seed=5, character_selection="choice"))
    assert g.pending is not None and g.pending.kind == "choose_character"
    again = loads_save(dumps_save(g))
    assert again.pending is not None and again.pending.ids() == g.pending.ids()
    g.choose(g.pending.choices[0].id)
    loads_save(dumps_save(g))


def test_an_internal_failure_is_one_plain_sentence_with_the_detail_kept() -> None:
    g = played(2, 3, 30)
    doc = json.loads(dumps_save(g))
    doc["choices"].append("no-such-choice")
    text = refused(doc)
    assert "not legal there" in text


def test_a_version_4_save_with_its_track_movement_saved_as_ordinary_movement_opens() -> None:
    """What a version-4 game wrote once MoveFrame's functions were built: a pending Track-only
    movement (R26.3.1, O69; here from a Pilgrimage energy space during a Folklore card) under
    the kind "move". The upgrade to version 5 gives the kind back (checked by a replay); the
    same save with a movement step that the replay does not have stays refused."""
    g = new_game(GameConfig(players=2, seed=1, modules=("folklore", "pilgrimage")))
    bot = RandomBot(1)
    while not any(f.kind == "aac.move_tracks" for f in g.state.stack):
        assert g.pending is not None
        g.choose(bot.choose(None, g.pending))
    doc = json.loads(dumps_save(g))
    old = json.loads(json.dumps(doc))
    old["version"] = 4
    for fr in old["snapshot"]["stack"]:  # version 4 names kinds without the game's prefix
        fr["kind"] = fr["kind"].removeprefix("aac.")
    steps = [fr for fr in old["snapshot"]["stack"] if fr["kind"] == "move_tracks"]
    for fr in steps:
        fr["kind"] = "move"
    again = loads_save(json.dumps(old))
    assert canonical(again.snapshot()) == canonical(doc["snapshot"])
    assert again.pending is not None and g.pending is not None
    assert again.pending.ids() == g.pending.ids()
    steps[0]["flex"] += 1  # not what the replay has: not repaired, refused
    assert "does not match a replay" in refused(old)


@pytest.mark.parametrize("text", ["\u00e9\x00", "Ann\nBob", "\x7f"], ids=["NUL", "newline", "DEL"])
def test_a_summary_text_with_a_control_character_is_damaged(
        module_save: dict[str, Any], text: str, tmp_path: Any) -> None:
    """Found by bench/fuzz_saves.py: a seat's level "é\\x00" in the summary header passed the
    listing and the Load screen's drawing raised (pygame draws no NUL). The header's texts
    are the game's own (names typed at the set-up, catalog names): a control character in one
    marks the save damaged, in the listing and on load, in one plain sentence."""
    doc = json.loads(json.dumps(module_save))
    doc["summary"]["seats"][1]["level"] = text
    assert "control character" in refused(doc, verify=False)
    path = tmp_path / "nul.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    info = peek_save(path)
    assert info.damaged and info.summary is None

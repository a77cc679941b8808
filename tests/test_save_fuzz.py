"""Nothing in a save file crashes the game (issue 10).

* A seeded mutation fuzzer (tests/save_fuzz.py) over real saves: every mutant is refused with
  one sentence, or loads a consistent game that plays on for 50 decisions, through the
  engine's loader and through the table's load path. `bench/fuzz_saves.py` runs thousands.
* The fuzzer has teeth: with the replay verification switched off, some of the same mutants
  load and then break (so a pass above means something).
* The failures measured before the fix, one by one, as regression cases.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import GameConfig, new_game  # noqa: E402
from engine.aac.game import Game  # noqa: E402
from engine.aac.persist.io import SaveError, dumps_save, load_game  # noqa: E402
from engine.aac.persist.upgrade import V1_TURN_PHASES  # noqa: E402
from engine.aac.state import state_to_dict  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests import save_fuzz  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bases() -> list[tuple[str, str]]:
    return save_fuzz.base_saves(seed=1)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    a = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    yield a
    a.bot_worker.stop()


def test_fuzzed_saves_are_refused_or_play_on(bases: list[tuple[str, str]],
                                             tmp_path: Path) -> None:
    res = save_fuzz.run(bases, 700, seed=11, workdir=tmp_path)
    assert res["failure_count"] == 0, "\n".join(res["failures"])
    eng = res["engine"]
    assert eng["crash"] == 0 and eng["broken"] == 0
    # both outcomes are reached, so the run exercised refusals and the play-on checks
    assert eng["refused"] > 500 and eng["loaded"] > 10, eng


def test_fuzzed_saves_through_the_table(bases: list[tuple[str, str]], tmp_path: Path,
                                        app: Any) -> None:
    res = save_fuzz.run(bases, 120, seed=12, workdir=tmp_path, table_app=app, table_every=2)
    assert res["failure_count"] == 0, "\n".join(res["failures"])
    assert res["table"]["refused"] > 20, res["table"]
    # every base save, whole, with a damaged or foreign seats file: loads and plays on
    rng = random.Random(5)
    for name, text in bases:
        n = json.loads(text)["config"]["players"]
        out = save_fuzz.check_table(text.encode(), tmp_path / "whole.json", rng, app,
                                    save_fuzz.seat_mutant(n, rng))
        assert out.kind == "loaded", f"{name}: {out.kind}: {out.detail}"


def test_the_fuzzer_finds_broken_saves_when_verification_is_off(
        bases: list[tuple[str, str]], tmp_path: Path) -> None:
    """Without the replay check, some mutants load and then break in play: the fuzzer can
    see what the verification prevents."""
    res = save_fuzz.run(bases, 700, seed=11, workdir=tmp_path, verify=False)
    assert res["engine"]["broken"] > 0, res["engine"]


# --- the failures measured before the fix, one by one -------------------------------------------


def _game(players: int = 3, moves: int = 60, seed: int = 4) -> Game:
    g = new_game(GameConfig(players=players, seed=seed))
    bot = RandomBot(seed)
    for _ in range(moves):
        assert g.pending is not None
        g.choose(bot.choose(None, g.pending))
    return g


def _refused(doc: dict[str, Any], tmp_path: Path) -> str:
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load_game(p)
    msg = str(info.value)
    assert save_fuzz.one_sentence(msg), msg
    return msg


def _frame_with(doc: dict[str, Any], field: str) -> dict[str, Any]:
    return next(f for f in reversed(doc["snapshot"]["stack"]) if field in f)


def test_a_frame_seat_out_of_range_is_refused(tmp_path: Path) -> None:
    doc = json.loads(dumps_save(_game()))
    _frame_with(doc, "seat")["seat"] = 11
    _refused(doc, tmp_path)


def test_a_bridge_token_moved_onto_a_bridge_space_is_refused(tmp_path: Path) -> None:
    """R12: a player's bridge token is on the board (unbuilt), in the box, or built on a
    bridge space that shows it; naming a bridge space it is not built on breaks scoring."""
    g = _game()
    doc = json.loads(dumps_save(g))
    empty = next(sp for sp, b in doc["snapshot"]["bridges"].items() if b == "")
    doc["snapshot"]["players"][0]["bridge_loc"][0] = empty
    _refused(doc, tmp_path)


def test_a_deleted_rule_step_is_refused(tmp_path: Path) -> None:
    doc = json.loads(dumps_save(_game()))
    del doc["snapshot"]["stack"][-1]
    _refused(doc, tmp_path)


def test_a_turn_phase_moved_back_is_refused(tmp_path: Path) -> None:
    doc = json.loads(dumps_save(_game()))
    frame = _frame_with(doc, "at")  # the turn's step by name (save version 1: phase 0-5)
    steps = list(V1_TURN_PHASES)
    i = steps.index(frame["at"])
    frame["at"] = steps[i - 1] if i else steps[1]
    _refused(doc, tmp_path)


@pytest.mark.parametrize("chars", [["nobody", None, None], ["aureon", "aureon", None],
                                   ["x" * 64, None, None]])
def test_unknown_or_duplicate_config_characters_are_refused(chars: list[str | None],
                                                            tmp_path: Path) -> None:
    doc = json.loads(dumps_save(_game()))
    doc["config"]["characters"] = chars
    msg = _refused(doc, tmp_path)
    assert "character" in msg


def test_replay_cli_refuses_a_bad_character_in_one_line(tmp_path: Path) -> None:
    doc = json.loads(dumps_save(_game()))
    doc["config"]["characters"] = ["nobody", None, None]
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "engine", "replay", str(p)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "unknown character" in r.stderr


def test_loader_refuses_odd_paths_with_a_save_error(tmp_path: Path) -> None:
    for bad in (tmp_path, tmp_path / "missing.json", str(tmp_path / "nul\0byte.json")):
        with pytest.raises(SaveError):
            load_game(bad)


def test_from_snapshot_copies_what_it_takes() -> None:
    g = _game(moves=40)
    snap = g.snapshot()
    before = json.dumps(snap, sort_keys=True)
    h = Game.from_snapshot(snap)
    h.undo_enabled = False
    bot = RandomBot(9)
    for _ in range(200):
        if h.is_over:
            break
        assert h.pending is not None
        h.choose(bot.choose(None, h.pending))
    assert json.dumps(snap, sort_keys=True) == before
    assert state_to_dict(h.state) != snap

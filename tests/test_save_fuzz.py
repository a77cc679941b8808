"""Nothing in a save file crashes the game (issues 10 and 27).

* Fresh processes (issue 27): mutants of the saves of every module mix at 2-5 seats, taken at
  each kind of rule step and decision (tests.save_positions), some of them equal to the save
  under Python's == (twins: 1 -> 1.0 or true, keys in another order), each opened in a worker
  process (tests.fuzz_worker, under a time and a memory limit) through the engine's verified
  load, the save listing, the title menu's Continue (the table drawn and played on), the Load
  screen (drawn, the card clicked, the table or the results drawn); every game that opened is
  saved again and reopened in a fresh interpreter. No crash, hang, broken game, memory
  blow-up, re-save refused, or refusal carrying Python's text. `bench/fuzz_saves.py` runs
  thousands.
* The harness itself reports a worker that hangs, dies or runs out of memory as a failure.
* A seeded mutation fuzzer in one process (tests/save_fuzz.py) over the base game's saves:
  every mutant is refused with one sentence, or loads a consistent game that plays on for 50
  decisions.
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
from tests import save_fuzz  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bases() -> list[tuple[str, str]]:
    return save_fuzz.base_saves(seed=1)


def test_fuzzed_saves_are_refused_or_play_on(bases: list[tuple[str, str]],
                                             tmp_path: Path) -> None:
    res = save_fuzz.run(bases, 700, seed=11, workdir=tmp_path)
    assert res["failure_count"] == 0, "\n".join(res["failures"])
    eng = res["engine"]
    assert eng["crash"] == 0 and eng["broken"] == 0
    # both outcomes are reached, so the run exercised refusals and the play-on checks
    assert eng["refused"] > 500 and eng["loaded"] > 10, eng


@pytest.fixture(scope="module")
def module_bases(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str]]:
    return save_fuzz.module_bases(tmp_path_factory.mktemp("fuzz-bases"))


def test_mutants_of_module_saves_in_fresh_processes(module_bases, tmp_path: Path) -> None:
    """Issue 27: every path a player touches, each mutant in a worker process."""
    bases = [b for b in module_bases if save_fuzz.is_module_base(b[1])]
    # every module mix and its finished games among the bases
    assert {n.split("-")[0] for n, _ in bases} == {"folklore", "pilgrimage",
                                                   "folklore+pilgrimage"}
    finished = [b for b in bases if json.loads(b[1])["snapshot"]["over"]]
    assert len(finished) >= 12
    bases += finished * 2  # the results screen is reached through these
    rng = random.Random(27)
    rng.shuffle(bases)
    res = save_fuzz.fresh_run(bases, 150, seed=27, work=tmp_path, jobs=2, timeout=90,
                              twins=0.35)
    assert res.failure_count == 0, json.dumps(res.as_json()["classes"], indent=1)[:6000]
    c = res.counts
    assert res.mutants == 150 and res.module_mutants == 150 and res.twins > 30
    # each path was exercised both ways: refusals, and games that opened and played on
    assert c["engine"]["refused"] > 40 and c["engine"]["loaded"] > 20, c
    assert c["listing"]["listed"] > 50 and c["listing"].get("damaged", 0) > 0, c
    assert c["continue"]["refused"] > 20 and c["continue"]["loaded"] > 10, c
    assert c["load"]["refused"] > 40 and c["load"]["loaded"] > 20, c
    assert c["load-opened"].get("results", 0) > 1 and c["load-opened"]["table"] > 10, c
    assert c["resave-engine"]["reopened"] == c["engine"]["loaded"]
    assert c["resave-table"]["reopened"] > 10


def test_the_harness_reports_hangs_deaths_and_memory_blow_ups(tmp_path: Path) -> None:
    """A worker that hangs is killed within the time limit, one that dies is started again,
    one that asks for more memory than its limit gets a MemoryError: all three are failures,
    never a stuck run."""
    w = save_fuzz.WorkerProcess(tmp_path, 0, mem_mb=2048, bare=True)
    try:
        out = w.run({"i": 0, "selftest": "memory"}, timeout=60)
        assert out["paths"]["engine"][0] == "memory"
        out = w.run({"i": 1, "selftest": "die"}, timeout=60)
        assert out["paths"]["engine"][0] == "crash" and "exit 3" in out["paths"]["engine"][1]
        out = w.run({"i": 2, "selftest": "hang"}, timeout=3)
        assert out["paths"]["engine"][0] == "hang"
        assert w.proc is None and w.starts == 2
    finally:
        w.kill()


def test_python_text_is_told_from_plain_sentences() -> None:
    for bad in ("This save file cannot be opened ('>=' not supported between instances of "
                "'NoneType' and 'int').", "This save file cannot be opened (KeyError: "
                "'pillars').", "This is not a save file: it is not valid JSON (Expecting "
                "value: line 1 column 1 (char 0)).", "Traceback (most recent call last)"):
        assert save_fuzz.plain_sentence(bad), bad
    for good in ("This save file is damaged and cannot be opened.",
                 "The save's snapshot does not match a replay of its choices (differs in: "
                 "stack).", "The save file cannot be read (Permission denied)."):
        assert not save_fuzz.plain_sentence(good), good


def test_twins_are_equal_under_python_equality() -> None:
    """Twins change nothing Python's == sees: exactly what the verified load must not
    trust (issue 27)."""
    name, text = save_fuzz.base_saves(seed=1, finished_random=False, bot_game=False)[3]
    rng = random.Random(3)
    kinds = set()
    for _ in range(60):
        doc = json.loads(text)
        what = save_fuzz.twin(doc, rng)
        kinds.add(what.split(":")[0].split(" ")[0])
        assert doc == json.loads(text), what
        assert json.dumps(doc) != json.dumps(json.loads(text)) or what == "no change"
    assert len(kinds) > 2, kinds


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

"""bench/tune_bots.py: the tuner's core (`tune`) on a tiny budget returns a full HARD_WEIGHTS
dict and logs every candidate it played."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from engine.aac.bots.evaluate import HARD_WEIGHTS

_PATH = Path(__file__).resolve().parent.parent / "bench" / "tune_bots.py"
_spec = importlib.util.spec_from_file_location("tune_bots", _PATH)
assert _spec is not None and _spec.loader is not None
tune_bots = importlib.util.module_from_spec(_spec)
sys.modules["tune_bots"] = tune_bots
_spec.loader.exec_module(tune_bots)


def test_tune_tiny_budget() -> None:
    res = tune_bots.tune(["charged"], ["easy"], games=2, rounds=1, seed=3, jobs=1,
                         nodes=20, max_decisions=80, final_games=2)
    assert set(res["weights"]) == set(HARD_WEIGHTS)
    assert all(res["weights"][k] == v for k, v in HARD_WEIGHTS.items() if k != "charged")
    # the shipped weights, then charged / 1.5 and x 1.5
    assert [e["key"] for e in res["log"]] == ["", "charged", "charged"]
    assert sorted(e["value"] for e in res["log"][1:]) == [0.167, 0.375]
    for e in res["log"]:
        assert e["games"] == 2 and 0.0 <= e["ci95"][0] <= e["score"] <= e["ci95"][1] <= 1.0
    assert set(res["changed"]) <= {"charged"}


def test_default_keys_follow_modules() -> None:
    base = tune_bots.default_keys()
    assert "edge" in base and "patron_bind" in base and "charged" in base
    assert not any(k.startswith(("folk_", "pil_")) for k in base)
    assert "pil_now" in tune_bots.default_keys(["pilgrimage"])


def test_check_plays_a_runs_changed_weights_on_the_same_deals(tmp_path: Path) -> None:
    """--check: the changed weights of an --out JSON on top of HARD_WEIGHTS, against the pool
    on seeded deals (each from both seats); the same seed gives the same result."""
    out = tmp_path / "tune.json"
    out.write_text(json.dumps({"changed": {"charged": 0.375}}), encoding="utf-8")
    a = tune_bots.check(out, ["easy"], 2, 5, 1, 20, 80, ())
    b = tune_bots.check(out, ["easy"], 2, 5, 1, 20, 80, ())
    assert a == b
    assert a["changed"] == {"charged": 0.375} and a["games"] == 2 and a["seed"] == 5
    assert 0.0 <= a["ci95"][0] <= a["score"] <= a["ci95"][1] <= 1.0
    assert set(a["by_opponent"]) == {"easy"}

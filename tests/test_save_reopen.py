"""Every save the game writes opens again in a fresh process (issue 27, item 3).

A long-running writer (its own interpreter, warmed up as a game is after an hour of play:
tests.save_positions.warm_up) plays seeded games of every module mix (none, Folklore,
Pilgrimage, both) at 2-5 seats, with the set-up variants (character choice, expert loading,
the expert hand, house rules), undoing now and then, and saves at the first decision where
each kind of rule step of the registry is on the stack and each kind of decision is asked, at
the start and at the end. Fresh interpreters (tests.reopen_worker, two at once) reopen every
save with the verified load and check that the reopened game is exactly the writer's (its
snapshot value for value and type for type, its rule steps' classes, its pending decision);
each reopened game plays on and saves, and new interpreters reopen those saves exactly too.
Every save fixture of an earlier format (tests/fixtures/v*/) is reopened the same way.
`bench/save_reopen.py` runs the long variant (more games, each kind saved per seat count).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import save_positions as sp

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("reopen")
    r = subprocess.run([sys.executable, "-m", "tests.save_positions", str(out)], cwd=ROOT,
                       timeout=300, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    return out, json.loads((out / "manifest.json").read_text(encoding="utf-8"))


def test_every_kind_of_rule_step_is_reached_and_saved(written) -> None:
    """The registry's kinds, less the ones no game reaches (named, with why), are each on the
    stack at some saved decision; every mix and seat count is saved at its start and end."""
    _, man = written
    cov = man["coverage"]
    registry = sp.game_kinds()
    assert set(man["registry"]) == registry
    assert set(sp.NOT_REACHED) <= registry
    reachable = registry - set(sp.NOT_REACHED)
    missing = sorted(reachable - set(cov["reached"]))
    assert not missing, (f"no game reached {missing}: pick new seeds with "
                         "`python bench/save_reopen.py --find` (tests/save_positions.py)")
    assert not set(sp.NOT_REACHED) & set(cov["reached"]), "a kind said unreachable was reached"
    assert set(cov["reached"]) <= set(cov["saved"])
    assert set(cov["decisions_reached"]) <= set(cov["decisions_saved"])
    ends = {(w["mix"], w["players"]) for w in man["saves"] if "end" in w["why"]}
    starts = {(w["mix"], w["players"]) for w in man["saves"] if "start" in w["why"]}
    every = {(sp.mix_name(m), n) for m in sp.MIXES for n in sp.SEATS}
    assert ends == every and starts == every
    # the saves hold both kinds of writer: the live game and a copy of it (undo, the bots)
    assert len(man["saves"]) > 150


def test_every_save_reopens_exactly_in_a_fresh_process(written) -> None:
    folder, man = written
    rep = sp.reopen_check(folder, man, jobs=2, play_on=3)
    assert not rep.failures, "\n".join(rep.failures[:20])
    assert len(rep.first) == len(man["saves"]) + len(sp.fixture_items())
    assert len(rep.second) == len(rep.first), "every reopened game saved again"

"""The kernel alone: a tiny game of its own (tests/kernel_toy.py, Pebbles) played through the
runner, saves, undo and the random bot, in a fresh interpreter that never imports An Age
Contrived (engine.aac): the kernel is game-neutral."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r'''
import json, sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import engine.kernel  # noqa: F401
from engine.kernel import saves
from engine.kernel.bots import RandomBot
from engine.kernel.decisions import IllegalChoice
from engine.kernel.definition import definitions, get
from tests.kernel_toy import PEBBLES, Config

assert [d.id for d in definitions()] == ["pebbles"], [d.id for d in definitions()]
assert get("pebbles") is PEBBLES
g = PEBBLES.new_game(Config(players=3, seed=4))
bots = [RandomBot(10 + k) for k in range(3)]
undone = barriers = 0
folder = Path(tempfile.mkdtemp())
while not g.is_over:
    d = g.pending
    before = (g.snapshot(), d, list(g.history))
    cid = bots[d.seat].choose(g.view(d.seat), d)
    g.choose(cid)
    if cid == "draw":  # the new card came from the hidden deck: undo stops there
        assert not g.can_undo and "revealed" in g.can_undo.reason
        barriers += 1
    elif g.pending is not None and g.pending.seat == d.seat:
        assert g.can_undo  # the seat's own decision, nothing revealed: it may step back
        g.undo()
        assert (g.snapshot(), g.pending, g.history) == before  # exactly the earlier game
        undone += 1
        g.choose(cid)
    elif g.pending is not None:
        assert not g.can_undo and "another seat" in g.can_undo.reason
        try:
            g.undo()
            raise AssertionError("undo crossed another seat's decision")
        except IllegalChoice:
            pass
    path = saves.write(g, folder / "pebbles.json", note="kernel alone")
    h = saves.load(path, PEBBLES)  # verified: the snapshot equals a replay of the choices
    assert h.snapshot() == g.snapshot() and h.pending == g.pending
    assert not h.can_undo  # a loaded game starts with nothing to undo
view = g.view(0)
assert view["hands"][1] == -1 and view["deck"] == len(g.state.deck) and view["rng"] is None
doc = json.loads(path.read_text())
assert doc["format"] == "pebbles-save" and doc["game"] == "pebbles" and doc["version"] == 1
scores = PEBBLES.scores(g)
assert sum(s["pebbles"] for s in scores) == 12 and PEBBLES.invariants(g) == []
assert undone > 0 and barriers > 0, (undone, barriers)
leaked = [m for m in sys.modules if m == "engine.aac" or m.startswith("engine.aac.")]
assert not leaked, leaked
print("ok", undone)
'''


def test_the_kernel_plays_a_game_of_its_own_without_the_real_game() -> None:
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.startswith("ok "), r.stdout
    assert int(r.stdout.split()[1]) > 0  # undos were made and checked

"""SIGTERM (a logout, a shutdown) and SIGINT (Ctrl+C) end the game at once and keep the game
in progress (issue 27, item 6): the real game (`python -m game`, dummy video driver) runs in a
child process at a person's decision in the middle of a turn, one more decision made there;
the signal ends it within 2 seconds, its bots' worker process ends with it, and Continue
resumes the very same decision. Only the window's close button asks first (see
test_ui_saves.test_window_close_asks_and_a_second_close_leaves)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist import load_game  # noqa: E402
from engine.aac.state import state_to_dict  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.saves import continue_save  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.test_ui_scenes import button, press  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32",
                                reason="POSIX signals")

# The child: the game's own entry point (game.__main__.main), with one addition that only
# watches: once the table shows and the bots' worker process has started (for a bot's turn:
# is up and ready), it makes the person's decision `first` (as a click would), and when the
# table next waits (on a person, or on a bot of the worker process) it prints READY with the
# history and the worker's pid; when the loop ends the game on the signal, it prints KEPT with
# the history at that moment (bots may have played on between the two).
CHILD = r"""
import json, sys
from game.shell.app import App
from game.__main__ import main

scenario, first, wait_for = sys.argv[1], sys.argv[2], sys.argv[3]
state = {"chose": False, "told": False}
real_step = App.step

def step(self, dt=None, draw=True):
    real_step(self, dt, draw)
    t = self.scene
    if state["told"] or not self.running or type(t).__name__ != "TableScene":
        return
    d = t.pending
    worker = self.bot_worker
    if d is None or t.animator.busy or worker.pid is None:  # (the loop starts it)
        return
    if wait_for == "bot" and not worker.wait_ready(0.0):
        return
    if not state["chose"]:
        t.choose(first)
        state["chose"] = True
        return
    if wait_for == "person" and not t.session.is_human(d.seat):
        return
    if wait_for == "bot" and t.session.is_human(d.seat):
        return
    state["told"] = True
    print("READY " + json.dumps({"history": list(t.game.history), "seat": d.seat,
                                 "worker": worker.pid}), flush=True)

real_end_now = App.end_now

def end_now(self):
    t = self.scene
    history = list(t.game.history) if type(t).__name__ == "TableScene" else None
    print("KEPT " + json.dumps({"history": history}), flush=True)
    real_end_now(self)

if __name__ == "__main__":
    App.step = step
    App.end_now = end_now
    sys.exit(main(["--scenario", scenario]))
"""


def mid_turn(s: Session) -> bool:
    st = s.game.state
    d = s.game.pending
    return st.turn >= 3 and st.turn_type in ("advance", "actions") and d is not None and \
        s.is_human(d.seat)


def position(seats: list[SeatSpec], seed: int, then: str) -> tuple[Session, str]:
    """A game stopped at a person's decision inside a turn whose first choice waits next on
    `then`: "person", a person again in the same turn; "bot", a bot."""
    rng = random.Random(seed)
    s = Session.new(seats, seed=seed)
    for _ in range(20000):
        assert not s.game.is_over, "no such position in this game"
        if mid_turn(s):
            d = s.game.pending
            assert d is not None
            after = s.game.clone()
            after.choose(d.choices[0].id)
            nd = after.pending
            same_turn = after.state.turn == s.game.state.turn and \
                after.state.turn_type in ("advance", "actions")
            if nd is not None and (same_turn and s.is_human(nd.seat) if then == "person"
                                   else not s.is_human(nd.seat)):
                return s, d.choices[0].id
        pend = s.game.pending
        assert pend is not None
        s.apply(rng.choice(pend.choices).id)
    raise AssertionError("no such position")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ended, not yet reaped by whoever adopted it) has ended too
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][:1] != "Z"
    except (OSError, IndexError):
        return True


def default_signals() -> None:
    """The child starts as from a desktop or a terminal: the ending signals not ignored (a
    shell running the tests in the background ignores SIGINT for its children)."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


CASES = {
    "SIGTERM at a person's decision": (signal.SIGTERM, "person"),
    "SIGINT at a person's decision": (signal.SIGINT, "person"),
    "SIGTERM on a bot's turn": (signal.SIGTERM, "bot"),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.timeout(240)
def test_a_signal_keeps_the_game_and_ends_within_two_seconds(case: str, app: App,
                                                             tmp_path: Path) -> None:
    sig, wait_for = CASES[case]
    seats = [SeatSpec(True, name="Anna"), SeatSpec(True, name="Ben")] if wait_for == "person" \
        else [SeatSpec(True, name="Anna"), SeatSpec(False, level="hard")]
    s, first = position(seats, 11, wait_for)
    scenario = tmp_path / "mid-turn.json"
    s.save(scenario)
    made = [*s.game.history, first]
    env = {**os.environ, "AAC_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(scenario), first, wait_for],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=default_signals)
    try:
        assert proc.stdout is not None
        line = ""
        while not line.startswith("READY ") and proc.poll() is None:
            line = proc.stdout.readline()  # (pygame's greeting may come first)
        assert line.startswith("READY "), proc.communicate(timeout=30)[1][-3000:]
        ready: dict[str, Any] = json.loads(line[len("READY "):])
        assert ready["history"][:len(made)] == made  # the decision made in the game (and the
        # bots' since, if they played on)
        t0 = time.monotonic()
        proc.send_signal(sig)
        code = proc.wait(timeout=30)
        took = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
        rest, err = proc.communicate(timeout=30)
    assert took < 2.0, f"the game took {took:.2f} s to end"
    assert code == 0, err[-3000:]
    assert not alive(ready["worker"]), "the bots' worker process ended with the game"
    kept = json.loads(next(ln for ln in rest.splitlines() if ln.startswith("KEPT "))[5:])
    if wait_for == "person":  # nobody else plays: the game was where READY said
        assert kept["history"] == ready["history"]
    assert kept["history"][:len(ready["history"])] == ready["history"]
    expected = s.game.clone()
    for cid in kept["history"][len(s.game.history):]:
        expected.choose(cid)
    # the autosave Continue resumes holds the decision in progress
    offer = continue_save()
    assert offer is not None and offer.kind == "autosave"
    on_disk = load_game(offer.path, verify=True)
    assert on_disk.history == expected.history
    assert on_disk.pending == expected.pending and on_disk.pending is not None
    assert on_disk.pending.seat == ready["seat"]
    if wait_for == "person":
        assert on_disk.state.turn == s.game.state.turn, "still the same turn"
    # ...and Continue on the title screen opens it there, seats and names kept
    app.open_menu()
    assert button(app, "Continue").enabled
    press(app, "Continue")
    table: Any = app.scene
    assert type(table).__name__ == "TableScene"
    assert table.session.game.history == expected.history
    assert table.session.game.pending == expected.pending
    assert state_to_dict(table.session.game.state) == state_to_dict(expected.state)
    assert table.session.player_name(0) == "Anna"
    assert table.session.is_human(1) == (wait_for == "person")


def test_the_loop_ends_on_a_noted_signal_without_asking(app: App) -> None:
    """In-process: a signal noted by the handler ends the loop at the next frame, keeping the
    game, with no dialog; the close button's quit event still asks first."""
    s, first = position([SeatSpec(True), SeatSpec(True)], 5, "person")
    app.start_session(s)
    s.autosaving = True  # the test app does not persist; autosaves go to the tmp home
    app.scene.choose(first)  # type: ignore[attr-defined]
    app.on_signal(signal.SIGTERM)
    app.step(1 / 60)
    assert not app.running
    assert type(app.scene).__name__ == "TableScene", "no dialog was opened"
    offer = continue_save()
    assert offer is not None and load_game(offer.path).history == s.game.history

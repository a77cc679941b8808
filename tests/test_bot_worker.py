"""The bots' worker process (game.bot_worker): the same answers as bots in this process, every
decision and view can be sent there, a crashed, failing or hung worker never stalls a game,
stale answers are dropped, stop() (or dropping the app) leaves no process, and the table keeps
drawing frames while a bot thinks."""

from __future__ import annotations

import gc
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from multiprocessing.reduction import ForkingPickler
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import GameConfig, new_game  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402
from engine.kernel.decisions import Decision  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.bot_worker import BotError, BotSpec, BotWorker, make_bot, seat_bots  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.bot_worker_kit import kit_bot, uncapped_normal  # noqa: E402

LIMIT = 60.0  # seconds an answer may take before a test gives up (a hung worker, not a speed)


def answer(worker: BotWorker, limit: float = LIMIT) -> tuple[int, str]:
    got = worker.poll(limit)
    assert got is not None, "no answer came"
    return got


def decision(seed: int = 3, players: int = 3) -> Decision:
    d = new_game(GameConfig(players=players, seed=seed)).pending
    assert d is not None and len(d.choices) > 1
    return d


@pytest.fixture(scope="module")
def worker() -> Iterator[BotWorker]:
    w = BotWorker(kit_bot)
    yield w
    w.stop()


@pytest.fixture(autouse=True)
def _clear_error(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "worker" in request.fixturenames:
        request.getfixturevalue("worker").error = None


def bot_pids() -> set[int]:
    return {p.pid for p in multiprocessing.active_children()
            if p.name == "bot-worker" and p.pid is not None}


# --- what is sent ------------------------------------------------------------------------------
def test_every_decision_and_view_pickles():
    """Decisions carry the engine's payloads (Choice.data): every kind met in random 2-5 seat
    games, and every view, goes to the worker process and back unchanged."""
    kinds: set[str] = set()
    for players in (2, 3, 4, 5):
        g = new_game(GameConfig(players=players, seed=players))
        rng = random.Random(players)
        for _ in range(250):
            d = g.pending
            if d is None:
                break
            kinds.add(d.kind)
            assert ForkingPickler.loads(ForkingPickler.dumps(d)) == d
            v = g.view(d.seat)
            assert ForkingPickler.loads(ForkingPickler.dumps(v)) == v
            g.choose(rng.choice(d.choices).id)
    assert {"turn_type", "push_tile", "load_slot", "action"} <= kinds


# --- the same choices ---------------------------------------------------------------------------
def _play(levels: tuple[str, ...], seed: int, n: int,
          choose: Callable[[Session, Decision], str]) -> list[str]:
    s = Session.new([SeatSpec(human=False, level=lv) for lv in levels], seed)
    for _ in range(n):
        d = s.game.pending
        if d is None:
            break
        s.apply(choose(s, d))
    return list(s.game.history)


def test_worker_answers_as_bots_in_this_process(worker):
    """A seeded bots' game played through a new worker equals the same game played with the
    bots in this process (and through the worker's thread, with bot objects): the hosted bots
    keep their state from one decision to the next, also when they move from the thread
    (while the process starts) to the process."""
    levels, seed, n = ("normal-uncapped", "easy", "random"), 5, 60
    fresh = BotWorker(kit_bot)

    def by_worker(s: Session, d: Decision) -> str:
        bot = s.bots[d.seat]
        assert isinstance(bot, BotSpec)
        if len(s.game.history) == 6:
            assert fresh.wait_ready(LIMIT)
        token = fresh.request(bot, s.game.view(d.seat) if fresh.needs_view(bot) else None, d)
        got = answer(fresh)
        assert got[0] == token
        return got[1]

    local = {i: (uncapped_normal(seed * 31 + i) if lv == "normal-uncapped"
                 else make_bot(lv, seed * 31 + i)) for i, lv in enumerate(levels)}

    def in_process(s: Session, d: Decision) -> str:
        bot = local[d.seat]
        return bot.choose(s.game.view(d.seat) if worker.needs_view(bot) else None, d)

    objects = {i: (uncapped_normal(seed * 31 + i) if lv == "normal-uncapped"
                   else make_bot(lv, seed * 31 + i)) for i, lv in enumerate(levels)}

    def by_thread(s: Session, d: Decision) -> str:
        bot = objects[d.seat]
        worker.request(bot, s.game.view(d.seat) if worker.needs_view(bot) else None, d)
        return answer(worker)[1]

    try:
        a = _play(levels, seed, n, by_worker)
        assert len(a) == n and fresh.error is None
        assert fresh.by_thread >= 1 and fresh.by_process >= n - 6  # the move happened
        assert fresh.by_thread + fresh.by_process == n
    finally:
        fresh.stop()
    assert a == _play(levels, seed, n, in_process)
    assert a == _play(levels, seed, n, by_thread)
    assert worker.error is None


def test_a_new_roster_replaces_the_hosted_bots(worker):
    """Bots live as long as their game: another game's bots (a new roster) start afresh,
    even with the same level and seed."""
    g = new_game(GameConfig(players=3, seed=8))
    d = g.pending
    assert d is not None
    view = g.view(d.seat)
    old = seat_bots({0: "easy"}, 4)[0]
    for _ in range(5):  # the old game's bot uses up random numbers
        worker.request(old, view, d)
        answer(worker)
    fresh = make_bot("easy", 4 * 31)
    new = seat_bots({0: "easy"}, 4)[0]
    assert new != old
    worker.request(new, view, d)
    assert answer(worker)[1] == fresh.choose(view, d)


# --- failures -------------------------------------------------------------------------------------
def test_a_crashed_worker_is_survived():
    """The worker process dies mid-thought: the decision gets the in-process random bot's
    legal choice, `error` says so, and the next request starts a new process."""
    w = BotWorker(kit_bot)
    try:
        d = decision()
        roster = seat_bots({0: "crash", 1: "easy"}, 2)
        assert w.wait_ready(LIMIT)  # the bots think there (not in the thread meanwhile)
        first = w.pid
        token = w.request(roster[0], None, d)
        got = answer(w)
        assert got == (token, RandomBot(roster[0].seed).choose(None, d))  # type: ignore[union-attr]
        assert isinstance(w.error, BotError) and "stopped" in str(w.error)
        assert first not in bot_pids()
        w.error = None
        assert w.wait_ready(LIMIT)
        token = w.request(BotSpec("random", 9, 99), None, d)
        assert answer(w) == (token, RandomBot(9).choose(None, d))
        assert w.pid is not None and w.pid != first and w.error is None
        assert w.by_process == 1
    finally:
        w.stop()


def test_after_repeated_crashes_the_bots_think_in_a_thread():
    w = BotWorker(kit_bot, restarts=2)
    try:
        d = decision()
        for _ in range(2):
            assert w.wait_ready(LIMIT)
            w.request(BotSpec("crash", 1, 7), None, d)
            answer(w)
        assert "inside the game" in str(w.error)
        easy = BotSpec("easy", 3, 7)
        view = new_game(GameConfig(players=3, seed=3)).view(d.seat)
        w.request(easy, view, d)
        assert answer(w)[1] == make_bot("easy", 3).choose(view, d)
        assert w.pid is None
    finally:
        w.stop()


def test_bots_that_cannot_move_to_the_process_stay_in_the_thread():
    w = BotWorker(kit_bot)
    try:
        d = decision()
        bot = BotSpec("unpicklable", 1, 5)
        w.request(bot, None, d)  # before the process is ready: the thread
        assert answer(w)[1] == d.choices[0].id
        assert not w.wait_ready(LIMIT)  # once ready, the bot would move there: it cannot
        w.request(bot, None, d)
        assert answer(w)[1] == d.choices[0].id
        assert "could not move" in str(w.error) and w.pid is None
        assert w.by_thread == 2 and w.by_process == 0
    finally:
        w.stop()


def test_a_hung_worker_is_given_up(tmp_path):
    """A bot that never answers: after `timeout` the process is ended and the game goes on."""
    w = BotWorker(kit_bot, timeout=0.5)
    try:
        d = decision()
        assert w.wait_ready(LIMIT)
        pid = w.pid
        token = w.request(BotSpec(f"gated:{tmp_path / 'never'}", 4, 1), None, d)
        assert answer(w) == (token, RandomBot(4).choose(None, d))
        assert "did not answer" in str(w.error)
        assert w.pid != pid and pid not in bot_pids()  # ended (and another one started)
    finally:
        w.stop()


@pytest.mark.parametrize("level, words", [("raise", "ValueError: a bug in the bot"),
                                          ("illegal", "not one of the choices")])
def test_a_failing_bot_gets_a_legal_choice(worker, level, words):
    d = decision()
    assert worker.wait_ready(LIMIT)
    pid = worker.pid
    token = worker.request(BotSpec(level, 6, 50), None, d)
    assert answer(worker) == (token, RandomBot(6).choose(None, d))
    assert isinstance(worker.error, BotError) and words in str(worker.error)
    assert worker.pid == pid, "the process itself is fine"


def test_stale_answers_are_dropped(worker, tmp_path):
    """A cancelled request, and one superseded by a newer request, never hand over their
    answers: poll() gives the newest request's."""
    d = decision()
    assert worker.wait_ready(LIMIT)
    gate1, gate2 = tmp_path / "one", tmp_path / "two"
    worker.request(BotSpec(f"gated:{gate1}", 1, 60), None, d)
    worker.cancel()
    newer = worker.request(BotSpec("random", 2, 60), None, d)
    assert worker.poll() is None  # the gated bot is still thinking
    gate1.touch()
    assert answer(worker) == (newer, RandomBot(2).choose(None, d))
    worker.request(BotSpec(f"gated:{gate2}", 3, 60), None, d)
    newest = worker.request(BotSpec("random", 4, 60), None, d)
    gate2.touch()
    assert answer(worker) == (newest, RandomBot(4).choose(None, d))
    assert worker.poll() is None and worker.pending is None


# --- no process left behind ----------------------------------------------------------------------
def test_stop_leaves_no_process(tmp_path):
    """stop() ends the process whether it is idle, busy with a bot or still starting."""
    w = BotWorker(kit_bot)
    d = decision()
    w.request(BotSpec("easy", 1, 70), None, d)
    answer(w)
    idle = w.pid
    w.stop()
    assert w.wait_ready(LIMIT)  # another one
    w.request(BotSpec(f"gated:{tmp_path / 'never'}", 2, 70), None, d)
    for _ in range(2000):
        if w.thinking:
            break
        assert w.poll(0.05) is None
    busy = w.pid
    w.stop()  # while its bot thinks
    w.warm()
    starting = w.pid
    w.stop()  # while it starts
    assert w.pid is None and len({idle, busy, starting}) == 3
    assert not bot_pids() & {idle, busy, starting}
    if sys.platform != "win32":
        for pid in (idle, busy, starting):
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)  # type: ignore[arg-type]


def _app(home: Path, worker: BotWorker | None = None) -> App:
    os.environ["AAC_HOME"] = str(home)
    a = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    if worker is not None:
        a.bot_worker.stop()
        a.bot_worker = worker
    return a


def _until(app: App, done: Callable[[], bool], frames: int = 4000) -> None:
    for _ in range(frames):
        app.step(1 / 60)
        if done():
            return
        time.sleep(0.005)  # give the bot time to think (the table itself never waits)
    raise AssertionError("it did not happen")


def test_apps_leave_no_process(tmp_path, monkeypatch):
    """Apps that played bots: one stopped (as App.run does), one merely dropped (once it is
    collected: the table keeps itself out of the collector's view while it is shown), leave
    no worker process."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    pids: list[int] = []
    for stop in (True, False):
        app = _app(tmp_path)
        s = Session.new([SeatSpec(human=False, level="easy") for _ in range(2)], 4)
        app.start_session(s)
        _until(app, lambda s=s: len(s.game.history) >= 2)  # type: ignore[misc]
        pid = app.bot_worker.pid
        assert pid is not None
        pids.append(pid)
        if stop:
            app.bot_worker.stop()
        else:
            app.open_menu()
        del app, s
        gc.collect()
    assert not bot_pids() & set(pids)


# --- the table while a bot thinks ---------------------------------------------------------------
def test_frames_keep_coming_while_a_bot_thinks(tmp_path, monkeypatch):
    """A bot deep in thought (a busy loop in the worker) does not hold the table up: frame
    after frame is drawn, the seat shows as thinking, then its move is played."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    gate = tmp_path / "gate"
    app = _app(tmp_path, BotWorker(kit_bot))
    try:
        assert app.bot_worker.wait_ready(LIMIT)  # as when the game's loop has warmed it up
        s = Session.new([SeatSpec(human=False, level=f"gated:{gate}") for _ in range(2)], 6)
        app.start_session(s)
        scene: Any = app.scene
        _until(app, lambda: app.bot_worker.thinking)
        drawn = len(app.frame_ms)
        for _ in range(60):
            app.step(1 / 60)
        assert len(app.frame_ms) == drawn + 60
        assert s.game.history == [] and scene.thinking_seat >= 0 and app.bot_worker.thinking
        gate.touch()
        _until(app, lambda: len(s.game.history) >= 3)
        assert app.bot_worker.error is None and app.bot_worker.by_thread == 0
    finally:
        app.bot_worker.stop()

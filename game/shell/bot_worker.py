"""Bots think in a worker process, so the window keeps drawing at full rate.

A bot's search is pure Python: in a thread it would share the interpreter (and its lock) with
the drawing, and frames would stretch while it thinks. So the bots of the current game live in
one worker *process* (multiprocessing, "spawn": the same on Linux, macOS, Windows and in the
PyInstaller bundle, whose entry point calls multiprocessing.freeze_support()).

- The table names its bots with BotSpec(level, seed, roster, game) (see `seat_bots`); the
  worker makes each with its game's definition's make_bot(level, seed) on its first request
  (any installed game: engine.games) and keeps it for the whole game, since bots remember
  things between decisions. The first request of a new roster (another game started or
  loaded) replaces the hosted bots.
- `request(bot, view, decision)` returns a token at once; `poll()` hands over the answer to the
  newest request when it has come. Requests are answered in order, one in flight at a time
  (so nothing ever blocks on a full pipe); an answer to a cancelled or superseded request is
  dropped.
- The process starts on `warm()` (the game's loop calls it) or on the first request and gets
  ready in the background; no frame waits for it. Until it is ready the bots think in a thread
  of this process, and then move, with everything they remember, into the worker process: the
  same seeds give the same choices however long the start takes.
- Nothing freezes the table: a bot that raises or answers something illegal, a worker process
  that dies or does not answer within `timeout` seconds, is reported in `error` (a BotError),
  and that decision gets a legal choice from an in-process random bot; a lost process is
  started again (its bots start afresh); after `restarts` losses in a row the bots stay in the
  thread.
- A bot given as an object (tests, tools) thinks in the thread, as before.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import queue
import signal
import threading
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable, Mapping
from itertools import count
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple, Protocol

from engine.kernel.bots import RandomBot
from engine.kernel.decisions import Decision
from engine.kernel.definition import GameDefinition, definitions, find


class BotLike(Protocol):
    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str: ...


DEFAULT_GAME = "aac"  # the game of a BotSpec that names none (older callers)


def _definition(game: str) -> GameDefinition | None:
    """A registered game (engine.kernel.definition's registry: the shell imports no game;
    the entry point has imported the installed ones)."""
    return find(game)


def make_bot(level: str, seed: int, game: str = DEFAULT_GAME) -> BotLike:
    """A bot of `game` by level name (its definition's make_bot), else the random bot."""
    defn = _definition(game)
    if level != "random" and defn is not None:
        try:
            return defn.make_bot(level, seed)
        except ValueError:  # unknown level: fall back to the legal-random baseline
            pass
    return RandomBot(seed)


def bot_levels(game: str = DEFAULT_GAME) -> list[str]:
    """The levels `game`'s bots come in (its definition's)."""
    defn = _definition(game)
    return list(defn.bot_levels) if defn is not None else ["random"]


Factory = Callable[[str, int, str], BotLike]  # (level, seed, game id)


class BotSpec(NamedTuple):
    """A bot the worker hosts: made there by the worker's factory (make_bot) as (level, seed,
    game) on its first request; `roster` tells one game's bots from another's."""

    level: str
    seed: int
    roster: int = 0
    game: str = DEFAULT_GAME


BotRef = BotSpec | BotLike  # a hosted bot, or a bot object that thinks in a thread

_rosters = count(1)


def seat_bots(levels: Mapping[int, str], bot_seed: int,
              game: str = DEFAULT_GAME) -> dict[int, BotRef]:
    """The bots of a new game of `game` (a fresh roster): seat -> BotSpec(level,
    bot_seed * 31 + seat), the seeds the in-process bots always had."""
    roster = next(_rosters)
    return {seat: BotSpec(level, bot_seed * 31 + seat, roster, game)
            for seat, level in levels.items()}


class BotError(RuntimeError):
    """A bot failed, or the worker process hosting the bots stopped; the decision was played
    with a random legal choice instead. The message says what happened."""


# --- both sides: hosting bots and answering one request ---------------------------------------

# (kind, token, payload, seconds): kind "ready" (payload: the worker's pid), "answer" (payload:
# the choice id) or "failed" (payload: what went wrong, in one line)
Message = tuple[str, int, Any, float]
Job = tuple[int, BotRef, Any, Decision]  # a request: (token, bot, view, decision)


class _Host:
    """The bots of the current roster, made on first use and kept until another roster."""

    def __init__(self, factory: Factory) -> None:
        self.factory = factory
        self.roster: int | None = None
        self.bots: dict[BotSpec, BotLike] = {}

    def bot(self, ref: BotRef) -> BotLike:
        if not isinstance(ref, BotSpec):
            return ref
        if ref.roster != self.roster:
            self.bots.clear()
            self.roster = ref.roster
        bot = self.bots.get(ref)
        if bot is None:
            bot = self.bots[ref] = self.factory(ref.level, ref.seed, ref.game)
        return bot

    def think(self, token: int, ref: BotRef, view: Any, decision: Decision) -> Message:
        t0 = time.perf_counter()
        try:
            choice = self.bot(ref).choose(view, decision)
        except Exception as exc:
            return ("failed", token, _describe(exc), time.perf_counter() - t0)
        return ("answer", token, choice, time.perf_counter() - t0)


def _describe(exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    at = f" (in {where[0].name}, {os.path.basename(where[0].filename)}:{where[0].lineno})" \
        if where else ""
    return f"{type(exc).__name__}: {exc}{at}"


def game_modules() -> list[str]:
    """The modules that register the games known here (their definitions' modules): the
    worker process imports them, a plug-in list by name, so the shell itself imports none."""
    return sorted({type(d).__module__ for d in definitions()})


def _warm_up(modules: list[str]) -> None:
    """Register the games (their modules, by name) and load their catalogs before saying
    "ready", so the first decision is as quick as the others."""
    for name in modules:
        importlib.import_module(name)
    for defn in definitions():
        defn.prepare()


def serve(conn: Connection, factory: Factory, modules: list[str] | None = None) -> None:
    """The worker process: register the games (`modules`), then host the bots and answer
    requests in order until told to stop (None) or the game's end of the pipe closes.
    Requests: ("think", token, bot, view, decision), answered with a Message; ("adopt",
    roster, bots): host these bots (they thought in the game's thread while this process
    started)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the game; it ends us
    _warm_up(modules or [])
    host = _Host(factory)
    conn.send(("ready", 0, os.getpid(), 0.0))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        if msg[0] == "adopt":
            host.roster, host.bots = msg[1], msg[2]
            continue
        conn.send(host.think(*msg[1:]))


class _Thinker:
    """A daemon thread of this process answering requests like the worker process does: for
    bot objects (tests, tools), for the hosted bots while the process starts, and for every
    bot once the process cannot be used."""

    def __init__(self, factory: Factory, out: queue.Queue[Message]) -> None:
        self.host = _Host(factory)
        self.jobs: queue.Queue[Job | None] = queue.Queue()
        self.out = out
        self.thread = threading.Thread(target=self._run, name="bot-thinker", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while (job := self.jobs.get()) is not None:
            self.out.put(self.host.think(*job))


def _end_process(proc: BaseProcess, conn: Connection, grace: float) -> None:
    """Stop a worker process: ask it to leave (it finishes the bot it is running), wait up
    to `grace` seconds, then terminate it. Never leaves a child behind."""
    try:
        if proc.is_alive() and grace > 0:
            conn.send(None)
            proc.join(grace)
        if proc.is_alive():
            proc.terminate()
            proc.join(2.0)
        if proc.is_alive():
            proc.kill()
            proc.join()
        proc.close()
    except (OSError, ValueError, AssertionError):  # already gone, or not ours (a fork)
        pass
    conn.close()


class BotWorker:
    """Answers bots' decisions off the main thread, in a worker process (see the module)."""

    START_TIMEOUT = 30.0  # seconds a starting worker process may take before it is lost

    def __init__(self, factory: Factory = make_bot, timeout: float = 30.0,
                 restarts: int = 3) -> None:
        self.factory = factory
        self.timeout = timeout  # seconds a bot may think before its process is given up
        self.restarts = restarts
        self.pending: int | None = None  # the token whose answer poll() will hand over
        self.error: BaseException | None = None
        self.last_seconds = 0.0  # how long the last answered bot thought
        self.by_process = self.by_thread = 0  # answers the process and the thread gave
        self._next = 0
        self._jobs: dict[int, tuple[BotRef, Decision]] = {}  # asked, not answered yet
        self._answer: tuple[int, str] | None = None
        self._outbox: deque[Job] = deque()  # for the process, once it is ready
        self._inflight: tuple[int, float] | None = None  # (token, when it was sent)
        self._via_thread: set[int] = set()  # tokens the thread has, not answered yet
        self._handover = False  # the thread hosts the bots until the process can take them
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ready = False
        self._started = 0.0
        self._end: weakref.finalize[Any, BotWorker] | None = None
        self._losses = 0  # worker processes lost since the last answer one gave
        self._in_thread = False  # the process could not be used: the bots stay in the thread
        self._local_out: queue.Queue[Message] = queue.Queue()
        self._thinker: _Thinker | None = None
        self._fallbacks: dict[Any, RandomBot] = {}

    # --- the table's side ------------------------------------------------------------------
    @staticmethod
    def needs_view(bot: BotRef) -> bool:
        """Does this bot read the seat's view? (The random bot does not: it is given None.)"""
        if isinstance(bot, BotSpec):
            return bot.level.split("#", 1)[0] != "random"
        return not isinstance(bot, RandomBot)

    def request(self, bot: BotRef, view: Any, decision: Decision) -> int:
        """Ask `bot` for `decision` (it sees `view`); returns the request's token at once."""
        self._next += 1
        token = self.pending = self._next
        self._jobs[token] = (bot, decision)
        job = (token, bot, view, decision)
        if not isinstance(bot, BotSpec) or self._in_thread:
            self._to_thread(job)
        elif self._ready and not self._handover:
            self._outbox.append((token, bot, view, decision))
        else:  # the process is not ready yet: the thread thinks meanwhile
            self._handover = True
            self._to_thread(job)
            self.warm()
        self._pump()
        return token

    def warm(self) -> None:
        """Start the worker process now (it gets ready in the background), so that the bots
        think there from the first decision. The game calls this once its loop runs;
        otherwise the process starts on the first request."""
        if self._proc is None and not self._in_thread:
            self._start()

    def wait_ready(self, timeout: float) -> bool:
        """Start the worker process if need be and wait up to `timeout` seconds until it is
        ready (for tools and the smoke test: the game itself never waits for it)."""
        self.warm()
        deadline = time.perf_counter() + timeout
        while not self._ready and self._proc is not None:
            self._pump()
            left = deadline - time.perf_counter()
            if self._ready or left <= 0:
                break
            self._block(min(left, 0.05))
        return self._ready

    def poll(self, wait: float = 0.0) -> tuple[int, str] | None:
        """(token, choice id) of the current request once it is answered, else None; waits
        up to `wait` seconds for it (a frame should not: poll() every frame instead)."""
        deadline = time.perf_counter() + wait
        while True:
            self._pump()
            got, self._answer = self._answer, None
            if got is not None and got[0] == self.pending:
                self.pending = None
                return got
            left = deadline - time.perf_counter()
            if left <= 0 or self.pending is None:
                return None
            self._block(min(left, 0.05))

    def cancel(self) -> None:
        """Forget the current request: its answer, when it comes, is dropped."""
        self.pending = None

    def stop(self) -> None:
        """End the worker process (at once unless it is idle: it is then asked to leave) and
        the thread. A later request starts afresh."""
        self.pending = None
        self._outbox.clear()
        self._jobs.clear()
        self._via_thread.clear()
        self._handover = False
        idle = self._ready and self._inflight is None  # else nothing worth waiting for
        self._close_process(grace=1.0 if idle else 0.0)
        if self._thinker is not None:
            self._thinker.jobs.put(None)
            self._thinker = None

    @property
    def thinking(self) -> bool:
        """A bot is choosing right now (a request is with the process or the thread)."""
        self._pump()
        return self._inflight is not None or bool(self._via_thread)

    @property
    def ready(self) -> bool:
        """The worker process is up and has said so."""
        return self._ready

    @property
    def pid(self) -> int | None:
        """The worker process's id, while there is one."""
        return self._proc.pid if self._proc is not None else None

    # --- the thread and the worker process ------------------------------------------------------
    def _to_thread(self, job: Job) -> None:
        if self._thinker is None:
            self._thinker = _Thinker(self.factory, self._local_out)
            weakref.finalize(self, self._thinker.jobs.put, None)  # the thread ends with us
        self._via_thread.add(job[0])
        self._thinker.jobs.put(job)

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        ours, theirs = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=serve, args=(theirs, self.factory, game_modules()),
                           name="bot-worker", daemon=True)
        try:
            proc.start()
        except Exception as exc:  # e.g. a factory that cannot be sent to another process
            ours.close()
            self._give_up_process(f"the bots' worker process could not start "
                                  f"({type(exc).__name__}: {exc})")
            return
        finally:
            theirs.close()  # the child's end: ours must not keep it open (EOF when it dies)
        self._proc, self._conn, self._ready = proc, ours, False
        self._started = time.perf_counter()
        self._end = weakref.finalize(self, _end_process, proc, ours, 1.0)

    def _close_process(self, grace: float) -> None:
        proc, conn = self._proc, self._conn
        if self._end is not None:
            self._end.detach()
            self._end = None
        self._proc = self._conn = None
        self._ready = False
        self._inflight = None
        if proc is not None and conn is not None:
            _end_process(proc, conn, grace)

    def _pump(self) -> None:
        """Take in what has come back, notice a lost process, hand the bots over to it once
        it is ready, send it the next request."""
        while True:
            try:
                self._receive(self._local_out.get_nowait())
            except queue.Empty:
                break
        if self._conn is not None:
            self._drain()
        if self._proc is not None:
            now = time.perf_counter()
            if self._proc.exitcode is not None:
                self._lost(f"stopped (exit code {self._proc.exitcode})")
            elif self._inflight is not None and now - self._inflight[1] > self.timeout:
                self._lost(f"did not answer within {self.timeout:g} s")
            elif not self._ready and now - self._started > self.START_TIMEOUT:
                self._lost(f"did not start within {self.START_TIMEOUT:g} s")
        if self._in_thread:
            return
        if self._proc is None:
            if self._handover:  # started again after a loss
                self._start()
            return
        if not self._ready or self._conn is None or self._inflight is not None:
            return
        if self._handover:
            if not any(isinstance(self._jobs[t][0], BotSpec) for t in self._via_thread
                       if t in self._jobs):
                self._adopt(self._conn)
            return
        if self._outbox:
            job = self._outbox.popleft()
            try:
                self._conn.send(("think", *job))
            except Exception as exc:  # the process has gone, or the request cannot pickle
                if isinstance(exc, OSError):
                    self._outbox.appendleft(job)
                    self._lost(f"stopped ({type(exc).__name__})")
                else:
                    self._failed(job[0], f"the request could not be sent "
                                         f"({type(exc).__name__}: {exc})")
                return
            self._inflight = (job[0], time.perf_counter())

    def _adopt(self, conn: Connection) -> None:
        """The thread is done with the hosted bots: move them to the ready process."""
        host = self._thinker.host if self._thinker is not None else None
        if host is not None and host.bots:
            try:
                conn.send(("adopt", host.roster, host.bots))
            except OSError as exc:
                self._lost(f"stopped ({type(exc).__name__})")
                return
            except Exception as exc:  # a bot that cannot be sent: it stays in the thread
                self._give_up_process(f"the bots could not move to their worker process "
                                      f"({type(exc).__name__}: {exc})")
                return
            host.bots, host.roster = {}, None
        self._handover = False

    def _drain(self) -> None:
        try:
            while self._conn is not None and self._conn.poll(0):
                self._receive(self._conn.recv())
        except (EOFError, OSError):
            if self._proc is not None:
                self._proc.join(0.05)  # its exit code, if it is quick to tell
            code = self._proc.exitcode if self._proc is not None else None
            self._lost("stopped" if code is None else f"stopped (exit code {code})")

    def _block(self, seconds: float) -> None:
        """Sleep until something may have come back (or `seconds` have passed)."""
        if self._via_thread:
            try:
                msg = self._local_out.get(timeout=min(seconds, 0.01) if self._proc else seconds)
            except queue.Empty:
                return
            self._receive(msg)
        elif self._proc is not None and self._conn is not None:
            wait([self._conn, self._proc.sentinel], seconds)
        else:
            time.sleep(seconds)

    def _receive(self, msg: Message) -> None:
        kind, token, payload, seconds = msg
        if kind == "ready":
            self._ready = True
            return
        threaded = token in self._via_thread
        self._via_thread.discard(token)
        if self._inflight is not None and self._inflight[0] == token:
            self._inflight = None
        job = self._jobs.pop(token, None)
        if job is None:
            return
        bot, decision = job
        self.last_seconds = seconds
        if kind == "answer" and isinstance(payload, str) and decision.find(payload) is not None:
            if threaded:
                self.by_thread += 1
            else:
                self.by_process += 1
                self._losses = 0
            if token == self.pending:
                self._answer = (token, payload)
            return
        what = payload if kind == "failed" else \
            f"it answered {payload!r}, which is not one of the choices"
        self._failed(token, f"{_bot_name(bot)} failed: {what}", job)

    def _failed(self, token: int, why: str,
                job: tuple[BotRef, Decision] | None = None) -> None:
        """Report `why` and answer the request with a random legal choice."""
        self.error = BotError(f"{why}; a random legal choice was played instead")
        self._fallback(token, job)

    def _fallback(self, token: int, job: tuple[BotRef, Decision] | None = None) -> None:
        """Answer a request with the in-process random bot's legal choice."""
        job = job or self._jobs.pop(token, None)
        if job is None:
            return
        bot, decision = job
        if not decision.choices:  # nothing legal to play: the table waits, the error tells
            return
        key = bot if isinstance(bot, BotSpec) else id(bot)
        fallback = self._fallbacks.get(key)
        if fallback is None:
            seed = bot.seed if isinstance(bot, BotSpec) else 0
            fallback = self._fallbacks[key] = RandomBot(seed)
        if token == self.pending:
            self._answer = (token, fallback.choose(None, decision))

    def _lost(self, why: str) -> None:
        """The worker process stopped (or hung): end it, answer the request it had with a
        random legal choice; the thread thinks until another process is ready."""
        if self._conn is not None:  # an answer it sent just before it went still counts
            try:
                while self._conn.poll(0):
                    self._receive(self._conn.recv())
            except (EOFError, OSError):
                pass
        inflight = self._inflight
        self._close_process(grace=0.0)
        self._losses += 1
        if self._losses >= self.restarts:
            self._give_up_process(f"the bots' worker process {why}, {self._losses} times")
        else:
            self.error = BotError(f"the bots' worker process {why}; it is started again")
        if inflight is not None:
            self.error = BotError(f"{self.error}; a random legal choice was played instead")
            self._fallback(inflight[0])
        while self._outbox:  # the rest, in order, to the thread (with fresh bots)
            self._to_thread(self._outbox.popleft())
        self._handover = not self._in_thread

    def _give_up_process(self, why: str) -> None:
        self._in_thread = True
        self._handover = False
        self._close_process(grace=0.0)
        while self._outbox:
            self._to_thread(self._outbox.popleft())
        self.error = BotError(f"{why}: the bots think inside the game from now on")


def _bot_name(bot: BotRef) -> str:
    if isinstance(bot, BotSpec):
        return f"the {bot.level} bot"
    return f"the bot {type(bot).__name__}"

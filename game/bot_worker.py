"""Bots think in a worker thread so the window keeps drawing at full rate."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Mapping
from typing import Any, Protocol

from engine.decisions import Decision


class BotLike(Protocol):
    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str: ...


def make_bot(level: str, seed: int) -> BotLike:
    """A bot by level name: engine.bots.make_bot when it exists, else the random bot."""
    import engine.bots as bots

    factory = getattr(bots, "make_bot", None)
    if factory is not None and level != "random":
        try:
            return factory(level, seed)  # type: ignore[no-any-return]
        except Exception:  # unknown level: fall back to the legal-random baseline
            pass
    from engine.bots.random_bot import RandomBot

    return RandomBot(seed)


def bot_levels() -> list[str]:
    import engine.bots as bots

    names = (getattr(bots, "BOT_LEVELS", None) or getattr(bots, "BOT_NAMES", None)
             or getattr(bots, "LEVELS", None))
    if names:
        return [str(n) for n in names]
    return ["random"]


class BotWorker:
    """One daemon thread answering (bot, view, decision) requests in order."""

    def __init__(self) -> None:
        self._in: queue.Queue[tuple[int, BotLike, Any, Decision] | None] = queue.Queue()
        self._out: queue.Queue[tuple[int, str, float]] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="bot-worker", daemon=True)
        self._thread.start()
        self._next = 0
        self.pending: int | None = None
        self.error: BaseException | None = None
        self.thinking = False  # a bot is choosing right now (benchmarks read it)

    def _run(self) -> None:
        while True:
            job = self._in.get()
            if job is None:
                return
            token, bot, view, decision = job
            t0 = time.perf_counter()
            self.thinking = True
            try:
                choice = bot.choose(view, decision)
            except Exception as exc:  # report to the main thread, keep the thread alive
                self.error = exc
                if not decision.choices:  # nothing to answer: the table shows the error
                    continue
                choice = decision.choices[0].id
            finally:
                self.thinking = False
            self._out.put((token, choice, time.perf_counter() - t0))

    def request(self, bot: BotLike, view: Any, decision: Decision) -> int:
        self._next += 1
        self.pending = self._next
        self._in.put((self._next, bot, view, decision))
        return self._next

    def poll(self, wait: float = 0.0) -> tuple[int, str] | None:
        """The newest finished answer for the current request, if any (waits up to `wait`
        seconds, which also lets the worker thread take the GIL)."""
        while True:
            try:
                token, choice, _ = self._out.get(timeout=wait) if wait > 0 else \
                    self._out.get_nowait()
            except queue.Empty:
                return None
            if token == self.pending:
                self.pending = None
                return token, choice

    def cancel(self) -> None:
        self.pending = None

    def stop(self) -> None:
        self._in.put(None)

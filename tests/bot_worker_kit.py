"""Bots for tests/test_bot_worker.py, importable by the bot worker process (its factory
`kit_bot` is sent there by reference, so it must live in a module, not in a test)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.aac.bots.planner import NORMAL, Params, PlannerBot
from engine.kernel.decisions import Decision
from game.shell.bot_worker import BotLike, make_bot


def in_worker_process() -> bool:
    return multiprocessing.parent_process() is not None


class CrashBot:
    """Kills the worker process it runs in (in the test process it just answers)."""

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        if in_worker_process():
            os._exit(3)
        return decision.choices[0].id


class RaiseBot:
    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        raise ValueError("a bug in the bot")


class IllegalBot:
    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return "no-such-choice"


class UnpicklableBot:
    """Keeps something that cannot go to another process (a lock)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        with self.lock:
            return decision.choices[0].id


class GatedBot:
    """Thinks hard (a busy loop, like a search) until the gate file exists (or two minutes,
    so a forgotten one cannot spin for ever)."""

    def __init__(self, gate: str) -> None:
        self.gate = Path(gate)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        n = 0
        give_up = time.monotonic() + 120
        while not self.gate.exists() and time.monotonic() < give_up:
            n += sum(i * i for i in range(2000)) & 1
            time.sleep(0)
        return decision.choices[-1].id


def uncapped_normal(seed: int) -> PlannerBot:
    """The normal planner without its wall-clock cap: its choices depend on seeds only."""
    return PlannerBot(seed, "normal", Params(**{**NORMAL.__dict__, "time_cap": 1e9,
                                                "weights": dict(NORMAL.weights)}))


def kit_bot(level: str, seed: int, game: str = "aac") -> BotLike:
    if level == "crash":
        return CrashBot()
    if level == "raise":
        return RaiseBot()
    if level == "illegal":
        return IllegalBot()
    if level == "unpicklable":
        return UnpicklableBot()
    if level.startswith("gated:"):
        return GatedBot(level.split(":", 1)[1])
    if level == "normal-uncapped":
        return uncapped_normal(seed)
    return make_bot(level, seed, game)

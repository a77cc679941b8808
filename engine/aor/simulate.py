"""Headless games of random legal choices, with the invariants checked (the CLI's simulate
command and the tests use it): every game must end with 0 errors."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field

from engine.aor.config import AorConfig
from engine.aor.game import Game, new_game
from engine.aor.invariants import check
from engine.kernel.bots import RandomBot

MAX_DECISIONS = 20_000


@dataclass
class GameResult:
    seed: int
    finished: bool
    decisions: int
    vp: list[int]
    winners: list[int]
    error: str = ""


@dataclass
class Summary:
    players: int
    games: int
    finished: int = 0
    errors: list[str] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def play_random_game(players: int, seed: int, *, check_every: str = "decision",
                     config: AorConfig | None = None) -> GameResult:
    """One game of random bots. check_every: "decision" (the invariants after every
    choice) or "end"."""
    g: Game = new_game(config or AorConfig(players=players, seed=seed))
    g.undo_enabled = False
    bots = [RandomBot(seed * 31 + k) for k in range(players)]
    n = 0
    try:
        while not g.state.over:
            d = g.pending
            if d is None:
                return GameResult(seed, False, n, [], [], "no pending decision")
            g.choose(bots[d.seat].choose(None, d))
            n += 1
            if check_every == "decision":
                errs = check(g.t, g.state)
                if errs:
                    return GameResult(seed, False, n, [], [], "; ".join(errs[:3]))
            if n > MAX_DECISIONS:
                return GameResult(seed, False, n, [], [], "decision cap reached")
        errs = check(g.t, g.state)
        if errs:
            return GameResult(seed, False, n, [], [], "; ".join(errs[:3]))
    except Exception as exc:  # a simulation reports every failure as an error
        tb = traceback.format_exc(limit=4)
        return GameResult(seed, False, n, [], [], f"{type(exc).__name__}: {exc}\n{tb}")
    return GameResult(seed, True, n, [p.vp for p in g.state.players], list(g.state.winners))


def run(players: int, games: int, seed: int, check_every: str = "decision") -> Summary:
    out = Summary(players, games)
    t0 = time.perf_counter()
    for i in range(games):
        r = play_random_game(players, game_seed(seed, i), check_every=check_every)
        out.decisions += r.decisions
        if r.finished:
            out.finished += 1
        else:
            out.errors.append(f"seed {r.seed}: {r.error}")
    out.seconds = time.perf_counter() - t0
    return out


def report(sm: Summary) -> str:
    lines = [f"Age of Reason, {sm.players} players: {sm.finished}/{sm.games} games finished, "
             f"{len(sm.errors)} errors, {sm.decisions} decisions in {sm.seconds:.1f} s "
             f"({sm.per_second:,.0f} decisions per second)"]
    lines += [f"  error: {e}" for e in sm.errors[:5]]
    return "\n".join(lines)

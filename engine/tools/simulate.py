"""Headless games of random bots for any installed game, with the game's invariants checked
(every decision, every turn or at the end) and, in games with hidden information, every seat's
view checked for leaks (engine.kernel.leaks)."""

from __future__ import annotations

import time
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.kernel.bots import RandomBot
from engine.kernel.definition import GameDefinition
from engine.kernel.leaks import hidden_leaks
from engine.kernel.runner import Runner

MAX_DECISIONS = 300_000
LEAK_EVERY = 25  # with the turn check: views are checked for hidden information every 25 turns


@dataclass
class GameResult:
    seed: int
    finished: bool
    decisions: int
    turns: int
    scores: list[int]
    winners: list[int]
    error: str = ""
    unplayed: str = ""  # the game stopped on an effect no module plays yet (not an error)


def game_seed(seed: int, i: int) -> int:
    """The engine seed of game i of a run started from `seed` (every tool uses it)."""
    return seed * 1_000_003 + i


def _checks(defn: GameDefinition, g: Runner, leaks: bool) -> list[str]:
    errs = defn.invariants(g)
    if leaks and defn.hidden:
        errs += hidden_leaks(g)
    return errs


def play_random_game(defn: GameDefinition, players: int, seed: int, *,
                     check_every: str = "turn", modules: tuple[str, ...] = (),
                     options: Mapping[str, Any] | None = None) -> GameResult:
    """Play one game of random bots. check_every: "decision", "turn" or "end"."""
    g = defn.new_game(defn.config_for(players, seed, modules, options))
    g.undo_enabled = False
    bots = [RandomBot(seed * 31 + k) for k in range(players)]
    n = 0
    try:
        while not g.is_over:
            d = g.pending
            if d is None:
                return GameResult(seed, False, n, defn.turn(g), [], [], "no pending decision")
            events = g.choose(bots[d.seat].choose(None, d))
            n += 1
            turn = defn.turn_started(events)
            if check_every == "decision" or (check_every == "turn" and turn):
                leaks = check_every == "decision" or defn.turn(g) % LEAK_EVERY == 0
                errs = _checks(defn, g, leaks)
                if errs:
                    return GameResult(seed, False, n, defn.turn(g), [], [], "; ".join(errs))
            if n > MAX_DECISIONS:
                return GameResult(seed, False, n, defn.turn(g), [], [], "decision cap reached")
        errs = _checks(defn, g, True)
        if errs:
            return GameResult(seed, False, n, defn.turn(g), [], [], "; ".join(errs))
    except NotImplementedError as exc:  # an effect whose handler is not registered yet
        return GameResult(seed, False, n, defn.turn(g), [], [], "", unplayed=str(exc))
    except Exception as exc:  # reported, never hidden: the run exits non-zero
        tb = traceback.format_exc(limit=6)
        return GameResult(seed, False, n, defn.turn(g), [], [], f"{exc!r}\n{tb}")
    scores = [s.get("total", 0) for s in defn.scores(g)]
    return GameResult(seed, True, n, defn.turn(g), scores, defn.winners(g))


@dataclass
class Summary:
    games: int = 0
    finished: int = 0
    errors: int = 0
    decisions: int = 0
    seconds: float = 0.0
    turns: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)
    # games stopped on an effect that is not played yet (no handler registered): counted
    # apart from errors; effect message -> games
    unplayed: int = 0
    unplayed_effects: dict[str, int] = field(default_factory=dict)
    unplayed_seeds: list[int] = field(default_factory=list)  # game seeds (game_seed)

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "decisions": self.decisions,
            "decisions_per_s": round(self.decisions / self.seconds, 1) if self.seconds else 0.0,
            "mean_turns": round(sum(self.turns) / len(self.turns), 2) if self.turns else 0.0,
            "score_mean": round(sum(self.scores) / len(self.scores), 2) if self.scores else 0.0,
            "score_max": max(self.scores) if self.scores else 0,
            "wins_by_seat": self.wins_by_seat,
            "error_samples": self.error_samples[:3],
            "stopped_on_unplayed_effect": self.unplayed,
            "unplayed_effects": dict(sorted(self.unplayed_effects.items())),
            "unplayed_seeds": self.unplayed_seeds,
        }


def simulate(defn: GameDefinition, players: int, games: int, seed: int, *,
             check_every: str = "turn", modules: tuple[str, ...] = (),
             options: Mapping[str, Any] | None = None) -> Summary:
    out = Summary(games=games, wins_by_seat=[0] * players)
    t0 = time.perf_counter()
    for i in range(games):
        res = play_random_game(defn, players, game_seed(seed, i), check_every=check_every,
                               modules=modules, options=options)
        out.decisions += res.decisions
        if res.finished:
            out.finished += 1
            out.turns.append(res.turns)
            out.scores.extend(res.scores)
            for w in res.winners:
                out.wins_by_seat[w] += 1
        elif res.unplayed:
            out.unplayed += 1
            out.unplayed_effects[res.unplayed] = out.unplayed_effects.get(res.unplayed, 0) + 1
            out.unplayed_seeds.append(res.seed)
        else:
            out.errors += 1
            out.error_samples.append(f"seed {res.seed}: {res.error}")
    out.seconds = time.perf_counter() - t0
    return out

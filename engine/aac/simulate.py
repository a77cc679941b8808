"""Headless games between bots, with invariant checks (used by the CLI and the tests)."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from engine.aac import events as ev
from engine.aac.config import GameConfig
from engine.aac.core import Ctx
from engine.aac.game import Game, new_game
from engine.aac.invariants import check
from engine.kernel import hidden
from engine.kernel.bots import RandomBot

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


def _strings(x: Any, out: set[str]) -> set[str]:
    if isinstance(x, str):
        out.add(x)
    elif isinstance(x, dict):
        for k, v in x.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(x, list | tuple):
        for v in x:
            _strings(v, out)
    return out


def _removed(full: Any, red: Any, out: set[str]) -> set[str]:
    """The strings of `full` at the places where `red` (its redacted copy) differs."""
    if isinstance(full, dict) and isinstance(red, dict):
        for k, v in full.items():
            if k in red:
                _removed(v, red[k], out)
            else:
                _strings(v, out)
    elif isinstance(full, list) and isinstance(red, list) and len(full) == len(red):
        for a, b in zip(full, red, strict=True):
            _removed(a, b, out)
    elif full != red:
        _strings(full, out)
    return out


def hidden_leaks(g: Game) -> list[str]:
    """Hidden information never reaches another seat's view: for each seat and each part
    hidden from it (the declared hidden parts, engine.kernel.hidden), the ids that part's
    redaction takes out of the full state (hidden cards...) appear nowhere in that seat's
    view — not in a rule step, a decision or any other field."""
    full = g.state.to_plain()
    secrets: dict[tuple[str, int | None], set[str]] = {}  # the ids each redaction takes out
    errs: list[str] = []
    for viewer in range(len(g.state.players)):
        shown: set[str] | None = None
        for part, owner in hidden.hidden_from(g.definition.hidden, g.state, viewer):
            key = (part.name, owner)
            if key not in secrets:
                redacted = g.state.to_plain()
                part.redact(redacted, owner)
                secrets[key] = {x for x in _removed(full, redacted, set())
                                if "_" in x and len(x) >= 4}
            if not secrets[key]:
                continue
            if shown is None:
                shown = _strings(g.view(viewer), set())
            leaked = sorted(secrets[key] & shown)
            if leaked:
                errs.append(f"seat {viewer} sees {part.name} of seat {owner}: {leaked[:3]}")
    return errs


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def play_random_game(players: int, seed: int, *, check_every: str = "turn",
                     modules: tuple[str, ...] = ()) -> GameResult:
    """Play one game of random bots. check_every: "decision", "turn" or "end"."""
    g: Game = new_game(GameConfig(players=players, seed=seed, modules=modules))
    g.undo_enabled = False
    bots = [RandomBot(seed * 31 + k) for k in range(players)]
    n = 0
    try:
        while not g.state.over:
            d = g.pending
            if d is None:
                return GameResult(seed, False, n, g.state.turn, [], [], "no pending decision")
            cid = bots[d.seat].choose(None, d)
            events = g.choose(cid)
            n += 1
            if check_every == "decision" or (
                check_every == "turn" and any(isinstance(e, ev.TurnStarted) for e in events)
            ):
                errs = check(Ctx(g.state, g.rules))
                if modules and (check_every == "decision" or g.state.turn % LEAK_EVERY == 0):
                    errs += hidden_leaks(g)
                if errs:
                    return GameResult(seed, False, n, g.state.turn, [], [], "; ".join(errs))
            if n > MAX_DECISIONS:
                return GameResult(seed, False, n, g.state.turn, [], [], "decision cap reached")
        errs = check(Ctx(g.state, g.rules))
        if errs:
            return GameResult(seed, False, n, g.state.turn, [], [], "; ".join(errs))
    except NotImplementedError as exc:  # an effect whose handler is not registered yet
        return GameResult(seed, False, n, g.state.turn, [], [], "", unplayed=str(exc))
    except Exception as exc:  # reported, never hidden: the run exits non-zero
        tb = traceback.format_exc(limit=6)
        return GameResult(seed, False, n, g.state.turn, [], [], f"{exc!r}\n{tb}")
    scores = [s.total for s in g.final_scores()]
    return GameResult(seed, True, n, g.state.turn, scores, list(g.ranking()[0]))


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


def simulate(players: int, games: int, seed: int, *, check_every: str = "turn",
             modules: tuple[str, ...] = ()) -> Summary:
    out = Summary(games=games, wins_by_seat=[0] * players)
    t0 = time.perf_counter()
    for i in range(games):
        res = play_random_game(players, game_seed(seed, i), check_every=check_every,
                               modules=modules)
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

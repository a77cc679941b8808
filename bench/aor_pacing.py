"""How long Age of Reason takes to watch at the table (issue 31's closing figures: a bot
turn's real duration at Normal speed, and how long a 4-player game with 3 bots takes).

    python bench/aor_pacing.py [--level normal] [--players 4] [--games 2] [--seed 11]
                               [--speed 1.0] [--delay <the setting's default>] [--json]

Plays whole games on the real table, headless (SDL dummy driver) and in real time at 60
frames per second: one person (seat 1, a seeded hand answering at once through the table's
own controls: game.aor.headless.answer) and bots at --level in the other seats, with every
animation, the bots' thinking in the bot worker and their pause, as a person sees it. Each
decision applied is stamped, and so is the moment the table next stood still after it (its
animations played). From those, as a person watching sees them:

- a bot's step: one country's step in a segment (R9.2: its action box, its attack and the
  combat that follows, the other seats' secret cards included), from the moment the table
  stood still after the step before to the moment it stood still after this one;
- the time the table spent showing each step of the turns (R3.1: the markers drawn, the
  alliances' bidding, the actions, income, scoring with the unrest rolls, the end of turn);
- the waits: from the person's decision to the next decision the person is asked for;
- the game: start to results, and the same without the person's own time (here the hand
  answers at once, so the two are nearly the same: a real player adds their thinking).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("AAC_HOME", tempfile.mkdtemp(prefix="aor-pacing-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game.games  # noqa: E402,F401  (every installed game registers its front end)
from game.aor.headless import answer  # noqa: E402
from game.aor.scenes.table import TableScene  # noqa: E402
from game.aor.session import AorSession  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402


@dataclass
class Stamp:
    """One decision applied at the table: when, by whom, and when the table stood still
    after it."""

    at: float
    seat: int
    human: bool
    kind: str
    turn: int
    step: str
    segment: int
    still: float = math.nan


def p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)]


def figures(xs: list[float]) -> dict[str, float | int]:
    if not xs:
        return {"count": 0}
    return {"count": len(xs), "median_s": round(statistics.median(xs), 2),
            "p95_s": round(p95(xs), 2), "max_s": round(max(xs), 2),
            "total_s": round(sum(xs), 1)}


def play_game(app: App, a: argparse.Namespace, seed: int) -> dict[str, Any]:
    seats = [SeatSpec(human=True, name="Ada")] + \
        [SeatSpec(human=False, level=a.level) for _ in range(a.players - 1)]
    session = AorSession.new(seats, seed=seed)
    stamps: list[Stamp] = []
    apply = session.apply

    def stamped_apply(choice_id: str) -> Any:
        s = session.game.state
        d = session.game.pending
        if d is not None:
            stamps.append(Stamp(time.perf_counter(), d.seat, session.is_human(d.seat), d.kind,
                                s.turn, s.step, s.segment))
        return apply(choice_id)

    session.apply = stamped_apply  # type: ignore[method-assign]
    app.start_session(session)
    t = app.scene
    assert isinstance(t, TableScene)
    rng = random.Random(seed)
    started = time.perf_counter()
    human_time = 0.0  # the person's own time: from being asked to answering
    asked_at: float | None = None
    by_step: dict[str, float] = {}  # seconds the table showed each step of the turn
    last = started
    while app.scene is t:
        app.step()  # real time: the clock ticks at 60 fps
        now = time.perf_counter()
        by_step[t.shown.step] = by_step.get(t.shown.step, 0.0) + now - last
        last = now
        if not t.animator.busy:
            for x in reversed(stamps):
                if not math.isnan(x.still):
                    break
                x.still = now
        d = t.pending
        mine = d is not None and session.is_human(d.seat) and not t.animator.busy
        if mine and asked_at is None:
            asked_at = now
        if mine and answer(t, rng) and asked_at is not None and not t.handoff.visible:
            human_time += time.perf_counter() - asked_at
            asked_at = None
        if now - started > 60 * a.minutes:
            break
    ended = time.perf_counter()
    app.bot_worker.cancel()
    for x in stamps:
        if math.isnan(x.still):
            x.still = ended
    return {"seed": seed, "seconds": ended - started, "human_s": human_time,
            "finished": session.game.is_over, "stamps": stamps, "started": started,
            "by_step": by_step}


def units(game: dict[str, Any]) -> dict[str, list[float]]:
    """Split a game's decisions into what a person watches: the countries' steps in the
    segments (bots' and the person's) and the waits between the person's decisions."""
    stamps: list[Stamp] = game["stamps"]
    out: dict[str, list[float]] = {"bot_step": [], "person_step": [], "wait": []}
    # group consecutive decisions into units
    groups: list[tuple[tuple[Any, ...], list[Stamp]]] = []
    owner = -1
    for x in stamps:
        if x.step == "actions":
            if x.kind == "box":
                owner = x.seat
            key: tuple[Any, ...] = ("step", x.turn, x.segment, owner)
        else:
            key = (x.step, x.turn)
        if groups and groups[-1][0] == key:
            groups[-1][1].append(x)
        else:
            groups.append((key, [x]))
    prev_still = game["started"]
    for key, xs in groups:
        dur = xs[-1].still - prev_still
        prev_still = xs[-1].still
        if key[0] == "step":
            # whose step: the first decision of it (its box) is the owner's
            out["person_step" if xs[0].human else "bot_step"].append(dur)
    last_person = game["started"]
    for x in stamps:
        if x.human:
            out["wait"].append(x.at - last_person)
            last_person = x.still
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="normal")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--speed", type=float, default=1.0, help="animation speed (1 = Normal)")
    ap.add_argument("--delay", type=float, default=Settings().bot_delay,
                    help="the bots' thinking pause, seconds (default: the setting's)")
    ap.add_argument("--minutes", type=float, default=30.0, help="give up on a game after this")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--raw", action="store_true", help="also list every decision: seconds "
                    "waited for it, seconds its animation took, seat, kind")
    a = ap.parse_args(argv)
    st = Settings(anim_speed=a.speed, bot_delay=a.delay)
    app = App((1600, 900), st, persist=False, headless=True)
    games = [play_game(app, a, a.seed + i) for i in range(a.games)]
    app.bot_worker.stop()
    merged: dict[str, list[float]] = {}
    for g in games:
        for k, v in units(g).items():
            merged.setdefault(k, []).extend(v)
    out: dict[str, Any] = {
        "level": a.level, "players": a.players, "speed": a.speed, "delay": a.delay,
        "games": [{"seed": g["seed"], "finished": g["finished"],
                   "minutes": round(g["seconds"] / 60, 2),
                   "minutes_without_person": round((g["seconds"] - g["human_s"]) / 60, 2),
                   "decisions": len(g["stamps"]),
                   "minutes_by_step_shown": {k: round(v / 60, 2)
                                             for k, v in g["by_step"].items()},
                   "person_decisions": sum(1 for x in g["stamps"] if x.human)}
                  for g in games]}
    for k, v in merged.items():
        out[k] = figures(v)
    if a.raw:
        rows = []
        for g in games:
            prev = g["started"]
            for x in g["stamps"]:
                rows.append((round(x.at - prev, 2), round(x.still - x.at, 2), x.seat,
                             "person" if x.human else "bot", x.kind, x.turn, x.step, x.segment))
                prev = x.still
        out["raw"] = rows
    if a.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {json.dumps(v)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

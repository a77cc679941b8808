"""How long a bot's turn takes to watch at the table (issue 29's pacing goal: every bot turn,
the big ones included, in 6 s or less at Normal animation speed).

    python bench/bot_turn_pacing.py [--level normal] [--players 2] [--per-size 20] [--seed 3]
                                    [--speed 1.0] [--delay 0.25] [--fast-bots]
                                    [--modules folklore,pilgrimage] [--minutes 30] [--json]

Runs the real table headless (SDL dummy driver) in real time at 60 frames per second with only
bots seated, game after game (seeds counted up from --seed), and times each turn as a person
watching sees it: from the moment the table shows the turn starting (the shown state's turn
number changes) to the moment it shows the next one — the bots' thinking, the pause and every
animation. Each turn is sorted by its size, the number of decisions made in it (small: 6 or
fewer, as a plain Advance turn; medium: 7 to 17; big: 18 or more, as an Actions turn that
deploys several times, completes sections and takes perks), until every size has --per-size
turns (or --minutes pass). Prints, per size, the number of
turns, their median, p95 and max in seconds and where the time went (animations, waiting for
the bot's answer and its pause); as JSON with --json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("AAC_HOME", tempfile.mkdtemp(prefix="aac-pacing-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game.games  # noqa: E402,F401  (every installed game registers its front end)
from engine.aac import events as ev  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402

SIZES = (("small", 0), ("medium", 7), ("big", 18))  # (name, fewest decisions)


def size_of(decisions: int) -> str:
    name = SIZES[0][0]
    for n, least in SIZES:
        if decisions >= least:
            name = n
    return name


def p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)]


class Turn:
    def __init__(self, number: int, seat: int, started: float) -> None:
        self.number, self.seat, self.started = number, seat, started
        self.events = 0
        self.decisions = 0
        self.turn_type = ""
        self.anim = 0.0  # seconds something blocking animated
        self.wait = 0.0  # seconds the table waited for a bot's answer (thinking + pause)
        self.seconds = 0.0


def play_game(app: App, a: argparse.Namespace, seed: int, done: list[Turn],
              enough: Callable[[], bool], deadline: float) -> None:
    mods = tuple(m for m in a.modules.split(",") if m)
    session = Session.new([SeatSpec(human=False, level=a.level) for _ in range(a.players)],
                          seed=seed, modules=mods)
    by_turn: dict[int, list[int]] = {}  # engine turn -> [events, decisions]
    apply = session.apply

    def counted_apply(choice_id: str) -> list[ev.Event]:
        turn = session.game.state.turn
        events = apply(choice_id)
        rec = by_turn.setdefault(turn, [0, 0])
        rec[1] += 1
        for e in events:
            if isinstance(e, ev.TurnStarted):
                turn = e.turn
                rec = by_turn.setdefault(turn, [0, 0])
            rec[0] += 1
        return events

    session.apply = counted_apply  # type: ignore[method-assign]
    app.start_session(session)
    t = app.scene
    cur: Turn | None = None
    last = time.perf_counter()
    while time.perf_counter() < deadline and not enough():
        app.step()  # real time: the clock ticks at 60 fps
        now = time.perf_counter()
        dt, last = now - last, now
        if type(app.scene).__name__ != "TableScene":
            break  # the game ended: the results
        shown = t.shown  # type: ignore[attr-defined]
        if cur is not None:
            if t.animator.busy:  # type: ignore[attr-defined]
                cur.anim += dt
            elif t.pending is not None:  # type: ignore[attr-defined]
                cur.wait += dt
        if shown.turn and (cur is None or shown.turn != cur.number):
            if cur is not None:
                cur.seconds = now - cur.started
                cur.events, cur.decisions = by_turn.get(cur.number, [0, 0])
                done.append(cur)
            cur = Turn(shown.turn, shown.active, now)
        if cur is not None and not cur.turn_type and shown.turn_type in ("advance", "actions"):
            cur.turn_type = shown.turn_type
    app.bot_worker.cancel()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="normal")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--per-size", type=int, default=20, help="turns wanted of each size")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--speed", type=float, default=1.0, help="animation speed (1 = Normal)")
    ap.add_argument("--delay", type=float, default=0.25, help="bot thinking pause, seconds")
    ap.add_argument("--fast-bots", action="store_true", help="the 'fast bots' setting")
    ap.add_argument("--modules", default="", help="comma-separated: folklore,pilgrimage")
    ap.add_argument("--minutes", type=float, default=30.0, help="stop after this long")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--raw", action="store_true", help="also list every turn")
    a = ap.parse_args(argv)
    st = Settings(anim_speed=a.speed, bot_delay=a.delay)
    st.fast_bots = a.fast_bots
    app = App((1600, 900), st, persist=False, headless=True)
    turns: list[Turn] = []

    def count(name: str) -> int:
        return sum(1 for x in turns if size_of(x.decisions) == name)

    def enough() -> bool:
        return all(count(n) >= a.per_size for n, _ in SIZES)

    deadline = time.perf_counter() + 60 * a.minutes
    seed = a.seed
    while not enough() and time.perf_counter() < deadline:
        play_game(app, a, seed, turns, enough, deadline)
        seed += 1
    app.bot_worker.stop()
    if not turns:
        print("no complete turn was played", file=sys.stderr)
        return 1
    out: dict[str, object] = {"level": a.level, "players": a.players, "speed": a.speed,
                              "delay": a.delay, "fast_bots": a.fast_bots,
                              "modules": a.modules, "games": seed - a.seed + 1,
                              "turns": len(turns)}
    for name, _ in SIZES:
        xs = [x for x in turns if size_of(x.decisions) == name][: a.per_size]
        if not xs:
            continue
        secs = [x.seconds for x in xs]
        out[name] = {"turns": len(xs), "median_s": round(statistics.median(secs), 2),
                     "p95_s": round(p95(secs), 2), "max_s": round(max(secs), 2),
                     "animation_median_s": round(statistics.median(x.anim for x in xs), 2),
                     "bot_wait_median_s": round(statistics.median(x.wait for x in xs), 2),
                     "decisions_median": statistics.median(x.decisions for x in xs)}
    allsecs = [x.seconds for x in turns]
    out["all"] = {"median_s": round(statistics.median(allsecs), 2),
                  "p95_s": round(p95(allsecs), 2), "max_s": round(max(allsecs), 2)}
    if a.raw:
        out["raw"] = [(x.number, x.seat, x.turn_type, x.events, x.decisions,
                       round(x.seconds, 2), round(x.anim, 2), round(x.wait, 2))
                      for x in turns]
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {json.dumps(v)}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

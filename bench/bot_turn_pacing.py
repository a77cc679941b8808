"""How long a bot's turn takes to watch at the table (issue 11's pacing goal: about 6 s or less
at Normal animation speed).

    python bench/bot_turn_pacing.py [--level easy] [--players 2] [--turns 12] [--seed 3]
                                    [--speed 1.0] [--delay 0.25] [--fast-bots]

Runs the real table headless (SDL dummy driver) in real time at 60 frames per second with only
bots seated, and times each turn from the moment it starts (its TurnStarted event is applied)
to the start of the next, i.e. what a person watching sees: the bots' thinking, the pause and
every animation. Prints the median, mean and max turn in seconds, as JSON with --json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("AAC_HOME", tempfile.mkdtemp(prefix="aac-pacing-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.aac import events as ev  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="easy")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--turns", type=int, default=12)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--speed", type=float, default=1.0, help="animation speed (1 = Normal)")
    ap.add_argument("--delay", type=float, default=0.25, help="bot thinking pause, seconds")
    ap.add_argument("--fast-bots", action="store_true", help="the 'fast bots' setting")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    st = Settings(anim_speed=a.speed, bot_delay=a.delay)
    st.fast_bots = a.fast_bots
    app = App((1600, 900), st, persist=False, headless=True)
    session = Session.new([SeatSpec(human=False, level=a.level) for _ in range(a.players)],
                          seed=a.seed)
    starts: list[float] = []
    apply = session.apply

    def timed_apply(choice_id: str) -> list[ev.Event]:
        events = apply(choice_id)
        if any(isinstance(e, ev.TurnStarted) for e in events):
            starts.append(time.perf_counter())
        return events

    session.apply = timed_apply  # type: ignore[method-assign]
    app.start_session(session)
    limit = time.perf_counter() + 60 * a.turns
    while len(starts) <= a.turns and time.perf_counter() < limit:
        app.step()  # real time: the clock ticks at 60 fps
        if type(app.scene).__name__ != "TableScene":
            break
    app.bot_worker.stop()
    turns = [b - x for x, b in zip(starts, starts[1:], strict=False)]
    if not turns:
        print("no complete turn was played", file=sys.stderr)
        return 1
    out = {"level": a.level, "players": a.players, "speed": a.speed, "delay": a.delay,
           "fast_bots": a.fast_bots, "turns": len(turns),
           "median_s": round(statistics.median(turns), 2),
           "mean_s": round(statistics.mean(turns), 2), "max_s": round(max(turns), 2)}
    print(json.dumps(out) if a.json else out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

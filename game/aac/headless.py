"""Headless helpers: --screenshot and --bench-frames."""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import pygame

from engine.aac.api import events as ev
from engine.aac.api import make_bot
from game.aac import settings as aac_settings
from game.aac import trapdoor
from game.aac.scenes.results import ResultsScene
from game.aac.session import AacSession
from game.shell import theme
from game.shell.app import App
from game.shell.session import SeatSpec
from game.shell.settings import Settings


def _headless_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def build_session(scenario: str | None, seed: int, players: int, moves: int,
                  humans: int = 1) -> AacSession | None:
    if scenario:
        s = AacSession.load(Path(scenario))
        assert isinstance(s, AacSession), "not a save of An Age Contrived"
        return s
    if moves > 0:
        return AacSession.mid_game(seed, players, moves, humans)
    return None


def screenshot(out: str, size: tuple[int, int], scenario: str | None, seed: int,
               players: int, moves: int) -> int:
    _headless_env()
    app = App(size, Settings(anim_speed=0.0), persist=False, headless=True)
    session = build_session(scenario, seed, players, moves)
    if session is not None:
        app.start_session(session)
    for _ in range(3):
        app.step(1 / 60)
    app.screenshot(out)
    app.bot_worker.stop()
    print(out)
    return 0


# --- the frame-time benchmark --------------------------------------------------------------------

Blit = tuple[pygame.Surface, Any, Any, int]


class BlitRecorder(pygame.Surface):
    """A window-sized surface that notes every blit drawn straight onto it (sprites, labels,
    cached layers), so the same blits can be replayed later without any of the logic. (The
    game draws with Surface.blit only; Surface.blits/fblits would not be noted.)"""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits_done: list[Blit] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        self.blits_done.append((source, _copy_pos(dest), _copy_pos(area), special_flags))
        return super().blit(source, dest, area, special_flags)


def _copy_pos(p: Any) -> Any:
    return p.copy() if isinstance(p, pygame.Rect) else p


def record_blits(app: Any) -> list[Blit]:
    """One frame of the current scene, drawn onto a recorder: the blits it made."""
    rec = BlitRecorder(app.window.get_size())
    app.render(rec)
    return rec.blits_done


def time_baseline(window: pygame.Surface, frames: list[list[Blit]], count: int,
                  fill: tuple[int, int, int]) -> list[float]:
    """Frame times (ms) of the bare-blit baseline: the recorded frames' blits replayed onto
    the window in turn (a clear, the blits, a flip: no scene graph, no game, no bots)."""
    times: list[float] = []
    for i in range(count):
        blits = frames[i % len(frames)]
        t0 = time.perf_counter()
        window.fill(fill)
        for src, dest, area, flags in blits:
            window.blit(src, dest, area, flags)
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def summary(times: list[float]) -> dict[str, float]:
    if not times:
        return {"frames": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    s = sorted(times)
    return {"frames": len(s), "median_ms": round(statistics.median(s), 3),
            "p95_ms": round(s[int(0.95 * (len(s) - 1))], 3), "max_ms": round(s[-1], 3)}


def bench_session(scenario: str | None, seed: int, players: int, moves: int, level: str,
                  humans: int) -> AacSession:
    """The benchmark's game: `humans` people (the first seats) and bots of `level`."""
    humans = max(0, min(humans, players))
    base = build_session(scenario, seed, players, moves, humans=humans)
    n = base.game.state.n if base is not None else players
    seats = [SeatSpec(human=i < humans, level=level) for i in range(n)]
    if base is None:
        return AacSession.new(seats, seed)
    return AacSession(base.game, seats, seed)


def bench(frames: int, size: tuple[int, int], scenario: str | None, seed: int, players: int,
          moves: int, as_json: bool, level: str = "random", humans: int = 0,
          realtime: bool = False, samples: int = 12) -> int:
    """Time `frames` frames of the table while bots of `level` play (the people's seats are
    played by a seeded random hand as soon as the table waits for them), then the bare-blit
    baseline: the blits of `samples` of those frames, replayed as many times. Prints the
    table's frame times (all frames, and those while a bot thinks), the baseline's and
    their ratio. With `realtime` the frames start 1/60 s apart, as in the game's own loop
    (which waits between frames, so a bot thinking in a thread of this process takes the
    interpreter then); each is timed from its start to its end, the wait excluded."""
    _headless_env()
    app = App(size, Settings(anim_speed=1.0, bot_delay=0.0), persist=False, headless=True)
    t0 = time.perf_counter()
    app.bot_worker.wait_ready(60.0)  # as in the game, whose loop starts it with the menu
    ready_s = time.perf_counter() - t0
    session = bench_session(scenario, seed, players, moves, level, humans)
    app.start_session(session)
    person = random.Random(seed)
    worker = app.bot_worker
    times: list[float] = []
    thinking: list[float] = []
    recorded: list[list[Blit]] = []
    every = max(1, frames // max(1, samples))
    games, decisions = 1, 0
    period, due = 1 / 60, time.perf_counter()
    for i in range(frames):
        if realtime:
            due += period
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            else:
                due = now  # late: the next frame starts at once, as the game's clock does
        busy = worker.thinking
        t0 = time.perf_counter()
        app.step(1 / 60)
        ms = (time.perf_counter() - t0) * 1000
        times.append(ms)
        if busy and worker.thinking:  # a bot thought all through this frame
            thinking.append(ms)
        scene: Any = app.scene
        if i % every == every // 2:
            recorded.append(record_blits(app))
        if isinstance(scene, ResultsScene):
            games += 1
            decisions += len(session.game.history)
            session = bench_session(None, seed + games, players, 0, level, humans)
            app.start_session(session)
            continue
        d = scene.pending
        if d is not None and session.is_human(d.seat) and not scene.animator.busy and \
                not scene.handoff.visible:
            scene.choose(person.choice(d.choices).id)
    error = worker.error
    worker.stop()
    base = time_baseline(app.window, recorded or [record_blits(app)], frames, theme.BG_DARK)
    table, base_s, think_s = summary(times), summary(base), summary(thinking)
    out: dict[str, Any] = {
        **table, "size": f"{size[0]}x{size[1]}", "level": level, "players": players,
        "humans": humans, "realtime": realtime,
        "decisions": decisions + len(session.game.history), "games": games,
        "while_bots_think": think_s, "baseline": base_s,
        "blits_per_frame": round(sum(map(len, recorded)) / max(1, len(recorded)), 1),
        "ratio_p95": round(table["p95_ms"] / base_s["p95_ms"], 2) if base_s["p95_ms"] else 0.0,
        "ratio_median": round(table["median_ms"] / base_s["median_ms"], 2)
        if base_s["median_ms"] else 0.0,
        "think_ratio_p95": round(think_s["p95_ms"] / base_s["p95_ms"], 2)
        if base_s["p95_ms"] else 0.0,
        "worker_ready_s": round(ready_s, 3), "bot_error": repr(error) if error is not None else "",
    }
    print(json.dumps(out) if as_json else _report(out))
    return 0


def _report(out: dict[str, Any]) -> str:
    def line(name: str, s: dict[str, Any]) -> str:
        return (f"  {name:<18} {s['frames']:>6} frames  median {s['median_ms']:7.2f} ms  "
                f"p95 {s['p95_ms']:7.2f} ms  max {s['max_ms']:7.2f} ms")

    lines = [f"frames at {out['size']}{' in real time' if out['realtime'] else ''}: "
             f"{out['players']} seats, {out['humans']} people, bots {out['level']} "
             f"({out['decisions']} decisions, {out['games']} game(s))",
             line("table", out), line("while bots think", out["while_bots_think"]),
             line("bare-blit baseline", out["baseline"]),
             f"  {out['blits_per_frame']} blits a frame; table / baseline: p95 "
             f"{out['ratio_p95']}x, median {out['ratio_median']}x; while bots think: p95 "
             f"{out['think_ratio_p95']}x"]
    if out["bot_error"]:
        lines.append(f"  a bot failed: {out['bot_error']}")
    return "\n".join(lines)


# --- the animations benchmark: a trapdoor launch, a section snap, a tile push ----------------

SCENES = ("launch", "snap", "push")


def _wanted(events: list[Any], scene: str) -> int:
    """How much of `scene` a decision's events hold (0: none): deployed tokens for a launch,
    constructions for a snap, pushes for a push."""
    if scene == "launch":
        return sum(1 for e in events if isinstance(e, ev.TokenMoved) and e.reason == "deployed"
                   and e.src.endswith(":top"))
    kind = ev.SectionConstructed if scene == "snap" else ev.TilesPushed
    return sum(1 for e in events if isinstance(e, kind))


def find_moment(scene: str, seed: int, players: int = 3, limit: int = 6000,
                want: int = 4) -> tuple[AacSession, str]:
    """A seeded random game stopped just before a choice that plays `scene` (for a launch:
    the most tokens deployed at once found, up to `want`), the deciding seat made a person.
    Returns the session and that choice's id."""
    best: tuple[int, int, int] | None = None  # (amount, seed, moves)
    for k in range(40):  # easy bots first (they deploy like people), then random play
        level = "easy" if k < 8 else "random"
        s = AacSession.mid_game(seed + k, players, 0, humans=0)
        g = s.game
        g.undo_enabled = False
        bots = [make_bot(level, seed + k + i) for i in range(players)]
        for moves in range(limit):
            d = g.pending
            if d is None:
                break
            cid = bots[d.seat].choose(g.view(d.seat), d)
            got = _wanted(g.clone().choose(cid), scene)
            if got and (best is None or got > best[0]):
                best = (got, k, moves)
                if scene != "launch" or got >= want:
                    break
            g.choose(cid)
        if best is not None and (scene != "launch" or best[0] >= want):
            break
    if best is None:
        raise RuntimeError(f"no {scene} found")
    _, k, moves = best
    game_seed = seed + k
    s = AacSession.mid_game(game_seed, players, 0, humans=0)
    bots = [make_bot("easy" if k < 8 else "random", game_seed + i) for i in range(players)]
    for _ in range(moves):
        d = s.game.pending
        assert d is not None
        s.game.choose(bots[d.seat].choose(s.game.view(d.seat), d))
    d = s.game.pending
    assert d is not None
    cid = bots[d.seat].choose(s.game.view(d.seat), d)
    seats = [SeatSpec(human=i == d.seat) for i in range(players)]
    return AacSession(s.game, seats, game_seed), cid


def bench_anims(size: tuple[int, int], seed: int, as_json: bool, reps: int = 6) -> int:
    """Frame times of the full table while it plays a trapdoor launch (the most tokens of one
    deploy found in seeded play: a deploy moves its tokens one decision at a time, so mostly
    1-3), a 4-token launch on the trapdoor itself (`launch4`), a section snap and a tile push,
    `reps` times each; the pymunk time per frame during launches; and the bare-blit baseline of
    the same frames (their blits replayed, no logic) in the same run, with the ratio."""
    _headless_env()
    physics: list[float] = []
    advance = trapdoor.Launch.advance

    def timed_advance(self: Any, dt: float) -> None:
        t0 = time.perf_counter()
        advance(self, dt)
        physics.append((time.perf_counter() - t0) * 1000)

    trapdoor.Launch.advance = timed_advance  # type: ignore[method-assign]
    settings = Settings(anim_speed=1.0, bot_delay=0.0)
    aac_settings.of(settings).trapdoor_autofire = True
    aac_settings.of(settings).trapdoor_hint_seen = True
    app = App(size, settings, persist=False, headless=True)
    out: dict[str, Any] = {"size": f"{size[0]}x{size[1]}", "reps": reps}
    try:
        out["launch4"] = _bench_launch4(app, seed, reps, physics)
        for scene in SCENES:
            session, cid = find_moment(scene, seed, players=2 if scene == "launch" else 3)
            times: list[float] = []
            recorded: list[list[Blit]] = []
            physics.clear()
            per_frame_physics: list[float] = []
            amount = 0
            for _ in range(reps):
                s = AacSession(session.game.clone(), session.seats, seed)
                s.game.undo_enabled = False
                app.start_session(s)
                table: Any = app.scene
                app.step(1 / 60)
                amount = _wanted(s.game.clone().choose(cid), scene)
                table.choose(cid)
                for frame in range(600):
                    n0 = len(physics)
                    t0 = time.perf_counter()
                    app.step(1 / 60)
                    times.append((time.perf_counter() - t0) * 1000)
                    per_frame_physics.append(sum(physics[n0:]))
                    if frame % 7 == 3 and len(recorded) < 24:
                        recorded.append(record_blits(app))
                    if not table.animator.busy:
                        break
            base = time_baseline(app.window, recorded or [record_blits(app)], len(times),
                                 theme.BG_DARK)
            t, b = summary(times), summary(base)
            out[scene] = {**t, "amount": amount, "baseline": b,
                          "ratio_p95": round(t["p95_ms"] / b["p95_ms"], 2) if b["p95_ms"]
                          else 0.0}
            if scene == "launch":
                busy = [x for x in per_frame_physics if x > 0]
                out[scene]["physics_per_frame"] = summary(busy)
    finally:
        trapdoor.Launch.advance = advance  # type: ignore[method-assign]
        app.bot_worker.stop()
    if as_json:
        print(json.dumps(out))
    else:
        for scene in ("launch4",) + SCENES:
            r = out[scene]
            extra = ""
            if "physics_per_frame" in r:
                ph = r["physics_per_frame"]
                extra = f"; physics per frame median {ph['median_ms']} ms, max {ph['max_ms']} ms"
            print(f"{scene:<7} ({r['amount']}): {r['frames']} frames, median {r['median_ms']} "
                  f"ms, p95 {r['p95_ms']} ms; baseline p95 {r['baseline']['p95_ms']} ms; "
                  f"ratio {r['ratio_p95']}x{extra}")
    return 0


def _bench_launch4(app: Any, seed: int, reps: int, physics: list[float]) -> dict[str, Any]:
    """A 4-token launch on the trapdoor of the shown device (the table's own TrapdoorLayer
    and LaunchTween, a bot's: it fires by itself), over a mid-game table."""

    times: list[float] = []
    recorded: list[list[Blit]] = []
    per_frame: list[float] = []
    for k in range(reps):
        app.start_session(AacSession.mid_game(seed + k, 3, 300, humans=0))
        table: Any = app.scene
        app.step(1 / 60)
        la = table.trapdoor.new(4, [0, 1, 2, 3], theme.SEAT_COLOURS[0], "circle",
                                f"bench:{k}", False)
        table.animator.add(trapdoor.LaunchTween(la, None, None))
        for frame in range(600):
            n0 = len(physics)
            t0 = time.perf_counter()
            app.step(1 / 60)
            times.append((time.perf_counter() - t0) * 1000)
            per_frame.append(sum(physics[n0:]))
            if frame % 5 == 2 and len(recorded) < 24:
                recorded.append(record_blits(app))
            if la.finished:
                break
    base = time_baseline(app.window, recorded or [record_blits(app)], len(times),
                         theme.BG_DARK)
    t, b = summary(times), summary(base)
    return {**t, "amount": 4, "baseline": b,
            "ratio_p95": round(t["p95_ms"] / b["p95_ms"], 2) if b["p95_ms"] else 0.0,
            "physics_per_frame": summary([x for x in per_frame if x > 0])}

"""One save-fuzzing worker (issue 27, item 5): a fresh interpreter that opens mutants the way a
player does, one after another, under a memory limit (the parent, tests.save_fuzz.FreshRun,
gives each mutant a time limit and starts a new worker after a hang or a crash).

    python -m tests.fuzz_worker --home DIR --mem-mb N   # jobs on stdin, results on stdout

Each job line: {"i", "file" (the mutant's bytes), "seats" (a seats side file's bytes, or
null), "seed", "resave_dir"}. The mutant goes into the player's saves folder ($AAC_HOME, a
temporary folder) and through every path, each reported as [outcome, detail, seconds, MB]:

- engine: the verified load (load_game), then 50 random decisions with the invariants
  checked; the game it plays on is saved (the next worker reopens that save);
- listing: the save list's summary (peek_save, all_saves, Continue's candidate, the line the
  menu shows);
- continue: the title menu's Continue (when it offers this save), the table drawn and played
  on (people's decisions by the fuzzer, the bots' through the bot worker), the table's own
  save of it kept for the reopen step; the results when the game ends there;
- load: the Load screen drawn (both tabs), the save's card clicked, the table or (a finished
  game) the results drawn, each of the results' views.

Outcomes: "refused" (one plain sentence), "python-text" (a refusal carrying Python's text),
"loaded" (opened and played on), "listed" / "damaged" (the listing), "not-offered"
(Continue does not offer it: damaged or finished), "broken" (opened, then failed), "crash"
(an exception escaped), "memory" (MemoryError, or the process grew by more than GROW_MB).
Protocol lines on stdout start with MARK; anything else there is ignored by the parent.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import game.games  # noqa: E402,F401  (every installed game's front end)
from engine.aac.persist.io import SaveError, dumps_save, load_game  # noqa: E402
from engine.kernel.listing import peek_save  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.dirs import saves_dir  # noqa: E402
from game.shell.saves import all_saves, continue_save  # noqa: E402
from game.shell.scenes.load import LoadScene, describe_save, kind_title, seat_lines  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.save_fuzz import MARK, check_consistent, plain_sentence, play_on  # noqa: E402

GROW_MB = 400  # a path that grows the process by more than this is a memory blow-up
PLAY_ON = 50  # the engine path's decisions
TABLE_DECISIONS = 6  # the table's decisions (Continue)
TABLE_FRAMES = 1500


def emit(obj: dict[str, Any]) -> None:
    sys.stdout.write(MARK + json.dumps(obj) + "\n")
    sys.stdout.flush()


def max_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Broken(Exception):
    """The save opened, then something failed (the detail says what)."""


class Worker:
    def __init__(self, bare: bool = False) -> None:
        self.saves = saves_dir()  # under $AAC_HOME
        if bare:  # the harness's own check (selftest jobs) needs no window
            return
        self.app = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=False,
                       headless=True)
        self.resaves: list[dict[str, Any]] = []

    # --- one mutant ----------------------------------------------------------------------------
    def one(self, job: dict[str, Any]) -> dict[str, Any]:
        i = int(job["i"])
        if job.get("selftest"):
            return self.selftest(i, job["selftest"])
        for p in list(self.saves.iterdir()) if self.saves.is_dir() else []:
            if p.is_file():
                p.unlink()
            else:
                shutil.rmtree(p, ignore_errors=True)
        self.saves.mkdir(parents=True, exist_ok=True)
        path = self.saves / f"fuzz-{i}.json"
        shutil.copyfile(job["file"], path)
        if job.get("seats"):
            shutil.copyfile(job["seats"], path.with_suffix(".seats.json"))
        self.resave_dir = Path(job["resave_dir"])
        self.resaves = []
        self.i = i
        self.rng = random.Random(int(job.get("seed", i)))
        out: dict[str, Any] = {"i": i, "paths": {}}
        paths: list[tuple[str, Callable[[Path], tuple[str, str]]]] = [
            ("engine", self.engine), ("listing", self.listing),
            ("continue", self.continue_), ("load", self.load_screen)]
        for name, fn in paths:
            emit({"i": i, "at": name})
            rss0, t0 = max_rss_mb(), time.perf_counter()
            try:
                kind, detail = fn(path)
            except MemoryError:
                kind, detail = "memory", "MemoryError"
            except Broken as exc:
                kind, detail = "broken", str(exc)
            except BaseException as exc:  # noqa: BLE001 - exactly what the fuzzer looks for
                kind, detail = "crash", _trace(exc)
            finally:
                self._reset()
            grew = max_rss_mb() - rss0
            if grew > GROW_MB and kind != "crash":
                kind, detail = "memory", f"the process grew by {grew:.0f} MB; {detail}"
            out["paths"][name] = [kind, detail[:3000], round(time.perf_counter() - t0, 3),
                                  round(grew, 1)]
        out["resaves"] = self.resaves
        return out

    def selftest(self, i: int, what: str) -> dict[str, Any]:
        """The harness's own check: a worker that hangs, dies or blows its memory up is
        reported as such (never a stuck run)."""
        emit({"i": i, "at": "engine"})
        if what == "hang":
            time.sleep(3600)
        if what == "die":
            os._exit(3)
        kind, detail = "loaded", ""
        if what == "memory":
            try:
                hog = bytearray(64 * 1024 * 1024 * 1024)  # 64 GB: over any limit
                del hog
            except MemoryError:
                kind, detail = "memory", "MemoryError"
        return {"i": i, "paths": {"engine": [kind, detail, 0, 0]}, "resaves": []}

    def _reset(self) -> None:
        with contextlib.suppress(Exception):  # the menu itself is what a next path tests
            self.app.open_menu()

    def refusal(self, msg: str) -> tuple[str, str]:
        why = plain_sentence(msg)
        return ("python-text", why) if why else ("refused", msg)

    def keep(self, game: Any, path: Path, how: str, write: Callable[[Path], object]) -> None:
        """The opened game's own save, for the reopen step (exactly this game must open)."""
        target = self.resave_dir / f"{self.i}-{how}.json"
        write(target)
        d = game.pending
        self.resaves.append({
            "path": str(target), "name": f"{self.i}-{how}", "exact": True,
            "stack": [type(f).kind for f in game.state.stack],
            "pending": None if d is None else [d.seat, d.kind, [c.id for c in d.choices]]})

    # --- the paths -----------------------------------------------------------------------------
    def engine(self, path: Path) -> tuple[str, str]:
        try:
            g = load_game(path)
        except SaveError as exc:
            return self.refusal(str(exc))
        try:
            play_on(g, self.rng, PLAY_ON)
        except BaseException as exc:  # noqa: BLE001
            raise Broken(f"engine play-on: {_trace(exc)}") from exc
        self.keep(g, path, "engine", lambda p: p.write_text(dumps_save(g),
                                                           encoding="utf-8"))
        return "loaded", ""

    def listing(self, path: Path) -> tuple[str, str]:
        info = peek_save(path)
        infos = all_saves()
        mine = [x for x in infos if x.path == path]
        if len(mine) != 1:
            raise Broken(f"the save list shows the file {len(mine)} times")
        continue_save(infos)
        describe_save(info)
        kind_title(info)
        seat_lines(info)
        if info.damaged:
            why = plain_sentence(f"It cannot be opened ({info.damaged}).")
            return ("python-text", why) if why else ("damaged", info.damaged)
        return "listed", ""

    def continue_(self, path: Path) -> tuple[str, str]:
        app = self.app
        app.open_menu()
        menu: Any = app.scene
        app.render()
        if menu.resume is None or menu.resume.path != path:
            return "not-offered", ""
        menu.continue_game()
        if app.scene is menu:
            msg = str(getattr(menu, "error", ""))
            if not msg.startswith("Could not continue: "):
                raise Broken(f"Continue did nothing and said {msg[:200]!r}")
            return self.refusal(msg.removeprefix("Could not continue: "))
        session = getattr(app.scene, "session", None)
        if session is None:
            raise Broken(f"Continue opened {type(app.scene).__name__}")
        try:
            self.play_table(session)
            if not session.game.is_over:
                self.keep(session.game, path, "table", lambda p: session.save(p))
        except BaseException as exc:  # noqa: BLE001
            raise Broken(f"the table: {_trace(exc)}") from exc
        return "loaded", ""

    def play_table(self, session: Any) -> None:
        """A few frames drawn, then TABLE_DECISIONS decisions (people's by random choices,
        the bots' through the bot worker); the results if the game ends."""
        app = self.app
        game = session.game
        start = len(game.history)
        for k in range(TABLE_FRAMES):
            if game.is_over or len(game.history) - start >= TABLE_DECISIONS:
                break
            table: Any = app.scene
            d = game.pending
            if (d is not None and session.is_human(d.seat) and type(table).__name__ ==
                    "TableScene" and not table.animator.busy):
                if table.handoff.visible:
                    table.handoff.visible = False
                    table.handoff_done(d.seat)
                table.choose(self.rng.choice(d.choices).id)
            app.step(1 / 60, draw=k < 3 or k % 8 == 0)
            if app.bot_worker.error is not None:
                err = app.bot_worker.error
                app.bot_worker.error = None
                raise RuntimeError(f"a bot failed: {err}")
        else:
            raise RuntimeError(f"the table made {len(game.history) - start} decisions in "
                               f"{TABLE_FRAMES} frames")
        check_consistent(game)
        if game.is_over:
            app.show_results(session)
            self.draw_results()

    def draw_results(self) -> None:
        app = self.app
        scene: Any = app.scene
        if type(scene).__name__ != "ResultsScene":
            raise RuntimeError(f"a finished game shows {type(scene).__name__}")
        for _ in range(2):
            app.step(1 / 60)
        for view in list(scene.view_buttons):
            scene.show(view)
            app.render()

    def load_screen(self, path: Path) -> tuple[str, str]:
        app = self.app
        scene: Any = app.open(LoadScene(app))
        app.render()
        scene.show_tab("finished")
        app.render()
        scene.show_tab("saves")
        app.render()
        cards = [(tab, c) for tab, cs in scene.cards.items() for c in cs if c.info.path == path]
        if len(cards) != 1:
            raise Broken(f"the Load screen shows the save {len(cards)} times")
        tab, card = cards[0]
        if scene.tab != tab:
            scene.show_tab(tab)
            card = next(c for c in scene.cards[tab] if c.info.path == path)
        while not card.visible:
            scene.turn_page(1)
            card = next(c for c in scene.cards[tab] if c.info.path == path)
        app.render()
        card.on_click(10, 10, 1)  # what a click on the card does
        if app.scene is scene:
            prefix = f"{path.name} cannot be opened. "
            err = str(getattr(scene, "error", ""))
            if not err.startswith(prefix):
                raise Broken(f"the card did nothing and said {err[:200]!r}")
            return self.refusal(err.removeprefix(prefix))
        kind = type(app.scene).__name__
        try:
            if kind == "ResultsScene":
                self.draw_results()
            elif kind == "TableScene":
                for _ in range(3):
                    app.step(1 / 60)
                if app.bot_worker.error is not None:
                    raise RuntimeError(f"a bot failed: {app.bot_worker.error}")
            else:
                raise RuntimeError(f"the card opened {kind}")
        except BaseException as exc:  # noqa: BLE001
            raise Broken(f"after the Load screen: {_trace(exc)}") from exc
        return "loaded", "results" if kind == "ResultsScene" else "table"


def _trace(exc: BaseException) -> str:
    tb = traceback.format_exception(exc, limit=-4)
    return f"{type(exc).__name__}: {str(exc)[:300]} | " + " | ".join(
        ln.strip().replace("\n", " ") for ln in tb[-4:-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--mem-mb", type=int, default=0)
    ap.add_argument("--bare", action="store_true", help="no window (selftest jobs only)")
    a = ap.parse_args(argv)
    if a.mem_mb:
        limit = a.mem_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.environ["AAC_HOME"] = str(a.home)
    w = Worker(a.bare)
    emit({"ready": True, "pid": os.getpid()})
    for line in sys.stdin:
        if not line.strip():
            continue
        emit(w.one(json.loads(line)))
    if not a.bare:
        w.app.bot_worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

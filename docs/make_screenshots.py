"""Regenerate the README's screenshots (headless, SDL dummy driver, seeded):

    .venv/bin/python docs/make_screenshots.py [--only NAME ...]

Writes docs/<name>.png for: menu, table, board (the board at the default zoom mid-game),
load, recap, results, monument (a monument close-up,
zoomed in, with its card), snap (a section snapping onto its stack, mid-animation), push (a
tile push mid-animation), launch (a trapdoor launch mid-flight), drag (a person pulling the
trapdoor's plunger back), take (a bridge benefit offered: "Take …" beside "Decline …"),
folklore (a Folklore Card
being played), pilgrimage (the Pilgrim Board mid Shrine completion), tutorial (the tutorial's
scoring lesson: why the score changed), hint (the hint with its reason), popup (a long
popup at 1280x720: the Action Upgrades, five players with the longest names, both modules).
Every picture is
drawn by the game's own scenes from seeded games.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["AAC_HOME"] = tempfile.mkdtemp(prefix="aac-shots-")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game.games  # noqa: E402,F401  (registers every game's front end)
from engine.aac import events as ev  # noqa: E402
from engine.aac import tutorial_plan  # noqa: E402
from engine.aac.bots import make_bot  # noqa: E402
from engine.aac.persist.io import load_game  # noqa: E402
from game.aac import settings as aac_settings  # noqa: E402
from game.aac.board_geometry import geometry  # noqa: E402
from game.aac.board_view import BURST  # noqa: E402
from game.aac.headless import find_moment  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.tutorial.headless import reach  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenes.load import LoadScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402

DOCS = ROOT / "docs"
SIZE = (1600, 900)


def new_app(size: tuple[int, int] = SIZE) -> App:
    return App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def play_human(app: App, s: Session, rng: random.Random, done: Callable[[], bool],
               limit: int = 20000) -> None:
    t = app.scene
    for _ in range(limit):
        if done():
            return
        d = s.game.pending
        if d is not None and s.is_human(d.seat) and not t.animator.busy:
            if t.handoff.visible:
                t.handoff.on_click(1, 1, 1)
            t.choose(rng.choice(d.choices).id)
        app.step(1 / 60)


def shot_menu(app: App) -> None:
    app.open_menu()
    settle(app)


def shot_table(app: App) -> None:
    app.start_session(Session.mid_game(7, 3, 400))
    settle(app)


def shot_board(app: App) -> None:
    """The board at the default zoom mid-game (four seats, one a person named Tess):
    monuments named on the map, energy filling their spaces in the owners' colours and
    shapes, nothing zoomed."""
    s = Session.mid_game(7, 4, 1500)
    s.seats[0].name = "Tess"
    app.start_session(s)
    settle(app)


def shot_load(app: App) -> None:
    rng = random.Random(3)
    for i, n in enumerate((2, 4, 3)):
        s = Session.new([SeatSpec(True)] + [SeatSpec(False, "easy")] * (n - 1), seed=40 + i)
        s.seats[0].name = ("Anna", "Ben", "Chloé")[i]
        app.start_session(s)
        play_human(app, s, rng, lambda s=s, i=i: s.game.state.turn >= 8 + 6 * i)
        app.scene.save()
    app.set_scene(LoadScene(app))
    settle(app)


def shot_recap(app: App) -> None:
    s = Session.new([SeatSpec(True), SeatSpec(False, "easy"), SeatSpec(False, "easy")],
                    seed=12)
    app.start_session(s)
    t = app.scene
    play_human(app, s, random.Random(5), lambda: s.game.state.turn >= 18 and any(
        "deployed" in line for _, line in t.recap_showing()))
    settle(app)


def shot_results(app: App) -> None:
    s = Session(load_game(ROOT / "saves" / "scenarios" / "aac" / "last-round-4p.json"),
                [SeatSpec(False, "easy")] * 4, 1)
    app.start_session(s)
    for _ in range(40000):
        app.step(1 / 60)
        if type(app.scene).__name__ == "ResultsScene":
            break
    settle(app)


def zoom_on(app: App, mid: str, zoom: float, at: float = 0.5) -> None:
    """Zoom the table's map in on monument `mid` (it stands `at` of the way across the map
    square), and wait until the zoomed map is drawn sharp."""
    b = app.scene.board
    x, y = geometry().by_monument[mid].centre
    span = 1000 / zoom
    b.set_view(zoom, x - span * at, y - span / 2)
    settle(app, int(BURST * 60) + 3)


def shot_monument(app: App) -> None:
    """A monument close-up (zoomed in), its card open beside it (hovered a moment)."""
    app.start_session(Session.mid_game(7, 4, 1500))
    settle(app)
    t = app.scene
    mid = "tidewatch_observatory"
    zoom_on(app, mid, 2.6, at=0.72)
    lay = geometry().by_monument[mid]
    app.mouse_v = t.board.virtual(lay.x + lay.w - 6, lay.y + lay.h - 10)
    app.rehover()
    settle(app, 50)


def shot_snap(app: App) -> None:
    """Replay a seeded game up to a move that constructs a section, play that move at normal
    speed and take the picture as the next section snaps onto the stack."""
    seed = 3
    s = Session.new([SeatSpec(True)] * 4, seed)
    rng = random.Random(seed)
    found = 0
    while s.game.pending is not None:
        cid = rng.choice(s.game.pending.choices).id
        probe = s.game.clone()
        if any(isinstance(e, ev.SectionConstructed) and e.next_section
               for e in probe.choose(cid)):
            found += 1
            if found == 3:
                break
        s.apply(cid)
    app.settings.anim_speed = 1.0
    app.start_session(s)
    settle(app)
    t = app.scene
    snaps: list[str] = []
    real = app.sound.play

    def play(name: str | None) -> bool:
        if name == "snap":
            snaps.append(name)
        return real(name)

    app.sound.play = play  # type: ignore[method-assign]
    t.choose(cid)
    for _ in range(3000):
        if t.board.anims:
            break
        app.step(1 / 60)
    zoom_on(app, next(iter(t.board.anims)), 2.6)
    for _ in range(3000):
        if snaps:
            break
        app.step(1 / 60)
    settle(app, 5)  # just after the contact: the shake and the sparkles


def play_until(app: App, scene: str, seed: int, players: int,
               seen: Callable[[Any], bool], frames: int = 900) -> None:
    """A seeded game stopped before the choice that plays `scene` (game.headless.find_moment),
    that choice made at normal speed, frames stepped until `seen(table)`."""
    session, cid = find_moment(scene, seed, players=players)
    app.settings.anim_speed = 1.0
    app.start_session(session)
    settle(app)
    t = app.scene
    t.choose(cid)
    for _ in range(frames):
        app.step(1 / 60)
        if seen(t):
            break


def shot_push(app: App) -> None:
    """A seeded game stopped before an Advance push, played at normal speed: the picture
    is taken with every tile half-way along its slide (the leaving one on its way out)."""
    play_until(app, "push", 4, 3, lambda t: bool(t.device.slide), 600)
    settle(app, 26)


def shot_launch(app: App) -> None:
    """A seeded game stopped before a Deploy of several tokens, played at normal speed with
    the trapdoor firing by itself: the picture is taken with the tokens in the air."""
    aac_settings.of(app.settings).trapdoor_autofire = True
    aac_settings.of(app.settings).trapdoor_hint_seen = True
    play_until(app, "launch", 5, 2, lambda t: any(
        la.fired_at >= 0 and la.time - la.fired_at > 0.22 for la in t.trapdoor.launches))


def shot_drag(app: App) -> None:
    """A person's Deploy waiting for the pull: the plunger pressed and dragged half-way back
    (the spring stretched with the pointer), the prompt saying how."""
    session, cid = find_moment("launch", 5, players=2)
    app.settings.anim_speed = 1.0
    app.start_session(session)
    settle(app)
    t = app.scene
    t.choose(cid)
    settle(app, 20)
    la = t.trapdoor.waiting()
    assert la is not None
    r = la.handle_rect()
    held = pygame.mouse.get_pressed
    pygame.mouse.get_pressed = lambda *a, **k: (True, False, False)  # type: ignore[assignment]
    try:
        t.mouse_down(r.centerx, r.top + 12, 1)
        for k in range(1, 15):  # the pointer drags the plunger down: the table follows it
            app.mouse_v = (r.centerx, r.top + 12.0 + k)
            app.step(1 / 60)
    finally:
        pygame.mouse.get_pressed = held  # type: ignore[assignment]


def shot_take(app: App) -> None:
    """A bridge benefit offered to a person: the prompt has "Take …" beside "Decline …"."""
    s0 = Session.mid_game(1, 2, 0, humans=0)
    rng = random.Random(1)
    while s0.game.pending is not None and s0.game.pending.kind != "bridge_benefit":
        s0.game.choose(rng.choice(s0.game.pending.choices).id)
    seat = s0.game.pending.seat
    s = Session(s0.game, [SeatSpec(human=i == seat, level="easy") for i in range(2)], 1)
    app.start_session(s)
    settle(app)


def shot_folklore(app: App) -> None:
    """A seeded two-player Folklore game (both seats people, random choices) stopped where a
    player chooses the option of the card just played: the Folklore sheet is open with the
    Character Board Extension, the card's options to point at and the hand."""
    seed = 2
    s = Session.new([SeatSpec(True), SeatSpec(True)], seed, modules=("folklore",))
    rng = random.Random(seed)
    while s.game.pending is not None:
        d = s.game.pending
        if d.kind == "folklore_option" and s.game.state.turn > 20:
            break
        s.apply(rng.choice(d.choices).id)
    app.start_session(s)
    t = app.scene
    settle(app)
    if t.handoff.visible:
        t.handoff.on_click(1, 1, 1)
    settle(app, 6)


def shot_pilgrimage(app: App) -> None:
    """Both modules, three seats (a person keen on the Pilgrim Board and two bots): the board
    open in a Shrine completion, the person's pilgrim walking up the path (mid-animation),
    Shrines built in their frames, energy on the board in its owners' colours."""
    seed = 3
    s = Session.new([SeatSpec(True), SeatSpec(False, level="easy"),
                     SeatSpec(False, level="easy")], seed, modules=("folklore", "pilgrimage"))
    bots = [make_bot("easy", seed + k) for k in range(3)]  # every seat plays as a bot would
    while s.game.pending is not None:
        d = s.game.pending
        pos = s.game.state.ext["pilgrimage"]["pos"][0]
        if d.kind == "pilgrimage_move" and s.is_human(d.seat) and pos.startswith("pb_t2"):
            break
        keen = [c.id for c in d.choices if "pilgrim" in c.id or c.id.startswith("to:")]
        s.apply(keen[0] if keen and s.is_human(d.seat)
                else bots[d.seat].choose(s.game.view(d.seat), d))
    app.start_session(s)
    settle(app, 4)
    app.settings.anim_speed = 1.0
    t = app.scene
    step = next(c.id for c in s.game.pending.choices if c.id.startswith("to:"))
    t.choose(step)
    for _ in range(5):
        app.step(1 / 30)


def shot_tutorial(app: App) -> None:
    """The tutorial's scoring lesson: why the learner's score changed with the section."""
    reach(app)


def shot_hint(app: App) -> None:
    """The hint with its reason, in the prompt bar and the status line: the tutorial's game
    at the learner's second turn (a real position), as a normal game."""
    g = load_game(ROOT / "saves" / "scenarios" / "aac" / "tutorial-2p.json")
    for cid in tutorial_plan.first_advance(g):
        g.choose(cid)
    s = Session(g, [SeatSpec(True), SeatSpec(False, "easy")], tutorial_plan.TUTORIAL_BOT_SEED)
    app.start_session(s)
    t = app.scene
    for _ in range(3000):
        d = s.game.pending
        if d is not None and d.seat == 0 and not t.animator.busy:
            break
        app.step(1 / 60)
        time.sleep(0.001)
    t.close_recap()
    t.hint()
    for _ in range(6000):
        app.step(1 / 60)
        if not t.hints.thinking:
            break
        time.sleep(0.005)
    settle(app)


LONG_NAMES = ("Wilhelmina Woodworth", "Maximilian Wolkenbau", "Bartholomew Mawdsley",
              "Gwendolyn Montgomery", "Wolfgang Rosenkranz")  # as long as a name may be


def shot_popup(app: App) -> None:
    """The smallest window (1280x720), five players named as long as a name may be, both
    modules: the popup of an Action Upgrade (eight long choices, each wrapped whole) opened
    on the upgrade tray."""
    seed = 23
    g = Session.new([SeatSpec(True, name=n) for n in LONG_NAMES], seed,
                    modules=("folklore", "pilgrimage")).game
    g.undo_enabled = False
    bots = [make_bot("easy" if k % 2 else "random", seed * 7 + k) for k in range(5)]
    while g.pending is not None and g.pending.kind != "upgrade":
        d = g.pending
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
    s = Session(g, [SeatSpec(True, name=n) for n in LONG_NAMES], seed)
    app.start_session(s)
    t = app.scene
    settle(app)
    if t.handoff.visible:
        t.handoff.on_click(1, 1, 1)
    settle(app, 6)
    d = s.game.pending
    t.open_popup(1500, 360, list(d.choices))
    settle(app)


SHOTS: dict[str, Callable[[App], None]] = {
    "menu": shot_menu, "table": shot_table, "board": shot_board, "load": shot_load,
    "recap": shot_recap,
    "results": shot_results, "monument": shot_monument, "snap": shot_snap,
    "push": shot_push, "launch": shot_launch, "drag": shot_drag, "take": shot_take,
    "folklore": shot_folklore,
    "pilgrimage": shot_pilgrimage, "tutorial": shot_tutorial, "hint": shot_hint,
    "popup": shot_popup,
}
SHOT_SIZES: dict[str, tuple[int, int]] = {"popup": (1280, 720)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", default=None)
    a = ap.parse_args(argv)
    for name, fn in SHOTS.items():
        if a.only and name not in a.only:
            continue
        app = new_app(SHOT_SIZES.get(name, SIZE))
        try:
            fn(app)
            app.screenshot(str(DOCS / f"{name}.png"))
            print(DOCS / f"{name}.png")
        finally:
            app.bot_worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

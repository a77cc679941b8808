"""The results screen of a Pilgrimage game (R27.10): the Pilgrimage row says where each
Pilgrimage ended (the catalog's category title, its VP and the tier), and two buttons under
the picture switch it between the map and the Pilgrim Board as it ended; everything fits at
1280x720 and 1600x900, with 3 and 5 seats. A base game keeps its single map picture."""

from __future__ import annotations

import os
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.pilgrimage.state import NAME, board, score_position  # noqa: E402
from game.aac.scenes.results import ResultsScene  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.builder import make_game  # noqa: E402
from tests.layout_scan import scan  # noqa: E402
from tests.pilgrimage_support import pd, pilgrimage  # noqa: E402, F401  (the fixture)
from tests.test_pilgrimage import pil_game  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402

SIZES = [(1280, 720), (1600, 900)]


def new_app(tmp_path: Any, monkeypatch: Any, size: tuple[int, int]) -> App:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    return App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)


def results(app: App, players: int) -> ResultsScene:
    """A Pilgrimage game's results: seat 0 on the best summit space, seat 1 in tier II, the
    others at the start."""
    g = pil_game(players)
    b = board(g.rules)
    d = pd(g)
    d["pos"][0] = max(b.summit_vp, key=lambda sp: b.summit_vp[sp])
    d["pos"][1] = next(sp for sp, t in sorted(b.tier.items())
                       if t == 2 and not sp.startswith("pb_frame"))
    scene = ResultsScene(app, Session(g, [SeatSpec(False, "random")] * players))
    app.set_scene(scene)
    app.step(1 / 60)
    return scene


def view_button(scene: ResultsScene, label: str) -> Button:
    return next(n for n in scene.walk() if isinstance(n, Button) and n.label == label)


@pytest.mark.usefixtures("pilgrimage")
def test_r27_10_the_pilgrimage_row_says_where_each_pilgrimage_ended(tmp_path, monkeypatch,
                                                                     drawn):
    app = new_app(tmp_path, monkeypatch, (1280, 720))
    try:
        scene = results(app, 3)
        g = scene.session.game
        b = board(g.rules)
        vp = [score_position(g.rules, pd(g), s) for s in range(3)]
        assert vp[0] == max(b.summit_vp.values()) and vp[1] == b.tier_vp[2] and vp[2] == 0
        drawn.clear()
        app.render()
        assert "Pilgrimage" in drawn  # the category's title (engine.aac.pilgrimage.module)
        for want in (f"{vp[0]} (summit)", f"{vp[1]} (tier II)", "0 (start)"):
            assert want in drawn, want
        assert [b_.pilgrimage for b_ in scene.scores] == vp
    finally:
        app.bot_worker.stop()


@pytest.mark.usefixtures("pilgrimage")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [3, 5])
def test_the_results_switch_to_the_pilgrim_board_and_fit(tmp_path, monkeypatch, size,
                                                         players, drawn):
    app = new_app(tmp_path, monkeypatch, size)
    try:
        scene = results(app, players)
        assert scene.shown == "" and view_button(scene, "Map").selected
        problems = scan(app)
        assert problems == [], "\n".join(problems)
        drawn.clear()
        click(app, *centre(view_button(scene, "Pilgrim Board")))
        app.step(1 / 60)
        assert scene.shown == NAME and view_button(scene, "Pilgrim Board").selected
        assert not view_button(scene, "Map").selected
        problems = scan(app)
        assert problems == [], "\n".join(problems)
        name = board(scene.session.game.rules).file.name
        assert f"{name} \u2014 the Pilgrim Board" in drawn  # the sheet drawn for the picture
        assert not any(t.startswith("Close") for t in drawn)  # without the sheet's buttons
        app.screenshot(str(tmp_path / "results.png"))
        click(app, *centre(view_button(scene, "Map")))
        app.step(1 / 60)
        assert scene.shown == ""
    finally:
        app.bot_worker.stop()


def test_a_base_game_has_only_the_map(tmp_path, monkeypatch, drawn):
    app = new_app(tmp_path, monkeypatch, (1280, 720))
    try:
        g = make_game(2, seed=3)
        scene = ResultsScene(app, Session(g, [SeatSpec(False, "random")] * 2))
        app.set_scene(scene)
        app.render()
        assert scene.view_buttons == {} and "The board at the end" in drawn
    finally:
        app.bot_worker.stop()

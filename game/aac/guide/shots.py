"""`python -m game --guide PAGE --screenshot OUT.png`: a page of the guide, headless."""

from __future__ import annotations

from game.aac.scenes.guide import GuideScene
from game.shell.app import App
from game.shell.settings import Settings


def screenshot(out: str, size: tuple[int, int], page: str | None) -> int:
    """`python -m game --guide PAGE --screenshot OUT.png`: the guide at PAGE, headless."""
    app = App(size, Settings(anim_speed=0.0), persist=False, headless=True)
    app.open_guide(page or None)
    sc = app.scene
    assert isinstance(sc, GuideScene)
    app.step(1 / 60)
    sc.wait_pictures()
    app.step(1 / 60)
    app.screenshot(out)
    app.bot_worker.stop()
    print(out)
    return 0

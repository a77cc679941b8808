"""The set-up screen offers every bot level (engine.aac.bots.BOT_LEVELS, expert included) and
its level button's tooltip says what the chosen level searches (engine.aac.bots.level_note);
the R3.3.9 variant is "Secret loading" there, so "expert" means only the bot level."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.bots import BOT_LEVELS, level_note  # noqa: E402
from engine.aac.bots.planner import EXPERT  # noqa: E402
from game.aac.guide.reference import PAGES  # noqa: E402
from game.aac.scenes.setup import SECRET_LOADING, SetupScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.layout import fit  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.layout_scan import scan  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402
from tests.test_ui_scenes import press  # noqa: E402


def level_button(app: App, seat: int) -> Button:
    return [n for n in app.scene.walk()
            if isinstance(n, Button) and n.label.startswith("Level: ")][seat]


def hover(app: App, vx: float, vy: float) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))


def test_every_level_has_a_note_naming_no_ids() -> None:
    for level in BOT_LEVELS:
        note = level_note(level)
        assert note.startswith(level.capitalize() + ":")
        assert "_" not in note
    assert f"{EXPERT.max_nodes:,} positions" in level_note("expert")


def test_the_level_button_cycles_to_expert_and_its_tooltip_says_the_budget(app, tmp_path,
                                                                          drawn):
    app.open_setup()
    scene = app.scene
    assert isinstance(scene, SetupScene)
    assert not scene.seats[1].human
    seen = []
    while scene.seats[1].level != "expert":
        seen.append(scene.seats[1].level)
        assert len(seen) <= len(BOT_LEVELS)
        click(app, *centre(level_button(app, 1)))
        app.step(1 / 60)
    btn = level_button(app, 1)
    assert btn.label == "Level: expert"
    lines = btn.tooltip().split("\n")
    assert "expert" in lines[0] and lines[1] == level_note("expert")
    # hovered, the tooltip is drawn (wrapped to its box) with the level's budget
    hover(app, *centre(btn))
    for _ in range(30):
        app.step(1 / 60)
    drawn.clear()
    app.render()
    assert any(t.startswith("Expert: hard with a bigger") for t in drawn)
    app.screenshot(str(tmp_path / "levels.png"))


def option_button(app: App) -> Button:
    return next(n for n in app.scene.walk()
                if isinstance(n, Button) and n.label.startswith(SECRET_LOADING + ":"))


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_secret_loading_is_not_called_expert_and_fits(tmp_path, monkeypatch, size, drawn):
    """Only the bot level says "expert" on the set-up screen: the R3.3.9 option (still
    `expert_loading` in the config) is "Secret loading"; its button and hover help fit."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    a = App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    try:
        a.open_setup()
        scene = a.scene
        assert isinstance(scene, SetupScene)
        for _ in range(3):  # five seats: the options sit lowest
            scene.add_seat()
        btn = option_button(a)
        assert btn.label == f"{SECRET_LOADING}: off"
        click(a, *centre(btn))
        a.step(1 / 60)
        btn = option_button(a)
        assert scene.expert and btn.label == f"{SECRET_LOADING}: on"
        labels = [n.label for n in scene.walk() if isinstance(n, Button)]
        clash = [t for t in labels if "expert" in t.lower() and not t.startswith("Level: ")]
        assert clash == [] and "expert" not in btn.tooltip().lower()
        drawn.clear()
        problems = scan(a, tooltip_at=centre(btn))
        assert problems == [], "\n".join(problems)
        assert any(t.startswith("An advanced start") for t in drawn)  # the tip is drawn
        a.screenshot(str(tmp_path / "secret.png"))
        # started, the game has the variant under its saved name
        press(a, "Start the game")
        assert a.scene.session.game.state.options.get("expert_loading") is True
    finally:
        a.bot_worker.stop()


def test_the_guide_calls_r3_3_9_secret_loading() -> None:
    entry = next(e for p in PAGES for e in p.entries if e.id == "R3.3.9")
    assert entry.text.startswith("Secret loading") and "expert" not in entry.text.lower()

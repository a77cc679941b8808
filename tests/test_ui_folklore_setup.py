"""UI tests for the expansion modules in the set-up (issue 14, part D): the Folklore choice
reaches GameConfig(modules=...) once a module named "folklore" is registered (a test-only
ModuleDef here when the real one is not), is shown disabled with its reason while it is not,
its own options (variants, house rules of the open points) appear only while it is chosen
and go into the game only then, and its description fits the panel."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac import config  # noqa: E402
from engine.aac.modules import MODULES, ModuleDef, register_module, unregister_module  # noqa: E402
from game.aac.scenes.setup import (  # noqa: E402
    UNAVAILABLE,
    SetupScene,
    module_names,
    module_options,
)
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import Button, TextLog  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402

OPT = "folklore_test_variant"  # a test-only option of the module


def make_app(tmp_path, monkeypatch, size=(1600, 900)) -> App:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    return App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)



@pytest.fixture
def folklore(monkeypatch) -> Iterator[str]:
    """A module named "folklore" registered (the real one if it is, else a test-only
    ModuleDef without hooks) and a test-only option that belongs to it."""
    monkeypatch.setitem(config.RULES_OPTIONS, OPT,
                        (False, "A test-only variant of the Folklore module."))
    monkeypatch.setitem(config.RULES_OPTION_TITLES, OPT, "Test variant")
    monkeypatch.setitem(config.OPTION_MODULE, OPT, "folklore")
    ours = "folklore" not in MODULES
    if ours:
        register_module(ModuleDef("folklore", "Folklore", "A test-only Folklore module."))
    try:
        yield "folklore"
    finally:
        if ours:
            unregister_module("folklore")


def button(app: App, label: str) -> Button:
    for n in app.scene.walk():
        if isinstance(n, Button) and n.label.startswith(label):
            return n
    raise AssertionError(f"no button {label!r}")


def labels(app: App) -> list[str]:
    return [n.label for n in app.scene.walk() if isinstance(n, Button)]


def press(app: App, label: str) -> None:
    click(app, *centre(button(app, label)))
    app.step(1 / 60)


def test_folklore_is_shown_disabled_with_its_reason_until_registered(app, monkeypatch):
    if "folklore" in MODULES:  # the real module is in: pretend it is not, for this test
        monkeypatch.delitem(MODULES, "folklore")
    app.open_setup()
    app.step(1 / 60)
    b = button(app, "Folklore")
    assert not b.enabled and UNAVAILABLE in b.label and UNAVAILABLE in b.tooltip()
    press(app, "Folklore")  # a click on it changes nothing
    assert app.scene.modules == []
    press(app, "Start the game")
    assert app.scene.session.game.config["modules"] == []


def test_choosing_folklore_reaches_the_game_config_with_its_options(app, folklore):
    app.open_setup()
    app.step(1 / 60)
    scene = app.scene
    assert isinstance(scene, SetupScene)
    assert not any(lb.startswith("Test variant") for lb in labels(app))  # only when chosen
    press(app, "Folklore: off")
    assert scene.modules == ["folklore"] and button(app, "Folklore: on").selected
    assert OPT in module_options("folklore")
    press(app, "Test variant: off")
    assert scene.options[OPT] is True and "Test variant: on" in labels(app)
    press(app, "Start the game")
    game = app.scene.session.game
    assert type(app.scene).__name__ == "TableScene"
    assert game.config["modules"] == ["folklore"]
    assert game.config["options"].get(OPT) is True
    # the next set-up remembers the module
    app.open_setup()
    assert app.scene.modules == ["folklore"]


def test_a_module_option_stays_out_of_the_game_when_its_module_is_off(app, folklore):
    app.open_setup()
    app.step(1 / 60)
    press(app, "Folklore: off")
    press(app, "Test variant: off")
    press(app, "Folklore: on")  # the module off again: its option goes with it
    assert not any(lb.startswith("Test variant") for lb in labels(app))
    press(app, "Start the game")
    game = app.scene.session.game
    assert game.config["modules"] == [] and OPT not in game.config["options"]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)], ids=["1280x720", "1600x900"])
def test_the_module_description_and_buttons_fit(tmp_path, monkeypatch, folklore, size):
    app = make_app(tmp_path, monkeypatch, size)
    try:
        app.open_setup()
        app.step(1 / 60)
        scene = app.scene
        scene.toggle_module("folklore")
        assert scene.panel == "folklore"
        TextLog.records = []
        try:
            app.render()
            records = TextLog.records
        finally:
            TextLog.records = None
        texts = [r.text for r in records]
        assert "Folklore module" in texts and "Expansion modules" in texts
        assert not [r.text for r in records if r.shortened], "no text cut short"
        w, h = size
        k = size[0] / 1600
        panel_right, panel_bottom = (1000 + 560) * k, (130 + 630) * k
        for r in records:
            if r.box is not None:  # inside a button: inside its box
                assert r.rect.right <= r.box.right + 1 and r.rect.left >= r.box.left - 1, r.text
            elif r.rect.left >= 1000 * k - 1:  # in the description panel
                assert r.rect.right <= panel_right and r.rect.bottom <= panel_bottom, r.text
        assert all(r.rect.left >= 0 and r.rect.right <= w and r.rect.bottom <= h
                   for r in records)
        mod_buttons = [n for n in scene.walk() if isinstance(n, Button)
                       and getattr(n, "module", None)]
        # every module's button (Pilgrimage too, off), the chosen Folklore's options
        assert len(mod_buttons) == len(module_names()) + len(module_options("folklore"))
        start = button(app, "Start the game")
        assert all(b.y + b.h <= start.y for b in mod_buttons)
    finally:
        app.bot_worker.stop()

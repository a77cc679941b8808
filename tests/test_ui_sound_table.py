"""The table plays the sound of each event as its animation lands (issue 12, sound): tiles
pushed, tokens landing, sections completed and built, the end of the game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist.io import load_game  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.shell.sound import effect_for  # noqa: E402
from tests.test_ui_memory import LAST_ROUND  # noqa: E402


def recording_app(tmp_path, monkeypatch) -> tuple[App, list[str | None]]:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    app = App((1280, 720), Settings(anim_speed=4.0, bot_delay=0.0, fast_bots=True),
              persist=False, headless=True)
    played: list[str | None] = []
    real = app.sound.play

    def record(name: str | None) -> bool:
        played.append(name)
        return real(name)

    monkeypatch.setattr(app.sound, "play", record)
    return app, played


def test_tiles_pushed_and_tokens_landing_sound(tmp_path, monkeypatch):
    app, played = recording_app(tmp_path, monkeypatch)
    try:
        app.start_session(Session.new([SeatSpec(False, "random")] * 2, seed=4))
        for _ in range(900):
            app.step(1 / 30)
            if "land" in played and "push" in played:
                break
        assert "land" in played and "push" in played
    finally:
        app.bot_worker.stop()


def test_the_end_of_the_game_sounds(tmp_path, monkeypatch):
    app, played = recording_app(tmp_path, monkeypatch)
    try:
        s = Session(load_game(LAST_ROUND), [SeatSpec(False, "random")] * 4, 2)
        app.start_session(s)
        for _ in range(3000):
            app.step(1 / 30)
            if type(app.scene).__name__ == "ResultsScene":
                break
        assert type(app.scene).__name__ == "ResultsScene"
        assert [p for p in played if p][-1] == "end"
    finally:
        app.bot_worker.stop()


def test_effects_follow_the_engine_events() -> None:
    from engine.aac import events as ev

    assert effect_for(ev.SectionConstructed("ember_forge", "s1", "s2")) == "snap"
    assert effect_for(ev.TurnStarted(0, 1, False)) is None

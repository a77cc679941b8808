"""A damaged settings file never stops the game (issue 10): each corruption measured before
the fix starts the game with defaults, a one-line notice and the file rewritten; writes are
atomic (unique temp name, fsync, rename) and a full disk leaves the old file alone."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.aac import settings as aac_settings  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell import app as app_mod  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenes.menu import PickerScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import LABELS, Settings  # noqa: E402

DEFAULTS = Settings().model_dump()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    return tmp_path


def settings_file(home: Path) -> Path:
    return home / "config" / "settings.json"


def start(home: Path, text: str | bytes) -> App:
    p = settings_file(home)
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return App(None, persist=True, headless=True)


def play_a_little(app: App) -> None:
    """A bots' game starts and runs with the loaded settings (anim_speed and bot_delay are
    read then; the bots' pause is real time, so this waits a little)."""
    app.start_session(Session.new([SeatSpec(human=False), SeatSpec(human=False)], seed=3))
    game = app.scene.game  # type: ignore[attr-defined]
    start = len(game.history)
    end = time.monotonic() + 30
    while len(game.history) < start + 3 and time.monotonic() < end:
        app.step(1 / 60)
        time.sleep(0.002)
    assert len(game.history) >= start + 3, "bots did not move"


WHOLE_FILE = {
    "top-level list": "[]",
    "top-level number": "42",
    "top-level string": '"x"',
    "top-level null": "null",
    "deeply nested array": "[" * 100_000 + "]" * 100_000,
    "not JSON": "{window_w: 1600",
    "empty file": "",
    "binary": b"\xff\xfe\x00garbage\x80",
}

ONE_FIELD: dict[str, tuple[dict[str, Any], str]] = {
    "window_w text": ({"window_w": "big"}, "window_w"),
    "window_w null": ({"window_w": None}, "window_w"),
    "window_h float": ({"window_h": 900.5}, "window_h"),
    "huge window": ({"window_w": 100000, "window_h": 100000}, "window_w"),
    "anim_speed text": ({"anim_speed": "fast"}, "anim_speed"),
    "bot_delay text": ({"bot_delay": "x"}, "bot_delay"),
    "fullscreen text": ({"fullscreen": "yes"}, "fullscreen"),
}


@pytest.mark.parametrize("case", sorted(WHOLE_FILE))
def test_a_damaged_settings_file_starts_with_defaults(case: str, home: Path) -> None:
    app = start(home, WHOLE_FILE[case])
    try:
        assert app.settings.model_dump() == DEFAULTS
        assert app.notice.startswith("Your settings file could not be used")
        assert "\n" not in app.notice
        # rewritten: the next start reads it cleanly
        assert json.loads(settings_file(home).read_text(encoding="utf-8")) == DEFAULTS
        assert Settings.load_with_notice(settings_file(home)) == (Settings(), "")
        # the first screen shows the notice (the picker, then again the chosen game's menu)
        assert app.scene.error == app.notice
        picker = isinstance(app.scene, PickerScene)
        app.open_menu()
        assert app.scene.error == (app.notice if picker else "")
        app.open_menu()
        assert app.scene.error == ""
        play_a_little(app)
    finally:
        app.bot_worker.stop()


@pytest.mark.parametrize("case", sorted(ONE_FIELD))
def test_a_bad_value_is_reset_and_the_rest_kept(case: str, home: Path) -> None:
    values, bad = ONE_FIELD[case]
    raw = {"colour_safe": False, **values}
    app = start(home, json.dumps(raw))
    try:
        assert getattr(app.settings, bad) == DEFAULTS[bad]
        assert app.settings.colour_safe is False  # the good value survives
        assert app.notice.startswith("Some settings could not be read")
        assert json.loads(settings_file(home).read_text())[bad] == DEFAULTS[bad]
        assert app.window.get_size() == (1600, 900) or bad not in ("window_w", "window_h")
        play_a_little(app)
    finally:
        app.bot_worker.stop()


def test_a_huge_bot_delay_snaps_to_the_slowest_choice(home: Path) -> None:
    app = start(home, json.dumps({"bot_delay": 1e9, "anim_speed": 3.1}))
    try:
        assert app.settings.bot_delay == 1.5 and app.settings.anim_speed == 4.0
        assert "nearest" in app.notice
        assert json.loads(settings_file(home).read_text())["bot_delay"] == 1.5
    finally:
        app.bot_worker.stop()


def test_a_good_file_gives_no_notice_and_is_not_rewritten(home: Path) -> None:
    p = settings_file(home)
    p.parent.mkdir(parents=True)
    text = json.dumps({**DEFAULTS, "anim_speed": 2.0})
    p.write_text(text)
    st, notice = Settings.load_with_notice(p)
    assert notice == "" and st.anim_speed == 2.0 and p.read_text() == text


def test_the_window_is_clamped_to_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    assert app_mod.fit_to_screen(3840, 2160) == (1366, 768)
    assert app_mod.fit_to_screen(1000, 600) == (1280, 720)  # never below the layout minimum


def test_settings_write_is_atomic_and_a_full_disk_keeps_the_old_file(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = settings_file(home)
    assert Settings(anim_speed=2.0).save(p)
    old = p.read_text()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert Settings(anim_speed=4.0).save(p) is False
    assert p.read_text() == old
    assert sorted(x.name for x in p.parent.iterdir()) == ["settings.json"]  # no temp left


# --- issue 27, item 7: notices name a setting by its label, never its code name --------------


def test_a_bad_hints_setting_is_named_by_its_label(home: Path) -> None:
    app = start(home, json.dumps({"hints_hot_seat": "yes", "colour_safe": False}))
    try:
        assert app.notice == ("Some settings could not be read (Hints with several people) and "
                              "were reset to their defaults.")
        assert app.scene.error == app.notice  # the title screen shows it
        assert app.settings.hints_hot_seat is False and app.settings.colour_safe is False
    finally:
        app.bot_worker.stop()


@pytest.mark.parametrize("name", sorted(Settings.model_fields))
def test_every_setting_has_a_label_and_a_notice_never_shows_a_code_name(
        name: str, home: Path) -> None:
    assert name in LABELS and LABELS[name] and "_" not in LABELS[name]
    p = settings_file(home)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({name: {"not": ["a", "value"]}}))  # no setting takes an object
    _, notice = Settings.load_with_notice(p)
    assert LABELS[name] in notice and "_" not in notice
    assert name not in notice or name in LABELS[name].lower()  # "volume" in "Sound volume"


def test_the_settings_screen_shows_the_same_labels(app: App, drawn: list[str]) -> None:
    app.open_settings()
    app.render()
    shown = {LABELS[n] for n in ("window_w", "anim_speed", "bot_delay", "colour_safe",
                                 "handoff_always", "fast_bots", "volume", "mute",
                                 "hints_hot_seat")}
    # the chosen game's own section (An Age Contrived's trapdoor), labelled by its titles
    shown |= {row.label for row in aac_settings.ROWS}
    assert all(aac_settings.AacSettings.model_fields[row.field].title == row.label
               for row in aac_settings.ROWS)
    labels = {n.label for n in app.scene.walk() if type(n).__name__ == "_RowLabel"}
    assert shown <= labels
    assert f"{LABELS['fullscreen']} (F11)" in labels

"""A crash never vanishes (game.crash, issue 32): an exception injected in a scene keeps the
game, writes the report, shows the window, and the next start says so and resumes the game
with Continue; the front end runs with no standard output or error (a windowed build)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from engine.aac.persist import load_game
from engine.version import version
from game.aac.session import AacSession as Session
from game.shell import crash, crash_window
from game.shell.app import App
from game.shell.registry import front_end
from game.shell.scenes.menu import PickerScene
from game.shell.session import SeatSpec
from game.shell.settings import Settings
from tests.test_ui_saves import _mid_turn, _play

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """$AAC_HOME in a temporary folder; game.crash's streams are undone afterwards (a test
    installs them in its own body: pytest's capture sets sys.stdout again between phases)."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    yield tmp_path
    crash.uninstall()


@pytest.fixture
def window_spy(monkeypatch):
    """The crash windows shown, with the surface each was drawn on (saved as a PNG)."""
    shown: list[crash_window.CrashWindow] = []
    real = crash_window.CrashWindow.run

    def run(self, wait=True):
        surf = real(self, wait)
        shown.append(self)
        self.picture = surf.copy()
        return surf

    monkeypatch.setattr(crash_window.CrashWindow, "run", run)
    return shown


def _new_app() -> App:
    return App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=True,
               headless=True)


def _crash_mid_turn(home: Path, monkeypatch) -> tuple[Session, list[str], crash.Report, int]:
    """Two people mid-turn, autosaved at the turn's start, then two more decisions; then the
    table's update raises."""
    crash.install()
    app = _new_app()
    s = Session.new([SeatSpec(True, name="Anna"), SeatSpec(True, name="Ben")], seed=5)
    _play(s, random.Random(5), _mid_turn)
    app.start_session(s)
    assert s.autosaving
    turn_start = s.autosave()
    for _ in range(2):
        s.apply(random.Random(1).choice(s.game.pending.choices).id)
    assert s.game.history != load_game(turn_start).history, "moves since the autosave"
    history = list(s.game.history)
    table = app.scene

    def broken_update(dt: float) -> None:
        raise ZeroDivisionError("injected into the table scene")

    monkeypatch.setattr(table, "update", broken_update)
    print("a line printed before the crash")
    reports: list[crash.Report] = []
    real = crash.write_report
    monkeypatch.setattr(crash, "write_report",
                        lambda exc, a=None: reports.append(real(exc, a)) or reports[-1])
    crash.watch(app)
    code = crash.guarded(app.run)
    return s, history, reports[0], code


def test_a_crash_in_a_scene_keeps_the_game_writes_a_report_and_shows_a_window(
        home, monkeypatch, window_spy):
    s, history, report, code = _crash_mid_turn(home, monkeypatch)
    assert code == 1
    # the report, in the per-user folder ($AAC_HOME here)
    assert report.path is not None and report.path.parent == home / "crashes"
    text = report.path.read_text(encoding="utf-8")
    assert "What happened: ZeroDivisionError: injected into the table scene" in text
    assert f"Version: {version()}" in text
    assert "OS: " in text and "Python: 3." in text
    assert "Traceback:" in text and "broken_update" in text
    assert "a line printed before the crash" in text  # the last log lines
    assert "Scenes open: TableScene" in text
    # the game was autosaved where it stopped (the two moves after the turn-start autosave
    # included), and that autosave is the one named
    assert report.resume.path is not None and report.resume.path.parent.name == s.game_id
    assert f"Resume from: {report.resume.path}" in text
    assert load_game(report.resume.path, verify=True).history == history
    # the window: what happened, where the report is, that Continue resumes the game
    assert len(window_spy) == 1
    win = window_spy[0]
    said = " ".join(win.drawn_lines)
    assert win.TITLE in said
    assert "What happened: ZeroDivisionError: injected into the table scene" in said
    assert "Continue on the title screen resumes it" in said
    assert str(report.path).replace(" ", "") in "".join(win.drawn_lines).replace(" ", "")
    pygame.image.save(win.picture, str(home / "crash-window.png"))
    assert win.picture.get_at((5, 5))[:3] == crash_window.CrashWindow.BG


def test_the_next_start_says_so_and_continue_resumes_the_kept_game(home, monkeypatch,
                                                                   window_spy):
    s, history, report, _ = _crash_mid_turn(home, monkeypatch)
    app = _new_app()
    first = app.scene
    if isinstance(first, PickerScene):  # several games installed: the picker says it too
        assert first.error.startswith("The game closed unexpectedly last time")
        first.choose(front_end("aac"))
    menu = app.scene
    assert type(menu).__name__ == "MenuScene"
    assert menu.error.startswith("The game closed unexpectedly last time; Continue resumes "
                                 "your game from its last autosave")
    assert menu.error.endswith(f"Its report is in {report.path.parent}.")
    assert menu.resume is not None and menu.resume.path == report.resume.path
    menu.continue_game()
    table = app.scene
    assert type(table).__name__ == "TableScene"
    assert table.session.game.history == history
    assert table.session.player_name(0) == "Anna"
    app.bot_worker.stop()
    # said once: the start after that is a normal one
    again = _new_app()
    assert again.scene.error == ""
    again.bot_worker.stop()


def test_a_state_that_fails_its_replay_never_overwrites_the_autosave(home, monkeypatch,
                                                                     window_spy):
    app = _new_app()
    s = Session.new([SeatSpec(True), SeatSpec(True)], seed=9)
    _play(s, random.Random(9), _mid_turn)
    app.start_session(s)
    kept = s.autosave()
    before = kept.read_bytes()
    s.apply(s.game.pending.choices[0].id)

    def refuse(*a, **k):
        raise ValueError("the replay differs")

    monkeypatch.setattr(crash.saves, "load", refuse)
    report = crash.crashed(RuntimeError("boom"), app)
    assert kept.read_bytes() == before
    assert report.resume.path == kept
    assert "could not be checked" in report.resume.kept
    assert not list((home / "crashes").glob("check-*"))


def test_a_crash_with_no_game_and_the_notice_without_one(home, window_spy):
    report = crash.crashed(KeyError("missing"), app=None)
    assert report.resume.path is None and report.resume.kept == "No game was in progress."
    assert "There" not in " ".join(window_spy[0].drawn_lines)
    marker = json.loads((home / "crashes" / crash.MARKER).read_text(encoding="utf-8"))
    assert marker["report"] == str(report.path) and marker["resume"] is None
    note = crash.take_notice()
    assert note == ("The game closed unexpectedly last time. Its report is in "
                    f"{home / 'crashes'}.")
    assert crash.take_notice() == ""


def test_reports_are_bounded(home, window_spy, monkeypatch):
    folder = home / "crashes"
    folder.mkdir()
    for i in range(crash.KEEP_REPORTS + 5):
        (folder / f"crash-20000101-0000{i:02d}-1.txt").write_text("old", encoding="utf-8")
    crash.crashed(RuntimeError("one more"), show=False)
    assert len(list(folder.glob("crash-*.txt"))) == crash.KEEP_REPORTS


def test_the_ring_keeps_the_last_lines_only(home):
    crash.install()
    for i in range(crash.RING_LINES + 50):
        print(f"line {i}")
    lines = crash.recent_lines()
    assert len(lines) == crash.RING_LINES
    assert lines[-1].endswith(f"[out] line {crash.RING_LINES + 49}")
    import logging
    import warnings

    logging.getLogger("game.test").warning("a logged warning")
    warnings.warn("a Python warning", UserWarning, stacklevel=1)
    tail = "\n".join(crash.recent_lines()[-3:])
    assert "[warning] game.test: a logged warning" in tail
    assert "a Python warning" in tail


# --- no console (a windowed build) ------------------------------------------------------------
NO_CONSOLE = """
import sys
sys.stdout = None
sys.stderr = None
import game.games
from game.shell import crash, crash_window
from game.shell.app import App
from game.shell.registry import front_end
from game.shell.scenes.menu import PickerScene

def main():
    app = App((1280, 720), persist=True, headless=True)  # its settings file is damaged
    crash.watch(app)
    for _ in range(3):
        app.step(1 / 60)
    print("a line for a console that is not there")
    import warnings
    warnings.warn("a warning for a console that is not there")
    raise RuntimeError("injected with no console")

sys.exit(crash.guarded(main))
"""


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", AAC_HOME=str(tmp),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def test_the_front_end_runs_and_crashes_cleanly_with_no_stdout_or_stderr(tmp_path):
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text("{not json", encoding="utf-8")  # the settings' notice is printed
    proc = subprocess.run([sys.executable, "-c", NO_CONSOLE], cwd=ROOT, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout == "" and proc.stderr == ""  # nothing reached a console
    reports = list((tmp_path / "crashes").glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert "RuntimeError: injected with no console" in text
    assert "[out] a line for a console that is not there" in text
    assert "[err] settings: " in text  # the settings file's notice, printed to stderr
    assert "a warning for a console that is not there" in text


def test_smoke_passes_with_no_stdout_or_stderr(tmp_path):
    code = ("import sys; sys.stdout = None; sys.stderr = None\n"
            "from game.shell import crash\nfrom game.__main__ import main\n"
            "sys.exit(crash.guarded(lambda: main(['--smoke'])))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0
    assert proc.stdout == "" and proc.stderr == ""

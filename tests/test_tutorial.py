"""The interactive tutorial: it runs headless to the end with synthesized clicks and teaches
every lesson on the way; it lets through only the highlighted target; it can be left and
resumed at the same step, and skipped; its prepared positions are real play (R5, R7, R9,
R13, R15: the rules its lessons walk through)."""

from __future__ import annotations

import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist import load_game  # noqa: E402
from engine.aac.persist.scenarios import tutorial_games  # noqa: E402
from game.__main__ import main  # noqa: E402
from game.aac.scenes.table import TableScene  # noqa: E402
from game.aac.tutorial import progress  # noqa: E402
from game.aac.tutorial.overlay import PANEL_W  # noqa: E402
from game.aac.tutorial.runner import LAUNCH_SAY, SCENARIOS, Tutorial  # noqa: E402
from game.aac.tutorial.script import LESSONS  # noqa: E402
from game.shell import theme  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.bot_worker import BotSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.test_ui_game import click  # noqa: E402

pytestmark = pytest.mark.app(size=(1280, 720))

def run_until(app: App, tut: Tutorial, done, frames: int = 3000) -> None:
    for _ in range(frames):
        if done():
            return
        app.step(1 / 60, draw=False)
        assert not tut.stuck, tut.stuck
    raise AssertionError("the tutorial did not get there")


def play_to_the_end(app: App, tut: Tutorial, each=None, draw_every: int = 10,
                    seconds: float = 240.0) -> None:
    """Step frames until the final scores (or the tutorial is stuck), for up to `seconds` of
    wall time: while a bot thinks in its process the loop naps, so a slow machine does not
    run out of frames before the bots have played."""
    deadline = time.perf_counter() + seconds
    frame = 0
    while time.perf_counter() < deadline:
        app.step(1 / 60, draw=frame % draw_every == 0)
        frame += 1
        if each is not None:
            each()
        if type(app.scene).__name__ == "ResultsScene" or tut.stuck:
            return
        if app.bot_worker.thinking:
            time.sleep(0.001)


def at_step(tut: Tutorial, lesson: int, step: int):
    def done() -> bool:
        return (tut.lesson_i, tut.step_i) >= (lesson, step) and tut.cue is not None and \
            not tut.cue.waiting and (tut.cue.choice is not None or tut.cue.next)
    return done


def stop_clicking(app: App, tut: Tutorial) -> None:
    tut.autoplay = False
    pygame.event.clear()  # a synthesized click may still be queued
    app.step(1 / 60)


def test_autoplay_runs_the_tutorial_to_the_final_scores(app):
    """Every lesson is clicked through on the real table (drawn every few frames), and the
    game is finished by easy bots; the taught choices are the lessons' own."""
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    seen = set()
    play_to_the_end(app, tut, lambda: seen.add(tut.lesson_i))
    assert not tut.stuck, tut.stuck
    assert type(app.scene).__name__ == "ResultsScene" and tut.finished
    assert seen == set(range(len(LESSONS)))
    taught = [t for t in tut.trace if ":aside:" not in t]
    text = " ".join(taught)
    for lesson, expect in (("turns", "advance"), ("turns", "load:"), ("turns", "actions"),
                           ("turns", ">section:"), ("complete", ">section:"),
                           ("complete", "bind:"), ("complete", "perk:section"),
                           ("complete", "activate:rose"), ("complete", "step:"),
                           ("claim", "monument_enter:"), ("claim", "pick:1"),
                           ("claim", "replace:")):
        assert any(t.startswith(f"{lesson}:") and expect in t for t in taught), \
            f"lesson {lesson} did not teach {expect}: {text}"
    # the completion lesson really completed a section with the learner's energy (R15.1)
    assert sum(1 for t in taught if t.startswith("complete:") and "bind:" in t) == 1
    # a question no step expects gets the bot's suggestion, and only a few do
    assert len(tut.trace) - len(taught) < 20


def test_python_m_game_tutorial_autoplay_exits_0(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    assert main(["--tutorial", "--autoplay", "--size", "1280x720"]) == 0
    assert "tutorial autoplay: finished: lessons 3 of 3" in capsys.readouterr().out


def test_only_the_highlighted_target_takes_a_click(app):
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    run_until(app, tut, at_step(tut, 0, 1))  # "Choose an Advance turn."
    stop_clicking(app, tut)
    t = tut.table
    assert isinstance(t, TableScene) and t.tutorial is tut.overlay
    assert tut.cue is not None and tut.cue.choice is not None and tut.cue.choice.id == "advance"
    n = len(t.game.history)
    actions = next(b for b in t.prompt.buttons if b.choice_id == "actions")
    r = actions.world_rect()
    click(app, r.centerx, r.centery)  # the other answer is dimmed: nothing happens
    app.step(1 / 60)
    assert len(t.game.history) == n and tut.overlay.nudge_until > tut.overlay.clock
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                         mod=pygame.KMOD_CTRL))
    app.step(1 / 60)
    assert len(t.game.history) == n
    (x, y, w, h), point = tut.overlay.target()
    assert x <= point[0] < x + w and y <= point[1] < y + h
    assert tut.overlay.hole() == (x, y, w, h)
    px, py, pw, ph = tut.overlay.panel  # the panel never covers the target, and fits
    assert not (px < x + w and x < px + pw and py < y + h and y < py + ph)
    assert px >= 0 and py >= 0 and px + pw <= 1600 and py + ph <= 900
    click(app, *point)
    app.step(1 / 60)
    assert t.game.history[n] == "advance"
    app.step(1 / 60)
    assert tut.step_i == 2  # on to "Push this staging tile"


def test_every_cue_fits_its_panel(app):
    """At 1280x720 (scale 0.8) every line of every cue fits the panel, and the panel stays
    on the screen and off the target."""
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    s = 0.8
    checked = 0
    for frame in range(4000):
        app.step(1 / 60, draw=frame % 7 == 0)
        ov = tut.overlay
        if tut.cue is not None and ov is not None and not tut.finished:
            say, why = ov._texts(PANEL_W - 36, s)
            for size, bold, lines in ((18, True, say), (14, False, why)):
                f = theme.font(max(6, round(size * s)), bold)
                assert all(f.size(ln)[0] <= (PANEL_W - 36) * s + 1 for ln in lines), lines
            px, py, pw, ph = ov.panel
            assert px >= 0 and py >= 0 and px + pw <= 1600 and py + ph <= 900
            hole = ov.hole()
            if hole is not None:
                x, y, w, h = hole
                assert not (px < x + w and x < px + pw and py < y + h and y < py + ph)
            checked += 1
        if tut.finished or tut.stuck:
            break
    assert tut.finished and checked > 50


def test_leaving_and_resuming_continues_at_the_same_step(app):
    tut = Tutorial(app, remember=True, autoplay=True)
    tut.start(resume=False)
    run_until(app, tut, at_step(tut, 0, 9))  # mid-lesson: the Deploy of lesson 1
    stop_clicking(app, tut)
    where = (tut.lesson_i, tut.step_i, tut.done_once)
    history = list(tut.table.game.history)
    cue = tut.cue.say
    tut.leave()
    assert type(app.scene).__name__ == "MenuScene"
    saved = progress.load()
    assert saved is not None and (saved[0].lesson, saved[0].step) == where[:2]
    app.open_tutorial()  # the title menu's "Tutorial" resumes
    t = app.scene
    assert isinstance(t, TableScene) and t.tutorial is not None
    again = t.tutorial.tut
    assert again is not tut
    assert (again.lesson_i, again.step_i, again.done_once) == where
    assert list(t.game.history) == history
    app.step(1 / 60)
    assert again.cue is not None and again.cue.say == cue
    # and it plays on from there
    again.autoplay = True
    run_until(app, again, lambda: again.lesson_i == 1)


def test_a_lesson_can_be_skipped_and_the_tutorial_ends_in_a_normal_game(app):
    tut = Tutorial(app, remember=True, autoplay=False)
    tut.start(resume=False)
    app.step(1 / 60)
    skip = tut.overlay.skip_button
    r = skip.world_rect()
    click(app, r.centerx, r.centery)  # "Skip lesson ▸" on the panel
    app.step(1 / 60)
    assert (tut.lesson_i, tut.step_i) == (1, 0)
    first = load_game(SCENARIOS / LESSONS[1].position)
    assert tut.table.game.history == first.history
    tut.skip_lesson()
    assert tut.lesson_i == 2
    tut.skip_lesson()  # past the last lesson: the game goes on as a normal game
    assert tut.finished
    t = app.scene
    assert isinstance(t, TableScene) and t.tutorial is None
    assert all(type(n).__name__ != "TutorialOverlay" for n in t.children)
    assert t.autosave_enabled == app.persist  # a normal game from here on
    assert t.session.seats[0].human  # the learner plays on themselves (autoplay is off)
    saved = progress.load()
    assert saved is not None and saved[0].finished
    app.open_tutorial()  # a finished tutorial starts again from the first lesson
    assert app.scene.tutorial.tut.lesson_i == 0


def test_a_damaged_progress_file_starts_the_lesson_again(app):
    folder = progress.folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "progress.json").write_text('{"lesson": 1, "step": 4}', encoding="utf-8")
    (folder / "game.json").write_text("{not json", encoding="utf-8")
    app.open_tutorial()
    tut = app.scene.tutorial.tut
    assert (tut.lesson_i, tut.step_i) == (1, 0) and "could not be read" in tut.notice
    (folder / "progress.json").write_text("[1, 2", encoding="utf-8")
    app.open_tutorial()
    assert app.scene.tutorial.tut.lesson_i == 0


def test_the_prepared_positions_are_real_play_from_the_generator():
    """saves/scenarios/tutorial-*.json are what `python -m engine scenarios` makes: seeded
    games between easy bots, stopped at the learner's turn each lesson needs."""
    made = dict(tutorial_games())
    assert sorted(made) == sorted(lesson.position for lesson in LESSONS)
    for lesson in LESSONS:
        shipped = load_game(SCENARIOS / lesson.position, verify=True)
        assert shipped.history == made[lesson.position].history, lesson.position
        d = shipped.pending
        assert d is not None and d.seat == 0 and d.kind == "turn_type"
        assert [p.character for p in shipped.state.players] == ["aureon", "freyith"]


def test_the_deploy_lesson_waits_for_the_launch_and_autoplay_fires_it(tmp_path, monkeypatch):
    """A person's launch waits for their pull (issue 12): at normal speed the tutorial says how
    to launch, "Fire for me" answers through the overlay, and autoplay reaches the end."""
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    app = App((1280, 720), Settings(anim_speed=4.0, bot_delay=0.0), persist=False,
              headless=True)
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    said = set()
    try:
        def listen() -> None:
            if tut.cue is not None:
                said.add(tut.cue.say)
        play_to_the_end(app, tut, listen, draw_every=25)
        assert not tut.stuck, tut.stuck
        assert type(app.scene).__name__ == "ResultsScene"
        assert LAUNCH_SAY in said  # the deploy lesson waited for the launch and said how
    finally:
        app.bot_worker.stop()


def test_autoplay_hands_the_learner_to_a_bot_of_the_worker_process(app):
    """After the last lesson autoplay gives the learner's seat to an easy bot hosted by the
    bot worker process in the game's roster (a bot object would think in a thread of the
    table's process, competing with the frames)."""
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    tut.skip_lesson()
    tut.skip_lesson()
    tut.skip_lesson()
    assert tut.finished
    session = app.scene.session
    learner, other = session.bots[0], session.bots[1]
    assert isinstance(learner, BotSpec) and isinstance(other, BotSpec)
    assert learner.level == "easy" and learner.roster == other.roster
    assert not session.seats[0].human and session.humans == []

"""The interactive tutorial: one continuous game from its first turn to a scored section. It
runs headless to the end with synthesized clicks and teaches every lesson on the way, each
step with its reason in plain words; the autoplayed game holds what the lessons are about (a
section completed and scored by the learner, an Achievement, a bridge, a character's power);
it lets through only the highlighted target; it can be left and resumed at the same step, and
a lesson skipped (played for the learner, in the same game); its start is real play from the
generator (R5, R6, R7, R9, R15, R16, R20, R22, R24, R25: the rules its lessons walk
through)."""

from __future__ import annotations

import os
import re
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac import events as ev  # noqa: E402
from engine.aac import tutorial_plan as tp  # noqa: E402
from engine.aac.data import rules  # noqa: E402
from engine.aac.persist import load_game  # noqa: E402
from engine.aac.persist.scenarios import TUTORIAL_CHARACTERS, tutorial_games  # noqa: E402
from game.__main__ import main  # noqa: E402
from game.aac.scenes.table import TableScene  # noqa: E402
from game.aac.tutorial import progress  # noqa: E402
from game.aac.tutorial.overlay import PANEL_W  # noqa: E402
from game.aac.tutorial.runner import (  # noqa: E402
    BOT_SEED,
    LAUNCH_SAY,
    SCENARIOS,
    Tutorial,
    start_game,
)
from game.aac.tutorial.script import LESSONS, START  # noqa: E402
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


ID_LIKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # catalog ids look like ach_pillars
NOTATION = re.compile(r"\(s\)|\bseat \d|[{}<>]|\bR\d+\.\d")  # programmer words, rule ids


def replayed(game) -> list[tuple[int, ev.Event]]:
    """The game's events since the tutorial's start, each with its decision number."""
    h = start_game()
    h.undo_enabled = False
    out = []
    for i, cid in enumerate(game.history[len(h.history):], start=len(h.history)):
        out += [(i, e) for e in h.choose(cid)]
    return out


def test_autoplay_runs_the_tutorial_to_the_final_scores(app):
    """Every lesson is clicked through on the real table (drawn every few frames), in one
    game, and the game is finished by easy bots. The events of the lessons' part of the game
    hold what they teach: the learner completes a section and binds (R15.1, R15.5.4) and its
    score rises by the bound energy's VP (R24.2), claims an Achievement (R22.3), builds a
    bridge (R20.2), uses the power it uncovers (R25.1) and takes a bridge's benefit
    (R20.6)."""
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    seen = set()
    shown: dict[tuple[int, int], tuple[str, str]] = {}
    lessons_end = [0]

    def each() -> None:
        seen.add(tut.lesson_i)
        cue = tut.cue
        if cue is not None and not cue.waiting and not tut.finished:
            shown[(tut.lesson_i, tut.step_i)] = (cue.say, cue.why)
            lessons_end[0] = len(app.scene.game.history)

    play_to_the_end(app, tut, each)
    assert not tut.stuck, tut.stuck
    assert type(app.scene).__name__ == "ResultsScene" and tut.finished
    assert seen == set(range(len(LESSONS)))
    taught = [t for t in tut.trace if ":aside:" not in t]
    assert not [t for t in tut.trace if ":aside:" in t], "every answer was a lesson's own"
    for lesson, expect in (("advance", "advance"), ("advance", "push:"),
                           ("advance", "load:compass"), ("advance", "stop"),
                           ("complete", "actions"), ("complete", ">section:"),
                           ("claim", "claim"), ("claim", "replace:"), ("claim", "end"),
                           ("score", "bind:"), ("score", "perk:bonus"), ("score", "build:"),
                           ("score", "activate:rose"), ("score", "take"),
                           ("score", "compass>achievement:")):
        assert any(t.startswith(f"{lesson}:") and expect in t for t in taught), \
            f"lesson {lesson} did not teach {expect}: {taught}"
    # what happened in the lessons' part of the game (the turns the learner was taught)
    assert tut.table is not None
    events = [e for i, e in replayed(tut.table.game) if i < lessons_end[0]]
    r = rules()
    done = [e for e in events if isinstance(e, ev.SectionCompleted) and e.completer == 0]
    assert len(done) == 1 and done[0].cause == "placement"
    mon = done[0].monument
    region = r.monuments[mon].region
    assert any(isinstance(e, ev.TokenMoved) and e.owner == 0 and e.reason == "bound"
               and e.dst == f"bound:{region}" for e in events)
    scored = [e for e in events if isinstance(e, ev.ScoreChanged) and e.seat == 0
              and e.new > e.old]
    assert scored, "the learner's score rose"
    start = start_game()
    assert tp.bridge_monument(start) == mon  # the section whose Bonus Tile builds a bridge
    ach = [e for e in events if isinstance(e, ev.AchievementClaimed) and e.seat == 0]
    assert len(ach) == 1 and ach[0].achievement == tp.achievement_for(
        start, tp.achievement_icon(start))
    bridges = [e for e in events if isinstance(e, ev.BridgeBuilt) and e.seat == 0]
    assert len(bridges) == 1 and bridges[0].tier == 1 and bridges[0].space
    power = [e for e in events if isinstance(e, ev.PowerUsed) and e.seat == 0]
    assert [p.power for p in power] == ["pw_aureon_1"]  # uncovered by Bridge Token I
    assert any(isinstance(e, ev.BridgeBenefit) and e.seat == 0 for e in events)
    # the learner's turns in the lessons: an Advance, then the Actions turn that scores
    turns = [e.turn_type for e in events if isinstance(e, ev.TurnTypeChosen) and e.seat == 0]
    assert turns == ["advance", "actions"]
    # every step says why, in plain words
    for (li, si), (say, why) in shown.items():
        step = LESSONS[li].steps[min(si, len(LESSONS[li].steps) - 1)]
        if step.kinds or step.say:
            assert say.strip(), (li, si)
            assert why.strip() and len(why) > 20, f"no reason at lesson {li + 1} step {si}"
        for text in (say, why):
            assert not ID_LIKE.search(text), text
            assert not NOTATION.search(text), text


def test_the_scoring_step_tells_why_the_score_changed(app):
    """The scoring lesson ends with the learner's score before and after the turn and each
    category's change with its cause (R24.2 bound energy, R24.5 the Achievement, R24.6 the
    bank energy paid for the tile), in catalog names."""
    tut = Tutorial(app, remember=False, autoplay=True)
    tut.start(resume=False)
    last = len(LESSONS) - 1
    scored = next(i for i, s in enumerate(LESSONS[last].steps) if s.focus == "info:top:0")
    run_until(app, tut, at_step(tut, last, scored), frames=6000)
    cue = tut.cue
    assert cue is not None and cue.next
    t = app.scene
    r = rules()
    mon = r.names[tp.bridge_monument(t.game)]
    assert cue.say.startswith("Section scored! Your score went from 1 to 5")
    assert f"Monuments +3: your Magnet bound at {mon}." in cue.why
    assert "Achievements +2: your Compass on Pillar Builder" in cue.why
    assert "Tile Pool −1" in cue.why


def test_python_m_game_tutorial_autoplay_exits_0(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    assert main(["--tutorial", "--autoplay", "--size", "1280x720"]) == 0
    assert f"tutorial autoplay: finished: lessons {len(LESSONS)} of {len(LESSONS)}" in \
        capsys.readouterr().out


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
    t.hint()  # the lesson's panel is the hint: the hard bot's plan would be another lesson
    assert t.message.startswith("No hint: during the lessons the tutorial's panel says")
    assert not t.hints.thinking
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
    run_until(app, tut, at_step(tut, 1, 2))  # mid-lesson: the Deploys of lesson 2
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
    run_until(app, again, lambda: again.lesson_i == 2)


def test_a_skipped_lesson_is_played_in_the_same_game_and_the_tutorial_ends_in_a_normal_game(
        app):
    """"Skip lesson ▸" plays the rest of the lesson with its own answers, in the same game
    (no jump: the next lesson starts where it would have), and past the last lesson the game
    goes on as a normal game."""
    tut = Tutorial(app, remember=True, autoplay=False)
    tut.start(resume=False)
    app.step(1 / 60)
    game = tut.table.game
    skip = tut.overlay.skip_button
    r = skip.world_rect()
    click(app, r.centerx, r.centery)  # "Skip lesson ▸" on the panel
    app.step(1 / 60)
    assert tut.skipping
    run_until(app, tut, lambda: tut.lesson_i == 1 and tut.cue is not None
              and not tut.cue.waiting, frames=3000)
    assert not tut.skipping and tut.step_i == 0
    assert tut.table.game is game  # the same game, played on
    first = start_game().state.players[0].staging[0]
    assert game.history[len(start_game().history):][:2] == ["advance", f"push:{first}"]
    assert tut.cue.next and "took an Advance turn" in tut.cue.say  # the bot's turn, told
    tut.skip_lesson()
    run_until(app, tut, lambda: tut.lesson_i == 2 and tut.cue is not None
              and not tut.cue.waiting, frames=3000)
    assert game.state.monuments[tp.bridge_monument(game)].completed  # lesson 2's work is done
    tut.skip_lesson()
    tut.skip_lesson()  # skipping on while the skip plays: still one lesson at a time
    run_until(app, tut, lambda: tut.lesson_i == 3, frames=3000)
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


def test_a_damaged_progress_file_plays_on_to_the_lesson_again(app):
    folder = progress.folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "progress.json").write_text('{"lesson": 1, "step": 4}', encoding="utf-8")
    (folder / "game.json").write_text("{not json", encoding="utf-8")
    app.open_tutorial()
    tut = app.scene.tutorial.tut
    assert "could not be read" in tut.notice
    assert tut.lesson_i == 0 and tut.skip_to == 1  # the lessons' own answers play to it
    run_until(app, tut, lambda: tut.lesson_i == 1 and not tut.skipping)
    (folder / "progress.json").write_text("[1, 2", encoding="utf-8")
    app.open_tutorial()
    assert app.scene.tutorial.tut.lesson_i == 0


def test_the_start_is_real_play_from_the_generator():
    """saves/scenarios/aac/tutorial-2p.json is what `python -m engine scenarios` makes: a
    seeded game whose set-up easy bots played, stopped at the learner's first turn, where the
    whole arc of the lessons is possible against the easy bot the tutorial seats."""
    made = dict(tutorial_games())
    assert sorted(made) == [START]
    shipped = load_game(SCENARIOS / START, verify=True)
    assert shipped.history == made[START].history
    d = shipped.pending
    assert d is not None and d.seat == 0 and d.kind == "turn_type" and shipped.state.turn == 1
    assert [p.character for p in shipped.state.players] == list(TUTORIAL_CHARACTERS)
    assert BOT_SEED == tp.TUTORIAL_BOT_SEED  # the bot the generator checked the arc with


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
    tut.play_on()
    assert tut.finished
    session = app.scene.session
    learner, other = session.bots[0], session.bots[1]
    assert isinstance(learner, BotSpec) and isinstance(other, BotSpec)
    assert learner.level == "easy" and learner.roster == other.roster
    assert not session.seats[0].human and session.humans == []

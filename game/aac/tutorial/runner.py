"""The tutorial on a real table: the steps of game.aac.tutorial.script, one at a time, in one
continuous game from its first turn.

For the real pending decision the runner works out the one choice a step teaches (or, for a
question no step expects, the easy bot's suggestion with the reason the hint engine gives
for it), and the overlay highlights where to click it. A step passes when that choice is made
through the table, the way a player makes any choice. Lessons follow each other in the same
game; "Skip lesson" plays the rest of the lesson's steps for the learner, quickly, so the next
lesson starts where it would have. Progress (lesson, step, the game) is remembered after
every step, so the tutorial can be left and resumed. After the last lesson the game goes on
as a normal game against the easy bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.aac.api import Game, SaveError, explain, load_game
from engine.aac.api import tutorial_plan as tp
from engine.kernel.decisions import Choice, Decision
from game.aac.scenes.table import TableScene
from game.aac.session import AacSession
from game.aac.tutorial import progress
from game.aac.tutorial.overlay import TutorialOverlay
from game.aac.tutorial.script import LEARNER, LESSONS, START, At, Lesson, Step, Text
from game.shell.bot_worker import make_bot
from game.shell.layout import fit
from game.shell.session import SeatSpec
from game.shell.theme import ASSETS

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

SCENARIOS = ASSETS.parent / "saves" / "scenarios" / "aac"
LAUNCH_SAY = ("Launch it: drag the plunger under the tile down and let go, or press "
              "\u201cFire for me\u201d.")
LAUNCH_WHY = "The trapdoor throws the deployed energy up; it flies on to where it goes."
SKIP_SAY = "Skipping ahead: the tutorial plays the rest of this lesson for you…"
RETRY_FRAMES = 40  # autoplay: click again if nothing happened after this many frames
MAX_RETRIES = 5
BOT_SEED = tp.TUTORIAL_BOT_SEED  # the start was checked against this bot (scenarios.py)


@dataclass
class Cue:
    """What the overlay shows now."""

    heading: str
    say: str
    why: str = ""
    choice: Choice | None = None  # the answer to click
    next: bool = False  # a step read with "Next"
    focus: str = ""  # what a "Next" step points at (a target or an area)
    waiting: bool = False  # nothing to click (the bot plays, an animation runs)


def start_game() -> Game:
    """The tutorial's first turn (a save of real play, verified against its replay)."""
    return load_game(SCENARIOS / START, verify=True)


class Tutorial:
    def __init__(self, app: Nav, remember: bool = True, autoplay: bool = False) -> None:
        self.app = app
        self.remember = remember
        self.autoplay = autoplay
        self.lesson_i = 0
        self.step_i = 0
        self.done_once = False
        self.finished = False
        self.table: TableScene | None = None
        self.overlay: TutorialOverlay | None = None
        self.cue: Cue | None = None
        self._cue_key: object = None
        self._cued: tuple[int, str, bool] | None = None  # (history length, choice, taught)
        self._last_choice = ""
        self._suggester = make_bot("easy", 4242)
        self._origin: Game | None = None
        self.skip_to: int | None = None  # "Skip lesson": plays on to this lesson
        self.notice = ""
        self.stuck = ""  # autoplay: why it could not go on
        self._click_key: object = None
        self._click_frames = 0
        self._clicks = 0
        self.trace: list[str] = []  # what was taught, in order (tests read it)

    # --- opening, leaving, skipping ------------------------------------------------------------
    @property
    def lesson_count(self) -> int:
        return len(LESSONS)

    @property
    def lesson(self) -> Lesson:
        return LESSONS[min(self.lesson_i, len(LESSONS) - 1)]

    @property
    def step(self) -> Step:
        steps = self.lesson.steps
        return steps[min(self.step_i, len(steps) - 1)]

    @property
    def origin(self) -> Game:
        """The tutorial's start, for what happened since (loaded once)."""
        if self._origin is None:
            self._origin = start_game()
        return self._origin

    def start(self, resume: bool = True) -> None:
        """Resume where the learner left (if remembered), else start from lesson 1."""
        got = progress.load() if resume and self.remember else None
        if got is None or got[0].finished:
            self.open_lesson(0)
            return
        prog, game = got
        if game is None:  # its lessons are played again up to the remembered one
            self.notice = ("The tutorial's saved game could not be read: it plays on again "
                           "to where you were.")
            self.open_lesson(prog.lesson)
        else:
            self.open_lesson(prog.lesson, game, prog.step, prog.done_once)

    def open_lesson(self, i: int, game: Game | None = None, step: int = 0,
                    done_once: bool = False) -> None:
        """Open the tutorial's game at lesson i: a remembered game at its step, or (no game)
        the first turn, played on to lesson i by the lessons' own answers."""
        if i >= len(LESSONS):
            self.play_on()
            return
        if game is None:
            try:
                game = start_game()
            except SaveError as exc:  # a damaged install: say so
                self.notice = f"The tutorial could not be opened ({exc})."
                self.stuck = self.notice
                return
            self.skip_to = i if i > 0 else None
            i, step, done_once = 0, 0, False
        self.lesson_i, self.step_i, self.done_once = i, min(step, len(LESSONS[i].steps) - 1), \
            done_once
        self.finished = False
        session = AacSession(game, [SeatSpec(True), SeatSpec(False, "easy")], bot_seed=BOT_SEED)
        self.app.start_session(session)
        table = self.app.scene
        assert isinstance(table, TableScene)
        table.autosave_enabled = False  # the tutorial keeps its own game (progress.py)
        self.table = table
        self.overlay = TutorialOverlay(self, table)
        table.tutorial = self.overlay
        table.add(self.overlay)
        self.cue, self._cue_key, self._cued = None, None, None
        self.save()

    def _enter(self, i: int) -> None:
        """The next lesson, in the same game."""
        if i >= len(LESSONS):
            self.play_on()
            return
        self.lesson_i, self.step_i, self.done_once = i, 0, False
        self.cue, self._cue_key = None, None
        if self.skip_to is not None and i >= self.skip_to:
            self.skip_to = None
        self.save()

    def next(self) -> None:
        """"Next" on a step that is read: the following step, or the next lesson."""
        self.trace.append(f"{self.lesson.id}:{self.step_i}:next")
        self.step_i += 1
        self.done_once = False
        self.cue = None
        if self.step_i >= len(self.lesson.steps):
            self._enter(self.lesson_i + 1)
        else:
            self.save()

    def skip_lesson(self) -> None:
        """"Skip lesson ▸": the rest of this lesson is played for the learner (the same
        answers, quickly), so the next lesson starts in the game it expects; past the last
        lesson, the game goes on as a normal game."""
        if self.lesson_i >= len(LESSONS) - 1:
            self.play_on()
            return
        self.skip_to = self.lesson_i + 1
        self.cue, self._cue_key = None, None

    @property
    def skipping(self) -> bool:
        return self.skip_to is not None and not self.finished

    def leave(self) -> None:
        self.save()
        self.app.open_menu()

    def play_on(self) -> None:
        """The lessons are over: the game goes on as a normal game against the easy bot
        (autoplay hands the learner's seat to an easy bot too)."""
        self.finished = True
        self.skip_to = None
        self.cue = None
        t = self.table
        if t is not None:
            if self.overlay is not None:
                t.remove(self.overlay)
            t.tutorial = None
            t.autosave_enabled = self.app.persist
            if self.autoplay:
                t.session.hand_to_bot(LEARNER, "easy", 99)
            t.refresh()
        if self.remember:
            progress.save(progress.Progress(finished=True), None)

    def save(self) -> None:
        if not self.remember or self.finished:
            return
        game = self.table.game if self.table is not None else None
        try:
            progress.save(progress.Progress(lesson=self.lesson_i, step=self.step_i,
                                            done_once=self.done_once), game)
        except OSError as exc:  # a full disk must not stop the lesson
            self.notice = f"The tutorial's progress could not be saved ({exc.strerror})."

    # --- the steps -------------------------------------------------------------------------------
    def words(self, text: str) -> str:
        """A step's text with {you} and {bot} as the seats' character names."""
        t = self.table
        if t is None:
            return text
        return text.replace("{you}", t.session.name(LEARNER)).replace(
            "{bot}", t.session.name(1 - LEARNER))

    def text(self, text: Text, g: Game, d: Decision | None = None,
             c: Choice | None = None) -> str:
        """A step's words: fixed, or computed from the position (script.At)."""
        if callable(text):
            t = self.table
            at = At(g, d, c, self.origin,
                    t.session.name(LEARNER) if t is not None else "You",
                    t.session.name(1 - LEARNER) if t is not None else "The bot")
            text = text(at)
        return self.words(text)

    def heading(self) -> str:
        return f"Lesson {self.lesson_i + 1} of {len(LESSONS)}: {self.lesson.title}"

    def update(self) -> None:
        """Each frame: notice the answer given, then work out the cue for the pending
        decision (once per decision and step)."""
        t = self.table
        if t is None or self.finished:
            return
        g = t.game
        if self._cued is not None:
            n, cid, taught = self._cued
            if len(g.history) > n:
                self._cued = None
                self._last_choice = g.history[n]
                if g.history[n] == cid and taught:
                    self._answered()
                elif g.history[n] == cid:
                    self.trace.append(f"{self.lesson.id}:aside:{cid}")
                self.cue = None
        if t.animator.busy:
            if t.trapdoor.waiting() is not None:  # a Deploy waits for the player's launch
                self.cue = Cue(self.heading(), LAUNCH_SAY, LAUNCH_WHY, waiting=True)
                self._cue_key = None
                if self.autoplay or self.skipping:
                    self._autofire()
                return
            if self.skipping:
                t.animator.skip()
                return
            if self.cue is not None and self.cue.choice is not None:
                return  # keep the cue; the overlay hides its ring while things move
            self.cue = Cue(self.heading(), "…", waiting=True)
            self._cue_key = None
            return
        key = (len(g.history), self.lesson_i, self.step_i, self.done_once)
        if self.cue is None or key != self._cue_key:
            self._cue_key = key
            self.cue = self._make_cue(g)
            if not self.cue.waiting:
                t.close_recap()  # the lesson tells what the bot did; its card would cover
        if self.skipping:
            self._skip_step()
        elif self.autoplay:
            self._autoclick()

    def _skip_step(self) -> None:
        """"Skip lesson": answer the cue at once (the taught choice, or "Next")."""
        cue, t = self.cue, self.table
        if cue is None or t is None or cue.waiting:
            return
        if cue.next:
            self.next()
        elif cue.choice is not None:
            t.choose(cue.choice.id)

    def _answered(self) -> None:
        self.trace.append(f"{self.lesson.id}:{self.step_i}:{self._last_choice}")
        step = self.step
        t = self.table
        if step.repeat and not (step.until is not None and t is not None and
                                step.until(t.game)):
            self.done_once = True
            self.save()
        else:
            self._step_on()

    def _step_on(self) -> None:
        """On to the lesson's next step; after its last, the next lesson (same game)."""
        self.step_i += 1
        self.done_once = False
        if self.step_i >= len(self.lesson.steps):
            self._enter(self.lesson_i + 1)
        else:
            self.save()

    def _human(self, d: Decision | None) -> bool:
        return d is not None and self.table is not None and self.table.session.is_human(d.seat)

    def _say(self, cue: Cue) -> Cue:
        if self.skipping:
            cue.why = cue.say
            cue.say = SKIP_SAY
        return cue

    def _make_cue(self, g: Game) -> Cue:
        d = g.pending
        for _ in range(sum(len(lesson.steps) for lesson in LESSONS) + 1):
            if self.finished:
                return Cue(self.heading(), "", waiting=True)
            step = self.step
            if not step.kinds:  # a step read with "Next"
                if step.after_turn and self._human(d) and d is not None and \
                        d.kind != "turn_type":
                    return self._interlude(g, d)  # the learner still has answers to give
                if step.wait_turn and not (self._human(d) and d is not None and
                                           d.kind == "turn_type"):
                    if self._human(d):
                        return self._interlude(g, d)
                    return self._waiting(d)
                focus = step.focus(g) if callable(step.focus) else step.focus
                return self._say(Cue(self.heading(), self.text(step.say, g),
                                     self.text(step.why, g), next=True, focus=focus))
            if d is None:
                return Cue(self.heading(), "The game is over.", next=True)
            if not self._human(d):
                return self._waiting(d)
            if step.repeat and self.done_once and step.until is not None and step.until(g):
                self._step_on()
                continue
            if d.kind in step.kinds:
                cid = (step.pick(g, d) if step.pick is not None else d.choices[0].id)
                choice = d.find(cid) if cid else None
                if choice is None:
                    if step.optional or (step.repeat and self.done_once):
                        self._step_on()
                        continue
                    return self._interlude(g, d)
                self._cued = (len(g.history), choice.id, True)
                self.save()  # the bot's moves since the last answer are kept too
                return self._say(Cue(self.heading(), self.text(step.say, g, d, choice),
                                     self.text(step.why, g, d, choice), choice=choice))
            if step.optional or (step.repeat and self.done_once):
                self._step_on()
                continue
            if d.kind == "turn_type":  # a new turn, and the step's question never came:
                self.step_i = len(self.lesson.steps) - 1  # the lesson ends here
                self.done_once = False
                continue
            return self._interlude(g, d)
        return self._interlude(g, d)

    def _waiting(self, d: Decision | None) -> Cue:
        name = self.table.session.name(d.seat) if self.table is not None and d is not None \
            else "The bot"
        return Cue(self.heading(), f"{name}, the easy bot, is playing…",
                   "Watch what it does: its energy lands on the board too.", waiting=True)

    def _interlude(self, g: Game, d: Decision | None) -> Cue:
        """A question the lesson does not teach: the easy bot's answer is highlighted, with
        the reason the hint engine gives for it (what it achieves this turn)."""
        if d is None:
            return Cue(self.heading(), "The game is over.", next=True)
        if not self._human(d):
            return self._waiting(d)
        try:
            cid = self._suggester.choose(g.view(d.seat), d)
        except Exception:  # a bot that fails must not stop the lesson
            cid = d.choices[0].id
        choice = d.find(cid) or d.choices[0]
        try:
            why = explain(g, d.seat, choice.id, search=False)
        except Exception:  # a reason that fails must not stop the lesson either
            why = ""
        self._cued = (len(g.history), choice.id, False)
        self.save()
        return self._say(Cue(self.heading(), f"{d.prompt}",
                             f"A question on the way. Suggested: {why}" if why else
                             "A question on the way: the highlighted answer is the easy "
                             "bot's.", choice=choice))

    # --- autoplay: synthesized clicks on the highlighted target ---------------------------------
    def _autofire(self) -> None:
        """Autoplay launches a waiting trapdoor by clicking "Fire for me"."""
        t = self.table
        if t is None or not t.fire_button.visible:
            return
        r = t.fire_button.world_rect()
        s, ox, oy = fit(*self.app.window.get_size())
        pos = (round(ox + r.centerx * s), round(oy + r.centery * s))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def _autoclick(self) -> None:
        ov = self.overlay
        cue = self.cue
        if ov is None or cue is None or cue.waiting:
            return
        key = (self._cue_key, id(self.table.popup) if self.table is not None else 0)
        if key == self._click_key:
            self._click_frames += 1
            if self._click_frames < RETRY_FRAMES:
                return
            self._clicks += 1
            if self._clicks > MAX_RETRIES:
                self.stuck = f"no progress after clicking for {cue.say!r}"
                return
        else:
            self._clicks = 0
        self._click_key, self._click_frames = key, 0
        ov.layout()
        point = ov.click_point()
        if point is None:
            return
        s, ox, oy = fit(*self.app.window.get_size())
        pos = (round(ox + point[0] * s), round(oy + point[1] * s))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def start(app: Nav, resume: bool = True) -> Tutorial:
    """The title menu's "Tutorial" and `python -m game --tutorial`."""
    tut = Tutorial(app)
    tut.start(resume)
    return tut

"""The shell's turn driver (game.shell.turn_driver) both games' tables extend: a bot is asked
as soon as its decision is known and its answer played after the thinking pause, a person's
input given while something moves waits for it to stop, "skip to your turn" and "fast bots"
set the pace, the hot-seat hand-off covers the table before a private decision, and the
results are asked for once when the game ends."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest

from game.shell.turn_driver import TurnDriver

PERSON, OTHER, BOT = 0, 1, 2


class Decision:
    def __init__(self, seat: int, ids: tuple[str, ...] = ("a", "b"), kind: str = "pick") -> None:
        self.seat, self.ids, self.kind = seat, ids, kind

    def find(self, cid: str) -> str | None:
        return cid if cid in self.ids else None


class Worker:
    """The bot worker: remembers what it was asked, answers when told to."""

    def __init__(self) -> None:
        self.asked: list[Any] = []
        self.answer: str | None = None

    def needs_view(self, bot: object) -> bool:
        return True

    def request(self, bot: object, view: object, d: Decision) -> None:
        self.asked.append(d)

    def poll(self) -> tuple[int, str] | None:
        got, self.answer = self.answer, None
        return None if got is None else (0, got)


class Table:
    def __init__(self, humans: tuple[int, ...] = (PERSON,)) -> None:
        self.finished = False
        self.decisions: list[Decision] = []
        self.chosen: list[str] = []
        self.inputs: list[tuple[str, Any]] = []
        self.results = 0
        self.popups_closed = 0
        self.refreshed = 0
        worker = Worker()
        self.app = SimpleNamespace(bot_worker=worker, sound=SimpleNamespace(play=lambda n: None),
                                   show_results=self._results)
        self.worker = worker
        self.game = SimpleNamespace(view=lambda seat: {"seat": seat}, is_over=False)
        hs = list(humans)
        self.session = SimpleNamespace(humans=hs, is_human=lambda s: s in hs,
                                       bots={BOT: "bot"})
        self.settings = SimpleNamespace(anim_speed=1.0, fast_bots=False, bot_delay=0.5,
                                        handoff_always=False)
        self.animator = SimpleNamespace(busy=False, background=[], skip=self._skip)
        self.handoff = SimpleNamespace(visible=False, seat=-1, show=self._cover)
        self.skip_button = SimpleNamespace(visible=False)
        self.skipped = 0

    @property
    def pending(self) -> Decision | None:
        return self.decisions[0] if self.decisions and not self.game.is_over else None

    def _results(self, session: object) -> None:
        self.results += 1

    def _skip(self) -> None:
        self.skipped += 1

    def _cover(self, seat: int) -> None:
        self.handoff.visible, self.handoff.seat = True, seat

    def choose(self, cid: str) -> None:
        self.chosen.append(cid)
        self.decisions.pop(0)

    def click(self, vx: float, vy: float, button: int) -> None:
        self.inputs.append(("click", (vx, vy, button)))

    def key_down(self, event: object) -> bool:
        self.inputs.append(("key", event))
        return True

    def close_popup(self) -> None:
        self.popups_closed += 1

    def refresh(self) -> None:
        self.refreshed += 1


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [100.0]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])
    return now


def driver(t: Table) -> TurnDriver[Any]:
    d: TurnDriver[Any] = TurnDriver(t)
    return d


def test_a_bot_is_asked_while_the_last_move_plays_and_answers_after_the_pause(
        clock: list[float]) -> None:
    t = Table()
    first, second = Decision(BOT), Decision(BOT)
    t.decisions = [first, second]
    t.animator.busy = True  # the last move still plays
    d = driver(t)
    d.before_animation()
    assert t.worker.asked == [first] and d.thinking_seat == BOT
    assert t.skip_button.visible  # bots play, a person sits at the table
    d.before_animation()
    assert t.worker.asked == [first]  # asked once
    t.animator.busy = False
    t.worker.answer = "b"
    d.after_animation()
    assert t.chosen == []  # the thinking pause (0.5 s) has not run yet
    clock[0] += 0.5
    d.after_animation()
    assert t.chosen == ["b"]
    assert t.worker.asked == [first, second]  # the next bot decision is asked at once


def test_an_answer_the_decision_does_not_offer_is_dropped(clock: list[float]) -> None:
    t = Table()
    t.decisions = [Decision(BOT)]
    d = driver(t)
    d.think_ahead()
    t.worker.answer = "stale"
    clock[0] += 1.0
    d.drive()
    assert t.chosen == [] and len(t.worker.asked) == 1
    d.drive()  # asked again
    assert len(t.worker.asked) == 2


def test_a_persons_input_waits_for_the_move_to_stop(clock: list[float]) -> None:
    t = Table()
    t.decisions = [Decision(PERSON)]
    d = driver(t)
    d.queued.append(("click", (10.0, 20.0, 1)))
    d.queued.append(("key", "space"))
    t.animator.busy = True
    d.after_animation()
    assert t.inputs == [] and len(d.queued) == 2
    t.animator.busy = False
    t.handoff.visible = True  # covered: nobody's input goes through
    d.after_animation()
    assert t.inputs == []
    t.handoff.visible = False
    d.after_animation()
    assert t.inputs == [("click", (10.0, 20.0, 1)), ("key", "space")] and not d.queued


def test_skip_to_your_turn_and_fast_bots(clock: list[float]) -> None:
    t = Table()
    t.decisions = [Decision(BOT), Decision(PERSON)]
    d = driver(t)
    d.batch_by_bot = True
    assert d.anim_speed() == 1.0 and d.bot_pause() == 0.5
    t.settings.fast_bots = True
    assert d.anim_speed() == 3.0 and d.bot_pause() == 0.0
    t.settings.fast_bots = False
    d.skip_bots()
    assert d.turbo and t.skipped == 1 and d.anim_speed() == 0.0 and d.bot_pause() == 0.0
    d.before_animation()
    assert not t.skip_button.visible  # already skipping
    t.worker.answer = "a"
    d.drive()
    assert t.chosen == ["a"] and d.turbo  # the bot played at once
    d.drive()  # the person decides: back to the set pace
    assert not d.turbo and d.thinking_seat == -1


def test_skip_without_people_only_skips_the_animation() -> None:
    t = Table(humans=())
    d = driver(t)
    d.skip_bots()
    assert not d.turbo and t.skipped == 1


def test_the_results_are_asked_for_once_after_the_last_words_float_off() -> None:
    t = Table()
    t.game.is_over = True
    t.animator.background = ["a score floating off"]
    d = driver(t)
    d.drive()
    assert t.results == 0 and not t.finished
    t.animator.background = []
    d.drive()
    d.drive()
    assert t.results == 1 and t.finished


class Private(TurnDriver[Any]):
    def private_for(self, d: Any) -> bool:
        return bool(d.kind == "secret")


@pytest.mark.parametrize("quietly", [True, False])
def test_the_hand_off_covers_the_table_before_a_private_decision(quietly: bool) -> None:
    t = Table(humans=(PERSON, OTHER))
    d: TurnDriver[Any] = Private(t)
    d.hand_over_quietly = quietly
    t.decisions = [Decision(PERSON, kind="pick")]
    d.drive()
    assert not t.handoff.visible  # nothing private: no need to look away
    assert d.handoff_seat == (PERSON if quietly else -1)
    assert d.hand_viewer() == (PERSON if quietly else -1)
    t.decisions = [Decision(OTHER, kind="secret")]
    d.drive()
    assert t.handoff.visible and t.handoff.seat == OTHER and t.popups_closed == 1
    assert d.hand_viewer() == -1  # covered: nobody's hidden things show
    t.handoff.visible = False
    d.handoff_done(OTHER)
    assert d.hand_viewer() == OTHER and t.refreshed == 1
    d.drive()
    assert not t.handoff.visible  # the table is theirs already
    t.decisions = [Decision(PERSON, kind="pick")]
    t.settings.handoff_always = True
    d.drive()
    assert t.handoff.visible and t.handoff.seat == PERSON


def test_the_hand_viewer_alone_with_bots_and_as_a_spectator() -> None:
    t = Table()
    t.decisions = [Decision(BOT)]
    d = driver(t)
    assert d.hand_viewer() == PERSON  # the one person, even while the bots decide
    d.spectator = True
    assert d.hand_viewer() == -1
    d.spectator = False
    d.check_handoff()  # one person: never covered
    assert not t.handoff.visible


def test_leaving_and_coming_back_asks_the_bot_again(clock: list[float]) -> None:
    t = Table()
    t.decisions = [Decision(BOT)]
    d = driver(t)
    d.think_ahead()
    d.resume()  # no answer came: ask again
    d.think_ahead()
    assert len(t.worker.asked) == 2
    t.worker.answer = "a"
    d.drive()  # the answer came (the pause still runs)
    d.resume()  # kept
    d.think_ahead()
    assert len(t.worker.asked) == 2
    d.forget_bot()
    d.think_ahead()
    assert len(t.worker.asked) == 3

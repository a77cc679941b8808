"""The shell's hotspot index (game.shell.hotspots) both games' tables extend: which hotspots
answer a person's decision, which choices get a prompt button, what the pointer is over (the
smallest legal hotspot wins), what a hotspot says on hover and the prompt while nobody at the
table decides."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.kernel.decisions import Choice, Decision
from game.shell.hotspots import Hotspot, HotspotIndex
from game.shell.scenegraph import Node

PERSON, BOT = 0, 1


class Prompt:
    def __init__(self) -> None:
        self.said: tuple[Any, ...] = ()
        self.thinking = False

    def set(self, *args: Any) -> None:
        self.said = args


def table(d: Decision | None, root: Node) -> SimpleNamespace:
    session = SimpleNamespace(is_human=lambda s: s == PERSON, name=lambda s: f"Ann{s}",
                              colour=lambda s: (1, 2, 3))
    return SimpleNamespace(session=session, pending=d, prompt=Prompt(), popup=None,
                           handoff=Node(0, 0, 10, 10), animator=SimpleNamespace(busy=False),
                           clock=0.0, pulsing=lambda: False, hit=root.hit,
                           app=SimpleNamespace(hovered=None))


def setup(d: Decision | None) -> tuple[HotspotIndex[Any, Hotspot], Node, list[Hotspot]]:
    root = Node(0, 0, 1000, 1000)
    big = Hotspot("area", 0, 0, 200, 200, tip="An area")
    small = Hotspot("town", 50, 50, 20, 20, tip="A town", round_=True)
    note = Hotspot("info:score", 300, 0, 50, 50, tip="The score")
    root.add(big, small, note)
    t = table(d, root)
    t.handoff.visible = False
    hs: HotspotIndex[Any, Hotspot] = HotspotIndex(t)
    hs.gather(root.children, Hotspot)
    return hs, root, [big, small, note]


def decision(seat: int) -> Decision:
    return Decision(seat, "move", "Where to?", (
        Choice("go:area", "Go to the area", targets=("area",)),
        Choice("go:town", "Go to the town", targets=("town", "area")),
        Choice("pass", "Pass"),
    ))


def test_a_persons_decision_lights_its_targets_and_buttons_the_rest() -> None:
    d = decision(PERSON)
    hs, _, (big, small, _) = setup(d)
    buttons = hs.index(d)
    assert [c.id for c in buttons] == ["pass"]  # nothing to point at: a button
    assert {k: [c.id for c in v] for k, v in hs.legal.items()} == \
        {"area": ["go:area", "go:town"], "town": ["go:town"]}
    assert hs.hover_node(60, 60) is small  # the smallest legal hotspot wins
    assert hs.hover_node(150, 150) is big
    assert "Click to choose:\n• Go to the town" in hs.tooltip_for(small)
    assert not hs.prompt_waiting(d) and not hs.t.prompt.thinking


def test_nothing_lights_while_a_bot_decides_and_the_prompt_says_so() -> None:
    d = decision(BOT)
    hs, _, (big, _, note) = setup(d)
    assert hs.index(d) == [] and hs.legal == {}
    assert hs.prompt_waiting(d) and hs.t.prompt.thinking
    assert hs.t.prompt.said[0] == "Ann1 (bot) is thinking…"
    assert hs.tooltip_for(big) == "An area"  # nobody at the table may answer: no "Not now"
    assert hs.waiting_why() == "Ann1 (a bot) is deciding."
    assert hs.tooltip_for(note) == "The score"


def test_why_a_hotspot_answers_nothing_now() -> None:
    d = Decision(PERSON, "pick", "Pick one", (Choice("pass", "Pass"),))
    hs, _, (big, _, note) = setup(d)
    hs.index(d)
    assert hs.tooltip_for(big) == "An area\nNot now: not an answer now."
    assert hs.tooltip_for(note) == "The score"  # only tells
    hs.t.animator.busy = True
    assert hs.waiting_why() == "wait for the animation (Space skips it)."
    assert hs.pulse() is None  # no rings while a move plays
    hs.t.animator.busy = False
    assert hs.pulse() == 1.0


def test_the_game_over_prompt_and_a_hidden_hotspot() -> None:
    hs, root, (big, small, _) = setup(None)
    assert hs.prompt_waiting(None) and hs.t.prompt.said[:2] == hs.over_words
    assert hs.waiting_why() == "the game is over."
    d = decision(PERSON)
    hs.t.pending = d
    hs.index(d)
    small.visible = False
    assert hs.hover_node(60, 60) is big  # a hidden hotspot takes no pointer
    assert not hs.on_screen(small) and hs.on_screen(big)
    root.visible = False
    assert not hs.on_screen(big)

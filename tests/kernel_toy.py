"""Pebbles: a tiny game on the kernel alone (it imports nothing of An Age Contrived).

A pile of 12 pebbles; in turn each seat takes 1 to 3, then keeps its secret card (0-3 points,
dealt from a shuffled deck) or draws a new one (a reveal: undo stops there). Taking the last
pebble ends the game; a seat scores its pebbles plus its card.
tests/test_kernel_alone.py plays it with the kernel imported alone; the conformance suite
(tests/test_conformance.py) runs on it beside the real game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.kernel.decisions import Choice, Decision
from engine.kernel.definition import GameDefinition, ScoreCategory, register
from engine.kernel.events import Event
from engine.kernel.fields import Record
from engine.kernel.frames import Frame
from engine.kernel.hidden import HiddenPart
from engine.kernel.rng import Rng, seed_state
from engine.kernel.runner import Runner


@dataclass(slots=True)
class State(Record):
    n: int
    seed: int
    rng: int
    pile: int = 12
    taken: list[int] = field(default_factory=list)
    hands: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    stack: list[Frame] = field(default_factory=list)
    decisions: int = 0
    forced: int = 0
    over: bool = False


@dataclass(slots=True)
class Took(Event):
    seat: int
    count: int


class Ctx:
    def __init__(self, s: State) -> None:
        self.s = s
        self.events: list[Event] = []


@dataclass(slots=True)
class Turn(Frame, kind="pebbles.turn"):
    seat: int
    phase: int  # 0: take pebbles, 1: keep the card or draw a new one

    def step(self, ctx: Ctx) -> Decision | None:
        s = ctx.s
        if self.phase == 0:
            ks = range(1, min(3, s.pile) + 1)
            return Decision(self.seat, "take", "Take how many pebbles?",
                            tuple(Choice(f"take:{k}", f"Take {k}", (), k) for k in ks))
        ch = (Choice("keep", "Keep your card"),) + ((Choice("draw", "Draw a new card"),)
                                                    if s.deck else ())
        return Decision(self.seat, "card", "Keep your card?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s = ctx.s
        if self.phase == 0:
            s.pile -= c.data
            s.taken[self.seat] += c.data
            ctx.events.append(Took(self.seat, c.data))
            if s.pile == 0:
                s.over = True
                s.stack.clear()
            self.phase = 1
            return
        if c.id == "draw":
            s.hands[self.seat] = s.deck.pop(0)
        self.seat, self.phase = (self.seat + 1) % s.n, 0


@dataclass(slots=True)
class Config:
    players: int = 2
    seed: int = 0
    modules: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "modules": list(self.modules)}


class Pebbles(Runner):
    def context(self) -> Ctx:
        return Ctx(self.state)


def _blank(key: str) -> Any:
    def redact(d: dict[str, Any], owner: int | None) -> None:
        if owner is None:
            d[key] = None if key == "rng" else len(d[key])
        else:
            d["hands"] = [-1 if i == owner else h for i, h in enumerate(d["hands"])]
    return redact


def _fill_deck(d: dict[str, Any], owner: int | None, seed: int) -> None:
    if isinstance(d["deck"], int):  # a count: any cards will do (values 0-3)
        rng = Rng(seed_state(seed))
        d["deck"] = [rng.below(4) for _ in range(d["deck"])]


def _fill_hand(d: dict[str, Any], owner: int | None, seed: int) -> None:
    assert owner is not None
    if d["hands"][owner] < 0:
        d["hands"] = [Rng(seed_state(seed + i)).below(4) if h < 0 and i == owner else h
                      for i, h in enumerate(d["hands"])]


def _fill_rng(d: dict[str, Any], owner: int | None, seed: int) -> None:
    d["rng"] = seed_state(seed)


class PebblesDefinition(GameDefinition):
    id: ClassVar[str] = "pebbles"
    title: ClassVar[str] = "Pebbles"
    seats: ClassVar[tuple[int, int]] = (2, 4)
    save_format: ClassVar[str] = "pebbles-save"
    save_version: ClassVar[int] = 1
    state_type: ClassVar[type[Record]] = State
    runner: ClassVar[type[Runner]] = Pebbles
    parts = (
        HiddenPart("deck", _blank("deck"), _fill_deck, lambda s, o: tuple(s.deck)),
        HiddenPart("rng", _blank("rng"), _fill_rng, lambda s, o: s.rng),
        HiddenPart("hand", _blank("hands"), _fill_hand, lambda s, o: s.hands[o],
                   lambda s, o, v: o == v, per_seat=True),
    )

    @property
    def hidden(self) -> tuple[HiddenPart, ...]:
        return self.parts

    def make_config(self, data: Mapping[str, Any]) -> Config:
        cfg = Config(int(data["players"]), int(data["seed"]), tuple(data.get("modules", ())))
        if not 2 <= cfg.players <= 4 or cfg.modules:
            raise ValueError("Pebbles is for 2-4 seats and has no modules")
        return cfg

    def new_game(self, config: Any) -> Pebbles:
        rng = Rng(seed_state(config.seed))
        deck = [rng.below(4) for _ in range(20)]
        s = State(config.players, config.seed, rng.state, taken=[0] * config.players,
                  hands=[deck.pop(0) for _ in range(config.players)], deck=deck)
        s.stack.append(Turn(0, 0))
        g = Pebbles(s)
        g.config = config.to_dict()
        g.start()
        return g

    def score_categories(self, modules: tuple[str, ...] = ()) -> tuple[ScoreCategory, ...]:
        return (ScoreCategory("pebbles", "Pebbles", "pebbles"),
                ScoreCategory("card", "Card", "card"))

    def scores(self, runner: Runner) -> list[dict[str, int]]:
        s = runner.state
        return [{"pebbles": s.taken[i], "card": s.hands[i], "total": s.taken[i] + s.hands[i]}
                for i in range(s.n)]

    def invariants(self, runner: Runner) -> list[str]:
        s = runner.state
        return [] if s.pile + sum(s.taken) == 12 else ["pebbles are not conserved"]


PEBBLES = register(PebblesDefinition())
Pebbles.definition = PEBBLES

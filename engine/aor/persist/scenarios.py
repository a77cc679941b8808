"""Scenario saves (saves/scenarios/aor/): the starts and a few hard positions, found by
playing seeded games (never edited by hand). `python -m engine scenarios --game aor` writes them
again."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from engine.aor.config import AorConfig
from engine.aor.game import Game, new_game
from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state
from engine.kernel.saves import write as save_game


def modest_choice(g: Game, rng: Rng, d: Decision) -> str:
    """A random legal choice of a thrifty player, so that a position looks like a game
    people play: it bids at most half its gold (and mostly passes) and plays only cards it
    can pay without levying when it can; every other decision uniformly at random."""
    gold = g.state.players[d.seat].gold
    choices = list(d.choices)
    if d.kind == "bid":
        bids = [c for c in choices if c.id.startswith("bid:") and c.data <= gold // 2]
        passes = [c for c in choices if c.id == "pass"]
        if passes and (not bids or rng.below(10) < 7):
            return passes[0].id
        if bids:
            return bids[min(rng.below(3), len(bids) - 1)].id
        return choices[0].id
    if d.kind in ("attack_card", "defence_card", "ally"):
        cheap = [c for c in choices if c.data is None or g.t.cards[c.data].cost <= gold]
        choices = cheap or choices
    return choices[rng.below(len(choices))].id


def played(cfg: AorConfig) -> Iterator[Game]:
    """A seeded game of modest random choices: the game before each decision."""
    g = new_game(cfg)
    g.undo_enabled = False
    rng = Rng(seed_state(cfg.seed ^ 0xA0A))
    while not g.is_over:
        d = g.pending
        assert d is not None
        yield g
        g.choose(modest_choice(g, rng, d))


def find(players: int, want: Callable[[Game], bool], seed0: int, tries: int = 300) -> Game:
    for seed in range(seed0, seed0 + tries):
        for g in played(AorConfig(players=players, seed=seed)):
            if want(g):
                return g
    raise RuntimeError("no such position found")


def war_office_pending(g: Game) -> bool:
    d = g.pending
    return d is not None and d.kind == "second_attack" and len(d.choices) > 3


def auction_mid_phase(g: Game) -> bool:
    d = g.pending
    return (d is not None and d.kind == "bid" and g.state.turn == 2
            and any(c.id == "pass" for c in d.choices) and len(g.state.proposal) == 2
            and g.state.alliance.count(-1) == 6)


def waiting_for_allies(g: Game) -> bool:
    d = g.pending
    return d is not None and d.kind == "ally" and len(d.choices) == 2


def last_segment(g: Game) -> bool:
    s = g.state
    d = g.pending
    return (d is not None and s.turn == 3 and s.segment == g.t.segments[s.n]
            and d.kind == "box")


SCENARIOS: list[tuple[str, str, Callable[[], Game]]] = [
    ("start-3p", "the start of a 3-player game", lambda: new_game(AorConfig(3, 301))),
    ("start-5p", "the start of a 5-player game", lambda: new_game(AorConfig(5, 501))),
    ("start-7p", "the start of a 7-player game", lambda: new_game(AorConfig(7, 701))),
    ("war-office-4p", "a War Office second attack to choose",
     lambda: find(4, war_office_pending, 40)),
    ("auction-mid-phase-5p", "turn 2's first bidding under way: raise or pass",
     lambda: find(5, auction_mid_phase, 50)),
    ("allies-pending-6p", "a combat waiting for a possible ally's Ally or Blank",
     lambda: find(6, waiting_for_allies, 60)),
    ("last-segment-3p", "the last segment of turn 3",
     lambda: find(3, last_segment, 30)),
]


def write_all(out: str | Path) -> list[Path]:
    folder = Path(out)
    paths = []
    for name, note, make in SCENARIOS:
        g = make()
        paths.append(save_game(g, folder / f"{name}.json", note=note))
    return paths

"""A small position builder for rule tests: a real game, then the position set by hand."""

from __future__ import annotations

from typing import Any

from engine import Game, GameConfig, new_game
from engine.aac.bots import make_bot
from engine.aac.core import Ctx
from engine.aac.data import TYPE_INDEX
from engine.aac.state import EMPTY


def make_game(
    players: int = 2,
    characters: list[str | None] | None = None,
    seed: int = 1,
    **kw: Any,
) -> Game:
    """A fresh game after setup, each seat facing its first option, at the first turn's
    'Advance or Actions?' decision. Seat 0 is not necessarily the start player: see
    g.state.start_player / g.state.active. With Pilgrimage at 2 players the closed Compass
    space is left unmarked (R27.1.7)."""
    g = new_game(GameConfig(players=players, seed=seed, characters=characters, **kw))
    while g.pending is not None and g.pending.kind in ("choose_facing", "pilgrimage_blocker"):
        g.choose("leave" if g.pending.kind == "pilgrimage_blocker" else g.pending.choices[0].id)
    return g


def ctx(g: Game) -> Ctx:
    return Ctx(g.state, g.rules)


def T(name: str) -> int:
    """Energy type index by name: T('rose')."""
    return TYPE_INDEX[name]


def clear_device(g: Game, seat: int) -> None:
    """Empty every slot of the seat's tiles into its exhausted pool."""
    p = g.state.players[seat]
    for tile in p.device + p.staging:
        for row in (p.top[tile], p.bottom[tile]):
            for i, t in enumerate(row):
                if t != EMPTY:
                    p.exhausted[t] += 1
                    row[i] = EMPTY


def load(g: Game, seat: int, pos: int, row: str, etype: str) -> None:
    """Move one energy of etype from the exhausted pool into a slot (pos 1..5)."""
    p = g.state.players[seat]
    t = T(etype)
    assert p.exhausted[t] > 0, f"no {etype} in seat {seat}'s exhausted pool"
    slots = p.top[p.device[pos - 1]] if row == "top" else p.bottom[p.device[pos - 1]]
    i = slots.index(EMPTY)
    slots[i] = t
    p.exhausted[t] -= 1


def put_on_section(g: Game, seat: int, mon: str, idx: int, etype: str) -> None:
    """Move one of the seat's exhausted energy onto a space of mon's topmost section."""
    p = g.state.players[seat]
    t = T(etype)
    assert p.exhausted[t] > 0, f"no {etype} in seat {seat}'s exhausted pool"
    m = g.state.monuments[mon]
    assert m.spaces[idx] == EMPTY
    p.exhausted[t] -= 1
    m.spaces[idx] = seat * 4 + t


def rerun(g: Game) -> None:
    """Recompute the pending decision after the state was edited by hand."""
    g._run(ctx(g))


def choose(g: Game, *ids: str) -> list[Any]:
    """Make several choices; each must be legal. Returns all events."""
    out: list[Any] = []
    for cid in ids:
        out.extend(g.choose(cid))
    return out


def choice_ids(g: Game) -> list[str]:
    assert g.pending is not None
    return g.pending.ids()


def push_frame(g: Game, frame: Any) -> None:
    """Put a rule frame on top of the stack and run to its first decision."""
    g.state.stack.append(frame)
    rerun(g)


def at_a_decision(g: Game, seed: int, seat: int = 0, limit: int = 400) -> Game:
    """`g` played on by two easy bots to a decision of `seat` with more than two choices from
    turn 2 on (a position for the bots' hidden-information tests)."""
    bots = [make_bot("easy", seed + k) for k in range(g.state.n)]
    for _ in range(limit):
        d = g.pending
        assert d is not None
        if d.seat == seat and len(d.choices) > 2 and g.state.turn >= 2:
            return g
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
    raise AssertionError("no decision found")

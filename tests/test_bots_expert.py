"""The expert level: hard with a bigger budget (engine.aac.bots.planner EXPERT), its best turns
played on through every opponent's searched reply and its own next turn, over more than one
determinization of what it cannot see.

Small budgets keep these fast; the same code runs with the level's budget in tournaments
(`python -m engine tournament --seats expert,hard ...`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from engine.aac.bots import BOT_LEVELS, level_note, make_bot
from engine.aac.bots.guard import passive
from engine.aac.bots.planner import EXPERT, HARD, Node, Params, PlannerBot, fingerprint
from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game
from engine.kernel.decisions import Decision
from tests.test_bots import _reordered


def _small(**kw: Any) -> Params:
    """The expert's search with every part on, at a tenth of its budget."""
    base = {**EXPERT.__dict__, "weights": dict(EXPERT.weights), "max_nodes": 80, "beam": 3,
            "replies": 2, "reply_nodes": 24, "own_next": 24, "reply_samples": 2}
    return Params(**{**base, **kw})


def _bot(seed: int, clock: Callable[[], float] | None = None, **kw: Any) -> PlannerBot:
    if clock is None:
        return PlannerBot(seed, "expert", _small(**kw))
    return PlannerBot(seed, "expert", _small(**kw), clock=clock)


def _drive(g: Game, seats: list[Any], limit: int) -> list[str]:
    made: list[str] = []
    while not g.is_over and len(made) < limit:
        d = g.pending
        assert d is not None
        cid = seats[d.seat].choose(g.view(d.seat), d)
        assert cid in d.ids()
        g.choose(cid)  # raises IllegalChoice on an illegal choice
        made.append(cid)
    return made


class PassiveSeat:
    """Always the passive choice when there is one ("End your turn", "Leave it"...)."""

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        c = passive(decision.choices)
        return (c or decision.choices[0]).id


def test_expert_is_hard_with_a_bigger_budget() -> None:
    assert BOT_LEVELS[-1] == "expert"
    bot = make_bot("expert", 3)
    assert isinstance(bot, PlannerBot) and bot.name == "expert"
    assert bot.p.weights == HARD.weights  # the same evaluation as hard
    assert bot.p.max_nodes > HARD.max_nodes and bot.p.beam >= HARD.beam
    assert bot.p.replies > HARD.replies
    assert bot.p.reply_nodes > 0 and bot.p.own_next > 0
    # more plans played on, rather than one plan on more guesses (measured the stronger)
    assert bot.p.replies >= 2 * HARD.replies and bot.p.reply_samples >= 1
    assert not bot.p.distinct and not HARD.distinct  # measured no stronger: an option
    note = level_note("expert")
    assert f"{EXPERT.max_nodes:,} positions" in note and "next turn" in note
    assert f"its {EXPERT.replies} best plans" in note and "1 guesses" not in note


def test_the_replies_are_searched_turns() -> None:
    """With reply_nodes and own_next the search spends positions beyond its own-turn budget on
    the opponent's reply and its own next turn (counted in `nodes`); without them it does not."""
    def nodes(**kw: Any) -> tuple[int, int]:
        g = new_game(GameConfig(players=2, seed=21))
        g.undo_enabled = False
        bot = _bot(5, **kw)
        _drive(g, [bot, make_bot("easy", 6)], 40)
        return bot.nodes, bot.plans

    deep, plans = nodes()
    flat, plans2 = nodes(reply_nodes=0, own_next=0, reply_samples=1)
    assert plans > 0 and plans2 > 0
    assert flat <= 80 * plans2  # the own-turn beam only
    assert deep > 80 * plans  # the replies and the next turn were searched too


def test_a_seed_and_a_budget_give_the_same_choices() -> None:
    runs = []
    for _ in range(2):
        g = new_game(GameConfig(players=2, seed=21))
        g.undo_enabled = False
        bots = [_bot(5), make_bot("easy", 6)]
        made = _drive(g, bots, 60)
        runs.append((made, bots[0].plans, bots[0].nodes))  # type: ignore[attr-defined]
    assert runs[0] == runs[1]
    assert runs[0][1] >= 3  # it searched (a plan a turn, followed after that)


def test_a_slow_clock_does_not_change_the_choices_and_the_cap_is_counted() -> None:
    """A clock 3 ms per reading (a loaded machine) changes nothing: the node budget decides.
    One jumping 100 s per reading trips the safety cap in every search: still legal choices,
    and each cut is counted."""
    def clock(step: float) -> Callable[[], float]:
        ticks = itertools.count()
        return lambda: next(ticks) * step

    def run(bot: PlannerBot) -> list[str]:
        g = new_game(GameConfig(players=2, seed=8))
        g.undo_enabled = False
        return _drive(g, [bot, make_bot("easy", 2)], 40)

    real = run(_bot(5))
    slow_bot = _bot(5, clock=clock(0.003), time_cap=1e6)
    assert run(slow_bot) == real and slow_bot.cap_fired == 0
    capped = _bot(5, clock=clock(100.0))
    run(capped)
    assert capped.plans > 0 and capped.cap_fired == capped.plans


def test_hidden_information_does_not_change_the_choice() -> None:
    """Two games that differ only in their hidden parts (the face-down supply order, the
    RNG) give the seat the same view, and the expert the same choice: its search, its
    replies and its second guess of the hidden tiles are all rebuilt from the view only."""
    g = new_game(GameConfig(players=2, seed=9))
    g.undo_enabled = False
    _drive(g, [make_bot("easy", 1), make_bot("easy", 2)], 40)
    while g.pending is not None and (len(g.pending.choices) < 2
                                     or g.pending.seat != g.state.active):
        g.choose(g.pending.choices[0].id)
    h = _reordered(g)
    assert g.state.supply != h.state.supply
    d, e = g.pending, h.pending
    assert d is not None and e is not None
    va, vb = g.view(d.seat), h.view(d.seat)
    assert va == vb
    a, b = _bot(4), _bot(4)
    assert a.choose(va, d) == b.choose(vb, e)
    assert a._plan == b._plan and a.nodes == b.nodes > 0


def test_against_a_passive_seat_the_game_ends() -> None:
    """A seat that only ever passes (R23.1: the game ends when every monument is built):
    the expert builds them all."""
    g = new_game(GameConfig(players=2, seed=6))
    g.undo_enabled = False
    bot = _bot(7, max_nodes=40, reply_nodes=12, own_next=12)
    made = _drive(g, [bot, PassiveSeat()], 6000)
    assert g.is_over, f"not over after {len(made)} decisions (turn {g.state.turn})"
    assert all(m.completed or not m.stack for m in g.state.monuments.values())


def test_three_opponents_each_reply_with_a_searched_turn() -> None:
    """At 4 players the replies run through every opponent's turn to the expert's next turn,
    legal throughout."""
    g = new_game(GameConfig(players=4, seed=12))
    g.undo_enabled = False
    bot = _bot(3, max_nodes=40, reply_nodes=12, own_next=12)
    seats: list[Any] = [bot, make_bot("easy", 1), make_bot("random", 2), PassiveSeat()]
    _drive(g, seats, 150)
    assert bot.plans > 0 and bot.cap_fired == 0


def _turn_start(seed: int, skip: int) -> Game:
    """A real position: easy play from `seed`, then the next start of a turn (its Advance or
    Actions choice, R5) after `skip` decisions."""
    g = new_game(GameConfig(players=2, seed=seed))
    g.undo_enabled = False
    _drive(g, [make_bot("easy", 1), make_bot("easy", 2)], skip)
    while g.pending is not None and g.pending.kind != "turn_type":
        g.choose(make_bot("easy", 3).choose(g.view(g.pending.seat), g.pending))
    return g


def _lines(g: Game, first: str, n: int) -> list[Game]:
    """`n` different real positions after `first` at a turn's start: each played on by an
    easy bot of its own seed for a few decisions of the same seat."""
    out: list[Game] = []
    for k in range(40):
        h = g.clone()
        seat = h.state.active
        h.choose(first)
        bot = make_bot("easy", 100 + k)
        for _ in range(3):
            d = h.pending
            if d is None or d.seat != seat:
                break
            h.choose(bot.choose(h.view(seat), d))
        if all(repr(fingerprint(h.state)) != repr(fingerprint(o.state)) for o in out):
            out.append(h)
        if len(out) == n:
            break
    assert len(out) == n
    return out


Keys = list[tuple[str, float]]


def _spy_candidates(bot: PlannerBot, other: PlannerBot) -> list[tuple[Keys, Keys]]:
    """Record, at each re-scoring of `bot`, its candidates and those `other` would take from
    the same lines (read before the bot follows its plan: it pops the chosen line's path)."""
    seen: list[tuple[Keys, Keys]] = []
    original = bot._with_replies

    def spy(finished: list[Node], seat: int, t0: float) -> Node:
        cands, plain = bot._candidates(finished), other._candidates(finished)
        assert cands[0] is plain[0] is finished[0]  # the best line is always one
        seen.append(([(n.path[0], n.value) for n in cands],
                     [(n.path[0], n.value) for n in plain]))
        return original(finished, seat, t0)

    bot._with_replies = spy  # type: ignore[method-assign]
    return seen


def test_the_replies_are_spent_on_distinct_lines() -> None:
    """The candidates played on through the replies (`_candidates` with `distinct`).
    In real searches the best lines often end in different positions that score exactly alike
    (they differ only where the evaluation cannot tell, e.g. which energy type was loaded):
    such lines count once. And when the best lines all start with the same turn type (R5) the
    last slot goes to the best line of the other. Without `distinct` (hard) the best lines
    are taken as they come."""
    changed = 0
    for seed, skip in ((21, 0), (21, 30), (9, 12), (8, 50)):
        g = _turn_start(seed, skip)
        d = g.pending
        assert d is not None
        bot = _bot(5, distinct=True, replies=3, beam=8, max_nodes=240)
        hard_like = PlannerBot(5, "expert", _small(replies=3, beam=8, max_nodes=240,
                                                   distinct=False))
        seen = _spy_candidates(bot, hard_like)
        bot.choose(g.view(d.seat), d)
        assert seen, "the expert re-scored its candidates"
        keys, plain_keys = seen[0]
        assert len(set(keys)) == len(keys) and 1 <= len(keys) <= 3  # no two alike
        changed += keys != plain_keys
    assert changed >= 2  # real searches have such lines

    # the turn types: three Advance lines best, an Actions line behind them
    g = _turn_start(21, 30)
    adv, act = _lines(g, "advance", 3), _lines(g, "actions", 1)
    nodes = [Node(h, ["advance", str(k)], [], value=5.0 - k) for k, h in enumerate(adv)]
    nodes.append(Node(act[0], ["actions", "x"], [], value=1.0))
    bot = _bot(5, distinct=True, replies=3)
    assert [n.path[0] for n in bot._candidates(nodes)] == ["advance", "advance", "actions"]
    plain = PlannerBot(5, "expert", _small(replies=3, distinct=False))._candidates(nodes)
    assert [n.path[0] for n in plain] == ["advance"] * 3
    # only one turn type searched: the best three
    assert bot._candidates(nodes[:3]) == nodes[:3]
    # a line scoring exactly as a better one of the same turn type is skipped
    twin = Node(adv[2], ["advance", "twin"], [], value=5.0)
    assert bot._candidates([nodes[0], twin, nodes[1]]) == [nodes[0], nodes[1]]

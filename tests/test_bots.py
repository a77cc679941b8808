"""Fast bot tests: legality, determinism, no hidden information, the tournament summary."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from engine.aac.bots import make_bot
from engine.aac.bots.determinize import game_from_view
from engine.aac.config import GameConfig
from engine.aac.game import Game, new_game
from engine.kernel.tournament import labels_for, summarize, wilson
from engine.tools.tournament import play_game


def _drive(game: Game, names: list[str], seed: int, limit: int) -> list[str]:
    """Let bots play `limit` decisions; every choice must be legal (choose raises otherwise)."""
    bots = [make_bot(n, seed * 10 + k) for k, n in enumerate(names)]
    made: list[str] = []
    for _ in range(limit):
        if game.is_over:
            break
        d = game.pending
        assert d is not None
        cid = bots[d.seat].choose(game.view(d.seat), d)
        assert cid in d.ids()
        game.choose(cid)
        made.append(cid)
    return made


@pytest.mark.parametrize("names", [["easy", "random", "easy"], ["normal", "hard"]])
def test_bots_make_only_legal_choices(names: list[str]) -> None:
    g = new_game(GameConfig(players=len(names), seed=11))
    made = _drive(g, names, 3, 80 if "hard" in names else 200)
    assert len(made) >= 80


def test_bots_are_deterministic_for_a_seed() -> None:
    a = _drive(new_game(GameConfig(players=2, seed=5)), ["hard", "easy"], 7, 40)
    b = _drive(new_game(GameConfig(players=2, seed=5)), ["hard", "easy"], 7, 40)
    assert a == b


def test_view_hides_rng_and_supply_order() -> None:
    g = new_game(GameConfig(players=3, seed=2))
    v = g.view(0)
    assert "rng" not in v
    assert isinstance(v["supply"], int) and v["supply"] == len(g.state.supply)
    hidden = set(g.state.supply)
    # no supply tile id appears anywhere in the view
    assert not any(t in repr(v) for t in hidden)


def _reordered(g: Game) -> Game:
    """The same table with the hidden supply in another order (and another RNG)."""
    h = g.clone()
    h.state.supply = list(reversed(h.state.supply))
    h.state.rng ^= 0xFFFF
    return h


def test_hidden_supply_order_does_not_change_the_choice() -> None:
    g = new_game(GameConfig(players=2, seed=9))
    _drive(g, ["easy", "easy"], 1, 40)  # get into the game a little
    h = _reordered(g)
    assert g.state.supply != h.state.supply
    d = g.pending
    assert d is not None and h.pending is not None
    va, vb = g.view(d.seat), h.view(d.seat)
    assert va == vb
    for level in ("easy", "normal", "hard"):
        ca = make_bot(level, 4).choose(va, d)
        cb = make_bot(level, 4).choose(vb, h.pending)
        assert ca == cb


def test_determinized_game_matches_the_view_but_not_the_hidden_order() -> None:
    g = new_game(GameConfig(players=4, seed=3))
    view: dict[str, Any] = g.view(1)
    before = copy.deepcopy(view)
    d = game_from_view(view, 123)
    assert view == before  # the view is not mutated
    assert d.pending is not None and g.pending is not None
    assert d.pending.ids() == g.pending.ids()
    assert len(d.state.supply) == len(g.state.supply)
    assert sorted(d.state.supply) == sorted(g.state.supply)  # same unseen tiles
    assert d.state.pool == g.state.pool
    # and a bot's search on it cannot reach the real state (different objects, no shared lists)
    assert d.state.players[0].exhausted is not g.state.players[0].exhausted


def test_tournament_summary_and_labels() -> None:
    assert labels_for(["hard", "hard", "easy"]) == ["hard#1", "hard#2", "easy"]
    lo, hi = wilson(190, 200)
    assert 0.9 < lo < 0.95 < hi < 0.98
    r = play_game((0, ["easy", "random"], ["easy", "random"], 42))
    assert r["error"] == ""
    s = summarize(["easy", "random"], [r])
    assert s["games"] == 1
    assert set(s["bots"]) == {"easy", "random"}
    assert s["bots"]["easy"]["wins"] + s["bots"]["random"]["wins"] == pytest.approx(1.0)


def test_running_out_load_churn_is_avoided() -> None:
    """Tournament seeds 1/42, 46, 48, 144, 180 hit the decision cap: loading a tile by Running
    Out from the other row of the same tile re-opened that slot, and the easy bot ping-ponged
    between the two rows forever. The engine now leaves those sources out too; the bots' guard
    drops them regardless. Seed 1 reaches such a load at decision 147."""
    from engine.aac.bots.guard import churns, useful
    from engine.kernel.decisions import Choice

    same = Choice("load:rose<slot:1:top", "x", ("slot:1:bottom", "slot:1:top"), ("slot:1:top", 1))
    other = Choice("load:rose<slot:2:top", "x", ("slot:1:bottom", "slot:2:top"), ("slot:2:top", 1))
    shop = Choice("load:rose<shop", "x", ("slot:1:bottom", "shop"), ("shop", 1))
    skip = Choice("skip", "x", ("slot:1:bottom",), None)
    assert churns(same) and not churns(other) and not churns(shop) and not churns(skip)
    assert useful((same, other, shop, skip)) == [other, shop, skip]
    assert useful((same,)) == [same]  # never leaves a decision without choices

    g = new_game(GameConfig(players=2, seed=1))
    _drive(g, ["easy", "easy"], 1, 147)
    d = g.pending
    assert d is not None and d.kind == "load_slot"
    churny = {c.id for c in d.choices if churns(c)}
    for level in ("easy", "normal", "hard"):
        assert make_bot(level, 3).choose(g.view(d.seat), d) not in churny
    turn = g.state.turn
    _drive(g, ["easy", "easy"], 2, 150)
    assert g.state.turn > turn


def test_turn_budget_forces_the_passive_choice() -> None:
    from engine.aac.bots.greedy import GreedyBot
    from engine.aac.bots.guard import TurnBudget

    g = new_game(GameConfig(players=2, seed=4))
    bot = GreedyBot(1)
    bot.budget = TurnBudget(limit=0)
    made = []
    for _ in range(60):
        d = g.pending
        assert d is not None
        cid = bot.choose(g.view(d.seat), d)
        made.append(cid)
        g.choose(cid)
        if any(c in ("end", "done", "stop", "skip_rest") for c in made):
            break
    assert any(c in ("end", "done", "stop", "skip_rest", "skip", "decline") for c in made)


def _view_with(turn: int, filled: int, left: int = 2, n: int = 2) -> dict[str, Any]:
    spaces = [0] * filled + [-1] * (4 - filled)
    return {"n": n, "turn": turn, "monuments": {
        "m": {"stack": ["s"] * left, "spaces": spaces}}}


def test_stall_watch_counts_turns_without_building() -> None:
    """R23.1: the game ends only when every monument is built, so a table where nobody builds
    must be noticed. Stalled after STALE_TURNS turns per seat without a filled space; any
    building resets it."""
    from engine.aac.bots.guard import STALE_TURNS, StallWatch

    w = StallWatch()
    limit = STALE_TURNS * 2
    assert not w.stalled(_view_with(10, 1))
    assert not w.stalled(_view_with(10 + limit - 1, 1))
    assert w.stalled(_view_with(10 + limit, 1))
    assert not w.stalled(_view_with(11 + limit, 2))  # a space was filled: reset
    assert w.stalled(_view_with(11 + 2 * limit, 2))
    assert not w.stalled(_view_with(12 + 2 * limit, 0, left=1))  # a section was built
    assert not w.stalled(None)


def test_stalled_weights_make_spending_shop_energy_worth_it() -> None:
    """R24.6 scores 1 per shop energy; on a stalled table the bots count it for less, so
    that moving it back into play (R14 Running Out) scores higher than keeping it."""
    from engine.aac.bots.evaluate import STRONG_WEIGHTS, evaluate, stalled_weights
    from tests.builder import clear_device, make_game
    from tests.builder import load as load_slot

    g = make_game(2, seed=3)
    clear_device(g, 0)
    clear_device(g, 1)
    s = g.state
    keep = g.clone()
    # seat 0 moves one exhausted energy into the shop in `keep`, into a top row in `spend`
    spend = g.clone()
    load_slot(spend, 0, 1, "top", "compass")
    etype = next(t for t in range(4) if keep.state.players[0].exhausted[t] > 0)
    keep.state.players[0].exhausted[etype] -= 1
    keep.state.players[0].shop[etype] += 1
    normal = STRONG_WEIGHTS
    stall = stalled_weights(STRONG_WEIGHTS)
    assert evaluate(keep.state, g.rules, 0, normal) > evaluate(spend.state, g.rules, 0, normal)
    assert evaluate(spend.state, g.rules, 0, stall) > evaluate(keep.state, g.rules, 0, stall)
    assert s.players[0].shop == g.state.players[0].shop  # the original is untouched


def _play_from(g: Game, level: str, watch: bool, turns: int) -> tuple[int, bool]:
    from engine.aac.bots.guard import StallWatch, progress_key
    from engine.aac.bots.progress import ProgressGuard

    bots = [make_bot(level, 40 + k) for k in range(g.state.n)]
    if not watch:  # neither the stall watch nor the progress guard (tests/test_bots_progress.py)
        for b in bots:
            b.watch = StallWatch(turns_per_seat=10**9)  # type: ignore[attr-defined]
            b.progress = ProgressGuard(turns=10**9)  # type: ignore[attr-defined]
    start_key = progress_key(g.view(0))
    end = g.state.turn + turns
    while not g.is_over and g.state.turn < end:
        d = g.pending
        assert d is not None
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
    return g.state.turn, progress_key(g.view(0)) != start_key


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_break_a_stall_and_finish_the_game(level: str) -> None:
    """saves/scenarios/stalled-2p.json: turn 75, 2 sections left, both seats' energy parked in
    the Tile Pool (6 and 7, worth 1 VP each, R24.6), exhausted pools empty. Bots that value
    that VP over building pass forever (the game ends only when all is built, R23.1); with the
    stall watch they build again (R14 Running Out from the Tile Pool) and the game ends."""
    from engine.aac.persist.io import load_game

    path = Path(__file__).resolve().parents[1] / "saves" / "scenarios" / "aac" / "stalled-2p.json"
    g = load_game(path)
    assert sum(g.state.players[0].shop) > 0 and sum(g.state.players[0].exhausted) == 0
    _, moved = _play_from(g.clone(), level, watch=False, turns=12)
    # without the watch normal does not build; hard does (HARD_WEIGHTS: Tile Pool energy parked
    # for its VP is not worth a stalled game's unused actions)
    assert moved == (level == "hard")
    turn, _ = _play_from(g, level, watch=True, turns=80)
    assert g.is_over, f"still going at turn {turn}"


def test_balance_records_games_and_resumes(tmp_path: Path) -> None:
    """A long balance run can be stopped and resumed: finished games go to the results file
    and are not replayed; the table covers every finished game."""
    from engine.kernel.tournament import load_results
    from engine.tools import tournament
    from engine.tools.simulate import game_seed

    f = tmp_path / "balance.jsonl"
    first = tournament.run_balance(2, 9, jobs=1, level="easy", players=(2,), progress=False,
                                   results_file=f)
    assert first["games"] == 2 and len(f.read_text().splitlines()) == 2
    played: list[int] = []
    real = tournament.play_game

    def spy(task: Any) -> dict[str, Any]:
        played.append(task[0])
        return real(task)

    tournament.play_game = spy  # type: ignore[assignment]
    try:
        second = tournament.run_balance(3, 9, jobs=1, level="easy", players=(2,),
                                        progress=False, results_file=f)
        assert played == [2]  # games 0 and 1 came from the file
        assert second["games"] == 3 and second["tables"]["2"]["games"] == 3
        stopped = tournament.run_balance(5, 9, jobs=1, level="easy", players=(2,),
                                         progress=False, results_file=f, max_seconds=0.0)
    finally:
        tournament.play_game = real  # type: ignore[assignment]
    assert played == [2] and stopped["games"] == 3 and stopped["planned"] == 5
    f.write_text(f.read_text() + "not json\n")  # a damaged line is ignored
    assert len(load_results(f, [(0, ["easy#1", "easy#2"], ["easy", "easy"],
                                            game_seed(9, 0))])) == 1
    table = tournament.balance_table(stopped, lambda ch: ch)
    assert "5 planned" in table and "2 players: 3 games" in table



def _expert_game(pick: int) -> tuple[Game, int, int]:
    """A 2-player expert-loading game (R3.3.9) where the first seat loaded secretly, picking
    its choice number `pick` each time, up to the other seat's first loading decision.
    Returns the game, the seat that loaded and the seat now loading."""
    g = new_game(GameConfig(players=2, seed=4, expert_loading=True, auto_skip_forced=False))
    first = -1
    while True:
        d = g.pending
        assert d is not None
        if d.kind.startswith("expert"):
            if first < 0:
                first = d.seat
            elif d.seat != first:
                return g, first, d.seat
        g.choose(d.choices[pick if d.kind.startswith("expert") else 0].id)


def test_bots_play_expert_secret_loading_without_seeing_other_loads() -> None:
    """R3.3.9: loading is secret until turn 1. The view hides the other devices (and their
    Exhausted Pool and Tile Pool energy); bots fill them in with a guess, so two tables that
    differ only in seat 0's secret loads give seat 1's bots the same view and the same choice."""
    (a, first, seat), (b, _, _) = _expert_game(0), _expert_game(1)
    pa, pb = a.state.players[first], b.state.players[first]
    assert (pa.top, pa.exhausted, pa.shop) != (pb.top, pb.exhausted, pb.shop)  # loads differ
    da, db = a.pending, b.pending
    assert da is not None and db is not None and da.ids() == db.ids()
    va, vb = a.view(seat), b.view(seat)
    assert va == vb
    for level in ("easy", "normal", "hard"):
        ca = make_bot(level, 2).choose(va, da)
        assert ca == make_bot(level, 2).choose(vb, db)
        assert ca in da.ids()
    _drive(a, ["hard", "easy"], 5, 120)  # and bots play on from there, legally
    assert a.state.turn >= 2

"""Age of Reason's bots (issue 30, item 5): every level legal and deterministic, choosing from
its seat's view only; hard's search within its node budget and its CPU-time safety net; a
few judgements in real positions (R7, R8, R5, R6.5.7); the style counter.

Long strength runs are benchmarks (bench/aor_bot_match.py, `python -m engine tournament
--game aor`), never tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.aor import events as ev
from engine.aor.bots import BOT_LEVELS, level_note, make_bot, policy
from engine.aor.bots.levels import HARD_POLICY, HARD_SEARCH, NORMAL, SALTS
from engine.aor.bots.player import PolicyBot, rebuild
from engine.aor.bots.search import SearchBot, SearchParams
from engine.aor.bots.style import StyleCounter, style_report, style_table
from engine.aor.config import AorConfig
from engine.aor.definition import AOR
from engine.aor.game import Game, new_game
from engine.aor.state import HIDDEN_CARD
from engine.kernel.decisions import Decision
from engine.kernel.rng import Rng, seed_state
from engine.tools.tournament import run_tournament
from tests.aor_builder import Builder, card, choose

SEVEN = ["great_britain", "france", "prussia", "austria", "spain", "russia", "united_provinces"]


def small_hard(seed: int, **kw: Any) -> SearchBot:
    """hard with a small budget (tests stay quick; the level's own budget is benchmarked)."""
    sp = SearchParams(**{"width": 2, "samples": 2, "max_nodes": 60,
                         "rollout": HARD_SEARCH.rollout, **kw})
    return SearchBot(seed, "hard", HARD_POLICY, sp, SALTS["hard"])


def bot_for(level: str, seed: int) -> Any:
    return small_hard(seed) if level == "hard" else make_bot(level, seed)


def play(levels: list[str], seed: int, players: int | None = None,
         limit: int = 10_000) -> tuple[Game, list[str]]:
    g = new_game(AorConfig(players=players or len(levels), seed=seed))
    g.undo_enabled = False
    bots = [bot_for(lv, seed * 7 + k) for k, lv in enumerate(levels)]
    while not g.is_over and len(g.history) < limit:
        d = g.pending
        assert d is not None
        cid = bots[d.seat].choose(g.view(d.seat), d)
        assert cid in d.ids(), (levels[d.seat], d.kind, cid)
        g.choose(cid)
    return g, g.history


# --- the levels -----------------------------------------------------------------------------


def test_levels_are_registered_with_the_game() -> None:
    assert AOR.bot_levels == BOT_LEVELS == ("random", "easy", "normal", "hard")
    for lv in BOT_LEVELS:
        assert AOR.make_bot(lv, 3).name == lv
        assert level_note(lv)
    with pytest.raises(ValueError):
        AOR.make_bot("expert")


@pytest.mark.parametrize("levels", [["easy", "random"], ["normal", "easy"],
                                    ["normal", "normal", "easy"]])
def test_whole_games_are_legal_and_replay_the_same(levels: list[str]) -> None:
    g1, h1 = play(levels, seed=4)
    g2, h2 = play(levels, seed=4)
    assert g1.is_over and h1 == h2
    assert [p.vp for p in g1.state.players] == [p.vp for p in g2.state.players]
    assert not AOR.invariants(g1)


def test_hard_plays_legal_deterministic_decisions() -> None:
    """hard (small budget) for the first turn of a 2-player game against normal, twice."""
    g1, h1 = play(["hard", "normal"], seed=6, limit=120)
    g2, h2 = play(["hard", "normal"], seed=6, limit=120)
    assert h1 == h2 and len(h1) >= 100


def test_the_same_view_and_seed_give_the_same_choice() -> None:
    g = new_game(AorConfig(players=4, seed=21))
    for lv in ("easy", "normal", "hard"):
        d = g.pending
        assert d is not None
        picks = {bot_for(lv, 9).choose(g.view(d.seat), d) for _ in range(2)}
        assert len(picks) == 1


# --- hidden information --------------------------------------------------------------------------


def decisions(levels: list[str], seed: int) -> Iterator[tuple[Game, Decision]]:
    """Every decision of a bot game, with the game (before the choice)."""
    g = new_game(AorConfig(players=len(levels), seed=seed))
    g.undo_enabled = False
    bots = [make_bot(lv, seed + k) for k, lv in enumerate(levels)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        yield g, d
        g.choose(bots[d.seat].choose(g.view(d.seat), d))


def others_hidden(g: Game, seat: int) -> tuple[Any, ...]:
    s = g.state
    return (tuple(s.bag), tuple((tuple(p.hand), tuple(p.discard), p.committed)
                                for i, p in enumerate(s.players) if i != seat))


KINDS = {"bid", "proposal", "box", "attack", "second_attack", "attack_card", "defence_card",
         "ally", "buy_npc", "reserves"}


def test_the_policy_reads_nothing_the_view_hides() -> None:
    """Two games rebuilt from one seat's view with different guesses of everything hidden
    from it (other hands and discard piles, face-down cards, the bag): the seat's view is the
    same, and its policy scores every choice exactly alike in both, at every kind of
    decision of a whole 4-player game."""
    seen: set[str] = set()
    differed = 0
    for k, (g, d) in enumerate(decisions(["normal"] * 4, seed=31)):
        if d.kind not in KINDS or len(d.choices) < 2 or k % 3:
            continue
        view = g.view(d.seat)
        a, b = rebuild(view, 101), rebuild(view, 202)
        assert a.view(d.seat) == b.view(d.seat) == view
        if others_hidden(a, d.seat) != others_hidden(b, d.seat):
            differed += 1
        sa = policy.scores(policy.Look(a, d.seat, NORMAL, Rng(seed_state(5))), d,
                           policy.AuctionCache())
        sb = policy.scores(policy.Look(b, d.seat, NORMAL, Rng(seed_state(5))), d,
                           policy.AuctionCache())
        assert sa == sb, (d.kind, d.prompt)
        seen.add(d.kind)
    assert differed > 50
    assert {"bid", "box", "attack", "attack_card", "defence_card", "ally"} <= seen


def test_a_bot_chooses_alike_whatever_the_hidden_parts_hold() -> None:
    """The real hidden state swapped for other guesses consistent with the view (a face-down
    card, the others' hands): every level chooses the same."""
    g, d = next((g, d) for g, d in decisions(["normal"] * 3, seed=8) if d.kind == "ally")
    view = g.view(d.seat)
    assert any(p["committed"] == HIDDEN_CARD for p in view["players"])
    a, b = rebuild(view, 1), rebuild(view, 2)
    assert others_hidden(a, d.seat) != others_hidden(b, d.seat)
    for lv in ("easy", "normal", "hard"):
        picks = {bot_for(lv, 3).choose(x.view(d.seat), d) for x in (g, a, b)}
        assert len(picks) == 1, lv


# --- hard's budget -----------------------------------------------------------------------------


def test_hard_searches_within_its_node_budget() -> None:
    bot = small_hard(2, max_nodes=90)
    g = new_game(AorConfig(players=3, seed=12))
    g.undo_enabled = False
    others = [make_bot("normal", 5), make_bot("normal", 6)]
    while bot.searches < 4:
        d = g.pending
        assert d is not None
        if d.seat == 0:
            before = bot.nodes
            g.choose(bot.choose(g.view(0), d))
            assert bot.nodes - before <= 90
        else:
            g.choose(others[d.seat - 1].choose(g.view(d.seat), d))
    assert bot.cap_fired == 0


def test_the_cpu_time_cap_is_a_safety_net_that_is_counted() -> None:
    """A clock that jumps 10 s a reading: every search is cut short, counted, and the choice
    is still legal (the policy's own, when nothing was played out)."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 10.0
        return ticks[0]

    sp = SearchParams(width=3, samples=2, max_nodes=200, rollout=HARD_SEARCH.rollout)
    bot = SearchBot(4, "hard", HARD_POLICY, sp, clock=clock)
    ref = PolicyBot(4, "hard", HARD_POLICY, SALTS["hard"])
    g = b_attack_position()
    d = g.pending
    assert d is not None
    assert bot.choose(g.view(d.seat), d) == ref.choose(g.view(d.seat), d)
    assert bot.cap_fired == 1


# --- judgement in real positions --------------------------------------------------------------


def b_attack_position(**options: bool) -> Game:
    """Great Britain's attack step: it holds a disc in the Caribbean, where non-player Spain
    (its ally) has two; Empire markers of strength 2 and 4 lie there."""
    b = Builder(SEVEN[:2], options={"marker_fixed_strength": True, **options})
    b.alliance(["great_britain", "spain", "prussia", "russia"],
               ["france", "austria", "united_provinces"])
    b.discs("karibik", great_britain=1, spain=2)
    b.marker("em_karibik_4").marker("em_karibik_7")
    b.player("great_britain", gold=10).player("france", gold=10)
    return b.at_action("great_britain", at="attack")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_sure_winning_attack_is_taken(level: str) -> None:
    """R7.6 with markers defending by their number alone (O17 option): a ship card of 4
    beats the marker's 2 whatever the dice, and the disc ties Spain for first place in the
    Caribbean (R11.2); the marker of 4 would give the same for a risk. Every level takes the
    sure one and makes it sure (a card, with Spain bought as an ally or not, R8.4)."""
    g = b_attack_position()
    d = g.pending
    assert d is not None and d.kind == "attack"
    bot = bot_for(level, 1)
    assert bot.choose(g.view(d.seat), d) == "attack_marker:em_karibik_4"
    events = g.choose("attack_marker:em_karibik_4")
    while not any(isinstance(e, ev.CombatResolved) for e in events):
        d = g.pending
        assert d is not None and d.seat == 0  # its card, then Spain's help (R8.4)
        events = g.choose(bot.choose(g.view(d.seat), d))
    done = next(e for e in events if isinstance(e, ev.CombatResolved))
    assert done.result == "attacker"
    dice = sum(x.value for x in done.attacker_terms if x.kind == "dice")
    assert done.attacker_strength - dice > done.defender_strength  # whatever the dice


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_does_not_bid_gold_it_needs(level: str) -> None:
    """R5.3: France holds 5 gold; Great Britain opened at 4. A raise would take France's
    last gold (or a levy, R4.5): every level passes."""
    b = Builder(SEVEN[:3])
    b.player("great_britain", gold=14).player("france", gold=5).player("prussia", gold=14)
    g = b.at_auction("great_britain")
    choose(g, "bid:4", "propose:country_great_britain:country_france")
    d = g.pending
    assert d is not None and d.kind == "bid" and d.seat == b.seat("france")
    assert "bid:5" in d.ids() and "bid:12" in d.ids()  # a levy would pay for more
    assert bot_for(level, 2).choose(g.view(d.seat), d) == "pass"


def ally_position(options: dict[str, bool] | None = None) -> tuple[Game, Builder]:
    """Great Britain attacks France in Central Europe; Prussia (Great Britain's ally) leads
    there with three discs whatever happens: it gains nothing from either side winning."""
    b = Builder(SEVEN[:3], options=options)
    b.alliance(["great_britain", "prussia", "spain", "russia"],
               ["france", "austria", "united_provinces"])
    b.discs("mitteleuropa", great_britain=1, france=1, prussia=3)
    b.player("great_britain", gold=10).player("france", gold=10).player("prussia", gold=10)
    g = b.at_action("great_britain", at="attack")
    choose(g, "attack_disc:area_mitteleuropa:country_france",
           f"card:{card('great_britain', '2/0/2')}", f"card:{card('france', '2/0/2')}")
    return g, b


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_an_ally_with_nothing_to_gain_turns_its_blank(level: str) -> None:
    """R8.3 (O18): every eligible ally puts down a card face down; Prussia, with nothing to
    gain, puts down its Blank (a bluff nobody can tell from help until the reveal)."""
    g, b = ally_position()
    d = g.pending
    assert d is not None and d.kind == "ally" and d.seat == b.seat("prussia")
    assert bot_for(level, 3).choose(g.view(d.seat), d) == f"card:{card('prussia', 'blank')}"


def test_an_ally_with_nothing_to_gain_stays_out_openly_under_the_option() -> None:
    g, b = ally_position({"explicit_stay_out": True})
    d = g.pending
    assert d is not None and d.kind == "ally" and "stay_out" in d.ids()
    assert make_bot("normal", 3).choose(g.view(d.seat), d) in (
        "stay_out", f"card:{card('prussia', 'blank')}")


def reserves_position(dice: tuple[int, int, int, int]) -> Game:
    """Great Britain (holding Reserves) attacks non-player Spain's disc in the German States
    with its 3-soldier card; the dice are fixed."""
    b = Builder(SEVEN[:2])
    b.alliance(["great_britain", "prussia", "russia", "austria"],
               ["france", "spain", "united_provinces"])
    b.discs("deutsche_staaten", great_britain=1, spain=2)
    b.box("reserves_1", "great_britain")
    b.player("great_britain", gold=10)
    b.dice(*dice)
    g = b.at_action("great_britain", at="attack")
    choose(g, "attack_disc:area_deutsche_staaten:country_spain",
           f"card:{card('great_britain', '3/0/4')}")
    while g.pending is not None and g.pending.kind != "reserves":
        d = g.pending
        g.choose(make_bot("normal", 1).choose(g.view(d.seat), d))
    return g


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_reserves_re_roll_a_lost_battle_and_keep_a_won_one(level: str) -> None:
    """R6.5.7 (O13): 3 + 0 against 4 + 5 is lost: re-roll; 3 + 5 against 4 + 0 is won: keep."""
    g = reserves_position((1, 1, 1, 6))
    d = g.pending
    assert d is not None and d.kind == "reserves"
    assert bot_for(level, 1).choose(g.view(d.seat), d) == "reroll"
    g = reserves_position((1, 6, 2, 2))
    d = g.pending
    assert d is not None and d.kind == "reserves"
    assert bot_for(level, 1).choose(g.view(d.seat), d) == "keep"


# --- the style report -------------------------------------------------------------------------


def test_the_style_counter_counts_a_hand_written_game() -> None:
    # seat 0 plays Great Britain (country 0), seat 1 France (country 3)
    g = new_game(AorConfig(players=2, seed=1,
                           countries=("country_great_britain", "country_france")))
    assert g.state.seat_of[0] == 0 and g.state.seat_of[3] == 1
    c = StyleCounter(2)
    c.note(g, Decision(0, "second_attack", "", ()), "attack_marker:em_karibik_4")
    c.add([
        ev.BidMade(0, 0, (0, 3)), ev.BidMade(1, 2, (3, 0)), ev.BidMade(0, 3, (0, 3)),
        ev.AuctionPhaseWon(0, 3, ((0, 1), (3, 2))),
        ev.BoxTaken(0, "space_war_office_1", "box_war_office", 0, 0, 0),
        ev.BoxTaken(1, "space_sweden_1", "box_sweden", 1, 0, 0),
        ev.BoxTaken(1, "space_gold_mines_1", "box_gold_mines", 0, 4, 0),
        ev.Levied(1, 2, 4),
        ev.Converted(0, "area_karibik", "em_karibik_1", "card_great_britain_4", 2),
        ev.NpcBought(0, 2, "attacker"),
        _combat(0, 1, "disc", "attacker", allies=((1, "defender", "card_france_blank"),)),
        _combat(1, -1, "disc", "defender", allies=((0, "attacker", "card_great_britain_ally"),)),
        _combat(0, -1, "marker", "attacker", reward_vp=1),
        ev.ReservesUsed(1, "space_reserves_1"),
        ev.AreaScored(1, "area_karibik", ((0, 2, 1, 7), (2, 2, 1, 0), (3, 1, 2, 4))),
        ev.UnrestRolled(0, 6, (3, 4), 2), ev.UnrestRolled(1, 3, (5,), 1),
        ev.TurnEnded(1, ((0, 6, 3), (1, 3, 2))),
    ])
    s0, s1 = c.result()["style"]
    assert (s0["bids"], s0["phases_won"], s0["gold_bid"], s1["bids"]) == (2, 1, 3, 1)
    assert (s0["boxes_advancement"], s1["boxes_support"], s1["boxes_trading"]) == (1, 1, 1)
    assert s1["gold_levied"] == 4 and s1["reserves_used"] == 1
    assert s0["second_attacks"] == 1 and s0["npc_bought"] == 1
    assert (s0["attacks_convert"], s0["won_convert"]) == (1, 1)
    assert (s0["attacks_player"], s0["won_player"]) == (1, 1)
    assert (s1["attacks_npc"], s1["won_npc"]) == (1, 0)
    assert (s0["attacks_marker"], s0["won_marker"], s0["vp_markers"]) == (1, 1, 1)
    assert (s1["defences"], s1["defences_held"]) == (1, 0)
    assert (s0["ally_cards"], s0["blanks"], s1["ally_cards"], s1["blanks"]) == (1, 0, 0, 1)
    assert (s0["unrest_1"], s1["unrest_1"]) == (6, 3)
    assert (s0["vp_areas_1"], s1["vp_areas_1"], s0["vp_unrest"], s1["vp_unrest"]) == (
        7, 4, -2, -1)
    assert (s0["vp"], s1["vp"]) == (7 + 1 - 2, 4 - 1)
    rep = style_report([{"labels": ["hard", "normal"], "error": "", "cap_fired": [2, 0],
                         **c.result()}])
    assert rep["hard"]["rate_player"] == 1.0 and rep["normal"]["rate_npc"] == 0.0
    assert rep["hard"]["ally_share"] == 1.0 and rep["normal"]["ally_share"] == 0.0
    assert rep["hard"]["gold_per_phase"] == 3.0 and rep["hard"]["cap_fired"] == 2
    table = style_table(rep)
    assert "hard" in table and "Ally %" in table


def _combat(attacker: int, defender: int, kind: str, result: str,
            allies: tuple[tuple[int, str, str], ...] = (), reward_vp: int = 0
            ) -> ev.CombatResolved:
    return ev.CombatResolved(
        attacker=attacker, attacker_country=0, area="area_karibik", kind=kind,
        defender=defender, defender_country=-1 if kind == "marker" else 3, marker="",
        attacker_card="", defender_card="", attacker_dice=(1, 1), defender_dice=(1, 1),
        attacker_terms=(), defender_terms=(), attacker_strength=1, defender_strength=0,
        result=result, margin=1, degree="", unrest=(), allies=allies, npc_allies=(),
        paid=(), reward_vp=reward_vp, reward_gold=0)


def test_the_tournament_reports_the_style_and_the_cap() -> None:
    data = run_tournament(["easy", "random"], games=2, seed=3, jobs=1, progress=False,
                          style=True, game_id=AOR.id)
    assert data["finished"] == 2 and data["cap_fired"] == 0
    assert set(data["style"]) == {"easy", "random"}
    assert data["style"]["easy"]["vp"] > 0
    assert AOR.style_table(data["style"])

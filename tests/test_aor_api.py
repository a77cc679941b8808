"""The public API (engine.aor.api): every text a player reads uses names, never ids; the
"why not" explanations; the pending decision in words; previews; the save header; the
simulator."""

from __future__ import annotations

import re

from engine.aor import api
from engine.aor.definition import AOR
from engine.kernel.bots import RandomBot
from engine.tools.simulate import simulate
from tests.aor_builder import Builder, card, choose

ID = re.compile(r"\b(country|area|card|em|box|space|home|ally_space|proposal_box)_[a-z0-9_]+")


def test_log_lines_prompts_and_labels_use_names_only() -> None:
    for n, seed in ((2, 1), (7, 2)):
        g = api.new_game(api.AorConfig(players=n, seed=seed))
        bots = [RandomBot(seed + k) for k in range(n)]
        lines = [api.describe(g, e) for e in g.setup_events]
        while not g.is_over:
            d = g.pending
            texts = [d.prompt] + [c.label for c in d.choices]
            for x in texts:
                assert not ID.search(x), x
            lines += [api.describe(g, e, viewer=d.seat)
                      for e in g.choose(bots[d.seat].choose(None, d))]
        for line in lines:
            assert line and not ID.search(line), line
            assert "Something happened" not in line and "seat" not in line.lower()
            assert "Player 0" not in line


def position(poor: bool = False, who: str = "prussia") -> tuple[api.Game, Builder]:
    b = Builder(["prussia", "austria", "france", "spain"])
    b.alliance(["prussia", "france", "spain", "russia"],
               ["austria", "great_britain", "united_provinces"])
    b.discs("mitteleuropa", prussia=1, austria=1, france=1).discs("karibik", austria=1)
    b.discs("deutsche_staaten", austria=1).discs("ostseeraum", austria=1)
    b.box("banking_1", "austria")
    if poor:
        b.player("prussia", gold=0, unrest=22)
    return b.at_action(who), b


def test_why_not_boxes() -> None:
    g, _ = position(poor=True)
    assert api.why_not(g, "space_army_training_1") == ""
    assert "taken" in api.why_not(g, "space_banking_1") and "Austria" in api.why_not(
        g, "space_banking_1")
    assert "5 or more players" in api.why_not(g, "space_army_training_2")
    assert "costs 1 gold" in api.why_not(g, "space_denmark_1")
    assert "first free space" in api.why_not(g, "space_reserves_2")


def test_why_not_attack_targets() -> None:
    g, _ = position()
    g.choose("box:none")
    assert g.pending.kind == "attack"
    assert api.why_not(g, "area_mitteleuropa") == ""
    assert "no disc in the Caribbean" in api.why_not(g, "area_karibik")
    assert "ally" in api.why_not(g, "country_france")
    assert "nothing in the Mediterranean" in api.why_not(g, "area_mittelmeerraum")
    g, _ = position(who="spain")
    g.choose("box:none")
    assert "out of reach" in api.why_not(g, "area_deutsche_staaten")


def test_pending_in_words_marks_secret_commitments() -> None:
    g, b = position()
    p = api.pending(g)
    assert p is not None and p.who == "Prussia" and p.kind == "box" and not p.secret
    assert p.when == "Turn 1, segment 1 of 6" and p.choices > 10
    choose(g, "box:none", "attack_disc:area_mitteleuropa:country_austria")
    p = api.pending(g)
    assert p is not None and p.kind == "attack_card" and p.secret


def test_combat_preview_and_breakdown() -> None:
    g, b = position()
    choose(g, "box:none", "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', 'blank')}")
    att, dfn = api.combat_preview(g, b.seat("prussia"))
    assert att == [] and dfn == []  # nothing known yet: no boxes, the Blank shows nothing
    assert api.combat_preview(g, b.seat("austria")) is not None
    assert api.breakdown(g.t, [api.Term("dice", "", 3), api.Term("support", "box_bavaria",
                                                                   1)]) == (
        "3 (dice) + 1 (Bavaria) = 4")


def test_score_preview_summary_and_catalog_by_id() -> None:
    g, b = position()
    rows = {p.area: p for p in api.score_preview(g)}
    me = rows["area_mitteleuropa"]
    assert me.name == "Central Europe" and {r[0] for r in me.rows} == {
        "country_prussia", "country_austria", "country_france"}
    head = api.summary(g)
    assert head.title == "Age of Reason" and head.seats[0].name == "Prussia"
    assert head.seats[0].role == "Prussia" and head.turn == g.state.turn
    assert api.area("area_indien").name == "India"
    assert api.card(card("prussia", "4/0/5")).cost == 5
    assert api.box("box_denmark").cost == 1
    assert api.names.card(g.t, card("russia", "2/2/5")) == (
        "card of 2 soldiers and 2 ships (cost 5)")
    assert set(api.DECISION_KINDS) >= {"bid", "proposal", "box", "attack", "ally", "reserves"}


def test_simulate_runs_random_games_without_errors() -> None:
    sm = simulate(AOR, 3, 2, 5, check_every="decision")
    assert sm.finished == 2 and not sm.errors and sm.decisions > 100

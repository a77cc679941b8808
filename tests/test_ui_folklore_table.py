"""UI tests of the Folklore module at the table (R26, R30): a whole 2-player Folklore game
played through the table to the results screen, decisions answered by pointing at cards and
options on the Folklore sheet, and a hidden hand never drawn for the wrong seat (R26.1.3)."""

from __future__ import annotations

import os
import random
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.expansion import scoring_cards as sc  # noqa: E402
from engine.aac.folklore.state import card  # noqa: E402
from game.aac import folklore_draw, folklore_table  # noqa: E402
from game.aac.scenes.results import ResultsScene  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import Button, TextLog  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.builder import choose  # noqa: E402
from tests.layout_scan import scan  # noqa: E402
from tests.test_folklore import CENTER, artifact_at, fd, folk_game, moving, set_hand  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402

pytestmark = pytest.mark.app(size=(1280, 720))

def drawn_texts(app: App) -> list[str]:
    TextLog.records = []
    try:
        app.render()
        return [r.text for r in TextLog.records]
    finally:
        TextLog.records = None


def contested(app: App, humans: tuple[bool, bool]) -> Session:
    """Freyith's Artifact on the central space; Rusnė (seat 1) moves there with a primed
    Artifact and the hand Riverlight, Confluence, Delta Currents (R26.3.3)."""
    g = folk_game()
    artifact_at(g, 0, CENTER, "freyith_1")
    set_hand(g, 1, ["rusne_5", "rusne_3", "rusne_1"])
    moving(g, 1, char=1)
    s = Session(g, [SeatSpec(humans[0]), SeatSpec(humans[1])])
    app.start_session(s)
    app.step(1 / 60)
    return s


def test_r26_3_3_a_contested_card_is_played_and_resolved_by_pointing(app):
    """Place on the opponent's Artifact (the space is the target), point at the card in the
    hand, then at two options on the played card; the sheet opens by itself for them."""
    s = contested(app, (False, True))
    t = app.scene
    assert "sp_center_0" in t.legal  # the placement: the space the figure stands on
    choose(s.game, "folklore:place")
    t._settle()
    assert t.folk_panel.visible and s.game.pending.kind == "folklore_card"
    spot = t.spots["card:rusne_5"][0]
    click(app, *centre(spot))
    app.step(1 / 60)
    app.step(1 / 60)
    assert fd(s.game)["played"][1] == ["rusne_5"]
    assert s.game.pending.kind == "folklore_option"
    assert {"folklore_option:rusne_5_a", "folklore_option:rusne_5_b"} <= set(t.legal)
    click(app, *centre(t.spots["folklore_option:rusne_5_a"][0]))  # up the Folklore Track
    app.step(1 / 60)
    app.step(1 / 60)
    assert fd(s.game)["track"][1] == 1
    assert "folklore_option:rusne_5_a" not in t.legal  # the second option must differ
    assert "Riverlight" in drawn_texts(app)  # the played card, face up


def test_r26_1_3_a_hidden_hand_never_shows_behind_the_hand_off(app):
    """Two people: Rusnė's hand is drawn face up only after the hand-off to Rusnė; while the
    table waits for Freyith's person (the owner's reply) no text, hotspot or tooltip names a
    card still in Rusnė's hand, and Freyith's own hand is never drawn for Rusnė."""
    s = contested(app, (True, True))
    t = app.scene
    g = s.game
    # (a card's name may also be a power's, drawn on the device: Rusnė's Confluence)
    powers = {pw.name for ch in g.rules.characters.values() for pw in ch.powers}
    hidden_1 = {card(g.rules, c).name for c in fd(g)["hand"][1]} - powers
    hidden_0 = {card(g.rules, c).name for c in fd(g)["hand"][0]} - powers
    assert t.handoff.visible
    behind = drawn_texts(app)
    assert not hidden_1 & set(behind) and not hidden_0 & set(behind)
    t.handoff.on_click(1, 1, 1)  # Rusnė takes the table
    app.step(1 / 60)
    choose(g, "folklore:place")
    t._settle()
    app.step(1 / 60)
    shown = set(drawn_texts(app))
    assert hidden_1 <= shown  # her own hand, face up, readable
    assert not hidden_0 & shown  # never the other seat's
    # Riverlight: two options, no extra one; then the reply passes to Freyith's person
    want = ["card:rusne_5", "option:rusne_5_c", "done", "option:rusne_5_a", "skip"]
    for _ in range(12):
        if g.pending.kind == "folklore_reply":
            break
        cid = next((c for c in want if g.pending.find(c) is not None), g.pending.choices[0].id)
        t.choose(cid)
        app.step(1 / 60)
    assert g.pending.kind == "folklore_reply" and g.pending.seat == 0
    assert t.handoff.visible
    left = {card(g.rules, c).name for c in fd(g)["hand"][1]} - powers
    assert left and not left & set(drawn_texts(app))
    t.handoff.on_click(1, 1, 1)  # Freyith's person looks: Rusnė's hand is card backs
    app.step(1 / 60)
    t.toggle_folklore() if not t.folk_panel.visible else None
    t.peek(1)
    app.step(1 / 60)
    texts = drawn_texts(app)
    assert not left & set(texts)
    assert any("secret card" in x for x in texts)
    tips = [h.tooltip() for spots in t.spots.values() for h in spots]
    public = {o.text for c in fd(g)["played"][1] for o in card(g.rules, c).options}
    secret = [o.text for c in fd(g)["hand"][1] for o in card(g.rules, c).options
              if o.text not in public]  # (two cards may share an option's words)
    leak = [(tip, text) for tip in tips for text in secret if text in tip]
    assert not leak, leak  # a card's tip has them
    assert not any(h.target.startswith("card:") for v in t.spots.values() for h in v)


def test_folklore_game_through_the_table_to_the_results(app):
    """A person (random choices, keen on Artifacts, made through the table's choose) and an
    easy bot play a whole 2-player Folklore game to the results screen, with the Scoring
    Cards revealed there."""
    session = Session.new([SeatSpec(True), SeatSpec(False, level="easy")], seed=4,
                          modules=("folklore",))
    app.start_session(session)
    table = app.scene
    rng = random.Random(2)
    kinds: set[str] = set()
    start = time.perf_counter()
    frames = 0
    while app.scene is table and time.perf_counter() - start < 90:
        d = session.game.pending
        if d is not None and session.is_human(d.seat) and not table.animator.busy:
            kinds.add(d.kind)
            if d.kind.startswith("folklore_"):
                assert table.folk_panel.visible  # the sheet opened for the cards
            keen = [c.id for c in d.choices if c.id.startswith(("folklore:", "card:",
                                                                 "option:"))]
            table.choose(keen[0] if keen else rng.choice(d.choices).id)
        app.step(1 / 60, draw=frames % 400 == 0)
        frames += 1
    assert session.game.is_over
    assert type(app.scene).__name__ == "ResultsScene"
    assert any(v for v in fd(session.game)["played"])  # cards were played in this game
    app.step(1 / 60)
    assert len(app.scene.scores) == 2


def test_r26_8_pointing_at_an_option_that_cannot_be_chosen_says_why(app):
    """On the played card, the option already performed and the option whose cost (a move
    down the Folklore Track at 0) cannot be paid answer with their reasons, in words."""
    s = contested(app, (False, True))
    t = app.scene
    choose(s.game, "folklore:place", "card:rusne_5")
    t._settle()
    app.step(1 / 60)
    assert fd(s.game)["track"][1] == 0
    costly = [o for o in card(s.game.rules, "rusne_5").options if o.cost]
    assert costly and f"folklore_option:{costly[0].id}" not in t.legal
    click(app, *centre(t.spots[f"folklore_option:{costly[0].id}"][0]))
    app.step(1 / 60)
    assert "cannot be paid" in t.message and "_" not in t.message
    click(app, *centre(t.spots["folklore_option:rusne_5_a"][0]))  # up the track: performed
    app.step(1 / 60)
    app.step(1 / 60)
    click(app, *centre(t.spots["folklore_option:rusne_5_a"][0]))
    app.step(1 / 60)
    assert "performed already" in t.message


def option_button(app: App, start: str) -> Button | None:
    """The prompt's visible button whose label starts with `start`."""
    return next((b for b in app.scene.prompt.walk() if isinstance(b, Button) and b.visible
                 and b.label.startswith(start)), None)


def to_options(app: App) -> Session:
    """The contested card of `contested` played: Rusnė (a person) chooses its options."""
    s = contested(app, (False, True))
    t = app.scene
    choose(s.game, "folklore:place")
    t._settle()
    click(app, *centre(t.spots["card:rusne_5"][0]))
    app.step(1 / 60)
    app.step(1 / 60)
    assert s.game.pending.kind == "folklore_option"
    return s


def test_the_sheet_folds_down_to_show_the_map_and_opens_again(app):
    """While options are chosen the sheet covers the map's middle: "See the map" folds it to
    a strip at the map's foot (the options then wait in the prompt's buttons), "Show the
    sheet" brings the cards back; the next decision opens it again by itself."""
    s = to_options(app)
    t = app.scene
    panel = t.folk_panel
    full_h = panel.h
    click(app, *centre(panel.fold))
    app.step(1 / 60)
    assert panel.folded and panel.visible and panel.h < full_h / 5
    assert not any(k.startswith("folklore_option:") for k in t.spots)  # no card under it
    assert any("Folklore sheet folded" in x for x in drawn_texts(app))
    assert option_button(app, "Option A") is not None  # chosen from the prompt instead
    assert scan(app) == []
    click(app, *centre(panel.fold))  # "Show the sheet"
    app.step(1 / 60)
    assert not panel.folded and panel.h == full_h
    assert "folklore_option:rusne_5_a" in t.spots
    click(app, *centre(panel.fold))
    app.step(1 / 60)
    assert panel.folded
    button = option_button(app, "Option A")
    assert button is not None
    click(app, *centre(button))
    app.step(1 / 60)
    app.step(1 / 60)
    assert fd(s.game)["track"][1] == 1 and s.game.pending.kind == "folklore_option"
    assert not panel.folded and "folklore_option:rusne_5_b" in t.spots  # open again


def test_an_option_that_cannot_be_chosen_looks_unavailable_on_the_card(app, monkeypatch):
    """R26.3.3 / R26.8: on the played cards only the offered options look choosable; a
    performed one is struck through, the others (another card's, an unpayable cost) greyed."""
    drawn: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    orig = folklore_draw.folklore_card

    def spy(c, x, y, w, h, cd, *a, used=(), unavailable=(), **kw):
        drawn[cd.id] = (tuple(used), tuple(unavailable))
        return orig(c, x, y, w, h, cd, *a, used=used, unavailable=unavailable, **kw)

    monkeypatch.setattr(folklore_draw, "folklore_card", spy)
    s = to_options(app)
    offered = {c.id[7:] for c in s.game.pending.choices if c.id.startswith("option:")}
    app.render()
    cd = card(s.game.rules, "rusne_5")
    used, off = drawn["rusne_5"]
    assert used == ()
    assert set(off) == {o.label for o in cd.options if o.id not in offered}
    assert off  # Riverlight's Scoring Card option costs a step down: the track is at 0
    click(app, *centre(app.scene.spots["folklore_option:rusne_5_a"][0]))
    app.step(1 / 60)
    app.step(1 / 60)
    app.render()
    used, off = drawn["rusne_5"]
    assert used == ("A",) and "A" in off  # struck through (drawn as used, not greyed)


def test_five_seat_folklore_rows_and_the_scoring_card_pick_fit(app):
    """Five seats at 1280x720: every text of the seats' Folklore column and of the Scoring
    Cards offered fits its box; the 8 cards of the supply end above the sheet's foot."""
    s = Session.new([SeatSpec(True) for _ in range(5)], 3, modules=("folklore",))
    rng = random.Random(3)
    while s.game.pending is not None and s.game.pending.kind != "gain_scoring_card":
        s.apply(rng.choice(s.game.pending.choices).id)
    assert s.game.pending is not None
    app.start_session(s)
    for _ in range(3):
        app.step(1 / 60)
    t = app.scene
    if t.handoff.visible:
        t.handoff.on_click(1, 1, 1)
        app.step(1 / 60)
    problems = scan(app)
    assert [p for p in problems if not p.startswith("FolklorePanel")] == []  # the rows fit
    cut = [p.split("'")[1].rstrip("\u2026") for p in problems]  # the small hand's cards
    faces = [f"{c.name} {c.text}" for c in sc.catalog().cards]  # are compact by design,
    assert not [f for f in cut if any(f in face for face in faces)]  # the supply is whole
    panel = t.folk_panel
    rects = panel._supply_rects(len(sc.catalog().cards))
    assert all(y + h <= panel.h - 8 for _, y, _, h in rects)
    assert t.seats.w >= folklore_table.ROW_X + folklore_table.ROW_W


def test_five_seat_results_tiebreak_line_keeps_clear_of_the_figures(app):
    """The results of a 5-seat Folklore game (narrow columns): the tiebreak row's label
    ends clearly before the first seat's figures, and every text fits its box."""
    s = Session.new([SeatSpec(True) for _ in range(5)], 1, modules=("folklore",))
    rng = random.Random(1)
    while s.game.pending is not None:
        s.apply(rng.choice(s.game.pending.choices).id)
    assert s.game.state.over
    app.push(ResultsScene(app, s))
    app.step(1 / 60)
    assert scan(app) == []
    TextLog.records = []
    try:
        app.render()
        recs = list(TextLog.records)
    finally:
        TextLog.records = None
    label = next(r for r in recs if r.text.startswith("Tiebreak"))
    figures = [r for r in recs if " / " in r.text and r is not label
               and abs(r.rect.centery - label.rect.centery) < 4]
    assert len(figures) == 5
    assert label.rect.right + 8 <= min(r.rect.left for r in figures)  # a gap between them


def test_priming_is_offered_by_pointing_and_by_a_prompt_button(app):
    """R26.2.1: a recharge may instead prime an Artifact. The primed slot in the seat's row
    lights up, and the prompt also has the button "Prime an Artifact instead" (the slot is
    small); pressing it primes (the Artifact leaves the slots)."""
    s = Session.new([SeatSpec(True), SeatSpec(True)], 2, modules=("folklore",))
    rng = random.Random(2)
    while not any(c.id == "folklore:prime" for c in s.game.pending.choices):
        s.apply(rng.choice(s.game.pending.choices).id)
    seat = s.game.pending.seat
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    if t.handoff.visible:
        t.handoff.on_click(1, 1, 1)
        app.step(1 / 60)
    assert f"artifact_slot:{seat}" in t.legal
    # the slot is pointed at in the row, in sight: the closed sheet's tab is not ringed
    assert not t.folk_panel.visible and t.hotspots.sheet_buttons == []
    button = option_button(app, "Prime an Artifact instead")
    assert button is not None
    slots = fd(s.game)["slots"][seat]
    click(app, *centre(button))
    app.step(1 / 60)
    app.step(1 / 60)
    assert fd(s.game)["primed"][seat] and fd(s.game)["slots"][seat] == slots - 1


def test_the_expert_hand_is_chosen_from_six_readable_cards(app):
    """R26.1.3 (expert variant): the 6 cards in two rows of 3 over the whole sheet (nothing is
    played yet); a card kept is marked and no longer offered."""
    s = Session.new([SeatSpec(True), SeatSpec(True)], 4, {"folklore_expert_hand": True},
                    modules=("folklore",))
    assert s.game.pending.kind == "folklore_keep"
    seat = s.game.pending.seat
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    if t.handoff.visible:
        t.handoff.on_click(1, 1, 1)
        app.step(1 / 60)
    panel = t.folk_panel
    assert panel.visible
    hand = list(fd(s.game)["hand"][seat])
    rects = panel._hand_rects(len(hand))
    assert len(hand) == 6 and len({y for _, y, _, _ in rects}) == 2
    assert all(y + h <= panel.h for _, y, _, h in rects) and min(w for *_, w, _ in rects) > 150
    click(app, *centre(t.spots[f"card:{hand[0]}"][0]))
    app.step(1 / 60)
    app.step(1 / 60)
    assert s.game.pending.kind == "folklore_keep" and s.game.pending.seat == seat
    assert f"card:{hand[0]}" not in t.legal and f"card:{hand[1]}" in t.legal
    assert "Kept for your hand \u2713" in drawn_texts(app)

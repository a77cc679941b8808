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

from engine.aac.folklore.state import card  # noqa: E402
from game.app import App  # noqa: E402
from game.scenegraph import TextLog  # noqa: E402
from game.session import SeatSpec, Session  # noqa: E402
from game.settings import Settings  # noqa: E402
from tests.builder import choose  # noqa: E402
from tests.test_folklore import CENTER, artifact_at, fd, folk_game, moving, set_hand  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    a = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)
    yield a
    a.bot_worker.stop()


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

"""The results screen of a Folklore game: a Folklore button beside Map shows each player's
Folklore sheet as it ended, its hand turned face up now that the game is over (R26.1.3 hides
it only during play); clicking it again shows the next player's. During play another seat's
hand stays face down."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.folklore.state import NAME, card  # noqa: E402
from game.aac.scenes.results import ResultsScene  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.layout_scan import scan  # noqa: E402
from tests.test_folklore import fd, folk_game, set_hand  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402
from tests.test_ui_pilgrimage_results import new_app, view_button  # noqa: E402


def compact_option(problem: str, g: Any, hand: list[str]) -> bool:
    """A card face too small for its options' words ends its last line with an ellipsis (the
    compact face, game.folklore_draw.card_layout): the words are the card's own."""
    if not problem.startswith("FolklorePanel: '") or "\u2026' is cut short" not in problem:
        return False
    words = problem.split("'", 1)[1].split("\u2026'", 1)[0]
    return any(words in o.text for cid in hand for o in card(g.rules, cid).options)


def test_the_results_show_each_players_folklore_sheet_with_its_hand(tmp_path, monkeypatch,
                                                                    drawn):
    app = new_app(tmp_path, monkeypatch, (1280, 720))
    try:
        g = folk_game()
        hands = [["freyith_1", "freyith_2"], ["rusne_3"]]
        for seat, cards in enumerate(hands):
            set_hand(g, seat, cards)
        g.state.over = True  # the game has ended: every hand may be read
        session = Session(g, [SeatSpec(False, "easy"), SeatSpec(False, "normal")])
        scene = ResultsScene(app, session)
        app.set_scene(scene)
        app.step(1 / 60)
        assert [b.label for b in scene.view_buttons.values()] == ["Map", "Folklore"]
        for seat in (0, 1, 0):  # the button again: the next player's sheet, then round
            drawn.clear()
            click(app, *centre(view_button(scene, "Folklore")))
            app.step(1 / 60)
            app.render()
            assert scene.shown == NAME and scene.sheet_seat == seat
            who = session.name(seat)
            assert f"{who} \u2014 Folklore" in drawn
            assert f"{who}'s hand at the end ({len(fd(g)['hand'][seat])})" in drawn
            for cid in hands[seat]:  # the cards' faces: their names
                assert card(g.rules, cid).name in drawn, cid
            assert not any("secret card" in t for t in drawn)
            problems = [p for p in scan(app) if not compact_option(p, g, hands[seat])]
            assert problems == [], "\n".join(problems)
        click(app, *centre(view_button(scene, "Map")))
        app.step(1 / 60)
        assert scene.shown == ""
    finally:
        app.bot_worker.stop()


def test_during_play_another_seats_hand_stays_secret(app, drawn):
    g = folk_game()
    set_hand(g, 1, ["rusne_3"])
    session = Session(g, [SeatSpec(True), SeatSpec(False, "easy")])
    app.start_session(session)
    t = app.scene
    t.folk_panel.seat = 1
    t.folk_panel.visible = True
    drawn.clear()
    app.render()
    assert not t.folk_panel.face_up(1)
    assert any("secret card" in x for x in drawn)
    assert card(g.rules, "rusne_3").name not in drawn


def test_a_card_in_the_results_picture_tells_its_full_text_on_hover(tmp_path, monkeypatch):
    """The sheet's picture is small, and a card face shortens its options' words: hovering a
    card there shows the card's whole text (its name and every option), as on the table."""
    app = new_app(tmp_path, monkeypatch, (1280, 720))
    try:
        g = folk_game()
        set_hand(g, 0, ["freyith_2", "freyith_6"])  # the longest names and options
        g.state.over = True
        session = Session(g, [SeatSpec(False, "easy"), SeatSpec(False, "normal")])
        scene = ResultsScene(app, session)
        app.set_scene(scene)
        app.step(1 / 60)
        assert scene.picture_spots == []  # the map: no sheet's tooltips over it
        click(app, *centre(view_button(scene, "Folklore")))
        app.step(1 / 60)
        spots = {hs.target: hs for hs in scene.picture_spots}
        px, py, pw, ph = scene.picture_box(scene.view_table()[1])
        for cid in ("freyith_2", "freyith_6"):
            hs = spots[f"card:{cid}"]
            cd = card(g.rules, cid)
            assert px <= hs.x and hs.x + hs.w <= px + pw and py <= hs.y and hs.y + hs.h <= py + ph
            cx, cy = hs.x + hs.w / 2, hs.y + hs.h / 2
            assert app.scene.hover_node(cx, cy) is hs
            tip = app.scene.tooltip_for(hs)
            assert tip.startswith(cd.name) and all(o.text in tip for o in cd.options)
            problems = [p for p in scan(app, tooltip_at=(cx, cy))  # the tooltip fits too
                        if not compact_option(p, g, ["freyith_2", "freyith_6"])]
            assert problems == [], "\n".join(problems)
        assert not any(t.startswith("artifact_slot:") for t in spots)  # no play instructions
        click(app, *centre(view_button(scene, "Map")))
        app.step(1 / 60)
        assert scene.picture_spots == [] and not any(
            isinstance(n, type(hs)) for n in scene.children)
    finally:
        app.bot_worker.stop()

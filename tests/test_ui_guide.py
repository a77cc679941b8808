"""UI tests of the guide (how to play, rules reference): every page draws at two window
sizes with its texts inside their boxes and its pictures made from real positions; pages
turn by keys and clicks; F1, the menus and the table's why-not link open it and Esc goes
back to where it was opened."""

from __future__ import annotations

import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.aac.guide import links, positions  # noqa: E402
from game.aac.guide.art import Picture  # noqa: E402
from game.aac.guide.book import guide  # noqa: E402
from game.aac.guide.model import HOWTO, RULES, Guide, Page, RuleEntry  # noqa: E402
from game.aac.scenes.guide import GuideScene  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.shell import tooltip  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402
from tests.test_ui_table_features import move_mouse  # noqa: E402


def make_app(tmp_path, monkeypatch, size=(1600, 900)) -> App:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    return App(size, Settings(anim_speed=0.0, bot_delay=0.0), persist=False, headless=True)



def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))
    app.step(1 / 60)


def button(scene, label: str) -> Button:
    for n in scene.walk():
        if isinstance(n, Button) and n.label.startswith(label):
            return n
    raise AssertionError(f"no button {label!r} in {type(scene).__name__}")


def press(app: App, label: str) -> None:
    click(app, *centre(button(app.scene, label)))
    app.step(1 / 60)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)], ids=["1280x720", "1600x900"])
def test_every_page_draws_its_texts_in_their_boxes_and_real_pictures(tmp_path, monkeypatch,
                                                                       size):
    app = make_app(tmp_path, monkeypatch, size)
    try:
        app.open_guide()
        sc = app.scene
        assert isinstance(sc, GuideScene)
        for page in guide().all_pages():
            sc.show(page.id)
            app.step(1 / 60)  # lays out at this window's scale
            sc.wait_pictures()
            app.step(1 / 60)
            assert sc.page is page
            assert sc.overflow() == [], sc.overflow()
            assert len(page.blocks) <= 4 and all(len(b) < 400 for b in page.blocks), \
                f"{page.id}: a page is a few short paragraphs"
            for i, view in enumerate(page.views):
                pic = sc.pictures[sc._key(i)]
                assert isinstance(pic, Picture), f"{page.id}: no position for {view.position}"
                assert pic.missing == [], f"{page.id}: marks not on the picture: {pic.missing}"
                assert len(pic.callouts) == len(view.marks)
                for co in pic.callouts:  # every ring is inside its picture
                    x, y, w, h = co.rect
                    assert x + w > 0 and y + h > 0 and x < pic.w and y < pic.h
                # a real drawing of the table, not a blank box
                colours = {pic.surf.get_at((x, y))[:3]
                           for x in range(0, pic.surf.get_width(), 23)
                           for y in range(0, pic.surf.get_height(), 23)}
                assert len(colours) > 12, f"{page.id}: the picture looks empty"
            if page.book == HOWTO:
                assert page.views, f"{page.id}: a how-to page has a picture"
    finally:
        app.bot_worker.stop()


def test_pictures_show_the_moment_they_describe():
    """The positions come from real play and stop where the page says: a Deploy's choices,
    a completed section's binding, a Claim, a bridge to build, a finished game..."""
    kinds = {"start": "turn_type", "load": "load_slot", "deploy": "deploy_energy",
             "completed": "completer_bind", "perks": "participant", "walk": "move",
             "claim": "claim_pick", "bridge": "bridge"}
    for name, kind in kinds.items():
        pos = positions.get(name)
        assert pos is not None, name
        assert pos.game.pending is not None and pos.game.pending.kind == kind
        assert pos.game.pending.seat == pos.seat
    end = positions.get("end")
    assert end is not None and end.game.is_over
    late = positions.get("late")
    assert late is not None and sum(len(m.built) for m in late.game.state.monuments.values()) >= 7
    ach = positions.get("achievement")
    assert ach is not None and any(v >= 0 for cells in ach.game.state.ach.values() for v in cells)


def test_pages_turn_by_keys_clicks_and_the_wheel(app):
    app.open_guide("goal")
    sc = app.scene
    app.step(1 / 60)
    howto = guide().pages(HOWTO)
    key(app, pygame.K_RIGHT)
    assert sc.page is howto[1]
    key(app, pygame.K_PAGEDOWN)
    assert sc.page is howto[2]
    key(app, pygame.K_LEFT)
    assert sc.page is howto[1]
    press(app, "Next ▸")
    assert sc.page is howto[2]
    press(app, "◂ Previous")
    assert sc.page is howto[1]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # wraps round to the last page
    assert sc.page is howto[-1]
    press(app, "7. The Tile Pool")
    assert sc.page.id == "pool"
    press(app, "R9 Claim")  # the rule link under the page's text
    assert sc.book == RULES and sc.page.id == "R9"
    press(app, "How to play: The Tile Pool")
    assert sc.page.id == "pool"
    key(app, pygame.K_TAB)
    assert sc.book == RULES and sc.page is guide().pages(RULES)[0]
    press(app, "R13  Tracks")
    assert sc.page.id == "R13"
    press(app, "How to play")  # the tab
    assert sc.book == HOWTO
    key(app, pygame.K_END)
    assert sc.page is howto[-1]
    key(app, pygame.K_HOME)
    assert sc.page is howto[0]
    move_mouse(app, 1000, 400)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    app.step(1 / 60)
    assert sc.page is howto[1]


def human_turn(seed: int = 4) -> Session:
    """A game against an easy bot at the human's first "Advance or Actions?"."""
    session = Session.new([SeatSpec(True), SeatSpec(False, "easy")], seed=seed)
    while (d := session.game.pending) is not None and not (d.seat == 0 and
                                                          d.kind == "turn_type"):
        session.apply(d.choices[0].id)
    return session


def test_title_and_pause_menus_open_the_guide_and_esc_goes_back(app):
    app.step(1 / 60)
    press(app, "How to play")
    assert isinstance(app.scene, GuideScene)
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "MenuScene"
    session = Session.new([SeatSpec(True), SeatSpec(False, "easy")], seed=4)
    app.start_session(session)
    table = app.scene
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    assert type(pause).__name__ == "PauseScene"
    press(app, "How to play")
    assert isinstance(app.scene, GuideScene)
    press(app, "Back to the game")
    assert app.scene is pause
    press(app, "Resume")
    assert app.scene is table


def test_f1_on_the_table_opens_the_guide_and_esc_returns_to_the_same_table(app, monkeypatch):
    session = human_turn()  # the human decides: nothing moves while the guide is open
    app.start_session(session)
    table = app.scene
    app.step(1 / 60)
    before = (len(session.game.history), session.game.pending)
    move_mouse(app, 1500, 880)  # nothing under the pointer: the guide opens where it was
    app.step(1 / 60)
    key(app, pygame.K_F1)
    assert isinstance(app.scene, GuideScene) and app.scenes.below(app.scene) is table
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    assert (len(session.game.history), session.game.pending) == before
    app.step(1 / 60)  # the table still draws and plays
    # F1 while pointing at something opens its rule
    shown: list[str] = []
    monkeypatch.setattr(tooltip, "draw_tooltip", lambda c, text, x, y: shown.append(text))
    spot = table.spots["pool_slot:1"][0]
    move_mouse(app, *centre(spot))
    for _ in range(30):  # the tooltip shows after a moment's hover
        app.step(1 / 60)
    assert app.rule_here() == "R9.3"
    assert shown and shown[-1].startswith(table.tooltip_for(spot))
    assert shown[-1].endswith("F1: rule R9.3 in the guide")
    key(app, pygame.K_F1)
    sc = app.scene
    assert isinstance(sc, GuideScene) and sc.page.id == "R9" and sc.entry == "R9.3"
    key(app, pygame.K_F1)  # F1 again closes it
    assert app.scene is table


def test_a_why_not_link_opens_the_page_of_that_rule(app):
    session = human_turn()
    app.start_session(session)
    table = app.scene
    app.step(1 / 60)
    d = session.game.pending
    assert d is not None and session.is_human(d.seat) and d.kind == "turn_type"
    assert "pool_slot:2" not in table.legal
    click(app, *centre(table.spots["pool_slot:2"][0]))  # not an answer now: why not?
    app.step(1 / 60)
    assert table.message and table.rule_link.visible
    assert table.rule_link.rule == "R9.3" and "R9.3" in table.rule_link.label
    assert table.message in table.tooltip_for(table.rule_link.chip)
    click(app, *centre(table.rule_link.chip))
    app.step(1 / 60)
    sc = app.scene
    assert isinstance(sc, GuideScene)
    assert sc.page.id == "R9" and sc.entry == "R9.3"
    assert any(rid == "R9.3" for rid, _, _ in sc.entry_rows())
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    # the status line itself links too; a new message hides a stale link
    click(app, *centre(table.spots[next(iter(s for s in table.spots if s.startswith("sp_")))][0]))
    app.step(1 / 60)
    assert table.rule_link.rule == "R12.2" and table.rule_link.visible
    click(app, *centre(table.rule_link.status))
    app.step(1 / 60)
    assert isinstance(app.scene, GuideScene) and app.scene.entry == "R12.2"
    key(app, pygame.K_ESCAPE)
    table.message = "Saved to x.json"
    app.step(1 / 60)
    assert not table.rule_link.visible


def test_every_rule_a_link_can_name_has_its_entry():
    g = guide()
    rules = set(links.BY_KIND.values()) | set(links.BY_DECISION.values()) | \
        set(links.INFO.values()) | {f"R6.5.{p}" for p in range(1, 6)} | {"R12.5", "R20.3"}
    for rid in rules:
        page = g.rule_page(rid)
        assert page is not None, rid
        if rid != page.id:
            e = g.entry(rid)
            assert e is not None and e.id == rid, f"{rid} has no entry of its own"
    for p in g.all_pages():  # every rule a page links to exists
        for rid in p.rules:
            assert g.rule_page(rid) is not None and (rid == g.rule_page(rid).id or g.entry(rid))
        for pid in p.see:
            assert g.find(pid) is not None
    ids = [e.id for p in g.pages(RULES) for e in p.entries]
    assert len(ids) == len(set(ids))
    assert [p.id for p in g.pages(RULES) if p.module == "base"] == \
        [f"R{k}" for k in range(1, 26)]


def test_rule_for_target_follows_the_question():
    assert links.rule_for_target("slot:1:top", "load_slot") == "R5.3"
    assert links.rule_for_target("slot:2:bottom", "action") == "R6.1"
    assert links.rule_for_target("action:0:4", "turn_type") == "R6.5.4"
    assert links.rule_for_target("pool_slot:3", "turn_type") == "R9.3"
    assert links.rule_for_target("sp_north_start", "move") == "R12.2"
    assert links.rule_for_target("br_spoke_east", "bridge") == "R20.2"
    assert links.rule_for_target("achievement:ach_pillars:flat", "deploy_energy") == "R22.3"
    assert links.rule_for_target("info:supply") == "R9.5"
    assert links.rule_for_target("nonsense") == ""


def test_a_module_adds_its_pages_to_the_books():
    g = Guide()
    g.register(Page("a", "A"), Page("c", "C"))
    g.register(Page("b", "Pilgrimage", module="pilgrimage"), after="a")
    g.register(Page("R27", "Pilgrimage Module", book=RULES, module="pilgrimage",
                    entries=(RuleEntry("R27.3", "Energy spaces on the Pilgrim Board."),)))
    assert [p.id for p in g.pages(HOWTO)] == ["a", "b", "c"]
    assert g.rule_page("R27.3.1").id == "R27" and g.entry("R27.3.1").id == "R27.3"
    with pytest.raises(ValueError):
        g.register(Page("a", "again"))


def test_the_guide_during_a_bots_turn_lets_the_bot_play_on(app):
    """Leaving the table for the guide while a bot thinks drops its answer; on return the
    bot asks again, so the game never stalls."""
    session = Session.new([SeatSpec(False, "easy"), SeatSpec(False, "easy")], seed=3)
    app.start_session(session)
    table = app.scene
    app.step(1 / 60)
    for _ in range(10):
        app.open_guide()
        app.scene.close()
        app.step(1 / 60)
    start = len(session.game.history)
    end = time.monotonic() + 30  # the bots think in another process: wait in real time
    while len(session.game.history) <= start + 3 and time.monotonic() < end:
        app.step(1 / 60, draw=False)
        time.sleep(0.002)
    assert app.scene is table and len(session.game.history) > start + 3


def test_hotspots_on_the_table_name_a_rule(app):
    session = Session.mid_game(7, 3, 300, humans=1)
    app.start_session(session)
    t = app.scene
    app.step(1 / 60)
    g = guide()
    named = 0
    for view in (t.board, t.device):
        for n in view.children:
            if isinstance(n, Hotspot) and not n.target.startswith("info:"):
                rid = t.guide_rule(n)
                assert rid and g.rule_page(rid) is not None, n.target
                named += 1
    assert named > 50

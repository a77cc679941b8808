"""UI tests of the Pilgrimage module at the table (R27): the Pilgrim Board sheet drawn at
several window sizes with Pilgrimage and with both modules (tabs side by side, speed in the
seats' rows), every new kind of target chosen by pointing (a Shrine of the supply, a frame, a
step of the path, a Shrine's benefit, the board's energy in step C, the speed instead of a
recharge) and the "why not" of one that answers nothing, the sheet opening for a person's
decision and following the hot-seat hand-off, a Shrine dropping into its frame and a pilgrim
walking, no ids in any text, and a whole 3-player game with both modules played through the
table to the results screen."""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import Game, GameConfig, new_game  # noqa: E402
from engine.aac.data import data_dir  # noqa: E402
from engine.aac.pilgrimage import rules as prules  # noqa: E402
from engine.aac.pilgrimage.rules import BuildShrineFrame, EnergyStepFrame, construct  # noqa: E402
from engine.aac.pilgrimage.state import NAME  # noqa: E402
from engine.aac.rules.reserve import recharge  # noqa: E402
from engine.kernel.decisions import Choice  # noqa: E402
from game.aac import pilgrimage_table as ptab  # noqa: E402
from game.aac import table_modules  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import TextLog  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.builder import choice_ids, choose, ctx, load, make_game, push_frame, rerun  # noqa: E402
from tests.layout_scan import _cold, scan  # noqa: E402
from tests.pilgrimage_support import pilgrimage  # noqa: E402, F401  (the fixture)
from tests.test_names import IdScanner  # noqa: E402
from tests.test_pilgrimage import FREYITH, IGNOTAS, move, on_board, pd, pil_game  # noqa: E402
from tests.test_ui_game import centre, click, human_click  # noqa: E402

pytestmark = [pytest.mark.usefixtures("pilgrimage"), pytest.mark.app(size=(1280, 720))]

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]


def new_app(tmp_path: Any, monkeypatch: Any, size: tuple[int, int] = (1280, 720),
            anim: float = 0.0) -> App:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    return App(size, Settings(anim_speed=anim, bot_delay=0.0), persist=False, headless=True)



def start(app: App, g: Game, humans: tuple[bool, ...]) -> Session:
    s = Session(g, [SeatSpec(h) for h in humans])
    app.start_session(s)
    app.step(1 / 60)
    app.step(1 / 60)
    return s


def drawn(app: App) -> list[str]:
    """Every text of a frame drawn with the caches cold (the cached rows draw again)."""
    _cold(app)
    TextLog.records = []
    try:
        app.render()
        return [r.text for r in TextLog.records]
    finally:
        TextLog.records = None


def press(app: App, target: str) -> None:
    """Click the first hotspot of `target` on the table, let the click land."""
    click(app, *centre(app.scene.spots[target][0]))
    app.step(1 / 60)
    app.step(1 / 60)


def panel(app: App) -> ptab.PilgrimPanel:
    p = app.scene.module_panels[NAME]
    assert isinstance(p, ptab.PilgrimPanel)
    return p


def expansion_scanner() -> IdScanner:
    """The names check of test_names, with the expansion catalog's ids as well."""
    sc = IdScanner()
    for path in sorted((data_dir() / "expansion").glob("*.json")):
        def walk(o: object) -> None:
            if isinstance(o, dict):
                if isinstance(o.get("id"), str) and "_" in o["id"]:
                    sc.ids.add(o["id"])
                for v in o.values():
                    walk(v)
            elif isinstance(o, list):
                for v in o:
                    walk(v)
        walk(json.loads(path.read_text(encoding="utf-8")))
    sc._compile()
    return sc


def ids_in(texts: list[str]) -> set[str]:
    """Catalog ids, rule-step names and any snake_case word (a catalog field name such as
    "tier_entries" is no word for a player either)."""
    scanner = expansion_scanner()
    return {h for tx in texts for h in scanner.find(tx)} | {
        w for tx in texts for w in re.findall(r"\b[a-z]+_[a-z0-9_]+\b", tx)}


# --- drawn at every size, with one module and with both ----------------------------------------
@pytest.mark.parametrize("mods", [(NAME,), ("folklore", NAME)], ids=["pilgrimage", "both"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_pilgrim_board_fits_at_every_size(tmp_path, monkeypatch, mods, size):
    a = new_app(tmp_path, monkeypatch, size)
    try:
        s = Session.new([SeatSpec(True), SeatSpec(False, level="easy"),
                         SeatSpec(False, level="easy")], seed=11, modules=mods)
        a.start_session(s)
        a.step(1 / 60)
        t = a.scene
        tabs = [t.module_tabs[m] for m in mods]
        assert all(tb.visible for tb in tabs)
        rects = [tb.world_rect() for tb in tabs]
        assert len(rects) < 2 or not rects[0].colliderect(rects[1])  # side by side
        t.toggle_module(NAME)
        a.step(1 / 60)
        assert panel(a).visible
        assert scan(a) == []  # every text in its box, none cut short
        texts = drawn(a)
        assert "Mount Eldranir \u2014 the Pilgrim Board" in texts
        assert "Shrine supply (8 left)" in texts and "Energy spaces" in texts
        assert texts.count("speed 1") == 3  # each seat's row shows its speed, small
        for name in ("Shrine of the Span", "Shrine of the Market"):
            assert name in texts
        # the hover help of each kind of part fits the window (a Shrine, a Blockade, a
        # frame, an energy space, the speed, a space of the path, the summit)
        for target in ("shrine:shrine_bridge", "info:pilgrim:blockade:blockade_3",
                       "frame:pb_frame_7", "pilgrim:pb_energy_9", "speed:2",
                       "pilgrim:pb_t2_w1", "pilgrim:pb_summit_25"):
            assert scan(a, tooltip_at=centre(t.spots[target][0])) == [], target
        tips = [hs.tooltip() for hs in panel(a).children if hasattr(hs, "target")]
        assert len(tips) > 60 and not ids_in(tips)
        if "folklore" in mods:  # the Folklore sheet opens in its place, never both at once
            t.toggle_folklore()
            a.step(1 / 60)
            assert t.folk_panel.visible and not panel(a).visible
            assert scan(a) == []
    finally:
        a.bot_worker.stop()


# --- pointing --------------------------------------------------------------------------------
def test_r27_5_2_a_shrine_then_its_frame_are_chosen_by_pointing(app):
    """Step A: point at a Shrine of the supply, then at an empty frame; a built frame and a
    built Shrine say why not, in words."""
    g = pil_game(2)
    construct(ctx(g), IGNOTAS, "shrine_tile_pool", "pb_frame_1", False)
    push_frame(g, BuildShrineFrame(FREYITH, "", False))
    start(app, g, (True, False))
    t = app.scene
    assert panel(app).visible  # opened by itself for the decision
    assert "shrine:shrine_bridge" in t.legal
    press(app, "shrine:shrine_tile_pool")  # built already: the message says so
    assert "Shrine of the Market is built" in t.message
    press(app, "shrine:shrine_bridge")
    assert g.pending is not None and g.pending.kind == "pilgrimage_frame"
    assert "frame:pb_frame_3" in t.legal and "frame:pb_frame_1" not in t.legal
    press(app, "shrine:shrine_tile_pool")  # on frame 1: not a frame of the question now
    assert "_" not in t.message
    click(app, *centre(t.spots["pilgrim:pb_frame_1"][0]))
    app.step(1 / 60)
    assert "Shrine of the Market is built in that frame already" in t.message
    press(app, "frame:pb_frame_3")
    assert pd(g)["frames"]["pb_frame_3"] == "shrine_bridge"


def test_r27_8_the_pilgrim_is_moved_by_pointing_and_a_far_space_says_why_not(app):
    """Step B: the fork in tier I: straight on or into the built Shrine (R27.8.1-3); a space
    two steps away, an empty frame and the start answer with the rule in words; entering
    the Shrine offers its benefit, taken by pointing at the Shrine."""
    g = pil_game(2)
    d = pd(g)
    construct(ctx(g), IGNOTAS, "shrine_upgrade", "pb_frame_1", False)
    d["pos"][FREYITH] = "pb_t1_01"
    d["blockades"]["blockade_1"] = IGNOTAS
    move(g, FREYITH, 2)
    start(app, g, (True, False))
    t = app.scene
    assert panel(app).visible
    assert {"pilgrim:pb_t1_02", "pilgrim:pb_frame_1"} <= set(t.legal)
    press(app, "pilgrim:pb_t3_01")
    assert "moves only forward" in t.message and "pb_" not in t.message
    assert t.rule_for("pilgrim:pb_t3_01") == "R27.8"
    press(app, "pilgrim:pb_frame_2")  # empty, and not next to it either
    assert "only forward" in t.message
    press(app, "pilgrim:pb_frame_1")
    assert d["pos"][FREYITH] == "pb_frame_1"
    assert g.pending is not None and g.pending.kind == "pilgrimage_benefit"
    assert "shrine:shrine_upgrade" in t.legal
    press(app, "shrine:shrine_upgrade")  # take the Forge's benefit
    assert g.pending is None or g.pending.kind != "pilgrimage_benefit"


def test_r27_7_1_why_not_names_the_blockade_and_its_speed():
    """A Blockade's cost in words (the engine's pure why-not helper the table uses)."""
    g = pil_game(2)
    d = pd(g)
    d["pos"][FREYITH] = "pb_t2_saddle"
    d["speed"][FREYITH] = 1
    why = prules.why_not_move(ctx(g), FREYITH, "pb_t3_01")
    assert "Blockade 3 costs 2 speed" in why and "(R" not in why
    assert prules.why_not_move(ctx(g), FREYITH, "pb_t2_saddle") == "your Pilgrimage stands here"
    assert "Shrine frame" in prules.why_not_move(ctx(g), FREYITH, "pb_frame_6") or \
        "only forward" in prules.why_not_move(ctx(g), FREYITH, "pb_frame_6")


def test_r27_5_2_c_the_boards_energy_is_activated_or_exhausted_by_pointing(app):
    """Step C: a click on the seat's energy on the board offers activate or exhaust (a
    popup); an empty space and the closed Compass space (2 players, R27.3.6) say why not."""
    g = pil_game(2)
    on_board(g, FREYITH, "pb_energy_2", "rose")
    push_frame(g, EnergyStepFrame(FREYITH, True))
    start(app, g, (True, False))
    t = app.scene
    assert panel(app).visible
    assert [c.id for c in t.legal["pilgrim:pb_energy_2"]] == ["activate:pb_energy_2",
                                                             "exhaust:pb_energy_2"]
    press(app, "pilgrim:pb_energy_9")
    assert "open only with 3 or more players" in t.message
    press(app, "pilgrim:pb_energy_6")
    assert "_" not in t.message and t.message
    press(app, "pilgrim:pb_energy_2")
    assert t.popup is not None  # two answers: which one
    exhausted = g.state.players[FREYITH].exhausted[1]
    t.choose("exhaust:pb_energy_2")
    app.step(1 / 60)
    assert pd(g)["energy"]["pb_energy_2"] == -1
    assert g.state.players[FREYITH].exhausted[1] == exhausted + 1


def test_r27_3_a_destination_lights_every_free_space_of_its_type(app):
    """The engine offers one destination per type (the spaces of a type are alike): every
    free open space of that type answers it."""
    g = pil_game(2)
    on_board(g, IGNOTAS, "pb_energy_6", "rose")
    start(app, g, (True, False))
    ch = Choice("deploy:rose>pilgrim:pb_energy_2", "Rose", ("pilgrim:pb_energy_2",))
    extra = set(ptab.extra_targets(app.scene, ch))
    assert extra == {"pilgrim:pb_energy_7"}  # 6 is taken; 2 is the choice's own
    # energy flying to the board: to its space on the open sheet, else to the sheet's tab
    t = app.scene
    assert not panel(app).visible
    assert t.locate("pilgrim:pb_energy_2", FREYITH) == centre(t.module_tabs[NAME])
    t.toggle_module(NAME)
    assert t.locate("pilgrim:pb_energy_2", FREYITH) == centre(t.spots["pilgrim:pb_energy_2"][0])


def test_r27_2_1_the_speed_is_raised_by_pointing_at_the_row(app):
    """Instead of a recharge: the seat's speed in its row answers "pilgrimage:speed" (the
    prompt shows it as a button too)."""
    g = pil_game(2)
    g.state.players[FREYITH].charged = False
    recharge(ctx(g), FREYITH)
    rerun(g)
    start(app, g, (True, False))
    t = app.scene
    assert [c.id for c in t.legal["speed:0"]] == ["pilgrimage:speed"]
    assert any(getattr(b, "choice_id", "") == "pilgrimage:speed" for b in t.prompt.buttons)
    press(app, "speed:1")  # another seat's speed: not an answer
    assert "_" not in t.message and t.message
    press(app, "speed:0")
    assert pd(g)["speed"][FREYITH] == 2


def test_the_board_follows_the_deciding_seat_after_the_hand_off(app):
    """Two people: a Pilgrimage decision of the second opens the board for that seat only
    after the hand-off; "Close" keeps it closed for that decision."""
    g = pil_game(2)
    push_frame(g, BuildShrineFrame(IGNOTAS, "", False))
    start(app, g, (True, True))
    t = app.scene
    assert t.handoff.visible
    t.handoff.on_click(1, 1, 1)
    app.step(1 / 60)
    app.step(1 / 60)
    assert panel(app).visible and panel(app).seat == IGNOTAS
    assert "shrine:shrine_bridge" in t.legal
    panel(app).toggle()
    app.step(1 / 60)
    assert not panel(app).visible
    t.toggle_module(NAME)  # the tab opens it again
    assert panel(app).visible


# --- animations ------------------------------------------------------------------------------
def test_a_shrine_drops_into_its_frame_and_the_pilgrim_walks(tmp_path, monkeypatch):
    a = new_app(tmp_path, monkeypatch, anim=1.0)
    try:
        g = pil_game(2)
        push_frame(g, BuildShrineFrame(FREYITH, "shrine_bridge", False))
        start(a, g, (True, False))
        t = a.scene
        t.choose("frame:pb_frame_1")
        assert t.animator.busy
        a.step(0.1)
        assert "pb_frame_1" in panel(a).hidden_frames  # the Shrine is still falling
        assert "pb_frame_1" not in t.shown.ext[NAME]["frames"]
        for _ in range(120):
            a.step(1 / 30)
        assert not t.animator.busy and not panel(a).hidden_frames
        assert t.shown.ext[NAME]["frames"]["pb_frame_1"] == "shrine_bridge"
        # a pilgrim's walk, space by space
        pd(g)["blockades"]["blockade_1"] = IGNOTAS
        move(g, FREYITH, 2)
        t._settle()
        a.step(1 / 60)
        t.choose("to:pb_t1_01")
        a.step(0.05)
        assert FREYITH in panel(a).hidden_pilgrims
        for _ in range(60):
            a.step(1 / 30)
        assert not panel(a).hidden_pilgrims and t.shown.ext[NAME]["pos"][FREYITH] == "pb_t1_01"
    finally:
        a.bot_worker.stop()


# --- a whole game ------------------------------------------------------------------------------
def test_a_three_player_game_with_both_modules_through_the_table_to_the_results(app):
    """A person (seat 0, clicking the highlighted targets and the prompt's buttons, keen on
    the Pilgrim Board) and two easy bots play a whole 3-player game with Folklore and
    Pilgrimage to the results screen. On the way every Pilgrimage decision of the person is
    made on the open board, and no text drawn, no tooltip of the board and no log line names
    an id."""
    session = Session.new([SeatSpec(True), SeatSpec(False, level="easy"),
                           SeatSpec(False, level="easy")], seed=11,
                          modules=("folklore", NAME))
    app.start_session(session)
    table = app.scene
    rng = random.Random(3)
    kinds: set[str] = set()
    texts: list[str] = []
    frames = opened = 0
    while app.scene is table and frames < 300_000:  # a bound in frames, not in seconds
        d = session.game.pending
        if d is not None and session.is_human(d.seat) and not table.animator.busy:
            kinds.add(d.kind)
            if d.kind in ptab.BOARD_KINDS:
                assert panel(app).visible
                if len(texts) < 4000:
                    texts += [hs.tooltip() for hs in panel(app).children
                              if hasattr(hs, "target")]
            to_board = any(tg.startswith("pilgrim:") for c in d.choices for tg in c.targets)
            keen = [p for tg, p in table.legal_points() if tg.startswith(
                ("pilgrim:", "shrine:", "frame:", "speed:"))]
            if to_board and not panel(app).visible and not table.handoff.visible:
                click(app, *centre(table.module_tabs[NAME]))  # open the board by its tab
                opened += 1
            elif keen and rng.random() < 0.8:
                click(app, *keen[0])
            else:
                assert human_click(app, rng), f"nothing to click for {d.kind}: {d.prompt}"
        app.step(1 / 60, draw=frames % 300 == 0)
        if frames % 900 == 0 and table.module_panels[NAME].visible:
            texts += drawn(app)
        frames += 1
    assert session.game.is_over, f"not over after {frames} frames"
    assert type(app.scene).__name__ == "ResultsScene"
    app.step(1 / 60)
    assert len(app.scene.scores) == 3
    assert opened and kinds & {"pilgrimage_shrine", "pilgrimage_move"}  # the board was used
    assert not pd(session.game)["supply"]  # every Shrine was built (R27.10)
    texts += session.log
    assert len(texts) > 200 and any("Pilgrimage" in ln for ln in session.log)
    bad = ids_in(texts)
    assert not bad, f"ids reach the player: {sorted(bad)[:10]}"


def test_the_table_modules_in_play_follow_the_game():
    g = make_game(2, seed=1, modules=("folklore", NAME))
    assert [m.name for m in table_modules.in_play(g.state)] == ["folklore", NAME]
    assert [m.name for m in table_modules.in_play(make_game(2, seed=1).state)] == []


def test_r27_1_7_the_closed_space_is_marked_by_pointing_and_drawn(app):
    """R27.1.7 / R32.1: with 2 players the start player may mark the closed bottom-right
    Compass space with an unused character's energy; pointing at the space asks which (the
    sheet opens for it), the tooltip then names the character; it stays closed (R27.3.6)."""
    g = new_game(GameConfig(players=2, seed=3, modules=(NAME,)))
    d = g.pending
    assert d is not None and d.kind == "pilgrimage_blocker"
    humans = tuple(seat == d.seat for seat in range(2))
    start(app, g, humans)
    t = app.scene
    assert panel(app).visible
    marks = [c.id for c in t.legal["pilgrim:pb_energy_9"]]
    assert len(marks) >= 2 and all(m.startswith("mark:") for m in marks)
    press(app, "pilgrim:pb_energy_9")
    assert t.popup is not None  # which unused character
    t.choose(marks[0])
    app.step(1 / 60)
    char = marks[0][5:]
    assert pd(g)["marked"] == {"pb_energy_9": char}
    name = g.rules.characters[char].name
    tips = [tip for tgt, _r, tip, _b in panel(app).layout() if tgt == "pilgrim:pb_energy_9"]
    assert tips and f"marked with an energy of {name}" in tips[0]
    assert "open only with 3 or more players" in tips[0]
    app.render()


def test_r27_3_a_closed_boards_tab_is_ringed_when_a_deploy_can_go_there(app, tmp_path):
    """A Deploy (R27.3) that may go to the board's energy spaces while its sheet is closed:
    the Pilgrim Board tab is ringed like a target (and says so on hover); opened, the spaces
    are ringed instead; folded, its "Show the board" button is."""
    g = pil_game(2)
    load(g, FREYITH, 1, "bottom", "compass")
    load(g, FREYITH, 4, "top", "wild")
    rerun(g)
    choose(g, "actions", "act:1:compass", "opt:0:deploy", "tile:4")
    assert g.pending is not None and any(">pilgrim:" in i for i in choice_ids(g))
    start(app, g, (True, False))
    t = app.scene
    tab = t.module_tabs[NAME]
    assert not panel(app).visible and tab.visible
    assert t.hotspots.sheet_buttons == [tab]
    ringed: list[Any] = []
    orig = t.hotspots.ring
    t.hotspots.ring = lambda c, node, *a: (ringed.append(node), orig(c, node, *a))
    app.render()
    assert tab in ringed
    assert ptab.MODULE.on_sheet("pilgrim:pb_energy_1") and not ptab.MODULE.on_sheet("sp_x")
    tip = t.hotspots.tooltip_for(tab)
    assert tip.startswith(tab.tip) and "can choose now" in tip
    app.screenshot(str(tmp_path / "tab.png"))
    click(app, *centre(tab))  # the tab opens the board: its free energy spaces are ringed
    app.step(1 / 60)
    assert panel(app).visible and t.hotspots.sheet_buttons == []
    assert "pilgrim:pb_energy_1" in t.legal
    ringed.clear()
    app.render()
    assert tab not in ringed and t.spots["pilgrim:pb_energy_1"][0] in ringed
    panel(app).toggle_fold()  # folded to a strip: the button that shows it again is ringed
    assert t.hotspots.sheet_buttons == [panel(app).fold]


def test_no_tab_is_ringed_when_nothing_of_the_decision_is_on_the_closed_board(app):
    g = pil_game(2)
    load(g, FREYITH, 1, "bottom", "compass")
    rerun(g)
    start(app, g, (True, False))
    t = app.scene
    assert not panel(app).visible and g.pending is not None
    assert not any(ptab.MODULE.on_sheet(tg) for ch in g.pending.choices
                   for tg in t.hotspots.targets_of(ch))
    assert t.hotspots.sheet_buttons == []

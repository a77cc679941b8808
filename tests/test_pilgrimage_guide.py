"""The Pilgrimage module's words outside the board: the guide's pages (registered after
Folklore's, each how-to page with its drawn picture, the rules page R27 the links name), the
hover help of the Pilgrim Board quoting the catalog's rules, the rule links of its targets,
and the set-up screen offering Pilgrimage with its words, icon and house rule, alone and with
Folklore."""

from __future__ import annotations

import os
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.data import rules  # noqa: E402
from game.aac import help  # noqa: E402
from game.aac.guide import links  # noqa: E402
from game.aac.guide.book import guide  # noqa: E402
from game.aac.guide.drawn import DRAWINGS  # noqa: E402
from game.aac.guide.model import HOWTO, RULES  # noqa: E402
from game.aac.scenes.setup import MODULE_ICONS, SetupScene, module_options, module_words  # noqa: E402
from game.shell import icons  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.layout_scan import scan  # noqa: E402
from tests.pilgrimage_support import pilgrimage  # noqa: E402, F401  (the fixture)
from tests.test_pilgrimage_table import ids_in  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402

pytestmark = pytest.mark.usefixtures("pilgrimage")


def pb_rule(rid: str) -> str:
    ex = rules().expansion
    assert ex is not None
    return next(r.text for r in ex.pilgrim_board.rules if r.id == rid)


def test_the_pilgrimage_pages_follow_folklores_with_drawn_pictures():
    g = guide()
    how = [p.id for p in g.pages(HOWTO)]
    ours = [p for p in g.pages(HOWTO) if p.module == "pilgrimage"]
    assert [p.id for p in ours] == ["pilgrimage", "shrine_completion", "pilgrim_path",
                                    "pilgrim_speed"]
    assert how.index("pilgrimage") > max(how.index(p.id) for p in g.pages(HOWTO)
                                         if p.module == "folklore")
    for p in ours:
        assert p.views and all(v.drawing in DRAWINGS for v in p.views)
    r27 = g.find("R27")
    assert r27 is not None and r27.book == RULES and r27.module == "pilgrimage"
    for rid in ("R27.3", "R27.5.2", "R27.8", "R27.8.3", "R27.2.1", "R27.10"):
        assert g.entry(rid) is not None and g.entry(rid).id == rid


def test_the_pilgrim_boards_targets_link_to_their_rules():
    assert links.rule_for_target("pilgrim:pb_t1_02", "pilgrimage_move") == "R27.8"
    assert links.rule_for_target("pilgrim:pb_energy_2", "deploy_energy") == "R27.3"
    assert links.rule_for_target("shrine:shrine_bridge", "pilgrimage_benefit") == "R27.8.3"
    assert links.rule_for_target("frame:pb_frame_1", "pilgrimage_frame") == "R27.5.2"
    assert links.rule_for_target("speed:0", "recharge") == "R27.2.1"


def test_the_hover_help_quotes_the_catalogs_rules_in_names():
    texts = [help.pilgrim_board(), help.pilgrim_space("tier I", "path", 1),
             help.pilgrim_space("the summit (25 VP)", "summit", 4),
             help.pilgrim_space("the starting space", "start", 0),
             help.shrine("Shrine of the Span", "Place one of your Bridge Tokens.", ""),
             help.shrine_frame("Shrine frame 1 of 2 in tier I"),
             help.blockade(3, 2, 3, 2, ""), help.blockade(1, 1, 1, 2, "Aureon"),
             help.pilgrim_speed(1), help.pilgrim_energy_space("Rose", True, 1, "", ""),
             help.pilgrim_energy_space("Compass", False, 3, "", "")]
    blockade = pb_rule("pb_rule_blockade")  # from its rule for the player, field names out
    assert blockade[blockade.index("The first Pilgrimage"):].split(" (")[0] in texts[6]
    assert pb_rule("pb_rule_summit") in texts[2]
    assert pb_rule("pb_rule_shrine") in texts[4] and pb_rule("pb_rule_place") in texts[9]
    assert "speed by 2" in texts[6] and "removed by Aureon" in texts[7]
    assert "open only with 3 or more players" in texts[10]
    assert not ids_in(texts)


def test_the_set_up_screen_offers_pilgrimage_with_its_words_icon_and_house_rule(
        tmp_path: Any, monkeypatch: Any):
    title, summary, points = module_words("pilgrimage")
    assert title == "Pilgrimage" and summary and len(points) == 4
    assert icons.icon(MODULE_ICONS["pilgrimage"], 40).get_bounding_rect().w > 20
    assert "pilgrimage_active_always" in module_options("pilgrimage")
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    for size in ((1280, 720), (1600, 900)):
        app = App(size, Settings(anim_speed=0.0), persist=False, headless=True)
        try:
            app.open_setup()
            app.step(1 / 60)
            sc = app.scene
            assert isinstance(sc, SetupScene)
            for name in ("Folklore: off", "Pilgrimage: off"):  # both chosen by clicking
                btn = next(b for b in sc.walk() if isinstance(b, Button)
                           and b.label == name)
                click(app, *centre(btn))
                app.step(1 / 60)
            assert sc.modules == ["folklore", "pilgrimage"]
            labels = [b.label for b in sc.walk() if isinstance(b, Button)]
            assert "Pilgrimage: on" in labels and "Active player always takes part: off" in labels
            assert labels.count("Doublers win Patron Tokens: off") + \
                labels.count("Doublers win Patron Tokens: on") == 1  # shared: shown once
            assert scan(app) == []
            start = next(b for b in sc.walk() if isinstance(b, Button)
                         and b.label == "Start the game")
            assert all(b.y + b.h <= start.y for b in sc.walk() if isinstance(b, Button)
                       and getattr(b, "module", None))
            click(app, *centre(start))
            app.step(1 / 60)
            assert app.scene.session.game.config["modules"] == ["folklore", "pilgrimage"]
        finally:
            app.bot_worker.stop()

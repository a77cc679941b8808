"""Age of Reason's guide: each "How to play" picture is the real table at the position its page
names; every rule the table links (hover texts, boxes, why-nots) opens a rules page at that
entry; F1 over a thing on the table opens the guide at its rule, Esc returns to the table."""

from __future__ import annotations

import re

import pygame
import pytest

from engine.aor.api import tables
from game.aor import help
from game.aor.guide import HOWTO_PAGES, RULES, RULES_PAGES, find
from game.aor.scenes.guide import GuideScene, picture
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.aor.spots import Spot
from game.shell.app import App
from game.shell.layout import fit


@pytest.mark.parametrize("page", [p for p in HOWTO_PAGES if p.shot], ids=lambda p: p.id)
def test_each_picture_is_the_position_its_page_names(page) -> None:
    shot = page.shot
    s = AorSession.mid_game(shot.seed, shot.players, shot.moves, humans=1)
    d = s.game.pending
    assert d is not None and d.kind == shot.kind and s.is_human(d.seat)


def linked_rules(t: TableScene) -> set[str]:
    rules = {n.rule for n in t.walk() if isinstance(n, Spot) and n.rule}
    rules |= set(help.RULES.values()) | {help.box_rule(b) for b in tables().box_by_id}
    return rules


def test_every_rule_the_table_links_opens_its_entry(app: App) -> None:
    s = AorSession.mid_game(5, 4, 40, humans=1)
    app.start_session(s)
    t = app.scene
    rules = linked_rules(t)
    # the rules the engine's why-nots and the hover texts cite, "(R7.3)"
    texts = [t.hotspots.why_not(n.target) + t.tooltip_for(n) for n in t.walk()
             if isinstance(n, Spot)]
    rules |= {m.group(0) for x in texts for m in re.finditer(r"\bR\d+(\.\d+)*", x)}
    assert len(rules) > 25
    entries = {rid for p in RULES_PAGES for rid, _ in p.entries}
    for rid in sorted(rules):
        page, entry = find(rid)
        assert page.book == RULES, rid
        assert page.id == rid.split(".")[0] or int(page.id[1:]) < int(rid.split(".")[0][1:])
        if rid in entries:
            assert entry == rid


def test_f1_over_a_box_opens_its_rule_and_esc_returns(app: App) -> None:
    s = AorSession.mid_game(5, 4, 40, humans=1)
    app.start_session(s)
    t = app.scene
    spot = next(n for n in t.actions.walk() if isinstance(n, Spot)
                and n.target == "box_reserves")
    r = spot.world_rect()
    sc, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + r.centerx * sc), round(oy + r.centery * sc))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.step(1 / 60)
    g = app.scene
    assert isinstance(g, GuideScene)
    assert g.page.id == "R6" and g.entry == "R6.5.7"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                         unicode=""))
    app.step(1 / 60)
    assert g.page.id == "R7"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.step(1 / 60)
    assert app.scene is t


def test_a_picture_shows_the_table_not_a_blank(app: App) -> None:
    shot = HOWTO_PAGES[0].shot
    assert shot is not None
    surf = picture(app, shot)
    assert surf.get_size() == (1600, 900)
    colours = {surf.get_at((x, y))[:3] for x in range(20, 900, 37) for y in range(70, 560, 29)}
    assert len(colours) > 30  # a map, not a flat fill

"""Age of Reason's guide: each "How to play" picture is the real table at the position its page
names; every rule the table links (hover texts, boxes, why-nots) opens a rules page at that
entry; the rules pages R1-R14 are numbered like the rules and say the catalog's numbers; a
long rules page scrolls to the entry a link opens; F1 over a thing on the table opens the
guide at its rule, Esc returns to the table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
import pytest

from engine.aor.api import AOR, tables
from game.aor import help
from game.aor.guide import HOWTO_PAGES, RULES, RULES_PAGES, find
from game.aor.scenes.guide import GuideScene, picture
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.aor.spots import Spot
from game.shell.app import App
from game.shell.layout import fit
from game.shell.registry import front_end
from tests.fit_scenes import CRISP, STEP, sharpness


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
        assert page.id == rid.split(".")[0], (rid, page.id)  # its own section's page
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
    _, _, w, h = shot.part
    surf = picture(app, shot)
    assert surf.get_size() == (round(w), round(h))
    colours = {surf.get_at((x, y))[:3] for x in range(20, 900, 37) for y in range(12, 500, 29)}
    assert len(colours) > 30  # a map, not a flat fill


def test_a_picture_is_drawn_at_the_windows_scale_not_blown_up(app: App) -> None:
    """At 4K the guide's picture is drawn by the table at that scale: as crisp as the table
    itself, not a 1600x900 picture stretched (its edges become ramps of small steps)."""
    shot = HOWTO_PAGES[0].shot
    assert shot is not None
    _, _, w, h = shot.part
    big = picture(app, shot, 2.4)
    assert big.get_size() == (round(w * 2.4), round(h * 2.4))
    stretched = pygame.transform.smoothscale(picture(app, shot), big.get_size())
    for surf, crisp in ((big, True), (stretched, False)):
        steps = sharpness(surf, STEP)
        assert steps > 5
        assert (sharpness(surf, 2 * STEP) >= CRISP * steps) is crisp

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"\bR\d+(?:\.\d+)*\b")


def rule_ids_in_texts(path: Path) -> set[str]:
    """The rule ids in a module's strings (the words it shows: docstrings and comments left
    out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    return {m for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs
            for m in RULE_ID.findall(n.value)}


def test_every_rule_id_the_texts_cite_opens_its_own_section() -> None:
    """Hover texts, why-nots, the set-up, the stage (game/aor) and the engine's explanations
    cite rule ids; each opens the page of its own section (R9.2 is not R8, R14.2 not R13)
    at its entry, or at the nearest entry above or under it."""
    paths = [p for p in sorted((ROOT / "game" / "aor").rglob("*.py")) if p.name != "guide.py"
             or p.parent.name != "aor"]
    paths.append(ROOT / "engine" / "aor" / "explain.py")
    cited = set().union(*(rule_ids_in_texts(p) for p in paths))
    cited |= {"R1.5", "R2.1", "R9.2", "R14", "R14.2"}  # the ones this test was written for
    assert len(cited) > 40
    entries = {rid for p in RULES_PAGES for rid, _ in p.entries}
    for rid in sorted(cited):
        page, entry = find(rid)
        section = rid.split(".")[0]
        assert page.book == RULES and page.id == section, (rid, page.id)
        if rid in entries:
            assert entry == rid, (rid, entry)
        elif rid != section:
            assert entry and (entry.startswith(rid + ".") or rid.startswith(entry + ".")), \
                (rid, entry)
    assert find("R1.12") == (find("R1")[0], "R1.12")  # not R1.1, whose id it starts with
    assert find("R7.3.3")[1] == "R7.3" and find("R6.5")[1] == "R6.5.1"


def numbers(rid: str) -> tuple[int, ...]:
    return tuple(int(x) for x in rid[1:].split("."))


def test_a_page_per_section_numbered_like_the_rules() -> None:
    """R1-R14 each have a page in order; each entry sits on its section's page, in the
    rules' order, once."""
    assert [p.id for p in RULES_PAGES] == [f"R{k}" for k in range(1, 15)]
    for p in RULES_PAGES:
        ids = [rid for rid, _ in p.entries]
        assert ids, p.id
        assert all(rid.split(".")[0] == p.id for rid in ids), p.id
        assert ids == sorted(ids, key=numbers) and len(set(ids)) == len(ids), p.id
        assert all(words[0].isupper() or words[0].isdigit() for _, words in p.entries)


def entry(rid: str) -> str:
    page, lit = find(rid)
    assert lit == rid
    return dict(page.entries)[rid]


def test_the_components_set_up_and_player_count_pages_say_the_catalogs_numbers() -> None:
    t = tables()
    for name in t.country_names:
        assert name in entry("R1.1"), name
    for name in t.area_names:
        assert name in entry("R1.4"), name
    assert f"{t.board_discs} for the map" in entry("R1.5")
    assert f"{len(t.marker_ids)} Empire markers" in entry("R1.8")
    assert f"{t.start_gold} gold" in entry("R2.2") and f"unrest {t.start_unrest}" in \
        entry("R2.2")
    bag = entry("R2.3")
    assert f"all {len(t.marker_ids)} Empire markers" in bag
    for a, name in enumerate(t.area_names):
        n = sum(1 for m in t.markers.values() if m.area == a)
        assert f"{name} {n}" in bag, (name, n)
    assert f"draws {('five', 'six')[t.setup_draws - 5]} markers" in entry("R2.4")
    count = entry("R14.2")
    words = {5: "five", 6: "six"}
    assert f"with 2 to 4, {words[t.segments[4]]} segments" in count
    assert f"with 5 to 7, {words[t.segments[5]]} segments" in count
    assert t.segments[2] == t.segments[4] and t.segments[5] == t.segments[7]
    seconds = [b.name for b in t.boxes if b.kind == "advancement" and len(b.spaces) == 2
               and b.spaces[1][1] == 5]
    assert seconds and all(name in count for name in seconds)
    reserves = t.box_by_id["box_reserves"]
    assert all(least == 2 for _, least in reserves.spaces) and \
        "Reserves has two spaces at every count" in count
    reform = t.box_by_id["box_government_reform"]
    assert len(reform.spaces) == 3 and "three of Government Reform" in count
    assert "War Office, a second attack" in entry("R9.2")
    rewards = [(t.area_names[m.area], m.vp, m.gold) for m in t.markers.values() if m.vp or m.gold]
    said = entry("R7.6.3")
    for name, vp, gold in set(rewards):
        n = ("one", "two", "three")[rewards.count((name, vp, gold)) - 1]
        what = f"{vp} VP" if vp else f"{gold} gold"
        assert f"{what} from each of {n} {name} markers" in said, (name, vp, gold)


def test_a_long_rules_page_scrolls_to_the_entry_a_link_opens(app: App, drawn: list[str]) -> None:
    """R1 has more entries than the page holds: a link to its last opens the page scrolled
    to it, says what is above, and the wheel scrolls back to the first."""
    app.choose_game(front_end(AOR.id))
    app.open_menu()
    app.open_guide("R1.17")
    g = app.scene
    assert isinstance(g, GuideScene) and g.page.id == "R1" and g.entry == "R1.17"
    app.step(1 / 60)
    assert "R1.17" in drawn and "R1.1" not in drawn
    assert any(x.endswith("more above: the mouse wheel scrolls") for x in drawn), drawn
    sc, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + 900 * sc), round(oy + 400 * sc))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(len(g.page.entries)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    drawn.clear()
    app.step(1 / 60)
    assert g.first == 0 and "R1.1" in drawn and "R1.17" not in drawn
    assert any(x.endswith("more below: the mouse wheel scrolls") for x in drawn), drawn
    app.open_guide("R9.2")  # a link followed from the guide itself (the same scene)
    drawn.clear()
    app.render()
    g = app.scene
    assert isinstance(g, GuideScene) and (g.page.id, g.entry) == ("R9", "R9.2")
    assert "R9.2" in drawn and not any("more above" in x or "more below" in x for x in drawn)

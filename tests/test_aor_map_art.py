"""Issue 31, item 1: Age of Reason's map drawn as a period map (game.aor.map_art). The art is
rendered once per scale and cached (frames only blit it, so idle and frame times do not
grow), and it renders at every usual window size: paper, washed seas, coloured land."""

from __future__ import annotations

import math

import pygame
import pytest

from game.aor import map_art
from game.aor import map_geometry as mg
from game.aor.map_view import MAP_X, MAP_Y
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.shell.app import App
from game.shell.layout import fit
from game.shell.scenegraph import Canvas


def table(app: App) -> TableScene:
    app.start_session(AorSession.mid_game(3, 4, 20, humans=1))
    app.step(1 / 60)
    t = app.scene
    assert isinstance(t, TableScene)
    return t


def pixel(app: App, mx: float, my: float) -> tuple[int, int, int]:
    """The window's colour at map point (mx, my) (the map at zoom 1)."""
    s, ox, oy = fit(*app.window.get_size())
    c = app.window.get_at((round(ox + (MAP_X + mx) * s), round(oy + (MAP_Y + my) * s)))
    return (c.r, c.g, c.b)


@pytest.mark.parametrize("app", [(1280, 720), (1600, 900), (1920, 1080)], indirect=True)
def test_the_map_art_renders_at_each_size_and_frames_do_not_rebuild_it(app: App) -> None:
    t = table(app)
    app.render()
    built = map_art.builds
    s = fit(*app.window.get_size())[0]
    art = map_art.art(s)
    assert art.get_size() == (math.ceil(mg.MAP_W * s), math.ceil(mg.MAP_H * s))
    assert map_art.builds == built  # the frame drawn above made (or found) this very scale
    for _ in range(2):  # two more frames, the map's own picture forgotten: the art stays
        t.map_view.forget_pictures()
        app.step(1 / 60)
        app.render()
    assert map_art.builds == built
    # on the window: the open sea is washed blue-green, the paper warm, France blue
    sea = pixel(app, 70, 335)  # the Pacific, clear of the rose, the ship and the coasts
    paper = pixel(app, mg.MAIN_X + 40, 500)  # Barbary: land that scores nothing
    france = pixel(app, mg.MAIN_X + 150, 260)
    assert sea[2] - sea[0] > paper[2] - paper[0] + 25
    assert paper[0] > paper[2] + 25
    assert france[2] - france[0] > paper[2] - paper[0] + 25


def test_while_the_wheel_turns_a_new_scale_is_stood_in_for_then_drawn_sharp(app: App) -> None:
    t = table(app)
    app.render()
    mv = t.map_view
    built = map_art.builds
    mv.wheel(MAP_X + 300, MAP_Y + 200, 1)
    mv.wheel(MAP_X + 300, MAP_Y + 200, 1)
    app.step(1 / 60)
    app.render()
    assert map_art.builds == built  # mid-gesture: the nearest scale rendered, scaled
    frames = 0
    while mv.frame_rate() > 0 and frames < 60:  # the table asks for frames until it is sharp
        app.step(1 / 60)
        app.render()
        frames += 1
    assert frames < 60 and map_art.builds == built + 1


def test_a_new_scale_renders_once_and_old_ones_are_let_go() -> None:
    map_art.forget()
    before = map_art.builds
    a = map_art.art(0.5)
    assert map_art.art(0.5) is a and map_art.builds == before + 1
    map_art.art(0.6)
    assert map_art.builds == before + 2
    big = math.sqrt(map_art.LIMIT_PIXELS / (mg.MAP_W * mg.MAP_H)) * 0.999
    map_art.art(big)  # with this one, the older scales no longer fit the cache's budget
    assert list(map_art._cache) == [round(big, 5)]
    map_art.forget()


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.2])  # the map at 1280x720, 1600x900, 1920x1080
def test_the_maps_names_stand_inside_the_neat_line_and_under_no_plaque(scale: float) -> None:
    c = Canvas(pygame.Surface((math.ceil(mg.MAP_W * scale), math.ceil(mg.MAP_H * scale))),
               scale)
    inner = [c.rect(x + 5, y + 5, w - 10, h - 10) for _, (x, y, w, h) in mg.BOARD_PARTS]
    covers = [c.rect(*g.tab_rect) for g in mg.AREAS.values()]
    covers += [c.rect(*r) for r in map_art.CARTOUCHES]
    covers.append(c.rect(*mg.EAST_INDIES_FRAME))
    names = map_art.labels(c)
    assert len(names) == len(mg.HOMES) + len(map_art.SEA_NAMES) + len(map_art.REGION_NAMES)
    for words, r in names:
        assert any(part.contains(r) for part in inner), f"{words} crosses the neat line"
        assert not any(cv.colliderect(r.inflate(-4, -4)) for cv in covers), \
            f"{words} is under a plaque or a cartouche"


def test_a_very_large_scale_is_drawn_from_the_largest_art_allowed() -> None:
    map_art.forget()
    before = map_art.builds
    view = pygame.Surface((400, 300))
    view.fill((0, 0, 0))
    assert map_art.paint(Canvas(view, 9.0, -300 * 9.0, -200 * 9.0))  # 4K at 3x, say
    assert map_art.builds == before + 1
    (scale,) = map_art._cache
    assert scale * scale * mg.MAP_W * mg.MAP_H <= map_art.MAX_PIXELS * 1.001
    corners = [view.get_at(p)[:3] for p in ((0, 0), (399, 0), (0, 299), (399, 299))]
    assert (0, 0, 0) not in corners  # the whole view painted
    map_art.forget()


def _inside(x: float, y: float, poly: tuple[tuple[float, float], ...]) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def test_no_two_areas_share_ground_and_no_island_lies_in_another_land() -> None:
    """A click lands on the area the player sees (R11: each area scores apart): the drawn
    areas overlap by at most a sliver along a shared coast, and every island of the map (the
    Antilles, Puerto Rico...) lies in the sea, not inside a land area's shape."""
    def box(shapes: tuple[tuple[tuple[float, float], ...], ...]) -> tuple[float, ...]:
        pts = [q for p in shapes for q in p]
        return (min(q[0] for q in pts), min(q[1] for q in pts),
                max(q[0] for q in pts), max(q[1] for q in pts))

    areas = list(mg.AREAS.items())
    for i, (a, ga) in enumerate(areas):
        for b, gb in areas[i + 1:]:
            ba, bb = box(ga.shapes), box(gb.shapes)  # sampled where both boxes meet only
            x0, y0 = int(max(ba[0], bb[0])), int(max(ba[1], bb[1]))
            x1, y1 = int(min(ba[2], bb[2])) + 1, int(min(ba[3], bb[3])) + 1
            both = 4 * sum(1 for x in range(x0, x1, 2) for y in range(y0, y1, 2)
                           if any(_inside(x + 1, y + 1, p) for p in ga.shapes)
                           and any(_inside(x + 1, y + 1, p) for p in gb.shapes))
            assert both <= 16, f"{a} and {b} overlap by about {both} square units"
    lands = [p for _, g in areas if not g.sea for p in g.shapes]
    for isle in mg.ISLANDS:
        cx = sum(q[0] for q in isle) / len(isle)
        cy = sum(q[1] for q in isle) / len(isle)
        assert not any(_inside(cx, cy, p) for p in lands if p is not isle), isle


def test_an_areas_ring_stays_inside_the_map_panel_when_zoomed(app: App) -> None:
    """Zoomed in, an area's shape runs past the panel: its highlight ring (a legal attack
    target, R7) is drawn only inside the map panel, never over the top bar or the right
    column."""
    t = table(app)
    mv = t.map_view
    mv.set_view(3.0, 0.0, 0.0)
    surf = pygame.Surface(app.window.get_size())
    surf.fill((0, 0, 0))
    s, ox, oy = fit(*surf.get_size())
    c = Canvas(surf, s, ox, oy)
    for aid in mg.AREAS:
        mv.ring_area(c, aid, (255, 0, 255), 3.0)
    x0, y0 = c.pt(mv.x, mv.y)
    x1, y1 = c.pt(mv.x + mv.w, mv.y + mv.h)
    inside = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
    lit = [(x, y) for x in range(0, surf.get_width(), 3) for y in range(0, surf.get_height(), 3)
           if surf.get_at((x, y))[:3] == (255, 0, 255)]
    assert lit, "the rings were drawn"
    outside = [p for p in lit if not inside.collidepoint(p)]
    assert not outside, outside[:5]

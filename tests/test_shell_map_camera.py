"""The shell's zoomable map (game.shell.map_camera): the camera's arithmetic (zoom about the
pointer, clamping, the whole map) and the node both games' maps are built on (wheel, keys,
buttons, drag to pan, a held press replayed as a click, hotspots out of view)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.shell.map_camera import BURST, DRAG_START, ZOOM_STEP, Camera, ZoomableMap
from game.shell.scenegraph import Node

PANEL = (100.0, 50.0)
WORLD = (1000.0, 800.0)
BASE = 0.8  # the panel is 800 x 640 virtual units


def camera() -> Camera:
    return Camera(*PANEL, *WORLD, BASE)


def test_zoom_about_the_pointer_keeps_the_map_point_under_it() -> None:
    cam = camera()
    vx, vy = 430.0, 300.0
    point = cam.to_map(vx, vy)
    for factor in (ZOOM_STEP, ZOOM_STEP, ZOOM_STEP, 1 / ZOOM_STEP):
        cam.zoom_about(vx, vy, factor)
        assert cam.to_map(vx, vy) == pytest.approx(point)
        assert cam.to_virtual(*point) == pytest.approx((vx, vy))
    assert cam.zoom == pytest.approx(ZOOM_STEP ** 2)
    assert cam.scale == pytest.approx(BASE * cam.zoom)


def test_zoom_and_view_are_clamped_to_the_map() -> None:
    cam = camera()
    cam.set(10.0, -50.0, -50.0)
    assert (cam.zoom, cam.view_x, cam.view_y) == (cam.zoom_max, 0.0, 0.0)
    cam.set(2.0, 5000.0, 5000.0)  # past the far edges: the panel ends at the map's corner
    assert (cam.view_x, cam.view_y) == (WORLD[0] / 2, WORLD[1] / 2)
    assert cam.to_virtual(*WORLD) == pytest.approx((PANEL[0] + WORLD[0] * BASE,
                                                    PANEL[1] + WORLD[1] * BASE))
    cam.set(0.2, 300.0, 300.0)  # below the least zoom: the whole map, nothing to pan
    assert (cam.zoom, cam.view_x, cam.view_y) == (1.0, 0.0, 0.0)
    cam.set(1.00001, 0.0, 0.0)  # a hair over 1 counts as the whole map
    assert cam.zoom == 1.0
    # zooming about a point near the corner cannot show past the edge
    cam.zoom_about(PANEL[0] + 1, PANEL[1] + 1, 2.0)
    assert cam.view_x >= 0.0 and cam.view_y >= 0.0


def test_whole_map_fits_the_panel() -> None:
    cam = camera()
    cam.zoom_about(500.0, 400.0, 2.5)
    cam.whole()
    assert (cam.zoom, cam.view_x, cam.view_y) == (1.0, 0.0, 0.0)
    assert cam.origin == PANEL
    assert (cam.view_w, cam.view_h) == WORLD
    assert cam.shows(0.0, 0.0) and cam.shows(WORLD[0] - 0.01, WORLD[1] - 0.01)
    assert cam.sees(*PANEL) and not cam.sees(PANEL[0] + WORLD[0] * BASE, PANEL[1])


def test_centre_on_and_what_the_panel_shows() -> None:
    cam = camera()
    cam.centre_on(400.0, 300.0, 2.0)
    mid = (PANEL[0] + WORLD[0] * BASE / 2, PANEL[1] + WORLD[1] * BASE / 2)
    assert cam.to_map(*mid) == pytest.approx((400.0, 300.0))
    assert cam.shows(400.0, 300.0) and not cam.shows(20.0, 20.0)
    cam.centre_on(990.0, 790.0, 2.0)  # a corner: the view stops at the edges
    assert (cam.view_x, cam.view_y) == (WORLD[0] / 2, WORLD[1] / 2)


# --- the node ----------------------------------------------------------------------------------
class Spot(Node):
    interactive = True


class Host:
    def __init__(self) -> None:
        self.app = SimpleNamespace(mouse_v=(0.0, 0.0))
        self.clock = 10.0
        self.clicks: list[tuple[float, float, int]] = []

    def mouse_down(self, vx: float, vy: float, button: int) -> None:
        self.clicks.append((vx, vy, button))


class Map(ZoomableMap):
    spot_type = Spot


def make_map() -> tuple[Map, Host, Spot, Spot]:
    host = Host()
    m = Map(host, camera())
    near, far = Spot(200, 200, 20, 20), Spot(900, 700, 20, 20)
    m.add(near, far)
    m.set_view(1.0, 0.0, 0.0)
    return m, host, near, far


def test_the_node_follows_its_camera_and_hides_spots_out_of_view() -> None:
    m, host, near, far = make_map()
    assert (m.x, m.y, m.scale) == (*PANEL, BASE)
    assert not m.zoom_out.enabled and not m.zoom_reset.visible and m.zoom_in.enabled
    assert m.wheel(130.0, 70.0, 2)  # over the top-left corner
    assert m.zoom == pytest.approx(ZOOM_STEP ** 2) and m.wheel_at == host.clock
    assert m.frame_rate() == 60.0  # the zoom settles
    assert (m.x, m.y) == pytest.approx(m.camera.origin) and m.scale == m.camera.scale
    assert m.virtual(*m.camera.to_map(130.0, 70.0)) == pytest.approx((130.0, 70.0))
    assert near.visible and not far.visible
    assert m.hit(210, 210) is near and m.hit(910, 710) is None  # out of view: no answer
    assert m.zoom_out.enabled and m.zoom_reset.visible
    assert not m.wheel(5.0, 5.0, 1)  # off the panel: not the map's
    host.clock += BURST + 0.2
    assert m.frame_rate() == 0.0
    assert m.zoom_key(pygame.K_HOME) and m.zoom == 1.0 and far.visible
    assert not m.zoom_key(pygame.K_HOME)  # already the whole map
    assert m.zoom_key(pygame.K_PLUS) and m.zoom == pytest.approx(ZOOM_STEP)
    m.zoom_in.action()
    assert m.zoom == pytest.approx(ZOOM_STEP ** 2)
    m.zoom_reset.action()
    assert m.zoom == 1.0


def test_the_buttons_stay_put_at_every_zoom() -> None:
    m, _, _, _ = make_map()
    where = [b.world_rect() for b in m.zoom_buttons()]
    m.wheel(500.0, 400.0, 3)
    assert [b.world_rect() for b in m.zoom_buttons()] == where
    assert where[0].topleft == (PANEL[0] + 6, PANEL[1] + 6)


def test_a_drag_pans_and_a_still_press_is_the_click_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    m, host, _, _ = make_map()
    held = [True]
    monkeypatch.setattr(pygame.mouse, "get_pressed", lambda *a, **k: (held[0], False, False))
    assert not m.press(400.0, 300.0, 1)  # at the whole map a press is a click at once
    m.wheel(400.0, 300.0, 2)
    view0 = (m.view_x, m.view_y)
    assert m.press(400.0, 300.0, 1)
    host.app.mouse_v = (400.0 + DRAG_START + 40, 300.0 + 20)
    m.update(1 / 60)
    assert m.dragging and m.frame_rate() == 60.0
    assert (m.view_x, m.view_y) == pytest.approx(
        (view0[0] - (DRAG_START + 40) / m.scale, view0[1] - 20 / m.scale))
    held[0] = False
    m.update(1 / 60)
    assert not m.dragging and host.clicks == []  # a pan is no click
    host.app.mouse_v = (410.0, 310.0)
    held[0] = True
    assert m.press(410.0, 310.0, 1)
    held[0] = False
    m.update(1 / 60)
    assert host.clicks == [(410.0, 310.0, 1)]  # released where it went down: replayed
    b = m.zoom_out.world_rect()
    assert not m.press(b.centerx, b.centery, 1)  # a zoom button clicks at once

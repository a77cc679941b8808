"""A map panel that zooms and pans, for every game's table.

`Camera` is the arithmetic: which part of a map (in the map's own units) a panel of the
window shows, at which zoom, clamped so the panel never shows past the map's edges.
`ZoomableMap` is a scene-graph node that moves and scales itself as its camera says (so
every child hotspot's `world_rect()` stays exact): the mouse wheel zooms around the pointer,
a drag pans (a left press on a hotspot is held until it moves, else it is the click it was;
the middle button always pans), + / - / Home / 0 zoom from the keyboard, and three buttons
(−, +, "Whole map") stay put on the panel at every zoom. Zoomed in, only the hotspots whose
centre the panel shows answer. A game's map view subclasses it and keeps only its drawing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.shell.scenegraph import Button, Node

ZOOM_MIN, ZOOM_MAX, ZOOM_STEP = 1.0, 3.0, 1.25
DRAG_START = 5.0  # virtual units a press must move to become a pan
BURST = 0.18  # seconds after the last wheel step before a zoomed picture is redrawn sharp


@dataclass(slots=True)
class Camera:
    """The part of a map of (world_w, world_h) map units a panel shows. At zoom 1 the whole
    map fills the panel whose top-left corner is (panel_x, panel_y) in virtual units, `base`
    virtual units to a map unit; zoomed in, (view_x, view_y) is the map point at the panel's
    top-left corner."""

    panel_x: float
    panel_y: float
    world_w: float
    world_h: float
    base: float = 1.0
    zoom_min: float = ZOOM_MIN
    zoom_max: float = ZOOM_MAX
    zoom: float = 1.0
    view_x: float = 0.0
    view_y: float = 0.0

    @property
    def scale(self) -> float:
        """Virtual units to a map unit at this zoom."""
        return self.base * self.zoom

    @property
    def view_w(self) -> float:
        """Map units across the panel."""
        return self.world_w / self.zoom

    @property
    def view_h(self) -> float:
        return self.world_h / self.zoom

    @property
    def origin(self) -> tuple[float, float]:
        """Where the map's (0, 0) lies in virtual units (outside the panel when zoomed in)."""
        s = self.scale
        return self.panel_x - self.view_x * s, self.panel_y - self.view_y * s

    def clamped(self, zoom: float) -> float:
        zoom = min(self.zoom_max, max(self.zoom_min, zoom))
        return self.zoom_min if zoom < self.zoom_min + 0.0001 else zoom

    def set(self, zoom: float, view_x: float, view_y: float) -> None:
        """Show the map from (view_x, view_y) at `zoom`, both kept inside their bounds."""
        zoom = self.clamped(zoom)
        self.zoom = zoom
        self.view_x = min(self.world_w - self.world_w / zoom, max(0.0, view_x))
        self.view_y = min(self.world_h - self.world_h / zoom, max(0.0, view_y))

    def zoom_about(self, vx: float, vy: float, factor: float) -> None:
        """Zoom by `factor`, the map point under virtual (vx, vy) staying under it (as far as
        the map's edges allow)."""
        mx, my = self.to_map(vx, vy)
        zoom = self.clamped(self.zoom * factor)
        s = self.base * zoom
        self.set(zoom, mx - (vx - self.panel_x) / s, my - (vy - self.panel_y) / s)

    def centre_on(self, mx: float, my: float, zoom: float) -> None:
        """Show map point (mx, my) in the panel's middle at `zoom` (as the edges allow)."""
        self.set(zoom, mx - self.world_w / zoom / 2, my - self.world_h / zoom / 2)

    def whole(self) -> None:
        """The whole map again."""
        self.set(self.zoom_min, 0.0, 0.0)

    def to_map(self, vx: float, vy: float) -> tuple[float, float]:
        ox, oy = self.origin
        s = self.scale
        return (vx - ox) / s, (vy - oy) / s

    def to_virtual(self, mx: float, my: float) -> tuple[float, float]:
        ox, oy = self.origin
        s = self.scale
        return ox + mx * s, oy + my * s

    def shows(self, mx: float, my: float) -> bool:
        """Is map point (mx, my) inside the panel?"""
        return (self.view_x <= mx < self.view_x + self.view_w
                and self.view_y <= my < self.view_y + self.view_h)

    def sees(self, vx: float, vy: float) -> bool:
        """Is virtual point (vx, vy) on the panel?"""
        return (self.panel_x <= vx < self.panel_x + self.world_w * self.base
                and self.panel_y <= vy < self.panel_y + self.world_h * self.base)


class Pointer(Protocol):
    mouse_v: tuple[float, float]


class MapHost(Protocol):
    """What the map asks of its table: the pointer, the clock, and a click to replay when a
    held press turns out to be no pan."""

    @property
    def app(self) -> Pointer: ...

    @property
    def clock(self) -> float: ...

    def mouse_down(self, vx: float, vy: float, button: int) -> None: ...


class ZoomableMap(Node):
    """A map node driven by its `camera`; its children are in map units. `spot_type` is the
    class of the map's hotspots. The class attributes below set the zoom buttons' look and
    where they stand (`controls_at`)."""

    clip_hit = True
    spot_type: type[Node] = Node
    BUTTON_W, BUTTON_H, BUTTON_PX = 30.0, 26.0, 16.0  # the − and + buttons
    RESET_W = 96.0  # "Whole map"
    HIDE_RESET = True  # at the whole map "Whole map" is hidden (False: shown greyed out)
    ZOOM_TIP = ("Zoom the map. The mouse wheel zooms around the pointer; drag the map to move "
                "it; Home or 0 shows all of it again.")

    def __init__(self, host: MapHost, camera: Camera, z: int = 0) -> None:
        super().__init__(camera.panel_x, camera.panel_y, camera.world_w, camera.world_h, z,
                         camera.base)
        self.host = host
        self.camera = camera
        self.wheel_at = -1e9  # the clock at the last zoom or pan step
        self._press: tuple[float, float, int, float, float] | None = None
        self.dragging = False
        self._replaying = False
        w, h, px = self.BUTTON_W, self.BUTTON_H, self.BUTTON_PX
        self.zoom_out = Button("\u2212", 0, 0, w, h, self._zoom_out, px, self.ZOOM_TIP, z=60)
        self.zoom_in = Button("+", 0, 0, w, h, self._zoom_in, px, self.ZOOM_TIP, z=60)
        self.zoom_reset = Button("Whole map", 0, 0, self.RESET_W, h, self.reset_zoom, 12,
                                 "Show the whole map again (Home)", z=60)
        self.add(self.zoom_out, self.zoom_in, self.zoom_reset)
        self._apply()

    # --- the camera's state ------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self.camera.zoom

    @property
    def view_x(self) -> float:
        """The map point at the panel's top-left corner."""
        return self.camera.view_x

    @property
    def view_y(self) -> float:
        return self.camera.view_y

    def shows_local(self, mx: float, my: float) -> bool:
        """Is map point (mx, my) inside the panel?"""
        return self.camera.shows(mx, my)

    def sees(self, vx: float, vy: float) -> bool:
        """Is virtual point (vx, vy) on the panel?"""
        return self.camera.sees(vx, vy)

    def virtual(self, mx: float, my: float) -> tuple[float, float]:
        """Map units -> virtual coordinates at the current zoom."""
        return self.x + mx * self.scale, self.y + my * self.scale

    def set_view(self, zoom: float, view_x: float, view_y: float) -> None:
        self.camera.set(zoom, view_x, view_y)
        self._apply()

    def _apply(self) -> None:
        self.scale = self.camera.scale
        self.x, self.y = self.camera.origin
        self.view_changed()
        self._sync_visibility()
        self._place_controls()

    def view_changed(self) -> None:
        """Game hook: the view moved (e.g. free a zoomed picture at the whole map)."""

    def zoom_at(self, vx: float, vy: float, factor: float) -> None:
        """Zoom by `factor` keeping the map point under (vx, vy) where it is."""
        self.camera.zoom_about(vx, vy, factor)
        self._apply()

    def centre_on(self, mx: float, my: float, zoom: float) -> None:
        self.camera.centre_on(mx, my, zoom)
        self._apply()

    def reset_zoom(self) -> None:
        self._press = None
        self.dragging = False
        self.camera.whole()
        self._apply()

    # --- input --------------------------------------------------------------------------------
    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        """The mouse wheel over the panel zooms around the pointer; True when used."""
        if not dy or not self.sees(vx, vy):
            return False
        self.zoom_at(vx, vy, ZOOM_STEP ** dy)
        self.wheel_at = self.host.clock
        return True

    def zoom_key(self, key: int) -> bool:
        """Home or 0 shows the whole map again; + and - zoom around the panel's centre."""
        cam = self.camera
        c = (cam.panel_x + cam.world_w * cam.base / 2, cam.panel_y + cam.world_h * cam.base / 2)
        if key in (pygame.K_HOME, pygame.K_0, pygame.K_KP0):
            if self.zoom == 1.0:
                return False
            self.reset_zoom()
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_at(*c, ZOOM_STEP)
            self.wheel_at = self.host.clock
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS) and self.zoom > 1.0:
            self.zoom_at(*c, 1 / ZOOM_STEP)
            self.wheel_at = self.host.clock
            return True
        return False

    def press(self, vx: float, vy: float, button: int) -> bool:
        """A mouse button goes down at (vx, vy). Zoomed in, a left press on the map waits:
        moved past DRAG_START it pans the map (and is no click); released first, it is the
        click it would have been. The middle button always pans. True: the press is held."""
        if self._replaying or button not in (1, 2) or self.zoom <= 1.0 or \
                not self.sees(vx, vy):
            return False
        node = self.hit(*self.to_local(vx, vy))
        if button == 1 and node is not None and not isinstance(node, self.spot_type):
            return False  # the zoom buttons click at once
        self._press = (vx, vy, button, self.view_x, self.view_y)
        self.dragging = False
        return True

    def update(self, dt: float) -> None:  # nothing else moves inside: skip the hotspots
        if self._press is not None:
            self._track_press()

    def _track_press(self) -> None:
        assert self._press is not None
        vx0, vy0, button, ux, uy = self._press
        mx, my = self.host.app.mouse_v
        held = pygame.mouse.get_pressed()[0 if button == 1 else 1]
        if not self.dragging and math.hypot(mx - vx0, my - vy0) >= DRAG_START:
            self.dragging = True
        if self.dragging:
            s = self.scale
            self.set_view(self.zoom, ux - (mx - vx0) / s, uy - (my - vy0) / s)
            self.wheel_at = self.host.clock
        if held:
            return
        self._press = None
        if self.dragging:
            self.dragging = False
            return
        if button == 1:  # released where it went down: the click it was
            self._replaying = True
            try:
                self.host.mouse_down(vx0, vy0, 1)
            finally:
                self._replaying = False

    def frame_rate(self) -> float:
        """60 while a press is held or a zoom settles; else what the children ask."""
        if self._press is not None or self.host.clock - self.wheel_at < BURST + 0.1:
            return 60.0
        return super().frame_rate()

    def hit(self, lx: float, ly: float) -> Node | None:
        if not self.shows_local(lx, ly):
            return None
        return super().hit(lx, ly)

    def _sync_visibility(self) -> None:
        """Zoomed in, only hotspots whose centre is in the panel answer and light up."""
        buttons = self.zoom_buttons()
        for n in self.children:
            if isinstance(n, self.spot_type) and n not in buttons:
                n.visible = self.zoom == 1.0 or self.shows_local(n.x + n.w / 2, n.y + n.h / 2)

    # --- the zoom buttons ------------------------------------------------------------------------
    def zoom_buttons(self) -> tuple[Button, Button, Button]:
        return self.zoom_out, self.zoom_in, self.zoom_reset

    def controls_at(self) -> tuple[float, float]:
        """Game hook: the virtual point of the first zoom button's top-left corner."""
        return self.camera.panel_x + 6, self.camera.panel_y + 6

    def _zoom_in(self) -> None:
        self.zoom_key(pygame.K_PLUS)

    def _zoom_out(self) -> None:
        self.zoom_key(pygame.K_MINUS)

    def _place_controls(self) -> None:
        """The zoom buttons stay at their place on the panel at every zoom."""
        vx, vy = self.controls_at()
        for b in self.zoom_buttons():
            b.x, b.y = (vx - self.x) / self.scale, (vy - self.y) / self.scale
            b.scale = 1.0 / self.scale
            vx += b.w + 4
        self.zoom_out.enabled = self.zoom > 1.0
        self.zoom_in.enabled = self.zoom < self.camera.zoom_max
        if self.HIDE_RESET:
            self.zoom_reset.visible = self.zoom > 1.0
        else:
            self.zoom_reset.enabled = self.zoom > 1.0

"""The table's layer cache: a window-sized picture of everything that changes only with the
shown state, redrawn area by area when its content changes."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.aac import settings as aac_settings
from game.aac import tokens, trapdoor
from game.shell import theme
from game.shell.layout import VH, VW, fit
from game.shell.scenegraph import Canvas, TextLog

if TYPE_CHECKING:
    from engine.aac.api import GameState
    from game.aac.board_view import BoardView
    from game.aac.device_view import DeviceView, SeatsView
    from game.aac.hud import TopBar
    from game.aac.session import AacSession
    from game.aac.table.driver import TurnDriver
    from game.shell.prompt_bar import PromptBar
    from game.shell.scenes.base import Nav
    from game.shell.settings import Settings

_MISSING = object()


class LayeredTable(Protocol):
    """What the layer cache reads of the table (the table scene is one): the views whose
    unchanging parts it keeps, the shown state and its revision, and who looks at what."""

    @property
    def app(self) -> Nav: ...

    @property
    def board(self) -> BoardView: ...

    @property
    def device(self) -> DeviceView: ...

    @property
    def seats(self) -> SeatsView: ...

    @property
    def topbar(self) -> TopBar: ...

    @property
    def prompt(self) -> PromptBar: ...

    @property
    def driver(self) -> TurnDriver: ...

    @property
    def session(self) -> AacSession: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def shown(self) -> GameState: ...

    @property
    def rev(self) -> int: ...

    @property
    def peek_seat(self) -> int: ...

    def deciding_seat(self) -> int: ...

    def draw(self, c: Canvas) -> None: ...


class LayerCache:
    def __init__(self, t: LayeredTable) -> None:
        self.t = t
        self._chrome: pygame.Surface | None = None
        self._chrome_key: object = None
        self._layers: pygame.Surface | None = None
        self._layer_keys: dict[str, object] = {}
        self._cur_keys: dict[str, object] = {}
        self._keys_memo: object = None

    def prewarm(self) -> None:
        """Render the cached layers, the fonts and the sprites animations use before the first
        frame, so no frame pays for them."""
        surf = self.t.app.window
        s, ox, oy = fit(*surf.get_size())
        c = Canvas(surf, s, ox, oy)
        self._compose(c)
        bc = c.sub(self.t.board.x, self.t.board.y, self.t.board.scale)
        for seat in range(len(self.t.shown.players)):
            col, shape = self.t.session.colour(seat), self.t.session.shape(seat)
            for k in range(19):
                for et in range(4):
                    tokens.energy(bc, -100, -100, 9 + 4 * math.sin(math.pi * k / 18), et, col,
                                  shape)
            for ang in range(0, 360, 5):  # figures walk on the map, at the board's scale
                a = math.radians(ang)
                tokens.figure(bc, -100, -100, 10, col, shape, (math.cos(a), math.sin(a)))
        for size in (15, 16):
            theme.font(max(6, round(size * s)), True)
        if aac_settings.of(self.t.settings).trapdoor_physics and self.t.settings.anim_speed > 0:
            trapdoor.prewarm()
        self.t.draw(c)

    def _compose(self, c: Canvas) -> None:
        """Keep `self._layers` (a window-sized picture of everything that changes only with
        the shown state) up to date, redrawing only the areas whose content changed."""
        key = (c.surf.get_size(), round(c.s, 5), round(c.ox), round(c.oy),
               len(self.t.shown.players))
        if self._chrome is None or self._chrome_key != key:
            self._chrome_key = key
            self._chrome = pygame.Surface(c.surf.get_size())
            cc = Canvas(self._chrome, c.s, c.ox, c.oy)
            self._chrome.fill(theme.BG_DARK)
            cc.fill(theme.BG, 0, 0, VW, VH)
            cc.fill(theme.FELT, 4, 54, 852, 844, 14)
            self.t.device.draw_frame(cc.sub(self.t.device.x, self.t.device.y))
            self.t.prompt.draw_frame(cc.sub(self.t.prompt.x, self.t.prompt.y))
            self.t.seats.draw_frame(cc.sub(self.t.seats.x, self.t.seats.y))
            bc = cc.sub(*self.t.board.home)  # the unzoomed map (zoomed, the board draws its own)
            self._chrome.blit(self.t.board.background(bc.s), bc.pt(0, 0))
            if pygame.display.get_surface() is not None:
                self._chrome = self._chrome.convert()
            self._layers = self._chrome.copy()
            self._layer_keys = {}
        memo = (self.t.rev, self.t.device.seat, self.t.peek_seat, self.t.deciding_seat(),
                self.t.settings.colour_safe, self.t.driver.thinking_seat)
        if memo != self._keys_memo:
            self._keys_memo = memo
            s = self.t.shown
            keys: dict[str, object] = {f"board:{k}": v
                                       for k, v in self.t.board.area_keys(s).items()}
            keys["device"] = self.t.device.layer_key(s)
            keys["seats"] = self.t.seats.layer_key(s)
            keys["top"] = self.t.topbar.layer_key(s)
            self._cur_keys = keys
        for name, k in self._cur_keys.items():
            if self._layer_keys.get(name, _MISSING) != k:
                self._layer_keys[name] = k
                self._draw_layer(name, c)

    def _draw_layer(self, name: str, c: Canvas) -> None:
        assert self._layers is not None and self._chrome is not None
        cc = Canvas(self._layers, c.s, c.ox, c.oy)
        s = self.t.shown
        if name.startswith("board:"):
            area = name[6:]
            bc = cc.sub(*self.t.board.home)
            rect = bc.rect(*self.t.board.AREAS[area])
            view: Any = None
        else:
            view = {"device": self.t.device, "seats": self.t.seats, "top": self.t.topbar}[name]
            rect = cc.rect(view.x, view.y, view.w, view.h)
        self._layers.blit(self._chrome, rect, rect)
        self._layers.set_clip(rect)
        TextLog.push(rect, f"layer {name}", self._layers)
        try:
            if view is None:
                self.t.board.draw_area(bc, area, s)
            else:
                view.draw_static(cc.sub(view.x, view.y))
        finally:
            TextLog.pop()
            self._layers.set_clip(None)

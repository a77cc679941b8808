"""The table as a thumbnail for a save's preview (the shell's PlayScene.picture)."""

from __future__ import annotations

import pygame

from game.aac.table.model import PreviewModel
from game.shell.layout import VH, VW, fit
from game.shell.preview import THUMB
from game.shell.scenegraph import Canvas, TextLog


def table_picture(table: PreviewModel) -> pygame.Surface:
    """The table as it is on screen, shrunk to a thumbnail. While something is private (a
    Folklore hand, Scoring Cards, the expert variant's secret loading) it is drawn as a
    spectator sees it: every hand face down, every hidden device hidden, and neither the
    prompt nor a popup (their words may name the cards in a hand), so a preview never gives
    a secret away and every save has its picture."""
    win = table.app.window
    surf = pygame.Surface(win.get_size())
    s, ox, oy = fit(*surf.get_size())
    private = table.private_now()
    popup = table.popup
    shown = (table.handoff.visible, table.prompt.visible,
             popup.visible if popup is not None else False)
    table.handoff.visible = False  # the table itself, not the hand-off curtain
    if private:
        table.driver.spectator = True
        table.prompt.visible = False
        if popup is not None:
            popup.visible = False
        table.layers.forget_keys()
    try:
        with TextLog.paused():  # a picture, not the texts on screen
            table.draw(Canvas(surf, s, ox, oy))
    finally:
        table.handoff.visible, table.prompt.visible = shown[0], shown[1]
        if popup is not None:
            popup.visible = shown[2]
        if private:
            table.driver.spectator = False
            table.layers.forget_keys()
    area = pygame.Rect(round(ox), round(oy), round(VW * s), round(VH * s)).clip(surf.get_rect())
    return pygame.transform.smoothscale(surf.subsurface(area), THUMB)

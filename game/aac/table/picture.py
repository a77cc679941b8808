"""The table as a thumbnail for a save's preview (the shell's PlayScene.picture)."""

from __future__ import annotations

import pygame

from game.aac.table.model import PreviewModel
from game.shell.layout import VH, VW, fit
from game.shell.preview import THUMB
from game.shell.scenegraph import Canvas


def table_picture(table: PreviewModel) -> pygame.Surface | None:
    """The table as it is on screen, shrunk to a thumbnail; None while something private is
    showing (expert secret loading), so a preview never gives a secret away."""
    if table.private_now():
        return None
    win = table.app.window
    surf = pygame.Surface(win.get_size())
    s, ox, oy = fit(*surf.get_size())
    covered = table.handoff.visible
    table.handoff.visible = False  # the table itself, not the hand-off curtain
    try:
        table.draw(Canvas(surf, s, ox, oy))
    finally:
        table.handoff.visible = covered
    area = pygame.Rect(round(ox), round(oy), round(VW * s), round(VH * s)).clip(surf.get_rect())
    return pygame.transform.smoothscale(surf.subsurface(area), THUMB)

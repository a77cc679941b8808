"""The layout check (issue 11): render a scene with every cache cold and report every text
that does not fit its box — shortened with an ellipsis, or drawn outside the rectangle of the
node (or cached table layer) that drew it, or outside the window.

    problems = scan(app)   # the app's current scene, at the app's window size
"""

from __future__ import annotations

from typing import Any

import pygame

from game.shell import scenegraph, theme
from game.shell.scenegraph import TextLog, TextRecord

TOLERANCE = 2  # pixels: antialiasing and rounding


def _cold(app: Any) -> None:
    """Forget every cached picture so each text is really drawn again."""
    scenegraph._button_cache.clear()
    theme._text_cache.clear()
    scene = app.scene
    for name in ("_chrome", "_layers", "_page"):
        if hasattr(scene, name):
            setattr(scene, name, None)
    layers = getattr(scene, "layers", None)
    if layers is not None:  # the table's layer cache (game.table.layers)
        layers._chrome = layers._layers = None
        layers._layer_keys = {}
        layers._keys_memo = None
    for node in walk(scene):
        for name in ("_surf", "_page", "_board"):
            if isinstance(getattr(node, name, None), pygame.Surface):
                setattr(node, name, None)
        if isinstance(getattr(node, "_rows", None), dict):
            node._rows = None


def walk(node: Any) -> list[Any]:
    out = [node]
    for c in getattr(node, "children", []):
        out.extend(walk(c))
    return out


def problem(rec: TextRecord) -> str:
    where = f"{rec.owner or 'window'}: {rec.text!r}"
    if rec.shortened:
        return f"{where} is cut short to fit"
    box = rec.box or pygame.Rect(0, 0, *rec.surface)
    outer = box.inflate(2 * TOLERANCE, 2 * TOLERANCE)
    if not outer.contains(rec.rect):
        return f"{where} at {tuple(rec.rect)} leaves its box {tuple(box)}"
    return ""


def scan(app: Any, tooltip_at: tuple[float, float] | None = None) -> list[str]:
    """Every text problem of the current scene drawn once (optionally with the tooltip of
    the node under a virtual point, as a player hovering there would see it)."""
    _cold(app)
    TextLog.records = []
    try:
        if tooltip_at is not None:
            app.mouse_v = tooltip_at
            app.rehover()
            app.hover_time = 10.0
        app.render()
        recs = list(TextLog.records)
    finally:
        TextLog.records = None
    out = []
    for rec in recs:
        p = problem(rec)
        if p and p not in out:
            out.append(p)
    return out

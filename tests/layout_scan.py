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


# texts that end with an ellipsis on purpose (something is going on), not cut by hand
ELLIPSIS_OK = ("thinking…", "is playing…", "Setting up the picture…", "Thinking of a hint…")


def problem(rec: TextRecord) -> str:
    where = f"{rec.owner or 'window'}: {rec.text!r}"
    if rec.shortened:
        return f"{where} is cut short to fit"
    if rec.text.endswith(("…", "...")) and rec.text.strip() not in ("…", "...") and \
            not rec.text.endswith(ELLIPSIS_OK):
        return f"{where} is cut short by hand"
    box = rec.box or pygame.Rect(0, 0, *rec.surface)
    outer = box.inflate(2 * TOLERANCE, 2 * TOLERANCE)
    if not outer.contains(rec.rect):
        return f"{where} at {tuple(rec.rect)} leaves its box {tuple(box)}"
    return ""


def scan(app: Any, tooltip_at: tuple[float, float] | None = None) -> list[str]:
    """Every text problem of the current scene drawn once (optionally with the tooltip of
    the node under a virtual point, as a player hovering there would see it)."""
    return scan_texts(app, tooltip_at)[0]


def scan_texts(app: Any, tooltip_at: tuple[float, float] | None = None
               ) -> tuple[list[str], list[TextRecord]]:
    """`scan`, and every text drawn (for checks of their size)."""
    _cold(app)
    TextLog.records = []
    try:
        if tooltip_at is not None:
            app.mouse_v = tooltip_at
            app.rehover()
            app.hover_time, app.tip_held = 10.0, False
        app.render()
        recs = list(TextLog.records)
    finally:
        TextLog.records = None
    out = []
    for rec in recs:
        p = problem(rec)
        if p and p not in out:
            out.append(p)
    for p in overlaps(recs, app.window.get_size()):
        if p not in out:
            out.append(p)
    return out, recs


# what floats over the table on purpose, hiding what is under it (a popup, a card, a sheet,
# the hover overlay of another seat's device, a tooltip, a question or the pause menu over
# the dimmed table): a text under one is not "covered"
FLOATING = ("Popup", "RecapCard", "DeviceOverlay", "MonumentCard", "TutorialOverlay",
            "FolklorePanel", "PilgrimagePanel", "PilgrimPanel", "ModuleSheet", "Handoff",
            "LaunchHint", "StatusToast", "ConfirmScene", "PauseScene", "window", "")


def _inner(r: pygame.Rect) -> pygame.Rect:
    """A text's rectangle without its font's empty margins (ascent and descent room)."""
    return r.inflate(-2 * TOLERANCE, -max(2 * TOLERANCE, r.h // 3))


def overlaps(recs: list[TextRecord], window: tuple[int, int]) -> list[str]:
    """Texts drawn over other texts on the window (or a layer of its size): the later one
    hides part of the earlier ("Tess (Aureon)15 VP", a link over the end of a prompt).
    What floats over the table on purpose (FLOATING) may cover anything."""
    out = []
    flat = [r for r in recs if r.surface == window and r.text.strip()]
    for i, a in enumerate(flat):
        ra = _inner(a.rect)
        if ra.w <= 0 or ra.h <= 0:
            continue
        for b in flat[i + 1:]:
            if b.owner in FLOATING or a.text == b.text:  # (a shadow under its text)
                continue
            rb = _inner(b.rect)
            if rb.w > 0 and rb.h > 0 and ra.colliderect(rb):
                out.append(f"{a.owner or 'window'}: {a.text!r} is covered by "
                           f"{b.owner or 'window'}: {b.text!r}")
    return out


def drawn_texts(app: Any) -> list[str]:
    """Every text the current scene draws, every cache cold (the words scan reads them)."""
    _cold(app)
    TextLog.records = []
    try:
        app.render()
        return [rec.text for rec in TextLog.records]
    finally:
        TextLog.records = None

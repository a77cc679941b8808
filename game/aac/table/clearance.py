"""Nothing covers what the player must click (issue 29): where the player may click now,
and what floats over the table, as rects in virtual units.

`targets` lists every place that answers the decision waiting (the highlighted targets, the
buttons that show a module sheet holding some, the prompt's buttons, an open popup's answers,
a waiting launch's plunger and its "Fire for me"). Tooltips keep off them (the app asks the
scene's `keep_clear`), the status line picks a place clear of them, and the overlay test
(tests/test_ui_overlays.py) checks every overlay listed by `overlays` against them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

import pygame

from game.shell.hotspots import AnsweringTable
from game.shell.hotspots import on_screen as _shown

if TYPE_CHECKING:
    from game.aac.board_view import BoardView
    from game.aac.hud import LogDrawer, RecapCard, StatusToast
    from game.aac.table.hotspots import HotspotIndex
    from game.aac.trapdoor import TrapdoorLayer
    from game.shell.scenegraph import Button, Node

Rects = list[tuple[str, pygame.Rect]]


class ClearTable(AnsweringTable, Protocol):
    """What is read of the table besides its decision, the prompt and a popup: what else
    answers it (the hotspots, the trapdoor) and what floats over it."""

    @property
    def hotspots(self) -> HotspotIndex: ...

    @property
    def trapdoor(self) -> TrapdoorLayer: ...

    @property
    def fire_button(self) -> Button: ...

    @property
    def skip_button(self) -> Button: ...

    @property
    def board(self) -> BoardView: ...

    @property
    def recap_card(self) -> RecapCard: ...

    @property
    def toast(self) -> StatusToast: ...

    @property
    def log_drawer(self) -> LogDrawer: ...

    @property
    def launch_hint(self) -> Node: ...

    @property
    def device_overlay(self) -> Node: ...

    @property
    def rule_link(self) -> Node: ...

    @property
    def module_panels(self) -> Mapping[str, Node]: ...


def targets(t: ClearTable) -> Rects:
    """(what, rect) of every place the player may click now to answer the decision waiting
    (nothing while a bot decides)."""
    out: Rects = []
    la = t.trapdoor.waiting()
    if la is not None:  # a person's launch waits for the pull: the plunger and the button
        out.append(("the trapdoor's plunger", la.handle_rect()))
        if t.fire_button.visible:
            out.append(("Fire for me", t.fire_button.world_rect()))
        return out
    d = t.pending
    if d is None or not t.session.is_human(d.seat) or t.animator.busy:
        return out
    if t.popup is not None:  # a popup is the question now: its answers
        return [(f"popup: {b.tooltip()}", b.world_rect()) for b in t.popup.children]
    hs = t.hotspots
    for target in hs.legal:
        for spot in hs.spots.get(target, []):
            if _shown(spot) and not hs._covered(spot):
                out.append((target, spot.world_rect()))
    for btn in hs.sheet_buttons:
        if _shown(btn):
            out.append((f"tab: {btn.label}", btn.world_rect()))
    for node in t.prompt.children:
        if _shown(node):
            out.append((f"prompt: {getattr(node, 'label', '')}", node.world_rect()))
    return out


def overlays(t: ClearTable) -> Rects:
    """(what, rect) of everything drawn over the table now that is not itself a place to
    click: the recap, the status line, the tooltip, the launch hint, the monument card, the
    device shown on hover, the rule link, the open log, and a popup (over the others)."""
    out: Rects = []
    if t.recap_card.visible and t.recap_card.lines:
        out.append(("the recap", t.recap_card.world_rect()))
    if t.toast.alpha() > 0:
        x, y, w, h = t.toast.pill_rect()
        out.append(("the status line", pygame.Rect(round(x), round(y), round(w), round(h))))
    if t.app.tip_rect is not None:
        out.append(("a tooltip", t.app.tip_rect))
    if t.launch_hint.visible:
        out.append(("the launch hint", t.launch_hint.world_rect()))
    card = t.board.card
    if card.mid:
        x, y, w, h = card.rect
        out.append(("a monument's card", pygame.Rect(round(x), round(y), round(w), round(h))))
    shown_at = getattr(t.device_overlay, "rect", None)
    if shown_at is not None:
        out.append(("another seat's device", shown_at))
    if t.rule_link.visible:
        for part in t.rule_link.children:
            out.append(("the rule link", part.world_rect()))
    if t.log_drawer.visible:
        out.append(("the log", t.log_drawer.world_rect()))
    if t.skip_button.visible:
        out.append(("Skip to your turn", t.skip_button.world_rect()))
    return out


def rects(items: Rects) -> list[pygame.Rect]:
    return [r for _, r in items]

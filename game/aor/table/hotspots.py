"""Which things on Age of Reason's table answer the pending decision (the legal targets),
what the pointer is over, what each thing says on hover and why a click did nothing (the
engine's "why not"); the rings around legal targets; the prompt bar's buttons for the
choices that have no place on the table ("Take no box", "No attack", "Keep these dice").

A choice names its targets with catalog ids (engine.aor.api's decision kinds); the table
maps each to its spots: an attack on a disc lights its area and the stack attacked, an
attack on a marker its area and every marker of that face there, a box its space and the
box, a card the card in the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from engine.aor.api import DECISION_KINDS, tables, why_not
from engine.kernel.decisions import Choice, Decision
from game.aor import help, look
from game.aor.spots import Spot, target_kind
from game.shell import theme
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from engine.aor.api import Game
    from game.aor.hud import Handoff
    from game.aor.map_view import MapView
    from game.aor.session import AorSession
    from game.shell.animations import Animator
    from game.shell.prompt_bar import Popup, PromptBar
    from game.shell.scenes.base import Nav

# decision kinds answered on a panel of their own, never by prompt buttons
PANEL_KINDS = frozenset({"bid", "proposal"})
# choices answered by a button even when they name a place (the combat stage covers the map)
BUTTON_KINDS = frozenset({"buy_npc", "reserves", "ally"})


class PointedTable(Protocol):
    @property
    def app(self) -> Nav: ...

    @property
    def game(self) -> Game: ...

    @property
    def session(self) -> AorSession: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def prompt(self) -> PromptBar: ...

    @property
    def popup(self) -> Popup | None: ...

    @property
    def handoff(self) -> Handoff: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def map_view(self) -> MapView: ...

    @property
    def clock(self) -> float: ...

    def views(self) -> list[Node]: ...

    def pulsing(self) -> bool: ...

    def hit(self, lx: float, ly: float) -> Node | None: ...

    def seat_name(self, seat: int) -> str: ...

    def covered(self, spot: Spot) -> bool: ...


def spot_targets(ch: Choice, kind: str) -> list[str]:
    """The spots a choice lights (and answers a click on)."""
    t = tables()
    cid = ch.id
    if cid.startswith("attack_disc:"):
        _, aid, country = cid.split(":")
        return [aid, f"stack:{aid}:{country}"]
    if cid.startswith(("attack_marker:", "convert:")):
        if cid.startswith("convert:"):
            aid = cid.split(":", 1)[1]
            mid = ch.targets[1] if len(ch.targets) > 1 else ""
        else:
            mid = cid.split(":", 1)[1]
            aid = t.areas[t.markers[mid].area]
        out = [aid]
        if mid:
            face = t.markers[mid].face
            out += [m for m in t.markers if t.markers[m].face == face]
        return out
    if cid.startswith("box:") and cid != "box:none":
        sid = cid.split(":", 1)[1]
        return [sid, t.space_box[sid]]
    if cid.startswith(("card:", "retrieve:")):
        return [cid.split(":", 1)[1]]
    if cid.startswith("trade:"):
        return [cid.split(":", 1)[1]]
    if kind == "country" and cid.startswith("country:"):
        return [f"unallied:{cid.split(':', 1)[1]}"]
    return []


class HotspotIndex:
    def __init__(self, t: PointedTable) -> None:
        self.t = t
        self.legal: dict[str, list[Choice]] = {}
        self.spots: dict[str, list[Spot]] = {}

    def refresh(self) -> None:
        self.spots = {}
        for view in self.t.views():
            for node in view.walk():
                if isinstance(node, Spot):
                    self.spots.setdefault(node.target, []).append(node)
        self.legal = {}
        d = self.t.pending
        buttons: list[Choice] = []
        human = d is not None and self.t.session.is_human(d.seat)
        if d is not None and human:
            for ch in d.choices:
                hit = [x for x in spot_targets(ch, d.kind) if x in self.spots]
                for x in hit:
                    self.legal.setdefault(x, []).append(ch)
                if d.kind not in PANEL_KINDS and (not hit or d.kind in BUTTON_KINDS):
                    buttons.append(ch)
        self._set_prompt(d, buttons)

    def _set_prompt(self, d: Decision | None, buttons: list[Choice]) -> None:
        p = self.t.prompt
        if d is None:
            p.set("The game is over", "The final scores are being counted.", theme.GOLD, [])
            p.thinking = False
            return
        sess = self.t.session
        name = self.t.seat_name(d.seat)
        col = sess.colour(d.seat)
        if not sess.is_human(d.seat):
            p.set(f"{name} (bot) is thinking…", d.prompt, col, [])
            p.thinking = True
            return
        p.thinking = False
        if d.kind in PANEL_KINDS:
            detail = "Use the bidding panel below: the amount, then the countries for A and B."
        elif self.legal:
            detail = "Click a highlighted place" + (", or choose below." if buttons else ".")
        else:
            detail = f"Choose below ({DECISION_KINDS.get(d.kind, 'your choice')})."
        p.set(d.prompt, detail, col, buttons)

    # --- what the pointer is over ------------------------------------------------------------
    def hover_node(self, vx: float, vy: float) -> Node | None:
        if self.t.handoff.visible:
            return self.t.handoff
        node = self.t.hit(vx, vy)
        if self.t.popup is not None:
            return node if _inside(node, self.t.popup) else None
        if node is not None and not isinstance(node, Spot):
            return node
        # the smallest legal spot under the pointer (a stack before its area); of spots as
        # large, the one drawn on top (the hand's fan: each card lies under the next one)
        best: Spot | None = None
        for target in self.legal:
            for sp in self.spots.get(target, []):
                if not self.on_screen(sp) or self.t.covered(sp):
                    continue
                if sp.contains(*sp.to_local(vx, vy)) and (
                        best is None or (sp.w * sp.h, -sp.z) < (best.w * best.h, -best.z)):
                    best = sp
        return best or node

    def tooltip_for(self, node: Node | None) -> str:
        if isinstance(node, Spot):
            tip = node.tooltip()
            if node.target.startswith(("info:", "seat:")):
                return tip
            choices = self.legal.get(node.target)
            if choices and not self.t.animator.busy:
                labels = "\n".join("• " + c.label for c in choices[:8])
                more = f"\n… and {len(choices) - 8} more" if len(choices) > 8 else ""
                return f"{tip}\nClick to choose:\n{labels}{more}"
            d = self.t.pending
            if d is None or not self.t.session.is_human(d.seat) or d.kind in PANEL_KINDS:
                return tip
            return f"{tip}\nNot now: {self.why_not(node.target)}"
        return node.tooltip() if node is not None else ""

    def why_not(self, target: str) -> str:
        d = self.t.pending
        if d is None:
            return "the game is over."
        if self.t.animator.busy:
            return "wait for the animation (Space skips it)."
        if not self.t.session.is_human(d.seat):
            return f"{self.t.seat_name(d.seat)} (a bot) is deciding."
        kind = target_kind(target)
        eng = target
        if kind == "stack":
            _, aid, country = target.split(":")
            why = why_not(self.t.game, aid)
            if not why:
                name = look.name(look.country_index(country))
                s = self.t.game.state
                mine = s.players[d.seat].country == look.country_index(country)
                if mine:
                    return "those are your own discs."
                return f"{name} is not an enemy you may attack this turn (R7.2)."
            return _lower(why)
        if kind in ("unallied", "ally", "proposal"):
            return f"the question is \u201c{d.prompt}\u201d, and this is not one of its answers."
        why = why_not(self.t.game, eng)
        return _lower(why) if why else "not an answer now."

    def rule_for(self, target: str) -> str:
        for sp in self.spots.get(target, []):
            if sp.rule:
                return sp.rule
        return help.RULES.get(target_kind(target), "")

    def guide_rule(self, node: Node | None) -> str:
        return node.rule if isinstance(node, Spot) else ""

    # --- the rings -----------------------------------------------------------------------------
    def draw_highlights(self, c: Canvas) -> None:
        if self.t.handoff.visible or self.t.animator.busy:
            return
        pulse = 0.5 + 0.5 * abs(((self.t.clock * 1.6) % 2.0) - 1.0) if self.t.pulsing() \
            else 1.0
        hovered = self.t.app.hovered
        ringed_areas: set[str] = set()
        for target in self.legal:
            for sp in self.spots.get(target, []):
                if not self.on_screen(sp) or self.t.covered(sp) or not sp.ring:
                    continue
                if sp.shapes:
                    if target not in ringed_areas:
                        ringed_areas.add(target)
                        self.t.map_view.ring_area(c, target, theme.HILITE, 1.5 + pulse)
                    continue
                self._ring(c, sp, sp is hovered, pulse)

    def _ring(self, c: Canvas, node: Spot, hovered: bool, pulse: float) -> None:
        r = node.world_rect()
        rr = c.rect(r.x - 3, r.y - 3, r.w + 6, r.h + 6)
        width = max(2, round((2.0 + 1.5 * pulse) * c.s))
        col = theme.HILITE if not hovered else theme.HILITE_EDGE
        if node.round:
            pygame.draw.ellipse(c.surf, col, rr, width)
        else:
            pygame.draw.rect(c.surf, col, rr, width, max(2, round(6 * c.s)))

    @staticmethod
    def on_screen(node: Node) -> bool:
        n: Node | None = node
        while n is not None:
            if not n.visible:
                return False
            n = n.parent
        return True


def _inside(node: Node | None, root: Node) -> bool:
    while node is not None:
        if node is root:
            return True
        node = node.parent
    return False


def _lower(text: str) -> str:
    """The engine's sentence after "Not now: " (its own capitals kept: names lead many)."""
    return text


__all__ = ["BUTTON_KINDS", "PANEL_KINDS", "HotspotIndex", "spot_targets", "Button"]

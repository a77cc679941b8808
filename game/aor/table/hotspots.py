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

from engine.aor.api import DECISION_KINDS, tables, why_not
from game.aor import help, look
from game.aor.spots import Spot, target_kind
from game.shell import hotspots as shell
from game.shell import theme
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from engine.aor.api import Game
    from engine.kernel.decisions import Choice, Decision
    from game.aor.hud import Handoff
    from game.aor.map_view import MapView
    from game.aor.session import AorSession

# decision kinds answered on a panel of their own, never by prompt buttons
PANEL_KINDS = frozenset({"bid", "proposal"})
# choices answered by a button even when they name a place (the combat stage covers the map)
BUTTON_KINDS = frozenset({"buy_npc", "reserves", "ally"})


class PointedTable(shell.PointedTable, Protocol):
    @property
    def game(self) -> Game: ...

    @property
    def session(self) -> AorSession: ...

    @property
    def handoff(self) -> Handoff: ...

    @property
    def map_view(self) -> MapView: ...

    def views(self) -> list[Node]: ...

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


class HotspotIndex(shell.HotspotIndex[PointedTable, Spot]):
    over_words = ("The game is over", "The final scores are being counted.")
    plain_tips = ("info:", "seat:")
    ring_width = 2.0

    def refresh(self) -> None:
        self.gather((node for view in self.t.views() for node in view.walk()), Spot)
        d = self.t.pending
        self._set_prompt(d, self.index(d))

    def choice_targets(self, ch: Choice, d: Decision) -> list[str]:
        return spot_targets(ch, d.kind)

    def wants_button(self, d: Decision, ch: Choice, pointed: bool) -> bool:
        return d.kind not in PANEL_KINDS and (not pointed or d.kind in BUTTON_KINDS)

    def explains(self, d: Decision) -> bool:
        return d.kind not in PANEL_KINDS  # the bidding panel says its own

    def answers(self, spot: Spot) -> bool:
        return self.on_screen(spot) and not self.t.covered(spot)

    def _set_prompt(self, d: Decision | None, buttons: list[Choice]) -> None:
        if self.prompt_waiting(d) or d is None:
            return
        p = self.t.prompt
        col = self.t.session.colour(d.seat)
        if d.kind in PANEL_KINDS:
            detail = "Use the bidding panel below: the amount, then the countries for A and B."
        elif self.legal:
            detail = "Click a highlighted place" + (", or choose below." if buttons else ".")
        else:
            detail = f"Choose below ({DECISION_KINDS.get(d.kind, 'your choice')})."
        p.set(d.prompt, detail, col, buttons)

    # --- what the pointer is over ------------------------------------------------------------
    def why_not(self, target: str) -> str:
        d = self.t.pending
        waiting = self.waiting_why()
        if waiting or d is None:
            return waiting
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
        pulse = self.pulse()
        if pulse is None:
            return
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
                self.ring(c, sp, sp.round, sp is hovered, pulse)


def _lower(text: str) -> str:
    """The engine's sentence after "Not now: " (its own capitals kept: names lead many)."""
    return text


__all__ = ["BUTTON_KINDS", "PANEL_KINDS", "HotspotIndex", "spot_targets", "Button"]

"""Hotspots, for every game's table: the things a player can point at, each named by a target
string of the game's engine (a `Hotspot` node draws nothing itself), and the index that says
which of them answer the pending decision (the legal targets, ringed), what the pointer is
over (a legal hotspot wins over the things it overlaps, the smallest one first), what a
hotspot says on hover (the choices a click makes, or why it answers nothing now) and the
prompt while nobody at the table decides (a bot thinks, or the game is over).

A game's index subclasses `HotspotIndex`: it says which targets a choice names
(`choice_targets`), which choices get a prompt button too (`wants_button`), and why a target
answers nothing (`why_not`, after the shell's `waiting_why`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TypeVar

import pygame

from game.shell import theme
from game.shell.scenegraph import Canvas, Node

if TYPE_CHECKING:
    from engine.kernel.decisions import Choice, Decision
    from game.shell.animations import Animator
    from game.shell.prompt_bar import Popup, PromptBar
    from game.shell.scenes.base import Nav
    from game.shell.session import Session

MAX_LISTED = 8  # choices a hotspot's tooltip lists before "… and N more"


class Hotspot(Node):
    """A clickable thing of the table named by a target string. It draws nothing: the table
    rings it when a choice of the pending decision names it, routes a click on it to that
    choice and shows its tooltip."""

    interactive = True
    draws = False

    def __init__(self, target: str, x: float, y: float, w: float, h: float, tip: str = "",
                 round_: bool = False, z: int = 5) -> None:
        super().__init__(x, y, w, h, z)
        self.target = target
        self.tip = tip
        self.round = round_
        self.tipfn: Callable[[], str] | None = None

    def update(self, dt: float) -> None:  # hotspots are static: skip the per-frame walk
        pass

    def contains(self, lx: float, ly: float) -> bool:
        if self.round:
            rx, ry = self.w / 2, self.h / 2
            return ((lx - rx) / rx) ** 2 + ((ly - ry) / ry) ** 2 <= 1.0
        return super().contains(lx, ly)

    def tooltip(self) -> str:
        return self.tipfn() if self.tipfn is not None else self.tip


def on_screen(node: Node) -> bool:
    """Is the node shown (it and every parent visible)?"""
    n: Node | None = node
    while n is not None:
        if not n.visible:
            return False
        n = n.parent
    return True


def inside(node: Node | None, root: Node) -> bool:
    """Is `node` `root` or below it?"""
    while node is not None:
        if node is root:
            return True
        node = node.parent
    return False


class Cover(Protocol):
    visible: bool


class AnsweringTable(Protocol):
    """A table waiting for an answer: the decision and who makes it, the moves being shown,
    the prompt bar and a popup (the places an answer is given)."""

    @property
    def app(self) -> Nav: ...

    @property
    def session(self) -> Session: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def prompt(self) -> PromptBar: ...

    @property
    def popup(self) -> Popup | None: ...

    @property
    def animator(self) -> Animator: ...


class PointedTable(AnsweringTable, Protocol):
    """What the index reads of the table besides: what covers it (the hand-off), what the
    pointer is over, the clock the rings pulse by."""

    @property
    def handoff(self) -> Node: ...

    @property
    def clock(self) -> float: ...

    def pulsing(self) -> bool:
        """Do the legal targets pulse now (a new decision), or glow steady?"""
        ...

    def hit(self, lx: float, ly: float) -> Node | None: ...


T = TypeVar("T", bound=PointedTable)
S = TypeVar("S", bound=Hotspot)


class HotspotIndex(Generic[T, S]):
    """The table's hotspots (of the game's kind `S`) by target, and which answer the pending
    decision (`legal`)."""

    over_words: ClassVar[tuple[str, str]] = ("Game over", "Final scores are being counted.")
    plain_tips: ClassVar[tuple[str, ...]] = ("info:",)  # targets that only tell, never answer
    ring_width: ClassVar[float] = 2.5  # a ring's width (virtual units) at its thinnest

    def __init__(self, t: T) -> None:
        self.t = t
        self.legal: dict[str, list[Choice]] = {}
        self.spots: dict[str, list[S]] = {}

    # --- the game's rules ---------------------------------------------------------------------
    def choice_targets(self, ch: Choice, d: Decision) -> Sequence[str]:
        """The targets a choice lights (and answers a click on)."""
        return ch.targets

    def wants_button(self, d: Decision, ch: Choice, pointed: bool) -> bool:
        """Does the choice get a prompt button (`pointed`: it lights something shown)?"""
        return not pointed

    def explains(self, d: Decision) -> bool:
        """Does a hotspot's tooltip say why it answers nothing for the person deciding `d`?"""
        return True

    def why_not(self, target: str) -> str:
        return self.waiting_why() or "not an answer now."

    def answers(self, spot: S) -> bool:
        """May a legal hotspot take the pointer (shown, nothing of the table over it)?"""
        return on_screen(spot)

    # --- gathering ----------------------------------------------------------------------------
    def gather(self, nodes: Iterable[Node], kind: type[S]) -> None:
        """The hotspots (of `kind`) among `nodes`, by target."""
        self.spots = {}
        for node in nodes:
            if isinstance(node, kind):
                self.spots.setdefault(node.target, []).append(node)

    def index(self, d: Decision | None) -> list[Choice]:
        """The legal targets of a person's decision `d`; the choices that get a button."""
        self.legal = {}
        buttons: list[Choice] = []
        if d is None or not self.t.session.is_human(d.seat):
            return buttons
        for ch in d.choices:
            hit = [x for x in self.choice_targets(ch, d) if x in self.spots]
            for x in hit:
                self.legal.setdefault(x, []).append(ch)
            if self.wants_button(d, ch, bool(hit)):
                buttons.append(ch)
        return buttons

    def prompt_waiting(self, d: Decision | None) -> bool:
        """The prompt while nobody at the table decides (the game is over, a bot thinks):
        True when it was set."""
        p = self.t.prompt
        if d is None:
            p.set(*self.over_words, theme.GOLD, [])
            p.thinking = False
            return True
        s = self.t.session
        if not s.is_human(d.seat):
            p.set(f"{s.name(d.seat)} (bot) is thinking…", d.prompt, s.colour(d.seat), [])
            p.thinking = True
            return True
        p.thinking = False
        return False

    # --- what the pointer is over -------------------------------------------------------------
    def hover_node(self, vx: float, vy: float) -> Node | None:
        """The node under the pointer; a legal hotspot wins over the things it overlaps (the
        smallest one when several legal targets overlap; of spots as large, the one drawn on
        top, as a hand's fan where each card lies under the next)."""
        if self.t.handoff.visible:
            return self.t.handoff
        node = self.t.hit(vx, vy)
        if self.t.popup is not None:  # an open popup: only it answers (no tooltip over it)
            return node if inside(node, self.t.popup) else None
        if node is not None and not isinstance(node, Hotspot):
            return node
        best: S | None = None
        for target in self.legal:
            for spot in self.spots.get(target, []):
                if spot.contains(*spot.to_local(vx, vy)) and self.answers(spot) and (
                        best is None
                        or (spot.w * spot.h, -spot.z) < (best.w * best.h, -best.z)):
                    best = spot
        return best or node

    def tooltip_for(self, node: Node | None) -> str:
        if isinstance(node, Hotspot):
            return self.spot_tip(node)
        return node.tooltip() if node is not None else ""

    def spot_tip(self, node: Hotspot) -> str:
        """A hotspot's words, and the choices a click on it makes, or why it answers
        nothing now."""
        tip = node.tooltip()
        if node.target.startswith(self.plain_tips):
            return tip
        choices = self.legal.get(node.target)
        if choices and not self.t.animator.busy:
            labels = "\n".join("• " + c.label for c in choices[:MAX_LISTED])
            more = f"\n… and {len(choices) - MAX_LISTED} more" \
                if len(choices) > MAX_LISTED else ""
            return f"{tip}\nClick to choose:\n{labels}{more}"
        d = self.t.pending
        if d is None or not self.t.session.is_human(d.seat) or not self.explains(d):
            return tip
        return f"{tip}\nNot now: {self.why_not(node.target)}"

    def waiting_why(self) -> str:
        """Why nothing answers now, when nobody may answer ("" when a person may)."""
        d = self.t.pending
        if d is None:
            return "the game is over."
        if self.t.animator.busy:
            return "wait for the animation (Space skips it)."
        if not self.t.session.is_human(d.seat):
            return f"{self.t.session.name(d.seat)} (a bot) is deciding."
        return ""

    # --- the rings ----------------------------------------------------------------------------
    def pulse(self) -> float | None:
        """How far the rings pulse now (None: no rings while covered or while a move plays):
        a slow pulse while the decision is new, then a steady glow (1)."""
        if self.t.handoff.visible or self.t.animator.busy:
            return None
        if not self.t.pulsing():
            return 1.0
        return 0.5 + 0.5 * abs(((self.t.clock * 1.6) % 2.0) - 1.0)

    def ring(self, c: Canvas, node: Node, round_: bool, hovered: bool, pulse: float) -> None:
        """The ring of a legal target (brighter edge under the pointer)."""
        r = node.world_rect()
        rr = c.rect(r.x - 3, r.y - 3, r.w + 6, r.h + 6)
        width = max(2, round((self.ring_width + 1.5 * pulse) * c.s))
        col = theme.HILITE if not hovered else theme.HILITE_EDGE
        if round_:
            pygame.draw.ellipse(c.surf, col, rr, width)
        else:
            pygame.draw.rect(c.surf, col, rr, width, max(2, round(6 * c.s)))

    @staticmethod
    def on_screen(node: Node) -> bool:
        return on_screen(node)

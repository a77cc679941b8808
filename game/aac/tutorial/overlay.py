"""The tutorial's layer over the table: it dims everything but the one target to click,
rings it, shows the step's text (what to do, and why) with Next / Skip lesson / Leave, and
lets through only clicks on that target (and on its own buttons)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.aac.guide.art import AREAS, union
from game.shell import theme
from game.shell.layout import RIGHT_X, VH, VW
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from engine.kernel.decisions import Choice
    from game.aac.hud import TopBar
    from game.aac.table.model import Shown
    from game.aac.targets import Hotspot
    from game.aac.trapdoor import TrapdoorLayer
    from game.shell.animations import Animator
    from game.shell.prompt_bar import Popup, PromptBar


class TutorialTable(Protocol):
    """What the overlay reads of the table to find the one target of a step (the legal
    targets and their places, the prompt's buttons, an open popup) and to let through only
    the clicks it allows (the top strip, the trapdoor's plunger, "Fire for me")."""

    @property
    def animator(self) -> Animator: ...

    @property
    def handoff(self) -> Shown: ...

    @property
    def popup(self) -> Popup | None: ...

    @property
    def prompt(self) -> PromptBar: ...

    @property
    def topbar(self) -> TopBar: ...

    @property
    def trapdoor(self) -> TrapdoorLayer: ...

    @property
    def fire_button(self) -> Button: ...

    @property
    def legal(self) -> dict[str, list[Choice]]: ...

    @property
    def spots(self) -> dict[str, list[Hotspot]]: ...

    def targets_of(self, ch: Choice) -> tuple[str, ...]: ...

    def on_screen(self, spot: Hotspot) -> bool: ...

    def hover_node(self, vx: float, vy: float) -> Node | None: ...

    def hit(self, lx: float, ly: float) -> Node | None: ...

    def open_menu(self) -> None: ...

    def close_recap(self) -> None: ...

Rect = tuple[float, float, float, float]
PANEL_W = 600.0
SAY_SIZE, SAY_LINE = 18.0, 25.0
WHY_SIZE, WHY_LINE = 14.0, 20.0


def _inflate(r: Rect, k: float) -> Rect:
    return r[0] - k, r[1] - k, r[2] + 2 * k, r[3] + 2 * k


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


class TutorialOverlay(Node):
    """z above the popups (50) so that a popup's other entries are dimmed too."""

    def __init__(self, tutorial: Any, table: TutorialTable) -> None:
        super().__init__(0, 0, VW, VH, z=55)
        self.tut = tutorial
        self.table = table
        self.clock = 0.0
        self.nudge_until = 0.0
        self.panel: Rect = (RIGHT_X + 8, 560, PANEL_W, 200)
        self.next_button = Button("Next ▸", 0, 0, 130, 36, self.tut.next, 15,
                                  tip="On to the next step")
        self.skip_button = Button("Skip lesson ▸", 0, 0, 150, 36, self.tut.skip_lesson, 14,
                                  tip="Go on to the next lesson (after the last one, play on)")
        self.leave_button = Button("Leave", 0, 0, 100, 36, self.tut.leave, 14,
                                   tip="Back to the title; the tutorial resumes here next time")
        self.add(self.next_button, self.skip_button, self.leave_button)
        self._dim: pygame.Surface | None = None
        self._dim_key: object = None

    # --- where the one target is -----------------------------------------------------------------
    def target(self) -> tuple[Rect, tuple[float, float]] | None:
        """The rect to ring and the point to click for the cue's choice: its entry in an open
        popup, its first place on the table (the engine names the main one first) or its
        button in the prompt bar."""
        cue = self.tut.cue
        t = self.table
        if cue is None or cue.choice is None or t.animator.busy or t.handoff.visible:
            return None
        c = cue.choice
        if t.popup is not None:
            for b in t.popup.children:
                if getattr(b, "choice_id", None) == c.id:
                    return self._rect(b), self._centre(b)
            return None
        for target in t.targets_of(c):  # the engine's targets, then the typed pool cells
            choices = t.legal.get(target)
            if not choices or all(x.id != c.id for x in choices):
                continue
            for spot in t.spots.get(target, []):
                r = spot.world_rect()
                if t.on_screen(spot) and t.hover_node(r.centerx, r.centery) is spot:
                    return self._rect(spot), (float(r.centerx), float(r.centery))
        for b in t.prompt.buttons:
            if getattr(b, "choice_id", None) == c.id:
                return self._rect(b), self._centre(b)
        for b in t.prompt.children:  # the answer is on another page of the prompt bar
            if isinstance(b, Button) and b.label.endswith("▸"):
                return self._rect(b), self._centre(b)
        return None

    @staticmethod
    def _rect(node: Node) -> Rect:
        r = node.world_rect()
        return float(r.x), float(r.y), float(r.w), float(r.h)

    @staticmethod
    def _centre(node: Node) -> tuple[float, float]:
        r = node.world_rect()
        return float(r.centerx), float(r.centery)

    def focus_rect(self) -> Rect | None:
        """What a "Next" step shows: an area of the table ("device") or the union of the
        targets it names (space-separated)."""
        cue = self.tut.cue
        if cue is None or not cue.focus:
            return None
        if cue.focus in AREAS:
            return AREAS[cue.focus]
        rects = [self._rect(spots[0]) for target in cue.focus.split()
                 if (spots := self.table.spots.get(target, []))]
        # a seat's name and score in the top strip ("info:top:0")
        rects += [self._rect(n) for n in self.table.topbar.children
                  if getattr(n, "target", None) in cue.focus.split()]
        return union(rects)

    def hole(self) -> Rect | None:
        got = self.target()
        return got[0] if got is not None else self.focus_rect()

    def click_point(self) -> tuple[float, float] | None:
        """Where a click answers the cue (autoplay clicks there)."""
        cue = self.tut.cue
        if cue is None:
            return None
        if cue.next:
            return self._centre(self.next_button)
        got = self.target()
        return got[1] if got is not None else None

    # --- input --------------------------------------------------------------------------------
    def mouse(self, vx: float, vy: float, button: int) -> bool:
        """True when the overlay takes the click (the table must not see it)."""
        for b in (self.next_button, self.skip_button, self.leave_button):
            if b.visible and b.contains(*b.to_local(vx, vy)):
                if button == 1:
                    b.action()
                return True
        t = self.table
        node = t.hit(vx, vy)
        if isinstance(node, Button) and node.parent is t.topbar and node is not \
                t.topbar.undo_button:
            return False  # the menu and the log stay at hand
        cue = self.tut.cue
        if t.animator.busy:
            if button == 1 and t.trapdoor.grab(vx, vy):
                return True  # pulling a plunger back is always allowed
            return node is not t.fire_button  # "Fire for me" too
        got = self.target()
        if button == 1 and got is not None:
            x, y, w, h = got[0]
            if x <= vx < x + w and y <= vy < y + h:
                return False  # the one target: the table picks the choice
        if cue is not None and not cue.waiting:
            self.nudge_until = self.clock + 2.5
        return True

    def key(self, event: pygame.event.Event) -> bool:
        """True when the overlay takes the key: no undo inside a lesson (Esc opens the menu
        instead of backing out of a pick)."""
        mods = getattr(event, "mod", 0)
        if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.nudge_until = self.clock + 2.5
            return True
        if event.key == pygame.K_ESCAPE and self.table.popup is None:
            self.table.open_menu()
            return True
        return False

    # --- frame ----------------------------------------------------------------------------------
    def frame_rate(self) -> float:
        # the lesson moves on in update (cues, autoplay) and its hole's ring pulses
        return max(24.0, super().frame_rate())

    def on_update(self, dt: float) -> None:
        self.clock += dt
        self.tut.update()
        self.layout()

    def _texts(self, width: float, s: float) -> tuple[list[str], list[str]]:
        cue = self.tut.cue
        if cue is None:
            return [], []
        say = theme.wrap(cue.say, max(6, round(SAY_SIZE * s)), max(1, int(width * s)), True)
        why = theme.wrap(cue.why, max(6, round(WHY_SIZE * s)), max(1, int(width * s))) \
            if cue.why else []
        return say, why

    def panel_height(self, s: float = 1.0) -> float:
        say, why = self._texts(PANEL_W - 36, s)
        return 40 + len(say) * SAY_LINE + (8 + len(why) * WHY_LINE if why else 0) + 20 + 40

    def layout(self) -> None:
        h = self.panel_height()
        hole = self.hole()
        spots = [(RIGHT_X + 8, VH - h - 10), (20, 64), (20, VH - h - 10),
                 (RIGHT_X + 8, 64)]
        cue = self.tut.cue
        free = [(sx, sy) for sx, sy in spots
                if hole is None or not _overlaps((sx, sy, PANEL_W, h), _inflate(hole, 12))]
        x, y = free[0] if free else spots[0]
        if hole is not None and free and cue is not None and cue.next:
            # a step read with "Next" clicks nothing on the table: the panel goes next to
            # what it shows, so its pointer is short
            hx, hy = hole[0] + hole[2] / 2, hole[1] + hole[3] / 2
            x, y = min(free, key=lambda p: (p[0] + PANEL_W / 2 - hx) ** 2 +
                       (p[1] + h / 2 - hy) ** 2)
        self.panel = (x, y, PANEL_W, h)
        by = y + h - 48
        self.next_button.visible = cue is not None and cue.next
        last = self.tut.step_i >= len(self.tut.lesson.steps) - 1
        self.next_button.label = "Play on ▸" if last and self.tut.lesson_i == \
            self.tut.lesson_count - 1 else "Next ▸"
        self.skip_button.visible = not last
        self.next_button.x, self.next_button.y = x + PANEL_W - 148, by
        self.leave_button.x, self.leave_button.y = x + 18, by
        self.skip_button.x, self.skip_button.y = x + 130, by

    def draw_self(self, c: Canvas) -> None:
        cue = self.tut.cue
        if cue is None:
            return
        t = self.table
        hole = self.hole()
        if not cue.waiting and not t.animator.busy:
            self._draw_dim(c, hole)
        if hole is not None and not t.animator.busy:
            pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2.0) - 1.0)
            x, y, w, h = _inflate(hole, 5)
            c.fill(theme.HILITE_EDGE, x, y, w, h, 8, 2.5 + 2 * pulse)
            if t.popup is None:  # a popup opens next to its target anyway
                self._draw_pointer(c, (x, y, w, h))
        self._draw_panel(c)

    def _draw_pointer(self, c: Canvas, hole: Rect) -> None:
        """A line with an arrow head from the panel to the target, so a small one is easy
        to find."""
        px, py, pw, ph = self.panel
        hx, hy = hole[0] + hole[2] / 2, hole[1] + hole[3] / 2
        ax = min(max(hx, px + 30), px + pw - 30)
        ay = py if hy < py else py + ph
        # stop at the ring's edge
        bx = min(max(ax, hole[0]), hole[0] + hole[2])
        by = hole[1] + hole[3] if ay > hole[1] + hole[3] else hole[1] if ay < hole[1] else hy
        dx, dy = bx - ax, by - ay
        n = max(1.0, (dx * dx + dy * dy) ** 0.5)
        if n < 24:
            return
        ux, uy = dx / n, dy / n
        tip = (bx - ux * 4, by - uy * 4)
        c.line(theme.BG_DARK, (ax, ay), tip, 6)
        c.line(theme.HILITE, (ax, ay), tip, 3)
        left = (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8)
        right = (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)
        c.polygon(theme.HILITE, [tip, left, right])
        c.polygon(theme.BG_DARK, [tip, left, right], 1.5)

    def _draw_dim(self, c: Canvas, hole: Rect | None) -> None:
        size = c.surf.get_size()
        px = None
        if hole is not None:
            x, y, w, h = _inflate(hole, 5)
            px = c.rect(x, y, w, h)
        key = (size, tuple(px) if px is not None else None)
        if self._dim is None or key != self._dim_key:
            self._dim_key = key
            dim = pygame.Surface(size, pygame.SRCALPHA)
            dim.fill((10, 6, 4, 175))
            if px is not None:
                pygame.draw.rect(dim, (0, 0, 0, 0), px, 0, max(2, round(8 * c.s)))
            self._dim = dim
        c.surf.blit(self._dim, (0, 0))

    def _draw_panel(self, c: Canvas) -> None:
        cue = self.tut.cue
        assert cue is not None
        x, y, w, h = self.panel
        c.fill((0, 0, 0), x + 4, y + 6, w, h, 14)
        c.fill(theme.PANEL, x, y, w, h, 14)
        c.fill(theme.GOLD, x, y, w, h, 14, 3)
        c.text(f"Tutorial · {cue.heading}", x + 18, y + 14, 12, theme.INK_SOFT, True)
        say, why = self._texts(w - 36, c.s)
        yy = y + 40
        for ln in say:
            c.text(ln, x + 18, yy, SAY_SIZE, theme.INK, True)
            yy += SAY_LINE
        if why:
            yy += 8
            for ln in why:
                c.text(ln, x + 18, yy, WHY_SIZE, theme.INK_SOFT)
                yy += WHY_LINE
        if self.clock < self.nudge_until:
            c.text("Click the highlighted place (or Skip lesson).", x + w - 18, y + 14, 12,
                   theme.DENY, True, "topright")
        elif self.tut.notice:
            c.text(self.tut.notice, x + w - 18, y + 14, 11, theme.DENY, False, "topright",
                   max_w=w - 260)

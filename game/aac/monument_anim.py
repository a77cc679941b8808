"""Monument stacks in motion (issue 12).

SectionConstructed: the completed section lifts off the stack, turns over into a slab of the
monument and settles onto it; the next section drops onto the stack from above with an
overshoot, and snaps home with a magnetic clack (the "snap" sound at the moment of contact),
a small shake of the stack and a burst of sparkles. The last section crowns the monument.

SectionDeconstructed (Chronari's Entropy): the section is pulled out of the stack sideways,
the sections above it drop down a slab with a clack, and it slides back in under the open
section (to the bottom of the sections to come); taken off a finished monument, it rises to
the top as the open section instead.

The tweens draw the monument on the map through BoardView.animate_monument (the cached map
leaves it out meanwhile) and apply the event to the display model as they end, so the shown
state equals the engine's then, also when the animation is skipped."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

from engine.aac.api import GameState, Rules, display
from engine.aac.api import events as ev
from game.aac.board_geometry import RegionLayout
from game.aac.board_view import BoardView, Piece, StackPose, draw_stack
from game.shell.animations import Tween, ease_out_cubic
from game.shell.scenegraph import Canvas

CONSTRUCT_S = 1.1  # seconds at speed 1
DECONSTRUCT_S = 1.0
LIFT = 18.0  # board units the completed section rises
DROP = 70.0  # the height the next section falls from
SHAKE_S = 0.2  # the stack shakes this long after a contact
SPARKLE_S = 0.4


class Host(Protocol):
    """What the animations need of the table."""

    @property
    def board(self) -> BoardView: ...

    @property
    def shown(self) -> GameState: ...

    @property
    def rules(self) -> Rules: ...


def ease_out_back(u: float, s: float = 2.2) -> float:
    """0 -> 1 overshooting past 1 before it settles (the section pressing home)."""
    u -= 1.0
    return 1.0 + (s + 1.0) * u ** 3 + s * u ** 2


def back_contact(s: float = 2.2) -> float:
    """The first u where ease_out_back reaches 1 (the moment of contact)."""
    lo, hi = 0.0, 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if ease_out_back(mid, s) >= 1.0:
            hi = mid
        else:
            lo = mid
    return hi


CONTACT = back_contact()


def _phase(u: float, a: float, b: float) -> float:
    return max(0.0, min(1.0, (u - a) / (b - a)))


class _Snap:
    """A contact: the clack (once), then the shake and the sparkles fading."""

    def __init__(self, play: Callable[[str], object], duration: float) -> None:
        self.play = play
        self.duration = duration
        self.at = -1.0  # u of the contact

    def hit(self, u: float) -> None:
        if self.at < 0:
            self.at = u
            self.play("snap")

    def apply(self, pose: StackPose, u: float, y: float) -> None:
        if self.at < 0:
            return
        secs = (u - self.at) * self.duration
        if secs < SHAKE_S:
            k = 1.0 - secs / SHAKE_S
            pose.shake = (1.8 * k * math.sin(secs * 95.0), 0.9 * k * math.cos(secs * 80.0))
        if secs < SPARKLE_S:
            pose.sparkle = secs / SPARKLE_S
            pose.sparkle_y = y


class _Before:
    """The monument as the shown state had it when the tween started."""

    def __init__(self) -> None:
        self.taken = False
        self.built: list[str] = []
        self.open = ""
        self.spaces: list[int] = []
        self.completed = False

    def take(self, host: Host, mid: str) -> _Before:
        if not self.taken:
            m = host.shown.monuments[mid]
            self.taken = True
            self.built = list(m.built)
            self.open = m.stack[0] if m.stack else ""
            self.spaces = list(m.spaces)
            self.completed = m.completed
        return self


def section_tween(host: Host, e: ev.SectionConstructed | ev.SectionDeconstructed,
                  delay: float, play: Callable[[str], object]) -> Tween | None:
    """The tween for a SectionConstructed or SectionDeconstructed event (None when the
    monument is not on the map)."""
    if e.monument not in host.board.g.by_monument:
        return None
    if isinstance(e, ev.SectionConstructed):
        return construct_tween(host, e, delay, play)
    return deconstruct_tween(host, e, delay, play)


def _tween(host: Host, e: ev.Event, mid: str, delay: float, duration: float,
           frame: Callable[[float], StackPose]) -> Tween:
    """Common to both: the monument drawn by `frame(u)` from the start; the event applied to
    the display model at the end, and the monument handed back to the cached map."""
    board = host.board
    lay = board.g.by_monument[mid]
    now = {"u": 0.0}

    def draw(c: Canvas) -> None:
        draw_stack(c, board, lay, frame(now["u"]))

    def start() -> None:
        board.animate_monument(mid, draw)

    def upd(u: float) -> None:
        now["u"] = u
        frame(u)  # contacts sound as u passes them, drawn or not

    def done() -> None:
        display.apply(host.shown, host.rules, e)
        board.animate_monument(mid, None)

    return Tween(duration, upd, done, delay=delay, ease=lambda t: t, on_start=start)


def construct_tween(host: Host, e: ev.SectionConstructed, delay: float,
                    play: Callable[[str], object]) -> Tween:
    mid = e.monument
    board = host.board
    lay: RegionLayout = board.g.by_monument[mid]
    sp = lay.spec
    before = _Before()
    snap = _Snap(play, CONSTRUCT_S)
    nxt = host.rules.sections.get(e.next_section) if e.next_section else None

    def frame(u: float) -> StackPose:
        was = before.take(host, mid)
        n_built = len([x for x in was.built if x != e.section])
        fx0, _, _, fh = lay.face_rect(0)
        rest = lay.face_top(n_built + 1)
        pose = StackPose(n_built)
        a, b, cc, d = (_phase(u, 0.0, 0.2), _phase(u, 0.2, 0.4), _phase(u, 0.4, 0.52),
                       _phase(u, 0.52, 1.0))
        if cc < 1.0:  # the completed section: lifts, turns over into a slab, settles
            y = rest - LIFT * ease_out_cubic(a) + LIFT * cc * cc
            squash = abs(math.cos(math.pi * b))
            is_open = b < 0.5
            spaces = was.spaces if is_open else []
            pose.top.append(Piece(e.section, fx0, y + fh * (1 - squash) / 2, fh * squash,
                                  is_open, list(spaces), False, a if is_open else 0.0))
        else:
            pose.built = n_built + 1
        if nxt is None:
            if cc >= 1.0:
                snap.hit(0.52)
                snap.apply(pose, u, lay.face_top(n_built + 1) + fh)
            return pose
        if d > 0:  # the next section falls onto the stack
            top = lay.face_top(n_built + 2)
            k = ease_out_back(d)
            if d >= CONTACT:
                snap.hit(0.52 + CONTACT * 0.48)
            y = top - DROP * (1 - k) if d < CONTACT else top + (k - 1) * sp.slab * 1.5
            pose.top.append(Piece(nxt.id, fx0, y, fh, True, [-1] * len(nxt.symbols)))
            snap.apply(pose, u, top + fh)
        return pose

    return _tween(host, e, mid, delay, CONSTRUCT_S, frame)


def deconstruct_tween(host: Host, e: ev.SectionDeconstructed, delay: float,
                      play: Callable[[str], object]) -> Tween:
    mid = e.monument
    board = host.board
    lay: RegionLayout = board.g.by_monument[mid]
    sp = lay.spec
    before = _Before()
    snap = _Snap(play, DECONSTRUCT_S)
    sec_def = host.rules.sections.get(e.section)

    def frame(u: float) -> StackPose:
        was = before.take(host, mid)
        n = len(was.built)
        k = was.built.index(e.section) if e.section in was.built else max(0, n - 1)
        open_sec = was.open
        fx0, _, fw, fh = lay.face_rect(0)
        a, b, cc = _phase(u, 0.0, 0.35), _phase(u, 0.35, 0.55), _phase(u, 0.55, 1.0)
        pose = StackPose(k)
        out = (fw + 16) * math.sin(math.pi / 2 * a)  # pulled out to the right
        drop = sp.slab * (b * b)  # what stood on it comes down one slab
        if b >= 1.0 and open_sec:
            snap.hit(0.55)
        pulled_y = lay.face_top(k + 1)
        if cc <= 0:
            pose.top.append(Piece(e.section, fx0 + out, pulled_y, fh, False))
        for j in range(k + 1, n):  # the constructed sections above it
            pose.top.append(Piece("", fx0, lay.face_top(j + 1) + drop, fh, False))
        if open_sec:
            pose.top.append(Piece(open_sec, fx0, lay.face_top(n + 1) + drop, fh, True,
                                  list(was.spaces), was.completed))
            if cc > 0:  # slides back in under the open section, out of sight
                y = lay.face_top(n) - sp.slab * 2 * cc
                x = fx0 + out * (1 - ease_out_cubic(cc))
                pose.behind.append(Piece(e.section, x, y, fh * (1 - 0.3 * cc), False))
            snap.apply(pose, u, lay.face_top(n) + fh)
        elif cc > 0:  # a finished monument: it rises to the top as the open section
            top = lay.face_top(n)
            e_ = ease_out_back(cc)
            x = fx0 + out * (1 - min(1.0, cc * 1.6))
            y = pulled_y + (top - pulled_y) * min(1.0, e_) - DROP * 0.4 * math.sin(
                math.pi * min(1.0, cc * 1.2))
            if cc >= CONTACT:
                snap.hit(0.55 + CONTACT * 0.45)
                y = top + (e_ - 1) * sp.slab
            syms = len(sec_def.symbols) if sec_def is not None else 0
            pose.top.append(Piece(e.section, x, y, fh, cc > 0.3, [-1] * syms))
            snap.apply(pose, u, top + fh)
        return pose

    return _tween(host, e, mid, delay, DECONSTRUCT_S, frame)

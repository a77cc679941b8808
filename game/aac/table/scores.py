"""The scores the table shows, as they change (issue 29: not only when a turn ends).

The engine tells a seat's new score at the end of each turn (ScoreChanged, R24: the score as
if the game ended now). The table does not wait for it: after every step it reads the score
of the state now shown (engine.aac.api.score_breakdown), and a change floats off the seat's
score ("+3", "−1") while the number counts to it. A ScoreChanged whose new total was already
told floats nothing more; one that was not (a change the steps did not show) floats then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine.aac import api
from game.aac import fx
from game.shell import theme
from game.shell.animations import Tween

if TYPE_CHECKING:
    from game.aac.fx import FxLayer
    from game.aac.hud import TopBar
    from game.shell.animations import Animator

COUNT_RATE = 8.0  # the shown number closes this share of the gap a second (at least 1 VP/s)


class ScoredTable(Protocol):
    """What the scores read of the table: the shown state, where the seats' scores are and
    the layers the floating numbers go on."""

    @property
    def shown(self) -> api.GameState: ...

    @property
    def topbar(self) -> TopBar: ...

    @property
    def fxl(self) -> FxLayer: ...

    @property
    def animator(self) -> Animator: ...


class ScoreBoard:
    def __init__(self, t: ScoredTable) -> None:
        self.t = t
        self.told = self.live()  # the totals told so far (a floater each)
        self.queued = list(self.told)  # ... and those queued to be told in an animation
        self.disp = [float(x) for x in self.told]  # the numbers drawn, counting to `told`

    def live(self) -> list[int]:
        """Every seat's score on the shown state, as if the game ended now (R24)."""
        s = self.t.shown
        return [api.score_breakdown(s, seat).total for seat in range(len(s.players))]

    def shown(self, seat: int) -> int:
        return round(self.disp[seat]) if 0 <= seat < len(self.disp) else 0

    def counting(self) -> bool:
        return any(abs(d - t) > 0.01 for d, t in zip(self.disp, self.told, strict=False))

    def update(self, dt: float) -> None:
        """Count the drawn numbers towards the totals told."""
        for i, target in enumerate(self.told):
            if i >= len(self.disp):
                self.disp.append(float(target))
            gap = target - self.disp[i]
            if abs(gap) <= 0.01:
                self.disp[i] = float(target)
                continue
            step = max(1.0, abs(gap) * COUNT_RATE) * dt
            self.disp[i] = float(target) if abs(gap) <= step else \
                self.disp[i] + (step if gap > 0 else -step)

    def settle(self) -> None:
        """A step has been shown (the shown state is the engine's): tell every change."""
        for seat, total in enumerate(self.live()):
            self.tell(seat, total)

    def tell(self, seat: int, total: int, delay: float = 0.0, add: bool = True
             ) -> Tween | None:
        """`seat`'s score is `total` now: float the difference off its score in the top strip
        (after `delay` seconds) and count to it. Returns the floater's tween (added to the
        animations unless `add` is False: the caller puts it in its batch), None if the
        total was told already."""
        while len(self.queued) <= seat:
            self.queued.append(0)
            self.told.append(0)
            self.disp.append(0.0)
        delta = total - self.queued[seat]
        if not delta:
            return None
        self.queued[seat] = total
        w = self.t.topbar.slot_w()
        p = (10 + seat * (w + 6) + w - 24, 30.0)
        text = f"+{delta}" if delta > 0 else f"\u2212{-delta}"
        col = theme.GAIN if delta > 0 else theme.LOSS
        sp = self.t.fxl.spawn(fx.floating_text(p, text, col, rise=-26), background=True)

        def start() -> None:
            self.told[seat] = total

        def upd(t: float) -> None:
            sp.alive = True
            sp.t = t

        def done() -> None:
            start()
            sp.alive = False
            sp.finished = True

        tw = Tween(1.1, upd, done, delay=delay, on_start=start, blocking=False)
        if add:
            self.t.animator.add(tw)
        return tw

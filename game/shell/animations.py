"""Tweens with easing, and an animator that plays them (speed setting, skip)."""

from __future__ import annotations

from collections.abc import Callable


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_out_back(t: float, overshoot: float = 1.6) -> float:
    """Past the target and back: a belt, or a magnet, that settles with a little bounce."""
    u = t - 1
    return 1 + (overshoot + 1) * u ** 3 + overshoot * u ** 2


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


class Tween:
    """Calls on_update(eased t in 0..1) for `duration` seconds after `delay`, then on_done."""

    def __init__(self, duration: float, on_update: Callable[[float], None] | None = None,
                 on_done: Callable[[], None] | None = None, delay: float = 0.0,
                 ease: Callable[[float], float] = ease_in_out,
                 on_start: Callable[[], None] | None = None, blocking: bool = True) -> None:
        self.duration = max(1e-6, duration)
        self.blocking = blocking  # False: a decoration the game does not wait for
        self.delay = delay
        self.elapsed = 0.0
        self.on_update = on_update
        self.on_done = on_done
        self.on_start = on_start
        self.ease = ease
        self.done = False
        self.started = False

    @property
    def t(self) -> float:
        return self.ease(min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration)))

    @property
    def active(self) -> bool:
        return self.started and not self.done

    def step(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay:
            self._start()
            if self.on_update:
                self.on_update(self.t)
        if self.elapsed >= self.delay + self.duration:
            self.finish()

    def _start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()

    def finish(self) -> None:
        if self.done:
            return
        self._start()
        self.elapsed = self.delay + self.duration
        if self.on_update:
            self.on_update(1.0)
        self.done = True
        if self.on_done:
            self.on_done()


class Animator:
    """Plays tweens; `speed` multiplies time (0 = instant).

    Blocking tweens (`tweens`) hold the game back: the next decision waits until they end.
    Background tweens (words floating off, flashes) only decorate: they play on while the
    game goes on, and never change what is shown."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.tweens: list[Tween] = []
        self.background: list[Tween] = []
        self.on_idle: list[Callable[[], None]] = []

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def add(self, tw: Tween) -> Tween:
        (self.tweens if tw.blocking else self.background).append(tw)
        if self.speed <= 0:
            self.skip()
        return tw

    def extend(self, tweens: list[Tween]) -> None:
        """Add tweens from inside a running tween (no skip at speed 0: the caller is being
        stepped already, the next update or skip plays them)."""
        for tw in tweens:
            (self.tweens if tw.blocking else self.background).append(tw)

    def update(self, dt: float) -> None:
        if self.background:
            for tw in list(self.background):
                tw.step(dt * self.speed if self.speed > 0 else 1e9)
            self.background = [t for t in self.background if not t.done]
        if not self.tweens:
            return
        if self.speed <= 0:
            self.skip()
            return
        for tw in list(self.tweens):
            tw.step(dt * self.speed)
        self.tweens = [t for t in self.tweens if not t.done]
        if not self.tweens:
            self._idle()

    def skip(self) -> None:
        while self.tweens or self.background:
            batch, self.tweens = self.tweens + self.background, []
            self.background = []
            for tw in batch:
                tw.finish()
        self._idle()

    def _idle(self) -> None:
        callbacks, self.on_idle = self.on_idle, []
        for cb in callbacks:
            cb()

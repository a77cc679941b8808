"""The scene stack.

`open` replaces the whole stack (the title menu, a table, the results...); `overlay` pushes a
scene over the current one (the pause menu over the table, a question, the guide, the
settings), which stays alive underneath — it is neither left nor updated until the overlay
goes — and `back` pops it. A scene marked `overlay = True` is drawn over the scene below it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.shell.scenes.base import Scene

class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def show(self, scene: Scene) -> None:
        """`scene` in place of every scene (each is left, top first)."""
        while self.stack:
            self.stack.pop().on_exit()
        self.stack.append(scene)
        scene.on_enter()

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].on_cover()
        self.stack.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        """Leave the top scene; the one below (if any) comes back. Returns it."""
        if not self.stack:
            return None
        self.stack.pop().on_exit()
        if not self.stack:
            return None
        self.stack[-1].on_uncover()
        return self.stack[-1]

    def below(self, scene: Scene) -> Scene | None:
        i = self.stack.index(scene) if scene in self.stack else -1
        return self.stack[i - 1] if i > 0 else None

    def drawn(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top, and beneath each overlay the scene it
        covers."""
        i = len(self.stack) - 1
        while i > 0 and getattr(self.stack[i], "overlay", False):
            i -= 1
        return self.stack[max(0, i):]

    def find(self, pred: Callable[[Scene], bool]) -> Scene | None:
        return next((s for s in reversed(self.stack) if pred(s)), None)

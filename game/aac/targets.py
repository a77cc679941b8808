"""Hotspots: interactive scene-graph nodes that stand for the engine's target strings."""

from __future__ import annotations

from collections.abc import Callable

from engine.aac.api import cap, rules
from engine.aac.api import target as target_words
from game.shell.scenegraph import Node


class Hotspot(Node):
    """A clickable board thing named by an engine target string ("sp_north_3",
    "section:<monument>:<i>", "slot:<pos>:<row>", ...). It draws nothing itself: the table
    highlights legal hotspots and routes clicks on them to the pending decision."""

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
        if self.tipfn is not None:
            return self.tipfn()
        return self.tip or cap(target_words(rules(), self.target))



def centred(target: str, cx: float, cy: float, r: float, tip: str = "", z: int = 5) -> Hotspot:
    return Hotspot(target, cx - r, cy - r, 2 * r, 2 * r, tip, True, z)


def target_kind(target: str) -> str:
    if target.startswith(("sp_", "br_")):
        return "space"
    return target.split(":", 1)[0]

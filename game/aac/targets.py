"""Hotspots: interactive scene-graph nodes that stand for the engine's target strings."""

from __future__ import annotations

from engine.aac.api import cap, rules
from engine.aac.api import target as target_words
from game.shell import hotspots


class Hotspot(hotspots.Hotspot):
    """A clickable board thing named by an engine target string ("sp_north_3",
    "section:<monument>:<i>", "slot:<pos>:<row>", ...). It draws nothing itself: the table
    highlights legal hotspots and routes clicks on them to the pending decision; without
    words of its own it says what the target is."""

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

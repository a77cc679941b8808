"""Spots: the things on Age of Reason's table a player can point at, each named by a target
string (an area id, "stack:<area>:<country>", a marker id, a box space id, a card id,
"ally:<space number>", "proposal:a" ...). A spot draws nothing: the table rings it when a
choice of the pending decision names it, routes a click on it to that choice, and shows its
tooltip (why it cannot be chosen now, when it cannot)."""

from __future__ import annotations

from game.aor.map_geometry import Poly, contains
from game.shell import hotspots


class Spot(hotspots.Hotspot):
    """The shell's hotspot, shaped like an area of the map where it has `shapes`."""

    def __init__(self, target: str, x: float, y: float, w: float, h: float, tip: str = "",
                 round_: bool = False, z: int = 5, shapes: tuple[Poly, ...] = ()) -> None:
        super().__init__(target, x, y, w, h, tip, round_, z)
        self.shapes = shapes  # polygons in the parent's units (x, y is their box's corner)
        self.rule = ""  # the rule the thing stands for (F1 opens it in the guide)
        self.ring = True  # ringed when legal (False: another spot of it is ringed)

    def contains(self, lx: float, ly: float) -> bool:
        if self.shapes:
            px, py = lx + self.x, ly + self.y
            return any(contains(p, px, py) for p in self.shapes)
        return super().contains(lx, ly)


def poly_spot(target: str, shapes: tuple[Poly, ...], z: int = 2) -> Spot:
    xs = [x for p in shapes for x, _ in p]
    ys = [y for p in shapes for _, y in p]
    x0, y0 = min(xs), min(ys)
    return Spot(target, x0, y0, max(xs) - x0, max(ys) - y0, z=z, shapes=shapes)


def round_spot(target: str, cx: float, cy: float, r: float, tip: str = "", z: int = 6) -> Spot:
    return Spot(target, cx - r, cy - r, 2 * r, 2 * r, tip, True, z)


def target_kind(target: str) -> str:
    """"area", "home", "stack", "marker", "space", "box", "card", "ally", "proposal",
    "unallied", "info" ..."""
    head = target.split(":", 1)[0]
    if ":" in target:
        return head
    return head.split("_", 1)[0] if "_" in head else head

"""What every catalog model shares: the frozen base class, small value objects and the closed
sets of plain names (energy types, icons, movement kinds...).

The vocabularies with a shape of their own (effects, triggers, counters and conditions,
scoring objects) have their own modules; the models of each catalog file import from here and
from them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict

EnergyType = Literal["compass", "rose", "magnet", "wild"]
Symbol = Literal["compass", "rose", "magnet"]
ReserveChoice = Literal["compass", "rose", "magnet", "wild", "any"]
IconId = Literal["move", "monument", "pillar"]
MovementKind = Literal["character", "monument", "pillar"]
TrackKind = Literal["monument", "pillar"]
BoundKind = Literal["bound_area", "pillar", "achievement"]
RegionKind = Literal["central", "outer"]
StackId = Literal["I", "II", "III"]
TierNumeral = Literal["I", "II", "III"]
Limit = Literal["once_per_turn", "once_per_action"] | None
TurnType = Literal["advance", "actions"]
ColumnKind = Literal["flat", "multiplier"]
ChannelSide = Literal["charged", "exhausted"]


class Frozen(BaseModel):
    """Base class: immutable, and unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Point(Frozen):
    x: int
    y: int


class Spot(Frozen):
    """A named point on the board."""

    id: str
    x: int
    y: int


class RuleText(Frozen):
    """A short rule repeated next to the data (`{id, text}`)."""

    id: str
    text: str


class CoordinateSystem(Frozen):
    """Abstract drawing units of a file's layout (the origin top left, y down)."""

    id: str | None = None
    x_range: tuple[int, int]
    y_range: tuple[int, int]
    origin: Literal["top_left"]
    y_axis: Literal["down"]
    note: str


def walk_models(node: object, path: str = "") -> Iterator[tuple[str, BaseModel]]:
    """Every model in a validated catalog tree with its JSON path (`regions[2].pillar`), the
    node itself first, then its fields in order, depth first."""
    if isinstance(node, BaseModel):
        yield path, node
        for name, info in type(node).model_fields.items():
            key = info.alias or name
            yield from walk_models(getattr(node, name), f"{path}.{key}" if path else key)
    elif isinstance(node, tuple | list):
        for i, item in enumerate(node):
            yield from walk_models(item, f"{path}[{i}]")
    elif isinstance(node, dict):
        for k, item in node.items():
            yield from walk_models(item, f"{path}.{k}" if path else str(k))

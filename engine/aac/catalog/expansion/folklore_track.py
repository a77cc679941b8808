"""The models of `expansion/folklore_track.json`: the Character Board Extension (the Folklore
Track, the Artifact slots) and each character's extension.

The top-level model is :class:`FolkloreTrackFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import CoordinateSystem, Frozen, RuleText


class TrackPosition(Frozen):
    id: str
    position: int
    vp: int
    marginal_vp: int
    x: int
    y: int


class FolkloreTrack(Frozen):
    id: str
    start_position: int
    min_position: int
    max_position: int
    positions: tuple[TrackPosition, ...]


class ArtifactSlot(Frozen):
    id: str
    kind: Literal["unprimed", "primed"]
    row: Literal["circular_row", "topmost"]
    index: int
    capacity: int | None = None
    x: int
    y: int


class Artifacts(Frozen):
    id: str
    per_character: int
    max_primed: int
    slots: tuple[ArtifactSlot, ...]


class ExtensionArtifact(Frozen):
    id: str
    start_slot: str


class TrackingCube(Frozen):
    id: str
    start_position: int


class BoardExtension(Frozen):
    id: str
    character: str
    artifacts: tuple[ExtensionArtifact, ...]
    tracking_cube: TrackingCube


class FolkloreTrackFile(Frozen):
    id: str
    schema_version: Literal[1]
    module: Literal["folklore"]
    description: str
    coordinate_system: CoordinateSystem
    track: FolkloreTrack
    artifacts: Artifacts
    extensions: tuple[BoardExtension, ...]
    rules: tuple[RuleText, ...]

"""Strict schema building blocks for the plain data a save holds (pydantic, strict mode: an int
is an int, never a float or a bool; unknown keys refused). The save format's own models are in
engine.aac.persist.models; the modules' data (`snapshot.ext`) is described by each module
(`ModuleDef.ext_schemas`). What needs the catalog or the seat count (an id in the catalog, a
seat below n) is checked by the invariants that run on every loaded snapshot."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

Id = Annotated[str, Field(max_length=64)]
Seat = Annotated[int, Field(ge=0, le=4)]
SeatOrNone = Annotated[int, Field(ge=-1, le=4)]
Cell = Annotated[int, Field(ge=-1, le=19)]  # seat * 4 + energy type, -1 when empty
PER_SEAT: Any = Field(min_length=2, max_length=5)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

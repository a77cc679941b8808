"""Pydantic models of the save format (`python -m engine save-schema` prints its schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.aac.persist.words import GLOSSARY
from engine.kernel.words import must, place, said

FORMAT = "aac-save"
CURRENT_VERSION = 6

Count = Annotated[int, Field(ge=0, le=21)]
Cell = Annotated[int, Field(ge=-2, le=19)]
Slot = Annotated[int, Field(ge=-1, le=3)]
Seat = Annotated[int, Field(ge=0, le=4)]
Id = Annotated[str, Field(max_length=64)]
U64 = Annotated[int, Field(ge=0, lt=2**64)]
Seed = Annotated[int, Field(ge=-(2**63), lt=2**63)]
Small = Annotated[int, Field(ge=0, le=10**7)]
Track = Annotated[list[Annotated[int, Field(ge=-1, le=4)]], Field(min_length=2, max_length=2)]
Side = Annotated[int, Field(ge=-1, le=1)]
BridgeCell = Annotated[str, Field(max_length=64, pattern=r"^(|n:[a-z0-9_]+|p:[0-4]:[1-3])$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ConfigModel(_Strict):
    players: Annotated[int, Field(ge=2, le=5)]
    seed: Seed
    characters: list[Id | None] | None = None
    character_selection: Literal["random", "choice"] = "random"
    expert_loading: bool = False
    auto_skip_forced: bool = True
    options: dict[Id, bool] = Field(default_factory=dict)
    modules: Annotated[list[Id], Field(max_length=8)] = Field(default_factory=list)


class PlayerModel(_Strict):
    seat: Seat
    character: Id
    exhausted: Annotated[list[Count], Field(min_length=4, max_length=4)]
    reserve: Annotated[list[Annotated[int, Field(ge=0, le=2)]], Field(min_length=4, max_length=4)]
    shop: Annotated[list[Count], Field(min_length=4, max_length=4)]
    device: Annotated[list[Id], Field(max_length=5)]
    staging: Annotated[list[Id], Field(max_length=2)]
    top: dict[Id, Annotated[list[Slot], Field(max_length=6)]]
    bottom: dict[Id, Annotated[list[Slot], Field(max_length=6)]]
    tracks: Annotated[list[Track], Field(min_length=2, max_length=2)]
    charged: bool
    bridge_loc: Annotated[list[Id], Field(min_length=3, max_length=3)]
    bridge_side: Annotated[list[Side], Field(min_length=3, max_length=3)]
    conduits: Annotated[list[Id], Field(min_length=5, max_length=5)]
    actions: Annotated[list[Id], Field(max_length=5)]  # 5 once set up, none before (R3)
    figure: Id
    behind: Id
    start_region: Id
    patron: Id
    entered: Annotated[list[Id], Field(max_length=6)]
    bridges_used: Annotated[list[Id], Field(max_length=15)]
    used: Annotated[list[Id], Field(max_length=32)]


class MonumentModel(_Strict):
    id: Id
    stack: Annotated[list[Id], Field(max_length=5)]
    built: Annotated[list[Id], Field(max_length=5)]
    spaces: Annotated[list[Cell], Field(max_length=6)]
    completed: bool
    bonus: Id
    patron: bool


class CompletionModel(_Strict):
    monument: Id
    section: Id
    completer: Annotated[int, Field(ge=-1, le=4)]
    causer: Annotated[int, Field(ge=-1, le=4)]
    kind: Id


class FrameModel(BaseModel):
    """One piece of pending rule work; its fields are checked against the frame's class."""

    model_config = ConfigDict(extra="allow")
    kind: Id


class SnapshotModel(_Strict):
    n: Annotated[int, Field(ge=2, le=5)]
    seed: Seed
    rng: U64
    options: dict[Id, bool]
    modules: Annotated[list[Id], Field(max_length=8)]
    players: Annotated[list[PlayerModel], Field(min_length=2, max_length=5)]
    monuments: dict[Id, MonumentModel]
    bound: dict[Id, Annotated[list[Annotated[list[Count], Field(min_length=4, max_length=4)]],
                              Field(max_length=5)]]
    pillars: dict[Id, Cell]
    bridges: dict[Id, BridgeCell]
    pool: Annotated[list[Id], Field(min_length=4, max_length=4)]
    supply: Annotated[list[Id], Field(max_length=36)]
    achievements: Annotated[list[Id], Field(min_length=5, max_length=5)]
    ach: dict[Id, Annotated[list[Cell], Field(min_length=2, max_length=2)]]
    tray: dict[Id, Annotated[int, Field(ge=0, le=4)]]
    piles: Annotated[list[Annotated[list[Id], Field(max_length=6)]], Field(max_length=3)]
    active: Seat
    start_player: Seat
    turn: Small
    turn_type: Literal["", "choosing", "advance", "actions"]
    end_triggered: bool
    over: bool
    completions: Annotated[list[CompletionModel], Field(max_length=6)]
    stack: Annotated[list[FrameModel], Field(max_length=200)]
    decisions: Small
    forced: Small
    scores: Annotated[list[Annotated[int, Field(ge=0, le=1000)]], Field(max_length=5)]
    score_dirty: Annotated[int, Field(ge=0, le=31)]
    ext: dict[Id, Any]  # modules' own data, under their names (persist.validate checks it)


class SaveFile(_Strict):
    """An An Age Contrived save: config + seed + choices made + a full state snapshot."""

    format: Literal["aac-save"]
    version: Literal[6]
    game: Literal["aac"]
    # the kernel's summary header (engine.kernel.summary, checked there); null in a file
    # upgraded from a version before headers
    summary: dict[str, Any] | None
    app_version: Annotated[str, Field(max_length=40)] = ""  # the build that wrote it
    config: ConfigModel
    seed: Seed
    choices: Annotated[list[Annotated[str, Field(max_length=400)]], Field(max_length=200_000)]
    snapshot: SnapshotModel
    saved_at: Annotated[str, Field(max_length=40)] = ""
    note: Annotated[str, Field(max_length=400)] = ""


def first_error(exc: ValidationError, top: str = "") -> str:
    """The first schema error in words: where (counted from 1, in the save's own words:
    engine.aac.persist.words), and what is wrong ("the turn number must be a whole number
    (it is “45”)"). `top`: the place the checked data sits at in the document."""
    err = exc.errors()[0]
    loc = top
    for part in err["loc"]:
        loc += f"[{part}]" if isinstance(part, int) else (f".{part}" if loc else str(part))
    val = err.get("input")
    shown = said(val) if isinstance(val, int | float | str | bool) and len(str(val)) < 40 \
        else ""
    got = f" (it is {shown})" if shown else ""
    return f"{place(loc, GLOSSARY)} {must(err['msg'])}{got}"


def schema() -> dict[str, Any]:
    return SaveFile.model_json_schema()

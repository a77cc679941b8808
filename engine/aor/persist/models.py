"""Pydantic models of the aor-save format (strict: ints are ints, unknown fields refused).

The kernel's envelope (engine.kernel.saves): format, version, game, config, seed, the
choice ids made, and a snapshot of the whole state. The catalog checks (every id known,
lengths, seats in range) are in persist.validate.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

FORMAT = "aor-save"
GAME_ID = "age-of-reason"
CURRENT_VERSION = 1

Id = Annotated[str, Field(max_length=64)]
Seat = Annotated[int, Field(ge=0, le=6)]
CountryNo = Annotated[int, Field(ge=-1, le=6)]
U64 = Annotated[int, Field(ge=0, lt=2**64)]
Seed = Annotated[int, Field(ge=-(2**63), lt=2**63)]
Small = Annotated[int, Field(ge=0, le=10**7)]
Discs = Annotated[int, Field(ge=0, le=22)]
Cards = Annotated[list[Id], Field(max_length=11)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ConfigModel(_Strict):
    players: Annotated[int, Field(ge=2, le=7)]
    seed: Seed
    countries: Annotated[list[Id | None], Field(max_length=7)] | None = None
    country_selection: Literal["random", "choice"] = "random"
    random_first_alliances: bool = False
    options: dict[Id, bool] = Field(default_factory=dict)
    modules: Annotated[list[Id], Field(max_length=0)] = Field(default_factory=list)


class PlayerModel(_Strict):
    country: CountryNo
    gold: Annotated[int, Field(ge=0, le=10**6)]
    vp: Annotated[int, Field(ge=-10**4, le=10**4)]
    unrest: Annotated[int, Field(ge=0, le=22)]
    supply: Discs
    hand: Cards
    discard: Cards
    committed: Id
    shown: Cards
    score: dict[Id, Annotated[int, Field(ge=-10**4, le=10**4)]]


class FrameModel(BaseModel):
    """One piece of pending rule work; its fields are checked against its class (validate)."""

    model_config = ConfigDict(extra="allow")
    kind: Id


class SnapshotModel(_Strict):
    n: Annotated[int, Field(ge=2, le=7)]
    seed: Seed
    rng: U64
    options: dict[Id, bool]
    players: Annotated[list[PlayerModel], Field(min_length=2, max_length=7)]
    seat_of: Annotated[list[Annotated[int, Field(ge=-1, le=6)]], Field(max_length=7)]
    discs: Annotated[list[Annotated[list[Discs], Field(max_length=7)]], Field(max_length=11)]
    markers: Annotated[list[Annotated[list[Id], Field(max_length=9)]], Field(max_length=11)]
    bag: Annotated[list[Id], Field(max_length=65)]
    removed: Annotated[list[Id], Field(max_length=65)]
    spaces: dict[Id, CountryNo]
    alliance: Annotated[list[CountryNo], Field(max_length=8)]
    proposal: Annotated[list[CountryNo], Field(min_length=2, max_length=2)]
    npc_lost: Annotated[list[Annotated[int, Field(ge=0, le=5)]], Field(max_length=7)]
    first_player: Seat
    turn: Annotated[int, Field(ge=0, le=3)]
    segment: Annotated[int, Field(ge=0, le=6)]
    step: Literal["setup", "markers", "alliances", "actions", "income", "vp", "end", "over"]
    stack: Annotated[list[FrameModel], Field(max_length=20)]
    decisions: Small
    forced: Small
    over: bool
    winners: Annotated[list[Seat], Field(max_length=7)]


class SaveFile(_Strict):
    """An Age of Reason save: config + seed + choices made + a full state snapshot."""

    format: Literal["aor-save"]
    version: Literal[1]
    game: Literal["age-of-reason"]
    summary: dict[str, Any]  # the kernel's summary header (engine.kernel.summary checks it)
    app_version: Annotated[str, Field(max_length=40)] = ""  # the build that wrote it
    config: ConfigModel
    seed: Seed
    choices: Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=100_000)]
    snapshot: SnapshotModel
    saved_at: Annotated[str, Field(max_length=40)] = ""
    note: Annotated[str, Field(max_length=400)] = ""


def first_error(exc: ValidationError) -> str:
    """The first schema error in words: where, and what is wrong."""
    err = exc.errors()[0]
    loc = ""
    for part in err["loc"]:
        loc += f"[{part}]" if isinstance(part, int) else (f".{part}" if loc else str(part))
    msg = err["msg"]
    val = err.get("input")
    shown = repr(val) if isinstance(val, int | float | str | bool) and len(repr(val)) < 40 else ""
    got = f" (got {shown})" if shown else ""
    return f"{loc}: {msg[0].lower() + msg[1:]}{got}"


def schema() -> dict[str, Any]:
    return SaveFile.model_json_schema()

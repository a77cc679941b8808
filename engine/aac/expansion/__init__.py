"""Parts of the Folklore & Pilgrimage expansion that both modules share: Doubler Tokens (R29,
engine.aac.expansion.doublers) and Scoring Cards (R30, engine.aac.expansion.scoring_cards).

Importing this package registers the effects `place_doubler` (R28.3) and `gain_scoring_card`
(R28.4). A module takes the shared parts with `with_shared(ModuleDef(...))`: its setup, its
trigger listeners, hidden parts, score category and invariants are joined to the module's own.
When two enabled modules both carry them (Folklore and Pilgrimage together), they act once:
the listeners answer only for the first of them, setup creates the state once, and the score
category and hidden parts are counted once by name (engine.aac.scoring, engine.aac.hidden).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from engine.aac.core import Ctx
from engine.aac.expansion import doublers, scoring_cards
from engine.aac.expansion.schema import DoublerData, ScoringCardData
from engine.aac.modules import MODULES, ModuleDef
from engine.aac.triggers import Hook
from engine.kernel.definition import ScoreCategory
from engine.kernel.hidden import HiddenPart

__all__ = ["SHARED", "ModuleParts", "doublers", "scoring_cards", "with_shared"]

Listener = Callable[[Ctx, Hook], None]


@dataclass(frozen=True)
class ModuleParts:
    """Hooks a ModuleDef can include (see `with_shared`)."""

    ext_keys: tuple[str, ...]
    ext_schemas: Mapping[str, type[BaseModel]]
    setup: Callable[[Ctx], None]
    triggers: Mapping[str, Listener]
    hidden: tuple[HiddenPart, ...]
    score_categories: tuple[tuple[ScoreCategory, Callable[[Ctx, int], int]], ...]
    invariants: Callable[[Ctx], list[str]]


def _setup(ctx: Ctx) -> None:
    doublers.setup(ctx)
    scoring_cards.setup(ctx)


def _invariants(ctx: Ctx) -> list[str]:
    return doublers.invariants(ctx) + scoring_cards.invariants(ctx)


SHARED = ModuleParts(
    ext_keys=(doublers.KEY, scoring_cards.KEY),
    ext_schemas={doublers.KEY: DoublerData, scoring_cards.KEY: ScoringCardData},
    setup=_setup,
    triggers={
        "bound_extra": doublers.bound_extra,
        "natural_max_lifted": doublers.natural_max_lifted,
        "energy_moved": doublers.energy_moved,
        "relocation_choices": doublers.relocation_choices,
    },
    hidden=scoring_cards.HIDDEN,
    score_categories=scoring_cards.SCORE_CATEGORIES,
    invariants=_invariants,
)


def _first_carrier(ctx: Ctx, parts: ModuleParts) -> str:
    """The first enabled module that carries these parts (it answers for all)."""
    for name in ctx.s.modules:
        m = MODULES.get(name)
        if m is not None and set(parts.ext_keys) <= set(m.ext_keys):
            return name
    return ""


def _join(name: str, own: Listener | None, shared: Listener, parts: ModuleParts) -> Listener:
    def listener(ctx: Ctx, hook: Hook) -> None:
        if own is not None:
            own(ctx, hook)
        if _first_carrier(ctx, parts) == name:
            shared(ctx, hook)

    return listener


def with_shared(m: ModuleDef, parts: ModuleParts = SHARED) -> ModuleDef:
    """The module with the shared parts joined to its own hooks."""
    own_setup, own_inv = m.setup, m.invariants

    def setup(ctx: Ctx) -> None:
        if own_setup is not None:
            own_setup(ctx)
        parts.setup(ctx)  # idempotent: a second carrier finds the state made

    def invariants(ctx: Ctx) -> list[str]:
        out = own_inv(ctx) if own_inv is not None else []
        if _first_carrier(ctx, parts) == m.name:
            out = out + parts.invariants(ctx)
        return out

    trig: dict[str, Any] = dict(m.triggers)
    for key, fn in parts.triggers.items():
        trig[key] = _join(m.name, trig.get(key), fn, parts)
    return replace(
        m, setup=setup, triggers=trig, hidden=m.hidden + parts.hidden,
        score_categories=m.score_categories + parts.score_categories, invariants=invariants,
        ext_keys=tuple(dict.fromkeys(m.ext_keys + parts.ext_keys)),
        ext_schemas={**m.ext_schemas, **parts.ext_schemas},
    )

"""The effect registry: how each name of the catalog's effect vocabulary reaches the rules.

Every base-game effect name is registered by the rule area that implements it, in one of two
ways:

- `@effect("deploy")` on a handler `(ctx, seat, e, use) -> None` that *carries out* an effect
  object: it pushes frames (processed before the frame that asked resumes) or changes the
  state when no choice is needed. `push_effect` dispatches through these handlers, keyed by
  the effect's name (`e.effect`); it never runs a decision itself.
- `applied_in("set_rose_activation", activate)` for a power whose effect *changes a rule at
  its trigger* (Rose activations give 3 points, a gap may be flown over, both perks may be
  taken...): the named function applies it where that trigger happens; it is never carried
  out on its own.

A name is registered once, and only names of the vocabulary (engine.aac.catalog.effects) are
accepted. The expansion's own names have no handler until their module is played
(`NOT_YET_PLAYED`); `push_effect` refuses them with a clear error. This module imports no rule
area: rule areas import it (downwards) and register themselves when they are imported
(engine.aac.rules imports them all).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from engine.aac.catalog.effects import (
    EFFECT_NAMES,
    EXPANSION_EFFECTS,
    ChoiceEffect,
    EffectBase,
    SequenceEffect,
    effect_from_plain,
    effect_plain,
)
from engine.aac.core import Ctx, decision
from engine.aac.names import cap, describe_effect, source
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

__all__ = [
    "NOT_YET_PLAYED", "ChoiceFrame", "EffectHandler", "Use", "applied_in", "applications",
    "effect", "handlers", "push_effect",
]


@dataclass(frozen=True, slots=True)
class Use:
    """How an effect is being used.

    source: what it comes from, in the frames' words for prompts (a catalog id such as a bonus
      tile, a power name, "position 4: Movement", "Rose");
    part: a step of an "and" sequence, which the player may decline (R6.1);
    at: the location of the energy the effect is about (an activation: "section:<mon>:<i>").
    """

    source: str = ""
    part: bool = False
    at: str = ""


EffectHandler = Callable[[Ctx, int, Any, Use], None]
H = TypeVar("H", bound=Callable[..., None])

_HANDLERS: dict[str, EffectHandler] = {}
_APPLIED: dict[str, tuple[Callable[..., Any], ...]] = {}

# The expansion's own effect names (expansion/README.md, "Expansion effects") not played by
# the rules yet: none. place_doubler and gain_scoring_card are played by engine.aac.expansion,
# folklore_track and prime_artifact by engine.aac.folklore, pilgrim_move and construct_shrine
# by engine.aac.pilgrimage (registered when that package is imported). A module that
# registers a listed name takes it off this list (registering a listed name is refused).
# (The Folklore Cards' other effects are played by rule areas: exhausted, binding, device,
# activation, players_act.)
NOT_YET_PLAYED: Final[frozenset[str]] = frozenset()
assert NOT_YET_PLAYED <= EXPANSION_EFFECTS


def _claim(name: str) -> None:
    if name not in EFFECT_NAMES:
        raise ValueError(f"{name!r} is not an effect of the catalog's vocabulary")
    if name in NOT_YET_PLAYED:
        raise ValueError(f"effect {name!r} is listed as not yet played (NOT_YET_PLAYED)")
    if name in _HANDLERS or name in _APPLIED:
        raise ValueError(f"effect {name!r} is registered twice")


def effect(name: str) -> Callable[[H], H]:
    """Register the decorated function as the handler that carries out effect `name`."""
    _claim(name)

    def register(fn: H) -> H:
        _claim(name)
        _HANDLERS[name] = fn
        return fn

    return register


def applied_in(name: str, *where: Callable[..., Any]) -> None:
    """Record that power effect `name` is applied by the rule code `where` at its trigger."""
    _claim(name)
    if not where:
        raise ValueError(f"effect {name!r}: name the rule code that applies it")
    _APPLIED[name] = where


def handlers() -> Mapping[str, EffectHandler]:
    """Effect name -> its handler (a copy of the registry)."""
    return dict(_HANDLERS)


def applications() -> Mapping[str, tuple[Callable[..., Any], ...]]:
    """Power effect name -> the rule functions that apply it at its trigger."""
    return dict(_APPLIED)


def push_effect(
    ctx: Ctx, seat: int, e: EffectBase, source: str = "", part: bool = False, at: str = ""
) -> None:
    """Queue effect `e` for `seat` through its handler (see `Use` for the other arguments)."""
    handler = _HANDLERS.get(e.effect)
    if handler is None:
        raise NotImplementedError(_refusal(e.effect))
    handler(ctx, seat, e, Use(source, part, at))


def _refusal(name: str) -> str:
    if name in _APPLIED:
        where = ", ".join(f.__qualname__ for f in _APPLIED[name])
        return (f"effect {name!r} is not carried out on its own: {where} applies it where its "
                "trigger happens")
    if name in NOT_YET_PLAYED:
        return f"effect {name!r} belongs to an expansion module that is not played yet"
    return f"effect {name!r} has no handler"  # pragma: no cover - the registry test forbids it


# --- composition -------------------------------------------------------------------------------


@effect("sequence")
def _sequence(ctx: Ctx, seat: int, e: SequenceEffect, use: Use) -> None:
    """ "And": every step in order, the first on top (R6.1); each step may be declined."""
    for step in reversed(e.steps):
        push_effect(ctx, seat, step, use.source, True, use.at)


@effect("choice")
def _choice(ctx: Ctx, seat: int, e: ChoiceEffect, use: Use) -> None:
    """ "Or": the player picks exactly one option."""
    ctx.push(ChoiceFrame(seat, tuple(effect_plain(o) for o in e.options), use.source))


@dataclass(slots=True)
class ChoiceFrame(Frame, kind="aac.effect_choice"):
    """Choose one option of a "choice" effect. The options are kept in their plain (saved)
    form; their typed objects come from the catalog's plain-form cache."""

    seat: int
    options: tuple[Any, ...]
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = []
        for i, plain in enumerate(self.options):
            o = effect_from_plain(plain)
            ch.append(Choice(f"opt:{i}:{o.effect}", cap(describe_effect(o)), (), i))
        what = f"{source(ctx.r, self.source)}: " if self.source else ""
        return decision(self.seat, "effect_option", f"{what}choose one", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        push_effect(ctx, self.seat, effect_from_plain(self.options[c.data]), self.source)


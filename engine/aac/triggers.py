"""The trigger bus: named moments of the rules where characters' powers and modules act.

The rules fire a trigger by name where it happens (`fire`, `query`, `offers`, `take`); the
listeners are
- character powers: each power of the catalog names its trigger (assets/aac/data/characters.json
  `trigger.trigger`, the closed set of the catalog README; typed in
  engine.aac.catalog.triggers) and its effect; a handler is
  registered for a (trigger, effect name) pair with `@power(trigger, effect)`. When a trigger
  fires for a seat, the seat's uncovered powers with that trigger (R25.1) are called, in tier
  order, if the trigger's parameters match (`types` ~ the energy type, `position`, `as` ~ the
  role, `min_amount` ~ the amount);
- modules: `ModuleDef.triggers[name]`, called after the powers, in module order.

Every listener gets the context and a `Hook`: the trigger's name, the seat, its details
(`info`), a `value` it may change (queries: Masterwork's tier, a Rose's movement points...),
`choices` it may add to (offers: Swift Stride's +1, Updraft, a module's alternatives to a
recharge...), the `choice` being applied (`take`: the listener whose key the choice carries
acts on it), and `handled`, set by a listener that replaces what the rules would do by
default (Chronari's Rewind instead of exhausting an activated Wild).

Triggers of the base game: the catalog's thirteen, plus
- "recharge" (R8.2: a module offers alternatives to recharging, e.g. priming an Artifact or
  raising Pilgrimage speed; offers + take),
- "after_character_movement" (a movement opportunity with character movement ended: Folklore
  places an Artifact then; info: frame),
- "patron_token_gained" (a seat took a Monument Patron Token; info: monument),
- "figure_teleported" (R12.10: a seat's figure was teleported; info: dst, behind; Folklore
  bars an Artifact placement right after it, R26.3.6),
- "artifact_regions" (query: the regions where a seat has an Artifact, on the map or in a
  bound area, R26.3.9; default (); info: at, the "artifact:<space>" of the effect's use),
- "end_of_advance_options" (E1: a module adds options beside conduit movement and the Patron
  Token, e.g. Pilgrimage's Shrine; offers + take),
- "bound_extra" (a query counting a seat's bound energy, engine.aac.counters: value = the
  per-type counts, info: regions, kinds; a module adds what its tokens weigh beyond 1, e.g. a
  Doubler R29.1 — Achievements R22.2, Patron Tokens R21.1, scoring R24.2-R24.5, tiebreak),
- "natural_max_lifted" (a query, value False: may a printed "natural" maximum of a tier-III
  scoring be passed? Doublers R29.3.3),
- "energy_moved" (a seat's energy moved from or to a scoring location, engine.aac.core
  move_energy; info: t, src, dst, tag — tag says which of alike energy moved, e.g. "doubler"),
- "relocation_choices" (a query, value = the choices moving a bound energy, Freyith's
  Migration: a module may add variants, e.g. moving the energy that carries a Doubler),
- "pay_speed" (a query, value False, info: amount: a module that has Pilgrimage speed pays it
  and answers True; nobody answering means it cannot be paid, R28.4).
- "artifact_regions" (a query: the regions where the seat has an Artifact, on the map or in a
  Bound Energy Area, default (); info: at, the effect's Use.at "artifact:<space>" of the one
  just placed or the contested space of an owner's reply, R26.3.9; the Folklore module
  answers it; used by teleport_character's non_bridge_space_in_region_with_your_artifact),
- "running_out_extended" (a query, default False: with the rules option
  running_out_everywhere off, does Running Out still extend to interest, replenish and
  deposits? R26.7.1: the Folklore module answers True).
A choice a listener offers carries `data=(key, payload)`: the key is the power's effect name or
the module's name, so `take` finds who applies it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.aac.catalog.triggers import (
    BeforePositionActionTrigger,
    EndOfTurnIfEnteredRegionTrigger,
    OnActivateEnergyTrigger,
    OnGainCharacterMovementTrigger,
    OnLoadWildIntoPositionTrigger,
    OnSectionCompletedTrigger,
)
from engine.aac.modules import MODULES
from engine.kernel.decisions import Choice

if TYPE_CHECKING:
    from engine.aac.core import Ctx
    from engine.aac.data import PowerDef

TYPES = ("compass", "rose", "magnet", "wild")


class Hook:
    """One firing of a trigger (see the module docstring)."""

    __slots__ = ("name", "seat", "info", "value", "choices", "choice", "handled")

    def __init__(self, name: str, seat: int, info: dict[str, Any], value: Any = None,
                 choice: Choice | None = None) -> None:
        self.name = name
        self.seat = seat
        self.info = info
        self.value = value
        self.choices: list[Choice] = []
        self.choice = choice
        self.handled = False

    def key(self) -> str:
        """The listener key of the choice being applied ("" if none)."""
        c = self.choice
        if c is None or not isinstance(c.data, tuple) or not c.data:
            return ""
        return str(c.data[0])


PowerHandler = Callable[["Ctx", Hook, "PowerDef"], None]
ModuleHandler = Callable[["Ctx", Hook], None]

POWERS: dict[tuple[str, str], PowerHandler] = {}
_BY_CHARACTER: dict[str, dict[str, tuple[PowerDef, ...]]] = {}


def power(trigger: str, effect: str) -> Callable[[PowerHandler], PowerHandler]:
    """Register the handler of the powers with this trigger and effect name."""

    def deco(fn: PowerHandler) -> PowerHandler:
        if (trigger, effect) in POWERS:
            raise ValueError(f"a handler for {effect!r} on {trigger!r} is registered already")
        POWERS[(trigger, effect)] = fn
        return fn

    return deco


USES: dict[str, Callable[[Ctx, int, PowerDef], None]] = {}


def use(effect: str) -> Callable[[Callable[[Ctx, int, PowerDef], None]],
                                 Callable[[Ctx, int, PowerDef], None]]:
    """Register what an optional power with this effect does when its owner takes the offer
    (engine.aac.rules.endturn.OptionalPowerFrame)."""

    def deco(fn: Callable[[Ctx, int, PowerDef], None]) -> Callable[[Ctx, int, PowerDef], None]:
        USES[effect] = fn
        return fn

    return deco


def use_power(ctx: Ctx, seat: int, pw: PowerDef) -> None:
    USES[pw.effect.effect](ctx, seat, pw)


def _powers(ctx: Ctx, seat: int, name: str) -> tuple[PowerDef, ...]:
    char = ctx.s.players[seat].character
    table = _BY_CHARACTER.get(char)
    if table is None:
        table = {}
        ch = ctx.r.characters.get(char)
        for pw in ch.powers if ch is not None else ():
            trig = pw.trigger.trigger
            table[trig] = table.get(trig, ()) + (pw,)
        _BY_CHARACTER[char] = table
    return table.get(name, ())


def _matches(pw: PowerDef, info: dict[str, Any]) -> bool:
    """The catalog's trigger parameters (the typed trigger object) against what happened."""
    trig = pw.trigger
    if isinstance(trig, OnActivateEnergyTrigger):
        return "energy" not in info or TYPES[info["energy"]] in trig.types
    if isinstance(trig, OnLoadWildIntoPositionTrigger | BeforePositionActionTrigger):
        return "position" not in info or trig.position == info["position"]
    if isinstance(trig, OnSectionCompletedTrigger):
        return "role" not in info or trig.as_ == info["role"]
    if isinstance(trig, EndOfTurnIfEnteredRegionTrigger):
        return "turn_type" not in info or info["turn_type"] in trig.turn_types
    if isinstance(trig, OnGainCharacterMovementTrigger):
        return "amount" not in info or info["amount"] >= trig.min_amount
    return True


def _run(ctx: Ctx, hook: Hook, pws: tuple[PowerDef, ...]) -> None:
    seat, name = hook.seat, hook.name
    bridge_loc = ctx.s.players[seat].bridge_loc
    for pw in pws:
        if bridge_loc[pw.tier - 1] == "board":  # covered: not yet usable (R25.1)
            continue
        fn = POWERS.get((name, pw.effect.effect))
        if fn is not None and _matches(pw, hook.info):
            fn(ctx, hook, pw)
    for m in ctx.s.modules:
        mfn = MODULES[m].triggers.get(name)
        if mfn is not None:
            mfn(ctx, hook)


def fire(ctx: Ctx, name: str, seat: int, **info: Any) -> bool:
    """Fire a trigger; True if a listener handled it (replacing the default)."""
    pws = _powers(ctx, seat, name)
    if not pws and not ctx.s.modules:
        return False
    hook = Hook(name, seat, info)
    _run(ctx, hook, pws)
    return hook.handled


def query(ctx: Ctx, name: str, seat: int, default: Any, **info: Any) -> Any:
    """Ask the listeners for a value (each may change it); `default` if none listens."""
    pws = _powers(ctx, seat, name)
    if not pws and not ctx.s.modules:
        return default
    hook = Hook(name, seat, info, default)
    _run(ctx, hook, pws)
    return hook.value


def offers(ctx: Ctx, name: str, seat: int, **info: Any) -> list[Choice]:
    """The choices the listeners offer at this moment."""
    pws = _powers(ctx, seat, name)
    if not pws and not ctx.s.modules:
        return []
    hook = Hook(name, seat, info)
    _run(ctx, hook, pws)
    return hook.choices


def take(ctx: Ctx, name: str, seat: int, choice: Choice, **info: Any) -> Any:
    """Apply a choice a listener offered (`offers`); returns the hook's value."""
    hook = Hook(name, seat, info, choice=choice)
    _run(ctx, hook, _powers(ctx, seat, name))
    assert hook.handled, f"nobody applied {choice.id!r} on {name!r}"
    return hook.value

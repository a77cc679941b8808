"""Modules: what an expansion module adds to An Age Contrived, and their registry.

A module is one `ModuleDef` passed to `register_module`; `GameConfig(modules=(name, ...))`
accepts registered names only, saves them in the config, and the setup log names them.
Registered: Folklore (engine.aac.folklore) and Pilgrimage (engine.aac.pilgrimage). Every hook
is optional:

- `setup(ctx)`: after the base setup (R3), before the first decision (the module's own
  components, its frames pushed onto the stack if it asks something at setup);
- `turn_steps`: named steps inserted in every turn (`TurnStep(name, run, apply, after=...)`,
  engine.aac.rules.turn); a save stores the name of the step a turn is at;
- `end_conditions`: more conditions the game end needs (all of them must hold, R23.1);
- `triggers`: trigger name -> handler `(ctx, hook)` on the trigger bus (engine.aac.triggers):
  the catalog's trigger names, and "recharge", "after_character_movement",
  "patron_token_gained", ...;
- `locations`: energy locations (engine.aac.locations.EnergyLocation: take, put, Running Out,
  placement, reposition, counting, words and where the table draws it);
- `completion_kinds`: completions beside monument sections (CompletionKind,
  engine.aac.rules.completion: how a pending one is found, named, offered and resolved);
- `hidden`: hidden parts (engine.kernel.hidden.HiddenPart: redaction, resampling, barrier);
- `score_categories`: (ScoreCategory, compute(ctx, seat) -> VP) pairs added to R24 scoring;
- `invariants(ctx)`: more invariant checks (a list of violations);
- `ext_keys`: keys of `GameState.ext` its state uses besides its name (a save may hold them);
- `ext_schemas`: for each of its `GameState.ext` keys, the strict schema (pydantic) of that data
  in a save (engine.aac.schema).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from engine.kernel.definition import ScoreCategory
from engine.kernel.hidden import HiddenPart
from engine.kernel.words import said

if TYPE_CHECKING:
    from engine.aac.core import Ctx
    from engine.aac.state import Completion
    from engine.kernel.decisions import Choice, Decision


@dataclass(frozen=True, slots=True)
class TurnStep:
    """A named step of every turn. `run(ctx, seat)` returns a Decision to ask the active
    seat (answered by `apply(ctx, seat, choice)`), True when it pushed work (the turn goes on
    with the next step once that work is done), or False when it had nothing to do. A module's
    step says where it goes: `after` or `before` the name of another step."""

    name: str
    run: Callable[[Ctx, int], Decision | bool]
    apply: Callable[[Ctx, int, Choice], None] | None = None
    after: str = ""
    before: str = ""


@dataclass(frozen=True, slots=True)
class EndCondition:
    """One condition the game end needs (R23.1); the final round triggers when all hold."""

    name: str
    met: Callable[[Ctx], bool]


@dataclass(frozen=True, slots=True)
class CompletionKind:
    """A kind of completion resolved in the completion phase (R15.4): monument sections, and
    (Pilgrimage) Shrines. `detect(ctx)` may add pending completions of this kind when the
    phase looks for them (at its start and after each resolution); `choice(ctx, comp)` is
    the (id, label, targets) of resolving it next; `resolve(ctx, comp)` pushes its work."""

    name: str
    choice: Callable[[Ctx, Completion], tuple[str, str, tuple[str, ...]]]
    resolve: Callable[[Ctx, Completion], None]
    detect: Callable[[Ctx], None] | None = None


@dataclass(frozen=True)
class ModuleDef:
    name: str
    title: str
    text: str  # what the module adds, in plain words (the set-up screen shows it)
    setup: Callable[[Ctx], None] | None = None
    turn_steps: tuple[TurnStep, ...] = ()
    end_conditions: tuple[EndCondition, ...] = ()
    triggers: Mapping[str, Callable[[Ctx, Any], None]] = field(default_factory=dict)
    locations: tuple[Any, ...] = ()  # engine.aac.locations.EnergyLocation
    completion_kinds: tuple[CompletionKind, ...] = ()
    hidden: tuple[HiddenPart, ...] = ()
    score_categories: tuple[tuple[ScoreCategory, Callable[[Ctx, int], int]], ...] = ()
    invariants: Callable[[Ctx], list[str]] | None = None
    # GameState.ext keys the module's state uses besides its name (shared parts such as
    # engine.aac.expansion's "doublers" and "scoring_cards")
    ext_keys: tuple[str, ...] = ()
    ext_schemas: Mapping[str, type[BaseModel]] = field(default_factory=dict)


MODULES: dict[str, ModuleDef] = {}
Listener = Callable[[ModuleDef], None]
_LISTENERS: list[tuple[Listener, Listener | None]] = []


def register_module(m: ModuleDef) -> ModuleDef:
    """Make a module known (a config may then enable it) and hand its locations, hidden
    parts, completion kinds... to the tables that declare them."""
    if m.name in MODULES:
        raise ValueError(f"module {said(m.name)} is registered already")
    MODULES[m.name] = m
    for add, _ in _LISTENERS:
        add(m)
    return m


def unregister_module(name: str) -> None:
    """Forget a module and take its parts out of every table again (tests use it)."""
    m = MODULES.pop(name)
    for _, remove in reversed(_LISTENERS):
        if remove is not None:
            remove(m)


def on_register(add: Listener, remove: Listener | None = None) -> None:
    """A table that modules extend (locations, completion kinds...) hears of each module,
    those registered before it too; `remove` undoes `add` (unregister_module)."""
    _LISTENERS.append((add, remove))
    for m in MODULES.values():
        add(m)


def enabled(modules: tuple[str, ...] | list[str]) -> list[ModuleDef]:
    """The ModuleDefs of a game's modules, in config order."""
    return [MODULES[name] for name in modules]


def check_names(modules: tuple[str, ...] | list[str]) -> None:
    """ValueError unless every name is a registered module, each at most once."""
    for name in modules:
        if not isinstance(name, str) or name not in MODULES:
            known = ", ".join(sorted(MODULES)) or "none yet"
            raise ValueError(f"unknown module {said(name)} (known modules: {known})")
    if len(set(modules)) != len(modules):
        raise ValueError("a module is listed twice")

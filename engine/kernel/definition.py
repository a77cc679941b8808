"""Game definitions and their registry.

A game (An Age Contrived is `engine.aac.definition.AAC`) describes itself to the kernel with a
`GameDefinition`: its id and seat range, its config (with its rules options and its modules),
setup (`new_game`), its hidden information (redaction and resampling, `engine.kernel.hidden`),
its scores as named categories, its invariants, its save format and upgrade steps, and its
bots. `register` adds it to the registry the kernel's save loader, tournament harness and
conformance suite read.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.kernel import hidden
from engine.kernel.bots import Bot, RandomBot
from engine.kernel.fields import Record
from engine.kernel.hidden import HiddenPart
from engine.kernel.runner import Runner

Doc = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ScoreCategory:
    """One named part of a seat's score: `name` is stable (events and saves use it), `title`
    is what a results table shows, `short` what a running-score tooltip shows, `words` what a
    log line says (the title if empty)."""

    name: str
    title: str
    short: str
    words: str = ""
    module: str = ""  # "" for the base game, else the module that adds it

    @property
    def said(self) -> str:
        return self.words or self.title


@dataclass(frozen=True, slots=True)
class ModuleInfo:
    """A module a game's config may enable (`modules=(name, ...)`)."""

    name: str
    title: str
    text: str  # what it adds, in plain words


class GameDefinition(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[tuple[int, int]]  # fewest and most seats
    save_format: ClassVar[str]  # the "format" string of the game's save files
    save_version: ClassVar[int]  # the current save format version
    state_type: ClassVar[type[Record]]
    runner: ClassVar[type[Runner]]
    bot_levels: tuple[str, ...] = ("random",)

    @property
    def hidden(self) -> tuple[HiddenPart, ...]:
        """The game's hidden parts (engine.kernel.hidden); none by default."""
        return ()

    # --- config and setup ----------------------------------------------------------------------

    @abstractmethod
    def make_config(self, data: Mapping[str, Any]) -> Any:
        """A validated config object from its plain form (`config.to_dict()`); ValueError
        with a readable reason if it is not one."""

    @abstractmethod
    def new_game(self, config: Any) -> Runner:
        """Set the game up and run it to its first decision."""

    def options(self) -> Mapping[str, tuple[Any, str]]:
        """The config's named rules options: key -> (default, what it means in words)."""
        return {}

    def modules(self) -> Mapping[str, ModuleInfo]:
        """The modules this game knows (a config may enable any of them)."""
        return {}

    def module_mixes(self) -> list[tuple[str, ...]]:
        """Every combination of known modules, none first."""
        names = sorted(self.modules())
        return [combo for k in range(len(names) + 1)
                for combo in itertools.combinations(names, k)]

    def conformance_configs(self, modules: tuple[str, ...]) -> list[Any]:
        """A few short games for the conformance suite (tests/test_conformance.py)."""
        lo, hi = self.seats
        return [self.make_config({"players": n, "seed": 11 * n + 1, "modules": list(modules)})
                for n in sorted({lo, hi})]

    # --- scores, invariants ------------------------------------------------------------------

    def score_categories(self, modules: tuple[str, ...] = ()) -> tuple[ScoreCategory, ...]:
        return ()

    def scores(self, runner: Runner) -> list[dict[str, int]]:
        """Per seat, VP by category name (score_categories order); 'total' is their sum."""
        return []

    def invariants(self, runner: Runner) -> list[str]:
        """Violated invariants of the game's state (empty when all hold)."""
        return []

    # --- saves -------------------------------------------------------------------------------

    def upgraders(self) -> Mapping[int, Callable[[Doc], Doc]]:
        """Steps v -> v + 1 for older save versions."""
        return {}

    def check_document(self, doc: Doc) -> Any:
        """Game-specific checks of an (upgraded) save document; return its validated config.
        Raise ValueError with one readable sentence to refuse it."""
        return self.make_config(doc["config"])

    # --- bots --------------------------------------------------------------------------------

    def make_bot(self, level: str, seed: int = 0) -> Bot:
        if level.split("#", 1)[0] == "random":
            return RandomBot(seed)
        raise ValueError(f"unknown bot {level!r}; choose from {', '.join(self.bot_levels)}")

    def resample(self, view: Mapping[str, Any], seed: int) -> Runner:
        """A playable game consistent with a seat's view: every part hidden from that seat
        filled in from `seed` by its HiddenPart (the bots' determinization)."""
        d = hidden.resample(self.hidden, view, seed)
        g = self.runner.from_state(self.state_type.from_plain(d))
        g.undo_enabled = False
        g._run(g.context())
        return g


_REGISTRY: dict[str, GameDefinition] = {}


def register(defn: GameDefinition) -> GameDefinition:
    old = _REGISTRY.get(defn.id)
    if old is not None and type(old) is not type(defn):
        raise ValueError(f"a game with id {defn.id!r} is registered already")
    for other in _REGISTRY.values():
        if other.id != defn.id and other.save_format == defn.save_format:
            raise ValueError(f"save format {defn.save_format!r} is used by {other.id!r}")
    _REGISTRY[defn.id] = defn
    return defn


def get(game_id: str) -> GameDefinition:
    return _REGISTRY[game_id]


def definitions() -> list[GameDefinition]:
    """Every registered game, in registration order."""
    return list(_REGISTRY.values())


def by_format(fmt: str) -> GameDefinition | None:
    for d in _REGISTRY.values():
        if d.save_format == fmt:
            return d
    return None

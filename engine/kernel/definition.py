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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, runtime_checkable

from engine.kernel import hidden
from engine.kernel.bots import Bot, RandomBot
from engine.kernel.decisions import Decision
from engine.kernel.events import Event
from engine.kernel.fields import Record
from engine.kernel.hidden import HiddenPart
from engine.kernel.runner import Runner
from engine.kernel.summary import MAX_TEXT, SeatSummary, Summary

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


@runtime_checkable
class StyleCounter(Protocol):
    """Counts how each seat plays over one game (a tournament's style report): fed every
    choice (`note`, before it is applied) and its events (`add`)."""

    def note(self, runner: Runner, decision: Decision, choice_id: str) -> None: ...

    def add(self, events: Iterable[Event]) -> None: ...

    def result(self) -> dict[str, Any]:
        """Plain data for the game's result (per seat counters under "style", and any
        further keys the game's report reads)."""
        ...


class GameDefinition(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()  # more names the command line accepts
    role_word: ClassVar[str] = "role"  # what a seat plays, in words ("character", "country")
    # the game's folder name under assets/, saves/scenarios/, engine/ and game/ ("" = its id)
    folder: ClassVar[str] = ""
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

    def prepare(self) -> None:
        """Load what the game's first decision would (its catalog), ahead of time."""
        return None

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

    def config_for(self, players: int, seed: int, modules: tuple[str, ...] = (),
                   options: Mapping[str, Any] | None = None) -> Any:
        """The config of a game of `players` seats from `seed` (the command line's and the
        tournaments' games); ValueError with a readable reason if it is not one."""
        data: dict[str, Any] = {"players": players, "seed": seed, "modules": list(modules)}
        if options:
            data["options"] = dict(options)
        return self.make_config(data)

    # --- a game in progress, in words and numbers ------------------------------------------

    def turn(self, runner: Runner) -> int:
        """The game's turn (round) number, for logs, lists and reports."""
        return 0

    def turn_started(self, events: Iterable[Event]) -> bool:
        """Did these events start a new turn (invariant checks run "every turn")?"""
        return False

    def autosave_number(self, runner: Runner) -> int:
        """The number of the game's autosave file now (rising through the game; a later
        autosave with the same number replaces it): the turn by default."""
        return self.turn(runner)

    def roles(self, runner: Runner) -> list[str]:
        """Per seat, the catalog id of what the seat plays (a character, a country); "" if
        the game has no such thing."""
        return [""] * runner.state.n

    def role_name(self, role: str) -> str:
        """A role's name for players."""
        return role

    def describe(self, runner: Runner, event: Event) -> str:
        """One line of the game log for an event."""
        return type(event).__name__

    def public_ids(self, runner: Runner) -> set[str]:
        """Catalog ids that are public knowledge now although a hidden part may hold them too
        (a card shown face up, then kept in a pile whose order or holder is secret): the leak
        check (engine.kernel.leaks) does not count them."""
        return set()

    def minor_event(self, event: Event) -> bool:
        """Is this an event a terse log leaves out (every token's move...)?"""
        return False

    def winners(self, runner: Runner) -> list[int]:
        """The seats that win (ties share), by the game's own tiebreaks."""
        totals = [s.get("total", 0) for s in self.scores(runner)]
        best = max(totals, default=0)
        return [i for i, t in enumerate(totals) if t == best]

    def style(self, n: int) -> StyleCounter | None:
        """A counter of how each of `n` seats plays (tournaments' style report), or None."""
        return None

    def style_report(self, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The style counters of a tournament's results, per seat label."""
        return {}

    def style_table(self, report: Mapping[str, Any]) -> str:
        return ""

    def bot_stats(self, bots: list[Bot]) -> dict[str, Any]:
        """Per-game figures of the bots (a search's CPU cap firing...), plain data."""
        return {}

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

    def public_scores(self, runner: Runner) -> list[int]:
        """Per seat, the score everyone may see now (a list of saves shows it)."""
        return [s.get("total", 0) for s in self.scores(runner)]

    def summary_detail(self, runner: Runner) -> str:
        """A save's line of detail: the modules in play, in words."""
        titles = [m.title for name, m in self.modules().items()
                  if name in runner.config.get("modules", ())]
        if not titles:
            return ""
        joined = " and ".join(titles) if len(titles) < 3 else \
            ", ".join(titles[:-1]) + " and " + titles[-1]
        return f"with the {joined} module" + ("s" if len(titles) > 1 else "")

    def summary(self, runner: Runner, seats: Sequence[tuple[str, str]] = ()) -> Summary:
        """The save's summary header (engine.kernel.summary): `seats` are (name typed, bot
        level or "" for a person) per seat, as the front end knows them."""
        roles = self.roles(runner)
        scores = self.public_scores(runner)
        rows = []
        for i in range(runner.state.n):
            name, level = seats[i] if i < len(seats) else ("", "")
            role = self.role_name(roles[i]) if roles[i] else ""
            rows.append(SeatSummary((name or role or f"Player {i + 1}")[:MAX_TEXT],
                                    role[:MAX_TEXT], level[:MAX_TEXT],
                                    scores[i] if i < len(scores) else 0, roles[i][:MAX_TEXT]))
        over = runner.is_over
        return Summary(self.id, self.title[:MAX_TEXT], tuple(rows), self.turn(runner), over,
                       tuple(self.winners(runner)) if over else (),
                       self.summary_detail(runner)[:MAX_TEXT])

    def document_summary(self, doc: Doc) -> Summary:
        """A save document's summary for a list of saves, read without opening the game: its
        header (checked type-exactly); a game whose older files have none reads them from
        their snapshot. SummaryError if there is none to read."""
        return Summary.from_plain(doc.get("summary"))

    def save_schema(self) -> dict[str, Any]:
        """The save format's JSON Schema."""
        return {}

    def scenarios(self, out: Path) -> list[Path]:
        """(Re)generate the game's scenario saves in `out`; the files written."""
        return []

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
        filled in from `seed` by its HiddenPart (the bots' determinization), run to its
        decision WITHOUT applying a decision with a single choice: whether another seat's
        decision is forced can depend on what the viewer cannot see (Age of Reason: a
        committed card's cost decides whether buying an ally is affordable), and a guess that
        skipped it would no longer match the view. A guess that leaves the deciding seat no
        legal choice at all is redrawn (a few seeds), so a bot can always play on from it."""
        g: Runner | None = None
        for k in range(8):
            d = hidden.resample(self.hidden, view, seed + 7919 * k)
            g = self.runner.from_state(self.state_type.from_plain(d))
            g.undo_enabled = False
            g._auto = False
            g._run(g.context())
            g._auto = None
            if g.pending is None or g.pending.choices:
                return g
        assert g is not None
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


def find(name: str) -> GameDefinition | None:
    """A registered game by its id or one of its aliases."""
    for d in _REGISTRY.values():
        if name == d.id or name in d.aliases:
            return d
    return None


def definitions() -> list[GameDefinition]:
    """Every registered game, in registration order."""
    return list(_REGISTRY.values())


def by_format(fmt: str) -> GameDefinition | None:
    for d in _REGISTRY.values():
        if d.save_format == fmt:
            return d
    return None

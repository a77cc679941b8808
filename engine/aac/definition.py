"""An Age Contrived described to the kernel (engine.kernel.definition) and registered.

Setup, hidden information, scores, invariants, save checks and bots, each read from the
module that holds it; `AAC` is the registered instance and `Game.definition`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError

from engine.aac import events as ev
from engine.aac import hidden, scoring
from engine.aac.bots import BOT_LEVELS, make_bot, style
from engine.aac.config import RULES_OPTIONS, GameConfig
from engine.aac.core import Ctx
from engine.aac.data import rules
from engine.aac.game import Game, new_game
from engine.aac.invariants import check
from engine.aac.log import describe
from engine.aac.modules import MODULES
from engine.aac.persist import scenarios
from engine.aac.persist import upgrade as upgrade_mod
from engine.aac.persist.models import CURRENT_VERSION, FORMAT, SaveFile, first_error, schema
from engine.aac.persist.validate import Invalid, check_config, check_snapshot
from engine.aac.state import GameState
from engine.kernel.bots import Bot
from engine.kernel.definition import (
    GameDefinition,
    ModuleInfo,
    ScoreCategory,
    StyleCounter,
    register,
)
from engine.kernel.events import Event
from engine.kernel.hidden import HiddenPart
from engine.kernel.runner import Runner
from engine.kernel.saves import SaveError, short
from engine.kernel.summary import SeatSummary, Summary, SummaryError

Doc = dict[str, Any]


class AacDefinition(GameDefinition):
    id: ClassVar[str] = "aac"
    title: ClassVar[str] = "An Age Contrived"
    aliases: ClassVar[tuple[str, ...]] = ("an-age-contrived",)
    role_word: ClassVar[str] = "character"
    seats: ClassVar[tuple[int, int]] = (2, 5)
    save_format: ClassVar[str] = FORMAT
    save_version: ClassVar[int] = CURRENT_VERSION
    state_type: ClassVar[type[GameState]] = GameState
    runner: ClassVar[type[Runner]] = Game
    bot_levels = BOT_LEVELS

    @property
    def hidden(self) -> tuple[HiddenPart, ...]:
        return hidden.parts()

    def prepare(self) -> None:
        rules()

    def make_config(self, data: Mapping[str, Any]) -> GameConfig:
        cfg = GameConfig(**dict(data))
        cfg.validate()
        return cfg

    def new_game(self, config: Any) -> Game:
        return new_game(config)

    def options(self) -> Mapping[str, tuple[Any, str]]:
        return RULES_OPTIONS

    def modules(self) -> Mapping[str, ModuleInfo]:
        return {name: ModuleInfo(m.name, m.title, m.text) for name, m in MODULES.items()}

    def conformance_configs(self, modules: tuple[str, ...]) -> list[Any]:
        return [GameConfig(players=n, seed=31 + n, modules=tuple(modules),
                           expert_loading=n == 3) for n in (2, 3, 5)]

    # --- a game in progress, in words and numbers ------------------------------------------

    def turn(self, runner: Runner) -> int:
        return int(runner.state.turn)

    def turn_started(self, events: Iterable[Event]) -> bool:
        return any(isinstance(e, ev.TurnStarted) for e in events)

    def roles(self, runner: Runner) -> list[str]:
        return [p.character for p in runner.state.players]

    def role_name(self, role: str) -> str:
        return rules().names.get(role, role)

    def describe(self, runner: Runner, event: Event) -> str:
        assert isinstance(runner, Game)
        return describe(event, runner.rules, self.roles(runner))

    def public_scores(self, runner: Runner) -> list[int]:
        return list(runner.state.scores)  # the running score the table shows everyone

    def minor_event(self, event: Event) -> bool:
        return isinstance(event, ev.TokenMoved)

    def winners(self, runner: Runner) -> list[int]:
        assert isinstance(runner, Game)
        return list(runner.ranking()[0])

    def style(self, n: int) -> StyleCounter:
        return style.GameStyle(n)

    def style_report(self, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        return style.style_report(results)

    def style_table(self, report: Mapping[str, Any]) -> str:
        return style.style_table(report)

    def bot_stats(self, bots: list[Bot]) -> dict[str, Any]:
        # how often each seat's CPU-time safety cap cut a search short (0: reproducible);
        # decisions each seat's progress guard took over (engine.aac.bots.progress)
        return {"cap_fired": [int(getattr(b, "cap_fired", 0)) for b in bots],
                "guard": [int(getattr(getattr(b, "progress", None), "takeovers", 0))
                          for b in bots]}

    def score_categories(self, modules: tuple[str, ...] = ()) -> tuple[ScoreCategory, ...]:
        return scoring.categories(modules)

    def scores(self, runner: Runner) -> list[dict[str, int]]:
        assert isinstance(runner, Game)
        return [dict(b.parts, total=b.total) for b in runner.final_scores()]

    def invariants(self, runner: Runner) -> list[str]:
        assert isinstance(runner, Game)
        return check(Ctx(runner.state, runner.rules))

    def upgraders(self) -> Mapping[int, Callable[[Doc], Doc]]:
        return upgrade_mod.UPGRADERS  # read when asked: tests may register steps

    def document_summary(self, doc: Doc) -> Summary:
        """The header; a file written before headers (format 5 and older) is summed up from
        its snapshot: the characters, the turn, the running scores, the end."""
        if doc.get("summary") is not None:
            return super().document_summary(doc)
        snap, cfg = doc["snapshot"], doc["config"]
        players, turn, over = snap["players"], snap["turn"], snap["over"]
        if not isinstance(players, list) or not 2 <= len(players) <= 5 \
                or type(turn) is not int or not 0 <= turn <= 10**7 or type(over) is not bool:
            raise SummaryError("the snapshot does not say who plays and when")
        scores = snap["scores"]
        if not isinstance(scores, list) or len(scores) > len(players) or any(
                type(x) is not int or not 0 <= x <= 1000 for x in scores):
            raise SummaryError("the snapshot's scores are not scores")
        names = rules().names
        seats = []
        for i, p in enumerate(players):
            ch = p["character"]
            if not isinstance(ch, str) or ch and ch not in rules().characters:
                raise SummaryError("the snapshot names an unknown character")
            role = names[ch] if ch else ""
            seats.append(SeatSummary(role or f"Player {i + 1}", role, "",
                                     scores[i] if i < len(scores) else 0, ch))
        mods = cfg.get("modules", []) if isinstance(cfg, dict) else []
        titles = [MODULES[m].title for m in mods if isinstance(m, str) and m in MODULES]
        detail = f"with the {' and '.join(titles)} module{'s' if len(titles) > 1 else ''}" \
            if titles else ""
        return Summary(self.id, self.title, tuple(seats), turn, over, (), detail)

    def save_schema(self) -> dict[str, Any]:
        return schema()

    def scenarios(self, out: Path) -> list[Path]:
        return scenarios.generate(out)

    def check_document(self, doc: Doc) -> GameConfig:
        """The save format's schema (persist.models), then the catalog's and the rules'
        checks (persist.validate)."""
        try:
            model = SaveFile.model_validate(doc)
        except ValidationError as exc:
            raise SaveError(f"This save file is damaged: {first_error(exc)}.") from exc
        r = rules()
        try:
            cfg = self.make_config(model.config.model_dump())
            check_config(cfg, r)
        except ValueError as exc:  # GameConfig.validate's and check_config's own sentences
            raise SaveError(f"This save file's game settings are invalid: {exc}.") from exc
        try:
            check_snapshot(doc["snapshot"], r)
        except Invalid as exc:
            raise SaveError(f"This save file is inconsistent: {exc}.") from exc
        except (ArithmeticError, LookupError, TypeError, ValueError) as exc:
            raise SaveError("This save file is inconsistent: its game cannot be rebuilt.",
                            short(exc)) from exc
        if (cfg.players != model.snapshot.n or model.seed != model.snapshot.seed
                or cfg.modules != tuple(model.snapshot.modules)):
            raise SaveError("This save file is inconsistent: its config and snapshot disagree.")
        return cfg

    def make_bot(self, level: str, seed: int = 0) -> Bot:
        return make_bot(level, seed)


AAC = register(AacDefinition())
Game.definition = AAC

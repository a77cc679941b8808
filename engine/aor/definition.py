"""Age of Reason described to the kernel (engine.kernel.definition) and registered."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError

from engine.aor import events as ev
from engine.aor import hidden, names
from engine.aor.bots import BOT_LEVELS, make_bot, style
from engine.aor.catalog import tables
from engine.aor.config import RULES_OPTIONS, SEATS, AorConfig
from engine.aor.game import Game, new_game
from engine.aor.invariants import check
from engine.aor.log import describe
from engine.aor.persist.models import (
    CURRENT_VERSION,
    FORMAT,
    GAME_ID,
    SaveFile,
    first_error,
    schema,
)
from engine.aor.persist.scenarios import write_all
from engine.aor.persist.upgrade import UPGRADERS
from engine.aor.persist.validate import Invalid, check_config, check_snapshot
from engine.aor.scoring import categories
from engine.aor.state import State
from engine.kernel.bots import Bot
from engine.kernel.definition import GameDefinition, ScoreCategory, StyleCounter, register
from engine.kernel.events import Event
from engine.kernel.hidden import HiddenPart
from engine.kernel.runner import Runner
from engine.kernel.saves import SaveError

Doc = dict[str, Any]


class AorDefinition(GameDefinition):
    id: ClassVar[str] = GAME_ID
    title: ClassVar[str] = "Age of Reason"
    aliases: ClassVar[tuple[str, ...]] = ("aor",)
    folder: ClassVar[str] = "aor"
    role_word: ClassVar[str] = "country"
    seats: ClassVar[tuple[int, int]] = SEATS
    save_format: ClassVar[str] = FORMAT
    save_version: ClassVar[int] = CURRENT_VERSION
    state_type: ClassVar[type[State]] = State
    runner: ClassVar[type[Runner]] = Game
    bot_levels = BOT_LEVELS

    @property
    def hidden(self) -> tuple[HiddenPart, ...]:
        return hidden.PARTS

    def prepare(self) -> None:
        tables()

    def make_config(self, data: Mapping[str, Any]) -> AorConfig:
        return AorConfig.from_dict(data)

    def new_game(self, config: Any) -> Game:
        return new_game(config)

    def options(self) -> Mapping[str, tuple[Any, str]]:
        return RULES_OPTIONS

    def conformance_configs(self, modules: tuple[str, ...]) -> list[Any]:
        return [AorConfig(players=2, seed=5),
                AorConfig(players=4, seed=9, country_selection="choice",
                          options={"explicit_stay_out": True}),
                AorConfig(players=5, seed=12, options={
                    "reroll_own_dice_only": True, "trading_choose_one_area": True,
                    "war_office_one_segment": True, "seventh_disc_on_7": True,
                    "blank_conversion_discarded": True, "vp_may_go_negative": True}),
                AorConfig(players=7, seed=3, random_first_alliances=True)]

    # --- a game in progress, in words and numbers ------------------------------------------

    def turn(self, runner: Runner) -> int:
        return int(runner.state.turn)

    def turn_started(self, events: Iterable[Event]) -> bool:
        return any(isinstance(e, ev.TurnStarted | ev.SegmentStarted) for e in events)

    def autosave_number(self, runner: Runner) -> int:
        return int(runner.state.turn) * 10 + int(runner.state.segment)  # one per segment

    def roles(self, runner: Runner) -> list[str]:
        t = tables()
        return [t.countries[p.country] if p.country >= 0 else ""
                for p in runner.state.players]

    def role_name(self, role: str) -> str:
        return names.country_by_id(tables(), role)

    def describe(self, runner: Runner, event: Event, names: Sequence[str] = ()) -> str:
        assert isinstance(runner, Game)
        del names  # no front end types names for this game yet: its countries call the seats
        return describe(event, runner.t, [p.country for p in runner.state.players])

    def public_ids(self, runner: Runner) -> set[str]:
        # cards turned face up this turn (O29, O31): public although a discard pile (or, after
        # Militias or Pressgangs, a hand) may hold them again
        return {c for p in runner.state.players for c in p.shown}

    def winners(self, runner: Runner) -> list[int]:
        assert isinstance(runner, Game)
        return list(runner.ranking()[0])

    def save_schema(self) -> dict[str, Any]:
        return schema()

    def scenarios(self, out: Path) -> list[Path]:
        return write_all(out)

    def score_categories(self, modules: tuple[str, ...] = ()) -> tuple[ScoreCategory, ...]:
        return categories(tables().turns)

    def scores(self, runner: Runner) -> list[dict[str, int]]:
        return [dict(p.score, total=p.vp) for p in runner.state.players]

    def invariants(self, runner: Runner) -> list[str]:
        assert isinstance(runner, Game)
        return check(runner.t, runner.state)

    def upgraders(self) -> Mapping[int, Callable[[Doc], Doc]]:
        return UPGRADERS

    def check_document(self, doc: Doc) -> AorConfig:
        """The save format's schema (persist.models), then the catalog's and the rules'
        checks (persist.validate)."""
        try:
            model = SaveFile.model_validate(doc)
        except ValidationError as exc:
            raise SaveError(f"This save file is damaged: {first_error(exc)}.") from exc
        t = tables()
        try:
            cfg = self.make_config(model.config.model_dump())
            check_config(cfg, t)
            check_snapshot(doc["snapshot"], t)
        except (Invalid, ValueError, TypeError) as exc:
            raise SaveError(f"This save file is inconsistent: {exc}.") from exc
        snap = model.snapshot
        opts = cfg.rules_options()
        opts["random_first_alliances"] = cfg.random_first_alliances
        if cfg.players != snap.n or model.seed != snap.seed or opts != snap.options:
            raise SaveError("This save file is inconsistent: its config and snapshot disagree.")
        return cfg

    # --- bots --------------------------------------------------------------------------------

    def make_bot(self, level: str, seed: int = 0) -> Bot:
        return make_bot(level, seed)

    def style(self, n: int) -> StyleCounter:
        return style.StyleCounter(n)

    def style_report(self, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        return style.style_report(results)

    def style_table(self, report: Mapping[str, Any]) -> str:
        return style.style_table(report)

    def bot_stats(self, bots: list[Bot]) -> dict[str, Any]:
        # searches the CPU-time safety cap cut short, and the search work done, per seat
        return {"cap_fired": [int(getattr(b, "cap_fired", 0)) for b in bots],
                "nodes": [int(getattr(b, "nodes", 0)) for b in bots]}


AOR = register(AorDefinition())
Game.definition = AOR

"""Age of Reason described to the kernel (engine.kernel.definition) and registered."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pydantic import ValidationError

from engine.aor import hidden
from engine.aor.catalog import tables
from engine.aor.config import RULES_OPTIONS, SEATS, AorConfig
from engine.aor.game import Game, new_game
from engine.aor.invariants import check
from engine.aor.persist.models import CURRENT_VERSION, FORMAT, GAME_ID, SaveFile, first_error
from engine.aor.persist.upgrade import UPGRADERS
from engine.aor.persist.validate import Invalid, check_config, check_snapshot
from engine.aor.scoring import categories
from engine.aor.state import State
from engine.kernel import hidden as kernel_hidden
from engine.kernel.definition import GameDefinition, ScoreCategory, register
from engine.kernel.hidden import HiddenPart
from engine.kernel.runner import Runner
from engine.kernel.saves import SaveError

Doc = dict[str, Any]


class AorDefinition(GameDefinition):
    id: ClassVar[str] = GAME_ID
    title: ClassVar[str] = "Age of Reason"
    seats: ClassVar[tuple[int, int]] = SEATS
    save_format: ClassVar[str] = FORMAT
    save_version: ClassVar[int] = CURRENT_VERSION
    state_type: ClassVar[type[State]] = State
    runner: ClassVar[type[Runner]] = Game
    bot_levels = ("random",)

    @property
    def hidden(self) -> tuple[HiddenPart, ...]:
        return hidden.PARTS

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

    def score_categories(self, modules: tuple[str, ...] = ()) -> tuple[ScoreCategory, ...]:
        return categories(tables().turns)

    def scores(self, runner: Runner) -> list[dict[str, int]]:
        return [dict(p.score, total=p.vp) for p in runner.state.players]

    def invariants(self, runner: Runner) -> list[str]:
        assert isinstance(runner, Game)
        return check(runner.t, runner.state)

    def resample(self, view: Mapping[str, Any], seed: int) -> Runner:
        """The kernel's determinization (hidden parts filled from `seed`), run to its
        decision WITHOUT applying a forced one: whether another seat's decision is forced
        can depend on what the viewer cannot see (a committed card's cost decides whether
        "buy a non-player ally" is affordable), and a resampled game that skipped it would no
        longer match the view. A guess that leaves that seat no legal choice at all is
        redrawn (a few seeds), so a bot can always play on from it."""
        g: Runner | None = None
        for k in range(8):
            d = kernel_hidden.resample(self.hidden, view, seed + 7919 * k)
            g = self.runner.from_state(self.state_type.from_plain(d))
            g.undo_enabled = False
            g._auto = False
            g._run(g.context())
            g._auto = None
            if g.pending is None or g.pending.choices:
                return g
        assert g is not None
        return g

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


AOR = register(AorDefinition())
Game.definition = AOR

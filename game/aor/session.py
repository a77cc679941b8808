"""Age of Reason's session: the shell's session with each seat's country colour and mark,
and new games from a set-up (or a mid-game position for tools and tests)."""

from __future__ import annotations

from typing import Any

from engine.aor.api import RULES_OPTION_TITLES, RULES_OPTIONS, AorConfig, Game, new_game
from game.aor import look
from game.shell import theme
from game.shell.session import SeatSpec, Session


class AorSession(Session):
    game: Game

    @classmethod
    def new(cls, seats: list[SeatSpec], seed: int, options: dict[str, bool] | None = None,
            random_first_alliances: bool = False) -> AorSession:
        chosen = [s.character for s in seats]
        cfg = AorConfig(players=len(seats), seed=seed,
                        countries=tuple(chosen) if any(chosen) else None,
                        country_selection="random", options=dict(options or {}),
                        random_first_alliances=random_first_alliances)
        return cls(new_game(cfg), seats, seed)

    @classmethod
    def mid_game(cls, seed: int, players: int, moves: int, humans: int = 1) -> AorSession:
        """A position reached by `moves` random legal choices from a fresh game, then on to a
        decision of a person (so the table shows highlighted targets)."""
        seats = [SeatSpec(human=i < humans) for i in range(players)]
        s = cls.new(seats, seed)
        s.play_random(seed, moves, 3000 if humans and moves else 0)
        return s

    def country(self, seat: int) -> int:
        p = self.game.state.players
        return p[seat].country if 0 <= seat < len(p) else -1

    def colour(self, seat: int) -> theme.Colour:
        c = self.country(seat)
        return look.colour(c) if c >= 0 else super().colour(seat)

    def shape(self, seat: int) -> str:
        c = self.country(seat)
        return look.mark(c) if c >= 0 else super().shape(seat)

    def options_words(self) -> list[str]:
        """The rules options of this game that differ from the defaults, by title."""
        opts: dict[str, Any] = self.game.state.options
        return [RULES_OPTION_TITLES[k] for k, (d, _) in RULES_OPTIONS.items()
                if bool(opts.get(k, d)) != d]

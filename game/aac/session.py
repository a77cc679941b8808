"""An Age Contrived's session: the shell's session with the catalog at hand (the table reads
its rules and characters), the characters' colours, and new games from a set-up."""

from __future__ import annotations

from typing import Any

from engine.aac.api import Choice, Decision, Game, GameConfig, Rules, new_game
from game.shell import theme
from game.shell.session import SeatSpec, Session

TURN_END = ("action", "end")  # (decision kind, choice id): an Actions turn ends (R6.4)


class AacSession(Session):
    game: Game

    def __init__(self, game: Game, seats: list[SeatSpec], bot_seed: int = 0) -> None:
        self.rules: Rules = game.rules
        super().__init__(game, seats, bot_seed)

    def forced_line(self, d: Decision, ch: Choice) -> str:
        """The log's line for a decision the rules made: an Actions turn that ends by
        itself says why (R6.4), any other the only answer there was."""
        if (d.kind, ch.id) == TURN_END:
            return f"{self.name(d.seat)}: the turn ends, no bottom-row energy is left to spend."
        return super().forced_line(d, ch)

    @classmethod
    def new(cls, seats: list[SeatSpec], seed: int, options: dict[str, Any] | None = None,
            expert_loading: bool = False, modules: tuple[str, ...] = ()) -> AacSession:
        chars = [s.character for s in seats]
        cfg = GameConfig(players=len(seats), seed=seed,
                         characters=chars if any(chars) else None, options=options or {},
                         expert_loading=expert_loading, modules=modules)
        return cls(new_game(cfg), seats, seed)

    @classmethod
    def mid_game(cls, seed: int, players: int, moves: int, humans: int = 1) -> AacSession:
        """A position reached by playing `moves` random legal choices from a fresh game."""
        seats = [SeatSpec(human=i < humans) for i in range(players)]
        s = cls.new(seats, seed)
        # stop where a human decides (so the table shows highlighted targets)
        s.play_random(seed, moves, 2000 if humans and moves else 0,
                      lambda d: any(c.targets for c in d.choices))
        return s

    # --- seats ---------------------------------------------------------------------------------
    @property
    def characters(self) -> list[str]:
        return [p.character for p in self.game.state.players]

    def character_name(self, seat: int) -> str:
        ch = self.characters[seat] if seat < len(self.characters) else ""
        return self.rules.names.get(ch, f"Player {seat + 1}") if ch else f"Player {seat + 1}"

    def colour(self, seat: int) -> theme.Colour:
        ch = self.rules.characters.get(self.characters[seat]) if seat < len(
            self.characters) else None
        if ch is not None:
            return theme.hex_colour(ch.colour_hex)
        return super().colour(seat)

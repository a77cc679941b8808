"""Every seat's score turn by turn (R24's "score if the game ended now" at each turn start),
rebuilt by replaying the game's choices: it works for games loaded from a save too."""

from __future__ import annotations

from engine.aac.api import Game, GameConfig, new_game
from engine.aac.api import events as ev


def score_history(game: Game) -> list[list[int]]:
    """[turn index][seat] scores: at the start of every turn, then the final scores."""
    cfg = GameConfig(**game.config) if game.config else None
    if cfg is None:
        return []
    g = new_game(cfg)
    g.undo_enabled = False
    rows: list[list[int]] = []
    for cid in game.history:
        for e in g.choose(cid):
            if isinstance(e, ev.TurnStarted) and e.turn > 1:
                rows.append(list(g.state.scores))
    rows.append([b.total for b in game.final_scores()])
    return rows

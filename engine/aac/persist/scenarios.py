"""Scenario saves (saves/scenarios/): real positions found by seeded random play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.aac.bots import make_bot
from engine.aac.bots.guard import StallWatch, progress_key
from engine.aac.config import GameConfig
from engine.aac.core import Ctx
from engine.aac.game import Game, new_game
from engine.aac.persist.io import save_game
from engine.aac.state import EMPTY
from engine.kernel.bots import RandomBot


def _chain_pending(g: Game) -> bool:
    """A Compass is being placed and one of its destinations completes another section."""
    d = g.pending
    if d is None or d.kind != "compass":
        return False
    for c in d.choices:
        if c.data is None:
            continue
        dst = c.data[0]
        if dst.startswith("section:"):
            mon = dst[8:].rsplit(":", 1)[0]
            if sum(1 for x in g.state.monuments[mon].spaces if x == EMPTY) == 1:
                return True
    return False


def _last_round(g: Game) -> bool:
    return g.state.end_triggered and not g.state.over and g.pending is not None and (
        g.pending.kind == "turn_type")


def find(players: int, want: Callable[[Game], bool], seed0: int, tries: int = 200) -> Game:
    for k in range(tries):
        seed = seed0 + k
        g = new_game(GameConfig(players=players, seed=seed))
        g.undo_enabled = False
        bot = RandomBot(seed)
        while not g.is_over:
            if want(g):
                return g
            d = g.pending
            assert d is not None
            g.choose(bot.choose(None, d))
    raise RuntimeError("no such position found")


def stalled(players: int = 2, seed: int = 5_000_024, quiet_turns: int = 20) -> Game:
    """A late position where nobody can build without spending Tile Pool energy: hard bots
    that never notice a stall (engine.aac.bots.guard.StallWatch switched off) pass back and forth
    from turn ~50 of this seed. Returned once no monument space was filled for quiet_turns."""
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    bots = [make_bot("hard", seed * 7 + 101 * k + 13) for k in range(players)]
    for b in bots:
        b.watch = StallWatch(turns_per_seat=10**9)  # type: ignore[attr-defined]
    key, since = None, 0
    while not g.is_over and g.state.turn < 400:
        d = g.pending
        assert d is not None
        g.choose(bots[d.seat].choose(g.view(d.seat), d))
        k = progress_key(g.view(0))
        if k != key:
            key, since = k, g.state.turn
        elif g.state.turn - since >= quiet_turns and key[0] <= 3 and g.pending is not None and (
                g.pending.kind == "turn_type"):
            return g
    raise RuntimeError("the stall did not happen (bot behaviour changed): pick another seed")


def generate(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for players in (2, 4):
        g = new_game(GameConfig(players=players, seed=100 + players))
        made.append(save_game(g, out / f"start-{players}p.json",
                              note=f"start of a {players}-player game"))
    g = find(3, _chain_pending, 1)
    made.append(save_game(g, out / "compass-chain-3p.json",
                          note="a Compass activation can complete another section (R15.6)"))
    g = find(4, _last_round, 1)
    made.append(save_game(g, out / "last-round-4p.json",
                          note="the final round: every monument is built (R23.2)"))
    g = stalled()
    made.append(save_game(g, out / "stalled-2p.json",
                          note="late game, both seats' energy parked in the Tile Pool (R24.6); "
                               "bots must notice the stall and build (R23.1)"))
    assert all(Ctx(x.state, x.rules) for x in [g])
    return made

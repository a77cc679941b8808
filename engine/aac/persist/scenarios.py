"""Scenario saves (saves/scenarios/aac/): real positions found by seeded play (easy bots, so that
a position looks like a game people play: the turn a random game reaches is no guide)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from engine.aac import tutorial_plan as tp
from engine.aac.bots import make_bot
from engine.aac.bots.guard import StallWatch, progress_key
from engine.aac.bots.progress import ProgressGuard
from engine.aac.config import GameConfig
from engine.aac.core import Ctx
from engine.aac.game import Game, new_game
from engine.aac.persist.io import save_game
from engine.aac.state import EMPTY


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


def bot_decisions(players: int, seed: int, level: str = "easy",
                  modules: tuple[str, ...] = ()) -> Iterator[tuple[Game, str]]:
    """A seeded game of `level` bots (one per seat): each decision as (the game, the choice the
    bot makes there), yielded before the choice is played."""
    g = new_game(GameConfig(players=players, seed=seed, modules=modules))
    g.undo_enabled = False
    bots = [make_bot(level, seed * 7 + 1 + i) for i in range(players)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        cid = bots[d.seat].choose(g.view(d.seat), d)
        yield g, cid
        g.choose(cid)


def find(players: int, want: Callable[[Game], bool], seed0: int, tries: int = 200,
         level: str = "easy") -> Game:
    """The first position `want` accepts in seeded games of `level` bots (one per seat)."""
    for seed in range(seed0, seed0 + tries):
        for g, _ in bot_decisions(players, seed, level):
            if want(g):
                return g
    raise RuntimeError("no such position found")


def stalled(players: int = 2, seed: int = 5_000_034, quiet_turns: int = 20) -> Game:
    """A late position where nobody can build without spending Tile Pool energy: hard bots
    that never notice a stall (engine.aac.bots.guard.StallWatch and the progress guard switched
    off) pass back and forth
    from turn ~50 of this seed. Returned once no monument space was filled for quiet_turns."""
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    bots = [make_bot("hard", seed * 7 + 101 * k + 13) for k in range(players)]
    for b in bots:  # nor the progress guard (engine.aac.bots.progress) that would end it
        b.watch = StallWatch(turns_per_seat=10**9)  # type: ignore[attr-defined]
        b.progress = ProgressGuard(turns=10**9)  # type: ignore[attr-defined]
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


# --- the tutorial's start (game/aac/tutorial): one seeded 2-player game against an easy bot --
# The tutorial is one continuous game from this position (engine.aac.tutorial_plan says how
# its lessons play): the learner's first turn is an Advance, the second an Actions turn that
# completes the first section of the monument with the Bridge Bonus Tile and claims a tile,
# and that section's resolution scores (binding, an Achievement, the bridge, a power).
TUTORIAL_CHARACTERS = ("aureon", "freyith")  # seat 0 is the learner, seat 1 the easy bot
TUTORIAL_SEED = 236  # the first seed tried (the search below finds it at once)


def tutorial_start(g: Game) -> bool:
    """Does the tutorial's whole arc fit this game, at the learner's first "Advance or
    Actions?" (R3.4: the learner starts)? A Tile Pool tile that makes an Achievement
    (`achievement_icon`); the learner's first Advance, then the easy bot's turn (its seed is
    the tutorial's), then a second turn that completes the section of the monument with the
    Bridge Bonus Tile and claims that tile (`completion_turn`)."""
    d = g.pending
    if d is None or d.seat != tp.LEARNER or d.kind != "turn_type" or g.state.turn != 1:
        return False
    monument = tp.bridge_monument(g)
    if not monument or not tp.achievement_icon(g):
        return False
    slot1 = g.state.pool[0]
    h = g.clone()
    for cid in tp.first_advance(h):
        h.choose(cid)
    bot = make_bot("easy", tp.TUTORIAL_BOT_SEED * 31 + 1)
    while h.pending is not None and h.pending.seat != tp.LEARNER:
        dec = h.pending
        h.choose(bot.choose(h.view(dec.seat), dec))
    if h.state.pool[:1] != [slot1] or h.state.monuments[monument].completed:
        return False
    return tp.completion_turn(h, monument, slot1) is not None


def tutorial_games(seed0: int = TUTORIAL_SEED, tries: int = 200) -> list[tuple[str, Game]]:
    """The tutorial's start: the first seeded game (from seed0; easy bots play the set-up)
    where the learner starts and `tutorial_start` holds."""
    for seed in range(seed0, seed0 + tries):
        g = new_game(GameConfig(players=2, seed=seed, characters=list(TUTORIAL_CHARACTERS)))
        g.undo_enabled = False
        if g.state.start_player != tp.LEARNER:
            continue
        bots = [make_bot("easy", seed * 7 + 1 + k) for k in range(2)]
        while g.pending is not None and g.pending.kind != "turn_type":  # the set-up (R3)
            d = g.pending
            g.choose(bots[d.seat].choose(g.view(d.seat), d))
        if tutorial_start(g):
            return [("tutorial-2p.json", g)]
    raise RuntimeError("no game fits the tutorial: pick another seed")


def tutorial(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    return [save_game(g, out / name, note="the tutorial: one game from its first turn (R4-R24)")
            for name, g in tutorial_games()]


def starts_shrine_completion(g: Game, cid: str) -> bool:
    return any(type(e).__name__ == "ShrineCompletionStarted" for e in g.clone().choose(cid))


def shrine_completion(players: int = 3, seed0: int = 1, tries: int = 50,
                      level: str = "easy") -> Game:
    """Both modules, seeded games of `level` bots: the active player's decision whose choice
    (the bot's own) ends the turn into a Shrine completion (R27.5.1), with the Shrine supply
    still full (R27.5.2 A)."""
    for seed in range(seed0, seed0 + tries):
        for g, cid in bot_decisions(players, seed, level, ("folklore", "pilgrimage")):
            d = g.pending
            assert d is not None
            if (d.seat == g.state.active and len(g.state.ext["pilgrimage"]["supply"]) == 8
                    and starts_shrine_completion(g, cid)):
                return g
    raise RuntimeError("no Shrine completion found: pick other seeds")


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
                          note="late game: both seats' energy sits in their Tile Pools (R24.6), "
                               "and two sections are left to build (R23.1)"))
    assert all(Ctx(x.state, x.rules) for x in [g])
    made += tutorial(out)
    made.append(save_shrine_completion(out))
    return made


def save_shrine_completion(out: Path) -> Path:
    return save_game(shrine_completion(), out / "shrine-completion-3p.json",
                     note="both modules: a Shrine completion is about to resolve (R27.5)")

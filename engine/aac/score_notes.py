"""Why a score changed: the per-category parts and causes of `events.ScoreChanged`.

The rules keep only each seat's total (GameState.scores, updated at the end of every turn,
R24 "as if the game ended now"). To say *why* a total changed, a `Game` keeps `ScoreNotes`
beside its state: the last score snapshot of every seat and the scoring-relevant energy moves
of the current turn (appended by `core.move_energy`). This is presentation memory only:
the rules never read it, it is never saved (a save's verifying replay rebuilds it), and games
cloned for bots have none (`Ctx.notes is None`), so bots pay nothing for it.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.aac import names as nw
from engine.aac.core import Ctx, figure_value_in_pool
from engine.aac.events import ScorePart
from engine.aac.scoring import ScoreBreakdown, score_player
from engine.aac.state import FIGURE_IN_POOL

# (decision number, seat, energy type, src, dst, reason) of one move that can change a score
Move = tuple[int, int, int, str, str, str]


class ScoreSnapshot(NamedTuple):
    """A seat's score by category plus the few counts the causes are told from (energy moves
    tell the rest: every bound, pillar, achievement and Tile Pool change is a move)."""

    parts: tuple[tuple[str, int], ...]  # (category, VP), the game's category order
    rows: int  # reserve rows fully freed
    figure: int  # VP of the seat's figure standing in the Tile Pool (Valimod)
    bridge3: str  # where the tier-III bridge token is

    @property
    def total(self) -> int:
        return sum([v for _, v in self.parts])

    def vp(self, cat: str) -> int:
        for k, v in self.parts:
            if k == cat:
                return v
        return 0


ZERO = ScoreSnapshot((), 0, 0, "board")  # every category 0


class ScoreNotes:
    """Per game: the snapshot matching each seat's GameState.scores entry, and this turn's
    scoring-relevant moves."""

    __slots__ = ("last", "moves")

    def __init__(self) -> None:
        self.last: dict[int, ScoreSnapshot] = {}
        self.moves: list[Move] = []

    def rewind(self, decisions: int) -> None:
        """Forget moves made by decisions after `decisions` (Game.undo)."""
        self.moves = [m for m in self.moves if m[0] <= decisions]

    def seed(self, ctx: Ctx) -> None:
        """After loading a state: remember the seats whose total is up to date."""
        s = ctx.s
        from_scores = s.scores
        for seat in range(s.n):
            if seat < len(from_scores) and not s.score_dirty >> seat & 1:
                b = score_player(ctx, seat)
                if b.total == from_scores[seat]:
                    self.last[seat] = snapshot(ctx, seat, b)


def snapshot(ctx: Ctx, seat: int, b: ScoreBreakdown) -> ScoreSnapshot:
    p = ctx.s.players[seat]
    res = p.reserve
    return ScoreSnapshot(
        b.parts,
        (res[0] == 0) + (res[1] == 0) + (res[2] == 0) + (res[3] == 0),
        figure_value_in_pool(ctx, seat) if p.figure == FIGURE_IN_POOL else 0,
        p.bridge_loc[2],
    )


_OUT_OF_POOL = {
    "paid for a tile": "energy paid for a tile",
    "running out": "energy taken from the Tile Pool (Running Out)",
    "repositioned": "energy repositioned out of the Tile Pool",
}
_INTO_POOL = {
    "deposit": "energy deposited in the Tile Pool",
    "interest": "interest paid into the Tile Pool",
    "setup": "energy put in the Tile Pool at set-up",
    "deployed": "energy deployed to the Tile Pool",
    "repositioned": "energy repositioned into the Tile Pool",
    "Compass activated": "an activated Compass placed in the Tile Pool",
}


def _count(phrases: list[str]) -> str:
    out = []
    for ph in dict.fromkeys(phrases):
        n = phrases.count(ph)
        out.append(ph if n == 1 else f"{ph} (×{n})")
    return ", ".join(out)


def _why(reason: str) -> str:
    return " (Running Out)" if reason == "running out" else ""


def _cause(ctx: Ctx, cat: str, a: ScoreSnapshot, b: ScoreSnapshot, moves: list[Move]) -> str:
    r = ctx.r
    if cat == "tile_pool":
        ph = [_OUT_OF_POOL.get(m[5], "energy left the Tile Pool") for m in moves if m[3] == "shop"]
        ph += [_INTO_POOL.get(m[5], "energy added to the Tile Pool") for m in moves
               if m[4] == "shop"]
        if b.figure != a.figure:
            ph.append("your figure " + ("entered" if b.figure > a.figure else "left")
                      + " the Tile Pool")
        more = b.vp("tile_pool") > a.vp("tile_pool")
        return _count(ph) or ("more" if more else "less") + " energy in the Tile Pool"

    if cat == "reserve":
        n = b.rows - a.rows
        if n > 0:
            return "a reserve row fully freed" if n == 1 else f"{n} reserve rows fully freed"
        return "reserve rows changed"
    if cat == "monuments":
        ph = []
        for m in moves:
            if m[4].startswith("bound:"):
                ph.append(f"{nw.energy(m[2])} bound at "
                          f"{nw.monument_of_region(r, m[4][6:])}{_why(m[5])}")
            elif m[3].startswith("bound:"):
                ph.append(f"{nw.energy(m[2])} left the bound area of "
                          f"{nw.monument_of_region(r, m[3][6:])}{_why(m[5])}")
        return _count(ph) or "bound energy changed"
    if cat == "pillars":
        ph = []
        for m in moves:
            if m[4].startswith("pillar:"):
                ph.append(f"{nw.energy(m[2])} bound on {nw.pillar(r, m[4][7:])}{_why(m[5])}")
            elif m[3].startswith("pillar:"):
                ph.append(f"{nw.energy(m[2])} left {nw.pillar(r, m[3][7:])}{_why(m[5])}")
        return _count(ph) or "energy on the Pillars changed"
    if cat == "achievements":
        ph = []
        for m in moves:
            if m[4].startswith("achievement:"):
                aid, _, col = m[4][12:].partition(":")
                ph.append(f"claimed {r.names.get(aid, 'an achievement')} ({col} column)")
        if not ph:
            more = b.vp("achievements") > a.vp("achievements")
            ph.append("the multiplier column counts " + ("more" if more else "less")
                      + " energy bound to the board")
        return _count(ph)
    if cat == "bridge":
        if b.bridge3 != a.bridge3 and b.bridge3 not in ("board", "box"):
            return f"Bridge Token III placed on {nw.space(r, b.bridge3)}"
        if b.bridge3 in ("board", "box"):
            return "Bridge Token III left the map"
        return "what Bridge Token III counts at the end changed"
    return ""


def explain(ctx: Ctx, seat: int, a: ScoreSnapshot, b: ScoreSnapshot,
            moves: list[Move]) -> tuple[ScorePart, ...]:
    """The categories that changed from `a` to `b`, each with a cause in words."""
    mine = [m for m in moves if m[1] == seat]
    out = []
    before = dict(a.parts)
    for cat, new in b.parts:
        old = before.get(cat, 0)
        if old != new:
            out.append(ScorePart(cat, old, new, _cause(ctx, cat, a, b, mine)))
    return tuple(out)

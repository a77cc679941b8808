"""Victory points (R11) and the winner (R13): area scoring with dense ranks and NPC blocking,
the score categories a results table shows, and the ranking with its tie-breaks.
"""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor.catalog import Tables
from engine.aor.core import Ctx, map_discs
from engine.aor.state import State
from engine.kernel.definition import ScoreCategory


def categories(turns: int = 3) -> tuple[ScoreCategory, ...]:
    """VP by source: areas scored in each turn, Empire-marker rewards, unrest losses."""
    out = [ScoreCategory(f"areas_{k}", f"Areas, turn {k}", f"turn {k}", f"areas in turn {k}")
           for k in range(1, turns + 1)]
    out.append(ScoreCategory("markers", "Empire markers", "markers",
                             "Empire markers conquered"))
    out.append(ScoreCategory("unrest", "Unrest", "unrest", "lost to unrest"))
    return tuple(out)


def empty_score(turns: int) -> dict[str, int]:
    return {c.name: 0 for c in categories(turns)}


def rank_area(t: Tables, s: State, area: int) -> list[tuple[int, int, int, int]]:
    """R11.1-R11.3: (country, discs, rank, VP) for every country with a disc in the area,
    most discs first; equal counts share a rank, the next count takes the next rank (dense);
    rank r scores the area's r-th value; an NPC holds its rank and scores nothing."""
    row = s.discs[area]
    present = sorted((c for c in range(len(row)) if row[c] > 0), key=lambda c: (-row[c], c))
    counts = sorted({row[c] for c in present}, reverse=True)
    values = t.vp[area]
    out = []
    for c in present:
        r = counts.index(row[c]) + 1
        vp = values[r - 1] if r <= len(values) and s.seat_of[c] >= 0 else 0
        out.append((c, row[c], r, vp))
    return out


def score_areas(ctx: Ctx) -> None:
    """R11.1, R11.6: every area in catalog order, every turn."""
    s, t = ctx.s, ctx.t
    key = f"areas_{s.turn}"
    for a in range(len(t.areas)):
        ranks = rank_area(t, s, a)
        for c, _, _, vp in ranks:
            seat = s.seat_of[c]
            if seat >= 0 and vp:
                p = s.players[seat]
                p.vp += vp
                p.score[key] += vp
        ctx.emit(ev.AreaScored(s.turn, t.areas[a], tuple(ranks)))


def preview(t: Tables, s: State) -> list[list[tuple[int, int, int, int]]]:
    """What every area would score if it were scored now (a table's score preview)."""
    return [rank_area(t, s, a) for a in range(len(t.areas))]


def ranking(s: State) -> list[list[int]]:
    """R13.1: seats grouped by place: most VP; ties broken by the lowest unrest, then the most
    discs on the map; still tied players share the place."""
    def key(seat: int) -> tuple[int, int, int]:
        p = s.players[seat]
        return (-p.vp, p.unrest, -map_discs(s, p.country))

    seats = sorted(range(s.n), key=lambda x: (key(x), x))
    groups: list[list[int]] = []
    for seat in seats:
        if groups and key(groups[-1][0]) == key(seat):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def decided_by(s: State) -> str:
    """Why the winners won: "" (most VP alone), "unrest", "discs" or "shared"."""
    top = max(p.vp for p in s.players)
    tied = [i for i, p in enumerate(s.players) if p.vp == top]
    if len(tied) == 1:
        return ""
    low = min(s.players[i].unrest for i in tied)
    tied = [i for i in tied if s.players[i].unrest == low]
    if len(tied) == 1:
        return "unrest"
    most = max(map_discs(s, s.players[i].country) for i in tied)
    tied = [i for i in tied if map_discs(s, s.players[i].country) == most]
    return "discs" if len(tied) == 1 else "shared"

"""The Folklore module (R26) as a ModuleDef: setup, the triggers it listens to, its hidden
parts, the Folklore Track score category (R26.5) and its invariants."""

from __future__ import annotations

from typing import Any

from engine.aac.core import Ctx
from engine.aac.expansion import with_shared
from engine.aac.folklore import hidden, rules
from engine.aac.folklore.schema import FolkloreData
from engine.aac.folklore.state import ARTIFACTS, HAND, NAME, TRACK_VP, active, deck, fdata
from engine.aac.modules import ModuleDef
from engine.kernel.definition import ScoreCategory

TEXT = ("Each player has 3 Artifacts and a hand of 3 secret Folklore Cards. Instead of a "
        "recharge you may prime an Artifact; after moving your figure you may place it on "
        "the space where you stop and play a card for its options. Placing on an opponent's "
        "Artifact gives two options and lets them reply. The Folklore Track scores up to 18.")


def track_vp(ctx: Ctx, seat: int) -> int:
    """R26.5: 0, 3, 7, 12, 18 VP by Folklore Track position."""
    if not active(ctx.s):
        return 0
    pos = int(fdata(ctx.s)["track"][seat])
    exp = ctx.r.expansion
    if exp is not None:
        return exp.folklore_track.track.positions[pos].vp
    return TRACK_VP[pos]  # pragma: no cover - the expansion catalog is always loaded


def invariants(ctx: Ctx) -> list[str]:
    """Artifacts conserved (3 each), at most one primed, the track 0-4, every card of a
    seat's deck in exactly one of hand / set aside / played, at most one Artifact of a seat
    per region (R26.3.7), at most one Artifact per space outside a contested resolution."""
    s, r = ctx.s, ctx.r
    d = fdata(s)
    errs: list[str] = []
    for sp, seats in d["map"].items():
        if len(seats) == 1:
            continue
        contested = any(isinstance(f, rules.CardFrame) and f.owner >= 0 and f.space == sp
                        for f in s.stack)
        if len(seats) > (2 if contested else 1) or not seats:
            errs.append(f"folklore: {len(seats)} Artifacts on {sp}")
    for seat, p in enumerate(s.players):
        if not p.character:
            continue
        out = (sum(x.count(seat) for x in d["map"].values())
               + sum(x.count(seat) for x in d["bound"].values()))
        total = d["slots"][seat] + int(d["primed"][seat]) + out
        if total != ARTIFACTS or d["slots"][seat] < 0:
            errs.append(f"folklore seat {seat}: {total} Artifacts")
        if not 0 <= d["track"][seat] <= rules.TRACK_MAX:
            errs.append(f"folklore seat {seat}: track at {d['track'][seat]}")
        cards = d["hand"][seat] + d["aside"][seat] + d["played"][seat]
        if len(cards) != 6 or set(cards) != set(deck(r, p.character)):
            errs.append(f"folklore seat {seat}: cards {cards}")
        if len(d["hand"][seat]) > 6 or (len(d["hand"][seat]) > HAND and s.turn > 0):
            errs.append(f"folklore seat {seat}: {len(d['hand'][seat])} cards in hand")
        regs = [r.space_regions[sp][0] for sp, x in d["map"].items() if seat in x]
        regs += [reg for reg, x in d["bound"].items() for _ in range(x.count(seat))]
        if len(regs) != len(set(regs)):
            errs.append(f"folklore seat {seat}: two Artifacts in one region")
    return errs


def running_out_extended(ctx: Ctx, hook: Any) -> None:
    """R26.7.1: with the Folklore Module, Running Out extends to bind, load, return and place
    effects (answers the query "running_out_extended", engine.aac.supply)."""
    hook.value = True


# the Folklore module with the parts both expansion modules share (Doublers, Scoring Cards:
# engine.aac.expansion), which its cards give
MODULE = with_shared(ModuleDef(
    NAME, "Folklore", TEXT,
    setup=rules.setup,
    triggers={
        "recharge": rules.on_recharge,
        "on_gain_character_movement": rules.on_gain_movement,
        "after_character_movement": rules.after_movement,
        "figure_teleported": rules.on_teleport,
        "artifact_regions": rules.on_artifact_regions,
        "running_out_extended": running_out_extended,
    },
    hidden=hidden.PARTS,
    score_categories=((ScoreCategory("folklore", "Folklore Track", "Folklore Track",
                                     module=NAME), track_vp),),
    invariants=invariants,
    ext_schemas={NAME: FolkloreData},
))

"""Scoring Cards (R28.4, R30), shared by the Folklore and Pilgrimage modules.

State, in `GameState.ext["scoring_cards"]` (plain data): "held" (per seat, the card ids it
holds, face down: seen only by that seat) and "supply" (the card ids left, in catalog order:
nobody sees it but a seat looking through it to take one). At most 2 per seat (R28.4, R30.1).

Scoring (R30.2): the holder scores a card's category with the card's values instead of the
standard ones. The category "Scoring Cards" (R24.7) holds the difference (card values minus
standard values, which may be negative), so the base categories keep the standard values every
other player gets. The holder's best application is chosen for them: an Achievement card goes
on the holder's Achievement where it gains most, both Achievement cards on two different ones
(R30.3, O58); of the two Monument cards the better one counts (R30.5, O65). The difference
shows only once the game is over (the cards are turned face up at final scoring): a score "if
the game ended now" would tell the other seats what a hidden card is. `card_gain` gives it at
any time, for the holder's own planning (bots).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from engine.aac import triggers
from engine.aac.catalog.effects import GainScoringCardEffect
from engine.aac.catalog.expansion.scoring_cards import (
    ScoringCard,
    ScoringCardsFile,
    ScoringCategory,
)
from engine.aac.catalog.scoring import CardValues, LinearValues, TableValues
from engine.aac.core import Ctx, decision, shop_value
from engine.aac.counters import area_count, bound_counts, counter_value, pillar_count
from engine.aac.data import rules
from engine.aac.expansion.events import SCORING_KEY, ScoringCardGained, take_scoring_card
from engine.aac.rules.effects import Use, effect
from engine.aac.scoring import MULTIPLIER_COUNTER, bridge_vp, reserve_vp
from engine.aac.state import GameState
from engine.kernel.decisions import Choice, Decision
from engine.kernel.definition import ScoreCategory
from engine.kernel.frames import Frame
from engine.kernel.hidden import HiddenPart
from engine.kernel.rng import Rng, seed_state

KEY = SCORING_KEY
UNKNOWN = "?"  # a face-down card in a view that may not see it
CATEGORY = ScoreCategory("scoring_cards", "Scoring Cards", "Scoring Cards")


def catalog() -> ScoringCardsFile:
    exp = rules().expansion
    assert exp is not None, "the expansion catalog is not loaded"
    return exp.scoring_cards


def card(cid: str) -> ScoringCard:
    return next(c for c in catalog().cards if c.id == cid)


def setup(ctx: Ctx) -> None:
    ctx.s.ext.setdefault(KEY, {"held": [[] for _ in range(ctx.s.n)],
                               "supply": [c.id for c in catalog().cards]})


def held(ctx: Ctx, seat: int) -> list[str]:
    d = ctx.s.ext.get(KEY)
    return list(d["held"][seat]) if d is not None else []


# --- gaining (R28.4) ---------------------------------------------------------------------------


@dataclass(slots=True)
class ScoringCardFrame(Frame, kind="aac.gain_scoring_card"):
    """Look through the supply and take one face down (R32.25)."""

    seat: int
    source: str = ""

    def step(self, ctx: Ctx) -> Decision | None:
        d = ctx.s.ext[KEY]
        ch = [Choice(f"card:{cid}", f"{card(cid).name}: {card(cid).text}", (), cid)
              for cid in d["supply"]]
        if not ch or len(d["held"][self.seat]) >= catalog().max_per_player:
            ctx.pop()
            return None
        return decision(self.seat, "gain_scoring_card", "Take which Scoring Card (face down)?",
                        ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        take_scoring_card(ctx.s, self.seat, c.data)
        # its log line names no card: it is face down (R30.1)
        ctx.emit(ScoringCardGained(self.seat, c.data, self.source))


def can_gain(ctx: Ctx, seat: int) -> bool:
    d = ctx.s.ext.get(KEY)
    return (d is not None and bool(d["supply"])
            and len(d["held"][seat]) < catalog().max_per_player)


@effect("gain_scoring_card")
def _gain_scoring_card(ctx: Ctx, seat: int, e: GainScoringCardEffect, use: Use) -> None:
    """R28.4: with 2 held (or an empty supply) nothing happens and no speed is paid. A Shrine's
    card costs 1 Pilgrimage speed first (cost_speed 1), paid through the query "pay_speed";
    without the Pilgrimage module nobody answers it, so it cannot be paid and no card comes."""
    if not can_gain(ctx, seat):
        return
    if e.cost_speed and not triggers.query(ctx, "pay_speed", seat, False, amount=e.cost_speed):
        return
    ctx.push(ScoringCardFrame(seat, use.source))


# --- scoring (R30.2-R30.5) ---------------------------------------------------------------------


def values(obj: CardValues, n: int, max_count: int | None = None) -> int:
    """VP of a table or linear value object for a count."""
    if max_count is not None:
        n = min(n, max_count)
    if isinstance(obj, LinearValues):
        return obj.flat_vp + obj.vp_per_unit * n
    assert isinstance(obj, TableValues)
    vp = obj.zero_scores
    for row in obj.rows:
        if n == row.count or (row.or_more and n >= row.count):
            vp = row.vp
    return vp


def _category(cid: str) -> ScoringCategory:
    return next(c for c in catalog().categories if c.id == cid)


def _bridge_count(ctx: Ctx, seat: int) -> int | None:
    """Span of Renown: the seat's bound energy in the 2 regions its tier-III Bridge Token
    joins (Doublers counting 2), or None when that token is not on the map."""
    loc = ctx.s.players[seat].bridge_loc[2]
    if not loc or loc in ("board", "box"):
        return None
    c = bound_counts(ctx, seat, ctx.r.space_regions[loc], ("bound_area", "pillar"), False)
    return sum(c)


def _gain(ctx: Ctx, seat: int, c: ScoringCard) -> int:
    """The card's values minus the standard values, for a card of a category applied to all
    (player- or monument-wide)."""
    cat = c.category
    if cat == "cat_reserve_pairs":
        rows = sum(1 for n in ctx.s.players[seat].reserve if n == 0)
        return values(c.scoring, rows) - reserve_vp(ctx, seat)
    if cat == "cat_monument_bound":
        top = len(ctx.r.bound_vp) - 1
        gain = 0
        for reg in ctx.s.bound:
            n = area_count(ctx, seat, reg)
            gain += values(c.scoring, n) - ctx.r.bound_vp[min(top, n)]
        return gain
    if cat == "cat_pillars":
        n = pillar_count(ctx, seat)
        mx = _category(cat).max_count
        top = len(ctx.r.pillar_vp) - 1
        return values(c.scoring, n, mx) - ctx.r.pillar_vp[min(n, top)]
    if cat == "cat_tile_pool":
        n = shop_value(ctx, seat)
        return values(c.scoring, n) - n
    if cat == "cat_tier3_bridge":
        nb = _bridge_count(ctx, seat)
        card_vp = 0 if nb is None else values(c.scoring, nb)  # "requires": else it scores 0
        return card_vp - bridge_vp(ctx, seat)
    raise ValueError(f"unknown Scoring Card category {cat!r}")


def _achievements(ctx: Ctx, seat: int) -> list[tuple[int, int]]:
    """(standard VP, count of its type bound to the board) of each of the seat's Achievement
    energy (R24.5; Doublers counting 2, R29.3.4)."""
    out = []
    for cols in ctx.s.ach.values():
        for ci, e in enumerate(cols):
            if e >= 0 and e // 4 == seat:
                n = counter_value(ctx, seat, MULTIPLIER_COUNTER, claiming_type=e % 4)
                out.append((ctx.r.flat_vp if ci == 0 else 2 * n, n))
    return out


def card_gain(ctx: Ctx, seat: int, cards: Sequence[str] | None = None) -> int:
    """What the seat's Scoring Cards add to its standard score, with its best application
    (R30.3, R30.5). `cards`: these instead of those it holds (a bot's what-if)."""
    ids = held(ctx, seat) if cards is None else list(cards)
    if not ids:
        return 0
    gain = 0
    best_by_cat: dict[str, int] = {}
    ach_cards: list[ScoringCard] = []
    for cid in ids:
        c = card(cid)
        if c.applies_to == "one_achievement":
            ach_cards.append(c)
            continue
        g = _gain(ctx, seat, c)
        # R30.5: two cards of one category: the category is scored once, with the better
        best_by_cat[c.category] = max(best_by_cat.get(c.category, g), g)
    gain += sum(best_by_cat.values())
    if ach_cards:
        gain += _achievement_gain(ctx, seat, ach_cards)
    return gain


def _achievement_gain(ctx: Ctx, seat: int, cards: list[ScoringCard]) -> int:
    """R30.3 (O58): each card on one of the holder's Achievements, two cards on two different
    ones; the assignment that gains most. A card with no Achievement left to take it scores
    nothing."""
    achs = _achievements(ctx, seat)
    if not achs:
        return 0
    k = min(len(cards), len(achs))
    best: int | None = None
    for picks in permutations(range(len(achs)), k):
        for order in permutations(cards, k):
            g = sum(values(c.scoring, achs[a][1]) - achs[a][0]
                    for c, a in zip(order, picks, strict=True))
            best = g if best is None else max(best, g)
    return best or 0


def scoring_cards_vp(ctx: Ctx, seat: int) -> int:
    """The "Scoring Cards" category (R24.7): shown once the game is over (see the module
    docstring)."""
    return card_gain(ctx, seat) if ctx.s.over else 0


SCORE_CATEGORIES: tuple[tuple[ScoreCategory, Any], ...] = ((CATEGORY, scoring_cards_vp),)


# --- hidden information (R30.1: face down) -----------------------------------------------------


def _visible(s: GameState, owner: int | None, viewer: int) -> bool:
    return KEY not in s.ext or owner == viewer or s.over


def _hides(s: GameState) -> bool:
    return KEY in s.ext and not s.over


def _redact_hand(d: dict[str, Any], owner: int | None) -> None:
    assert owner is not None
    if KEY not in d["ext"]:
        return
    ext = dict(d["ext"])
    part = dict(ext[KEY])
    part["held"] = [[UNKNOWN] * len(h) if i == owner else list(h)
                    for i, h in enumerate(part["held"])]
    ext[KEY] = part
    d["ext"] = ext


def _unseen(part: dict[str, Any]) -> list[str]:
    """Card ids that no hand in this view shows, in catalog order."""
    seen = {cid for h in part["held"] for cid in h if cid != UNKNOWN}
    if isinstance(part["supply"], list):
        seen.update(part["supply"])
    return [c.id for c in catalog().cards if c.id not in seen]


def _resample_hand(d: dict[str, Any], owner: int | None, seed: int) -> None:
    """Deal the hidden hand from the cards nobody in the view shows (seeded)."""
    assert owner is not None
    if KEY not in d["ext"] or UNKNOWN not in d["ext"][KEY]["held"][owner]:
        return
    ext = dict(d["ext"])
    part = dict(ext[KEY])
    pool = _unseen(part)
    Rng(seed_state(seed ^ (0x5C0 + owner))).shuffle(pool)
    hand = [cid if cid != UNKNOWN else pool.pop() for cid in part["held"][owner]]
    part["held"] = [hand if i == owner else list(h) for i, h in enumerate(part["held"])]
    ext[KEY] = part
    d["ext"] = ext


def _hand_digest(s: GameState, owner: int | None) -> Hashable:
    assert owner is not None
    return tuple(s.ext[KEY]["held"][owner]) if KEY in s.ext else ()


def _redact_supply(d: dict[str, Any], owner: int | None) -> None:
    if KEY not in d["ext"]:
        return
    ext = dict(d["ext"])
    part = dict(ext[KEY])
    part["supply"] = len(part["supply"])
    ext[KEY] = part
    d["ext"] = ext


def _resample_supply(d: dict[str, Any], owner: int | None, seed: int) -> None:
    """The supply is every card no hand holds (hands are resampled first)."""
    if KEY not in d["ext"] or isinstance(d["ext"][KEY]["supply"], list):
        return
    ext = dict(d["ext"])
    part = dict(ext[KEY])
    part["supply"] = _unseen(part)
    ext[KEY] = part
    d["ext"] = ext


def _supply_digest(s: GameState, owner: int | None) -> Hashable:
    return tuple(s.ext[KEY]["supply"]) if KEY in s.ext else ()


def _supply_visible(s: GameState, owner: int | None, viewer: int) -> bool:
    return KEY not in s.ext or s.over


HAND = HiddenPart("scoring_cards", _redact_hand, _resample_hand, _hand_digest, _visible,
                  per_seat=True, hides=_hides,
                  barrier="Undo stops here: a face-down Scoring Card was seen.")
SUPPLY = HiddenPart("scoring_card_supply", _redact_supply, _resample_supply, _supply_digest,
                    _supply_visible, hides=_hides,
                    barrier="Undo stops here: the Scoring Card supply was looked through.")
HIDDEN: tuple[HiddenPart, ...] = (HAND, SUPPLY)


def invariants(ctx: Ctx) -> list[str]:
    d = ctx.s.ext.get(KEY)
    if d is None:
        return []
    out = []
    ids = [c.id for c in catalog().cards]
    together = sorted(d["supply"] + [cid for h in d["held"] for cid in h])
    if together != sorted(ids):
        out.append("Scoring Cards: the supply and the hands do not hold the 8 cards once each")
    mx = catalog().max_per_player
    out.extend(f"Scoring Cards: seat {i} holds {len(h)} (at most {mx})"
               for i, h in enumerate(d["held"]) if len(h) > mx)
    return out

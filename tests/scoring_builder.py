"""Build bare game positions for scoring and counter tests (energy is then set directly)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.aac.catalog import load_catalog
from engine.aac.core import Ctx
from engine.aac.data import Rules, build_rules
from engine.aac.state import EMPTY, GameState, PlayerState

_RULES: Rules | None = None


def base_rules() -> Rules:
    """The catalog's tables, built here once (without the expansion catalog)."""
    global _RULES
    if _RULES is None:
        _RULES = build_rules(load_catalog())
    return _RULES


def make_state(
    characters: Sequence[str],
    r: Rules | None = None,
    *,
    random_achievements: Sequence[str] | None = None,
) -> GameState:
    """A game state for len(characters) players, everything at its starting place:
    device = starting tiles 1-5, staging = the two 0 tiles, empty slots, full reserve (2 per
    type), default action tokens, no conduits, bridge tokens on the character boards,
    empty bound areas, pillars and achievements, every bridge space a gap, figures off-map."""
    r = r or base_rules()
    s = GameState(n=len(characters), seed=0, rng=0, options={})
    for i, cid in enumerate(characters):
        ch = r.characters[cid]
        tiles = ch.starting_tiles
        p = PlayerState(seat=i, character=cid)
        p.device = list(tiles[:5])
        p.staging = list(tiles[5:7])
        p.top = {t: [EMPTY] * r.tiles[t].top for t in tiles}
        p.bottom = {t: [EMPTY] * r.tiles[t].bottom for t in tiles}
        p.reserve = [2, 2, 2, 2]
        p.actions = list(r.default_tokens)
        s.players.append(p)
    s.bound = {reg: [[0, 0, 0, 0] for _ in characters] for reg in r.region_order}
    s.pillars = {sp: EMPTY for sp in r.pillar_region}
    s.bridges = {sp: "" for sp in r.bridge_spaces}
    rnd = list(random_achievements or r.random_achievements[:2])
    s.achievements = list(r.fixed_achievements) + rnd
    s.ach = {a: [EMPTY, EMPTY] for a in s.achievements}
    return s


def make_ctx(characters: Sequence[str], **kw: Sequence[str]) -> Ctx:
    r = base_rules()
    return Ctx(make_state(characters, r, **kw), r)


def put_bridge(ctx: Ctx, seat: int, tier: int, space: str, side: int = 0) -> None:
    """Place a player's bridge token (tier 1-3) on a map bridge space, face `side` up."""
    p = ctx.s.players[seat]
    p.bridge_loc[tier - 1] = space
    p.bridge_side[tier - 1] = side
    ctx.s.bridges[space] = f"p:{seat}:{tier}"


def put_pillar(ctx: Ctx, seat: int, etype: int, region: str, *, index: int = -1) -> str:
    """Bind one energy on an empty Pillar space of the region; returns the space id."""
    spaces = [sp for sp, reg in ctx.r.pillar_region.items() if reg == region]
    free = [sp for sp in spaces if ctx.s.pillars[sp] == EMPTY]
    sp = free[0] if index < 0 else spaces[index]
    ctx.s.pillars[sp] = seat * 4 + etype
    return sp

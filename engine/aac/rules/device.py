"""Folklore Card effects on the Character Board's Device (expansion README "Expansion
effects"): rearranging the active Transmuter Tiles (`rearrange_tiles`, R26.6.4), swapping two
Action Tokens (`swap_action_tokens`, Multanec 4 and Rusnė 6: R26.7.3, R18.3) and movement
from one tile's icons (`movement_per_tile_icon`).

R26.6.4: after rearranging tiles on an Advance turn, the player forfeits all Monument and
Pillar Track movement for the rest of that turn (the marker TRACK_MOVEMENT_FORFEITED in
PlayerState.used, which the turn's start clears; engine.aac.rules.movement honours it).
R18.3: Action Tokens keep their action wherever they sit; an upgrade gained later goes to the
position where that action's token now is (engine.aac.rules.bonus.upgrade_options).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.catalog.effects import (
    MovementPerTileIconEffect,
    RearrangeTilesEffect,
    SwapActionTokensEffect,
)
from engine.aac.core import Ctx
from engine.aac.names import ICON_LONG
from engine.aac.rules.effects import Use, effect
from engine.aac.rules.movement import TRACK_MOVEMENT_FORFEITED, MoveFrame
from engine.aac.rules.prompts import ask
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

MAX_SWAPS = 4  # any order of 5 tiles is at most 4 exchanges away


# --- rearrange_tiles ---------------------------------------------------------------------------


@effect("rearrange_tiles")
def _rearrange_tiles(ctx: Ctx, seat: int, e: RearrangeTilesEffect, use: Use) -> None:
    ctx.push(RearrangeTilesFrame(seat, 0, use.source))


def _tile_words(ctx: Ctx, seat: int, pos: int) -> str:
    tile = ctx.s.players[seat].device[pos - 1]
    return f"{ctx.name(tile)} at position {pos}"


@dataclass(slots=True)
class RearrangeTilesFrame(Frame, kind="aac.rearrange_tiles"):
    """Put the 5 active tiles in any order, as up to 4 exchanges of two positions; each tile
    keeps its energy, the Action Tokens and Conduits stay with their positions."""

    seat: int
    swaps: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = []
        if self.swaps < MAX_SWAPS:
            for i in range(1, 6):
                for j in range(i + 1, 6):
                    ch.append(Choice(
                        f"swap:{i}:{j}", f"Exchange {_tile_words(ctx, self.seat, i)} and "
                        f"{_tile_words(ctx, self.seat, j)}",
                        (f"slot:{i}:top", f"slot:{j}:top"), (i, j)))
        if not ch:
            self.finish(ctx)
            return None
        ch.append(Choice("done", "Keep this order"))
        note = (" (then no more Monument or Pillar Track movement this turn)"
                if ctx.s.turn_type == "advance" and not self.swaps else "")
        return ask(ctx, self.seat, "rearrange_tiles", self.source,
                   f"rearrange your active Transmuter Tiles{note}", ch)

    def finish(self, ctx: Ctx) -> None:
        ctx.pop()
        p = ctx.s.players[self.seat]
        if self.swaps and ctx.s.turn_type == "advance" and TRACK_MOVEMENT_FORFEITED not in p.used:
            p.used.append(TRACK_MOVEMENT_FORFEITED)  # R26.6.4

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "done":
            self.finish(ctx)
            return
        i, j = c.data
        dev = ctx.s.players[self.seat].device
        dev[i - 1], dev[j - 1] = dev[j - 1], dev[i - 1]
        ctx.s.score_dirty |= 1 << self.seat
        self.swaps += 1
        ctx.emit(ev.TilesRearranged(self.seat, tuple(dev)))


# --- swap_action_tokens ------------------------------------------------------------------------


@effect("swap_action_tokens")
def _swap_action_tokens(ctx: Ctx, seat: int, e: SwapActionTokensEffect, use: Use) -> None:
    ctx.push(SwapActionsFrame(seat, e.swaps, use.source))


@dataclass(slots=True)
class SwapActionsFrame(Frame, kind="aac.swap_action_tokens"):
    """Exchange the positions of 2 Action Tokens (R18.3), `left` times at most."""

    seat: int
    left: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        if self.left <= 0:
            ctx.pop()
            return None
        acts = ctx.s.players[self.seat].actions
        toks = ctx.r.action_tokens
        ch = [Choice(f"swap:{i}:{j}", f"Exchange {toks[acts[i - 1]].name} (position {i}) and "
                     f"{toks[acts[j - 1]].name} (position {j})",
                     (f"action:{self.seat}:{i}", f"action:{self.seat}:{j}"), (i, j))
              for i in range(1, 6) for j in range(i + 1, 6)]
        ch.append(Choice("keep", "Keep your Action Tokens where they are"))
        return ask(ctx, self.seat, "swap_action_tokens", self.source,
                   "exchange the positions of 2 of your Action Tokens", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if c.id == "keep":
            ctx.pop()
            return
        i, j = c.data
        acts = ctx.s.players[self.seat].actions
        acts[i - 1], acts[j - 1] = acts[j - 1], acts[i - 1]
        self.left -= 1
        ctx.emit(ev.ActionTokensSwapped(self.seat, tuple(acts), (i, j)))


# --- movement_per_tile_icon --------------------------------------------------------------------


_ICON_TRACK = {"move": "char", "monument": "mon", "pillar": "pil"}
_ICON_GIVES = {"move": "character movement", "monument": "Monument Track movement",
               "pillar": "Pillar Track movement"}


def icon_points(ctx: Ctx, tile: str, per_icon: int) -> dict[str, int]:
    """Movement by kind ("char", "mon", "pil") the tile's icons give, `per_icon` each."""
    out = {"char": 0, "mon": 0, "pil": 0}
    for icon in ctx.r.tiles[tile].icons:
        out[_ICON_TRACK[icon]] += per_icon
    return out


def _icon_words(ctx: Ctx, tile: str, per_icon: int) -> str:
    parts = []
    icons = ctx.r.tiles[tile].icons
    for icon in ("move", "monument", "pillar"):
        n = icons.count(icon)
        if n:
            parts.append(f"{n * per_icon} {_ICON_GIVES[icon]} ({n} {ICON_LONG[icon]}"
                         f"{' icon' if n == 1 else ' icons'})")
    return ", ".join(parts)


@effect("movement_per_tile_icon")
def _movement_per_tile_icon(ctx: Ctx, seat: int, e: MovementPerTileIconEffect, use: Use) -> None:
    ctx.push(TileIconFrame(seat, e.tiles, e.per_icon, use.source))


@dataclass(slots=True)
class TileIconFrame(Frame, kind="aac.tile_icon_movement"):
    """Choose one of the active tiles: each winged foot gives `per_icon` character movement,
    each castle `per_icon` Monument Track movement, each pillar `per_icon` Pillar Track
    movement."""

    seat: int
    tiles: int
    per_icon: int
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        if self.tiles > 0:
            for pos in range(1, 6):
                tile = p.device[pos - 1]
                if ctx.r.tiles[tile].icons:
                    ch.append(Choice(f"tile:{pos}", f"{_tile_words(ctx, self.seat, pos)}: "
                                     f"{_icon_words(ctx, tile, self.per_icon)}",
                                     (f"slot:{pos}:top",), tile))
        if not ch:
            ctx.pop()
            return None
        return ask(ctx, self.seat, "tile_icon_movement", self.source,
                   "generate movement from the icons of which tile?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        self.tiles -= 1
        if self.tiles <= 0:
            ctx.pop()
        pts = icon_points(ctx, c.data, self.per_icon)
        ctx.push(MoveFrame.make(ctx, self.seat, char=pts["char"], mon=pts["mon"],
                                pil=pts["pil"], source=self.source))

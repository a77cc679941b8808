"""Interpreting the catalog's effect vocabulary: each effect becomes frames or direct changes.

`push_effect` never runs decisions itself: it pushes frames (processed before the frame that
called it resumes) or applies effects that need no choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.aac import events as ev
from engine.aac import triggers
from engine.aac.core import (
    Ctx,
    decision,
    free_reserve,
    mark_power_used,
    set_charged,
)
from engine.aac.data import TYPE_INDEX, TYPES, Effect
from engine.aac.names import ENERGY, cap, energy, source, track
from engine.aac.rules import bonus, bridges, claim, deploy, movement, reposition
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame


def describe(ctx: Ctx, e: Effect) -> str:
    name = e["effect"]
    if name == "choice":
        return " or ".join(describe(ctx, o) for o in e["options"])
    if name == "sequence":
        return " and ".join(describe(ctx, o) for o in e["steps"])
    if name == "free_reserve":
        return "free " + " + ".join("any type" if t == "any" else energy(t) for t in e["types"])
    if name == "shop_deposit":
        return f"deposit {e['count']} energy in the Tile Pool"
    if name == "replenish_tile":
        return f"replenish the top row of {e['tiles']} tile(s)"
    if name == "recharge":
        return "recharge"
    if name == "deploy":
        pos = ",".join(str(x) for x in e["from_positions"])
        return f"deploy {e['tiles']} tile(s) from positions {pos}"
    if name == "claim_tiles":
        each = "" if e.get("price_each") is None else f" at {e['price_each']} each"
        return f"claim up to {e['max']} tiles{each}"
    if name == "claim_rightmost_free":
        return "take the rightmost Tile Pool tile free"
    if name == "reposition":
        return f"reposition up to {e['times']} times"
    if name == "activate_action":
        return "use another position's action"
    if name == "upgrade_action":
        return "upgrade an action"
    if name == "gain_conduit":
        return "gain a conduit token"
    if name == "move_character":
        n = int(e["amount"])
        return f"move your character up to {n} space" + ("" if n == 1 else "s")
    if name == "move_track":
        n = int(e["amount"])
        return f"{n} step{'' if n == 1 else 's'} on the {track(str(e['track']))}"
    if name == "movement_points":
        return f"{e['amount']} movement point(s)"
    if name == "place_bridge":
        return "place a bridge token"
    if name == "activate_other_bonus_tile":
        return "use another monument bonus tile"
    if name == "count_conduits":
        return "count conduits"
    if name == "rearrange_conduits":
        return "rearrange conduits"
    return "an effect"


def push_effect(ctx: Ctx, seat: int, e: Effect, source: str = "", part: bool = False) -> None:
    """Queue effect `e` for `seat` (a sequence's first step runs first). `part`: a step of an
    "and" sequence, which the player may decline (R6.1)."""
    name = e["effect"]
    if name == "sequence":
        for step in reversed(e["steps"]):
            push_effect(ctx, seat, step, source, part=True)
    elif name == "choice":
        ctx.push(ChoiceFrame(seat, tuple(e["options"]), source))
    elif name == "free_reserve":
        ctx.push(FreeReserveFrame(seat, tuple(e["types"]), 0))
    elif name == "recharge":
        ctx.push(RechargeFrame(seat))  # queued, so "X and Recharge" keeps its order (R6.1)
    elif name == "shop_deposit":
        ctx.push(bonus.DepositFrame(seat, int(e["count"])))
    elif name == "replenish_tile":
        ctx.push(bonus.ReplenishFrame(seat, int(e["tiles"]), e.get("filter") or "", (), "", 0))
    elif name == "deploy":
        ctx.push(deploy.DeployFrame(seat, tuple(e["from_positions"]), int(e["tiles"]), (), "",
                                    part))
    elif name == "claim_tiles":
        pe = e.get("price_each")
        ctx.push(claim.ClaimFrame.new(seat, int(e["max"]), -1 if pe is None else int(pe), part))
    elif name == "claim_rightmost_free":
        ctx.push(claim.FreeTileFrame(seat, 0, ""))
    elif name == "reposition":
        ctx.push(reposition.RepositionFrame(seat, int(e["times"]), ""))
    elif name == "activate_action":
        ctx.push(ActivateActionFrame(seat, tuple(int(x) for x in e["positions"])))
    elif name == "upgrade_action":
        ctx.push(bonus.UpgradeFrame(seat))
    elif name == "gain_conduit":
        ctx.push(bonus.ConduitFrame(seat))
    elif name == "place_bridge":
        ctx.push(bridges.BridgeFrame(seat))
    elif name == "activate_other_bonus_tile":
        ctx.push(bonus.CopyFrame(seat, source))
    elif name == "move_character":
        ctx.push(movement.MoveFrame.make(ctx, seat, char=int(e["amount"]), source=source))
    elif name == "move_track":
        if e["track"] == "monument":
            ctx.push(movement.MoveFrame.make(ctx, seat, mon=int(e["amount"]), source=source))
        else:
            ctx.push(movement.MoveFrame.make(ctx, seat, pil=int(e["amount"]), source=source))
    elif name == "movement_points":
        ctx.push(movement.MoveFrame.make(ctx, seat, flex=int(e["amount"]), source=source))
    elif name == "count_conduits":
        movement.push_conduit_movement(ctx, seat, source)
    elif name == "rearrange_conduits":
        ctx.push(bonus.RearrangeFrame(seat))
    else:
        raise NotImplementedError(f"effect {name} is not a stand-alone effect")


def recharge(ctx: Ctx, seat: int) -> None:
    """A recharge (R8). It is a decision point a module may widen (R8.2: prime an Artifact,
    raise Pilgrimage speed: trigger "recharge" offers): with alternatives on offer the seat
    chooses (RechargeChoiceFrame); with none it simply recharges."""
    if triggers.offers(ctx, "recharge", seat):
        ctx.push(RechargeChoiceFrame(seat))
        return
    recharge_marker(ctx, seat)


def recharge_marker(ctx: Ctx, seat: int) -> None:
    """R8.1 / R17.3: turn the Channel Marker to Charged; if it already is, Ignotas III may turn
    the wasted recharge into a freed energy (trigger on_recharge_while_charged)."""
    p = ctx.s.players[seat]
    if not p.charged:
        set_charged(ctx, seat, True)
        return
    triggers.fire(ctx, "on_recharge_while_charged", seat)


@dataclass(slots=True)
class RechargeChoiceFrame(Frame, kind="recharge_choice"):
    """R8.2 / R32.11: recharge, or one of the modules' substitutions for it."""

    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        ch = [Choice("recharge", "Recharge your Channel Marker", ("channel_marker",))]
        ch += triggers.offers(ctx, "recharge", self.seat)
        return decision(self.seat, "recharge", "Recharge, or instead?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id == "recharge":
            recharge_marker(ctx, self.seat)
        else:
            triggers.take(ctx, "recharge", self.seat, c)


def free_types(ctx: Ctx, seat: int, types: tuple[str, ...]) -> None:
    """Free listed types without choice; 'any' must be resolved by the caller."""
    for tn in types:
        if free_reserve(ctx, seat, TYPE_INDEX[tn]):
            recharge(ctx, seat)


@dataclass(slots=True)
class RechargeFrame(Frame, kind="recharge"):
    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        ctx.pop()
        recharge(ctx, self.seat)
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:  # pragma: no cover - never decides
        raise AssertionError("RechargeFrame makes no decision")


@dataclass(slots=True)
class ChoiceFrame(Frame, kind="effect_choice"):
    seat: int
    options: tuple[Any, ...]
    source: str

    def step(self, ctx: Ctx) -> Decision | None:
        ch = [
            Choice(f"opt:{i}:{o['effect']}", cap(describe(ctx, o)), (), i)
            for i, o in enumerate(self.options)
        ]
        what = f"{source(ctx.r, self.source)}: " if self.source else ""

        return decision(self.seat, "effect_option", f"{what}choose one", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        push_effect(ctx, self.seat, self.options[c.data], self.source)


@dataclass(slots=True)
class FreeReserveFrame(Frame, kind="free_reserve"):
    """Free energy from the Reserve (R17.2), one listed type at a time; 'any' asks which."""

    seat: int
    types: tuple[str, ...]
    idx: int

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        while self.idx < len(self.types):
            tn = self.types[self.idx]
            if tn == "any":
                avail = [t for t in range(4) if p.reserve[t] > 0]
                if not avail:
                    self.idx += 1
                    continue
                ch = [Choice(f"free:{TYPES[t]}", f"Free a {ENERGY[t]}", ("reserve",), t)
                      for t in avail]
                return decision(self.seat, "free_any", "Free 1 energy of any type", ch)
            self.idx += 1
            free_types(ctx, self.seat, (tn,))
            if ctx.s.stack[-1] is not self:
                return None  # a recharge offer was pushed; resume afterwards
        ctx.pop()
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        self.idx += 1
        if free_reserve(ctx, self.seat, c.data):
            recharge(ctx, self.seat)


@dataclass(slots=True)
class PowerOfferFrame(Frame, kind="edict_of_plenty"):
    """Ignotas III: instead of a wasted recharge, free 1 energy of any type (once per turn)."""

    seat: int
    tier: int
    text: str

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = [Choice(f"free:{TYPES[t]}", f"Edict of Plenty: free a {ENERGY[t]}", ("reserve",), t)
              for t in range(4) if p.reserve[t] > 0]
        ch.append(Choice("decline", "Do not use Edict of Plenty"))
        return decision(self.seat, "power_edict", self.text, ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id == "decline":
            return
        mark_power_used(ctx, self.seat, self.tier)
        pw = ctx.r.characters[ctx.s.players[self.seat].character].powers[self.tier - 1]
        ctx.emit(ev.PowerUsed(self.seat, pw.id, f"freed a {ENERGY[c.data]}"))

        if free_reserve(ctx, self.seat, c.data):
            recharge(ctx, self.seat)


@dataclass(slots=True)
class ActivateActionFrame(Frame, kind="activate_action"):
    """Position 5 (R6.5.5): use the action token under one of the other positions."""

    seat: int
    positions: tuple[int, ...]

    def step(self, ctx: Ctx) -> Decision | None:
        p = ctx.s.players[self.seat]
        ch = []
        for pos in self.positions:
            tok = ctx.r.action_tokens[p.actions[pos - 1]]
            ch.append(Choice(f"pos:{pos}", f"Position {pos}: {tok.name}",
                             (f"action:{self.seat}:{pos}",), pos))
        return decision(self.seat, "channel_position", "Use which position's action?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        from engine.aac.rules.actions import perform_action

        ctx.pop()
        perform_action(ctx, self.seat, c.data)

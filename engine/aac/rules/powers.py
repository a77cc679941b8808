"""Character powers (R25) as listeners on the trigger bus (engine.aac.triggers).

Each handler is registered for the catalog's (trigger, effect name) pair of a power; the rules
only fire the trigger where it happens. `@use(effect)` registers what an optional power
offered by OptionalPowerFrame does when the player takes it. A power whose effect is carried
out on its own (Rewind's load_energy, Updraft's fly_character, Migration, Entropy...) goes
through the effect registry (`push_effect`); a power whose effect *changes a rule at its
trigger* is recorded with `applied_in(effect, handler, rule code firing the trigger)`
(engine.aac.rules.effects), so the registry covers the whole vocabulary.
"""

from __future__ import annotations

from engine.aac import events as ev
from engine.aac.catalog.effects import (
    MovementPerClaimedIconEffect,
    MoveTrackEffect,
    SequenceEffect,
    SetRoseActivationEffect,
)
from engine.aac.core import (
    ROWS,
    Ctx,
    mark_power_used,
    move_energy,
    power_available,
    power_id,
    teleport,
)
from engine.aac.data import TYPES, PowerDef
from engine.aac.names import ENERGY
from engine.aac.placement import masterwork_ok
from engine.aac.rules.actions import perform_action
from engine.aac.rules.advance import AdvanceFrame
from engine.aac.rules.bonus import CustodianFrame
from engine.aac.rules.claim import ClaimFrame
from engine.aac.rules.completion import ParticipantFrame, ResolveFrame, activate
from engine.aac.rules.effects import applied_in, push_effect
from engine.aac.rules.endturn import (
    OptionalPowerFrame,
    entropy_starts,
    migration_options,
)
from engine.aac.rules.movement import (
    MoveFrame,
    conduit_points,
    push_conduit_movement,
)
from engine.aac.rules.reserve import PowerOfferFrame, recharge
from engine.aac.state import EMPTY, FIGURE_IN_POOL
from engine.aac.triggers import Hook, power, use
from engine.kernel.decisions import Choice

# --- movement (R11-R12): Freyith I and II, Aureon I --------------------------------------------


@power("on_would_bounce", "fly_over_empty_bridge")
def _wingbeat(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Freyith I: a figure that would bounce off an empty gap may fly over it."""
    hook.value = True


applied_in("fly_over_empty_bridge", _wingbeat, MoveFrame.choices)  # step_options(can_fly_gap)


@power("on_gain_character_movement", "extra_character_movement")
def _swift_stride(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Aureon I: +1 character movement, once per turn."""
    key = pw.effect.effect
    if hook.choice is None:
        if power_available(ctx, hook.seat, pw.tier):
            hook.choices.append(Choice("aureon", "Swift Stride: +1 character movement", (),
                                       (key, pw.tier)))
        return
    if hook.key() != key:
        return
    frame: MoveFrame = hook.info["frame"]
    mark_power_used(ctx, hook.seat, pw.tier)
    ctx.emit(ev.PowerUsed(hook.seat, pw.id, "+1 movement"))
    frame.char += 1
    hook.handled = True


applied_in("extra_character_movement", _swift_stride, MoveFrame.choices, MoveFrame.apply)


@power("on_gain_character_movement", "fly_character")
def _updraft(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Freyith II: spend all the opportunity's points to fly to a space of the figure's region
    or an adjacent one (R12.10 teleport), once per turn: its fly_character effect."""
    key = pw.effect.effect
    frame: MoveFrame = hook.info["frame"]
    if hook.choice is None:
        if power_available(ctx, hook.seat, pw.tier) and not frame.spent:
            cpts = hook.info["amount"]
            hook.choices.append(Choice("fly", f"Updraft: spend all {cpts} points to fly", (),
                                       (key, pw.tier)))
        return
    if hook.key() != key:
        return
    seat = hook.seat
    mark_power_used(ctx, seat, pw.tier)
    ctx.emit(ev.PowerUsed(seat, pw.id, "flies"))
    frame.char = 0
    frame.flex = 0
    frame.spent = True
    push_effect(ctx, seat, pw.effect, pw.name)
    hook.handled = True


# --- energy activation (R16): Aureon II, Chronari I, Valimod I ---------------------------------


@power("on_activate_energy", "set_rose_activation")
def _radiant_bloom(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Aureon II: an activated Rose gives this many movement points."""
    if isinstance(pw.effect, SetRoseActivationEffect):
        hook.value = pw.effect.movement_points


applied_in("set_rose_activation", _radiant_bloom, activate)


@power("on_activate_energy", "load_energy")
def _rewind(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Chronari I (R25.6.1): an activated Wild may be loaded, with 1 more energy, instead of
    being exhausted (its load_energy effect, at the Wild's section space)."""
    push_effect(ctx, hook.seat, pw.effect, pw.name, at=hook.info["loc"])
    hook.handled = True


@power("on_activate_energy", "sequence")
def _slip_between(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Valimod I (R25.7.5): after an activated Wild, the figure may teleport into the Tile
    Pool."""
    if ctx.s.players[hook.seat].figure != FIGURE_IN_POOL:
        ctx.push(OptionalPowerFrame(hook.seat, pw.tier,
                                    "Slip Between: teleport into the Tile Pool"))


@use("sequence")
def _use_slip_between(ctx: Ctx, seat: int, pw: PowerDef) -> None:
    teleport(ctx, seat, FIGURE_IN_POOL, "")  # the Wild was exhausted already


# --- placement and sections (R7, R15): Multanec I-III ------------------------------------------


@power("on_place_energy_in_section", "place_as_any_symbol")
def _masterwork(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Multanec I: once per turn, a non-Wild energy may go in a space of any symbol."""
    if power_available(ctx, hook.seat, pw.tier):
        hook.value = pw.tier


# the placement rules offer any-symbol spaces (R7.2)
applied_in("place_as_any_symbol", _masterwork, masterwork_ok)


@power("on_section_completed", "gain_both_perks")
def _foreman(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Multanec II: the completer takes both perks."""
    hook.value = 2


applied_in("gain_both_perks", _foreman, ResolveFrame._perks)


@power("on_section_completed", "bind_from_section")
def _cornerstone(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Multanec III: a participant who did not complete may bind one energy instead of
    activating it."""
    key = pw.effect.effect
    if hook.choice is None:
        region = hook.info["region"]
        for t in hook.info["types"]:
            hook.choices.append(Choice(f"cornerstone:{TYPES[t]}",
                                       f"Cornerstone: bind your {ENERGY[t]} instead of activating",
                                       (f"bound:{region}",), (key, t)))
        return
    if hook.key() != key:
        return
    ctx.emit(ev.PowerUsed(hook.seat, pw.id, "binds"))
    hook.value = hook.choice.data[1]
    hook.handled = True


applied_in("bind_from_section", _cornerstone, ParticipantFrame.step, ParticipantFrame.apply)


# --- loading and actions (R5, R6): Ignotas I and II, Chronari II, Rusne I ----------------------


@power("on_load_wild_into_position", "recharge")
def _keepers_charge(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Ignotas I (R25.5): loading one of your Wilds into position 2 may recharge."""
    if power_available(ctx, hook.seat, pw.tier):
        ctx.push(OptionalPowerFrame(hook.seat, pw.tier,
                                    "Keeper's Charge: recharge your Channel Marker"))


@use("recharge")
def _use_keepers_charge(ctx: Ctx, seat: int, pw: PowerDef) -> None:
    recharge(ctx, seat)


@power("before_position_action", "swap_top_row_with_exhausted")
def _custodian(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Ignotas II: before the position-2 action, a swap with the Exhausted Pool."""
    if power_available(ctx, hook.seat, pw.tier):
        ctx.push(CustodianFrame(hook.seat, pw.tier))


applied_in("swap_top_row_with_exhausted", _custodian, perform_action)


@power("on_recharge_while_charged", "free_reserve")
def _edict_of_plenty(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Ignotas III: a recharge while charged may free 1 energy of any type instead."""
    if power_available(ctx, hook.seat, pw.tier) and sum(ctx.s.players[hook.seat].reserve) > 0:
        ctx.push(PowerOfferFrame(hook.seat, pw.tier, "Edict of Plenty: free 1 energy of any type"))


@power("start_of_advance_turn", "reverse_advance_direction")
def _reverse_flow(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Chronari II (R25.6.2): exhaust one Device energy to push from the right this turn."""
    key = pw.effect.effect
    seat = hook.seat
    if hook.choice is None:
        if not power_available(ctx, seat, pw.tier):
            return
        p = ctx.s.players[seat]
        for pos in range(1, 6):
            tile = p.device[pos - 1]
            for row in ROWS:
                seen = set()
                for t in p.top[tile] if row == "top" else p.bottom[tile]:
                    if t != EMPTY and t not in seen:
                        seen.add(t)
                        loc = f"slot:{pos}:{row}"
                        hook.choices.append(Choice(
                            f"reverse:{loc}:{TYPES[t]}",
                            f"Reverse Flow: exhaust the {ENERGY[t]} at position {pos} ({row}) "
                            "and push from the right", (loc,), (key, (loc, t))))
        return
    if hook.key() != key:
        return
    loc, t = hook.choice.data[1]
    mark_power_used(ctx, seat, pw.tier)
    move_energy(ctx, seat, t, loc, "exhausted", "Reverse Flow cost")
    ctx.emit(ev.PowerUsed(seat, power_id(ctx, seat, pw.tier), "pushes from the right this turn"))
    hook.value = True
    hook.handled = True


applied_in("reverse_advance_direction", _reverse_flow, AdvanceFrame.step, AdvanceFrame.apply)


@power("after_first_push_of_two", "count_conduits")
def _undertow(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Rusne I: before the second push, gain the conduit movement now."""
    if power_available(ctx, hook.seat, pw.tier) and sum(conduit_points(ctx, hook.seat)) > 0:
        ctx.push(OptionalPowerFrame(hook.seat, pw.tier, "Undertow: count conduits now"))


@use("count_conduits")
def _use_undertow(ctx: Ctx, seat: int, pw: PowerDef) -> None:
    push_conduit_movement(ctx, seat, pw.name)


# --- Claim (R9): Valimod II --------------------------------------------------------------------


@power("claim_step_2", "movement_per_claimed_icon")
def _resonance(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Valimod II (R25.7.6): movement for each icon on the claimed tiles."""
    icons: tuple[str, ...] = hook.info["icons"]
    seat = hook.seat
    if not (power_available(ctx, seat, pw.tier) and icons):
        return
    if not isinstance(pw.effect, MovementPerClaimedIconEffect):
        return
    mark_power_used(ctx, seat, pw.tier)
    per = pw.effect.per_icon
    ctx.push(MoveFrame.make(ctx, seat, char=per * icons.count("move"),
                            mon=per * icons.count("monument"), pil=per * icons.count("pillar"),
                            source="Resonance"))
    hook.handled = True


applied_in("movement_per_claimed_icon", _resonance, ClaimFrame.step)


# --- end of turn (R4.3 E3): every power "at the end of a turn on which you entered a region" ---

E3 = "end_of_turn_if_entered_region"


def _e3(ctx: Ctx, hook: Hook, pw: PowerDef) -> None:
    """Offer the power (if usable now and possible), or use it when chosen."""
    seat = hook.seat
    if hook.choice is None:
        if not power_available(ctx, seat, pw.tier) or pw.id in hook.info.get("declined", ()):
            return
        if hook.info.get("check"):  # has_e3_work: one usable power is enough (not possible)
            hook.value = True
            return
        if not _possible(ctx, seat, pw):
            return
        hook.choices.append(Choice(f"use:{pw.id}", f"{pw.name}: {pw.text}", (f"power:{pw.id}",),
                                   (pw.id, pw.tier)))
        return
    if hook.key() != pw.id:
        return
    mark_power_used(ctx, seat, pw.tier)
    ctx.emit(ev.PowerUsed(seat, pw.id, pw.name))
    if isinstance(pw.effect, SequenceEffect):  # Aureon III: both track steps in one
        steps = [x for x in pw.effect.steps if isinstance(x, MoveTrackEffect)]  # opportunity
        mon = sum(x.amount for x in steps if x.track == "monument")
        pil = sum(x.amount for x in steps if x.track == "pillar")
        ctx.push(MoveFrame.make(ctx, seat, mon=mon, pil=pil, source=pw.name))
    else:  # Migration, Entropy, Rusne's conduits, Valimod III: through the effect registry
        push_effect(ctx, seat, pw.effect, pw.name)
    hook.handled = True


def _possible(ctx: Ctx, seat: int, pw: PowerDef) -> bool:
    name = pw.effect.effect
    if name == "relocate_bound_energy":
        return bool(migration_options(ctx, seat))
    if name == "construct_and_deconstruct":
        return bool(entropy_starts(ctx, seat))
    if name == "count_conduits":
        return sum(conduit_points(ctx, seat)) > 0
    if name == "rearrange_conduits":
        return sum(1 for c in ctx.s.players[seat].conduits if c) > 0
    return True


for _effect in ("relocate_bound_energy", "sequence", "rearrange_conduits", "count_conduits",
                "construct_and_deconstruct", "replenish_tile"):
    power(E3, _effect)(_e3)

"""The Folklore Cards' effects (R26.6, R26.7, R28; expansion README "Effect vocabulary"):
every effect of every option of every card is played by a registered handler (or belongs to
the Folklore module / the Doublers and Scoring Cards, which other rule areas play), each can be
pushed on a real position and resolved by always taking the first choice, and the rules the
cards need hold one by one on real positions (tests/builder.py).

The regions where a seat has an Artifact come from the query "artifact_regions", which the
Folklore module answers; here a small test-only module answers it from a list.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import Game
from engine.aac import display, invariants, modules
from engine.aac import events as ev
from engine.aac.catalog.effects import (
    EffectBase,
    MovementPointsEffect,
    effect_from_plain,
    effect_plain,
    walk,
)
from engine.aac.catalog.expansion.folklore_cards import FolkloreCard
from engine.aac.core import Ctx
from engine.aac.data import rules
from engine.aac.log import describe
from engine.aac.modules import ModuleDef
from engine.aac.names import KIND_WORDS
from engine.aac.rules.actions import ActionsFrame
from engine.aac.rules.effects import applications, handlers, push_effect
from engine.aac.rules.movement import TRACK_MOVEMENT_FORFEITED
from engine.aac.rules.turn import start_turn_flags
from engine.aac.state import EMPTY, state_from_dict, state_to_dict
from engine.aac.triggers import Hook
from engine.kernel.definition import definitions
from tests.builder import T, choice_ids, clear_device, ctx, load, make_game, rerun
from tests.test_conformance import check_round_trip

# Effects of the cards that other rule areas play (issue 14: the Folklore module and the
# shared Doublers and Scoring Cards), and the movement points the Folklore module plays (per
# Artifact region; track-only points, which it shares with R26.3.1's forfeit, O69).
OWNED_ELSEWHERE = frozenset({"folklore_track", "prime_artifact", "place_doubler",
                             "gain_scoring_card"})


def owned_elsewhere(e: EffectBase) -> bool:
    if isinstance(e, MovementPointsEffect):
        return e.per is not None or set(e.kinds) != {"character", "monument", "pillar"}
    return e.effect in OWNED_ELSEWHERE


FAKE = "cardfx_artifact_regions"


def _artifact_regions(ctx: Ctx, hook: Hook) -> None:
    hook.value = tuple(ctx.s.ext[FAKE][hook.seat])


def _running_out_extended(ctx: Ctx, hook: Hook) -> None:
    hook.value = True  # as the Folklore module answers (R26.7.1)


@pytest.fixture(autouse=True)
def artifact_module() -> Iterator[None]:
    """A test-only module that answers "artifact_regions" from ext[FAKE] (seat -> regions)
    and "running_out_extended"."""
    modules.register_module(ModuleDef(FAKE, "Artifacts (test)", "Answers artifact_regions.",
                                      triggers={"artifact_regions": _artifact_regions,
                                                "running_out_extended": _running_out_extended}))
    yield
    modules.unregister_module(FAKE)


def cards() -> tuple[FolkloreCard, ...]:
    exp = rules().expansion
    assert exp is not None
    return exp.folklore_cards.cards


def card(card_id: str) -> FolkloreCard:
    return next(c for c in cards() if c.id == card_id)


def option_effect(option_id: str, name: str) -> EffectBase:
    """The first effect called `name` in a card option (nested ones included)."""
    card_id = option_id.rsplit("_", 1)[0]
    for o in card(card_id).options:
        if o.id == option_id:
            for top in o.effects:
                for e in walk(top):
                    if e.effect == name:
                        return e
    raise AssertionError(f"{option_id} has no {name}")


SEAT = 0


def position(players: int = 3, characters: list[str | None] | None = None,
             artifacts: list[str] | None = None) -> Game:
    """A real game with seat 0's energy spread out (every energy kept, R1.5): an empty
    device, energy moved from the Exhausted Pool into two bound areas, onto a Pillar and into
    the Tile Pool's bank; seat 0 has Artifacts in `artifacts` (regions; default: its figure's
    region)."""
    chars = characters or ["multanec", "freyith", "chronari", "aureon", "rusne"][:players]
    g = make_game(players, characters=chars, seed=5)
    s = g.state
    p = s.players[SEAT]
    clear_device(g, SEAT)
    here = g.rules.space_regions[p.figure][0]
    far = [reg for reg in g.rules.region_order if reg != here]

    def take(t: int) -> None:
        assert p.exhausted[t] > 0
        p.exhausted[t] -= 1

    for t, reg in ((T("compass"), far[0]), (T("rose"), far[1])):
        take(t)
        s.bound[reg][SEAT][t] += 1
    take(T("magnet"))
    s.pillars[g.rules.regions[far[2]].pillar_left] = SEAT * 4 + T("magnet")
    for t in (T("compass"), T("rose")):
        take(t)
        p.shop[t] += 1
    assert all(p.exhausted[t] >= 1 for t in range(4)), p.exhausted
    s.modules = (FAKE,)
    s.ext[FAKE] = [list(artifacts if artifacts is not None else [here])] + [[]] * (players - 1)
    return g


def at_figure(g: Game, seat: int = SEAT) -> str:
    return f"artifact:{g.state.players[seat].figure}"


def push(g: Game, e: EffectBase, source: str = "", at: str = "", seat: int = SEAT) -> int:
    """Push an effect for `seat` on the current position and run to its first decision;
    returns the stack depth it started from."""
    depth = len(g.state.stack)
    push_effect(ctx(g), seat, e, source, at=at)
    rerun(g)
    return depth


def resolve_first(g: Game, depth: int, limit: int = 300) -> int:
    """Take the first choice until the pushed effect's frames are done; returns the number
    of decisions taken."""
    n = 0
    while len(g.state.stack) > depth:
        assert g.pending is not None, "frames left but no decision"
        assert n < limit, f"no end after {limit} decisions: {g.pending.kind}"
        g.choose(g.pending.choices[0].id)
        n += 1
    return n


def card_effects() -> Iterator[tuple[FolkloreCard, str, EffectBase]]:
    """(card, option id, effect) for every effect of every option, costs and nested effects
    included."""
    for c in cards():
        for o in c.options:
            for top in tuple(o.cost) + tuple(o.effects):
                for e in walk(top):
                    yield c, o.id, e


# --- coverage ----------------------------------------------------------------------------------


def test_r28_every_folklore_card_effect_has_a_handler_or_an_owner() -> None:
    """Every effect of the 126 options is carried out by a registered handler, or is one of
    the four names the Folklore module and the Doublers/Scoring Cards play."""
    played = set(handlers()) | set(applications())
    seen = set()
    for c, oid, e in card_effects():
        seen.add(e.effect)
        assert e.effect in played or e.effect in OWNED_ELSEWHERE, (c.id, oid, e.effect)
    assert seen >= OWNED_ELSEWHERE
    mine = {"activate_exhausted", "bind_energy", "place_energy", "players_act",
            "rearrange_tiles", "return_to_reserve", "swap_action_tokens", "swap_with_exhausted",
            "movement_per_tile_icon"}
    assert mine <= seen and mine <= set(handlers())


def _distinct_effects() -> list[tuple[str, str, dict[str, Any]]]:
    """One (card name, option id, plain effect) per distinct effect shape (ids ignored) that
    this rule area's handlers resolve."""
    out: dict[str, tuple[str, str, dict[str, Any]]] = {}
    for c, oid, e in card_effects():
        if owned_elsewhere(e) or e.effect in ("sequence", "choice"):
            continue
        plain = {k: v for k, v in effect_plain(e).items() if k != "id"}
        if e.effect == "players_act":
            plain["effects"] = [{k: v for k, v in x.items() if k != "id"}
                                for x in plain["effects"]]
        out.setdefault(json.dumps(plain, sort_keys=True), (c.name, oid, plain))
    return sorted(out.values(), key=lambda x: x[1])


EFFECTS = _distinct_effects()


@pytest.mark.parametrize("turn_type", ["advance", "actions"])
def test_r26_6_each_card_effect_resolves_taking_the_first_choice(turn_type: str) -> None:
    """Every distinct effect shape of the cards, pushed on a real position with the card's
    name as its source and the figure's space as the Artifact's, resolves to the end when the
    first choice is always taken; every decision it asks is in catalog words."""
    assert len(EFFECTS) >= 40
    base = position()
    base.state.turn_type = turn_type
    kinds = set()
    for name, oid, plain in EFFECTS:
        g = base.clone()
        depth = push(g, effect_from_plain(plain), name, at_figure(g))
        while len(g.state.stack) > depth:
            d = g.pending
            assert d is not None, oid
            kinds.add(d.kind)
            assert "_" not in d.prompt and all("_" not in ch.label for ch in d.choices), (
                oid, d.prompt, [ch.label for ch in d.choices])
            g.choose(d.choices[0].id)
        assert g.state.stack[:depth] == base.state.stack[:depth]
    assert kinds - set(KIND_WORDS) == set(), sorted(kinds - set(KIND_WORDS))


# --- R26.6.1 several players act ---------------------------------------------------------------


def test_r26_6_1_opponents_act_clockwise_from_the_owners_left_then_decline_or_act() -> None:
    """Aureon 2 B: each opponent may free 1 energy; with 4 players and the owner in seat 2,
    seat 3 decides first, then 0, then 1; an opponent who acts frees as their own."""
    g = position(4)
    e = option_effect("aureon_2_b", "players_act")
    owner = 2
    push(g, e, card("aureon_2").name, seat=owner)
    order = []
    freed = {}
    while g.pending is not None and g.pending.kind == "players_act":
        seat = g.pending.seat
        order.append(seat)
        assert g.pending.prompt.startswith(card("aureon_2").name)
        if seat == 0:
            g.choose("decline")
            continue
        before = sum(g.state.players[seat].reserve)
        g.choose("act")
        assert g.pending is not None and g.pending.seat == seat
        g.choose(g.pending.choices[0].id)  # the energy to free
        freed[seat] = before - sum(g.state.players[seat].reserve)
    assert order == [3, 0, 1]
    assert freed == {3: 1, 1: 1}
    assert g.pending is not None and g.pending.kind == "turn_type"


# --- R26.7.1 Running Out: bind, load, return and place, not activate or swap ------------------


def test_r26_7_1_bind_from_an_empty_pool_takes_as_when_running_out() -> None:
    """Freyith 3 C: bind 1 from the Exhausted Pool in the Artifact's region; with an empty
    pool the energy may come from a slot (R14.3)."""
    g = position()
    p = g.state.players[SEAT]
    load(g, SEAT, 2, "top", "rose")
    p.exhausted = [0, 0, 0, 0]
    here = g.rules.space_regions[p.figure][0]
    push(g, option_effect("freyith_3_c", "bind_energy"), card("freyith_3").name, at_figure(g))
    assert g.pending is not None and g.pending.kind == "bind_from_pool"
    running = [c for c in g.pending.choices if c.label.startswith("Running out: bind a Rose")
               and c.data[0] == "slot:2:top"]
    assert running and all(c.label.startswith("Running out: bind") for c in g.pending.choices
                           if c.id != "stop")
    # only the Artifact's region: its bound area and its open Pillar space
    assert {c.data[2] for c in running} <= {f"bound:{here}",
                                            f"pillar:{g.rules.regions[here].pillar_left}"}
    g.choose(next(c.id for c in running if c.data[2] == f"bound:{here}"))
    assert g.state.bound[here][SEAT][T("rose")] == 1
    assert g.state.players[SEAT].top[p.device[1]].count(EMPTY) == len(p.top[p.device[1]])


def test_r26_7_1_activate_and_swap_never_run_out() -> None:
    """Chronari 1 B (activate) and Ignotas 4 B (swap) with an empty pool: nothing to do, even
    with energy in slots and on the tracks (R14.6)."""
    for oid, name in (("chronari_1_b", "activate_exhausted"),
                      ("ignotas_4_b", "swap_with_exhausted")):
        g = position()
        load(g, SEAT, 1, "bottom", "magnet")
        g.state.players[SEAT].exhausted = [0, 0, 0, 0]
        depth = push(g, option_effect(oid, name), "x")
        assert len(g.state.stack) == depth, oid
        assert g.pending is not None and g.pending.kind == "turn_type"


def test_r26_7_1_a_typed_wild_load_runs_out_when_the_pool_has_no_wild() -> None:
    """Ignotas's "load 1 Wild" (wild_from_exhausted, any empty slot): no Wild in the pool but
    one in the Tile Pool's bank: taken as when running out (expansion ruling 4)."""
    e = next(e for _, _, e in card_effects()
             if e.effect == "load_energy" and "wild_from_exhausted" in effect_plain(e)["energies"])
    g = position()
    p = g.state.players[SEAT]
    p.exhausted[T("wild")] = 0
    p.shop[T("wild")] = 1
    push(g, e, "x")
    assert g.pending is not None and g.pending.kind == "load_energy"
    wild = [c for c in g.pending.choices if c.data is not None and c.data[1] == T("wild")]
    assert [c.data[0] for c in wild] == ["shop"]
    g.choose(wild[0].id)
    assert g.pending is not None and g.pending.kind == "load_slot_any"
    g.choose("to:slot:4:bottom")
    assert p.bottom[p.device[3]].count(T("wild")) == 1 and p.shop[T("wild")] == 0


def test_r26_6_2_energy_loaded_on_an_actions_turn_can_be_spent_at_once() -> None:
    """Rusnė 2 B's owner part (load 1 energy into any empty slots) on an Actions turn: the
    energy loaded into a bottom row is offered as an action right away."""
    g = position(2, ["rusne", "aureon"])
    s = g.state
    s.active = SEAT
    s.turn_type = "actions"
    from_card = next(e for _, oid, e in card_effects()
                     if oid == "rusne_2_b" and e.effect == "load_energy"
                     and effect_plain(e)["energies"] == ["one_from_exhausted"])
    ids = choice_ids(g)
    assert ids  # the position's own decision, before the card
    push(g, from_card, card("rusne_2").name)
    g.choose("e:rose")
    g.choose("to:slot:3:bottom")
    assert g.state.players[SEAT].bottom[g.state.players[SEAT].device[2]][0] == T("rose")
    # the ActionsFrame of this turn offers the Rose at position 3
    g.state.stack.append(ActionsFrame(SEAT))
    rerun(g)
    assert "act:3:rose" in choice_ids(g)


def test_r26_7_1_return_to_reserve_fills_an_empty_space_of_its_own_type() -> None:
    """Chronari 3 B: return 1 energy to the Energy Reserve; only types with an empty space."""
    g = position()
    p = g.state.players[SEAT]
    roses = p.exhausted[T("rose")]
    p.reserve[T("rose")] -= 1  # one Rose freed earlier: only a Rose can go back
    p.exhausted[T("rose")] += 1
    push(g, option_effect("chronari_3_b", "return_to_reserve"), card("chronari_3").name)
    assert g.pending is not None
    assert [c.id for c in g.pending.choices] == ["ret:rose", "stop"]
    g.choose("ret:rose")
    assert p.reserve == [2, 2, 2, 2] and p.exhausted[T("rose")] == roses


# --- R26.7.2 Multanec 6 ------------------------------------------------------------------------


def _open_spaces(g: Game, mon: str) -> list[int]:
    return [i for i, c in enumerate(g.state.monuments[mon].spaces) if c == EMPTY]


def test_multanec_6_places_a_reserve_energy_without_completing_a_section() -> None:
    """R26.7.2: only matching empty spaces of sections with another empty space are offered;
    the energy leaves the Reserve (freeing it: the pair's second one recharges, R17.3)."""
    g = position()
    s = g.state
    p = s.players[SEAT]
    p.reserve = [2, 1, 2, 0]
    p.charged = False
    mon = next(iter(s.monuments))
    syms = g.rules.sections[s.monuments[mon].stack[0]].symbols
    e = option_effect("multanec_6_b", "place_energy")
    push(g, e, card("multanec_6").name)
    assert g.pending is not None and g.pending.kind == "place_from_reserve"
    ids = choice_ids(g)
    assert not any(i.startswith("place:wild") for i in ids)  # non-Wild types only
    rose = [c for c in g.pending.choices if c.id.startswith(f"place:rose>section:{mon}:")]
    assert {c.data[1] for c in rose} >= {f"section:{mon}:{i}" for i in _open_spaces(g, mon)
                                         if syms[i] == T("rose")}
    g.choose(rose[0].id)
    assert p.reserve[T("rose")] == 0 and p.charged  # the Rose row emptied: recharged
    assert not s.monuments[mon].completed


def test_multanec_6_exhausts_the_energy_when_every_placement_would_complete() -> None:
    """R26.7.2: every section has one empty space left: the energy is exhausted instead."""
    g = position()
    s = g.state
    p = s.players[SEAT]
    for m in s.monuments.values():
        for i in range(len(m.spaces) - 1):
            m.spaces[i] = 1 * 4 + T("wild")  # another seat's energy
        m.spaces[-1] = EMPTY
    push(g, option_effect("multanec_6_b", "place_energy"), card("multanec_6").name)
    assert g.pending is not None
    ids = choice_ids(g)
    assert ids == ["exhaust:compass", "exhaust:rose", "exhaust:magnet", "stop"]
    before = p.exhausted[T("magnet")]
    g.choose("exhaust:magnet")
    assert p.exhausted[T("magnet")] == before + 1 and p.reserve[T("magnet")] == 1
    assert not any(m.completed for m in s.monuments.values())


# --- R26.6.4 rearranging tiles -----------------------------------------------------------------


def _track_choices(g: Game) -> list[str]:
    return [i for i in choice_ids(g) if i.startswith(("monument", "pillar"))]


@pytest.mark.parametrize("turn_type,forfeit", [("advance", True), ("actions", False)])
def test_r26_6_4_rearranging_tiles_on_an_advance_turn_forfeits_track_movement(
        turn_type: str, forfeit: bool) -> None:
    """Rusnė 4 C: the tiles change places with their energy; on an Advance turn no Monument or
    Pillar Track movement follows for the rest of that turn (not on an Actions turn)."""
    g = position()
    s = g.state
    s.turn_type = turn_type
    p = s.players[SEAT]
    load(g, SEAT, 1, "top", "rose")
    first, second = p.device[0], p.device[1]
    depth = push(g, option_effect("rusne_4_c", "rearrange_tiles"), card("rusne_4").name)
    g.choose("swap:1:2")
    g.choose("done")
    assert len(s.stack) == depth
    assert p.device[:2] == [second, first] and p.top[first].count(T("rose")) == 1
    assert (TRACK_MOVEMENT_FORFEITED in p.used) is forfeit
    push(g, effect_from_plain({"effect": "move_track", "track": "monument", "amount": 2}), "x")
    assert (not _track_choices(g)) is forfeit


def test_r26_6_4_the_forfeit_ends_with_the_turn() -> None:
    g = position()
    g.state.turn_type = "advance"
    push(g, option_effect("chronari_1_c", "rearrange_tiles"), card("chronari_1").name)
    g.choose("swap:2:5")
    g.choose("done")
    p = g.state.players[SEAT]
    assert TRACK_MOVEMENT_FORFEITED in p.used
    start_turn_flags(ctx(g))
    assert TRACK_MOVEMENT_FORFEITED not in p.used


# --- R26.7.3 / R18.3 swapped Action Tokens -----------------------------------------------------


def test_multanec_4_swapped_action_tokens_take_their_upgrade_where_they_sit() -> None:
    """R18.3: after Multanec 4 swaps the tokens of positions 2 and 5, the action 2 upgrade
    goes to position 5, and position 2 (now action 5) cannot be upgraded."""
    g = position()
    p = g.state.players[SEAT]
    push(g, option_effect("multanec_4_b", "swap_action_tokens"), card("multanec_4").name)
    assert g.pending is not None and g.pending.kind == "swap_action_tokens"
    g.choose("swap:2:5")
    assert p.actions[1] == "act_default_5" and p.actions[4] == "act_default_2"
    push(g, effect_from_plain({"effect": "upgrade_action"}), "x")
    assert g.pending is not None and g.pending.kind == "upgrade"
    positions = {c.data[0] for c in g.pending.choices}
    assert 5 in positions and 2 not in positions
    pick = next(c for c in g.pending.choices if c.data[0] == 5)
    g.choose(pick.id)
    assert g.rules.action_tokens[p.actions[4]].column == 2
    assert g.rules.action_tokens[p.actions[4]].upgrade


# --- R26.6.3 teleports into a region with an Artifact --------------------------------------------


def test_r26_6_3_teleport_into_a_region_with_your_artifact_then_face() -> None:
    """Valimod's teleport to a non-Bridge space of a region where you have an Artifact (the
    regions come from the query "artifact_regions"); afterwards, choose facing."""
    g = position(artifacts=["r_north", "r_east"])
    e = next(e for _, _, e in card_effects() if e.effect == "teleport_character"
             and effect_plain(e)["to"] == "non_bridge_space_in_region_with_your_artifact")
    push(g, e, "Valimod's card")
    assert g.pending is not None and g.pending.kind == "teleport"
    spaces = [c.data for c in g.pending.choices]
    assert spaces and all(g.rules.space_regions[sp][0] in ("r_north", "r_east") for sp in spaces)
    assert not set(spaces) & set(g.rules.bridge_spaces)
    g.choose(g.pending.choices[0].id)
    assert g.pending is not None and g.pending.kind == "facing"
    g.choose(g.pending.choices[0].id)
    assert g.state.players[SEAT].figure == spaces[0]


def test_r26_6_3_no_artifact_no_teleport() -> None:
    g = position(artifacts=[])
    e = next(e for _, _, e in card_effects() if e.effect == "teleport_character"
             and effect_plain(e)["to"] == "non_bridge_space_in_region_with_your_artifact")
    figure = g.state.players[SEAT].figure
    depth = push(g, e, "x")
    assert len(g.state.stack) == depth and g.state.players[SEAT].figure == figure


# --- Freyith's relocations (presence regions) ----------------------------------------------------


def test_freyith_2_moves_up_to_2_bound_energy_into_regions_where_she_is_present() -> None:
    """freyith_2 B: each move ends in the figure's region (or a Bridge Token's), in a
    monument's bound area or on a Pillar with room."""
    g = position(characters=["freyith", "aureon", "chronari"])
    s = g.state
    here = g.rules.space_regions[s.players[SEAT].figure][0]
    push(g, option_effect("freyith_2_b", "relocate_bound_energy"), card("freyith_2").name)
    assert g.pending is not None and g.pending.kind == "relocate_bound"
    dsts = {c.data[1] for c in g.pending.choices if c.id != "stop"}
    rd = g.rules.regions[here]
    allowed = {f"pillar:{rd.pillar_left}"}
    if g.rules.monument_by_region.get(here, "") in s.monuments:
        allowed.add(f"bound:{here}")
    assert dsts and dsts <= allowed
    pillar = next(c for c in g.pending.choices if c.id != "stop" and c.data[1].startswith("pil"))
    g.choose(pillar.id)
    assert s.pillars[rd.pillar_left] == SEAT * 4 + pillar.data[2]
    # the second move: the Pillars of her region are taken now (one per region)
    assert g.pending is not None and g.pending.kind in ("relocate_bound", "turn_type")
    if g.pending.kind == "relocate_bound":
        assert all(not c.data[1].startswith("pillar:") for c in g.pending.choices
                   if c.id != "stop")


# --- activating exhausted energy -----------------------------------------------------------------


def test_chronari_1_activating_an_exhausted_rose_gives_2_movement_and_it_stays() -> None:
    g = position()
    p = g.state.players[SEAT]
    roses = p.exhausted[T("rose")]
    push(g, option_effect("chronari_1_b", "activate_exhausted"), card("chronari_1").name)
    assert g.pending is not None and g.pending.kind == "activate_exhausted"
    g.choose("activate:rose")
    assert g.pending is not None and g.pending.kind == "move"
    assert "2 for anything" in g.pending.prompt
    assert p.exhausted[T("rose")] == roses


def test_chronari_2_an_exhausted_magnet_may_be_loaded_into_any_empty_slot() -> None:
    g = position()
    p = g.state.players[SEAT]
    push(g, option_effect("chronari_2_c", "activate_exhausted"), card("chronari_2").name)
    g.choose("activate:magnet")
    assert g.pending is not None and g.pending.kind == "pool_magnet"
    g.choose("load:slot:5:bottom")
    assert p.bottom[p.device[4]].count(T("magnet")) == 1
    # the second activation of "up to 2"
    assert g.pending is not None and g.pending.kind == "activate_exhausted"


def test_chronari_1_an_exhausted_wild_triggers_rewind() -> None:
    """Chronari I (Rewind) triggers on a Wild activation, also from the Exhausted Pool."""
    g = position(characters=["chronari", "aureon", "freyith"])
    p = g.state.players[SEAT]
    p.bridge_loc[0] = "box"  # tier I uncovered (R25.1)
    push(g, option_effect("chronari_1_b", "activate_exhausted"), card("chronari_1").name)
    g.choose("activate:wild")
    assert g.pending is not None and g.pending.kind == "rewind"
    g.choose("wild:3:top")
    assert p.top[p.device[2]].count(T("wild")) == 1 and p.exhausted[T("wild")] == 0


# --- the remaining shapes ------------------------------------------------------------------------


def test_aureon_2_free_2_energy_of_different_types() -> None:
    """free_reserve ["any", "any"]: the second energy is of another type than the first."""
    g = position()
    e = next(e for _, oid, e in card_effects() if oid == "aureon_2_b"
             and e.effect == "free_reserve" and len(effect_plain(e)["types"]) == 2)
    push(g, e, card("aureon_2").name)
    g.choose("free:rose")
    assert g.pending is not None and g.pending.kind == "free_any"
    assert "free:rose" not in choice_ids(g) and "free:compass" in choice_ids(g)


def test_valimod_4_movement_from_the_icons_of_one_tile() -> None:
    g = position()
    p = g.state.players[SEAT]
    push(g, option_effect("valimod_4_b", "movement_per_tile_icon"), card("valimod_4").name)
    assert g.pending is not None and g.pending.kind == "tile_icon_movement"
    c = g.pending.choices[0]
    icons = g.rules.tiles[c.data].icons
    g.choose(c.id)
    frame = g.state.stack[-1]
    assert (frame.char, frame.mon, frame.pil) == (2 * icons.count("move"),
                                                  2 * icons.count("monument"),
                                                  2 * icons.count("pillar"))
    assert c.data in p.device


def test_ignotas_4_swap_slot_energy_with_the_exhausted_pool() -> None:
    g = position()
    p = g.state.players[SEAT]
    load(g, SEAT, 2, "bottom", "compass")
    compasses = p.exhausted[T("compass")]
    push(g, option_effect("ignotas_4_b", "swap_with_exhausted"), card("ignotas_4").name)
    assert g.pending is not None and g.pending.kind == "swap_with_exhausted"
    g.choose("swap:2:bottom:compass>wild")
    assert p.bottom[p.device[1]].count(T("wild")) == 1
    assert p.exhausted[T("compass")] == compasses + 1


# --- events: the table's walk and the log ------------------------------------------------------


def test_r18_3_rearranged_tiles_and_swapped_tokens_walk_the_display_and_log_in_names() -> None:
    """Multanec 4 then an upgrade, Rusnė 4's rearrangement: the shown copy, walked event by
    event (engine.aac.display), reaches the engine's device and Action Tokens; the log names
    tiles and tokens, never ids."""
    g = position()
    shown = state_from_dict(state_to_dict(g.state))
    events: list[Any] = []
    push(g, option_effect("multanec_4_b", "swap_action_tokens"), card("multanec_4").name)
    events += g.choose("swap:2:5")
    push(g, effect_from_plain({"effect": "upgrade_action"}), "x")
    events += g.choose(next(c.id for c in g.pending.choices if c.data[0] == 5))
    push(g, option_effect("rusne_4_c", "rearrange_tiles"), card("rusne_4").name)
    events += g.choose("swap:1:4")
    events += g.choose("done")
    for e in events:
        display.apply(shown, g.rules, e)
    p, q = g.state.players[SEAT], shown.players[SEAT]
    assert q.device == p.device and q.actions == p.actions
    kinds = {type(e) for e in events}
    assert {ev.TilesRearranged, ev.ActionTokensSwapped, ev.ActionUpgraded} <= kinds
    chars = [pl.character for pl in g.state.players]
    for e in events:
        if isinstance(e, ev.TilesRearranged | ev.ActionTokensSwapped):
            line = describe(e, g.rules, chars)
            assert "_" not in line, line
            assert "Multanec" in line


@pytest.mark.parametrize("module_on", [True, False])
def test_r26_7_1_a_module_extends_running_out_to_deposits_with_the_option_off(
        module_on: bool) -> None:
    """Valimod 2 B's Tile Pool deposit with an empty pool and the rules option "Running Out
    for every effect" off: the Folklore rule (R26.7.1) still lets the energy come from a slot;
    without the module nothing can be deposited."""
    g = position()
    s = g.state
    s.options["running_out_everywhere"] = False
    if not module_on:
        s.modules = ()
    p = s.players[SEAT]
    load(g, SEAT, 3, "top", "compass")
    p.exhausted = [0, 0, 0, 0]
    depth = push(g, option_effect("valimod_2_b", "shop_deposit"), card("valimod_2").name)
    if module_on:
        assert g.pending is not None and g.pending.kind == "deposit"
        assert any(c.data is not None and c.data[0] == "slot:3:top" for c in g.pending.choices)
    else:
        assert len(s.stack) == depth


def test_multanec_3_binds_from_the_pool_at_any_monument_in_use_and_may_take_its_patron() -> None:
    """bind_energy to "monument", region "any": every monument in use (never a Pillar, never a
    region without its monument); a second energy bound there offers the Patron Token
    (R21.1)."""
    g = position()
    s = g.state
    push(g, option_effect("multanec_3_c", "bind_energy"), card("multanec_3").name)
    assert g.pending is not None and g.pending.kind == "bind_from_pool"
    dsts = {c.data[2] for c in g.pending.choices if c.id != "stop"}
    assert dsts == {f"bound:{g.rules.monuments[m].region}" for m in s.monuments}
    reg = next(reg for reg, rows in s.bound.items() if rows[SEAT][T("compass")]
               and g.rules.monument_by_region.get(reg, "") in s.monuments)
    g.choose(f"bound:{reg}<compass")
    assert s.bound[reg][SEAT][T("compass")] == 2
    assert g.pending is not None and g.pending.kind == "patron_take"


def test_r26_6_1_chronari_2_an_opponent_swaps_as_their_own_without_running_out() -> None:
    """Chronari 2 B: each opponent may swap 1 Device energy with their own Exhausted Pool;
    the swap is offered to that opponent (an opponent with nothing to swap just moves on)."""
    g = position(3)
    s = g.state
    q = s.players[1]
    clear_device(g, 1)
    q.exhausted = [1, 0, 0, 0]
    load(g, 1, 1, "top", "compass")
    q.exhausted[T("rose")] = 1
    push(g, option_effect("chronari_2_b", "players_act"), card("chronari_2").name)
    assert g.pending is not None and g.pending.seat == 1 and g.pending.kind == "players_act"
    g.choose("act")
    assert g.pending is not None and g.pending.seat == 1
    assert g.pending.kind == "swap_with_exhausted"
    g.choose("swap:1:top:compass>rose")
    assert q.top[q.device[0]].count(T("rose")) == 1
    assert g.pending is not None and g.pending.seat == 2 and g.pending.kind == "players_act"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r26_6_each_card_effect_resolves_by_random_choices_keeping_the_invariants(
        seed: int) -> None:
    """Every distinct effect shape, resolved by seeded random choices (other paths than the
    first choice's), ends and keeps the game's invariants (energy conserved, R1.5)."""
    rng = random.Random(seed)
    base = position()
    base.state.turn_type = ("advance", "actions")[seed % 2]
    for name, oid, plain in EFFECTS:
        g = base.clone()
        depth = push(g, effect_from_plain(plain), name, at_figure(g))
        n = 0
        while len(g.state.stack) > depth:
            assert g.pending is not None and n < 300, oid
            g.choose(rng.choice(g.pending.choices).id)
            n += 1
        assert invariants.check(ctx(g)) == [], oid


def test_a_snapshot_taken_inside_any_card_effect_resumes_exactly() -> None:
    """Saves are a promise: at every decision inside every card effect the state's snapshot
    (plain JSON) rebuilds a game with the same snapshot and the same pending decision."""
    aac = next(d for d in definitions() if d.id == "aac")
    rng = random.Random(7)
    base = position()
    for name, oid, plain in EFFECTS:
        g = base.clone()
        depth = push(g, effect_from_plain(plain), name, at_figure(g))
        while len(g.state.stack) > depth:
            check_round_trip(aac, g)
            assert g.pending is not None, oid
            g.choose(rng.choice(g.pending.choices).id)

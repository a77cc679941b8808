"""The effect registry (engine.aac.rules.effects): every effect name of the catalog's vocabulary
reaches the rules through exactly one registration and has player words (engine.aac.names);
no handler exists for a name outside the vocabulary; the expansion's own names are listed as
not yet played. Each base handler is dispatched on a real position."""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import engine.aac.game  # noqa: F401  (registers both modules and their effects)
from engine.aac.catalog import CATALOG_FILES, EXPANSION_FILES, default_data_dir
from engine.aac.catalog.common import walk_models
from engine.aac.catalog.effects import (
    BASE_EFFECTS,
    EFFECT_NAMES,
    EXPANSION_EFFECTS,
    EffectBase,
)
from engine.aac.data import rules
from engine.aac.names import EFFECT_WORDS, describe_effect
from engine.aac.rules import effects as registry
from engine.aac.rules.effects import NOT_YET_PLAYED, applications, handlers, push_effect
from engine.aac.state import EMPTY, FIGURE_IN_POOL
from engine.kernel.frames import Frame
from tests.builder import clear_device, ctx, load, make_game, put_on_section, rerun

# -- the registry covers the vocabulary exactly ------------------------------------------------


def test_every_base_effect_has_exactly_one_registration() -> None:
    carried, applied = set(handlers()), set(applications())
    assert not carried & applied, f"registered twice: {sorted(carried & applied)}"
    missing = BASE_EFFECTS - carried - applied
    assert not missing, f"base effects without a handler: {sorted(missing)}"
    # the base game carries out most effects; the rest change a rule at their trigger
    assert len(carried) >= 28 and len(applied) <= 11


def test_no_handler_outside_the_vocabulary() -> None:
    assert set(handlers()) | set(applications()) <= EFFECT_NAMES
    with pytest.raises(ValueError, match="not an effect"):
        registry.effect("teleport_everyone")
    with pytest.raises(ValueError, match="not an effect"):
        registry.applied_in("summon_dragon", test_no_handler_outside_the_vocabulary)


def test_a_name_cannot_be_registered_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        registry.effect("deploy")
    with pytest.raises(ValueError, match="twice"):
        registry.applied_in("gain_both_perks", test_a_name_cannot_be_registered_twice)


def test_expansion_only_effects_are_all_played() -> None:
    """Their handlers come with the Folklore and Pilgrimage modules (issues 14 and 15): every
    expansion-only name is registered once the game is imported (it imports both modules),
    and NOT_YET_PLAYED is empty; a registered name is refused a second time."""
    registered = set(handlers()) | set(applications())
    assert not NOT_YET_PLAYED
    assert registered >= EXPANSION_EFFECTS
    assert {"folklore_track", "prime_artifact", "pilgrim_move", "construct_shrine"} <= registered
    with pytest.raises(ValueError, match="twice"):
        registry.effect("construct_shrine")  # Pilgrimage's (R27.9)


def test_applied_effects_name_the_rule_code_that_applies_them() -> None:
    for name, where in applications().items():
        assert where, name
        for fn in where:
            assert inspect.isfunction(fn), (name, fn)
            assert fn.__module__.startswith("engine.aac."), (name, fn.__module__)
        sources = "".join(inspect.getsource(fn) for fn in where)
        assert name in sources, (
            f"{name}: none of {[f.__qualname__ for f in where]} mentions it")


def test_an_applied_effect_is_refused_on_its_own_with_the_rule_that_applies_it() -> None:
    """R25.2 Aureon II: the Rose activation applies it; it is not carried out by itself."""
    g = make_game(2)
    rose_wind = next(pw.effect for pw in g.rules.characters["aureon"].powers
                     if pw.effect.effect == "set_rose_activation")
    with pytest.raises(NotImplementedError, match="activate applies it"):
        push_effect(ctx(g), 0, rose_wind)


def test_every_counter_name_has_an_evaluator() -> None:
    """The counting vocabulary (content README "Counters and conditions") likewise."""
    from engine.aac.catalog.counters import COUNTER_NAMES
    from engine.aac.counters import EVALUATORS

    assert len(COUNTER_NAMES) == 15
    assert set(EVALUATORS) == COUNTER_NAMES


# -- player words for every name --------------------------------------------------------------


def _catalog_effects() -> list[EffectBase]:
    r = rules()
    assert r.catalog is not None and r.expansion is not None
    parts: list[object] = [getattr(r.catalog, n.removesuffix(".json")) for n in CATALOG_FILES]
    parts += list(r.expansion.files().values())
    return [node for part in parts for _, node in walk_models(part)
            if isinstance(node, EffectBase)]


def _all_ids() -> set[str]:
    ids: set[str] = set()

    def walk(o: object) -> None:
        if isinstance(o, dict):
            if isinstance(o.get("id"), str):
                ids.add(o["id"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    paths = [default_data_dir() / n for n in CATALOG_FILES]
    paths += [default_data_dir() / "expansion" / n for n in EXPANSION_FILES]
    for p in paths:
        walk(json.loads(p.read_text(encoding="utf-8")))
    return ids - {"move", "monument", "pillar"}  # icon ids that are plain English words


def test_every_effect_name_has_player_words() -> None:
    assert set(EFFECT_WORDS) == EFFECT_NAMES


def test_every_catalog_effect_is_described_without_ids() -> None:
    ids = _all_ids()
    alternatives = "|".join(map(re.escape, sorted(ids, key=len, reverse=True)))
    word = re.compile(r"(?<![\w])(" + alternatives + r")(?![\w])")
    effects = _catalog_effects()
    assert {e.effect for e in effects} == EFFECT_NAMES
    for e in effects:
        text = describe_effect(e)
        assert text and text != "an effect", e
        assert "_" not in text, (e.effect, text)
        assert not word.search(text), (e.effect, text)


# -- every base handler, dispatched on a real position -----------------------------------------

SEAT = 0


def _first(name: str, test: Callable[[Any], bool] = lambda e: True) -> EffectBase:
    return next(e for e in _catalog_effects() if e.effect == name and test(e))


def _game(characters: list[str | None] | None = None) -> Any:
    g = make_game(2, characters=characters or ["freyith", "aureon"], seed=3)
    p = g.state.players[SEAT]
    clear_device(g, SEAT)
    p.exhausted = [3, 3, 3, 1]
    p.shop = [2, 1, 1, 0]
    return g


def _section_energy(g: Any, etype: str) -> str:
    """An energy of seat 0 on a space of a monument's open section that accepts it."""
    s = g.state
    for mid, m in s.monuments.items():
        syms = g.rules.sections[m.stack[0]].symbols
        for i, cell in enumerate(m.spaces):
            if cell == EMPTY and etype in ("wild", ("compass", "rose", "magnet")[syms[i]]):
                put_on_section(g, SEAT, mid, i, etype)
                return f"section:{mid}:{i}"
    raise AssertionError("no space")


def _dispatch(g: Any, e: EffectBase, source: str = "", at: str = "") -> Frame | None:
    depth = len(g.state.stack)
    c = ctx(g)
    push_effect(c, SEAT, e, source, at=at)
    top = g.state.stack[-1] if len(g.state.stack) > depth else None
    rerun(g)
    return top


DECIDES: dict[str, tuple[str, Callable[[Any], EffectBase], Callable[[Any], None]]] = {
    # name: (decision kind it asks, the catalog effect, extra set-up)
    "choice": ("effect_option", lambda g: _first("choice"), lambda g: None),
    "sequence": ("deploy_tile", lambda g: _first(
        "sequence", lambda e: e.steps[0].effect == "deploy"), lambda g: load(g, SEAT, 5, "top",
                                                                          "rose")),
    "free_reserve": ("free_any", lambda g: _first("free_reserve", lambda e: e.types == ("any",)),
                     lambda g: None),
    "shop_deposit": ("deposit", lambda g: _first("shop_deposit"), lambda g: None),
    "replenish_tile": ("replenish_tile", lambda g: _first(
        "replenish_tile", lambda e: e.filter is None), lambda g: None),
    "deploy": ("deploy_tile", lambda g: _first("deploy", lambda e: e.from_positions == (4, 5)),
               lambda g: load(g, SEAT, 4, "top", "magnet")),
    "claim_tiles": ("claim_pick", lambda g: _first("claim_tiles"), lambda g: None),
    "claim_rightmost_free": ("claim_replace", lambda g: _first("claim_rightmost_free"),
                             lambda g: None),
    "reposition": ("reposition_from", lambda g: _first("reposition"), lambda g: None),
    "activate_action": ("channel_position", lambda g: _first("activate_action"), lambda g: None),
    "upgrade_action": ("upgrade", lambda g: _first("upgrade_action"), lambda g: None),
    "gain_conduit": ("conduit", lambda g: _first("gain_conduit"), lambda g: None),
    "rearrange_conduits": ("rearrange_conduits", lambda g: _first("rearrange_conduits"),
                           lambda g: g.state.players[SEAT].conduits.__setitem__(
                               0, g.state.piles[0].pop(0))),
    "count_conduits": ("move", lambda g: _first("count_conduits"), lambda g: _conduit_points(g)),
    "move_character": ("move", lambda g: _first("move_character"), lambda g: None),
    "move_track": ("move", lambda g: _first("move_track"), lambda g: None),
    "movement_points": ("move", lambda g: _first("movement_points"), lambda g: None),
    "place_bridge": ("bridge", lambda g: _first("place_bridge"), lambda g: None),
    "activate_other_bonus_tile": ("copy_bonus", lambda g: _first("activate_other_bonus_tile"),
                                  lambda g: None),
    "teleport_character": ("teleport", lambda g: _first(
        "teleport_character", lambda e: e.to == "any_non_bridge_space"), lambda g: None),
    "fly_character": ("teleport", lambda g: _first("fly_character"), lambda g: None),
    "relocate_bound_energy": ("migration", lambda g: _first("relocate_bound_energy"),
                              lambda g: _bound_elsewhere(g)),
    "construct_and_deconstruct": ("entropy", lambda g: _first("construct_and_deconstruct"),
                                  lambda g: _entropy_ready(g)),
}


def _conduit_points(g: Any) -> None:
    """A winged-foot conduit above a tile with a winged foot (R19.3)."""
    p = g.state.players[SEAT]
    pile = next(pl for pl in g.state.piles if pl and "move" in g.rules.conduit_icons[pl[0]])
    pos = next(i for i, t in enumerate(p.device) if "move" in g.rules.tiles[t].icons)
    p.conduits[pos] = pile.pop(0)


def _bound_elsewhere(g: Any) -> None:
    """Freyith III: bound energy in two other regions than her figure's (two choices; a
    single one would be taken at once)."""
    here = g.rules.space_regions[g.state.players[SEAT].figure][0]
    for other in [reg for reg in g.rules.region_order if reg != here][:2]:
        g.state.bound[other][SEAT][0] += 1
        g.state.players[SEAT].exhausted[0] -= 1


def _entropy_ready(g: Any) -> None:
    """Chronari III: entered two regions with a monument in use while a third monument has a
    section constructed (R25.6.3)."""
    s = g.state
    mons = list(s.monuments)
    other = s.monuments[mons[2]]
    other.built.append(other.stack.pop(0))
    other.spaces = [EMPTY] * len(g.rules.sections[other.stack[0]].symbols)
    for mon in mons[:2]:
        s.players[SEAT].entered.append(g.rules.monuments[mon].region)


@pytest.mark.parametrize("name", sorted(DECIDES))
def test_r6_1_each_base_handler_pushes_its_rule_step(name: str) -> None:
    kind, pick, setup = DECIDES[name]
    g = _game()
    setup(g)
    e = pick(g)
    assert e.effect == name
    frame = _dispatch(g, e, "mb_bridge")
    assert frame is not None, f"{name} pushed nothing"
    assert g.pending is not None and g.pending.kind == kind, (name, g.pending)
    assert g.pending.seat == SEAT


def test_r6_1_choice_labels_are_the_options_in_words() -> None:
    g = _game()
    token = g.rules.action_tokens["act_default_1"]
    _dispatch(g, token.effect, f"position 1: {token.name}")
    assert g.pending is not None
    assert [c.label for c in g.pending.choices] == [
        "Deploy 1 tile from position 4 or 5", "Recharge"]
    assert g.pending.prompt == f"{token.name} (position 1): choose one"


def test_r8_1_recharge_handler_flips_the_channel_marker() -> None:
    g = _game()
    g.state.players[SEAT].charged = False
    _dispatch(g, _first("recharge"))
    assert g.state.players[SEAT].charged


def test_r17_2_free_reserve_of_a_named_type_needs_no_decision() -> None:
    g = _game()
    before = g.state.players[SEAT].reserve[:]
    _dispatch(g, _first("free_reserve", lambda e: e.types == ("compass",)))
    assert g.state.players[SEAT].reserve == [before[0] - 1] + before[1:]


def test_r16_activation_handlers_act_on_the_energy_at_its_section_space() -> None:
    """R16.3 Magnet, R16.4 Compass, R16.5 Wild: the energy types' activation effects."""
    act = rules().energy_activation
    g = _game()
    at = _section_energy(g, "magnet")
    _dispatch(g, act["magnet"], "Magnet", at)
    assert g.pending is not None and g.pending.kind == "magnet"
    g = _game()
    at = _section_energy(g, "compass")
    _dispatch(g, act["compass"], "Compass", at)
    assert g.pending is not None and g.pending.kind == "compass"
    g = _game()
    at = _section_energy(g, "wild")
    wilds = g.state.players[SEAT].exhausted[3]
    _dispatch(g, act["wild"], "Wild", at)
    assert g.state.players[SEAT].exhausted[3] == wilds + 1
    assert g.state.monuments[at.split(":")[1]].spaces[int(at.split(":")[2])] == EMPTY


def test_r25_6_1_rewind_handler_loads_the_activated_wild() -> None:
    g = _game(["chronari", "aureon"])
    at = _section_energy(g, "wild")
    rewind = next(pw.effect for pw in g.rules.characters["chronari"].powers
                  if pw.effect.effect == "load_energy")
    _dispatch(g, rewind, "Rewind", at)
    assert g.pending is not None and g.pending.kind == "rewind"


def test_r25_7_1_teleport_into_the_tile_pool_needs_no_decision() -> None:
    g = _game(["valimod", "aureon"])
    _dispatch(g, _first("teleport_character", lambda e: e.to == "tile_pool"))
    assert g.state.players[SEAT].figure == FIGURE_IN_POOL

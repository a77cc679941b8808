"""The kernel's pieces on their own: frames by explicit kind, generated copies and
(de)serialisation, the game registry, hidden parts, the upgrade chain; and the game's use of
them (the trigger bus reaching every catalog trigger, the state's fields all copied)."""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine.aac  # noqa: F401  (registers An Age Contrived)
from engine import GameConfig, new_game
from engine.aac import triggers
from engine.aac.data import rules
from engine.aac.persist.upgrade import V1_FRAME_KINDS, V1_TURN_PHASES, upgrade
from engine.aac.rules.turn import BASE_STEPS
from engine.aac.state import GameState, PlayerState
from engine.kernel.decisions import Choice, Decision
from engine.kernel.definition import definitions, get, register
from engine.kernel.fields import Record
from engine.kernel.frames import Frame
from engine.kernel.saves import run_upgrades
from tests.kernel_toy import PEBBLES, PebblesDefinition

ROOT = Path(__file__).resolve().parents[1]


# --- frames ------------------------------------------------------------------------------------


def test_a_frame_declares_its_kind_and_a_duplicate_kind_is_refused() -> None:
    @dataclass(slots=True)
    class Probe(Frame, kind="test.probe"):
        seat: int

        def step(self, ctx: Any) -> Decision | None:
            return None

        def apply(self, ctx: Any, c: Choice) -> None:
            pass

    assert Frame.registry["test.probe"] is Probe and Probe.kind == "test.probe"
    assert Probe(2).to_plain() == {"kind": "test.probe", "seat": 2}
    assert Frame.from_plain({"kind": "test.probe", "seat": 3}) == Probe(3)
    with pytest.raises(TypeError, match="'test.probe' is declared twice"):
        @dataclass(slots=True)
        class Other(Frame, kind="test.probe"):
            seat: int

            def step(self, ctx: Any) -> Decision | None:
                return None

            def apply(self, ctx: Any, c: Choice) -> None:
                pass
    with pytest.raises(TypeError, match="must declare its kind"):
        class Nameless(Frame):
            pass
    with pytest.raises(TypeError, match="namespaced by its game"):
        class Bare(Frame, kind="turn"):  # would collide with every other game's "turn"
            pass
    del Frame.registry["test.probe"]


def test_every_frame_of_the_game_has_a_distinct_declared_kind() -> None:
    ours = {k: c for k, c in Frame.registry.items() if c.__module__.startswith("engine.aac")}
    assert len(ours) >= 39
    assert all(re.fullmatch(r"aac\.[a-z][a-z_]*", k) for k in ours)  # namespaced by game
    assert len(set(ours.values())) == len(ours)


# --- generated copies --------------------------------------------------------------------------


@dataclass(slots=True)
class Inner(Record):
    a: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Outer(Record):
    n: int
    name: str = ""
    flag: bool = False
    xs: list[list[int]] = field(default_factory=list)
    by: dict[str, Inner] = field(default_factory=dict)
    t: tuple[str, ...] = ()
    opt: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def test_generated_clone_copies_every_field_deeply() -> None:
    o = Outer(1, "x", True, [[1, 2]], {"k": Inner([3])}, ("a",), 5, {"m": {"l": [1]}})
    c = o.clone()
    assert c == o and c is not o
    c.xs[0].append(9)
    c.by["k"].a.append(9)
    c.extra["m"]["l"].append(9)
    assert o.xs == [[1, 2]] and o.by["k"].a == [3] and o.extra == {"m": {"l": [1]}}


def test_plain_data_round_trips_and_is_strict() -> None:
    o = Outer(1, "x", True, [[1, 2]], {"k": Inner([3])}, ("a", "b"), None, {"m": [1]})
    d = o.to_plain()
    assert json.loads(json.dumps(d)) == d and d["t"] == ["a", "b"]
    back = Outer.from_plain(json.loads(json.dumps(d)))
    assert back == o and back.t == ("a", "b")
    d["xs"][0].append(7)  # the rebuilt object shares nothing with the data
    assert back.xs == [[1, 2]]
    with pytest.raises(KeyError):
        Outer.from_plain({k: v for k, v in d.items() if k != "flag"})  # no silent default
    with pytest.raises(TypeError, match="unknown fields"):
        Outer.from_plain({**d, "surprise": 1})


def test_the_game_state_copies_every_field() -> None:
    """A field added to the state is copied and saved without more code: clone, to_plain and
    from_plain are generated from the dataclass fields."""
    g = new_game(GameConfig(players=3, seed=2))
    for _ in range(200):
        g.choose(g.pending.choices[-1].id)  # type: ignore[union-attr]
    s = g.state
    c = s.clone()
    for f in dataclasses.fields(GameState):
        assert getattr(c, f.name) == getattr(s, f.name), f.name
    for f in dataclasses.fields(PlayerState):
        assert getattr(c.players[1], f.name) == getattr(s.players[1], f.name), f.name
        if isinstance(getattr(s.players[1], f.name), list | dict):
            assert getattr(c.players[1], f.name) is not getattr(s.players[1], f.name), f.name
    assert set(s.to_plain()) == {f.name for f in dataclasses.fields(GameState)}
    assert GameState.from_plain(s.to_plain()) == s


# --- the registry ------------------------------------------------------------------------------


def test_games_register_once_with_their_own_save_format() -> None:
    assert get("aac").title == "An Age Contrived" and get("pebbles") is PEBBLES
    assert [d.id for d in definitions()][:1] == ["aac"]
    register(PEBBLES)  # the same definition again is no change
    with pytest.raises(ValueError, match="registered already"):

        class Impostor(PebblesDefinition):
            pass

        register(Impostor())
    aac = get("aac")
    assert aac.seats == (2, 5) and aac.save_format == "aac-save" and aac.save_version == 6
    assert [c.name for c in aac.score_categories()] == [
        "reserve", "monuments", "pillars", "bridge", "achievements", "tile_pool"]
    assert aac.module_mixes() == [(), ("folklore",), ("pilgrimage",), ("folklore", "pilgrimage")]


# --- hidden information ------------------------------------------------------------------------


def test_the_view_redacts_and_resampling_fills_what_a_seat_may_not_see() -> None:
    g = new_game(GameConfig(players=3, seed=9, expert_loading=True))
    v = g.view(1)
    assert isinstance(v["supply"], int) and "rng" not in v  # the supply order, the RNG
    assert v["players"][0]["exhausted"] is None and v["players"][1]["exhausted"] is not None
    assert g.private_now() and g.hidden_seats(1) == frozenset({0, 2})
    assert g.hidden_parts(1) == [("tile_supply", None), ("rng", None),
                                 ("secret_loading", 0), ("secret_loading", 2)]
    guess = get("aac").resample(v, 3)
    assert guess.view(1) == v and len(guess.state.supply) == v["supply"]
    assert guess.state.supply != g.state.supply  # nothing of the real order was used
    plain = new_game(GameConfig(players=3, seed=9))
    assert not plain.private_now() and plain.hidden_seats(-1) == frozenset()


# --- the upgrade chain -------------------------------------------------------------------------


def test_upgrades_run_in_order_and_a_missing_step_is_refused() -> None:
    steps = {1: lambda d: {**d, "a": 1}, 2: lambda d: {**d, "b": 2}}
    assert run_upgrades({"version": 1}, steps, 3) == {"version": 3, "a": 1, "b": 2}
    with pytest.raises(KeyError):
        run_upgrades({"version": 1}, steps, 4)
    with pytest.raises(KeyError):
        run_upgrades({"version": 0}, steps, 2)


# --- the trigger bus ---------------------------------------------------------------------------


def test_every_catalog_trigger_of_a_power_has_a_handler() -> None:
    """Characters' powers act through the trigger bus: each (trigger, effect) pair of the
    catalog has a registered handler (the passive is read by the rules directly)."""
    r = rules()
    pairs = {(pw.trigger.trigger, pw.effect.effect)
             for ch in r.characters.values() for pw in ch.powers}
    missing = sorted(p for p in pairs if p not in triggers.POWERS)
    assert not missing, missing


def test_no_rule_asks_for_a_power_by_effect_name_outside_its_own_frames() -> None:
    """The ~20 inline find_power checks went to the bus: only power-owned frames look
    their own power up (Chronari I's Rewind names itself in its PowerUsed event)."""
    hits = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "find_power(" in line and "def find_power" not in line:
                hits.append(f"{path.relative_to(ROOT)}:{i}")
    assert len(hits) == 1 and hits[0].startswith("engine/aac/rules/completion.py:"), hits


# --- saves: version 1 -> 2 ------------------------------------------------------------------------


def test_version_1_turn_phases_and_frame_classes_map_to_names() -> None:
    """Version 1 wrote TurnFrame's integer phases 0-5 and frames' class names; version 2
    writes the turn's step by name and each frame's declared kind."""
    assert tuple(st.name for st in BASE_STEPS) == V1_TURN_PHASES  # today's base turn, in order
    for k, name in enumerate(V1_TURN_PHASES):
        doc = {"version": 1, "config": {"players": 2, "seed": 0},
               "snapshot": {"stack": [{"kind": "TurnFrame", "seat": 1, "phase": k},
                                      {"kind": "LoadFrame", "seat": 1, "tile": "x",
                                       "skipped": 0}],
                            "completions": [{"monument": "m", "section": "s", "completer": 0,
                                             "causer": 0}]}}
        up = upgrade(doc)
        assert up["version"] == 6 and up["game"] == "aac" and up["config"]["modules"] == []
        # version 6 namespaces the kinds by game
        assert up["snapshot"]["stack"][0] == {"kind": "aac.turn", "seat": 1, "at": name}
        assert up["snapshot"]["stack"][1]["kind"] == "aac.load"
        assert up["snapshot"]["completions"][0]["kind"] == "section"
        assert up["snapshot"]["modules"] == [] and up["snapshot"]["ext"] == {}
    ours = {k.removeprefix("aac.") for k, c in Frame.registry.items()
            if c.__module__.startswith("engine.aac")
            and not c.__module__.startswith(("engine.aac.folklore", "engine.aac.pilgrimage"))}
    # (a module's own frames)
    # the recharge decision point modules widen (R8.2); track-only movement points (R26.3.1)
    new_in_v2 = {"recharge_choice", "move_tracks"}
    # frames of the expansion's shared parts: only module games (never a v1 save) hold them
    new_in_v2 |= {"place_doubler", "gain_scoring_card"}
    # the Folklore Cards' effects (issue 14): frames no version-1 save can hold
    card_areas = {f"engine.aac.rules.{m}"
                  for m in ("exhausted", "binding", "device", "activation", "players_act")}
    new_in_v2 |= {k.removeprefix("aac.") for k, c in Frame.registry.items()
                  if c.__module__ in card_areas}
    assert set(V1_FRAME_KINDS.values()) | new_in_v2 == ours

"""The Pilgrimage module's numbered rules (RULES.md R27) that tests/test_pilgrimage.py does not
name, in real positions (tests/builder.py): the closed Compass space's reminder (R27.1.7,
R32.1), the ways speed goes down (R27.2.2), Deploy, Reposition, an activated Compass and
Running Out with the Pilgrim Board (R27.3.1-R27.3.5), the rulebook's worked example from
Freyith's own turn (R27.11), Shrine completions among section completions and a second one in
the same turn (R27.5.1, R27.5.4), no binding and no perks (R27.5.3), the Shrine list
(R27.5.6), fixed roles (R27.5.7), the fixed allowance (R27.6, R27.7.3), entering a Shrine
(R27.8.3), the Pilgrims' Ford in a character's move (R27.1.6, R27.8.6, R28.2); and both
modules together (R32.11, R28.4, scoring)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import Game, GameConfig, new_game
from engine.aac.catalog.effects import effect_from_plain
from engine.aac.definition import AAC
from engine.aac.log import describe
from engine.aac.persist.io import load_game
from engine.aac.persist.upgrade import upgrade
from engine.aac.pilgrimage import events as pev
from engine.aac.pilgrimage.rules import (
    EnergyStepFrame,
    PilgrimMoveFrame,
    construct,
    forward_moves,
)
from engine.aac.pilgrimage.state import NAME, board
from engine.aac.placement import destinations
from engine.aac.rules.completion import CompassFrame, CompletionPhase, ParticipantFrame
from engine.aac.rules.effects import push_effect
from engine.aac.rules.endturn import EndOfAdvanceFrame
from engine.aac.rules.movement import MoveFrame
from engine.aac.rules.reposition import RepositionFrame
from engine.aac.state import EMPTY, Completion
from engine.aac.supply import energy_choices
from engine.kernel.bots import RandomBot
from tests.builder import (
    T,
    choice_ids,
    choose,
    clear_device,
    ctx,
    load,
    make_game,
    push_frame,
    put_on_section,
    rerun,
)
from tests.pilgrimage_support import (
    on_board,
    pd,
    pilgrimage,  # noqa: F401  (the fixture)
)

pytestmark = pytest.mark.usefixtures("pilgrimage")

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BOTH = ("folklore", NAME)



def game(chars: list[str | None], seed: int = 2, modules: tuple[str, ...] = (NAME,),
         **kw: Any) -> Game:
    """A game at the first turn's decision, every Device emptied into the exhausted pools."""
    g = make_game(len(chars), characters=chars, seed=seed, modules=modules,
                  auto_skip_forced=False, **kw)
    for seat in range(len(chars)):
        clear_device(g, seat)
    return g



def ok(g: Game) -> None:
    assert AAC.invariants(g) == [], AAC.invariants(g)


def text(g: Game, events: list[Any]) -> str:
    chars = [p.character for p in g.state.players]
    return " ".join(describe(e, g.rules, chars) for e in events)


def move(g: Game, seat: int, n: int) -> None:
    push_frame(g, PilgrimMoveFrame(seat, n, (pd(g)["pos"][seat],), "Test"))


def left(g: Game) -> int:
    fr = g.state.stack[-1]
    assert isinstance(fr, PilgrimMoveFrame)
    return fr.left


# --- R27.1.7 / R32.1 the closed Compass space's reminder ---------------------------------------


def test_r27_1_7_r32_1_two_players_may_mark_the_closed_compass_space() -> None:
    g = new_game(GameConfig(players=2, seed=1, modules=(NAME,)))
    d = g.pending
    assert d is not None and d.kind == "pilgrimage_blocker" and d.seat == g.state.start_player
    assert "closed Compass space" in d.prompt
    used = {p.character for p in g.state.players}
    unused = [c for c in g.rules.character_order if c not in used]
    assert d.ids() == [f"mark:{c}" for c in unused] + ["leave"]
    assert all(g.rules.characters[c].name in lab for c, lab in
               zip(unused, (c.label for c in d.choices), strict=False))
    ev = g.choose(f"mark:{unused[0]}")
    assert pd(g)["marked"] == {"pb_energy_9": unused[0]}
    line = text(g, ev)
    assert g.rules.characters[unused[0]].name in line and "pb_" not in line
    # a reminder only: the space stays closed to every energy (R27.3.6) and counts nothing
    assert not [c for c in destinations(ctx(g), 0, T("compass"), src="reserve")
                if c.data[0] == "pilgrim:pb_energy_9"]
    assert pd(g)["energy"]["pb_energy_9"] == EMPTY
    assert g.pending is not None and g.pending.kind == "choose_facing"
    ok(g)
    # "leave": nothing marked; at 3 players, or with the option off, nobody is asked
    h = new_game(GameConfig(players=2, seed=1, modules=(NAME,)))
    h.choose("leave")
    assert "marked" not in pd(h)
    for cfg in (GameConfig(players=3, seed=1, modules=(NAME,)),
                GameConfig(players=2, seed=1, modules=(NAME,),
                           options={"pilgrimage_blocker": False})):
        x = new_game(cfg)
        assert x.pending is not None and x.pending.kind == "choose_facing"


def test_r27_1_7_a_version_3_two_player_save_opens_with_the_question_off() -> None:
    """Saves of version 3 were played before the question existed: the upgrade turns the
    option off for them, so they replay exactly as they were played."""
    path = FIXTURES / "v3" / "selfplay-2p-pilgrimage-300.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 3 and doc["config"]["players"] == 2
    up = upgrade(doc)
    assert up["config"]["options"]["pilgrimage_blocker"] is False
    g = load_game(path)
    assert g.state.options["pilgrimage_blocker"] is False and "marked" not in pd(g)


# --- R27.2.2 the two ways speed goes down ------------------------------------------------------


def test_r27_2_2_speed_goes_down_only_for_blockades_and_shrine_scoring_cards() -> None:
    g = new_game(GameConfig(players=3, seed=21, modules=BOTH))
    g.undo_enabled = False
    bots = [RandomBot(21 + k) for k in range(3)]
    downs: list[str] = []
    ups = 0
    while not g.is_over and g.state.turn < 400:
        d = g.pending
        assert d is not None
        for e in g.choose(bots[d.seat].choose(None, d)):
            if isinstance(e, pev.SpeedChanged):
                if e.new < e.old:
                    downs.append(e.why)
                else:
                    ups += 1
                    assert e.new == e.old + 1 and e.why == "instead of recharging"
    assert downs and ups
    assert all(w.startswith("to remove Blockade") or w == "to take a Scoring Card"
               for w in downs), downs


# --- R27.3 placing energy on the Pilgrim Board ---------------------------------------------------


def test_r27_3_1_r27_3_2_a_deploy_places_on_an_empty_space_of_its_type_a_wild_anywhere(
) -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    load(g, a, 1, "bottom", "compass")
    load(g, a, 4, "top", "wild")
    for sp in ("pb_energy_2", "pb_energy_6", "pb_energy_7"):  # every Rose space taken
        on_board(g, 0, sp, "rose")
    rerun(g)
    choose(g, "actions", "act:1:compass", "opt:0:deploy", "tile:4")
    wild = [c.id for c in g.pending.choices if "pilgrim:" in c.id]  # type: ignore[union-attr]
    # one choice per type of empty space (spaces of a type are alike); no Rose space is free
    assert wild == ["wild>pilgrim:pb_energy_1", "wild>pilgrim:pb_energy_3"]
    label = next(c.label for c in g.pending.choices  # type: ignore[union-attr]
                 if c.id == "wild>pilgrim:pb_energy_3")
    assert label == "Wild to the Pilgrim Board (Magnet space)"
    choose(g, "wild>pilgrim:pb_energy_3")
    assert pd(g)["energy"]["pb_energy_3"] == a * 4 + T("wild")
    ok(g)


def test_r27_3_3_reposition_moves_energy_onto_the_board_and_off_it() -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    on_board(g, a, "pb_energy_2", "rose")
    push_frame(g, RepositionFrame(a, 2, ""))
    src = [c.id for c in g.pending.choices]  # type: ignore[union-attr]
    assert "from:pilgrim:pb_energy_2:rose" in src
    choose(g, "from:pilgrim:pb_energy_2:rose")
    to = choice_ids(g)
    assert not [x for x in to if "pilgrim:" in x]  # R27.3.4's rule: not back onto the board
    sect = next(x for x in to if "section:" in x)
    choose(g, sect)
    assert pd(g)["energy"]["pb_energy_2"] == EMPTY
    # and from a section onto the board
    src = [c.id for c in g.pending.choices if c.id.startswith("from:section:")]  # type: ignore
    choose(g, src[0])
    onto = [x for x in choice_ids(g) if "pilgrim:" in x]
    assert onto
    choose(g, onto[0])
    assert sum(1 for c in pd(g)["energy"].values() if c >= 0 and c // 4 == a) == 1
    ok(g)


def test_r27_3_4_an_activated_compass_may_go_onto_the_board_never_from_it_back() -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    mon = next(iter(g.state.monuments))
    g.state.players[a].exhausted[T("compass")] -= 1  # the Compass leaves a completed section
    push_frame(g, CompassFrame(a, f"section:{mon}:0", mon))
    onto = [c for c in g.pending.choices if c.id.endswith(">pilgrim:pb_energy_1")]  # type: ignore
    assert len(onto) == 1 and onto[0].label == "Compass to the Pilgrim Board (Compass space)"
    on_board(g, a, "pb_energy_5", "compass")
    push_frame(g, CompassFrame(a, "pilgrim:pb_energy_5", ""))
    assert not [c for c in g.pending.choices if "pilgrim:" in c.id]  # type: ignore[union-attr]


def test_r27_3_5_running_out_may_take_energy_from_the_board() -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    p = g.state.players[a]
    on_board(g, a, "pb_energy_2", "rose")
    p.exhausted = [0, 0, 0, 0]
    ch = energy_choices(ctx(g), a)
    ro = [c for c in ch if c.id == "rose<pilgrim:pb_energy_2"]
    assert len(ro) == 1
    assert ro[0].label == "Running out: take a Rose from the Pilgrim Board (Rose space)"


# --- R27.11 the rulebook's example, from Freyith's own turn -------------------------------------


def test_r27_11_the_worked_example_step_by_step_from_freyiths_turn() -> None:
    """The rulebook's example as it reads: on Freyith's turn she places 2 energy on the
    Pilgrim Board, a Wild and a Magnet (two Deploys); Ignotas has 1 Rose there and speed 2,
    Chronari's Pilgrimage stands just ahead of Ignotas's. At the end of Freyith's turn:
    Ignotas constructs a Shrine and moves onto it (3 allowed, 2 used after skipping over
    Chronari), lowers speed by 1 for a Scoring Card, forfeits 1 and leaves the Rose; then
    Freyith constructs a Shrine, moves 3, lowers speed by 1 for the Blockade (still 3 spaces)
    and must activate or exhaust both energy."""
    g = game(["ignotas", "chronari", "freyith"])  # seed 2: seat 2 starts
    ign, chro, fre = 0, 1, 2
    assert g.state.active == fre and (fre + 1) % 3 == ign  # Ignotas: first clockwise
    d = pd(g)
    d["blockades"]["blockade_1"] = chro
    d["pos"] = ["pb_t2_02", "pb_t2_03", "pb_t1_03"]
    d["speed"] = [2, 1, 1]
    on_board(g, ign, "pb_energy_2", "rose")
    load(g, fre, 1, "bottom", "compass")
    load(g, fre, 5, "bottom", "rose")
    load(g, fre, 4, "top", "wild")
    load(g, fre, 5, "top", "magnet")
    rerun(g)
    choose(g, "actions", "act:1:compass", "opt:0:deploy", "tile:4", "wild>pilgrim:pb_energy_1")
    assert g.pending is not None and g.pending.kind == "action"
    # position 5 channels position 1's Deploy (R6.5.5): the Magnet of position 5
    choose(g, "act:5:rose", "pos:1", "opt:0:deploy", "tile:5", "magnet>pilgrim:pb_energy_3",
           "end")
    # the end of Freyith's turn: the Shrine completion is pending (R27.5.1)
    assert g.pending is not None and "resolve:shrine" in choice_ids(g)
    ev = choose(g, "resolve:shrine")
    started = next(e for e in ev if isinstance(e, pev.ShrineCompletionStarted))
    assert started.seats == (ign, fre) and started.completing == (False, True)
    # Ignotas (contributing): A constructs a Shrine ...
    assert g.pending is not None and g.pending.seat == ign
    choose(g, "shrine:shrine_scoring_a", "frame:pb_frame_4")
    # ... B moves onto it: 2 speed + 1 energy = 3; the skip over Chronari is free
    assert left(g) == 3
    ev = choose(g, "to:pb_t2_03")
    assert left(g) == 3 and d["pos"][ign] == "pb_t2_03"
    # R27.8.4: the log says whose Pilgrimage skipped over whose, by character name
    skip = next(e for e in ev if isinstance(e, pev.PilgrimMoved))
    assert skip.skipped and skip.over == chro
    assert "Ignotas's Pilgrimage skips over Chronari's Pilgrimage" in \
        text(g, [skip])
    choose(g, "to:pb_t2_w1")
    assert left(g) == 2
    choose(g, "to:pb_frame_4")  # the 2nd space reaches the Shrine: the 3rd is forfeited
    assert not any(isinstance(f, PilgrimMoveFrame) for f in g.state.stack)
    ev = choose(g, "take")  # lowers speed by 1 to gain a Scoring Card
    assert d["speed"][ign] == 1
    assert any(isinstance(e, pev.SpeedChanged) and e.seat == ign for e in ev)
    choose(g, g.pending.ids()[0])  # type: ignore[union-attr]
    assert len(g.state.ext["scoring_cards"]["held"][ign]) == 1
    # C: chooses not to activate the Rose: it stays for a later Shrine completion
    choose(g, "leave")
    assert d["energy"]["pb_energy_2"] == ign * 4 + T("rose")
    # Freyith (completing) goes last: constructs a Shrine and moves 3
    assert g.pending is not None and g.pending.seat == fre
    choose(g, "shrine:shrine_conduit", "frame:pb_frame_1")
    assert left(g) == 3  # speed 1 + 2 energy
    choose(g, "to:pb_t1_04")
    ev = choose(g, "to:pb_t2_01")  # into tier II: Blockade 2 lowers speed by 1
    assert d["speed"][fre] == 0 and d["blockades"]["blockade_2"] == fre
    assert left(g) == 1  # the 3 spaces are not reduced (R27.7.3)
    choose(g, "to:pb_t2_02")
    assert d["pos"][fre] == "pb_t2_02"
    # C: she must activate or exhaust both, the Wild and the Magnet
    assert g.pending is not None and g.pending.kind == "pilgrimage_energy"
    assert "leave" not in choice_ids(g)
    assert set(choice_ids(g)) == {"activate:pb_energy_1", "exhaust:pb_energy_1",
                                  "activate:pb_energy_3", "exhaust:pb_energy_3"}
    choose(g, "activate:pb_energy_1")  # a Wild activated: nothing but to the exhausted pool
    assert d["energy"]["pb_energy_1"] == EMPTY
    choose(g, "exhaust:pb_energy_3")
    assert all(c < 0 or c // 4 != fre for c in d["energy"].values())
    # Ignotas's Rose alone is no trigger: the turn goes on to the next player
    assert not any(isinstance(f, EnergyStepFrame) for f in g.state.stack)
    ok(g)


# --- R27.5 the Shrine completion ------------------------------------------------------------------


def full_section(g: Game, mon: str, cells: list[tuple[int, str] | None]) -> str:
    """Fill the topmost section of mon: cells[i] = (seat, type) or None for a space left
    as it is; returns the section id."""
    m = g.state.monuments[mon]
    for i, c in enumerate(cells):
        if c is not None:
            put_on_section(g, c[0], mon, i, c[1])
    return m.stack[0]


def sym(g: Game, mon: str) -> list[str]:
    """The energy types of the spaces of mon's topmost section, by name."""
    names = ("compass", "rose", "magnet", "wild")
    return [names[x] for x in g.rules.sections[g.state.monuments[mon].stack[0]].symbols]


def test_r27_5_4_r27_5_1_a_shrine_completion_is_ordered_among_sections_and_can_come_twice(
) -> None:
    """R27.5.4: a Shrine completion is one of the turn's completions; the active player
    picks it in any place of the order. R27.5.1: after each resolution the trigger is checked
    again: here a Compass leaving a resolved section goes onto the Pilgrim Board, so a second
    Shrine completion comes in the same turn."""
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active  # Freyith, seat 2
    mon = next(m for m in g.state.monuments if "compass" in sym(g, m))
    types = sym(g, mon)
    cells: list[tuple[int, str] | None] = [(a, t) for t in types]
    sect = full_section(g, mon, cells)
    on_board(g, 0, "pb_energy_2", "rose")
    on_board(g, 0, "pb_energy_3", "magnet")
    on_board(g, a, "pb_energy_6", "rose")  # Freyith: 1 there, a contributor for now
    g.state.completions.append(Completion(mon, sect, a, a))
    push_frame(g, CompletionPhase(a))
    assert set(choice_ids(g)) == {f"resolve:{mon}", "resolve:shrine"} or (
        "resolve:shrine" in choice_ids(g) and len(choice_ids(g)) == 2)
    sec_id = next(i for i in choice_ids(g) if i != "resolve:shrine")
    # the section first: Freyith's Compass goes onto the Pilgrim Board
    choose(g, sec_id)
    while g.pending is not None and g.pending.kind != "compass":
        fr = g.state.stack[-1]
        assert isinstance(fr, ParticipantFrame) or g.pending.kind in ("participant", "bind",
                                                                      "perk", "free_reserve")
        ids = choice_ids(g)
        pick = next((i for i in ids if i == "activate:compass"), None) or next(
            (i for i in ids if i.startswith(("perk:", "bind:"))), None) or next(
            (i for i in ids if i.startswith("exhaust:")), ids[0])
        choose(g, pick)
    choose(g, "compass>pilgrim:pb_energy_1")
    assert pd(g)["energy"]["pb_energy_1"] == a * 4 + T("compass")
    # finish the section's resolution
    while g.pending is not None and g.pending.kind != "resolve_order":
        ids = choice_ids(g)
        choose(g, next((i for i in ids if i.startswith(("exhaust:", "perk:", "bind:"))), ids[0]))
    # still one Shrine completion pending (at most one at a time); Freyith now has 2
    assert choice_ids(g) == ["resolve:shrine"]
    ev = choose(g, "resolve:shrine")
    started = next(e for e in ev if isinstance(e, pev.ShrineCompletionStarted))
    assert started.seats == (0, a) and started.completing == (True, True)
    ok(g)


def test_r27_5_3_nobody_binds_and_nobody_takes_a_perk_in_a_shrine_completion() -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    on_board(g, a, "pb_energy_2", "rose")
    on_board(g, a, "pb_energy_3", "magnet")
    bound = json.dumps(g.state.bound)
    pillars = json.dumps(g.state.pillars)
    reserve = list(g.state.players[a].reserve)
    push_frame(g, CompletionPhase(a))
    seen: set[str] = set()
    events: list[Any] = []
    events += choose(g, "resolve:shrine", "shrine:shrine_conduit", "frame:pb_frame_1", "stop")
    while g.pending is not None and g.pending.kind == "pilgrimage_energy":
        seen |= set(choice_ids(g))
        events += choose(g, next(i for i in choice_ids(g) if i.startswith("exhaust:")))
    assert not any(i.startswith(("bind", "perk", "bonus")) for i in seen)
    assert json.dumps(g.state.bound) == bound and json.dumps(g.state.pillars) == pillars
    assert g.state.players[a].reserve == reserve  # no section perk freed energy
    assert not any(type(e).__name__ in ("EnergyBound", "BonusTileTaken", "PerkTaken")
                   for e in events)


def test_r27_5_6_the_shrine_choice_lists_every_shrine_left_with_its_benefit() -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    construct(ctx(g), 0, "shrine_upgrade", "pb_frame_8", False)
    on_board(g, a, "pb_energy_2", "rose")
    on_board(g, a, "pb_energy_3", "magnet")
    push_frame(g, CompletionPhase(a))
    choose(g, "resolve:shrine")
    b = board(g.rules)
    d = g.pending
    assert d is not None and d.kind == "pilgrimage_shrine"
    assert d.ids() == [f"shrine:{sh}" for sh in pd(g)["supply"]] and len(d.ids()) == 7
    for c in d.choices:
        sh = b.shrines[c.id[7:]]
        assert c.label == f"{sh.name}: {sh.benefit.text}"
    choose(g, "shrine:shrine_bridge")
    frames = choice_ids(g)
    assert "frame:pb_frame_8" not in frames and len(frames) == 7
    assert all(lab.startswith("Put Shrine of the Span in Shrine frame ")
               for lab in (c.label for c in g.pending.choices))  # type: ignore[union-attr]


def test_r27_5_7_a_listed_player_whose_energy_dropped_still_takes_their_turn() -> None:
    """O67: the roles and order are fixed when the completion is picked; Chronari, listed as
    a contributor, loses the energy before his turn (as Running Out would take it): he still
    constructs a Shrine and moves, with speed + 0."""
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    on_board(g, 0, "pb_energy_2", "rose")
    on_board(g, 0, "pb_energy_3", "magnet")
    on_board(g, 1, "pb_energy_6", "rose")
    push_frame(g, CompletionPhase(a))
    ev = choose(g, "resolve:shrine")
    started = next(e for e in ev if isinstance(e, pev.ShrineCompletionStarted))
    assert started.seats == (0, 1)
    choose(g, "shrine:shrine_conduit", "frame:pb_frame_1", "stop")
    choose(g, "exhaust:pb_energy_2", "exhaust:pb_energy_3")
    pd(g)["energy"]["pb_energy_6"] = EMPTY
    g.state.players[1].exhausted[T("rose")] += 1
    assert g.pending is not None and g.pending.seat == 1 and g.pending.kind == "pilgrimage_shrine"
    choose(g, "shrine:shrine_bridge", "frame:pb_frame_2")
    assert left(g) == pd(g)["speed"][1] == 1  # speed 1 + no energy
    choose(g, "to:pb_t1_01")
    assert not any(isinstance(f, EnergyStepFrame) for f in g.state.stack)  # step C: none
    ok(g)


# --- R27.6 / R27.7.3 the fixed allowance; R27.8.3 entering a Shrine -------------------------------


def test_r27_6_r27_7_3_the_allowance_is_fixed_when_step_b_begins() -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    d = pd(g)
    d["speed"][a] = 2
    d["pos"][a] = "pb_t2_saddle"
    d["blockades"]["blockade_1"] = d["blockades"]["blockade_2"] = 0
    on_board(g, a, "pb_energy_2", "rose")
    on_board(g, a, "pb_energy_3", "magnet")
    push_frame(g, CompletionPhase(a))
    choose(g, "resolve:shrine", "shrine:shrine_conduit", "frame:pb_frame_1")
    assert left(g) == 4  # speed 2 + 2 energy
    nxt = next(i for i in choice_ids(g) if i.startswith("to:"))
    choose(g, nxt)  # Blockade 3 costs 2: speed 0, and still 3 to go
    assert d["speed"][a] == 0 and d["blockades"]["blockade_3"] == a and left(g) == 3


@pytest.mark.parametrize("take", [True, False])
def test_r27_8_3_entering_a_shrine_stops_the_move_and_its_benefit_may_be_taken(
        take: bool) -> None:
    g = game(["ignotas", "chronari", "freyith"])
    a = g.state.active
    d = pd(g)
    construct(ctx(g), 0, "shrine_conduit", "pb_frame_1", False)
    d["pos"][a] = "pb_t1_01"
    conduits = list(g.state.players[a].conduits)
    move(g, a, 3)
    choose(g, "to:pb_frame_1")
    assert d["pos"][a] == "pb_frame_1"
    assert not any(isinstance(f, PilgrimMoveFrame) for f in g.state.stack)  # 2 forfeited
    assert g.pending is not None and g.pending.kind == "pilgrimage_benefit"
    assert g.pending.prompt == "Your Pilgrimage entered Shrine of the Conduit: take its benefit?"
    ev = choose(g, "take" if take else "decline")
    entered = next(e for e in ev if isinstance(e, pev.ShrineEntered))
    assert entered.benefit is take
    if take:  # the Conduit Token: which pile, which space
        while g.pending is not None and g.pending.seat == a and g.pending.kind != "turn_type":
            choose(g, choice_ids(g)[0])
        assert g.state.players[a].conduits != conduits
    else:
        assert g.state.players[a].conduits == conduits


# --- R27.1.6 / R27.8.6 / R28.2 the Pilgrims' Ford in a character's move --------------------------


def test_r27_1_6_r27_8_6_the_fords_benefit_moves_the_pilgrimage_by_the_same_rules() -> None:
    """R20.6: a character entering the Pilgrims' Ford may take its benefit: move the
    Pilgrimage up to 1 (R28.2) by R27.8: the Blockade into tier I is paid; it is not a Shrine
    completion (nothing built, no board energy touched)."""
    g = game(["freyith", "aureon"], seed=1)
    d = pd(g)
    on_board(g, 0, "pb_energy_2", "rose")
    p = g.state.players[0]
    p.figure, p.behind = "sp_southeast_in", "sp_southeast_in_cw"
    push_frame(g, MoveFrame.make(ctx(g), 0, char=1))
    choose(g, "step:br_spoke_southeast")
    assert g.pending is not None and g.pending.kind == "bridge_benefit"
    ev = choose(g, "take")
    assert g.pending is not None and g.pending.kind == "pilgrimage_move"
    assert g.pending.prompt == "Bridge benefit: move your Pilgrimage (1 step left)"
    assert choice_ids(g) == ["to:pb_t1_01", "stop"]
    label = g.pending.choices[0].label
    assert label == "Remove Blockade 1 (lower your speed by 1) and move to tier I"
    ev = choose(g, "to:pb_t1_01")
    assert d["pos"][0] == "pb_t1_01" and d["speed"][0] == 0
    assert d["blockades"]["blockade_1"] == 0
    assert not d["frames"] and d["energy"]["pb_energy_2"] == T("rose")
    assert not any(isinstance(e, pev.ShrineCompletionStarted) for e in ev)
    ok(g)


# --- both modules: R32.11, R28.4, Folklore effects, scoring ---------------------------------


def test_r32_11_a_folklore_cards_recharge_offers_prime_or_speed() -> None:
    """Expansion ruling 3: every recharge is a Recharge, a card's too."""
    g = game(["freyith", "rusne"], seed=3, modules=BOTH)
    g.state.players[0].charged = False
    push_effect(ctx(g), 0, effect_from_plain({"effect": "recharge", "id": "t_e1"}), "a card")
    rerun(g)
    assert choice_ids(g) == ["recharge", "folklore:prime", "pilgrimage:speed"]
    choose(g, "pilgrimage:speed")
    assert pd(g)["speed"][0] == 2 and not g.state.players[0].charged


def test_r28_4_a_folklore_cards_scoring_card_costs_no_speed_a_shrines_costs_1() -> None:
    g = game(["freyith", "rusne"], seed=3, modules=BOTH)
    d = pd(g)
    push_effect(ctx(g), 0, effect_from_plain({"effect": "gain_scoring_card", "cost_speed": 0,
                                              "id": "t_e2"}), "a card")
    rerun(g)
    choose(g, choice_ids(g)[0])
    assert d["speed"][0] == 1 and len(g.state.ext["scoring_cards"]["held"][0]) == 1
    construct(ctx(g), 1, "shrine_scoring_a", "pb_frame_1", False)
    d["pos"][0] = "pb_t1_01"
    move(g, 0, 1)
    choose(g, "to:pb_frame_1", "take")
    assert d["speed"][0] == 0
    choose(g, choice_ids(g)[0])
    assert len(g.state.ext["scoring_cards"]["held"][0]) == 2
    # holding 2: a Shrine's card is not offered and costs nothing
    construct(ctx(g), 1, "shrine_scoring_b", "pb_frame_2", False)
    d["speed"][0] = 1
    d["pos"][0] = "pb_t1_02"
    move(g, 0, 1)
    ev = choose(g, "to:pb_frame_2")
    assert d["speed"][0] == 1
    assert any(isinstance(e, pev.ShrineEntered) and not e.benefit for e in ev)


def test_folklore_activate_exhausted_may_put_a_compass_on_the_pilgrim_board() -> None:
    g = game(["freyith", "rusne"], seed=3, modules=BOTH)
    push_effect(ctx(g), 0, effect_from_plain({"effect": "activate_exhausted", "count": 1,
                                              "id": "t_e3"}), "a card")
    rerun(g)
    choose(g, "activate:compass")
    assert g.pending is not None and g.pending.kind == "pool_compass"
    assert "compass>pilgrim:pb_energy_1" in choice_ids(g)
    choose(g, "compass>pilgrim:pb_energy_1")
    assert pd(g)["energy"]["pb_energy_1"] == T("compass")


def test_r27_10_scoring_adds_both_modules() -> None:
    g = game(["freyith", "rusne"], seed=3, modules=BOTH)
    d = pd(g)
    d["pos"] = ["pb_t3_02", "pb_t1_01"]
    d["blockades"]["blockade_1"] = 0
    d["blockades"]["blockade_2"] = 0
    d["blockades"]["blockade_3"] = 0
    g.state.ext["folklore"]["track"][1] = 3
    sc = g.final_scores()
    assert sc[0].part("pilgrimage") == 15 and sc[0].part("blockades") == 6
    assert sc[1].part("pilgrimage") == 4 and sc[1].part("blockades") == 0
    assert sc[1].part("folklore") > 0
    for s in sc:
        assert s.total == sum(v for _, v in s.parts), s


def test_r27_9_the_patron_shrine_pays_the_patron_cost() -> None:
    g = game(["freyith", "rusne"], seed=3)
    p = g.state.players[0]
    p.patron = next(iter(g.state.monuments))
    load(g, 0, 2, "bottom", "rose")
    push_frame(g, EndOfAdvanceFrame(0, True, False))
    choose(g, "pilgrimage:patron_shrine")
    assert all(x == EMPTY for t in p.device for x in p.bottom[t])  # R21.2: bottom row spent
    assert p.patron  # kept for the rest of the game (R21.1)
    ev = choose(g, "shrine:shrine_bridge", "frame:pb_frame_3")
    assert pd(g)["frames"] == {"pb_frame_3": "shrine_bridge"}
    assert "with a Monument Patron Token" in text(g, ev)


def test_r27_10_every_monument_built_does_not_end_the_game_while_a_shrine_is_left() -> None:
    """R27.10 / R23.1: with every monument fully constructed the final round starts only once
    the last Shrine is constructed too."""
    def end_turn(g: Game) -> list[Any]:
        d = g.pending
        assert d is not None and d.kind == "turn_type"
        return choose(g, "actions", "end")

    g = game(["freyith", "rusne"], seed=3)
    for m in g.state.monuments.values():
        m.built += m.stack
        m.stack = []
        m.spaces = []
    supply = list(pd(g)["supply"])
    for sh, fr in zip(supply[:-1], board(g.rules).frames[:-1], strict=True):
        construct(ctx(g), 0, sh, fr, False)
    rerun(g)
    ev = end_turn(g)
    assert not g.state.end_triggered
    assert not any(type(e).__name__ == "FinalRoundTriggered" for e in ev)
    construct(ctx(g), 0, supply[-1], board(g.rules).frames[-1], False)
    ev = end_turn(g)
    assert g.state.end_triggered
    assert any(type(e).__name__ == "FinalRoundTriggered" for e in ev)


# --- R27.1.1-R27.1.5, R27.3.6, R27.8.1, R27.8.2 at every player count / on every space ------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r27_1_1_to_r27_1_5_setup_at_every_player_count(players: int) -> None:
    chars: list[str | None] = [None] * players
    g = make_game(players, characters=chars, seed=40 + players, modules=(NAME,))
    d = pd(g)
    b = board(g.rules)
    assert d["frames"] == {} and len(b.frames) == 8  # R27.1.1: 8 empty frames
    assert sorted(d["supply"]) == sorted(b.shrines) and len(b.shrines) == 8  # R27.1.2
    assert d["blockades"] == {f"blockade_{k}": -1 for k in range(1, 5)}  # R27.1.3
    assert [b.blockades[f"blockade_{k}"].entry_to_tier for k in range(1, 5)] == [1, 2, 3, 4]
    assert d["pos"] == [b.start] * players  # R27.1.4: everyone on the start
    assert d["speed"] == [1] * players and b.max_speed == 2  # R27.1.5 (O55): the middle slot
    assert all(c == EMPTY for c in d["energy"].values())
    ok(g)


def test_r27_3_6_the_bottom_right_compass_space_opens_with_3_players() -> None:
    for players, chars in ((2, ["freyith", "aureon"]), (3, ["ignotas", "chronari", "freyith"])):
        g = game(list(chars), seed=2)
        a = g.state.active
        on_board(g, (a + 1) % players, "pb_energy_1", "compass")
        on_board(g, (a + 1) % players, "pb_energy_5", "compass")
        got = [c.data[0] for c in destinations(ctx(g), a, T("compass"), src="reserve")
               if c.data[0].startswith("pilgrim:")]
        wild = {c.data[0] for c in destinations(ctx(g), a, T("wild"), src="reserve")
                if c.data[0].startswith("pilgrim:")}
        if players == 2:
            assert got == [] and "pilgrim:pb_energy_9" not in wild
        else:
            assert got == ["pilgrim:pb_energy_9"]


def test_r27_8_1_r27_8_2_moves_go_forward_only_and_into_built_shrines_only() -> None:
    """On every space of the board the choices are exactly its forward edges (R27.8.1), a
    Shrine frame only once a Shrine is built there (R27.8.2); no edge leads back."""
    g = game(["ignotas", "chronari", "freyith"])
    d = pd(g)
    b = board(g.rules)
    for bl in d["blockades"]:
        d["blockades"][bl] = 0
    steps = {sp.id: sp.min_steps_to_tier_4 for sp in b.file.spaces
             if sp.min_steps_to_tier_4 is not None}
    steps.update({fr.id: fr.min_steps_to_tier_4 for fr in b.file.shrine_frames})
    for built in (False, True):
        if built:
            for sh, fr in zip(list(d["supply"]), b.frames, strict=True):
                construct(ctx(g), 1, sh, fr, False)
        for sp, outs in b.nexts.items():
            d["pos"][2] = sp
            got = {m[0] for m in forward_moves(ctx(g), 2)}
            want = {to for to, _ in outs if built or to not in b.frames}
            want = {b.summit[0] if to == b.file.summit.id else to for to in want}
            assert got == want, sp
            for to in got:  # always nearer the summit
                assert to in b.summit_vp or steps[to] < steps[sp], (sp, to)

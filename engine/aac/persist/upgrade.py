"""Upgrading old save documents to the current version, one step per old version.

The chain itself (run in order, a missing step refused) is the kernel's
(`engine.kernel.saves.run_upgrades`); this module holds An Age Contrived's steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.aac.config import GameConfig
from engine.aac.game import new_game
from engine.aac.persist.models import CURRENT_VERSION
from engine.aac.rules.movement import TrackMoveFrame
from engine.kernel.saves import run_upgrades

Doc = dict[str, Any]

# Version 1 stored each pending rule step under its Python class name; version 2 stores the
# kind the class declares (engine.kernel.frames).
V1_FRAME_KINDS: dict[str, str] = {
    "BridgeFrame": "bridge", "BridgeBenefitFrame": "bridge_benefit", "TurnFrame": "turn",
    "RechargeFrame": "recharge", "ChoiceFrame": "effect_choice",
    "FreeReserveFrame": "free_reserve", "PowerOfferFrame": "edict_of_plenty",
    "ActivateActionFrame": "activate_action", "ActionsFrame": "actions", "SetupFrame": "setup",
    "ExpertLoadFrame": "expert_load", "DepositFrame": "deposit", "ReplenishFrame": "replenish",
    "UpgradeFrame": "upgrade", "ConduitFrame": "conduit", "CopyFrame": "copy_bonus",
    "RearrangeFrame": "rearrange_conduits", "CustodianFrame": "custodian", "ClaimFrame": "claim",
    "FreeTileFrame": "free_tile", "InterestFrame": "interest", "AdvanceFrame": "advance",
    "LoadFrame": "load", "DeployFrame": "deploy", "MoveFrame": "move",
    "TeleportFrame": "teleport", "OptionalPowerFrame": "power_offer",
    "EndOfAdvanceFrame": "end_of_advance", "EndOfTurnAbilities": "end_of_turn_abilities",
    "MigrationFrame": "migration", "EntropyFrame": "entropy", "PatronOfferFrame": "patron_offer",
    "CompletionPhase": "completion_phase", "ResolveFrame": "resolve_section",
    "ParticipantFrame": "participant", "MagnetFrame": "magnet", "CompassFrame": "compass",
    "RewindFrame": "rewind", "RepositionFrame": "reposition",
}


# Version 1's TurnFrame walked integer phases; version 2 names the step (rules.turn).
V1_TURN_PHASES = ("choose_turn_type", "end_of_advance", "completions", "end_of_turn_abilities",
                  "completions_after_abilities", "end_of_turn")


def _frame_v1_to_v2(fr: Any) -> Any:
    if not isinstance(fr, dict):
        return fr  # left for the schema to refuse
    out = dict(fr)
    kind = fr.get("kind")
    if isinstance(kind, str) and kind in V1_FRAME_KINDS:
        out["kind"] = V1_FRAME_KINDS[kind]
    if kind == "TurnFrame" and "phase" in out:
        phase = out.pop("phase")
        ok = isinstance(phase, int) and not isinstance(phase, bool)
        out["at"] = V1_TURN_PHASES[phase] if ok and 0 <= phase < len(V1_TURN_PHASES) else phase
    return out


def v1_to_v2(doc: Doc) -> Doc:
    """Version 1 -> 2: the game's id in the file, modules (none) in the config and the
    state (with no module data), frame kinds by declared name, the turn's step by name,
    completions with a kind."""
    out = dict(doc)
    out["game"] = "aac"
    cfg = doc.get("config")
    if isinstance(cfg, dict):
        out["config"] = {**cfg, "modules": []}
    snap = doc.get("snapshot")
    if isinstance(snap, dict):
        snap = dict(snap)
        stack = snap.get("stack")
        if isinstance(stack, list):
            snap["stack"] = [_frame_v1_to_v2(f) for f in stack]
        comps = snap.get("completions")
        if isinstance(comps, list):
            snap["completions"] = [{**c, "kind": "section"} if isinstance(c, dict) else c
                                   for c in comps]
        snap["modules"] = []
        snap["ext"] = {}
        out["snapshot"] = snap
    return out


def v2_to_v3(doc: Doc) -> Doc:
    """Version 2 -> 3. Version 3 may hold expansion modules (the Folklore module, Doublers
    and Scoring Cards): the config's and the state's `modules`, their data under the state's
    `ext`, their rule steps and their rules options. No build that wrote version 2 had a module,
    so a version-2 document holds none: its modules and module data are left as they are
    (empty) for the schema and the verifying replay, and a version-2 file that names a
    module is refused there as not written by the game (the module did not exist then)."""
    out = dict(doc)
    cfg = doc.get("config")
    if isinstance(cfg, dict) and cfg.get("modules"):
        out["config"] = {**cfg, "modules": ["(not in version 2)"]}  # refused by the check
    return out


def v3_to_v4(doc: Doc) -> Doc:
    """Version 3 -> 4. Version 4 has the Pilgrimage rules option `pilgrimage_blocker` (at
    setup with 2 players, ask whether to mark the closed Compass space, R27.1.7), on by
    default. No build that wrote version 3 asked it, so a version-3 game with the Pilgrimage
    module gets the option off, in its config and in its state, and replays as it was
    played."""
    out = dict(doc)
    cfg = doc.get("config")
    if not (isinstance(cfg, dict) and isinstance(cfg.get("modules"), list)
            and "pilgrimage" in cfg["modules"]):
        return out
    if isinstance(cfg.get("options"), dict):
        out["config"] = {**cfg, "options": {"pilgrimage_blocker": False, **cfg["options"]}}
    snap = doc.get("snapshot")
    if isinstance(snap, dict) and isinstance(snap.get("options"), dict):
        out["snapshot"] = {**snap, "options": {**snap["options"], "pilgrimage_blocker": False}}
    return out


def _suspect_moves(stack: Any) -> list[int]:
    """Indexes of "move" steps that may be a Track-only movement a version-4 writer saved
    under its parent's kind (a TrackMoveFrame has no character points: char and gained 0)."""
    if not isinstance(stack, list):
        return []
    return [i for i, fr in enumerate(stack)
            if isinstance(fr, dict) and fr.get("kind") == "move" and fr.get("char") == 0
            and fr.get("gained") == 0]


def v4_to_v5(doc: Doc) -> Doc:
    """Version 4 -> 5. A version-4 game that had already saved (or copied) an ordinary
    movement step wrote every later Track-only movement step ("move_tracks": what is left of a
    movement after an Artifact placement, R26.3.1, O69; movement points for the tracks only)
    under the ordinary kind "move" (the generated methods were inherited; issue 27). Such a
    save does not open: its snapshot does not match a replay. This step replays the game's
    choices and gives back the kind "move_tracks" to every such "move" step that the replay
    has as "move_tracks" with the same fields; everything else is left for the verification
    (a document this step cannot replay is left as it is, to be refused there)."""
    snap = doc.get("snapshot")
    suspects = _suspect_moves(snap.get("stack") if isinstance(snap, dict) else None)
    if not suspects:
        return dict(doc)
    assert isinstance(snap, dict)
    try:
        cfg = GameConfig(**doc["config"])
        cfg.validate()
        g = new_game(cfg)
        g.undo_enabled = False
        for cid in doc["choices"]:
            g.choose(cid)
        replayed = g.state.to_plain()["stack"]
    except Exception:  # not replayable: the verification refuses it in one sentence
        return dict(doc)
    stack = list(snap["stack"])
    for i in suspects:
        if i < len(replayed) and replayed[i]["kind"] == TrackMoveFrame.kind \
                and {**replayed[i], "kind": "move"} == stack[i]:
            stack[i] = {**replayed[i], "kind": "move_tracks"}  # version 5's name of it
    return {**doc, "snapshot": {**snap, "stack": stack}}


def v5_to_v6(doc: Doc) -> Doc:
    """Version 5 -> 6: rule steps' kinds are namespaced by the game ("turn" -> "aac.turn"),
    so that every game of the product can keep its own frames in the kernel's registry; the
    document gains the summary header (engine.kernel.summary), null in an upgraded file (its
    listing reads the snapshot, and the seats file beside it)."""
    doc = {**doc, "summary": None, "app_version": ""}
    snap = doc.get("snapshot")
    if not isinstance(snap, dict) or not isinstance(snap.get("stack"), list):
        return doc
    stack = [{**fr, "kind": f"aac.{fr['kind']}"}
             if isinstance(fr, dict) and isinstance(fr.get("kind"), str)
             and "." not in fr["kind"] else fr
             for fr in snap["stack"]]
    return {**doc, "snapshot": {**snap, "stack": stack}}


# UPGRADERS[v] turns a version-v document into a version-(v + 1) document; the harness in
# tests/test_saves.py checks that a chain of registered upgraders runs in order.
UPGRADERS: dict[int, Callable[[Doc], Doc]] = {1: v1_to_v2, 2: v2_to_v3, 3: v3_to_v4,
                                               4: v4_to_v5, 5: v5_to_v6}


def upgrade(doc: Doc, current: int = CURRENT_VERSION) -> Doc:
    return run_upgrades(doc, UPGRADERS, current)

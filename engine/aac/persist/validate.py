"""Semantic checks of a save's snapshot against the catalog (after the schema checks)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from engine.aac.config import GameConfig
from engine.aac.core import Ctx
from engine.aac.data import Rules
from engine.aac.invariants import check
from engine.aac.modules import check_names, enabled
from engine.aac.persist.models import first_error
from engine.aac.rules.completion import KINDS
from engine.aac.rules.turn import TurnFrame, turn_steps
from engine.aac.state import FIGURE_IN_POOL, GameState, state_from_dict
from engine.kernel.fields import record_error
from engine.kernel.frames import Frame
from engine.kernel.words import said


class Invalid(ValueError):
    """A readable reason why a snapshot cannot be a game of this edition."""


def _need(ok: bool, msg: str) -> None:
    if not ok:
        raise Invalid(msg)


def check_config(cfg: GameConfig, r: Rules) -> None:
    """What GameConfig.validate cannot know without the catalog: the characters (R3.3.1)."""
    named = [c for c in cfg.characters or [] if c is not None]
    for c in named:
        _need(c in r.characters, f"config.characters names an unknown character {said(c)}")
    _need(len(set(named)) == len(named), "config.characters names a character twice")


SMALL = 10**6  # no number a rule step holds comes near this


def check_frames(stack: list[dict[str, Any]]) -> None:
    """Every pending rule step exactly as the engine writes it: a known kind, its fields and
    no others, each of its type (engine.kernel.fields.record_error)."""
    for i, fr in enumerate(stack):
        err = record_error(Frame, fr, f"stack[{i}]", SMALL)
        _need(not err, err)
        for k, v in fr.items():
            _need(not isinstance(v, str) or len(v) <= 400, f"stack[{i}].{k} is too long")


def check_ext(d: dict[str, Any]) -> None:
    """The modules' data: exactly the parts of the modules in play, each as its module's
    strict schema describes it (ModuleDef.ext_schemas). Before the modules are set up (the
    seats still choosing their characters, R3.3.1) there is none; after, all of it."""
    schemas: dict[str, type[BaseModel]] = {}
    for m in enabled(d["modules"]):
        schemas.update(m.ext_schemas)
    for key in d["ext"]:
        _need(key in schemas, f"the snapshot holds data of a module not in play ({said(key)})")
    if not d["ext"] and d["turn"] == 0:
        return  # the modules' set-up has not run yet
    for key, schema in schemas.items():
        _need(key in d["ext"], f"the snapshot lacks the data of {said(key)}")
        try:
            schema.model_validate(d["ext"][key])
        except ValidationError as exc:
            raise Invalid(f"ext.{key}.{first_error(exc)}") from exc


def check_snapshot(d: dict[str, Any], r: Rules) -> GameState:
    """Cross-check a schema-valid snapshot with the catalog; return the state it describes."""
    n = d["n"]
    players = d["players"]
    _need(len(players) == n, f"the snapshot has {len(players)} players but says n = {n}")
    try:
        check_names(d["modules"])
    except ValueError as exc:
        raise Invalid(f"the snapshot's modules: {exc}") from exc
    check_ext(d)
    steps = turn_steps(tuple(d["modules"]))[1]
    for i, fr in enumerate(d["stack"]):
        if fr.get("kind") == TurnFrame.kind:
            _need(fr.get("at") in steps, f"stack[{i}] is at an unknown turn step "
                  f"({said(fr.get('at'))})")
    for c in d["completions"]:
        _need(c["kind"] in KINDS, f"a pending completion is of an unknown kind "
              f"({said(c['kind'])})")
    chars = [p["character"] for p in players]
    for i, p in enumerate(players):
        _need(p["seat"] == i, f"players[{i}] has seat {p['seat']}")
        c = p["character"]
        _need(c == "" or c in r.characters, f"players[{i}] has an unknown character {said(c)}")
    named = [c for c in chars if c]
    _need(len(set(named)) == len(named), "two players have the same character")
    tiles_seen: set[str] = set()
    set_up = d["turn"] > 0 or any(p["device"] for p in players)
    for i, p in enumerate(players):
        for k, (t, peg) in enumerate(p["tracks"]):
            _need(-1 <= t <= 3 and 0 <= peg <= r.track_top and (t == -1) == (peg == 0),
                  f"players[{i}].tracks[{k}] is not a valid track position")
        if not set_up:
            _need(not p["actions"] and not p["device"] and not p["staging"],
                  f"players[{i}] holds pieces before the game is set up")
            continue
        _need(len(p["actions"]) == 5, f"players[{i}] must have 5 action tokens")
        _need(bool(p["character"]), f"players[{i}] has no character")
        tiles = p["device"] + p["staging"]
        _need(len(p["device"]) == 5 and len(p["staging"]) == 2,
              f"players[{i}] must have 5 active and 2 staging tiles")
        for t in tiles:
            _need(t in r.tiles, f"players[{i}] has an unknown tile {said(t)}")
            _need(t not in tiles_seen, f"tile {said(t)} belongs to two places")
            tiles_seen.add(t)
        _need(set(p["top"]) == set(tiles) and set(p["bottom"]) == set(tiles),
              f"players[{i}]'s slot lists do not match their tiles")
        for t in tiles:
            td = r.tiles[t]
            _need(len(p["top"][t]) == td.top and len(p["bottom"][t]) == td.bottom,
                  f"players[{i}] tile {said(t)} has the wrong number of slots")
        for a in p["actions"]:
            _need(a in r.action_tokens, f"players[{i}] has an unknown action token {said(a)}")
        for cd in p["conduits"]:
            _need(cd == "" or cd in r.conduit_icons,
                  f"players[{i}] has an unknown conduit {said(cd)}")
        for loc in p["bridge_loc"]:
            _need(loc in ("board", "box") or loc in r.bridge_spaces,
                  f"players[{i}] has a bridge token on an unknown place {said(loc)}")
        _need(p["figure"] == FIGURE_IN_POOL or p["figure"] in r.neighbours,
              f"players[{i}]'s figure is on an unknown space {said(p['figure'])}")
        _need(p["behind"] == "" or p["behind"] in r.neighbours,
              f"players[{i}]'s facing names an unknown space {said(p['behind'])}")
        _need(p["patron"] == "" or p["patron"] in d["monuments"],
              f"players[{i}] holds the patron token of a monument not in play "
              f"({said(p['patron'])})")
    for mid, m in d["monuments"].items():
        _need(mid in r.monuments and m["id"] == mid, f"unknown monument {said(mid)}")
        secs = {s.id for s in r.monuments[mid].sections}
        for s in m["stack"] + m["built"]:
            _need(s in secs, f"monument {said(mid)} has a section {said(s)} that is not its own")
        _need(len(m["stack"]) + len(m["built"]) == len(secs),
              f"monument {said(mid)} does not have all its sections")
        want = len(r.sections[m["stack"][0]].symbols) if m["stack"] else 0
        _need(len(m["spaces"]) == want, f"monument {said(mid)} has {len(m['spaces'])} spaces, "
              f"its topmost section has {want}")
        for c in m["spaces"]:
            _need(-1 <= c < 4 * n,
                  f"monument {said(mid)} holds energy of a seat that does not exist")
        _need(m["bonus"] in r.bonus_tiles, f"monument {said(mid)} has an unknown bonus tile")
    _need(set(d["bound"]) == set(r.region_order), "the bound energy areas do not match the map")
    for reg, rows in d["bound"].items():
        _need(len(rows) == n, f"bound area {said(reg)} must list {n} players")
    _need(set(d["pillars"]) == set(r.pillar_region), "the pillar spaces do not match the map")
    for sp, c in d["pillars"].items():
        _need(c < 4 * n, f"pillar {said(sp)} holds energy of a seat that does not exist")
    _need(set(d["bridges"]) == set(r.bridge_spaces), "the bridge spaces do not match the map")
    for sp, b in d["bridges"].items():
        if b.startswith("n:"):
            _need(b[2:] in r.neutral_tokens, f"bridge {said(sp)} has an unknown neutral token")
        elif b.startswith("p:"):
            _need(int(b.split(":")[1]) < n,
                  f"bridge {said(sp)} belongs to a seat that does not exist")
    for t in d["pool"] + d["supply"]:
        _need(t == "" or t in r.shop_tiles, f"the Tile Pool holds an unknown tile {said(t)}")
        _need(t == "" or t not in tiles_seen, f"tile {said(t)} is both in the Tile Pool and owned")
    for a in d["achievements"]:
        _need(a in r.achievements, f"unknown achievement {said(a)}")
    _need(set(d["ach"]) == set(d["achievements"]), "achievement columns do not match the spots")
    for k in d["tray"]:
        _need(k in r.upgrade_designs, f"unknown action upgrade {said(k)} in the tray")
    for pile in d["piles"]:
        for tok in pile:
            _need(tok in r.conduit_icons, f"unknown conduit token {said(tok)}")
    _need(d["active"] < n and d["start_player"] < n, "the active or start player does not exist")
    for c in d["completions"]:
        if c["kind"] == "section":
            _need(c["monument"] in d["monuments"],
                  f"a pending completion names {said(c['monument'])}")
    _need(bool(d["stack"]) or d["over"], "the game is neither over nor waiting for a decision")
    check_frames(d["stack"])
    try:
        s = state_from_dict(d)
    except (KeyError, TypeError, ValueError) as exc:
        raise Invalid("its game cannot be rebuilt") from exc
    errs = check(Ctx(s, r))
    _need(not errs, errs[0] if errs else "")
    return s

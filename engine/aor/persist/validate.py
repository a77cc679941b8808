"""Checks of a save's config and snapshot against the catalog and the rules, after the
schema (persist.models): every id known and where it may be, lengths and seats in range,
every pending rule step a known kind with the fields of its class, then the invariants."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from engine.aor.catalog import Tables
from engine.aor.config import RULES_OPTIONS, AorConfig
from engine.aor.invariants import check
from engine.aor.scoring import categories
from engine.aor.state import HIDDEN_CARD, State
from engine.kernel.frames import Frame
from engine.kernel.words import said

EXTRA_OPTIONS = ("random_first_alliances",)


class Invalid(ValueError):
    """A readable reason why a snapshot cannot be a game of Age of Reason."""


def _need(ok: bool, msg: str) -> None:
    if not ok:
        raise Invalid(msg)


def check_config(cfg: AorConfig, t: Tables) -> None:
    try:
        cfg.validate()
    except ValueError as exc:
        raise Invalid(f"the config: {exc}") from exc


def _known_id(t: Tables, v: str) -> bool:
    return (v in t.cards or v in t.markers or v in t.box_by_id or v in t.space_box
            or v in t.area_index or v in t.country_index)


def check_frames(stack: list[dict[str, Any]], t: Tables, n: int) -> None:
    """Each frame: a known Age of Reason kind, exactly its class's fields, each of its type;
    ids known to the catalog, seats in range."""
    for i, fr in enumerate(stack):
        kind = fr.get("kind")
        cls = Frame.registry.get(str(kind))
        _need(cls is not None and str(kind).startswith("aor."),
              f"stack[{i}] is an unknown kind of rule step ({said(kind)})")
        assert cls is not None
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        got = set(fr) - {"kind"}
        _need(got == set(names), f"stack[{i}] ({kind}) has fields {sorted(got)}, expected "
              f"{sorted(names)}")
        for name in names:
            _check_value(fr[name], hints[name], f"stack[{i}].{name}", t, n)


def _check_value(v: Any, tp: Any, where: str, t: Tables, n: int) -> None:
    if tp is int:
        _need(isinstance(v, int) and not isinstance(v, bool) and -1 <= v <= 10**6,
              f"{where} must be a small whole number")
        if where.rsplit(".", 1)[-1] in ("seat", "attacker", "speaker", "starter", "leader"):
            _need(v < n, f"{where} names a seat that does not exist")
    elif tp is bool:
        _need(isinstance(v, bool), f"{where} must be true or false")
    elif tp is str:
        _need(isinstance(v, str) and len(v) <= 64, f"{where} must be short text")
        if "_" in v and not where.endswith((".at", ".filter", ".took")):
            _need(_known_id(t, v), f"{where} names something unknown ({said(v)})")
    else:
        _need(isinstance(v, list) and len(v) <= 40, f"{where} must be a short list")
        for k, x in enumerate(v):
            if isinstance(x, list):
                _need(len(x) == 2 and isinstance(x[0], int) and not isinstance(x[0], bool)
                      and 0 <= x[0] < n and isinstance(x[1], str) and x[1] in t.cards,
                      f"{where}[{k}] must be a seat and a card")
            else:
                _need(isinstance(x, int) and not isinstance(x, bool) and -1 <= x <= 10,
                      f"{where}[{k}] must be a small whole number")
        if where.endswith((".order", ".allies", ".offers", ".out")):
            _need(all(isinstance(x, int) and 0 <= x < n for x in v),
                  f"{where} names a seat that does not exist")


def check_snapshot(d: dict[str, Any], t: Tables) -> State:
    """Cross-check a schema-valid snapshot with the catalog; the state it describes."""
    n = d["n"]
    nc, na = len(t.countries), len(t.areas)
    players = d["players"]
    _need(len(players) == n, f"the snapshot has {len(players)} players but says n = {n}")
    want = set(RULES_OPTIONS) | set(EXTRA_OPTIONS)
    _need(set(d["options"]) == want, "the snapshot's rules options are not this edition's")
    _need(len(d["seat_of"]) == nc and len(d["npc_lost"]) == nc,
          f"the snapshot must list {nc} countries")
    _need(len(d["discs"]) == na and all(len(r) == nc for r in d["discs"]),
          f"the snapshot's map must hold {na} areas of {nc} countries")
    _need(len(d["markers"]) == na, f"the snapshot's map must hold {na} areas")
    _need(len(d["alliance"]) == t.display_size, "the Alliance Display has the wrong size")
    _need(d["first_player"] < n, "the first player is a seat that does not exist")
    _need(all(w < n for w in d["winners"]), "a winner is a seat that does not exist")
    cats = {c.name for c in categories(t.turns)}
    for i, p in enumerate(players):
        c = p["country"]
        _need(c >= 0 or d["turn"] == 0, f"players[{i}] has no country after setup")
        own = set(t.country_cards[c]) if c >= 0 else set()
        for key in ("hand", "discard", "shown"):
            for card in p[key]:
                _need(card in own, f"players[{i}].{key} holds a card that is not its "
                      f"country's ({said(card)})")
        _need(p["committed"] in ("", *own) and p["committed"] != HIDDEN_CARD,
              f"players[{i}].committed is not one of its cards")
        _need(set(p["score"]) == cats, f"players[{i}].score has unknown categories")
    for key in ("bag", "removed"):
        for m in d[key]:
            _need(m in t.markers, f"{key} holds an unknown Empire marker ({said(m)})")
    for a, row in enumerate(d["markers"]):
        for m in row:
            _need(m in t.markers and t.markers[m].area == a,
                  f"markers[{a}] holds a marker of another area ({said(m)})")
    _need(set(d["spaces"]) == set(t.spaces_for(n, d["options"])),
          "the snapshot's box spaces do not match its player count")
    check_frames(d["stack"], t, n)
    try:
        s = State.from_plain(d)
    except (KeyError, TypeError, ValueError) as exc:
        raise Invalid(f"the snapshot cannot be read ({exc})") from exc
    errs = check(t, s)
    _need(not errs, f"the snapshot breaks a rule ({errs[0] if errs else ''})")
    return s

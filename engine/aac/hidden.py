"""An Age Contrived's hidden information, declared once (engine.kernel.hidden).

- the order of the face-down Tile Pool supply (R3.2.7): nobody sees it; a view holds only its
  count; drawing from it reveals tiles (an undo barrier);
- the RNG state: nobody sees it (it is used only at setup);
- the expert variant's secret loading (R3.3.9): until turn 1, a seat's slots, Exhausted Pool
  and Tile Pool energy are seen by that seat only.

Modules add their parts to `PARTS` through their ModuleDef (Folklore: hidden hands).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.aac.data import rules
from engine.aac.modules import MODULES, ModuleDef, on_register
from engine.aac.state import GameState
from engine.kernel.hidden import HiddenPart
from engine.kernel.rng import Rng, seed_state

REVEALED = "Undo stops here: new tiles were revealed from the Tile Pool supply."
TIERS = ("I", "II", "III")


# --- the Tile Pool supply ----------------------------------------------------------------------


def unseen_tiles(view: dict[str, Any]) -> list[list[str]]:
    """Shop tiles that may still be in the supply, per tier (sorted, for determinism)."""
    r = rules()
    n = int(view["n"])
    seen: set[str] = {t for t in view["pool"] if t}
    for p in view["players"]:
        seen.update(p.get("device") or [])
        seen.update(p.get("staging") or [])
    out: list[list[str]] = []
    for tier in TIERS:
        out.append(sorted(
            t for t in r.shop_tiles
            if r.tiles[t].stack == tier and r.tiles[t].min_players <= n and t not in seen
        ))
    return out


def _redact_supply(d: dict[str, Any], owner: int | None) -> None:
    d["supply"] = len(d["supply"])


def _resample_supply(d: dict[str, Any], owner: int | None, seed: int) -> None:
    """The unseen shop tiles stacked tier I, II, III as at setup, each tier in a seeded random
    order; the supply is the bottom `count` of that stack (tiles are drawn from the top)."""
    count = d["supply"]
    if not isinstance(count, int):  # a full snapshot was passed: keep its supply length
        count = len(count)
    rng = Rng(seed_state(seed ^ 0xD37E))
    stack: list[str] = []
    for tier in unseen_tiles(d):
        rng.shuffle(tier)
        stack.extend(tier)
    d["supply"] = stack[len(stack) - count:] if count else []


def _supply_digest(s: GameState, owner: int | None) -> Hashable:
    return len(s.supply)  # tiles only ever leave it from the top (R9.5): its size says all


SUPPLY = HiddenPart("tile_supply", _redact_supply, _resample_supply, _supply_digest,
                    barrier=REVEALED)


# --- the RNG -----------------------------------------------------------------------------------


def _redact_rng(d: dict[str, Any], owner: int | None) -> None:
    d.pop("rng", None)


def _resample_rng(d: dict[str, Any], owner: int | None, seed: int) -> None:
    d["rng"] = seed_state(seed ^ 0x51A7E)


def _rng_digest(s: GameState, owner: int | None) -> Hashable:
    return s.rng


RNG = HiddenPart("rng", _redact_rng, _resample_rng, _rng_digest)


# --- expert secret loading (R3.3.9) ------------------------------------------------------------


def secret_loading(s: GameState) -> bool:
    return s.turn == 0 and bool(s.options.get("expert_loading"))


def _loading_visible(s: GameState, owner: int | None, viewer: int) -> bool:
    return owner == viewer or not secret_loading(s)


def _redact_loading(d: dict[str, Any], owner: int | None) -> None:
    assert owner is not None
    players = list(d["players"])
    p = dict(players[owner])
    p["top"] = {k: [-1] * len(v) for k, v in p["top"].items()}
    p["bottom"] = {k: [-1] * len(v) for k, v in p["bottom"].items()}
    p["exhausted"] = None
    p["shop"] = None
    players[owner] = p
    d["players"] = players


def _resample_loading(d: dict[str, Any], owner: int | None, seed: int) -> None:
    """Guess that a seat whose loading is hidden has not loaded yet (all its non-reserve
    energy in its Exhausted Pool), which keeps every token accounted for."""
    assert owner is not None
    p = d["players"][owner]
    if p.get("exhausted") is not None and p.get("shop") is not None:
        return
    q = dict(p)
    energy = rules().characters[str(p["character"])].energy
    q["exhausted"] = [energy[i] - int(p["reserve"][i]) for i in range(4)]
    q["shop"] = [0, 0, 0, 0]
    players = list(d["players"])
    players[owner] = q
    d["players"] = players


def _loading_digest(s: GameState, owner: int | None) -> Hashable:
    assert owner is not None
    p = s.players[owner]
    return (tuple(tuple(v) for v in p.top.values()), tuple(tuple(v) for v in p.bottom.values()),
            tuple(p.exhausted), tuple(p.shop))


SECRET_LOADING = HiddenPart("secret_loading", _redact_loading, _resample_loading,
                            _loading_digest, _loading_visible, per_seat=True,
                            hides=secret_loading)

BASE_PARTS: tuple[HiddenPart, ...] = (SUPPLY, RNG, SECRET_LOADING)
PARTS: tuple[HiddenPart, ...] = BASE_PARTS  # the base game's and every registered module's


def _refresh(m: ModuleDef) -> None:
    global PARTS
    parts = {p.name: p for mod in MODULES.values() for p in mod.hidden}  # shared: once
    PARTS = BASE_PARTS + tuple(parts.values())


on_register(_refresh, _refresh)


def parts() -> tuple[HiddenPart, ...]:
    """Every hidden part (a module's parts must say "visible" in a game without it)."""
    return PARTS

"""The display model (engine.aac.display: the table replays a shown copy through each event)
stays equal to the engine's real state after every event of random games with the Pilgrimage
module and with both modules: in everything the base table draws, and in the Pilgrim Board
(Pilgrimages, speed, Shrines in the supply and in frames, Blockades, board energy, the marked
closed space) and the Scoring Cards."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.aac import display
from engine.aac import events as ev
from engine.aac.core import Ctx
from engine.aac.pilgrimage.state import NAME
from engine.kernel.bots import RandomBot
from tests.pilgrimage_support import pilgrimage  # noqa: F401  (the fixture)

pytestmark = pytest.mark.usefixtures("pilgrimage")


def pilgrim_part(s: Any) -> dict[str, Any]:
    if NAME not in s.ext:  # before the module's setup
        return {}
    return {"pilgrimage": copy.deepcopy(s.ext[NAME]),
            "scoring_cards": copy.deepcopy(s.ext.get("scoring_cards"))}


def keen(d: Any) -> str:
    """Keen on the Pilgrim Board: its energy spaces, +1 speed, Shrine benefits, moving on."""
    for want in (lambda c: "pilgrim:" in c.id and ">" in c.id,
                 lambda c: c.id in ("pilgrimage:speed", "take", "resolve:shrine"),
                 lambda c: c.id.startswith(("to:", "mark:"))):
        ids = [c.id for c in d.choices if want(c)]
        if ids:
            return str(ids[0])
    return ""


@pytest.mark.parametrize("players,seed,modules", [
    (2, 3, (NAME,)), (3, 5, ("folklore", NAME)), (4, 7, (NAME,)), (5, 9, ("folklore", NAME))])
def test_pilgrimage_events_walk_to_the_engine_state(monkeypatch: pytest.MonkeyPatch,
                                                    players: int, seed: int,
                                                    modules: tuple[str, ...]) -> None:
    snaps: list[tuple[dict[str, Any], dict[str, Any]]] = []
    orig = Ctx.emit

    def emit(self: Ctx, e: ev.Event) -> None:
        orig(self, e)
        snaps.append((copy.deepcopy(display.projection(self.s)), pilgrim_part(self.s)))

    monkeypatch.setattr(Ctx, "emit", emit)
    kinds: set[str] = set()
    g = new_game(GameConfig(players=players, seed=seed, modules=modules))
    g.undo_enabled = False
    bots = [RandomBot(seed + i) for i in range(players)]
    for k in range(1500):
        d = g.pending
        if d is None:
            break
        cid = (keen(d) if k % 3 else "") or bots[d.seat].choose(None, d)
        shown = g.state.clone()
        snaps.clear()
        events = g.choose(cid)
        assert len(events) == len(snaps)
        for i, (e, (snap, part)) in enumerate(zip(events, snaps, strict=True)):
            assert display.apply(shown, g.rules, e), f"could not apply {e}"
            if not isinstance(e, ev.ALL_EVENTS):
                kinds.add(type(e).__name__)
            got = display.projection(shown)
            diff = [key for key in snap if snap[key] != got[key]]
            assert not diff, f"after event {i} {e} of {cid!r}: differs in {diff}"
            assert pilgrim_part(shown) == part, f"after event {i} {e} of {cid!r}"
    assert {"SpeedChanged", "ShrineConstructed", "PilgrimMoved", "ShrineCompletionStarted",
            "BlockadeRemoved"} <= kinds, kinds

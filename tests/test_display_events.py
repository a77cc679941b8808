"""Walking a copy of the state forward event by event with engine.aac.display reaches,
after every event, the state the engine had when it reported that event — in everything the
table draws (issue 12: the display model is a public engine function tested against the
engine's real state after each event). Seeded games at 2-5 seats, random and easy bots."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.aac import display
from engine.aac import events as ev
from engine.aac.bots import make_bot
from engine.aac.core import Ctx
from engine.aac.folklore.state import fdata
from engine.kernel.bots import RandomBot


@pytest.fixture
def emitted(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The table-visible state at each event's emission."""
    snaps: list[dict[str, Any]] = []
    orig = Ctx.emit

    def emit(self: Ctx, e: ev.Event) -> None:
        orig(self, e)
        snaps.append(copy.deepcopy(display.projection(self.s)))

    monkeypatch.setattr(Ctx, "emit", emit)
    return snaps


def walk(players: int, seed: int, level: str, decisions: int,
         snaps: list[dict[str, Any]]) -> int:
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    bots = [RandomBot(seed + i) if level == "random" else make_bot(level, seed + i)
            for i in range(players)]
    checked = 0
    for _ in range(decisions):
        d = g.pending
        if d is None:
            break
        bot = bots[d.seat]
        cid = bot.choose(None if level == "random" else g.view(d.seat), d)
        shown = g.state.clone()
        snaps.clear()  # (a bot's search emits events on its own copies)
        events = g.choose(cid)
        assert len(events) == len(snaps)
        for i, (e, snap) in enumerate(zip(events, snaps, strict=True)):
            assert display.apply(shown, g.rules, e), f"could not apply {e}"
            got = display.projection(shown)
            diff = [k for k in snap if snap[k] != got[k]]
            assert not diff, (f"after event {i} {e} of choice {cid!r}: the walked copy "
                              f"differs in {diff}")
            checked += 1
        assert display.projection(shown) == display.projection(g.state)
    return checked


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_event_of_random_games_walks_to_the_engine_state(players, emitted):
    assert walk(players, 40 + players, "random", 900, emitted) > 500


@pytest.mark.parametrize("players", [2, 4])
def test_every_event_of_easy_bot_games_walks_to_the_engine_state(players, emitted):
    """Bots deploy, complete and bind far more often than random play."""
    assert walk(players, 60 + players, "easy", 400, emitted) > 300


def test_every_event_type_has_its_display_case():
    """A new event type must be added to the union the display (and the table's animator)
    match on exhaustively."""
    def subclasses(c: type) -> set[type]:
        out = set()
        for sub in c.__subclasses__():
            out |= {sub} | subclasses(sub)
        return out

    base = {c for c in subclasses(ev.Event) if c.__module__ == ev.__name__}
    assert base == set(ev.ALL_EVENTS)


def folklore_part(s: Any) -> dict[str, Any]:
    """What the table draws of the Folklore module (hand counts and cards, played cards,
    Artifacts in the slots, primed, on the map and in the bound areas, the track)."""
    if "folklore" not in s.ext:  # before the module's setup
        return {}
    d = fdata(s)
    out = {k: copy.deepcopy(d[k]) for k in ("hand", "played", "slots", "primed", "map",
                                            "bound", "track", "placed")}
    out["scoring_cards"] = copy.deepcopy(s.ext.get("scoring_cards"))  # held, and the supply
    return out


def keen(d: Any) -> str:
    """Keen on Artifacts, then on the options that give a Scoring Card, then on the Folklore
    Track ("" where none of these is offered)."""
    for want in (lambda c: c.id.startswith("folklore:"),
                 lambda c: c.id.startswith("option:") and "Scoring Card" in c.label,
                 lambda c: c.id.startswith("option:") and "Move up" in c.label):
        ids = [c.id for c in d.choices if want(c)]
        if ids:
            return str(ids[0])
    return ""


def test_folklore_module_events_walk_to_the_engine_state(monkeypatch):
    """R26: priming, placing, playing, the track and binding Artifacts are module events, and
    so is taking a Scoring Card (R28.4); each one shows its change itself (display.apply
    calls the event's `show`)."""
    snaps: list[tuple[dict[str, Any], dict[str, Any]]] = []
    orig = Ctx.emit

    def emit(self: Ctx, e: ev.Event) -> None:
        orig(self, e)
        snaps.append((copy.deepcopy(display.projection(self.s)), folklore_part(self.s)))

    monkeypatch.setattr(Ctx, "emit", emit)
    kinds: set[str] = set()
    for players, seed in ((2, 3), (3, 5)):
        g = new_game(GameConfig(players=players, seed=seed, modules=("folklore",)))
        g.undo_enabled = False
        bots = [RandomBot(seed + i) for i in range(players)]
        for _ in range(1200):
            d = g.pending
            if d is None:
                break
            cid = keen(d) or bots[d.seat].choose(None, d)
            shown = g.state.clone()
            snaps.clear()
            events = g.choose(cid)
            assert len(events) == len(snaps)
            for i, (e, (snap, part)) in enumerate(zip(events, snaps, strict=True)):
                display.apply(shown, g.rules, e)
                if not isinstance(e, ev.ALL_EVENTS):
                    kinds.add(type(e).__name__)
                got = display.projection(shown)
                diff = [k for k in snap if snap[k] != got[k]]
                assert not diff, f"after event {i} {e} of {cid!r}: differs in {diff}"
                assert folklore_part(shown) == part, f"after event {i} {e} of {cid!r}"
    assert {"ArtifactPrimed", "ArtifactPlaced", "FolkloreCardPlayed",
            "FolkloreTrackMoved", "ScoringCardGained"} <= kinds

"""Names, never ids, with the Pilgrimage module (and both modules): every prompt, choice label
and log line of seeded games reads in catalog words (no pb_..., shrine_..., blockade_...
ids, no rule-step names), and each Pilgrimage decision's prompt reads well for a newcomer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.aac.bots import make_bot
from engine.aac.data import data_dir, rules
from engine.aac.log import describe
from engine.aac.names import kind
from engine.aac.pilgrimage import events as pev
from tests.pilgrimage_support import pilgrimage  # noqa: F401  (the fixture)
from tests.test_names import IdScanner, offending

pytestmark = pytest.mark.usefixtures("pilgrimage")

PIL_KINDS = ("pilgrimage_blocker", "pilgrimage_shrine", "pilgrimage_frame", "pilgrimage_move",
             "pilgrimage_benefit", "pilgrimage_energy")


def expansion_ids() -> set[str]:
    out: set[str] = set()

    def walk(o: object) -> None:
        if isinstance(o, dict):
            if isinstance(o.get("id"), str) and "_" in o["id"]:
                out.add(o["id"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    for p in sorted(Path(data_dir(), "expansion").glob("*.json")):
        walk(json.loads(p.read_text(encoding="utf-8")))
    return out


@pytest.fixture(scope="module")
def scanner() -> IdScanner:
    sc = IdScanner()
    sc.ids |= expansion_ids()
    sc._compile()
    return sc


def play(players: int, seed: int, modules: tuple[str, ...]
         ) -> tuple[list[str], list[Any], list[str], dict[str, str]]:
    """A seeded game of easy and random bots to its end: (prompts and labels, events,
    characters, the prompt of each Pilgrimage decision kind met)."""
    g = new_game(GameConfig(players=players, seed=seed, modules=modules))
    g.undo_enabled = False
    bots = [make_bot("easy" if k % 2 else "random", seed * 7 + k) for k in range(players)]
    texts: list[str] = []
    events: list[Any] = list(g.setup_events)  # type: ignore[attr-defined]
    prompts: dict[str, str] = {}
    while not g.is_over:
        d = g.pending
        assert d is not None
        texts.append(d.prompt)
        texts.extend(c.label for c in d.choices)
        if d.kind.startswith("pilgrimage") or d.kind == "recharge":
            prompts.setdefault(d.kind, d.prompt)
        events.extend(g.choose(bots[d.seat].choose(g.view(d.seat), d)))
    return texts, events, [p.character for p in g.state.players], prompts


GAMES = [(2, 31, ("pilgrimage",)), (3, 32, ("folklore", "pilgrimage"))]


@pytest.fixture(scope="module")
def games() -> list[tuple[list[str], list[Any], list[str], dict[str, str]]]:
    return [play(n, seed, mods) for n, seed, mods in GAMES]


def test_pilgrimage_games_show_no_ids(scanner: IdScanner, games: Any) -> None:
    r = rules()
    pil = 0
    for texts, events, chars, _ in games:
        lines = [describe(e, r, chars) for e in events]
        pil += sum(isinstance(e, pev.PILGRIMAGE_EVENTS) for e in events)
        bad = offending(scanner, texts + lines)
        assert not bad, f"ids reach the player: {sorted(bad.items())[:12]}"
        for line in lines:
            assert "pb_" not in line and "blockade_" not in line, line
    assert pil > 20  # Pilgrimages did move, Shrines were built


def test_pilgrimage_prompts_read_as_plain_words(games: Any) -> None:
    met: dict[str, str] = {}
    for *_, prompts in games:
        met.update(prompts)
    assert {"pilgrimage_shrine", "pilgrimage_frame", "pilgrimage_move",
            "pilgrimage_energy", "pilgrimage_blocker"} <= set(met), sorted(met)
    for k in PIL_KINDS:
        assert "_" not in kind(k) and kind(k) != k.replace("_", " ").capitalize(), k
    for prompt in met.values():
        assert "_" not in prompt and prompt[0].isupper(), prompt
    assert met["pilgrimage_move"].endswith(("step left)", "steps left)"))
    assert met["pilgrimage_shrine"] == "Construct a Shrine: choose one from the supply"

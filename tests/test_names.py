"""Names, never ids: every prompt, choice label, log line and table tooltip a player can read
uses catalog words, never internal ids (shop_i_06, sp_east_out_ccw, br_fixed_north_east,
ember_forge_s1, [advance], ...). Seeded bot games at 2-5 seats and rendered tables are scanned.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac import events as ev  # noqa: E402
from engine.aac.bots import make_bot  # noqa: E402
from engine.aac.config import RULES_OPTIONS, GameConfig, option_title  # noqa: E402
from engine.aac.data import data_dir, rules  # noqa: E402
from engine.aac.game import new_game  # noqa: E402
from engine.aac.log import describe  # noqa: E402
from engine.aac.names import kind  # noqa: E402
from engine.kernel.frames import Frame  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402

# Icon ids that are everyday English words in any sentence ("move your character", "the
# monument", "a pillar"); tiles and conduits name icons as foot / castle / pillar instead.
ENGLISH = {"move", "monument", "pillar"}


def catalog_ids() -> set[str]:
    """Every "id" value in assets/data/*.json."""
    out: set[str] = set()

    def walk(o: object) -> None:
        if isinstance(o, dict):
            if isinstance(o.get("id"), str):
                out.add(o["id"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    for p in sorted(data_dir().glob("*.json")):
        walk(json.loads(p.read_text(encoding="utf-8")))
    return out


class IdScanner:
    """Finds catalog ids (whole words, case-sensitive: "Aureon" is a name, "aureon" an id),
    rule-step class names, decision kinds with an underscore, and "[kind]" / "[choice id]"
    in brackets."""

    def __init__(self) -> None:
        ids = catalog_ids() - ENGLISH
        # rule-step class names, and their save kinds that are not plain words (end_of_advance)
        # (this game's: the kernel's registry also holds other games', e.g. the test game's)
        ours = {k: c for k, c in Frame.registry.items() if c.__module__.startswith("engine.aac")}
        ids |= {cls.__name__ for cls in ours.values()}
        ids |= {k for k in ours if "_" in k}
        self.ids = ids
        self.kinds: set[str] = set()
        self._compile()

    def _compile(self) -> None:
        words = sorted(self.ids | {k for k in self.kinds if "_" in k}, key=len, reverse=True)
        self.word = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, words)) + r")(?![\w])")
        self.bracket = re.compile(r"\[([a-z_:]+)\]")

    def add_kind(self, kind: str) -> None:
        if kind not in self.kinds:
            self.kinds.add(kind)
            self._compile()

    def find(self, text: str) -> set[str]:
        hits = {m.group(1) for m in self.word.finditer(text)}
        hits |= {m.group(1) for m in self.bracket.finditer(text)}
        return hits


@pytest.fixture(scope="module")
def scanner() -> IdScanner:
    return IdScanner()


def play(players: int, seed: int) -> tuple[list[str], list[ev.Event], list[str]]:
    """A seeded game of easy and random bots: (every prompt and label, every event, kinds)."""
    g = new_game(GameConfig(players=players, seed=seed))
    g.undo_enabled = False
    bots = [make_bot("easy" if k % 2 else "random", seed * 7 + k) for k in range(players)]
    texts: list[str] = []
    events: list[ev.Event] = list(g.setup_events)  # type: ignore[attr-defined]
    kinds: list[str] = []
    while not g.is_over:
        d = g.pending
        assert d is not None
        kinds.append(d.kind)
        texts.append(d.prompt)
        texts.extend(c.label for c in d.choices)
        events.extend(g.choose(bots[d.seat].choose(g.view(d.seat), d)))
    return texts, events, [p.character for p in g.state.players]


GAMES = [(2, 11), (3, 12), (4, 13), (5, 14)]


@pytest.fixture(scope="module")
def games() -> list[tuple[list[str], list[ev.Event], list[str]]]:
    return [play(n, seed) for n, seed in GAMES]


def offending(scanner: IdScanner, texts: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for t in texts:
        for hit in scanner.find(t):
            out.setdefault(hit, t)
    return out


def test_prompts_labels_and_log_lines_of_seeded_games_name_no_ids(scanner, games) -> None:
    r = rules()
    seen = 0
    for texts, events, chars in games:
        lines = [describe(e, r, chars) for e in events]
        bad = offending(scanner, texts + lines)
        assert not bad, f"ids reach the player: {sorted(bad.items())[:12]}"
        seen += len(texts) + len(lines)
    assert seen > 5000  # the games really were played and read


def test_every_catalog_id_has_player_words() -> None:
    r = rules()
    for i in catalog_ids():
        assert i in r.names and r.names[i] != i, f"{i} has no player words"
        assert "_" not in r.names[i], f"{i} -> {r.names[i]!r}"
    # places on the map are told apart by their names
    places = [r.names[s] for s in r.spaces]
    assert len(set(places)) == len(places)
    assert r.names["sp_north_start"] == "Cinderreach start space"
    assert r.names["br_spoke_north"] == "the bridge between Anfirien Vale and Cinderreach"
    assert r.names["br_fixed_north_east"] == \
        "the outer bridge between Cinderreach and Glasswater Coast"
    assert r.names["ember_forge_s2"] == "Ember Forge, section 2"
    assert r.names["compass"] == "Compass"
    assert r.long_names["shop_i_06"] == "a tier I tile: 1 top slot, 2 bottom slots, pillar"


def test_decision_kinds_read_as_words(games) -> None:
    for n, seed in GAMES[:1]:
        g = new_game(GameConfig(players=n, seed=seed))
        assert kind(g.pending.kind) and "_" not in kind(g.pending.kind)
    assert kind("push_tile") == "Push a tile"
    assert kind("some_new_kind") == "Some new kind"


def test_every_score_change_says_why(games) -> None:
    """ScoreChanged names the categories that changed, with a cause, and they add up."""
    r = rules()
    changes = paid = 0
    for _, events, chars in games:
        turn: list[ev.Event] = []
        for e in events:
            if isinstance(e, ev.TurnStarted):
                turn = []
            turn.append(e)
            if not isinstance(e, ev.ScoreChanged):
                continue
            changes += 1
            assert e.parts, f"no parts for {e}"
            assert sum(p.new - p.old for p in e.parts) == e.new - e.old
            assert all(p.cause for p in e.parts)
            line = describe(e, r, chars)
            assert f"{e.old} → {e.new} VP (" in line
            for p in e.parts:
                if p.category == "tile_pool" and "energy paid for a tile" in p.cause:
                    paid += 1
                    assert any(isinstance(x, ev.TokenMoved) and x.owner == e.seat
                               and x.src == "shop" and x.reason == "paid for a tile"
                               for x in turn)
    assert changes > 20 and paid > 0


def test_rules_options_are_explained_in_plain_words() -> None:
    code = re.compile(r"\b[OR]\d+(\.\d+)*\b")
    for key, (default, text) in RULES_OPTIONS.items():
        assert isinstance(default, bool)
        title = option_title(key)
        for t in (title, text):
            assert not code.search(t), t
            assert "True" not in t and "False" not in t and "_" not in t, t
        assert len(title) <= 40 and len(text) > 40


SCENES = [(7, 3, 300), (21, 2, 120), (5, 4, 600), (33, 5, 900)]


pytestmark = pytest.mark.app(anim_speed=1.0)

def test_table_tooltips_and_why_nots_name_no_ids(app, scanner) -> None:
    texts: list[str] = []
    for seed, players, moves in SCENES:
        s = Session.mid_game(seed, players, moves, humans=1)
        app.start_session(s)
        t = app.scene
        app.step(1 / 60)
        assert s.game.pending is not None
        for view in (t.board, t.device, t.seats, t.topbar, t.prompt):
            for n in view.children:
                if isinstance(n, Hotspot):
                    texts.append(t.tooltip_for(n))
                    texts.append(t.why_not(n.target))
                elif isinstance(n, Button):
                    texts.extend((n.label, n.tooltip()))
        texts.extend(t.seat_tip(i) for i in range(players))
        texts.extend((t.prompt.title, t.prompt.detail))
    assert len(texts) > 400
    bad = offending(scanner, texts)
    assert not bad, f"ids in hover texts: {sorted(bad.items())[:12]}"

"""Player words (issue 29 item 7; the glossary and the patterns: tests/words_scan.py): no
text a player reads says "tile(s)", counts from 0, numbers seats, writes code ("players[0]",
"2+2", "FT 0"), names a file by its time stamp, or calls the figure a character; messages,
log lines, prompts, hover texts and refusals start with a capital. Scanned: seeded bots'
games of 2 to 5 players with both modules (every prompt, answer and log line, the seats
called by the names typed), the refusals of every damaged save of the corpus, and the
screens a player sees (title, set-up, settings, load, the table at several positions of
both modules with its sheets, every hover text and status line, the results)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.api import GameConfig, load_game, new_game, rules  # noqa: E402
from engine.aac.bots import make_bot  # noqa: E402
from engine.aac.log import describe  # noqa: E402
from engine.aac.names import kind  # noqa: E402
from engine.kernel.saves import SaveError  # noqa: E402
from game.aac.guide.book import guide  # noqa: E402
from game.aac.scenes.results import ResultsScene  # noqa: E402
from game.aac.session import AacSession  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.aac.tutorial.script import LESSONS  # noqa: E402
from game.shell.dirs import saves_dir  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.scenes.load import LoadScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from tests.layout_scan import drawn_texts, walk  # noqa: E402
from tests.test_ui_memory import LAST_ROUND  # noqa: E402
from tests.words_scan import problems, scan  # noqa: E402

CORPUS = Path(__file__).resolve().parent / "saves_corpus"
NAMES = ("Anastasia Wild", "Bartholomew K")
GAMES = [(2, 11, ()), (3, 12, ("folklore",)), (4, 13, ("pilgrimage",)),
         (5, 14, ("folklore", "pilgrimage")), (3, 15, ("folklore", "pilgrimage"))]


def fail_on(bad: dict[str, str], what: str) -> None:
    assert not bad, f"{what}:\n" + "\n".join(f"  {v}" for v in bad.values())


def test_the_scan_finds_what_it_must() -> None:
    for text in ("Deploy 1 tile(s) from positions 4,5", "Aureon (seat 1) moves",
                 "Freyith's starting tile 0", "Tier II tile (2+2, foot, pillar)", "FT 0",
                 "Valimod (bot, hovered)", "Saved to save-20261206-054714.json",
                 "snapshot.players[0].actions must hold 5", "Move your character up to 2",
                 "Seat 2: random character"):
        assert problems(text), text
    assert problems("your figure cannot go there now.", sentence=True)
    for text in ("Deploy 1 tile from position 4 or 5", "Aureon moves 2 spaces",
                 "Move your figure up to 2 spaces, or 2 character movement",
                 "Freyith's spare tile (foot)", "+5 VP (Monuments +4, Pillars +1)"):
        assert not problems(text, sentence=True), text


@pytest.fixture(scope="module")
def engine_texts() -> list[str]:
    """Every prompt, answer and log line of seeded bots' games, both modules."""
    r = rules()
    out: list[str] = []
    for n, seed, mods in GAMES:
        g = new_game(GameConfig(players=n, seed=seed, modules=mods))
        g.undo_enabled = False
        bots = [make_bot("easy" if k % 2 else "random", seed * 7 + k) for k in range(n)]
        events = list(g.setup_events)
        while not g.is_over:
            d = g.pending
            assert d is not None
            out.append(d.prompt)
            out.append(kind(d.kind))
            out.extend(c.label for c in d.choices)
            events.extend(g.choose(bots[d.seat].choose(g.view(d.seat), d)))
        chars = [p.character for p in g.state.players]
        out.extend(describe(e, r, chars, NAMES) for e in events)
    return out


def test_prompts_answers_and_log_lines_are_player_words(engine_texts) -> None:
    assert len(engine_texts) > 20000
    fail_on(scan(engine_texts, sentence=True), "engine texts")


def test_the_log_calls_the_seats_by_the_names_typed(engine_texts) -> None:
    assert any(t.startswith(f"{NAMES[0]} ") for t in engine_texts)
    assert not any("(seat" in t for t in engine_texts)


def refusals() -> list[str]:
    out = []
    for p in sorted(CORPUS.glob("*.json")):
        try:
            load_game(p, verify=True)
        except SaveError as exc:
            out.append(str(exc))
    return out


def test_refusals_of_damaged_saves_say_places_in_words() -> None:
    """ "the first player's Action Tokens", never "snapshot.players[0].actions"."""
    said = refusals()
    assert len(said) > 20
    fail_on(scan(said, sentence=True), "refusals")
    assert any("the first player" in t for t in said)
    assert any("pending rule step" in t for t in said)


def drawn(app) -> list[str]:
    return drawn_texts(app)


def table_texts(app, t) -> tuple[list[str], list[str]]:
    """(texts drawn, sentences: hover texts, the prompt, the log, status lines)."""
    shown = drawn(app)
    t.overlay_seat = (t.device.seat + 1) % t.shown.n  # another seat's device, hovered
    shown += drawn(app)
    t.overlay_seat = -1
    sentences: list[str] = [t.prompt.title, t.prompt.detail]
    phrases: list[str] = []
    for node in walk(t):
        if isinstance(node, Hotspot):
            sentences.append(t.tooltip_for(node))
            phrases.append(t.why_not(node.target))  # a clause: "Not now: ..." embeds it
        elif isinstance(node, Button) and node.visible:
            sentences.extend((node.label, node.tooltip()))
    n = t.shown.n
    sentences.extend(t.seat_tip(i) for i in range(n))
    sentences.extend(t.score_tip(i) for i in range(n))
    sentences.extend(text for _, text in t.recap_lines())
    return shown + phrases, [s for s in sentences if s]


def play_to(s: AacSession, seed: int, moves: int) -> None:
    """`moves` random choices, then on to a person's decision with targets."""
    s.play_random(seed, moves, settle=3000, ready=lambda d: any(c.targets for c in d.choices))


POSITIONS = [(3, 2, ("folklore",), 150), (4, 3, ("pilgrimage",), 300),
             (5, 4, ("folklore", "pilgrimage"), 500), (6, 5, (), 400), (7, 2, ("pilgrimage",), 60)]


def test_every_text_at_the_table_is_player_words(app) -> None:
    shown: list[str] = []
    sentences: list[str] = []
    for seed, n, mods, moves in POSITIONS:
        seats = [SeatSpec(True, name=NAMES[0]), SeatSpec(True, name=NAMES[1])] + \
            [SeatSpec(False, "easy")] * (n - 2)
        s = AacSession.new(seats, seed=seed, modules=mods)
        play_to(s, seed, moves)
        app.start_session(s)
        t = app.scene
        app.step(1 / 60)
        t.handoff.visible = False
        for sheet in (None, *mods):
            if sheet is not None and not t.module_panels[sheet].visible:
                t.toggle_module(sheet)
            a, b = table_texts(app, t)
            shown += a
            sentences += b
        d = s.game.pending
        wrong = [k for k in t.spots if k not in t.legal]
        for target in wrong[:12]:  # what a click on something that answers nothing says
            r = t.spots[target][0].world_rect()
            t.click(r.centerx, r.centery, 1)
            sentences.append(t.message)
        t.save()
        sentences.append(t.message)
        t.undo()
        sentences.append(t.message)
        sentences.extend(s.log)
        assert d is not None
    assert len(shown) > 1000 and len(sentences) > 1000
    fail_on(scan(shown), "texts drawn at the table")
    fail_on(scan(sentences, sentence=True), "hover texts, prompts, status lines and the log")


def test_every_screen_around_the_table_is_player_words(app) -> None:
    texts: list[str] = []
    texts += drawn(app)  # the title
    app.open_setup()
    for _ in range(3):
        app.scene.add_seat()
    texts += drawn(app)
    app.open_settings()
    texts += drawn(app)
    for i, mods in enumerate(((), ("folklore", "pilgrimage"))):
        s = AacSession.new([SeatSpec(True, name=NAMES[0]), SeatSpec(False, "hard")],
                           seed=30 + i, modules=mods)
        play_to(s, i, 80)
        s.save(saves_dir() / f"save-{i}.json")
    app.set_scene(LoadScene(app))
    texts += drawn(app)
    texts += [c.tooltip() for c in app.scene.visible_cards()]
    s = AacSession(load_game(LAST_ROUND), [SeatSpec(False, "random")] * 4, 1)
    app.start_session(s)
    for _ in range(20000):
        app.step(1 / 60)
        if isinstance(app.scene, ResultsScene):
            break
    texts += drawn(app)
    fail_on(scan(texts), "screens")


def test_the_guide_and_the_tutorial_are_player_words() -> None:
    """Every page of How to play and of the rules (titles, paragraphs, captions, marks) and
    every lesson of the tutorial (what to do and why)."""
    shown: list[str] = []
    sentences: list[str] = []
    for page in guide().all_pages():
        shown.append(page.title)
        sentences.extend(page.blocks)
        sentences.extend(e.text for e in page.entries)
        for view in page.views:
            shown.extend(m.label for m in view.marks)
            sentences.append(view.caption)
    for lesson in LESSONS:
        shown.append(lesson.title)
        for step in lesson.steps:
            sentences.extend(t.replace("{you}", "Aureon").replace("{bot}", "Freyith")
                             for t in (step.say, step.why) if isinstance(t, str))
    assert len(sentences) > 200
    fail_on(scan(shown), "guide and tutorial titles")
    fail_on(scan([s for s in sentences if s], sentence=True), "guide and tutorial texts")

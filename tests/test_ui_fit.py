"""Text that fits, proved with real content (issue 29 item 3): players named as long as a
name may be typed (game.shell.settings.NAME_LEN, wide letters), every character, the
catalog's longest names, both modules, at 1280x720, 1600x900 and 1920x1080. Every popup,
prompt, choice button, log line, seat row, card and sheet: nothing cut short (a text too
wide is said shorter in whole words, or wraps), nothing outside its box, no text over
another (tests/layout_scan.py). The scenes: tests/fit_scenes.py.

1280x720 is the tightest (the virtual screen scaled by 0.8, texts no smaller than 9 px): it
sees every kind of decision; the larger sizes see a sample (fonts round differently)."""

from __future__ import annotations

import pytest

from game.aac.scenes.results import ResultsScene
from game.aac.session import AacSession
from game.shell.dirs import saves_dir
from game.shell.scenes.load import LoadScene
from tests.fit_scenes import (
    LONG_NAMES,
    decisions,
    on_table,
    random_play,
    scenario,
    seats,
    table_views,
)
from tests.layout_scan import scan

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
BOTH = ("folklore", "pilgrimage")

pytestmark = pytest.mark.parametrize("app", SIZES, indirect=True,
                                     ids=lambda s: f"{s[0]}x{s[1]}")


def report(app, found: list[tuple[str, list[str]]]) -> None:
    bad = [(what, probs) for what, probs in found if probs]
    assert not bad, f"at {app.window.get_size()}:\n" + "\n".join(
        f"{what}:\n    " + "\n    ".join(probs[:6]) for what, probs in bad[:12])


def small(app) -> bool:
    return app.window.get_size() == SIZES[0]


def test_set_up_and_load_screen_with_the_longest_names(app):
    found = []
    app.open_setup()
    for _ in range(3):
        app.scene.add_seat()
    for i, seat in enumerate(app.scene.seats):
        seat.human, seat.name = True, LONG_NAMES[i]
    app.scene.modules = list(BOTH)
    app.scene.build()
    found.append(("set-up, 5 players named, both modules", scan(app)))
    for i, (n, mods) in enumerate(((5, BOTH), (3, ("pilgrimage",)), (4, ("folklore",)))):
        s = AacSession.new(seats(n, humans=n), seed=40 + i, modules=mods)
        random_play(s, i, 200)
        s.save(saves_dir() / f"save-{i}.json")
    app.set_scene(LoadScene(app))
    found.append(("load screen", scan(app)))
    report(app, found)


def test_every_kind_of_decision_with_both_modules(app):
    """The table at the first decision of every kind of a seeded 5-player game with both
    modules, the person deciding named as long as a name goes, the others too."""
    found: list[tuple[str, list[str]]] = []
    per_size = None if small(app) else 6
    for k, g in enumerate(decisions(5, 23, BOTH)):
        if per_size is not None and k % 4:
            continue
        d = g.pending
        s = AacSession(g, seats(5, humans=5), 23)
        t = on_table(app, s)
        found.extend(table_views(app, t, f"{d.kind} ({d.prompt[:60]!r})"))
        if per_size is not None and k // 4 >= per_size:
            break
    report(app, found)


def test_scenarios_with_the_longest_names_and_their_tooltips(app):
    """The shipped scenarios (a Shrine completion, the final round...) with long names, the
    tooltip of every thing on the table at 1280x720."""
    found: list[tuple[str, list[str]]] = []
    names = ("shrine-completion-3p.json", "last-round-4p.json") if small(app) else \
        ("shrine-completion-3p.json",)
    for name in names:
        g = scenario(name)
        n = len(g.state.players)
        t = on_table(app, AacSession(g, seats(n, humans=n), 1))
        found.extend(table_views(app, t, name, tips=small(app)))
    report(app, found)


def test_results_with_the_longest_names(app):
    g = scenario("last-round-4p.json")
    s = AacSession(g, seats(4, humans=0, level="random"), 1)
    for seat, name in zip(s.seats, LONG_NAMES, strict=False):
        seat.name = name
    app.start_session(s)
    for _ in range(20000):
        app.step(1 / 60)
        if isinstance(app.scene, ResultsScene):
            break
    assert isinstance(app.scene, ResultsScene)
    app.step(1 / 60)
    report(app, [("results", scan(app))])

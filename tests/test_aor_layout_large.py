"""Age of Reason at large windows (issue 31): at 1920x1080, 2560x1440 and 3840x2160 (4K) every
text of its scenes fits its box and none is tiny, and at 4K no part of a scene is a smaller
picture blown up (blurred). The scenes (tests/fit_scenes.py, aor_big_views): the set-up with
seven seats, the table at the auction, a box, an attack, the combat stage (a card, a defence
with seven players, the Reserves question) with hover texts, a popup, the log drawer and the
hand-off, the results and the guide. One app per size walks them all; 1280x720 and 1600x900
are tests/test_ui_layout.py's."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.shell.app import App  # noqa: E402
from tests.fit_scenes import aor_big_views  # noqa: E402

BIG = [(1920, 1080), (2560, 1440), (3840, 2160)]


@pytest.mark.parametrize("app", BIG, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
def test_aor_scenes_fit_and_are_sharp_at_large_windows(app: App) -> None:
    problems: list[str] = []
    seen: list[str] = []
    for what, probs in aor_big_views(app):
        seen.append(what)
        problems += probs
    assert len(seen) >= 15, seen
    assert not problems, f"at {app.window.get_size()}:\n" + "\n".join(problems)

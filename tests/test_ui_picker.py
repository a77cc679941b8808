"""The game picker (issue 28 item 1): each installed game's card says its title and its whole
line (never the first half of it), at the smallest and a common window size."""

from __future__ import annotations

import pytest

from game.shell.app import App
from game.shell.registry import front_ends
from game.shell.scenes.menu import MenuScene, PickerScene


def drawn_whole(drawn: list[str], text: str) -> bool:
    """`text` appears word for word, in order, among the drawn texts (wrapped or not)."""
    said = " ".join(drawn).split()
    words = text.split()
    return any(said[i:i + len(words)] == words for i, w in enumerate(said) if w == words[0])


@pytest.mark.app(game=None)
@pytest.mark.parametrize("app", [(1280, 720), (1600, 900)], indirect=True)
def test_each_game_card_says_its_whole_line(app: App, drawn: list[str]) -> None:
    app.open_picker()
    assert isinstance(app.scene, PickerScene)
    drawn.clear()
    app.render()
    for front in front_ends():
        assert front.title in drawn
        assert drawn_whole(drawn, front.blurb), f"{front.title}: {front.blurb!r} is not drawn whole"


@pytest.mark.app(game=None)
@pytest.mark.parametrize("app", [(1280, 720), (1600, 900)], indirect=True)
def test_each_game_menu_says_its_whole_line(app: App, drawn: list[str]) -> None:
    """The title menu of each game: its line under the title in full (Age of Reason's was
    cut at "(3-7")."""
    for front in front_ends():
        app.choose_game(front)
        app.open_menu()
        assert isinstance(app.scene, MenuScene)
        drawn.clear()
        app.render()
        assert drawn_whole(drawn, front.blurb), \
            f"{front.title}: {front.blurb!r} is not drawn whole on its menu"

"""UI tests for saves a player can trust (issue 11, part 4): Continue never offers a finished
game, leaving a game keeps it exactly (mid-turn decisions included), the load screen lists
autosaves and manual saves newest first with their summaries, delete, damaged saves, the
window's close button; and (part 9) the one sentence when no display can be opened."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.persist import load_game  # noqa: E402
from engine.aac.state import state_to_dict  # noqa: E402
from engine.kernel.autosave import FINAL  # noqa: E402
from engine.kernel.listing import autosave_games, peek_save  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.dirs import (
    autosave_dir,  # noqa: E402
    saves_dir,  # noqa: E402
)
from game.shell.saves import all_saves, continue_save  # noqa: E402
from game.shell.scenes.confirm import LEAVE_TEXT, ConfirmScene  # noqa: E402
from game.shell.scenes.load import LoadScene  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.theme import ASSETS  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402
from tests.test_ui_scenes import button, press  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ASSETS.parent / "saves" / "scenarios" / "aac"


def _play(s: Session, rng: random.Random, until) -> None:
    for _ in range(20000):
        if s.game.is_over or until(s):
            return
        s.apply(rng.choice(s.game.pending.choices).id)
    raise AssertionError("the position was never reached")


def _mid_turn(s: Session) -> bool:
    """Inside a turn: the turn type is chosen and at least one decision of it was made."""
    st = s.game.state
    return st.turn >= 3 and st.turn_type in ("advance", "actions") and \
        s.game.pending is not None and s.is_human(s.game.pending.seat)


def _finish(s: Session, seed: int = 0) -> None:
    _play(s, random.Random(seed), lambda _: False)
    assert s.game.is_over


def test_continue_never_offers_a_finished_game(app, tmp_path):
    rng = random.Random(3)
    # game B: unfinished, autosaved first (the oldest file)
    b = Session.new([SeatSpec(True, name="Bea"), SeatSpec(False)], seed=21)
    b.autosaving = True
    _play(b, rng, lambda s: s.game.state.turn >= 4)
    b_path = b.autosave()
    # game A: the final round, saved by hand, then played to its end (newest files)
    a = Session.load(SCENARIOS / "last-round-4p.json")
    a.autosaving = True
    a.autosave()
    a.save(saves_dir() / "save-a.json")
    _finish(a)
    final = tmp_path / "autosave" / a.game_id / FINAL
    assert final.is_file(), "the finished game was kept"
    assert peek_save(final).over
    # neither A's autosave folder (finished) nor its hand save (played on to the end) is
    # offered: Continue resumes B, the newest unfinished game
    offer = continue_save()
    assert offer is not None and offer.path == b_path
    app.open_menu()
    cont = button(app, "Continue")
    assert cont.enabled and "Bea" in cont.tip and "turn" in cont.tip
    press(app, "Continue")
    assert type(app.scene).__name__ == "TableScene"
    assert app.scene.session.game.history == b.game.history
    # finish B too: nothing is left to continue, and the title says so
    app.scene.session.autosaving = True
    _finish(app.scene.session, 1)
    app.open_menu()
    assert continue_save() is None
    assert not button(app, "Continue").enabled
    # both finished games are listed, and one opens its results
    app.set_scene(LoadScene(app, "finished"))
    cards = [c for c in app.scene.cards["finished"] if c.visible]
    assert len(cards) == 2 and all(c.info.over for c in cards)
    click(app, *centre(cards[0]))
    app.step(1 / 60)
    assert type(app.scene).__name__ == "ResultsScene"
    assert "win" in app.scene.winner_text()


def _table_mid_turn(app: App, seed: int = 5):
    s = Session.new([SeatSpec(True, name="Anna"), SeatSpec(True, name="Ben")], seed=seed)
    _play(s, random.Random(seed), _mid_turn)
    assert _mid_turn(s)
    app.start_session(s)
    s.autosaving = True  # the test app does not persist; autosaves go to the tmp home
    t = app.scene
    app.step(1 / 60)
    if t.handoff.visible:
        click(app, 800, 450)
        app.step(1 / 60)
    return t


def test_leaving_mid_turn_keeps_the_pending_decision_and_history(app):
    t = _table_mid_turn(app)
    s = t.session
    # one more decision made with the mouse, inside the turn
    d = s.game.pending
    pts = t.legal_points()
    if pts:
        click(app, *pts[0][1])
    else:
        click(app, *centre(t.prompt.buttons[0]))
    app.step(1 / 60)
    if t.popup is not None:
        click(app, *centre(next(b for b in t.popup.children if hasattr(b, "choice_id"))))
        app.step(1 / 60)
    assert s.game.pending is not d
    assert s.game.state.turn_type in ("advance", "actions"), "still mid-turn"
    history = list(s.game.history)
    pending = s.game.pending
    snapshot = state_to_dict(s.game.state)
    # the menu, Leave to the menu: it asks; Stay goes back to the pause menu
    press(app, "Menu (Esc)")
    press(app, "Leave to the menu")
    assert isinstance(app.scene, ConfirmScene) and app.scene.text == LEAVE_TEXT
    press(app, "Stay")
    assert type(app.scene).__name__ == "PauseScene"
    press(app, "Leave to the menu")
    press(app, "Leave")
    assert type(app.scene).__name__ == "MenuScene"
    # the kept game is the one Continue offers, and it resumes exactly
    offer = continue_save()
    assert offer is not None and offer.path.parent.name == s.game_id
    on_disk = load_game(offer.path, verify=True)
    assert on_disk.history == history and on_disk.pending == pending
    press(app, "Continue")
    t2 = app.scene
    assert type(t2).__name__ == "TableScene" and t2 is not t
    g = t2.session.game
    assert g.history == history
    assert g.pending == pending
    assert state_to_dict(g.state) == snapshot
    assert [t2.session.name(i) for i in range(2)] == [s.name(0), s.name(1)]
    assert t2.session.player_name(0) == "Anna"


def test_window_close_asks_and_a_second_close_leaves(app):
    t = _table_mid_turn(app, seed=8)
    s = t.session
    history = list(s.game.history)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert app.running, "closing the window during a game asks first"
    assert isinstance(app.scene, ConfirmScene) and app.scene.text == LEAVE_TEXT
    press(app, "Stay")
    assert app.scene is t and app.running
    # Stay really resumes: the table still takes decisions
    pts = t.legal_points()
    click(app, *(pts[0][1] if pts else centre(t.prompt.buttons[0])))
    app.step(1 / 60)
    assert len(s.game.history) > len(history) or t.popup is not None
    history = list(s.game.history)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running
    kept = continue_save()
    assert kept is not None and load_game(kept.path).history == history
    # away from a game the close button does not ask
    app.running = True
    app.open_menu()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running


def test_quit_from_the_pause_menu_asks(app):
    t = _table_mid_turn(app, seed=9)
    app.open_pause_menu(t)
    press(app, "Quit")
    assert isinstance(app.scene, ConfirmScene) and app.running
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step(1 / 60)
    assert type(app.scene).__name__ == "PauseScene", "Esc is Stay"
    press(app, "Quit")
    press(app, "Leave")
    assert not app.running
    assert continue_save() is not None


def _two_games(app: App) -> tuple[Session, Session]:
    """An autosaved 3-player game (older) and a 2-player game saved by hand (newer), both
    with a table on screen so each gets a preview picture."""
    old = Session.mid_game(7, 3, 600, humans=1)
    old.seats[0].name = "Clara"
    app.start_session(old)
    old.autosaving = True
    app.step(1 / 60)
    p_old = old.autosave()
    new = Session.mid_game(11, 2, 300, humans=2)
    new.seats[0].name, new.seats[1].name = "Dmitri", "Eve"
    app.start_session(new)
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL))
    app.step(1 / 60)
    (p_new,) = saves_dir().glob("save-*.json")  # its seats are in its summary header
    st = p_old.stat()
    os.utime(p_old, ns=(st.st_atime_ns, st.st_mtime_ns - 5 * 10**9))  # surely the older
    return old, new


def test_load_lists_autosaves_and_saves_newest_first_with_their_summary(app):
    old, new = _two_games(app)
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    cards = app.scene.visible_cards()
    assert [c.info.kind for c in cards] == ["save", "autosave"]
    first, second = cards
    assert first.title == "Saved game" and second.title == "Autosave"
    assert first.info.turn == new.game.state.turn and second.info.turn == old.game.state.turn
    assert [s.text for s in first.seats] == [f"Dmitri ({new.character_name(0)})",
                                             f"Eve ({new.character_name(1)})"]
    assert second.seats[0].text == f"Clara ({old.character_name(0)})"
    assert second.seats[1].long == f"{old.character_name(1)} ({old.seats[1].level} bot)"
    assert [s.score for s in second.seats] == list(old.game.state.scores)
    assert first.picture() is not None and second.picture() is not None, "previews"
    assert first.picture().get_size() == (320, 180)
    # a save without a picture (older versions, scenarios) draws a placeholder, not a hole
    first.info.path.with_suffix(".png").unlink()
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    assert app.scene.visible_cards()[0].picture() is None
    app.screenshot(str(Path(os.environ["AAC_HOME"]) / "load.png"))
    # the scenarios tab lists the shipped scenarios by their description
    press(app, "Scenarios")
    scen = app.scene.visible_cards()
    assert scen and all("(scenario)" in c.label for c in scen)
    assert all("_" not in c.title and "(R" not in c.title for c in scen)
    # in an order a player can follow: the starts, the tutorial's game, then the rule
    # scenarios by how far their game has gone (the last round last)
    names = [i.path.name for i in app.scene.lists["scenarios"]]
    assert names[:2] == ["start-2p.json", "start-4p.json"]
    assert names[2:3] == ["tutorial-2p.json"]
    rest = app.scene.lists["scenarios"][3:]
    assert [i.turn for i in rest] == sorted(i.turn for i in rest)
    assert names[-1] == "last-round-4p.json"


def test_load_screen_pages_through_many_saves(app):
    base = Session.mid_game(3, 2, 50, humans=1)
    for i in range(14):
        base.save(saves_dir() / f"save-{i:02d}.json")
    app.set_scene(LoadScene(app))
    scene = app.scene
    assert len(scene.lists["saves"]) == 14 and scene.pages() == 3
    assert len(scene.visible_cards()) == 6
    seen = {c.info.path for c in scene.visible_cards()}
    scene.wheel(800, 400, -1)
    assert scene.page == 1 and not seen & {c.info.path for c in scene.visible_cards()}
    press(app, "Older ▶")
    assert scene.page == 2 and len(scene.visible_cards()) == 2


def test_delete_asks_and_removes_the_side_files(app, tmp_path):
    old, new = _two_games(app)
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    card = app.scene.visible_cards()[0]
    path = card.info.path
    files = [path, path.with_suffix(".png")]  # (older saves had a .seats.json beside them too)
    assert all(p.is_file() for p in files)
    click(app, *centre(card.delete))
    app.step(1 / 60)
    assert isinstance(app.scene, ConfirmScene)
    press(app, "Keep it")
    assert isinstance(app.scene, LoadScene) and all(p.is_file() for p in files)
    click(app, *centre(card.delete))
    app.step(1 / 60)
    press(app, "Delete")
    assert not any(p.exists() for p in files)
    cards = app.scene.visible_cards()
    assert [c.info.kind for c in cards] == ["autosave"]
    # an autosave entry stands for its game: the whole folder goes
    folder = cards[0].info.path.parent
    click(app, *centre(cards[0].delete))
    app.step(1 / 60)
    press(app, "Delete")
    assert not folder.exists()
    assert not app.scene.visible_cards() and all_saves() == []


def test_a_damaged_save_is_listed_and_refuses_to_load_in_one_sentence(app, tmp_path):
    good = Session.mid_game(3, 2, 80, humans=1)
    good.save(saves_dir() / "good.json")
    (saves_dir() / "torn.json").write_text('{"format": "aac-save", "snapshot": ', "utf-8")
    corpus = ROOT / "tests" / "saves_corpus" / "illegal-choice.json"
    (saves_dir() / "tampered.json").write_bytes(corpus.read_bytes())
    folder = tmp_path / "autosave" / "game-broken"
    folder.mkdir(parents=True)
    (folder / "turn-00004.json").write_text("not json", "utf-8")
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    scene = app.scene
    by_name = {c.info.path.name: c for c in scene.visible_cards()}
    assert set(by_name) == {"good.json", "torn.json", "tampered.json", "turn-00004.json"}
    assert by_name["torn.json"].info.damaged and by_name["turn-00004.json"].info.damaged
    assert by_name["torn.json"].title == "Damaged save"
    for name in ("torn.json", "tampered.json", "turn-00004.json"):
        scene.error = ""
        click(app, *centre(by_name[name]))
        app.step(1 / 60)
        assert app.scene is scene, "a bad save does not open"
        assert scene.error and "\n" not in scene.error and scene.error.count(". ") <= 2
        assert name in scene.error
    # damaged saves are never what Continue offers
    assert continue_save().path.name not in ("torn.json", "turn-00004.json")
    click(app, *centre(by_name["good.json"]))
    app.step(1 / 60)
    assert type(app.scene).__name__ == "TableScene"


def test_autosave_listing_skips_side_files_and_keeps_ten(tmp_path, monkeypatch):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    s = Session.new([SeatSpec(False), SeatSpec(False)], seed=4)
    s.preview = lambda: pygame.Surface((320, 180))
    rng = random.Random(4)
    for turn in range(2, 16):
        _play(s, rng, lambda x, t=turn: x.game.state.turn >= t)
        s.autosave()
    folder = tmp_path / "autosave" / s.game_id
    saves = sorted(folder.glob("turn-*.json"))
    assert len(saves) == 10 and len(list(folder.glob("turn-*.png"))) == 10
    games = autosave_games(autosave_dir())
    assert len(games) == 1 and games[0].path == saves[-1]


def test_no_display_stops_with_one_sentence(tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("the DISPLAY check is the Linux one")
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["AAC_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    lines = [ln for ln in (out.stderr + out.stdout).splitlines() if ln.strip()]
    assert lines == ["No display could be opened: An Age Contrived needs a screen (set "
                     "DISPLAY, or run it from a desktop session)."]


class _GatedBot:
    """A bot that answers only once the gate is open (so it is surely mid-thought)."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate

    def choose(self, view, decision) -> str:
        self.gate.wait(10)
        return decision.choices[0].id


def test_stay_while_a_bot_thinks_lets_it_play_on(app):
    """Leaving the table cancels the bot's request; coming back (Stay) must ask again."""
    s = Session.new([SeatSpec(False), SeatSpec(False)], seed=12)
    gate = threading.Event()
    s.bots = {0: _GatedBot(gate), 1: _GatedBot(gate)}
    app.start_session(s)
    app.step(1 / 60)
    assert app.scene.thinking_seat >= 0
    n = len(s.game.history)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    press(app, "Stay")
    gate.set()
    end = time.monotonic() + 30  # the bots' answers come from another thread: real time
    while len(s.game.history) <= n + 2 and time.monotonic() < end:
        app.step(1 / 60)
        time.sleep(0.002)
    assert len(s.game.history) > n + 2, "the bots play on after Stay"

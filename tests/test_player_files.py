"""Nothing in the player's folders stops the game (issue 27, item 4): pipes, devices, links to
them, folders named like saves, links that lead nowhere, files and folders the game may not
read are listed as files it cannot open (one plain sentence why), never read without end and
never fatal; a preview picture is checked for its pixel size before it is decoded.

The permission case runs in a child process without root's file-access override (the
CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH capabilities dropped), so a folder with mode 000 is
really unreadable to it even when the tests run as root; the child proves it first."""

from __future__ import annotations

import ctypes
import functools
import json
import os
import re
import stat
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import GameConfig, new_game  # noqa: E402
from engine.aac.persist import SaveError, load_game, save_game  # noqa: E402
from engine.kernel import files  # noqa: E402
from engine.kernel.bots import RandomBot  # noqa: E402
from engine.kernel.listing import (  # noqa: E402
    SaveInfo,
    autosave_games,
    delete_save,
    latest_autosave,
    manual_saves,
    peek_save,
    unreadable_folder,
)
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.tutorial import progress  # noqa: E402
from game.shell import preview  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.dirs import saves_dir  # noqa: E402
from game.shell.scenes.load import LoadScene, SaveCard  # noqa: E402
from game.shell.session import read_seats  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402
from tests.test_ui_scenes import button  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LINUX = sys.platform.startswith("linux")
needs_posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes are POSIX files")

PYTHON_TEXT = re.compile(r"Error\b|Errno|Traceback|Exception|\bNone\b|'|\"|<|>|\\n|\bb'|0x")


def plain_sentence(text: str) -> None:
    """One sentence a player can read: no Python text, no line break, a full stop."""
    assert text and "\n" not in text, text
    assert not PYTHON_TEXT.search(text), f"Python text in {text!r}"
    assert text.endswith("."), text


def a_save(path: Path, seed: int = 3, moves: int = 60) -> Path:
    g = new_game(GameConfig(players=2, seed=seed))
    bot = RandomBot(seed)
    for _ in range(moves):
        g.choose(bot.choose(None, g.pending))
    save_game(g, path, note="a good save")
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def link(path: Path, to: str | Path) -> Path:
    os.symlink(to, path)
    return path


# --- the kernel's reader -------------------------------------------------------------------------


@needs_posix
@pytest.mark.timeout(30)
def test_the_reader_reads_regular_files_only(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_bytes(b"twelve bytes")
    assert files.read_bytes(good, 12) == b"twelve bytes"
    assert files.read_bytes(link(tmp_path / "to-good", good), 12) == b"twelve bytes"
    cases = {
        fifo(tmp_path / "pipe"): "it is a pipe, not a file",
        link(tmp_path / "zero", "/dev/zero"): "it is a device, not a file",
        tmp_path / "dir": "it is a folder, not a file",
        link(tmp_path / "gone", tmp_path / "nothing"): "it does not exist",
        link(tmp_path / "loop-a", tmp_path / "loop-b"): "it is a link that leads round in a loop",
    }
    (tmp_path / "dir").mkdir()
    link(tmp_path / "loop-b", tmp_path / "loop-a")
    for path, why in cases.items():
        with pytest.raises(files.Unreadable) as exc:
            files.read_bytes(path, 1 << 20)
        assert exc.value.why == why, path.name
        plain_sentence(f"The file cannot be read ({exc.value.why}).")
    with pytest.raises(files.Unreadable) as big:
        files.read_bytes(good, 11)
    assert big.value.too_large and big.value.why == "it is larger than 11 bytes"
    with pytest.raises(files.Unreadable) as gone:
        files.read_bytes(tmp_path / "nothing", 10)
    assert gone.value.missing


@pytest.mark.skipif(not LINUX, reason="/proc files report a size of 0 on Linux")
def test_a_read_is_bounded_by_the_bytes_read_not_the_reported_size() -> None:
    maps = Path("/proc/self/maps")
    assert maps.stat().st_size == 0 and stat.S_ISREG(maps.stat().st_mode)
    with pytest.raises(files.Unreadable) as exc:
        files.read_bytes(maps, 64)
    assert exc.value.too_large
    assert len(files.read_bytes(maps, 1 << 22)) > 64


@needs_posix
@pytest.mark.timeout(30)
def test_a_pipe_or_device_swapped_in_after_the_check_is_refused_without_blocking(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check before the open is told "a regular file" (as if the file were swapped for a
    pipe just after it): the open does not block (O_NONBLOCK; no writer ever comes) and the
    descriptor's own check refuses it before a byte is read."""
    pipe = fifo(tmp_path / "pipe.json")
    zero = link(tmp_path / "zero.json", "/dev/zero")
    regular = (tmp_path / "regular")
    regular.write_bytes(b"{}")
    real_stat = os.stat

    def stat_lies(path: Any, *a: Any, **k: Any) -> os.stat_result:
        if Path(path) in (pipe, zero):
            return real_stat(regular)
        return real_stat(path, *a, **k)

    monkeypatch.setattr(os, "stat", stat_lies)
    for path, why in ((pipe, "it is a pipe, not a file"), (zero, "it is a device, not a file")):
        with pytest.raises(files.Unreadable) as exc:
            files.read_bytes(path, 1 << 20)
        assert exc.value.why == why


def test_an_unlistable_folder_is_reported_and_a_missing_one_is_empty(tmp_path: Path) -> None:
    assert files.entries(tmp_path / "none") == []
    (tmp_path / "file").write_text("x")
    with pytest.raises(files.Unreadable) as exc:
        files.entries(tmp_path / "file")
    assert exc.value.why == "it is a file, not a folder"
    (tmp_path / "b").write_text("x")
    assert [p.name for p in files.entries(tmp_path)] == ["b", "file"]


# --- the engine's listing and loader --------------------------------------------------------------


def odd_files(folder: Path) -> dict[str, str]:
    """Things named like saves that are not regular files: name -> why it cannot be opened."""
    folder.mkdir(parents=True, exist_ok=True)
    fifo(folder / "pipe.json")
    link(folder / "zero.json", "/dev/zero")
    (folder / "folder.json").mkdir()
    link(folder / "gone.json", folder / "nothing.json")
    link(folder / "loop.json", folder / "loop.json")
    return {"pipe.json": "it is a pipe, not a file", "zero.json": "it is a device, not a file",
            "folder.json": "it is a folder, not a file", "gone.json": "it does not exist",
            "loop.json": "it is a link that leads round in a loop"}


@needs_posix
@pytest.mark.timeout(60)
def test_manual_saves_list_pipes_devices_and_broken_links_as_files_that_cannot_open(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    odd = odd_files(saves)
    a_save(saves / "good.json")
    (saves / "good.seats.json").write_text("[]")
    listed = {i.path.name: i for i in manual_saves(saves)}
    assert set(listed) == {"good.json", *odd}
    assert not listed["good.json"].damaged and listed["good.json"].turn > 0
    for name, why in odd.items():
        info = listed[name]
        assert info.unreadable and info.damaged == why and not info.folder, name
        with pytest.raises(SaveError) as exc:
            load_game(saves / name)
        assert str(exc.value) == f"The save file cannot be read ({why}).", name
        plain_sentence(str(exc.value))
    # a save far too large (sparse: 9 MB that take no room) is refused in one sentence
    with (saves / "large.json").open("wb") as fh:
        fh.truncate(9 << 20)
    assert peek_save(saves / "large.json").damaged == "it is too large"
    with pytest.raises(SaveError) as big:
        load_game(saves / "large.json")
    assert str(big.value) == "This save file is too large (the limit is 8 MB)."


@needs_posix
@pytest.mark.timeout(60)
def test_autosave_listing_skips_nothing_and_never_reads_a_pipe(tmp_path: Path) -> None:
    root = tmp_path / "autosave"
    a = root / "game-a"
    a.mkdir(parents=True)
    a_save(a / "turn-00002.json", seed=1)
    fifo(a / "turn-00003.json")  # the newest turn file is a pipe: listed, and the one before
    b = root / "game-b"
    b.mkdir()
    a_save(b / "turn-00004.json", seed=2)
    link(b / "final.json", "/dev/zero")  # a final game that is not a file: the turns listed
    fifo(root / "game-c")  # a pipe where a game's folder would be: not a game
    listed = sorted((i.path.parent.name, i.path.name, i.damaged) for i in autosave_games(root))
    assert listed == [("game-a", "turn-00002.json", ""),
                      ("game-a", "turn-00003.json", "it is a pipe, not a file"),
                      ("game-b", "turn-00004.json", "")]
    assert latest_autosave(root) in (a / "turn-00002.json", b / "turn-00004.json")


@needs_posix
@pytest.mark.timeout(60)
def test_side_files_settings_and_tutorial_progress_that_are_pipes_do_not_hang(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    assert read_seats(fifo(tmp_path / "x.seats.json"), 2, "aac") is None
    assert read_seats(link(tmp_path / "y.seats.json", "/dev/zero"), 2, "aac") is None
    cfg = tmp_path / "config"
    cfg.mkdir()
    fifo(cfg / "settings.json")
    st, notice = Settings.load_with_notice()
    assert st == Settings()
    assert notice == ("Your settings file could not be used (it is a pipe, not a file); the "
                      "defaults are in use.")
    assert files.is_file(cfg / "settings.json"), "the defaults were written in its place"
    tut = progress.folder()
    tut.mkdir(parents=True)
    link(tut / "progress.json", "/dev/zero")
    assert progress.load() is None


# --- previews ----------------------------------------------------------------------------------


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + \
        struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


@functools.cache
def huge_png(w: int = 12000, h: int = 12000) -> bytes:
    """A valid greyscale PNG of w x h black pixels (about 140 KB: rows of zeros compress)."""
    comp = zlib.compressobj(9)
    row = bytes(w + 1)  # filter byte 0, then the pixels
    idat = b"".join(comp.compress(row) for _ in range(h)) + comp.flush()
    return (preview.PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b""))


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every picture pygame is asked to decode."""
    seen: list[Any] = []
    real = pygame.image.load

    def load(src: Any, *a: Any) -> pygame.Surface:
        seen.append(src)
        return real(src, *a)

    monkeypatch.setattr(pygame.image, "load", load)
    return seen


def test_a_huge_preview_is_refused_from_its_header_before_decoding(
        tmp_path: Path, decodes: list[Any]) -> None:
    data = huge_png()
    assert len(data) < preview.MAX_PNG and preview.png_size(data) == (12000, 12000)
    pic = tmp_path / "save.png"
    pic.write_bytes(data)
    assert preview.read_png(pic) is None
    assert decodes == [], "the 12000x12000 picture was never decoded"
    # a header-only file claiming the same size, and one claiming 0 x 0
    pic.write_bytes(data[:33])
    assert preview.read_png(pic) is None
    pic.write_bytes(huge_png(0, 0)[:33])
    assert preview.read_png(pic) is None and decodes == []
    # what is not a PNG at all is not decoded either
    pic.write_bytes(b"GIF89a" + bytes(100))
    assert preview.read_png(pic) is None and decodes == []
    # a real thumbnail still shows
    preview.write_png(pygame.Surface(preview.THUMB), pic)
    img = preview.read_png(pic)
    assert img is not None and img.get_size() == preview.THUMB and len(decodes) == 1


@needs_posix
@pytest.mark.timeout(30)
def test_a_preview_that_is_a_pipe_or_device_is_not_read(tmp_path: Path,
                                                        decodes: list[Any]) -> None:
    assert preview.read_png(fifo(tmp_path / "a.png")) is None
    assert preview.read_png(link(tmp_path / "b.png", "/dev/zero")) is None
    assert decodes == []


def test_the_load_screen_draws_the_placeholder_for_a_huge_preview(
        app: App, decodes: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.mid_game(3, 2, 60, humans=1)
    path = saves_dir() / "big-picture.json"
    s.save(path)
    path.with_suffix(".png").write_bytes(huge_png())
    placeholders: list[int] = []
    real = preview.draw_placeholder
    monkeypatch.setattr(preview, "draw_placeholder",
                        lambda *a, **k: (placeholders.append(1), real(*a, **k))[1])
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    (card,) = app.scene.visible_cards()
    assert card.info.path == path and card.picture() is None
    assert placeholders and decodes == []


# --- the front end: the title menu and the Load screen ------------------------------------------


def card_texts(app: App, drawn: list[str]) -> dict[str, SaveCard]:
    drawn.clear()
    app.render()
    return {c.info.path.name: c for c in app.scene.visible_cards()}


@needs_posix
@pytest.mark.timeout(120)
def test_the_title_and_load_screen_open_with_pipes_and_devices_in_the_saves_folder(
        app: App, drawn: list[str], tmp_path: Path) -> None:
    saves = saves_dir()
    good = Session.mid_game(3, 2, 80, humans=1)
    good.save(saves / "good.json")
    fifo(saves / "pipe.json")
    link(saves / "zero.json", "/dev/zero")
    fifo(saves / "good.png")  # the good save's preview is a pipe: the placeholder is drawn
    auto = tmp_path / "autosave" / "game-x"
    auto.mkdir(parents=True)
    fifo(auto / "turn-00005.json")
    app.open_menu()
    app.step(1 / 60)
    assert type(app.scene).__name__ == "MenuScene"
    cont = button(app, "Continue")
    assert cont.enabled and "turn" in cont.tip, "Continue offers the good save"
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    cards = card_texts(app, drawn)
    assert set(cards) == {"good.json", "pipe.json", "zero.json", "turn-00005.json"}
    for name, why in (("pipe.json", "it is a pipe, not a file"),
                      ("zero.json", "it is a device, not a file"),
                      ("turn-00005.json", "it is a pipe, not a file")):
        card = cards[name]
        assert card.title == "A file the game cannot open"
        assert f"It cannot be opened ({why})." in drawn
        plain_sentence(card.tooltip())
        app.scene.error = ""
        click(app, *centre(card))
        app.step(1 / 60)
        assert type(app.scene).__name__ == "LoadScene"
        assert app.scene.error == f"{name} cannot be opened. The save file cannot be read " \
            f"({why})."
    click(app, *centre(cards["good.json"]))
    app.step(1 / 60)
    assert type(app.scene).__name__ == "TableScene"


# --- unreadable folders and files, without root's file-access override -------------------------

CHILD = r"""
import json, os, sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
out = {"euid": os.geteuid()}
homes = [Path(h) for h in sys.argv[1:]]
# proof first: what the test made unreadable really is unreadable to this process
for p in (homes[0] / "autosave" / "game-locked", homes[1] / "saves", homes[1] / "autosave"):
    try:
        os.listdir(p)
        out.setdefault("listable", []).append(str(p))
    except PermissionError:
        pass
try:
    open(homes[0] / "saves" / "locked.json", "rb").close()
    out.setdefault("listable", []).append("locked.json")
except PermissionError:
    pass

import game.games  # every installed game's front end
from game.shell.app import App
from game.shell.scenegraph import Canvas
from game.shell.scenes.load import LoadScene
from game.shell.saves import all_saves
from game.aac.session import AacSession as Session

drawn = []
real_text = Canvas.text
def text(self, s, *a, **k):
    drawn.append(s)
    return real_text(self, s, *a, **k)
Canvas.text = text

def look(home):
    os.environ["AAC_HOME"] = str(home)
    drawn.clear()
    app = App((1600, 900), persist=True, headless=True)
    for _ in range(3):
        app.step(1 / 60)
    seen = {"scene": type(app.scene).__name__, "notice": app.notice,
            "menu_texts": list(drawn)}
    seen["listed"] = [[i.path.name, i.kind, i.damaged, i.unreadable, i.folder]
                      for i in all_saves()]
    app.set_scene(LoadScene(app))
    app.step(1 / 60)
    drawn.clear()
    app.render()
    cards = app.scene.visible_cards()
    seen["cards"] = [[c.info.path.name, c.title, c.tooltip()] for c in cards]
    seen["texts"] = list(drawn)
    errors = {}
    for c in cards:
        if c.info.damaged:  # what a click on a file that cannot be opened says
            c.on_click(1, 1, 1)
            errors[c.info.path.name] = c.scene.error
    seen["errors"] = errors
    # a game saved by hand (Ctrl+S) into a saves folder it may not read or write
    app.start_session(Session.mid_game(3, 2, 40, humans=1))
    app.step(1 / 60)
    app.scene.save()
    seen["save_message"] = app.scene.message
    app.bot_worker.stop()
    return seen

out["homes"] = [look(h) for h in homes]
print("RESULT " + json.dumps(out))
"""


def without_file_override() -> Callable[[], None] | None:
    """For a child process: drop root's file-access override (CAP_DAC_OVERRIDE,
    CAP_DAC_READ_SEARCH) from the capability bounding set, so that after its exec the file
    permissions apply to it. None when not root (they apply already)."""
    if os.geteuid() != 0:
        return None
    libc = ctypes.CDLL(None, use_errno=True)

    def drop() -> None:
        for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
            if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")

    return drop


@pytest.fixture
def locked_homes(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """Two per-user folders. One: an autosave game folder and a save file with mode 000
    beside a good save and autosave. Two: its saves and autosave folders and its settings
    file with mode 000. Modes are put back afterwards."""
    one, two = tmp_path / "one", tmp_path / "two"
    a_save(one / "saves" / "good.json")
    a_save(one / "autosave" / "game-ok" / "turn-00003.json", seed=4)
    locked_game = one / "autosave" / "game-locked"
    a_save(locked_game / "turn-00007.json", seed=5)
    locked_file = a_save(one / "saves" / "locked.json", seed=6)
    for d in ("saves", "autosave", "config"):
        (two / d).mkdir(parents=True)
    (two / "config" / "settings.json").write_text(json.dumps({"fast_bots": True}))
    locked = [locked_game, locked_file, two / "saves", two / "autosave",
              two / "config" / "settings.json"]
    for p in locked:
        p.chmod(0)
    try:
        yield one, two
    finally:
        for p in locked:
            p.chmod(0o700 if p.is_dir() else 0o600)


@pytest.mark.skipif(not LINUX, reason="dropping root's file-access override is Linux's prctl")
@pytest.mark.timeout(180)
def test_unreadable_folders_and_files_are_listed_and_the_game_starts(
        locked_homes: tuple[Path, Path]) -> None:
    one, two = locked_homes
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        r = subprocess.run([sys.executable, "-c", CHILD, str(one), str(two)], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=150,
                           preexec_fn=without_file_override())
    except subprocess.SubprocessError as exc:
        if "preexec_fn" in str(exc):
            pytest.skip("root's file-access override cannot be dropped here (no CAP_SETPCAP)")
        raise
    assert r.returncode == 0, r.stderr[-3000:]
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("RESULT "))
    out = json.loads(line[len("RESULT "):])
    assert "listable" not in out, f"not unreadable to the child: {out.get('listable')}"
    first, second = out["homes"]
    # one: the game starts; the locked folder and file are listed as such, the rest as usual
    first_screens = ("PickerScene", "MenuScene")  # the picker when several games are installed
    assert first["scene"] in first_screens and first["notice"] == ""
    denied = "permission is denied"
    listed = {row[0]: row for row in first["listed"]}
    assert listed["game-locked"] == ["game-locked", "autosave", denied, True, True]
    assert listed["locked.json"] == ["locked.json", "save", denied, True, False]
    assert listed["good.json"][2] == "" and listed["turn-00003.json"][2] == ""
    cards = {row[0]: row for row in first["cards"]}
    assert cards["game-locked"][1] == "A folder the game cannot read"
    assert cards["locked.json"][1] == "A file the game cannot open"
    assert f"It cannot be read ({denied})." in first["texts"]
    assert f"It cannot be opened ({denied})." in first["texts"]
    assert first["errors"]["game-locked"] == f"The folder game-locked cannot be read: {denied}."
    assert first["errors"]["locked.json"] == \
        f"locked.json cannot be opened. The save file cannot be read ({denied})."
    for row in first["cards"]:
        plain_sentence(row[2])
    for name in ("game-locked", "locked.json"):
        plain_sentence(first["errors"][name])
    # two: neither folder can be read and the settings file neither: the game starts with
    # its defaults, says so once, and lists both folders
    assert second["scene"] in first_screens
    assert second["notice"] == (f"Your settings file could not be used ({denied}); the "
                                "defaults are in use.")
    assert second["notice"] in second["menu_texts"]
    assert sorted(row[:2] for row in second["listed"]) == [["autosave", "autosave"],
                                                           ["saves", "save"]]
    assert all(row[2] == denied and row[4] for row in second["listed"])
    assert {row[1] for row in second["cards"]} == {"A folder the game cannot read"}
    assert first["save_message"].startswith("Game saved")
    assert second["save_message"] == ("Could not save: the save folder cannot be written to. "
                                      "The game goes on.")


def test_a_folder_entry_deletes_nothing(tmp_path: Path) -> None:
    """An unreadable folder's entry never deletes the folder of saves it stands for."""
    saves = tmp_path / "saves"
    a_save(saves / "keep.json")
    info = unreadable_folder(saves, "save", "permission is denied")
    assert isinstance(info, SaveInfo) and info.folder and info.game_folder is None
    with pytest.raises(OSError):
        delete_save(info)
    assert (saves / "keep.json").is_file()
    assert peek_save(saves / "keep.json").turn > 0

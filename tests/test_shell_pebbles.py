"""Issue 28, item 6: the shell serves a game it knows nothing of. The toy game Pebbles (tests/
kernel_toy.py) gets a minimal front end (tests/pebbles_front.py), registered only here, and is
played through the shell in a fresh process where no real game is installed: the game picker
(a second toy game makes two), the title menu, the set-up, the table (a person's clicks, a
bot through the shell's bot worker), a save, the Load screen listing it from its summary
header and opening it again, play to the end, the results. No module of An Age Contrived or
Age of Reason is ever imported on the way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r'''
import json, os, sys
import tests.pebbles_front as pf
from game.shell.app import App
from game.shell.settings import Settings
from game.shell.scenes.base import PlayScene
from game.shell.scenes.load import LoadScene
from game.shell.scenes.menu import MenuScene, PickerScene

out = {}
app = App((1280, 720), Settings(anim_speed=0.0, bot_delay=0.0), persist=True, headless=True)
app.bot_worker.wait_ready(60)
out["first"] = type(app.scene).__name__
out["cards"] = [n.front.title for n in app.scene.walk() if type(n).__name__ == "GameCard"]
card = next(n for n in app.scene.walk() if type(n).__name__ == "GameCard"
            and n.front.game_id == "pebbles")
card.on_click(1, 1, 1)
out["menu"] = [type(app.scene).__name__, app.scene.front.title]
app.open_setup()
out["setup"] = type(app.scene).__name__
app.scene.start()
table = app.scene
out["table"] = isinstance(table, PlayScene)

def person_moves(k):
    for _ in range(k):
        for _ in range(600):
            app.step(1 / 60)
            d = table.game.pending
            if d is None or table.session.is_human(d.seat):
                break
        d = table.game.pending
        if d is None:
            return
        buttons = [n for n in table.walk() if type(n).__name__ == "Button"]
        buttons[0].action()

person_moves(2)
table.save()
saved = table.saved
history = list(table.game.history)
out["saved"] = bool(saved)
app.open_menu()
app.open(LoadScene(app))
app.step(1 / 60)
cards = app.scene.visible_cards()
out["listed"] = [(c.info.game, c.info.path.name, c.info.damaged) for c in cards]
mine = next(c for c in cards if c.info.path.name == saved)
out["seat_lines"] = [s.long for s in mine.seats]
mine.on_click(1, 1, 1)
table = app.scene
out["reopened"] = isinstance(table, PlayScene) and list(table.game.history) == history
out["names"] = [table.session.name(0), table.session.name(1)]
for _ in range(60):
    if table.game.is_over:
        break
    person_moves(1)
for _ in range(60):
    app.step(1 / 60)
out["results"] = type(app.scene).__name__
out["modules"] = sorted(m for m in sys.modules if m.startswith(
    ("engine.aac", "engine.aor", "game.aac", "game.aor", "game.games", "engine.games")))
app.bot_worker.stop()
print(json.dumps(out))
'''


def test_pebbles_plays_through_the_shell_with_no_real_game_on_the_path(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               AAC_HOME=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["first"] == "PickerScene"  # two games installed: the picker first
    assert out["cards"] == ["Pebbles", "Big Pebbles"]
    assert out["menu"] == ["MenuScene", "Pebbles"]
    assert out["setup"] == "PebblesSetup" and out["table"] and out["saved"]
    assert [g for g, _, damaged in out["listed"] if not damaged] == ["pebbles"]
    assert out["seat_lines"] == ["Ada", "Player 2 (random bot)"]
    assert out["reopened"], "the save did not reopen at the same decision"
    assert out["names"][0] == "Ada"
    assert out["results"] == "PebblesResults"
    assert out["modules"] == [], f"a real game was imported: {out['modules']}"

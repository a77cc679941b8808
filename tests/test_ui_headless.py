"""The headless helpers: --screenshot for the menu and a mid-game table; --bench-frames."""

from __future__ import annotations

import json
import os

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.__main__ import main  # noqa: E402


def test_screenshot_menu(tmp_path, monkeypatch):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    out = tmp_path / "menu.png"
    assert main(["--screenshot", str(out), "--size", "1280x720"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_screenshot_mid_game(tmp_path, monkeypatch):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    out = tmp_path / "table.png"
    assert main(["--screenshot", str(out), "--seed", "3", "--players", "4", "--moves",
                 "200"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1600, 900)


def test_screenshot_scenario(tmp_path, monkeypatch):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "saves" / "scenarios" / "aac"
    scen = sorted(folder.glob("*.json"))
    if not scen:
        return
    out = tmp_path / "scen.png"
    assert main(["--screenshot", str(out), "--scenario", str(scen[0])]) == 0


def test_bench_frames_json(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    assert main(["--bench-frames", "60", "--json", "--size", "1280x720"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["frames"] == 60 and data["max_ms"] >= data["median_ms"] > 0

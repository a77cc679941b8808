"""Sound (issue "The living board", item 7): every effect is synthesized by the game into a
real, non-silent, unclipped buffer of the right length; play, volume and mute act on the
mixer's sounds and channels; with no audio device (or a mixer that fails later) every call
is a silent no-op; engine events map to effects; Buttons and the trapdoor play through the
scene graph's hook; volume and mute are settings with a menu row each."""

from __future__ import annotations

import array
import json
import math
import os
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import GameConfig, new_game  # noqa: E402
from engine.aac import events as ev  # noqa: E402
from game.aac import trapdoor  # noqa: E402
from game.shell import scenegraph, sound  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scenegraph import Button  # noqa: E402
from game.shell.scenes.settings_scene import ROW_STEP, SettingsScene  # noqa: E402
from game.shell.settings import LABELS, VOLUMES, Settings  # noqa: E402
from tests.test_ui_game import centre, click  # noqa: E402

RATE = 44100
SHORT = {"click", "snap", "pull", "release", "land", "push", "deny"}  # under 0.3 s
TYPECODES = {-16: "h", 16: "H", -8: "b", 8: "B", 32: "f", -32: "i"}


@pytest.fixture(scope="module")
def signals() -> dict[str, list[list[float]]]:
    return {name: sound.SYNTHS[name](RATE) for name in sound.EFFECTS}


@pytest.fixture
def mixer() -> Iterator[None]:
    """A working (dummy-driver) mixer, as App's pygame.init() leaves it."""
    pygame.mixer.init()
    assert pygame.mixer.get_init() is not None
    yield
    pygame.mixer.stop()


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


# --- the waveforms -------------------------------------------------------------------------------

def test_every_effect_is_a_short_warm_unclipped_signal(signals):
    for name in sound.EFFECTS:
        fn = getattr(sound, f"synth_{name}")
        assert fn.__doc__ and len(fn.__doc__) > 80, f"{name}: say what it sounds like"
        for x in signals[name]:
            dur = len(x) / RATE
            assert 0.03 <= dur <= (0.3 if name in SHORT else 1.2), (name, dur)
            peak = max(map(abs, x))
            rms = math.sqrt(sum(v * v for v in x) / len(x))
            assert 0.3 <= peak <= 0.85, (name, peak)  # normalized, never full scale
            assert rms > 0.05, (name, rms)  # not silent
            assert abs(sum(x) / len(x)) < 0.01, name  # no DC offset
            # a tiny fade at both ends: no click when it starts or stops
            assert abs(x[0]) < 1e-6 and abs(x[-1]) < 1e-3, name
            assert max(map(abs, x[:20])) < 0.5 * peak, name
            assert max(map(abs, x[-20:])) < 0.05, name
            # it dies away: the last tenth is far quieter than the loudest tenth
            tenths = [max(map(abs, x[k * len(x) // 10:(k + 1) * len(x) // 10]))
                      for k in range(10)]
            assert tenths[-1] < 0.35 * max(tenths), (name, tenths)


def test_land_has_three_different_variants(signals):
    lands = signals["land"]
    assert len(lands) == 3
    assert len({tuple(round(v, 4) for v in x[:400]) for x in lands}) == 3


def _level(x: list[float], freq: float, t0: float, t1: float) -> float:
    """Magnitude of `freq` in x between t0 and t1 (a single DFT bin, Hann-windowed)."""
    a, b = int(t0 * RATE), int(t1 * RATE)
    w = 2 * math.pi * freq / RATE
    n = b - a
    re = im = 0.0
    for j in range(n):
        v = x[a + j] * (0.5 - 0.5 * math.cos(2 * math.pi * j / n))
        re += v * math.cos(w * j)
        im += v * math.sin(w * j)
    return math.hypot(re, im) / n


def test_the_effects_have_the_shapes_their_docstrings_promise(signals):
    # the twang's pitch falls: around 350 Hz in its first 25 ms, at 165 Hz once it rings
    rel = signals["release"][0]
    assert _level(rel, 350.0, 0.0, 0.025) > 10 * _level(rel, 165.0, 0.0, 0.025)
    assert _level(rel, 165.0, 0.12, 0.25) > 10 * _level(rel, 250.0, 0.12, 0.25)
    # the chime: C5, then E5 joins, then G5 (each note louder once it has started)
    ch = signals["complete"][0]
    for f, start in ((659.26, 0.11), (783.99, 0.22)):
        assert _level(ch, f, start + 0.01, start + 0.09) > 5 * _level(ch, f, 0.0, 0.09)
    # the fanfare's chord has all of C4 E4 G4 C5 ringing at 0.5 s
    end = signals["end"][0]
    chord = [_level(end, f, 0.45, 0.6) for f in (261.63, 329.63, 392.00, 523.25)]
    off = _level(end, 300.0, 0.45, 0.6)
    assert min(chord) > 4 * off
    # the snap starts with a low thump and has a metallic ping in it
    snap = signals["snap"][0]
    assert _level(snap, 90.0, 0.0, 0.05) > _level(snap, 400.0, 0.0, 0.05)
    assert _level(snap, 1650.0, 0.008, 0.05) > 3 * _level(snap, 1200.0, 0.008, 0.05)
    # the push swells then fades (a whoosh), loudest in its middle
    push = signals["push"][0]
    n = len(push)
    mid = max(map(abs, push[n // 3:2 * n // 3]))
    assert mid > 2 * max(map(abs, push[:n // 10]))
    # the pull's ratchet: 8 teeth, ever closer (36 ms apart, 2.5 ms less each time), each
    # a click well above the creak between two teeth
    pull = signals["pull"][0]
    teeth = [0.0]
    for k in range(7):
        teeth.append(teeth[-1] + 0.036 - 0.0025 * k)

    def loudest(t0: float, t1: float) -> float:
        return max(map(abs, pull[int(t0 * RATE):int(t1 * RATE)]))

    for a, b in zip(teeth, teeth[1:], strict=False):
        mid = (a + b) / 2
        assert loudest(a, a + 0.004) > 1.5 * loudest(mid - 0.002, mid + 0.002), (a, b)
    assert teeth[-1] < 0.21

def test_waveforms_write_as_wav_files(signals, tmp_path):
    """Each effect saved as a 16-bit WAV reads back as the same samples."""
    for name, xs in signals.items():
        p = tmp_path / f"{name}.wav"
        with wave.open(str(p), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(sound.encode(xs[0], -16, 1).tobytes())
        with wave.open(str(p), "rb") as r:
            assert r.getnframes() == len(xs[0])
            back = array.array("h", r.readframes(r.getnframes()))
        assert max(map(abs, back)) == int(max(map(abs, xs[0])) * 32767)


def test_encode_writes_every_mixer_format_interleaved():
    x = [0.5, -0.25, 0.0, 1.5]  # the last one is clipped to full scale
    assert list(sound.encode(x, -16, 1)) == [16383, -8191, 0, 32767]
    assert list(sound.encode(x, 16, 1)) == [49151, 24577, 32768, 65535]
    assert list(sound.encode(x, -8, 1)) == [63, -31, 0, 127]
    assert list(sound.encode(x, 8, 1)) == [191, 97, 128, 255]
    assert list(sound.encode(x, 32, 1)) == [0.5, -0.25, 0.0, 1.0]
    assert list(sound.encode(x[:2], -32, 1)) == [1073741823, -536870911]
    assert list(sound.encode(x[:2], -16, 2)) == [16383, 16383, -8191, -8191]
    assert list(sound.encode(x[:2], 32, 3)) == [0.5, 0.5, 0.5, -0.25, -0.25, -0.25]
    with pytest.raises(ValueError):
        sound.encode(x, 24, 2)


# --- the bank with a (dummy) audio device --------------------------------------------------------

def test_the_bank_builds_every_effect_as_real_pcm(mixer):
    bank = sound.SoundBank(warm_up=False)
    assert bank.enabled and bank.spec == pygame.mixer.get_init()
    bank.build_all()
    rate, fmt, chans = bank.spec
    assert set(bank.sounds) == set(sound.EFFECTS) and not bank.broken
    for name, variants in bank.sounds.items():
        assert len(variants) == (3 if name == "land" else 1)
        for k, snd in enumerate(variants):
            raw = array.array(TYPECODES[fmt], snd.get_raw())
            frames = len(raw) // chans
            assert frames == len(sound.SYNTHS[name](rate)[k])
            assert abs(snd.get_length() - frames / rate) < 1e-3
            left = raw[0::chans]
            assert all(raw[c::chans] == left for c in range(chans))  # same on every channel
            full = 32767 if fmt == -16 else max(abs(v) for v in left)
            peak = max(abs(v) for v in left)
            assert 0.3 * full <= peak < full, name


def test_the_warm_up_thread_fills_the_cache(mixer):
    sound._PCM.clear()
    bank = sound.SoundBank()
    assert bank.thread is not None
    bank.thread.join(30)
    assert bank.ready()
    assert sound.SoundBank().thread is None  # nothing left to make: no thread


def test_play_starts_sounds_and_volume_and_mute_set_them(mixer):
    clock = FakeClock()
    bank = sound.SoundBank(volume=0.7, warm_up=False, clock=clock)
    assert bank.play("snap")
    snap = bank.sounds["snap"][0]
    playing = [ch for ch in bank.channels if ch.get_sound() is snap]
    assert len(playing) == 1 and playing[0].get_volume() == pytest.approx(1.0)
    assert snap.get_volume() == pytest.approx(0.7, abs=0.01)  # the mixer keeps 1/128 steps
    bank.configure(0.35, False)  # applied at once, to the sound already playing
    assert snap.get_volume() == pytest.approx(0.35, abs=0.01)
    clock.t += 1
    assert bank.play("complete")
    assert bank.sounds["complete"][0].get_volume() == pytest.approx(0.35, abs=0.01)
    bank.configure(0.35, True)  # mute: every sound silent, nothing rings on
    assert bank.level == 0.0
    assert all(s.get_volume() == 0.0 for v in bank.sounds.values() for s in v)
    assert not any(ch.get_busy() for ch in bank.channels)
    clock.t += 1
    assert not bank.play("click")
    bank.configure(0.0, False)  # volume "Off" is silent too
    assert not bank.play("click")
    bank.configure(5.0, False)  # clamped
    assert bank.volume == 1.0 and snap.get_volume() == pytest.approx(1.0)
    assert bank.play("click")
    assert not bank.play("no such effect") and not bank.play(None)


def test_a_burst_of_landings_is_thinned_and_reuses_its_channels(mixer):
    clock = FakeClock()
    bank = sound.SoundBank(warm_up=False, clock=clock)
    assert bank.play("end")
    end_channel = next(i for i, s in enumerate(bank._slots) if s.name == "end")
    assert bank.play("land")
    assert not bank.play("land")  # the same instant: thinned
    started = [bank.sounds["land"][0]]
    for _ in range(11):
        clock.t += 0.05
        assert bank.play("land")
        ch = max(range(len(bank.channels)), key=lambda i: bank._slots[i].started)
        started.append(bank.channels[ch].get_sound())
        assert sum(s.name == "land" for s in bank._slots) <= sound.PER_EFFECT
    assert len(bank.channels) == sound.MAX_CHANNELS
    # the variants take turns, so no two landings in a row are the same sound
    assert all(a is not b for a, b in zip(started, started[1:], strict=False))
    assert {id(s) for s in started} == {id(s) for s in bank.sounds["land"]}
    # the burst never took the fanfare's channel while it rang
    assert bank._slots[end_channel].name == "end" or not bank.channels[end_channel].get_busy()


def test_play_event_plays_what_the_event_sounds_like(mixer):
    bank = sound.SoundBank(warm_up=False, clock=FakeClock())
    assert bank.play_event(ev.SectionConstructed("m", "s", ""))
    assert any(ch.get_sound() is bank.sounds["snap"][0] for ch in bank.channels)
    assert not bank.play_event(ev.ScoreChanged(0, 1, 2))


# --- no audio device, or a mixer that breaks -----------------------------------------------------

def _every_call(bank: sound.SoundBank) -> None:
    for name in (*sound.EFFECTS, "nothing", None):
        assert bank.play(name) is False
    assert bank.play_event(ev.GameEnded((1, 2), (1,))) is False
    bank.configure(0.35, True)
    bank.configure(1.0, False)
    bank.build_all()
    bank.stop()


def test_with_no_audio_device_every_call_is_a_silent_no_op(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    bank = sound.SoundBank()
    assert not bank.enabled and bank.thread is None and bank.sounds == {}
    _every_call(bank)


def test_a_mixer_that_quits_under_the_bank_is_silent(mixer):
    bank = sound.SoundBank(warm_up=False)
    assert bank.play("click")
    pygame.mixer.quit()
    try:
        _every_call(bank)
    finally:
        pygame.mixer.init()


def test_a_sound_that_cannot_be_built_stays_silent(mixer, monkeypatch):
    def broken(*a, **k):
        raise pygame.error("out of memory")

    bank = sound.SoundBank(warm_up=False, clock=FakeClock())
    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    assert not bank.play("end") and "end" in bank.broken
    assert not bank.play("end")


def test_a_mixer_format_it_cannot_write_means_no_sound(mixer, monkeypatch):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, 24, 2))
    bank = sound.SoundBank()
    assert not bank.enabled
    _every_call(bank)


def test_the_app_runs_without_an_audio_device(tmp_path, monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = App((1600, 900), Settings(), persist=False, headless=True)
    try:
        assert not app.sound.enabled
        app.step(1 / 60)
        press(app, "Settings")  # a click plays "click": silently
        assert isinstance(app.scene, SettingsScene)
        click(app, *centre(row(app, LABELS["volume"])[3]))  # volume High: applied to a silent bank
        app.step(1 / 60)
        assert app.sound.volume == 1.0
    finally:
        app.bot_worker.stop()


# --- engine events -------------------------------------------------------------------------------

def test_effect_for_maps_the_engine_events_as_documented():
    expected = [
        (ev.SectionConstructed("m", "s", "t"), "snap"),
        (ev.SectionCompleted("m", "s", 0, "placement"), "complete"),
        (ev.TilesPushed(0, "t", 1, "u", ("a",) * 5), "push"),
        (ev.TokenMoved(0, "rose", "reserve", "slot:1:top"), "land"),
        (ev.TileClaimed(0, "t", 1, "u", 2, 0), "land"),
        (ev.AchievementClaimed(0, "a", "flat", "rose"), "complete"),
        (ev.GameEnded((3, 4), (1,)), "end"),
        (ev.ScoreChanged(0, 1, 2), None),
        (ev.TurnStarted(0, 1, False), None),
        (ev.FigureMoved(0, ("a", "b"), "a"), None),
        (ev.TrackMoved(0, "pillar", 0, 1), None),
    ]
    for e, name in expected:
        assert sound.effect_for(e) == name, type(e).__name__
    assert set(sound.EVENT_EFFECTS.values()) <= set(sound.EFFECTS)


def test_every_event_of_a_real_game_maps_to_a_known_effect_or_none():
    game = new_game(GameConfig(players=2, seed=5))
    seen: set[str] = set()
    for _ in range(400):
        d = game.pending
        if d is None:
            break
        for e in game.choose(d.choices[0].id):
            name = sound.effect_for(e)
            assert name is None or name in sound.EFFECTS
            if name:
                seen.add(name)
    assert {"land", "push"} <= seen


# --- the hooks: Buttons and the trapdoor ---------------------------------------------------------

@pytest.fixture
def app(app: App) -> App:
    """The shared app with a sound clock the tests move by hand."""
    app.sound.clock = FakeClock()
    return app


def press(app: App, label: str) -> None:
    b = next(n for n in app.scene.walk() if isinstance(n, Button) and n.label.startswith(label))
    click(app, *centre(b))
    app.step(1 / 60)


def playing(app: App, name: str) -> bool:
    return any(ch.get_sound() in app.sound.sounds.get(name, []) for ch in app.sound.channels)


def test_a_button_click_plays_click_through_the_hook(app):
    assert scenegraph._sound == app.sound.play  # the App routes the scene graph's sounds
    app.step(1 / 60)
    press(app, "Settings")
    assert isinstance(app.scene, SettingsScene)
    assert playing(app, "click") and app.sound._turn["click"] == 1
    off = Button("x", 0, 0, 10, 10, lambda: None, enabled=False)
    assert not off.on_click(1, 1, 1)
    assert playing(app, "deny")
    assert not Button("x", 0, 0, 10, 10, lambda: None).on_click(1, 1, 3)  # right button
    assert app.sound._turn["click"] == 1


def test_the_trapdoor_pulls_and_releases(monkeypatch):
    heard: list[str] = []
    monkeypatch.setattr(scenegraph, "_sound", heard.append)
    la = trapdoor.Launch(3, [0, 1], (200, 60, 60), "square", "k", False)
    la.advance(1 / 60)
    assert heard == ["pull"]  # it starts cocking itself
    while la.state == "held":
        la.advance(1 / 60)
    assert heard == ["pull", "release"] and la.time >= trapdoor.HOLD - 1e-6
    while not la.finished:
        la.advance(1 / 60)
    assert heard == ["pull", "release"]
    # a player grabs it (a pull), then lets go (a release)
    heard.clear()
    la = trapdoor.Launch(3, [0], (200, 60, 60), "square", "k2", True)
    la.advance(1 / 60)
    r = la.handle_rect()
    assert la.grab(r.centerx, r.top + 12)
    la.drag(r.top + 30)
    la.release()
    assert heard == ["pull", "pull", "release"] and la.fired_by_player
    heard.clear()
    trapdoor.prewarm()  # the start-up warm-up is quiet
    assert heard == []


# --- settings ------------------------------------------------------------------------------------

def test_volume_and_mute_round_trip_through_the_settings_file(tmp_path):
    p = tmp_path / "settings.json"
    assert Settings().volume == 0.7 and Settings().mute is False
    assert Settings(volume=0.7).volume in dict(VOLUMES).values()
    Settings(volume=0.35, mute=True).save(p)
    st, notice = Settings.load_with_notice(p)
    assert (st.volume, st.mute, notice) == (0.35, True, "")


@pytest.mark.parametrize(("raw", "volume", "mute", "word"), [
    ({"volume": "loud"}, 0.7, False, "could not be read"),
    ({"volume": None}, 0.7, False, "could not be read"),
    ({"volume": True}, 0.7, False, "could not be read"),
    ({"mute": "yes"}, 0.7, False, "could not be read"),
    ({"volume": 0.6}, 0.7, False, "nearest"),
    ({"volume": 5}, 1.0, False, "nearest"),
    ({"volume": -1.0}, 0.0, False, "nearest"),
    ({"volume": 0.2, "mute": True}, 0.35, True, "nearest"),
])
def test_a_bad_volume_in_the_file_is_reset_or_snapped(tmp_path, raw, volume, mute, word,
                                                       capsys):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({**raw, "colour_safe": False}))
    st, notice = Settings.load_with_notice(p)
    assert (st.volume, st.mute, st.colour_safe) == (volume, mute, False)
    assert word in notice and ("Sound volume" in notice or "Mute sound" in notice)
    assert json.loads(p.read_text())["volume"] == volume  # rewritten with the fix
    assert "settings:" in capsys.readouterr().err


def test_the_app_starts_with_the_files_volume_and_mute(tmp_path, monkeypatch):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    f = Path(tmp_path) / "config" / "settings.json"
    f.parent.mkdir(parents=True)
    f.write_text(json.dumps({"volume": 0.35, "mute": True}))
    app = App(None, persist=True, headless=True)
    try:
        assert (app.sound.volume, app.sound.mute, app.sound.level) == (0.35, True, 0.0)
        assert not app.sound.play("click")
    finally:
        app.bot_worker.stop()


def row(app: App, i: int | str) -> list[Button]:
    """A row of the Settings screen's buttons, by its number or its label."""
    if isinstance(i, str):
        (label,) = [n for n in app.scene.walk() if type(n).__name__ == "_RowLabel"
                    and n.label == i]
        y = label.y - 22
    else:
        y = 150 + i * ROW_STEP
    return sorted((n for n in app.scene.walk() if isinstance(n, Button) and n.interactive
                   and n.y == y), key=lambda b: b.x)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_settings_screen_has_volume_and_mute_rows_that_fit(tmp_path, monkeypatch, size):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    app = App(size, Settings(), persist=False, headless=True)
    try:
        app.set_scene(SettingsScene(app))
        app.step(1 / 60)
        buttons = [n for n in app.scene.walk() if isinstance(n, Button) and n.interactive]
        back = next(b for b in buttons if b.label == "Back")
        rows = [b for b in buttons if b is not back]
        assert max(b.y + b.h for b in rows) < back.y  # every row above Back
        assert back.y + back.h <= 900 and max(b.x + b.w for b in rows) <= 1600
        ys = sorted({b.y for b in rows})
        assert len(ys) == 12 and min(b - a for a, b in zip(ys, ys[1:], strict=False)) > 44
        vol, mute = row(app, LABELS["volume"]), row(app, LABELS["mute"])
        assert [b.label for b in vol] == [n for n, _ in VOLUMES]
        assert [b.label for b in mute] == ["Off", "On"]
        assert [b.selected for b in vol] == [v == 0.7 for _, v in VOLUMES]
        click(app, *centre(row(app, LABELS["volume"])[3]))  # High
        app.step(1 / 60)
        assert app.settings.volume == 1.0 and app.sound.volume == 1.0
        assert row(app, LABELS["volume"])[3].selected
        assert all(s.get_volume() == pytest.approx(1.0)
                   for v in app.sound.sounds.values() for s in v)
        click(app, *centre(row(app, LABELS["mute"])[1]))  # Mute on
        app.step(1 / 60)
        assert app.settings.mute and app.sound.mute and app.sound.level == 0.0
        assert all(s.get_volume() == 0.0 for v in app.sound.sounds.values() for s in v)
        app.screenshot(str(tmp_path / "settings.png"))
    finally:
        app.bot_worker.stop()


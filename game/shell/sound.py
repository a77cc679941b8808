"""Sound effects for the table, all synthesized by this module (no sound files).

Each effect is made in pure Python (`math`, `array`, a seeded `random.Random` for noise) as a
mono float signal at the mixer's own rate, shaped with a 2 ms fade-in and a short fade-out (no
clicks at either end), normalized to its own peak level (never full scale), then encoded into
the mixer's sample format and channel count and handed to `pygame.mixer.Sound(buffer=...)`.
Making all of them takes ~130-160 ms at 44.1 kHz, so it stays off the start-up path: the
bank starts a daemon thread that fills a per-process PCM cache (a second App, as in the
tests, costs nothing), and a `play` that comes before the thread gets there makes that one
effect on the spot (the longest, "end", ~40 ms).

The bank never raises: with no audio device (`pygame.mixer.init()` fails), a mixer that quits
under it, or a Sound that cannot be built, every call is a silent no-op. Master volume (0..1)
and mute apply at once, to the sounds already playing too. At most MAX_CHANNELS sounds play
together; a burst of one effect (a row of tokens landing) reuses that effect's oldest channel
once PER_EFFECT copies ring, and is thinned to one start every MIN_GAP seconds, so nothing
stutters or piles up.

Effects (their names are the API; each synthesizer's docstring says what it sounds like):
click, snap, pull, release, land (three variants, played in turn), push, complete, end, deny.

When they play:
- "click": an enabled `scenegraph.Button` is clicked; "deny": a disabled one is (both wired:
  `Button.on_click` calls the scene graph's sound hook, which the App points at its bank).
  The table may also play "deny" for a click on a board target that is not legal now.
- "pull": the trapdoor's plunger starts cocking itself (`Launch._substep`, first step) and a
  player grabs it (`Launch.grab`); "release": it fires, by itself, because a player lets go,
  or after MAX_HOLD (`Launch._fire`). Wired in `game/trapdoor.py`; `prewarm` is quiet.
- Engine events, for the table: `app.sound.play_event(e)` (= `play(effect_for(e))`) where
  the event's picture lands — a token's flight ends (`_putter`), a decoration or plain event
  is applied (`_applier`: sections, tiles claimed, achievements), the tiles start sliding
  (`_slide_tiles`' start) — and `play("end")` when the game is over.
"""

from __future__ import annotations

import array
import math
import operator
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate, repeat
from typing import Any

import pygame

from engine.kernel.events import Event

Signal = list[float]

EFFECTS = ("click", "snap", "pull", "release", "land", "push", "complete", "end", "deny")
MAX_CHANNELS = 8
MIN_GAP = 0.035  # seconds between two starts of the same effect (a burst is thinned)
PER_EFFECT = 3  # at most this many copies of one effect ring at once
FADE_IN = 0.002
FADE_OUT = 0.008

# What each engine event sounds like when a table shows it (absent: silent). Each game adds
# its own events' effects (add_event_effects: An Age Contrived's in game/aac/sounds.py).
EVENT_EFFECTS: dict[type[Event], str] = {}


def add_event_effects(effects: dict[type[Event], str]) -> None:
    """A game's events and the effect each plays when its animation lands."""
    unknown = set(effects.values()) - set(EFFECTS)
    if unknown:
        raise ValueError(f"no such sound effect: {sorted(unknown)}")
    EVENT_EFFECTS.update(effects)


def effect_for(event: Event) -> str | None:
    """The effect to play when `event`'s animation lands, or None for a silent event."""
    return EVENT_EFFECTS.get(type(event))


# --- synthesis helpers ---------------------------------------------------------------------------
# Signals are lists of floats at rate `sr`. Every part is made only as long as it is audible
# (a decay is cut at -60 dB) and added into the effect's buffer at its start sample, and the
# per-sample work runs in C where it can (map, itertools.accumulate, slices): the whole bank
# takes well under 150 ms at 44.1 kHz.

LOG1000 = math.log(1000.0)  # a decay of time constant tau is at -60 dB after tau * LOG1000


class _Buf:
    """An effect being built: `dur` seconds of silence that parts are added into."""

    def __init__(self, sr: int, dur: float) -> None:
        self.sr = sr
        self.n = _n(sr, dur)
        self.x: Signal = [0.0] * self.n

    def at(self, t: float) -> int:
        return min(self.n, int(t * self.sr))

    def room(self, start: int, tau: float | None = None) -> int:
        """Samples from `start` to the end, or to where a decay `tau` is inaudible."""
        left = self.n - start
        return left if tau is None else min(left, int(tau * LOG1000 * self.sr) + 1)

    def add(self, seg: Signal, start: int = 0, gain: float = 1.0) -> None:
        end = min(self.n, start + len(seg))
        if end <= start:
            return
        if gain != 1.0:
            seg = list(map(operator.mul, seg, repeat(gain)))
        self.x[start:end] = map(operator.add, self.x[start:end], seg)


def _n(sr: int, dur: float) -> int:
    return max(1, int(sr * dur))


def _decay(sr: int, length: int, tau: float, gain: float = 1.0) -> Signal:
    """gain * exp(-t/tau), `length` samples."""
    if length <= 0:
        return []
    k = math.exp(-1.0 / (sr * tau))
    return list(accumulate(repeat(k, length - 1), operator.mul, initial=gain))


def _sine(sr: int, freq: float, length: int, phase: float = 0.0) -> Signal:
    if length <= 0:
        return []
    w = 2 * math.pi * freq / sr
    return list(map(math.sin, accumulate(repeat(w, length - 1), initial=phase)))


def _glide(sr: int, low: float, drop: float, tau: float, length: int, mult: float = 1.0,
           wobble: tuple[float, float] = (0.0, 0.0)) -> Signal:
    """A sine whose pitch falls from low + drop to `low` Hz with time constant `tau`
    (times `mult`, for a harmonic), its phase integrated in closed form; `wobble`
    (rate Hz, depth radians) adds a little vibrato."""
    if length <= 0:
        return []
    w = 2 * math.pi * mult
    c1, c2 = w * low / sr, w * drop * tau
    e = _decay(sr, length, tau)
    ph = [c1 * j + c2 * (1.0 - d) for j, d in enumerate(e)]
    rate, depth = wobble
    if depth:
        dm = depth * mult
        ph = [p + dm * v for p, v in zip(ph, _sine(sr, rate, length), strict=True)]
    return list(map(math.sin, ph))


def _noise(sr: int, length: int, seed: int, cutoff: float | Signal) -> Signal:
    """White noise (seeded) through a one-pole low-pass: cutoff in Hz, one or per sample."""
    rng = random.Random(seed)
    u = rng.uniform
    if isinstance(cutoff, list):
        coef = [1.0 - math.exp(-2 * math.pi * c / sr) for c in cutoff[:length]]
    else:
        coef = [1.0 - math.exp(-2 * math.pi * cutoff / sr)] * length
    out = [0.0] * length
    y = 0.0
    for i, a in enumerate(coef):
        y += a * (u(-1.0, 1.0) - y)
        out[i] = y
    return out


def _mul(a: Signal, b: Signal) -> Signal:
    return list(map(operator.mul, a, b))


def _ping(b: _Buf, freq: float, start: int, tau: float, gain: float) -> None:
    """A decaying sine (a struck partial) from sample `start`."""
    length = b.room(start, tau)
    b.add(_mul(_sine(b.sr, freq, length), _decay(b.sr, length, tau, gain)), start)


def _tap(b: _Buf, start: int, tau: float, gain: float, cutoff: float, seed: int) -> None:
    """A short decaying breath of low-passed noise (the contact of a hit)."""
    length = b.room(start, tau)
    b.add(_mul(_noise(b.sr, length, seed, cutoff), _decay(b.sr, length, tau, gain)), start)


TABLE_SIZE = 2048  # a power of two (the phase is masked)


def _wavetable(harmonics: tuple[float, ...]) -> Signal:
    """One period of a waveform with the given harmonic amplitudes (1st, 2nd, ...)."""
    return [sum(a * math.sin(2 * math.pi * (k + 1) * i / TABLE_SIZE)
                for k, a in enumerate(harmonics)) for i in range(TABLE_SIZE)]


def _note(b: _Buf, table: Signal, freq: float, at: float, dur: float | None, gain: float,
          tau: float, attack: float) -> None:
    """A wavetable note from `at`: a linear `attack`, an exponential decay `tau`, and (with
    `dur`) a release ramp as long as the attack at its end."""
    s = b.at(at)
    length = b.room(s, tau) if dur is None else min(b.room(s), _n(b.sr, dur))
    if length <= 0:
        return
    env = _decay(b.sr, length, tau, gain)
    att = min(length, _n(b.sr, attack))
    env[:att] = [v * j / att for j, v in enumerate(env[:att])]
    if dur is not None:
        rel = min(length - att, att)
        env[length - rel:] = [v * (rel - 1 - j) / rel for j, v in enumerate(env[length - rel:])]
    mask = TABLE_SIZE - 1
    phase = accumulate(repeat(freq * TABLE_SIZE / b.sr, length - 1), initial=0.0)
    b.add([table[int(p) & mask] * e for p, e in zip(phase, env, strict=True)], s)


def _finish(b: _Buf, peak: float) -> Signal:
    """Fade in/out (no clicks at the ends), then scale so the loudest sample is `peak`."""
    x, n, sr = b.x, b.n, b.sr
    fi, fo = min(n // 4, _n(sr, FADE_IN)), min(n // 4, _n(sr, FADE_OUT))
    x[:fi] = [v * j / fi for j, v in enumerate(x[:fi])]
    x[n - fo:] = [v * (fo - 1 - j) / fo for j, v in enumerate(x[n - fo:])]
    top = max(max(x), -min(x))
    if top <= 0:
        return x
    return list(map(operator.mul, x, repeat(peak / top)))


# --- the effects ---------------------------------------------------------------------------------

def synth_click(sr: int) -> Signal:
    """UI button, 40 ms: a soft "tock" — a 1.4 kHz sine dying in 5 ms over a 700 Hz body
    dying in 9 ms, with a 2 ms breath of low-passed noise on the attack."""
    b = _Buf(sr, 0.04)
    _ping(b, 1400.0, 0, 0.005, 1.0)
    _ping(b, 700.0, 0, 0.009, 0.8)
    _tap(b, 0, 0.002, 1.0, 3000.0, 11)
    return _finish(b, 0.45)


def synth_snap(sr: int) -> Signal:
    """A monument section dropping onto its stack, 280 ms, a magnetic clack: a low thump
    (a sine gliding 150 -> 70 Hz, 55 ms decay), a 4 ms noise click of contact, a short
    metallic ping 8 ms later (inharmonic partials 1650, 3980, 6120 Hz dying in 70/35/18 ms),
    and the overshoot: a smaller second thump and ping 70 ms on, as the section bounces
    once and settles."""
    b = _Buf(sr, 0.28)
    for at, gain in ((0.0, 1.0), (0.07, 0.35)):
        s = b.at(at)
        length = b.room(s, 0.055)
        b.add(_mul(_glide(sr, 70.0, 80.0, 0.02, length), _decay(sr, length, 0.055, gain)), s)
        ps = s + b.at(0.008)
        for f, tau, a in ((1650.0, 0.07, 0.30), (3980.0, 0.035, 0.14), (6120.0, 0.018, 0.07)):
            _ping(b, f, ps, tau, gain * a)
        _tap(b, s, 0.004, gain * 0.5, 4000.0, 21 + s)
    return _finish(b, 0.8)


def synth_pull(sr: int) -> Signal:
    """The spring plunger drawn back, 250 ms (as long as the trapdoor's auto-cock): a
    ratchet — 8 wooden teeth clicking ever faster over 200 ms, each a short resonant tick
    whose pitch rises 520 -> 900 Hz — over a faint creak, a buzzy 110 -> 170 Hz tone (with
    its 3rd harmonic) swelling as the spring tightens."""
    dur = 0.25
    b = _Buf(sr, dur)
    teeth = 8
    t = 0.0
    for k in range(teeth):
        s = b.at(t)
        a = 0.55 + 0.45 * k / (teeth - 1)
        _ping(b, 520.0 + 380.0 * k / (teeth - 1), s, 0.006, a)
        _tap(b, s, 0.0015, 0.6 * a, 2500.0, 31 + k)
        t += 0.036 - 0.0025 * k
    n = b.n
    swell = [0.18 * min(1.0, j / n * 1.4) for j in range(n)]
    # a rising pitch 110 -> 170 Hz: a glide with a negative drop and a long time constant
    # is close to linear over 0.25 s (the exact curve does not matter for a creak)
    creak = _glide(sr, 110.0 + 60.0 * 4, -60.0 * 4, dur * 4, n)
    creak3 = _glide(sr, 110.0 + 60.0 * 4, -60.0 * 4, dur * 4, n, mult=3.0)
    b.add(_mul(list(map(operator.add, creak, (0.33 * v for v in creak3))), swell))
    return _finish(b, 0.6)


def synth_release(sr: int) -> Signal:
    """The spring firing, 300 ms: a twang — a plucked-string tone (harmonics 1-5 at 1/k,
    the higher ones dying faster) whose pitch drops fast from 440 to 165 Hz (30 ms), with
    a slight 18 Hz wobble of the spring, and a 5 ms thunk of noise as the plunger lets go."""
    b = _Buf(sr, 0.3)
    for k in range(1, 6):
        tau = 0.12 / k
        length = b.room(0, tau)
        b.add(_mul(_glide(sr, 165.0, 275.0, 0.03, length, float(k), (18.0, 0.15)),
                   _decay(sr, length, tau, 1.0 / k)))
    _tap(b, 0, 0.005, 0.9, 1800.0, 41)
    return _finish(b, 0.7)


LAND_VARIANTS = ((800.0, 0.012, 51), (870.0, 0.010, 52), (730.0, 0.014, 53))


def synth_land(sr: int, variant: int = 0) -> Signal:
    """An energy token landing, 90 ms: a soft wooden tick — a resonant body (about 800 Hz,
    12 ms decay) with an upper partial at 2.3x dying in 4 ms, on a 2 ms low-passed noise
    tap. Three variants differ a little in pitch, decay and tap, so a burst of landings
    sounds like a handful of tokens, not a machine gun."""
    f, tau, seed = LAND_VARIANTS[variant % len(LAND_VARIANTS)]
    b = _Buf(sr, 0.09)
    _ping(b, f, 0, tau, 1.0)
    _ping(b, f * 2.3, 0, 0.004, 0.35)
    _tap(b, 0, 0.002, 0.7, 2200.0, seed)
    return _finish(b, 0.5)


def synth_push(sr: int) -> Signal:
    """A tile sliding one position in the device, 260 ms: a short low whoosh — noise
    through a low-pass that opens 300 -> 1100 Hz and closes again under a bell-shaped
    swell — with a quiet 85 Hz rumble of the slide and a soft stop thud at 200 ms."""
    b = _Buf(sr, 0.26)
    n = b.n
    span = 0.21 * sr
    bell = [math.sin(math.pi * min(1.0, j / span)) ** 2 for j in range(n)]
    whoosh = _mul(_noise(sr, n, 61, [300.0 + 800.0 * v for v in bell]), bell)
    b.add(whoosh, 0, 3.0)
    b.add(_mul(_sine(sr, 85.0, n), bell), 0, 0.12)
    s = b.at(0.2)
    length = b.room(s, 0.025)
    b.add(_mul(_glide(sr, 60.0, 50.0, 0.01, length), _decay(sr, length, 0.025, 0.3)), s)
    return _finish(b, 0.6)


BELL = (1.0, 0.28, 0.08, 0.03)  # a warm chime: mostly the fundamental
BRASS = (1.0, 0.75, 0.55, 0.38, 0.25, 0.15, 0.08)  # a soft brass-like tone


def synth_complete(sr: int) -> Signal:
    """A section completed, 1.0 s: a warm 3-note chime rising C5-E5-G5, one note every
    110 ms, each a soft bell (fundamental with faint 2nd-4th harmonics, 5 ms attack,
    0.32 s decay) left to ring together."""
    b = _Buf(sr, 1.0)
    table = _wavetable(BELL)
    for k, f in enumerate((523.25, 659.26, 783.99)):
        _note(b, table, f, k * 0.11, None, 1.0, 0.32, 0.005)
    return _finish(b, 0.65)


def synth_end(sr: int) -> Signal:
    """Game over, 1.15 s: a short fanfare — two pickup notes (G4, then C5, 120 ms each)
    into a C major chord (C4 E4 G4 C5) that swells in 30 ms and fades over 0.85 s, all in a
    soft brass-like tone (harmonics falling off gently)."""
    b = _Buf(sr, 1.15)
    table = _wavetable(BRASS)
    _note(b, table, 392.00, 0.0, 0.12, 0.8, 0.3, 0.03)
    _note(b, table, 523.25, 0.13, 0.12, 0.8, 0.3, 0.03)
    for f in (261.63, 329.63, 392.00, 523.25):
        _note(b, table, f, 0.27, 0.88, 0.6, 0.45, 0.03)
    return _finish(b, 0.75)


def synth_deny(sr: int) -> Signal:
    """Not allowed now, 150 ms: a soft low blip — a rounded 220 -> 170 Hz sine (with a
    little 2nd harmonic) under an 8 ms attack and a 50 ms decay: a gentle "nuh"."""
    b = _Buf(sr, 0.15)
    n = b.n
    env = _decay(sr, n, 0.05)
    att = min(n, _n(sr, 0.008))
    env[:att] = [v * j / att for j, v in enumerate(env[:att])]
    tone = list(map(operator.add, _glide(sr, 170.0, 50.0, 0.04, n),
                    (0.2 * v for v in _glide(sr, 170.0, 50.0, 0.04, n, 2.0))))
    b.add(_mul(tone, env))
    return _finish(b, 0.35)


SYNTHS: dict[str, Callable[[int], list[Signal]]] = {
    "click": lambda sr: [synth_click(sr)],
    "snap": lambda sr: [synth_snap(sr)],
    "pull": lambda sr: [synth_pull(sr)],
    "release": lambda sr: [synth_release(sr)],
    "land": lambda sr: [synth_land(sr, v) for v in range(len(LAND_VARIANTS))],
    "push": lambda sr: [synth_push(sr)],
    "complete": lambda sr: [synth_complete(sr)],
    "end": lambda sr: [synth_end(sr)],
    "deny": lambda sr: [synth_deny(sr)],
}


# --- encoding ------------------------------------------------------------------------------------

def encode(x: Signal, fmt: int, channels: int) -> array.array[Any]:
    """The mono signal as interleaved PCM in pygame's mixer format (get_init()[1]: -16
    signed 16-bit, 16 unsigned, -8/8, 32 float, -32 signed 32-bit), native byte order,
    the same on every channel. ValueError for a format it does not know."""
    if x and max(max(x), -min(x)) > 1.0:
        x = [max(-1.0, min(1.0, v)) for v in x]
    data: array.array[Any]
    if fmt == -16:
        data = array.array("h", [int(v * 32767.0) for v in x])
    elif fmt == 16:
        data = array.array("H", [int(v * 32767.0) + 32768 for v in x])
    elif fmt == -8:
        data = array.array("b", [int(v * 127.0) for v in x])
    elif fmt == 8:
        data = array.array("B", [int(v * 127.0) + 128 for v in x])
    elif fmt == 32:
        data = array.array("f", x)
    elif fmt == -32:
        data = array.array("i", [int(v * 2147483647.0) for v in x])
    else:
        raise ValueError(f"unknown mixer format {fmt}")
    if channels <= 1:
        return data
    out: array.array[Any] = array.array(data.typecode,
                                        bytes(len(data) * channels * data.itemsize))
    for c in range(channels):
        out[c::channels] = data  # the same sample on every channel, interleaved
    return out


_PCM: dict[tuple[int, int, int, str], list[bytes]] = {}  # (rate, fmt, channels, name)
_PCM_LOCK = threading.Lock()


def pcm(name: str, rate: int, fmt: int, channels: int) -> list[bytes]:
    """The effect's variants as raw PCM for that mixer format, made once per process (a
    warm-up thread and the main thread may ask together: the lock makes it once)."""
    key = (rate, fmt, channels, name)
    got = _PCM.get(key)
    if got is not None:
        return got
    with _PCM_LOCK:
        got = _PCM.get(key)
        if got is None:
            got = [encode(x, fmt, channels).tobytes() for x in SYNTHS[name](rate)]
            _PCM[key] = got
    return got


def warm(rate: int, fmt: int, channels: int) -> None:
    """Make every effect's PCM for that format (the bank runs this on a daemon thread)."""
    for name in EFFECTS:
        pcm(name, rate, fmt, channels)


# --- the bank ------------------------------------------------------------------------------------

MIXER_ERRORS = (pygame.error, OSError, ValueError, NotImplementedError, AttributeError,
                TypeError)  # what a missing, broken or quit mixer may raise


@dataclass
class _Slot:
    name: str = ""
    started: float = -1.0


class SoundBank:
    """The table's sound effects: `play(name)`, master volume (0..1) and mute.

    Opens the mixer if pygame.init() did not (and gives up quietly if it cannot). The PCM
    is synthesized off the start-up path: a daemon thread makes it (`warm_up=True`), and a
    `play` that comes first makes that one effect on the spot; each pygame Sound is built
    from it the first time it plays. With no mixer (`enabled` False) every call is a silent
    no-op; so is an effect whose Sound cannot be built."""

    def __init__(self, volume: float = 0.7, mute: bool = False, warm_up: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.volume = min(1.0, max(0.0, float(volume)))
        self.mute = bool(mute)
        self.clock = clock
        self.enabled = False
        self.spec: tuple[int, int, int] = (0, 0, 0)  # the mixer's (rate, format, channels)
        self.sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self.broken: set[str] = set()  # effects whose Sound could not be built (silent)
        self.channels: list[pygame.mixer.Channel] = []
        self.thread: threading.Thread | None = None
        self._slots: list[_Slot] = []
        self._last: dict[str, float] = {}
        self._turn: dict[str, int] = {}
        try:
            self._open()
        except MIXER_ERRORS:
            self.enabled = False
            self.channels = []
        if self.enabled and warm_up and not self.ready():
            self.thread = threading.Thread(target=warm, args=self.spec, name="sound-warm-up",
                                           daemon=True)
            self.thread.start()

    def _open(self) -> None:
        if pygame.mixer.get_init() is None:
            pygame.mixer.init()
        spec = pygame.mixer.get_init()
        if spec is None:
            return
        rate, fmt, chans = spec
        encode([0.0], fmt, chans)  # a format it cannot write: no sound at all
        self.spec = (rate, fmt, chans)
        if pygame.mixer.get_num_channels() < MAX_CHANNELS:
            pygame.mixer.set_num_channels(MAX_CHANNELS)
        self.channels = [pygame.mixer.Channel(i) for i in range(MAX_CHANNELS)]
        self._slots = [_Slot() for _ in self.channels]
        self.enabled = True

    def ready(self) -> bool:
        """Every effect's PCM is made for this mixer (nothing left to synthesize)."""
        return all((*self.spec, name) in _PCM for name in EFFECTS)

    def _variants(self, name: str) -> list[pygame.mixer.Sound]:
        """The effect's Sounds, built on first use ([] if they cannot be)."""
        got = self.sounds.get(name)
        if got is not None or name in self.broken:
            return got or []
        try:
            got = [pygame.mixer.Sound(buffer=b) for b in pcm(name, *self.spec)]
            for snd in got:
                snd.set_volume(self.level)
        except MIXER_ERRORS:
            self.broken.add(name)
            return []
        self.sounds[name] = got
        return got

    def build_all(self) -> None:
        """Build every effect's Sounds now (tests; a scene's prewarm)."""
        if self.enabled:
            for name in EFFECTS:
                self._variants(name)

    # --- settings ---------------------------------------------------------------------------
    @property
    def level(self) -> float:
        """The volume every sound plays at now (0 when muted)."""
        return 0.0 if self.mute else self.volume

    def configure(self, volume: float, mute: bool) -> None:
        """New master volume (clamped to 0..1) and mute, applied at once: to every Sound,
        so to those already playing too; muting or volume 0 also stops them."""
        self.volume = min(1.0, max(0.0, float(volume)))
        self.mute = bool(mute)
        if not self.enabled:
            return
        try:
            for variants in self.sounds.values():
                for snd in variants:
                    snd.set_volume(self.level)
            if self.level <= 0:
                for ch in self.channels:
                    ch.stop()
        except MIXER_ERRORS:
            self.enabled = False

    # --- playing ------------------------------------------------------------------------------
    def play(self, name: str | None) -> bool:
        """Start effect `name` (None or an unknown name: nothing). True if it started;
        False when silent: no mixer, muted or volume 0, the Sound could not be built, or
        the same effect started less than MIN_GAP seconds ago (a burst is thinned)."""
        if not self.enabled or name not in SYNTHS or self.level <= 0:
            return False
        now = self.clock()
        if now - self._last.get(name, -1e9) < MIN_GAP:
            return False
        variants = self._variants(name)
        if not variants:
            return False
        k = self._turn.get(name, 0)
        try:
            i = self._channel_for(name)
            ch = self.channels[i]
            ch.play(variants[k % len(variants)])
            ch.set_volume(1.0)
        except MIXER_ERRORS:
            return False
        self._turn[name] = k + 1
        self._slots[i] = _Slot(name, now)
        self._last[name] = now
        return True

    def play_event(self, event: Event) -> bool:
        """Play what `event` sounds like (effect_for): the table's one-line hook."""
        return self.play(effect_for(event))

    def _channel_for(self, name: str) -> int:
        """When PER_EFFECT copies of `name` already ring, the oldest of them; else a free
        channel; else the channel that started longest ago."""
        busy = [ch.get_busy() for ch in self.channels]
        mine = [i for i, s in enumerate(self._slots) if busy[i] and s.name == name]
        if len(mine) >= PER_EFFECT:
            return min(mine, key=lambda i: self._slots[i].started)
        free = [i for i, b in enumerate(busy) if not b]
        if free:
            return free[0]
        return min(range(len(self.channels)), key=lambda i: self._slots[i].started)

    def stop(self) -> None:
        """Silence everything playing now."""
        if not self.enabled:
            return
        try:
            for ch in self.channels:
                ch.stop()
        except MIXER_ERRORS:
            self.enabled = False

"""UI tests: the pymunk spring trapdoor of a Deploy (presentation only, seeded, draggable,
optional)."""

from __future__ import annotations

import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac import events as ev  # noqa: E402
from game.aac import settings as aac_settings  # noqa: E402
from game.aac import trapdoor  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.layout import fit  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402


def find_deploy3(first_seed: int = 10) -> tuple[int, int]:
    """(seed, random moves) such that the next random choice of that 2-player random game
    deploys 3 energies of one tile (found by search, so engine changes cannot stale it)."""
    for seed in range(first_seed, first_seed + 40):
        s = Session.mid_game(seed, 2, 0, humans=0)
        s.game.undo_enabled = False
        rng = random.Random(seed)
        for moves in range(20000):
            d = s.game.pending
            if d is None:
                break
            cid = rng.choice(d.choices).id
            if d.kind in ("deploy_tile", "deploy_energy", "action", "channel_position"):
                probe = s.game.clone()
                dep = deployed(probe.choose(cid))
                if len(dep) == 3 and len({e.src for e in dep}) == 1:
                    return seed, moves
            s.game.choose(cid)
    raise AssertionError("no 3-token deploy found")


def reach(seed: int, moves: int) -> tuple[Session, str]:
    s = Session.mid_game(seed, 2, 0, humans=0)
    rng = random.Random(seed)
    for _ in range(moves):
        d = s.game.pending
        assert d is not None
        s.apply(rng.choice(d.choices).id)
    d = s.game.pending
    assert d is not None
    return s, rng.choice(d.choices).id


@pytest.fixture(scope="module")
def deploy3() -> tuple[Session, str]:
    return reach(*find_deploy3())


def start(tmp_path, monkeypatch, deploy3, humans: bool = True, **settings):
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    s0, cid = deploy3
    s = Session(s0.game.clone(), [SeatSpec(human=humans) for _ in s0.seats])
    # the tests of the physics let a person's launch fire by itself (the setting on), except
    # where they say otherwise: the default waits for the pull (tests at the end)
    wanted = {"anim_speed": 1.0, "bot_delay": 0.0, "handoff_always": False,
              "trapdoor_autofire": True, "trapdoor_hint_seen": True, **settings}
    own = {k: v for k, v in wanted.items() if k.startswith("trapdoor_")}  # the game's section
    st = Settings(**{k: v for k, v in wanted.items() if k not in own})
    for k, v in own.items():
        setattr(aac_settings.of(st), k, v)
    app = App((1600, 900), st, persist=False, headless=True)
    app.start_session(s)
    app.step(1 / 60)
    return app, app.scene, s, cid


def deployed(events: list[ev.Event]) -> list[ev.TokenMoved]:
    return [e for e in events if isinstance(e, ev.TokenMoved) and e.reason == "deployed"]


def choose(t, s: Session, cid: str) -> list[ev.Event]:
    got: list[ev.Event] = []
    orig = s.apply

    def apply(choice_id: str) -> list[ev.Event]:
        got.extend(orig(choice_id))
        return got

    s.apply = apply  # type: ignore[method-assign]
    t.choose(cid)
    return got


def screen(app: App, vx: float, vy: float) -> tuple[int, int]:
    sc, ox, oy = fit(*app.window.get_size())
    return round(ox + vx * sc), round(oy + vy * sc)


def watch_settle(t) -> list[bool]:
    """Record, when the batch ends, whether the display model walked to the engine state."""
    seen: list[bool] = []
    orig = t._settle

    def settle() -> None:
        seen.append(t.shown.players == t.game.state.players)
        orig()

    t._settle = settle
    return seen


def test_deploy_launches_every_token_and_each_lands_on_its_destination(tmp_path, monkeypatch,
                                                                        deploy3):
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3)
    seen = watch_settle(t)
    events = choose(t, s, cid)
    dep = deployed(events)
    assert len(dep) == 3 and len({e.src for e in dep}) == 1
    assert t.trapdoor.created == 1
    la = t.trapdoor.launches[0]
    assert len(la.etypes) == len(dep) and la.events == dep
    heights: list[float] = []
    for _ in range(400):
        app.step(1 / 60)
        if la.time > 0 and not la.finished:
            heights.append(min(y for _, y in la.positions))
        if not t.animator.busy:
            break
    assert not t.animator.busy
    assert la.state == "fired" and not la.fired_by_player  # it fired on its own
    assert 0.24 <= la.fired_at <= 0.3
    assert min(heights) < la.slot_y - 40  # the tokens really flew up into the corral
    assert seen == [True]  # the flights landed them where the engine put them
    assert t.shown.players == s.game.state.players


def test_same_seed_same_trajectory_at_any_frame_rate():
    def run(key: str, dt: float, frames: int) -> list[list[tuple[float, float]]]:
        la = trapdoor.Launch(3, [0, 1, 2], (200, 60, 60), "square", key, False)
        out = []
        for _ in range(frames):
            la.advance(dt)
            out.append(list(la.positions))
        assert la.finished
        return out

    a = run("7:120:0:slot:3:top", 1 / 60, 60)
    b = run("7:120:0:slot:3:top", 1 / 120, 120)[1::2]  # sampled at the same instants
    assert a == b
    assert a == run("7:120:0:slot:3:top", 1 / 60, 60)
    assert a != run("7:121:0:slot:3:top", 1 / 60, 60)


def test_a_replay_of_the_same_deploy_flies_the_same(tmp_path, monkeypatch, deploy3):
    paths = []
    for k in range(2):
        app, t, s, cid = start(tmp_path / str(k), monkeypatch, deploy3)
        choose(t, s, cid)
        la = t.trapdoor.launches[0]
        path = []
        for _ in range(40):
            app.step(1 / 60)
            path.append(tuple(la.positions))
        paths.append((la.seed_key, path))
        app.bot_worker.stop()
    assert paths[0] == paths[1]


def test_dragging_the_plunger_back_and_letting_go_fires_it(tmp_path, monkeypatch, deploy3):
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3)
    choose(t, s, cid)
    la = t.trapdoor.launches[0]
    app.step(1 / 60)
    assert la.can_drag and la.state == "held"
    r = la.handle_rect()
    x, y = r.centerx, r.top + 12
    held = [True]
    monkeypatch.setattr(pygame.mouse, "get_pressed", lambda *a, **k: (held[0], False, False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen(app, x, y),
                                         button=1))
    app.step(1 / 60)
    assert la.state == "dragging" and not t.driver.queued  # the press went to the plunger
    for k in range(1, 31):  # pull it back slowly, for half a second: no auto-fire meanwhile
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen(app, x, y + k),
                                             rel=(0, 1), buttons=(1, 0, 0)))
        app.step(1 / 60)
    assert la.state == "dragging" and la.pull == trapdoor.P_MAX
    held[0] = False
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=screen(app, x, y + 30),
                                         button=1))
    app.step(1 / 60)
    assert la.state == "fired" and la.fired_by_player and la.fired_at > trapdoor.HOLD
    for _ in range(400):
        app.step(1 / 60)
        if not t.animator.busy:
            break
    assert t.shown.players == s.game.state.players


def test_a_bots_trapdoor_fires_on_its_own_and_cannot_be_grabbed(tmp_path, monkeypatch,
                                                                 deploy3):
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3, humans=False)
    t.choose(cid)
    la = t.trapdoor.launches[0]
    t.animator.update(1 / 60)
    r = la.handle_rect()
    t.mouse_down(r.centerx, r.top + 12, 1)
    assert not la.can_drag and la.state == "held" and t.trapdoor.dragging is None
    t.driver.queued.clear()
    t.animator.skip()  # Space: the whole batch ends at once
    assert t.shown.players == s.game.state.players
    app.bot_worker.stop()


@pytest.mark.parametrize("settings", [{"trapdoor_physics": False}, {"anim_speed": 0.0}])
def test_setting_off_or_instant_animations_use_no_physics(tmp_path, monkeypatch, deploy3,
                                                          settings):
    import pymunk

    def boom(*a, **k):
        raise AssertionError("pymunk used")

    monkeypatch.setattr(pymunk.Space, "__init__", boom)
    monkeypatch.setattr(pymunk.Body, "__init__", boom)
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3, **settings)
    seen = watch_settle(t)
    choose(t, s, cid)
    assert t.trapdoor.created == 0
    if settings.get("anim_speed", 1.0) > 0:
        assert t.animator.busy  # the plain flight plays instead
    for _ in range(200):
        app.step(1 / 60)
        if not t.animator.busy:
            break
    assert not t.animator.busy and t.shown.players == s.game.state.players
    if settings.get("anim_speed", 1.0) > 0:
        assert seen == [True]  # the plain flights walked the display model to the engine's


# --- a person's launch waits for their pull (issue 12, item 5) ------------------------------------


def test_a_persons_launch_waits_for_the_pull(tmp_path, monkeypatch, deploy3):
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3, trapdoor_autofire=False)
    choose(t, s, cid)
    la = t.trapdoor.launches[0]
    for _ in range(300):  # five seconds: it never fires by itself
        app.step(1 / 60)
    assert la.waiting and la.state == "held" and t.animator.busy
    assert t.trapdoor.waiting() is la and t.fire_button.visible


def test_fire_for_me_launches_a_waiting_plunger(tmp_path, monkeypatch, deploy3):
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3, trapdoor_autofire=False)
    choose(t, s, cid)
    la = t.trapdoor.launches[0]
    app.step(1 / 60)
    app.step(1 / 60)
    r = t.fire_button.world_rect()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen(app, r.centerx,
                                                                           r.centery), button=1))
    app.step(1 / 60)
    assert la.state == "fired" and la.fired_by_player
    for _ in range(400):
        app.step(1 / 60)
        if not t.animator.busy:
            break
    assert not t.animator.busy and t.shown.players == s.game.state.players


def test_the_first_launch_explains_the_plunger_until_it_is_pulled(tmp_path, monkeypatch,
                                                                  deploy3):
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3, trapdoor_autofire=False,
                           trapdoor_hint_seen=False)
    choose(t, s, cid)
    la = t.trapdoor.launches[0]
    app.step(1 / 60)
    app.step(1 / 60)
    assert t.launch_hint.visible
    r = la.handle_rect()
    t.mouse_down(r.centerx, r.top + 12, 1)
    assert aac_settings.of(app.settings).trapdoor_hint_seen
    app.step(1 / 60)
    assert not t.launch_hint.visible


def test_a_bots_deploy_plays_on_the_deploying_seats_device(tmp_path, monkeypatch, deploy3):
    """The device view follows the deploying seat for its launch, then goes back."""
    app, t, s, cid = start(tmp_path, monkeypatch, deploy3, humans=False)
    owner = s.game.pending.seat
    other = 1 - owner
    t.device.refresh(other)  # someone else's device on screen
    t.choose(cid)
    assert t.trapdoor.created == 1  # the launch plays although another device was shown
    for _ in range(20):
        app.step(1 / 60)
    assert t.device.seat == owner
    t.animator.skip()
    assert t.shown.players == s.game.state.players
    app.bot_worker.stop()

"""Age of Reason's table, piece by piece: the pymunk dice land on the engine's values inside
their tray; hovering an area tells its ranking now, what each place would score and who may
attack there; a click on something that is not an answer says why; the table asks for no
frames while nobody moves (the idle rules of FRONTEND.md)."""

from __future__ import annotations

import pygame
import pytest

from engine.aor.api import area_ranking, tables
from game.aor import pieces
from game.aor.dice import MAX_TIME, SUBSTEP, DiceRoll
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.aor.spots import Spot
from game.shell.app import TOOLTIP_DELAY, App
from game.shell.layout import fit

TRAY = (100.0, 100.0, 236.0, 140.0)


@pytest.mark.parametrize("seed", range(6))
def test_dice_come_to_rest_on_the_engines_values_inside_the_tray(seed: int) -> None:
    values = [(seed + k * 5) % 6 + 1 for k in range(4)]
    colours = [pieces.ATTACK_DIE] * 2 + [pieces.DEFEND_DIE] * 2
    roll = DiceRoll(TRAY, values, colours, seed, quiet=True)
    mid_faces = []
    steps = 0
    while not roll.finished:
        roll.advance(1 / 60)
        steps += 1
        if steps == 6:
            mid_faces = list(roll.faces)
        assert steps * (1 / 60) <= MAX_TIME + SUBSTEP * 2
    assert roll.faces == values  # physics shows the path; the engine decided the values
    assert mid_faces and roll.time > 0.3  # they really tumbled first
    x, y, w, h = TRAY
    for px, py in roll.positions():
        assert x < px < x + w and y < py < y + h
    again = DiceRoll(TRAY, values, colours, seed, quiet=True)
    while not again.finished:
        again.advance(1 / 60)
    assert again.positions() == roll.positions()  # a replay looks the same


def table_at(app: App, seed: int, players: int, moves: int) -> TableScene:
    s = AorSession.mid_game(seed, players, moves, humans=1)
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    assert isinstance(t, TableScene)
    return t


def hover(app: App, vx: float, vy: float) -> str:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(round(TOOLTIP_DELAY * 60) + 3):
        app.step(1 / 60, draw=False)
    return app.scene.tooltip_for(app.hovered)


def test_hovering_an_area_tells_its_ranking_and_who_may_attack(app: App) -> None:
    t = table_at(app, 5, 4, 40)
    s = t.game.state
    tb = tables()
    aid = max(tb.areas, key=lambda a: sum(s.discs[tb.area_index[a]]))
    ranks = area_ranking(s, aid)
    assert ranks
    spot = next(n for n in t.map_view.walk() if isinstance(n, Spot) and n.target == aid)
    r = spot.world_rect()
    tip = hover(app, r.centerx, r.centery)
    assert "If scored now: first " in tip, tip
    _, _, _, vp = ranks[0]
    assert f"{vp} VP" in tip or "scores 0" in tip
    assert "Who may attack here" in tip or "Not:" in tip, tip


def test_a_click_on_a_wrong_thing_says_why(app: App) -> None:
    t = table_at(app, 5, 4, 40)
    d = t.pending
    assert d is not None and d.kind == "box"
    legal = t.hotspots.legal
    wrong = [n for n in t.actions.walk() if isinstance(n, Spot) and n.target.startswith(
        "space_") and n.target not in legal and tables().space_box[n.target] not in legal
        and t.hotspots.on_screen(n)]
    assert wrong
    r = wrong[0].world_rect()
    before = len(t.game.history)
    t.mouse_down(r.centerx, r.centery, 1)
    assert len(t.game.history) == before
    assert t.message.startswith("Not now: "), t.message
    assert len(t.message) > len("Not now: ") + 10


@pytest.mark.app(anim_speed=1.0)
@pytest.mark.parametrize("seed,players,moves", [(3, 3, 2), (5, 4, 40), (8, 7, 90)])
def test_the_table_at_rest_asks_for_no_frames(app: App, seed: int, players: int,
                                              moves: int) -> None:
    """A person deciding: the legal targets pulse for a few seconds, then the table sleeps
    until the next input (at the auction, the actions and the combat stage)."""
    t = table_at(app, seed, players, moves)
    assert app.frame_rate() > 0  # the pulse (or the opening animation) first
    for _ in range(60 * 6):
        app.step(1 / 60, draw=False)
    d = t.pending
    assert d is not None and t.session.is_human(d.seat)
    assert app.frame_rate() == 0, [(type(n).__name__, n.frame_rate()) for n in t.walk()
                                   if n.frame_rate() > 0]


def post(app: App, kind: int, vx: float, vy: float, **kw: object) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    if kind == pygame.MOUSEMOTION:
        kw = {"rel": (0, 0), "buttons": (1, 0, 0), **kw}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **kw))


def test_the_map_zooms_with_the_wheel_and_pans_with_a_drag(app: App) -> None:
    t = table_at(app, 5, 4, 40)
    m = t.map_view
    cx, cy = m.x + 300, m.y + 200
    post(app, pygame.MOUSEMOTION, cx, cy)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    app.step(1 / 60)
    assert m.zoom > 1.2
    x0, y0 = m.view_x, m.view_y
    history = len(t.game.history)
    post(app, pygame.MOUSEBUTTONDOWN, cx, cy, button=1)
    post(app, pygame.MOUSEMOTION, cx - 120, cy - 60)
    app.step(1 / 60)
    post(app, pygame.MOUSEBUTTONUP, cx - 120, cy - 60, button=1)
    app.step(1 / 60)
    assert m.view_x > x0 and m.view_y > y0  # the map followed the pointer
    assert len(t.game.history) == history  # a pan chooses nothing


def test_a_country_dragged_into_box_a(app: App) -> None:
    t = table_at(app, 3, 3, 2)
    d = t.pending
    assert d is not None and d.kind == "bid" and t.auction.bidding()
    st = t.auction.status()
    assert st is not None
    cid = st.unallied[0]
    src = t.hotspots.spots[f"unallied:{cid}"][0].world_rect()
    box_a = t.hotspots.spots["proposal:a"][0].world_rect()
    post(app, pygame.MOUSEMOTION, src.centerx, src.centery, buttons=(0, 0, 0))
    post(app, pygame.MOUSEBUTTONDOWN, src.centerx, src.centery, button=1)
    post(app, pygame.MOUSEMOTION, box_a.centerx, box_a.centery)
    app.step(1 / 60)
    post(app, pygame.MOUSEBUTTONUP, box_a.centerx, box_a.centery, button=1)
    app.step(1 / 60)
    assert t.drag is None
    assert t.auction.draft[0] == tables().country_index[cid]
    assert t.alliance.draft is not None and t.alliance.draft[0] == tables().country_index[cid]


def test_the_hint_says_in_one_line_what_the_hard_bot_would_choose(app: App) -> None:
    """The hint (H) asks the hard bot for the person's decision in a thread and says
    its choice in the words of the choice itself; the game is not changed by it."""
    t = table_at(app, 5, 4, 40)
    d = t.game.pending
    assert d is not None and t.session.is_human(d.seat)
    history = list(t.game.history)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step(1 / 60)
    assert t.message == "Thinking of a hint\u2026"
    assert t._hint_thread is not None
    t._hint_thread.join(30)
    app.step(1 / 60)
    assert t._hint_thread is None
    assert t.message.startswith("Hint (hard bot): "), t.message
    said = t.message.removeprefix("Hint (hard bot): ")
    assert said in [c.label for c in d.choices]
    assert "\n" not in t.message and t.game.history == history and t.game.pending is d

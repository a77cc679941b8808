"""The living board (issue 12, items 1, 2 and 6): monuments drawn large as 2.5-D stacks that
fit their regions, zoom and pan that keep hit testing exact, the section snap that ends with
the engine's monuments on the table, and figures that walk their path space by space."""

from __future__ import annotations

import math
import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac import events as ev  # noqa: E402
from engine.aac.core import Ctx  # noqa: E402
from engine.aac.rules.endturn import deconstruct  # noqa: E402
from game.aac import board_geometry, fx  # noqa: E402
from game.aac.board_geometry import geometry  # noqa: E402
from game.aac.board_view import BOARD_S, BOARD_X, BOARD_Y, SQUARE  # noqa: E402
from game.aac.session import AacSession as Session  # noqa: E402
from game.aac.targets import Hotspot  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.layout import fit  # noqa: E402
from game.shell.session import SeatSpec  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.layout_scan import scan  # noqa: E402


def make_app(tmp_path, monkeypatch, size=(1280, 720), speed=0.0) -> App:
    monkeypatch.setenv("AAC_HOME", str(tmp_path))
    return App(size, Settings(anim_speed=speed, bot_delay=0.0), persist=False, headless=True)


pytestmark = pytest.mark.app(size=(1280, 720))

def screen(app: App, vx: float, vy: float) -> tuple[int, int]:
    s, ox, oy = fit(*app.window.get_size())
    return round(ox + vx * s), round(oy + vy * s)


def post(app: App, kind: int, vx: float, vy: float, **kw) -> None:
    pos = screen(app, vx, vy)
    if kind == pygame.MOUSEMOTION:
        kw.setdefault("rel", (0, 0))
        kw.setdefault("buttons", (0, 0, 0))
    pygame.event.post(pygame.event.Event(kind, pos=pos, **kw))


def move(app: App, vx: float, vy: float) -> None:
    post(app, pygame.MOUSEMOTION, vx, vy)
    app.step(1 / 60)


def wheel(app: App, vx: float, vy: float, clicks: int) -> None:
    post(app, pygame.MOUSEMOTION, vx, vy)
    for _ in range(abs(clicks)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if clicks > 0 else -1))
    app.step(1 / 60)


def click(app: App, vx: float, vy: float, button: int = 1) -> None:
    post(app, pygame.MOUSEMOTION, vx, vy)
    post(app, pygame.MOUSEBUTTONDOWN, vx, vy, button=button)
    post(app, pygame.MOUSEBUTTONUP, vx, vy, button=button)
    app.step(1 / 60)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(1 / 60)


def centre(node) -> tuple[float, float]:
    r = node.world_rect()
    return r.x + r.w / 2, r.y + r.h / 2


def movement_session(seed: int = 5) -> Session:
    """A real game (one human, random choices) up to a decision of the human's whose
    choices point at path spaces (a movement step)."""
    s = Session.new([SeatSpec(True), SeatSpec(False, "random")], seed)
    rng = random.Random(seed)
    spaces = geometry().spaces
    for _ in range(5000):
        d = s.game.pending
        assert d is not None
        if s.is_human(d.seat) and sum(1 for c in d.choices for t in c.targets
                                      if t in spaces and spaces[t].kind in ("path", "start")) >= 2:
            return s
        s.apply(rng.choice(d.choices).id)
    raise AssertionError("no movement decision found")


def space_targets(t) -> dict[str, str]:
    """Path-space targets of the pending decision that exactly one choice answers."""
    out: dict[str, list[str]] = {}
    for c in t.pending.choices:
        for tg in c.targets:
            if tg in geometry().spaces:
                out.setdefault(tg, []).append(c.id)
    return {tg: ids[0] for tg, ids in out.items() if len(ids) == 1}


# --- zoom and pan -------------------------------------------------------------------------------
def test_zoom_keeps_hit_testing_exact(app):
    s = movement_session()
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    targets = space_targets(t)
    assert targets, "the movement decision has single-choice space targets"
    target, choice = sorted(targets.items())[0]
    spot = next(sp for sp in t.spots[target] if sp.parent is t.board)
    before = spot.world_rect()
    cx, cy = centre(spot)
    b = t.board
    move(app, cx, cy)
    under = b.to_local(*app.mouse_v)
    wheel(app, cx, cy, 4)  # zoom in around the space: 1.25 ** 4
    assert b.zoom == pytest.approx(1.25 ** 4)
    assert b.scale == pytest.approx(BOARD_S * b.zoom)
    after = spot.world_rect()
    assert after.w == pytest.approx(before.w * b.zoom, abs=2)
    # the board point under the pointer stayed under it
    assert b.to_local(*app.mouse_v) == pytest.approx(under, abs=1e-6)
    assert b.to_local(*centre(spot)) == pytest.approx(geometry().xy(target), abs=0.5)
    # a click on the zoomed space picks that space's choice, and nothing before the release
    n = len(s.game.history)
    click(app, *centre(spot))
    assert len(s.game.history) == n + 1
    assert s.game.history[-1] == choice


def test_a_click_on_another_zoomed_space_picks_it(app):
    s = movement_session(seed=9)
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    targets = space_targets(t)
    names = sorted(targets)
    assert len(names) >= 1
    # zoom in at the square's centre, then click a legal space the zoomed map still shows
    wheel(app, BOARD_X + SQUARE / 2, BOARD_Y + SQUARE / 2, 3)
    shown = [(tg, p) for tg, p in t.legal_points() if tg in targets]
    if not shown:  # the legal spaces are out of the square: pan to the first one
        first = next(sp for sp in t.spots[names[0]] if sp.parent is t.board)
        x, y = geometry().xy(names[0])
        span = t.board.span
        t.board.set_view(t.board.zoom, x - span / 2, y - span / 2)
        app.step(1 / 60)
        assert first.visible
        shown = [(tg, p) for tg, p in t.legal_points() if tg in targets]
    tg, (px, py) = shown[0]
    assert t.board.sees(px, py)
    hit = t.hover_node(px, py)
    assert isinstance(hit, Hotspot) and hit.target == tg
    click(app, px, py)
    assert s.game.history[-1] == targets[tg]


def test_dragging_pans_and_does_not_click(app, monkeypatch):
    s = movement_session()
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    target = sorted(space_targets(t))[0]
    spot = next(sp for sp in t.spots[target] if sp.parent is t.board)
    wheel(app, *centre(spot), 3)
    b = t.board
    x0, y0 = centre(spot)
    view0 = (b.view_x, b.view_y)
    n = len(s.game.history)
    held = [True, False, False]
    monkeypatch.setattr(pygame.mouse, "get_pressed", lambda *a, **k: tuple(held))
    post(app, pygame.MOUSEMOTION, x0, y0)
    post(app, pygame.MOUSEBUTTONDOWN, x0, y0, button=1)
    app.step(1 / 60)
    for k in range(1, 7):  # drag 60 virtual units right and 30 down, in steps
        move(app, x0 + 10 * k, y0 + 5 * k)
    assert b.dragging
    held[0] = False
    post(app, pygame.MOUSEBUTTONUP, x0 + 60, y0 + 30, button=1)
    app.step(1 / 60)
    assert len(s.game.history) == n, "a drag is no click"
    assert not b.dragging
    assert b.view_x == pytest.approx(view0[0] - 60 / b.scale, abs=1e-6)
    assert b.view_y == pytest.approx(view0[1] - 30 / b.scale, abs=1e-6)
    # the map moved with the pointer: the space is under it again
    assert math.dist(centre(spot), (x0 + 60, y0 + 30)) < 2.5
    # the middle button pans too (and never clicks)
    held[1] = True
    post(app, pygame.MOUSEBUTTONDOWN, x0 + 60, y0 + 30, button=2)
    app.step(1 / 60)
    move(app, x0 + 20, y0 + 30)
    held[1] = False
    app.step(1 / 60)
    assert len(s.game.history) == n
    assert math.dist(centre(spot), (x0 + 20, y0 + 30)) < 2.5
    # a press that does not move is a click, on release
    move(app, *centre(spot))
    held[0] = True
    post(app, pygame.MOUSEBUTTONDOWN, *centre(spot), button=1)
    app.step(1 / 60)
    assert len(s.game.history) == n, "nothing yet: the press might become a drag"
    held[0] = False
    app.step(1 / 60)
    assert len(s.game.history) == n + 1


def test_home_and_the_button_reset_the_zoom(app):
    s = movement_session()
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    b = t.board
    rects = {id(sp): tuple(sp.world_rect()) for sp in b.children if isinstance(sp, Hotspot)}
    wheel(app, 300, 300, 5)
    assert b.zoom == pytest.approx(3.0)
    assert not all(sp.visible for sp in b.children if isinstance(sp, Hotspot)), \
        "zoomed in, what the square does not show is hidden"
    key(app, pygame.K_HOME)
    assert (b.zoom, b.x, b.y, b.scale) == (1.0, BOARD_X, BOARD_Y, BOARD_S)
    assert {id(sp): tuple(sp.world_rect()) for sp in b.children
            if isinstance(sp, Hotspot)} == rects
    wheel(app, 500, 500, 2)
    assert b.zoom > 1 and b.zoom_reset.visible
    click(app, *centre(b.zoom_reset))
    assert b.zoom == 1.0 and not b.zoom_reset.visible
    key(app, pygame.K_EQUALS)  # "+" zooms in around the square's centre
    assert b.zoom == pytest.approx(1.25)
    key(app, pygame.K_0)
    assert b.zoom == 1.0
    # the wheel over the right column is not the map's
    wheel(app, 1200, 300, 2)
    assert b.zoom == 1.0


def test_zoomed_hit_testing_stops_at_the_square(app):
    app.start_session(movement_session())
    app.step(1 / 60)
    t = app.scene
    b = t.board
    wheel(app, BOARD_X + 20, BOARD_Y + 20, 5)  # the top-left corner, at 3x
    for sp in b.children:
        if isinstance(sp, Hotspot) and sp.visible:
            cx, cy = centre(sp)
            assert b.sees(cx, cy), f"{sp.target} answers outside the map square"
    # a board point panned out of the square (right of it) answers nothing
    east = next(sp for sp in b.children if isinstance(sp, Hotspot) and sp.target == "sp_east_start")
    assert not east.visible
    assert t.hover_node(*centre(east)) is not east


def test_zoomed_table_fits_and_redraws_sharp(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    try:
        a.start_session(Session.mid_game(33, 3, 300))
        a.step(1 / 60)
        t = a.scene
        wheel(a, 430, 420, 4)
        for _ in range(20):  # past the wheel burst: the zoomed picture is redrawn at its scale
            a.step(1 / 60)
        b = t.board
        s, _, _ = fit(*a.window.get_size())
        assert b._pic_scale == pytest.approx(s * b.scale)
        problems = scan(a)
        assert not problems, "\n".join(problems)
    finally:
        a.bot_worker.stop()


# --- monuments ------------------------------------------------------------------------------------
MONUMENT_KINDS = ("monument", "perk", "section", "bonus", "bonus_tile", "patron", "pillar",
                  "bound")


def _region_of(target: str) -> str:
    g = geometry()
    kind, _, rest = target.partition(":")
    if kind == "pillar":
        return g.pillar_region[rest]
    if kind == "bound":
        return rest
    if kind == "bonus_tile":
        raise KeyError
    mid = rest.split(":")[0]
    return g.by_monument[mid].region


def _shape(sp: Hotspot) -> tuple[str, float, float, float, float]:
    if sp.round:
        return ("circle", sp.x + sp.w / 2, sp.y + sp.h / 2, sp.w / 2, 0.0)
    return ("rect", sp.x, sp.y, sp.w, sp.h)


def _dist_to(shape, p: tuple[float, float]) -> float:
    """Distance from point p to the shape's edge (negative: p inside)."""
    if shape[0] == "circle":
        return math.dist(p, shape[1:3]) - shape[3]
    return board_geometry.rect_dist(p, shape[1:5])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_monument_pieces_fit_their_regions(app, players):
    """Every hotspot of a monument (its stack, section spaces, bonus tile, patron token) and
    of its region's pillar spaces and bound area lies inside the region's ring, overlaps no
    path or bridge space, and the pieces do not overlap each other; at every height of the
    stack the open section's spaces stay on the stack."""
    app.start_session(Session.new([SeatSpec(False, "random")] * players, 40 + players))
    app.step(1 / 60)
    t = app.scene
    g = geometry()
    space_r = board_geometry.SPACE_R + 3
    pieces: dict[str, list[tuple[str, tuple]]] = {}
    checked = 0
    for sp in t.board.children:
        if not isinstance(sp, Hotspot) or sp.target.split(":")[0] not in MONUMENT_KINDS:
            continue
        kind = sp.target.split(":")[0]
        if kind == "bonus_tile":
            continue  # the same place as bonus:<monument>
        region = g.regions[_region_of(sp.target)]
        c = (region.centroid.x, region.centroid.y)
        shape = _shape(sp)
        corners = [(shape[1], shape[2]), (shape[1] + shape[3], shape[2]),
                   (shape[1], shape[2] + shape[4]), (shape[1] + shape[3], shape[2] + shape[4])]
        far = math.dist(shape[1:3], c) + shape[3] if shape[0] == "circle" else \
            max(math.dist(p, c) for p in corners)
        assert far <= region.draw_radius, f"{sp.target} leaves {region.name}"
        for sid, s in g.spaces.items():
            d = _dist_to(shape, (s.x, s.y))
            assert d >= space_r, f"{sp.target} overlaps the space {sid} ({d:.1f})"
        checked += 1
        if kind != "section" and kind != "perk":
            pieces.setdefault(region.id, []).append((sp.target, shape))
    assert checked >= 8 * (players + 1)
    for rid, group in pieces.items():
        for i, (a, sa) in enumerate(group):
            for b, sb in group[i + 1:]:
                if sa[0] == "circle" and sb[0] == "circle":
                    gap = math.dist(sa[1:3], sb[1:3]) - sa[3] - sb[3]
                else:
                    circ, rect = (sa, sb) if sa[0] == "circle" else (sb, sa)
                    if circ[0] != "circle":
                        continue  # monument and perk share the stack's rectangle
                    gap = _dist_to(rect, circ[1:3]) - circ[3]
                assert gap >= 0, f"{a} and {b} overlap in {rid}"
    for lay in g.layout.values():  # the open section's spaces, at every stack height
        sec = lay.spec
        sizes = {len(d.symbols) for d in t.rules.sections.values() if d.monument == lay.monument}
        for built in range(lay.sections):
            for n in sizes:
                for x, y in lay.space_points(n, built + 1):
                    assert board_geometry.rect_dist((x, y), lay.rect) == 0.0
                    assert lay.x + sec.r <= x <= lay.x + lay.w - sec.r
                    assert lay.y <= y - sec.r


def test_energy_spaces_are_larger_with_symbols(app):
    """The open section's spaces are 1.5x (outer) / 1.75x (central) the old radius (more
    than twice the area) and an empty one shows the energy symbol it wants."""
    assert board_geometry.OUTER.r >= 1.5 * board_geometry.OLD_SPACE_R
    assert board_geometry.CENTRE.r >= 1.75 * board_geometry.OLD_SPACE_R
    app.start_session(Session.new([SeatSpec(True), SeatSpec(False)], 3))
    app.step(1 / 60)
    t = app.scene
    mid = next(iter(t.shown.monuments))
    spots = [sp for sp in t.board.children if isinstance(sp, Hotspot)
             and sp.target.startswith(f"section:{mid}:")]
    sec = t.rules.sections[t.shown.monuments[mid].stack[0]]
    assert len(spots) == len(sec.symbols)
    lay = geometry().by_monument[mid]
    assert all(sp.w == pytest.approx(2 * lay.spec.r) for sp in spots)
    from engine.aac.names import energy

    for i, sp in enumerate(spots):
        assert f"({energy(sec.symbols[i])} space)" in sp.tooltip()


def test_hovering_a_monument_opens_its_card(app):
    app.start_session(Session.mid_game(7, 4, 1500))
    app.step(1 / 60)
    t = app.scene
    mid = next(m for m, st in t.shown.monuments.items() if st.built)
    lay = geometry().by_monument[mid]
    vx, vy = t.board.virtual(lay.x + lay.w - 4, lay.y + 4)
    move(app, vx, vy)
    assert t.board.card.showing() == "", "not at once"
    for _ in range(45):
        app.step(1 / 60)
    assert t.board.card.showing() == mid
    rows = t.board.card.rows(mid)
    m = t.shown.monuments[mid]
    assert [sec for _, sec, _ in rows] == m.built + m.stack
    assert [state for state, _, _ in rows][:len(m.built) + 1] == ["built"] * len(m.built) + \
        ["open"]
    problems = scan(app, tooltip_at=(vx, vy))
    assert not problems, "\n".join(problems)
    from game.shell.scenegraph import TextLog

    TextLog.records = []
    try:
        app.render()
        texts = " ".join(r.text for r in TextLog.records)
    finally:
        TextLog.records = None
    assert t.rules.names[mid] in texts
    for _, _, sec in rows:
        assert sec.perk_text.split()[0] in texts
    cx, cy, cw, ch = t.board.card.rect
    card = pygame.Rect(round(cx), round(cy), round(cw), round(ch))
    stack = pygame.Rect(*map(round, t.board.virtual(lay.x, lay.y)),
                        round(lay.w * t.board.scale), round(lay.h * t.board.scale))
    assert not card.colliderect(stack), "the card does not cover its monument"


# --- the snap -------------------------------------------------------------------------------------
def _until(s: Session, rng: random.Random, want) -> tuple[str, list[ev.Event]]:
    """Random choices until one whose events satisfy `want`; the session stops before it."""
    for _ in range(20000):
        d = s.game.pending
        assert d is not None
        cid = rng.choice(d.choices).id
        probe = s.game.clone()
        events = probe.choose(cid)
        if want(events):
            return cid, events
        s.apply(cid)
    raise AssertionError("not found")


def _monuments(state) -> dict:
    return {k: (m.stack, m.built, m.spaces, m.completed, m.bonus, m.patron)
            for k, m in state.monuments.items()}


def test_section_snap_ends_with_the_engines_monuments(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, speed=1.0)
    played: list[str] = []
    monkeypatch.setattr(a.sound, "play", lambda name: played.append(name) or True)
    try:
        s = Session.new([SeatSpec(True)] * 2, 1)  # people: the table waits for them
        cid, _ = _until(s, random.Random(1), lambda evs: any(
            isinstance(e, ev.SectionConstructed) and e.next_section for e in evs))
        a.start_session(s)
        a.step(1 / 60)
        t = a.scene
        old = t.shown
        events = s.apply(cid)  # the engine moves on; the table animates the events itself
        con = next(e for e in events if isinstance(e, ev.SectionConstructed))
        t.animate(events, old)
        seen_anim = snapped_while_animating = False
        for _ in range(600):
            a.step(1 / 60)
            if con.monument in t.board.anims:
                seen_anim = True
                if "snap" in played:
                    snapped_while_animating = True
                    a.screenshot(str(tmp_path / "snap.png"))  # draws mid-animation
            if not t.animator.busy:
                break
        assert seen_anim and snapped_while_animating
        assert not t.animator.busy and not t.board.anims
        # no settle happened (animate was called directly): the display model alone got here
        assert _monuments(t.shown) == _monuments(s.game.state)
        m = t.shown.monuments[con.monument]
        assert m.built[-1] == con.section and m.stack[0] == con.next_section
    finally:
        a.bot_worker.stop()


def test_a_skipped_snap_also_ends_with_the_engines_monuments(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, speed=1.0)
    try:
        s = Session.new([SeatSpec(True)] * 2, 2)
        cid, _ = _until(s, random.Random(2), lambda evs: any(
            isinstance(e, ev.SectionConstructed) for e in evs))
        a.start_session(s)
        a.step(1 / 60)
        t = a.scene
        old = t.shown
        events = s.apply(cid)
        t.animate(events, old)
        for _ in range(3):
            a.step(1 / 60)
        t.animator.skip()
        assert not t.board.anims
        assert _monuments(t.shown) == _monuments(s.game.state)
    finally:
        a.bot_worker.stop()


def test_deconstruction_pulls_a_section_off(tmp_path, monkeypatch):
    """Chronari's Entropy (R25.6.3) deconstructs a constructed section to the bottom of its
    monument's stack: the animation ends with the table showing the engine's monument."""
    a = make_app(tmp_path, monkeypatch, speed=1.0)
    played: list[str] = []
    monkeypatch.setattr(a.sound, "play", lambda name: played.append(name) or True)
    try:
        s = Session.new([SeatSpec(True)] * 2, 1)
        rng = random.Random(1)
        for _ in range(20000):  # play on until some monument has two constructed sections
            if any(len(m.built) >= 2 for m in s.game.state.monuments.values()):
                break
            s.apply(rng.choice(s.game.pending.choices).id)
        mid, m = next((k, m) for k, m in s.game.state.monuments.items() if len(m.built) >= 2)
        a.start_session(s)
        a.step(1 / 60)
        t = a.scene
        ctx = Ctx(s.game.state, s.rules)
        deconstruct(ctx, mid, m.built[0])  # the lowest one: the rest drop a slab
        assert [type(e) for e in ctx.events] == [ev.SectionDeconstructed]
        t.animate(ctx.events, None)
        seen = False
        for _ in range(300):
            a.step(1 / 60)
            seen = seen or mid in t.board.anims
            if not t.animator.busy:
                break
        assert seen and "snap" in played
        assert _monuments(t.shown) == _monuments(s.game.state)
    finally:
        a.bot_worker.stop()


# --- figures --------------------------------------------------------------------------------------
def _path_positions(walk: fx.Walk, samples: int = 600) -> list[tuple[float, float]]:
    return [walk.pose(i / samples)[:2] for i in range(samples + 1)]


def _visits(walk: fx.Walk, points: list[tuple[float, float]]) -> list[int]:
    """For each point, the first sample index where the walk passes within 0.5 units."""
    pos = _path_positions(walk)
    out = []
    start = 0
    for p in points:
        k = next(i for i in range(start, len(pos)) if math.dist(pos[i], p) < 0.5)
        out.append(k)
        start = k
    return out


def test_figures_walk_space_by_space(app):
    app.start_session(Session.new([SeatSpec(False, "random")] * 3, 8))
    app.step(1 / 60)
    t = app.scene
    g = geometry()
    me = t.shown.players[0]
    ring = ["sp_north_in", "sp_north_in_cw", "sp_north_mid_cw", "sp_north_out_cw"]
    for p in t.shown.players:
        p.figure = "sp_west_start"
    me.figure, me.behind = ring[0], "sp_north_in_ccw"
    walk = t.board.figure_walk(ev.FigureMoved(0, tuple(ring), ring[-2]))
    assert walk.duration == pytest.approx(3 * fx.STEP_S)
    pts = [g.xy(sp) for sp in ring]
    visits = _visits(walk, pts)
    assert visits == sorted(visits) and len(set(visits)) == len(visits), "in order"
    # between two spaces the figure faces the next one
    for i in range(3):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        _, _, ang, _ = walk.pose((i + 0.5) / 3)
        want = math.degrees(math.atan2(y1 - y0, x1 - x0))
        assert abs((ang - want + 180) % 360 - 180) < 1


def test_a_figure_hops_over_another_and_turns_at_a_bounce(app):
    app.start_session(Session.new([SeatSpec(False, "random")] * 2, 8))
    app.step(1 / 60)
    t = app.scene
    g = geometry()
    me, other = t.shown.players[0], t.shown.players[1]
    a, b, c = "sp_north_in", "sp_north_in_cw", "sp_north_mid_cw"
    me.figure, me.behind = a, "sp_north_in_ccw"
    other.figure = b
    hop = t.board.figure_walk(ev.FigureMoved(0, (a, b, c), b))
    assert hop.hopped == [g.xy(b)] and hop.duration == pytest.approx(fx.HOP_S)
    assert _visits(hop, [g.xy(a), g.xy(b), g.xy(c)])  # over the other figure, through b
    assert max(hop.pose(i / 50)[3] for i in range(51)) > 20, "high over it"
    assert hop.pose(0.5)[:2] == pytest.approx(g.xy(b), abs=0.5)
    # a bounce: the path runs back the way it came (R12.5): the figure turns on the spot
    t.board.refresh()
    other.figure = "sp_west_start"
    me.figure, me.behind = b, a
    bounce = t.board.figure_walk(ev.FigureMoved(0, (b, c, b, a), b))
    assert bounce.turns == 1
    assert bounce.duration == pytest.approx(3 * fx.STEP_S + fx.TURN_S)
    assert _visits(bounce, [g.xy(b), g.xy(c), g.xy(b), g.xy(a)])
    # at the start of the next step from c it still faces away from b, at its end towards b
    out_ang = math.degrees(math.atan2(g.xy(c)[1] - g.xy(b)[1], g.xy(c)[0] - g.xy(b)[0]))
    turn_start = fx.STEP_S / bounce.duration
    turn_end = (fx.STEP_S + fx.TURN_S) / bounce.duration
    x, y, ang0, _ = bounce.pose(turn_start + 1e-6)
    assert (x, y) == pytest.approx(g.xy(c), abs=0.5)
    assert abs((ang0 - out_ang + 180) % 360 - 180) < 2
    _, _, ang1, _ = bounce.pose(turn_end)
    assert abs((ang1 - out_ang) % 360 - 180) < 2
    # a bounce before the first step: the figure faced a gap and walks back
    t.board.refresh()
    me.figure, me.behind = b, a
    back = t.board.figure_walk(ev.FigureMoved(0, (b, a), c))
    assert back.turns == 1


def test_walks_follow_the_batch_and_a_bridge_drops_in(tmp_path, monkeypatch):
    """Two steps in one batch: the second starts where the first ended, facing its way; a
    built bridge token drops into its gap, and the table shows the token when it lands."""
    a = make_app(tmp_path, monkeypatch, speed=1.0)
    played: list[str] = []
    monkeypatch.setattr(a.sound, "play", lambda name: played.append(name) or True)
    try:
        a.start_session(Session.new([SeatSpec(True)] * 2, 8))
        a.step(1 / 60)
        t = a.scene
        me = t.shown.players[0]
        me.figure, me.behind = "sp_north_in", "sp_north_in_ccw"
        first = ev.FigureMoved(0, ("sp_north_in", "sp_north_in_cw"), "sp_north_in")
        second = ev.FigureMoved(0, ("sp_north_in_cw", "sp_north_mid_cw"), "sp_north_in_cw")
        w1 = t.board.figure_walk(first)
        w2 = t.board.figure_walk(second)
        assert w1.turns == 0 and w2.turns == 0  # it kept walking forward
        t.board.refresh()
        gap = next(sid for sid, v in t.shown.bridges.items() if not v)
        t.animate([ev.BridgeBuilt(0, 1, "a", gap, "")], None)
        assert t.shown.bridges[gap] == "", "the gap is open while the token falls"
        drops = [sp for sp in t.board.sprites]
        assert drops
        for _ in range(120):
            a.step(1 / 60)
            if not t.animator.busy:
                break
        assert t.shown.bridges[gap] == "p:0:1"
        assert "land" in played
        assert all(sp.finished for sp in drops)
    finally:
        a.bot_worker.stop()

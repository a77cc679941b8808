"""The scenes the real-content layout test drives (tests/test_ui_layout.py, issue 29 item 3):
players with names of the longest length a player may type (game.shell.settings.NAME_LEN), the
characters and catalog names of both modules, the shipped scenarios, seeded bots' games with
the Folklore and Pilgrimage modules at every kind of decision, each table with its sheets,
popups, log, recap, hand-off and tooltips; and Age of Reason's scenes at large windows
(aor_big_views: texts that fit, none tiny, no part blown up). Each function puts the app on a
scene and returns the problems tests/layout_scan.py finds there (an empty list when every text
fits)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame

from engine.aac.api import GameConfig, load_game, new_game
from engine.aac.bots import make_bot
from engine.aor.api import AOR
from game.aac.session import AacSession
from game.aac.targets import Hotspot
from game.aor import layout as aor_layout
from game.aor.map_view import MAP_X, MAP_Y
from game.aor.scenes import guide as aor_guide
from game.aor.scenes import results as aor_results
from game.aor.scenes.table import TableScene as AorTable
from game.aor.session import AorSession
from game.aor.spots import Spot
from game.shell.layout import VH, VW, fit
from game.shell.registry import front_end
from game.shell.scenegraph import Button
from game.shell.session import SeatSpec
from game.shell.settings import NAME_LEN
from tests.layout_scan import scan, scan_texts, walk

SCENARIOS = Path(__file__).resolve().parents[1] / "saves" / "scenarios" / "aac"

# names as long as a player may type them, of wide letters (the widest a real name gets)
BASE_NAMES = ("Wilhelmina Woodworth", "Maximilian Wolkenbau", "Bartholomew Mawdsley",
              "Gwendolyn Montgomery", "Wolfgang Rosenkranz")
LONG_NAMES = tuple((n + " " * NAME_LEN)[:NAME_LEN].strip() for n in BASE_NAMES)

Check = Callable[..., list[str]]


def seats(n: int, humans: int = 1, level: str = "hard") -> list[SeatSpec]:
    """`humans` people with the longest names, then bots."""
    return [SeatSpec(True, name=LONG_NAMES[i]) if i < humans else SeatSpec(False, level)
            for i in range(n)]


def on_table(app: Any, s: AacSession) -> Any:
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    t.handoff.visible = False
    d = s.game.pending
    if d is not None:
        t.driver.handoff_seat = d.seat
    return t


def tooltips(app: Any, t: Any, limit: int = 400) -> Iterator[tuple[str, list[str]]]:
    """The tooltip of each thing on the table, as a player hovering it sees it."""
    seen: set[object] = set()
    for node in walk(t):
        if len(seen) >= limit:
            return
        key = node.target if isinstance(node, Hotspot) else id(node)
        if not isinstance(node, Hotspot | Button) or key in seen or not node.visible:
            continue
        if isinstance(node, Hotspot) and not t.on_screen(node):
            continue
        if isinstance(node, Button) and not node.tooltip():
            continue
        seen.add(key)
        r = node.world_rect()
        yield f"tooltip of {getattr(node, 'target', None) or node.label!r}", \
            scan(app, tooltip_at=(r.centerx, r.centery))


def table_views(app: Any, t: Any, what: str, tips: bool = False) -> Iterator[tuple[str, list[str]]]:
    """The table as it is, with each module's sheet open, the popup of the pending decision
    at the window's far corner, the log drawer, the status line with a long message."""
    yield what, scan(app)
    for name, panel in t.module_panels.items():
        if name in t.shown.modules:
            if not panel.visible:
                t.toggle_module(name)
            yield f"{what}, the {name} sheet", scan(app)
            panel.hide()
    d = t.pending
    if d is not None and len(d.choices) > 1:
        for corner in ((VW - 8, VH - 8), (8, 60)):
            t.open_popup(*corner, list(d.choices))
            yield f"{what}, the popup of {d.kind} at {corner}", scan(app)
            t.close_popup()
    if tips:
        for where, probs in tooltips(app, t):
            yield f"{what}, {where}", probs
    t.toggle_log()
    for _ in range(30):
        app.step(1 / 60)
    yield f"{what}, the log drawer", scan(app)
    t.toggle_log()


def play(g: Any, bots: list[Any], until: Callable[[Any], bool], limit: int = 6000) -> None:
    for _ in range(limit):
        d = g.pending
        if d is None or until(g):
            return
        g.choose(bots[d.seat].choose(g.view(d.seat), d))


def decisions(n: int, seed: int, modules: tuple[str, ...], per_kind: int = 1,
              limit: int = 4000) -> Iterator[Any]:
    """Copies of a seeded bots' game at its first `per_kind` decisions of every kind."""
    g = new_game(GameConfig(players=n, seed=seed, modules=modules))
    g.undo_enabled = False
    bots = [make_bot("easy" if k % 2 else "random", seed * 7 + k) for k in range(n)]
    seen: dict[str, int] = {}
    for _ in range(limit):
        d = g.pending
        if d is None:
            return
        if seen.get(d.kind, 0) < per_kind:
            seen[d.kind] = seen.get(d.kind, 0) + 1
            yield g.clone()
        g.choose(bots[d.seat].choose(g.view(d.seat), d))


def scenario(name: str) -> Any:
    return load_game(SCENARIOS / name)


def random_play(s: AacSession, seed: int, moves: int) -> None:
    s.play_random(seed, moves)


def aor_longest_tips(t: AorTable) -> list[Spot]:
    """Per kind of thing on Age of Reason's table (area, stack, box, card...), the spot shown
    now with the longest hover text."""
    longest: dict[str, tuple[int, Spot]] = {}
    for node in walk(t):
        if isinstance(node, Spot) and t.hotspots.on_screen(node) and not t.covered(node):
            kind = node.target.split(":")[0].split("_")[0]
            n = len(t.tooltip_for(node))
            if n > longest.get(kind, (-1, node))[0]:
                longest[kind] = (n, node)
    return [node for _, node in longest.values()]


# --- Age of Reason at large windows (1920x1080 to 4K) -------------------------------------------
# Every scene is the 1600x900 table scaled up, so what can go wrong is what does not scale: a
# picture drawn at 1600x900 and stretched (blurred), a text drawn at a fixed pixel size (tiny),
# a text that rounds into a wider line at the larger size (cut). One app per size walks a
# representative set of scenes.

# (seed, players, random moves) of seeded positions: the decision each waits for
AOR_BIG_TABLES = {"bid": (3, 3, 2), "box": (5, 4, 40), "attack": (8, 4, 80),
                  "attack_card": (1, 4, 60), "defence_card": (8, 7, 90),
                  "reserves": (1, 4, 200)}
TINY = 8.5  # virtual units: the height of a line of the smallest text drawn on the table
PIECE_PX = 160  # texts drawn into sprites smaller than this are part of a piece's picture
STEP = 48  # a step between neighbouring pixels (in a colour channel) that makes an edge
EDGES = 2.0  # per thousand pixels: fewer steps than this, nothing to judge
CRISP = 0.22  # this part of them at least stays over twice STEP where nothing is blown up
# (drawn at the window's scale: 0.45 to 0.65; a picture shrunk to fit: 0.3; blown up by 2: 0.1)


def tiny_texts(app: Any, recs: list[Any], what: str) -> list[str]:
    """Texts smaller than the smallest the table uses at 1600x900 (a text drawn at a fixed
    pixel size, not scaled with the window)."""
    s = min(app.window.get_width() / VW, app.window.get_height() / VH)
    out = []
    for rec in recs:
        w, h = rec.surface
        if min(w, h) < PIECE_PX or not rec.text.strip():
            continue
        if rec.rect.h / s < TINY:
            out.append(f"{what}: {rec.owner or 'window'}: {rec.text!r} is tiny "
                       f"({rec.rect.h} pixels high at {app.window.get_size()})")
    return out


def sharpness(surf: pygame.Surface, step: int) -> float:
    """Per thousand neighbouring pixels, how many differ by more than `step` in a colour:
    crisp edges do; a picture blown up spreads each edge over several small steps."""
    w, h = surf.get_size()
    pairs = big = 0
    for a, b in ((surf.subsurface((1, 0, w - 1, h)), surf.subsurface((0, 0, w - 1, h))),
                 (surf.subsurface((0, 1, w, h - 1)), surf.subsurface((0, 0, w, h - 1)))):
        d = a.copy()
        d.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        back = b.copy()
        back.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        d.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b| per channel
        n = d.get_width() * d.get_height()
        calm = pygame.transform.threshold(None, d, (0, 0, 0, 255), (step, step, step, 255),
                                          set_behavior=0)
        pairs += n
        big += n - int(calm)
    return 1000 * big / max(1, pairs)


def blurred(app: Any, regions: dict[str, tuple[float, float, float, float]],
            what: str) -> list[str]:
    """Parts of the scene drawn small and blown up on the way (checked at 4K, where that
    blurs most): a picture drawn at its own size has crisp edges, most of its big steps
    between neighbouring pixels stay big; blown up, each edge becomes a ramp of small
    steps."""
    size = app.window.get_size()
    s, ox, oy = fit(*size)
    if s < 2.0:
        return []
    out = []
    for name, (x, y, w, h) in regions.items():
        x, y, w, h = x + w / 4, y + h / 4, w / 2, h / 2  # its middle: enough, and quick
        part = app.window.subsurface(pygame.Rect(round(ox + x * s), round(oy + y * s),
                                                 round(w * s), round(h * s)))
        steps, crisp = sharpness(part, STEP), sharpness(part, 2 * STEP)
        if steps >= EDGES and crisp < CRISP * steps:
            out.append(f"{what}: {name} looks blown up (of {steps:.1f} steps a thousand "
                       f"pixels over {STEP}, only {crisp:.1f} over {2 * STEP})")
    return out


# the parts of the table checked for blur (virtual units)
AOR_TABLE_PARTS = {
    "the top bar": (0.0, 0.0, VW, aor_layout.TOP_H),
    "the map": (MAP_X, MAP_Y, aor_layout.MAP_W, aor_layout.MAP_H),
    "the Alliance Display": (aor_layout.RIGHT_X, aor_layout.ALLY_Y, aor_layout.RIGHT_W,
                             aor_layout.ALLY_H),
    "the prompt": (aor_layout.RIGHT_X, aor_layout.PROMPT_Y, aor_layout.RIGHT_W,
                   aor_layout.PROMPT_H),
    "the boxes or the auction": (aor_layout.RIGHT_X, aor_layout.LOWER_Y, aor_layout.RIGHT_W,
                                 aor_layout.LOWER_H),
    "the tracks": (aor_layout.TRACKS_X, aor_layout.BOTTOM_Y, aor_layout.TRACKS_W,
                   aor_layout.BOTTOM_H),
    "the hand": (aor_layout.HAND_X, aor_layout.BOTTOM_Y, aor_layout.HAND_W,
                 aor_layout.BOTTOM_H),
}


def aor_look(app: Any, what: str, parts: dict[str, tuple[float, float, float, float]]
             | None = None, tooltip_at: tuple[float, float] | None = None) -> list[str]:
    """Every problem of the scene as drawn now: texts cut or out of their boxes (the layout
    scan), tiny texts, and (at 4K) blown-up parts."""
    t = app.scene
    if isinstance(t, AorTable):
        t.map_view.forget_pictures()
    aor_guide._pictures.clear()  # the guide's pictures of the table drawn again too
    probs, recs = scan_texts(app, tooltip_at)
    out = [f"{what}: {p}" for p in probs] + tiny_texts(app, recs, what)
    if parts and tooltip_at is None:
        out += blurred(app, parts, what)
    return out


def aor_big_views(app: Any) -> Iterator[tuple[str, list[str]]]:
    """Age of Reason's scenes at the app's size: the set-up with seven seats; the table at
    the auction, a box, an attack, the combat stage (the card, a defence with seven players,
    the Reserves question), with the longest hover text of each kind of thing, a choice
    popup, the log drawer and the hot-seat hand-off; the results; the guide (a picture page,
    a long rules page scrolled, the player counts)."""
    app.choose_game(front_end(AOR.id))
    app.open_menu()
    app.open_setup()
    for _ in range(4):
        app.scene.add_seat()
    yield "the set-up, 7 seats", aor_look(app, "the set-up, 7 seats")
    for kind, (seed, players, moves) in AOR_BIG_TABLES.items():
        s = AorSession.mid_game(seed, players, moves, humans=1)
        app.start_session(s)
        app.step(1 / 60)
        t = app.scene
        d = s.game.pending
        assert isinstance(t, AorTable) and d is not None and d.kind == kind, (kind, d)
        what = f"the table at a {kind} decision"
        parts = AOR_TABLE_PARTS if kind in ("box", "attack_card") else None
        yield what, aor_look(app, what, parts)
        if kind == "box":
            for node in aor_longest_tips(t):
                r = node.world_rect()
                yield (f"the tooltip of {node.target}",
                       aor_look(app, f"the tooltip of {node.target}",
                                tooltip_at=(r.centerx, r.centery)))
            t.open_popup(VW - 8, VH - 8, list(d.choices))
            yield "a choice popup", aor_look(app, "a choice popup")
            t.close_popup()
            t.toggle_log()
            for _ in range(30):
                app.step(1 / 60)
            yield "the log drawer", aor_look(app, "the log drawer")
            t.toggle_log()
            for _ in range(30):
                app.step(1 / 60)
            t.handoff.show(d.seat)
            yield "the hand-off", aor_look(app, "the hand-off")
            t.handoff.visible = False
    s = AorSession.mid_game(21, 5, 5000, humans=0)
    assert s.game.is_over
    app.show_results(s)
    x, y, w, h = aor_results.MAP_BOX
    yield "the results", aor_look(app, "the results", {"the map": (x, y, w * 0.9, h * 0.9)})
    art = (aor_guide.ART_X, aor_guide.BODY_Y, aor_guide.ART_W * 0.9, aor_guide.ART_H * 0.7)
    for page, parts in (("combat", {"the picture": art}), ("R1.17", None), ("R14", None)):
        app.open_guide(page)
        app.step(1 / 60)
        yield f"the guide at {page}", aor_look(app, f"the guide at {page}", parts)

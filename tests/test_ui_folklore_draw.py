"""UI tests of the Folklore pieces (issue 14, part D): every Folklore Card face is readable
at table and guide sizes (every option whole when there is room, nothing outside the card
at any size), the Character Board Extension keeps its parts and words inside it, the hover
help speaks in names, and the guide lists the module's pages with their drawn pictures."""

from __future__ import annotations

import os
import re

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.aac.data import rules  # noqa: E402
from game.aac import folklore_draw as fd  # noqa: E402
from game.aac import help as hover  # noqa: E402
from game.aac.guide import drawn, folklore  # noqa: E402
from game.aac.guide.book import guide  # noqa: E402
from game.aac.guide.model import HOWTO, RULES  # noqa: E402
from game.shell import theme  # noqa: E402
from game.shell.scenegraph import MIN_TEXT_PX, Canvas, TextLog, TextRecord  # noqa: E402

EX = rules().expansion
assert EX is not None
CARDS = EX.folklore_cards.cards
ID_LIKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\.json")


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def colour(cid: str) -> theme.Colour:
    return theme.hex_colour(rules().characters[cid].colour_hex)


def recorded(draw) -> list[TextRecord]:
    TextLog.records = []
    try:
        draw()
        return list(TextLog.records)
    finally:
        TextLog.records = None


def inside(r: pygame.Rect, box: pygame.Rect, slack: int = 1) -> bool:
    return r.left >= box.left - slack and r.top >= box.top - slack and \
        r.right <= box.right + slack and r.bottom <= box.bottom + slack


@pytest.mark.parametrize("w,h,scale,full", [
    (240, 343, 1.0, True),   # the guide / a card up close: every option whole
    (250, 357, 0.8, True),   # the same at a small window
    (170, 243, 1.0, False),  # a hand on the table
    (110, 157, 0.8, False),  # a played card at a small window
])
def test_every_card_face_fits_its_card(w, h, scale, full):
    surf = pygame.Surface((round(300 * scale), round(400 * scale)))
    c = Canvas(surf, scale)
    for card in CARDS:
        name = rules().characters[card.character].name
        recs = recorded(lambda card=card, name=name: fd.folklore_card(
            c, 10, 10, w, h, card, colour(card.character), name))
        lay = fd.card_layout(card, w, h, scale)
        box = c.rect(10, 10, w, h)
        texts = [r.text for r in recs]
        assert all(inside(r.rect, box) for r in recs), f"{card.id}: text outside the card"
        assert " ".join(lay.name_lines) == card.name, card.id
        assert all(t in texts for t in lay.name_lines), f"{card.id}: the name is cut"
        assert [o.label for o in lay.options] == [o.label for o in card.options][
            :len(lay.options)] and lay.options, card.id
        assert lay.px >= MIN_TEXT_PX
        if full:
            assert lay.mode == "full", f"{card.id} does not fit whole at {w}x{h}x{scale}"
            assert len(lay.options) == len(card.options)
            for o, lines in zip(card.options, lay.options, strict=True):
                assert " ".join(lines.lines).split() == o.text.split(), card.id
            assert not any(r.shortened for r in recs), card.id
        rects = fd.option_rects(lay, 10, 10, w, scale)
        assert all(inside(c.rect(*r), box, 2) for r in rects.values()), card.id


def test_the_compact_face_still_shows_every_option_of_a_hand_card():
    for card in CARDS:
        lay = fd.card_layout(card, 170, 243, 1.0)
        assert [o.label for o in lay.options] == [o.label for o in card.options], card.id


@pytest.mark.parametrize("w,h,scale", [(420, 300, 1.2), (260, 190, 0.8), (160, 120, 0.8)])
def test_the_board_extension_keeps_its_parts_inside(w, h, scale):
    surf = pygame.Surface((round(500 * scale), round(400 * scale)))
    c = Canvas(surf, scale)
    for pos in range(5):
        recs = recorded(lambda pos=pos: fd.board_extension(
            c, 10, 10, w, h, colour("ignotas"), "triangle", pos, 3 - pos % 3, pos % 2 == 1))
        box = c.rect(10, 10, w, h)
        assert all(inside(r.rect, box) for r in recs), [r.text for r in recs
                                                        if not inside(r.rect, box)]
        assert not any(r.shortened for r in recs)
        assert {str(p) for p in range(5)} <= {r.text for r in recs}  # the track's numbers
    spots = fd.extension_spots(10, 10, w, h)
    assert set(spots) == {f"folklore_track:{p}" for p in range(5)} | \
        {"artifact_slot:1", "artifact_slot:2", "artifact_slot:3", "artifact_slot:primed"}
    rects = [pygame.Rect(*(round(v) for v in r)) for r in spots.values()]
    for i, a in enumerate(rects):
        assert inside(a, pygame.Rect(10, 10, w, h))
        assert not any(a.colliderect(b) for b in rects[i + 1:]), "parts overlap"


def test_the_size_for_a_readable_hand_follows_the_window_scale():
    small, large = fd.full_card_size(0.8), fd.full_card_size(1.2)
    assert large[0] < small[0] <= 250
    for card in CARDS:
        assert fd.card_layout(card, *small, 0.8).mode == "full"


def test_hover_help_speaks_in_names():
    texts = [hover.folklore_card(cd, "Freyith", played=True) for cd in CARDS]
    texts += [hover.scoring_card(sc) for sc in EX.scoring_cards.cards]
    texts += [hover.folklore_track(p, p == 2) for p in range(5)]
    texts += [hover.artifact_slot(p, f) for p in (True, False) for f in (True, False)]
    texts += [hover.artifact("Anna", "the North start"), hover.artifact("Anna", primed=True),
              hover.artifact("Anna", bound_region="the East"), hover.doubler("magnet", "x"),
              hover.scoring_card(None, "Ben"), hover.folklore_card_back("Ben", 3)]
    for t in texts:
        assert t and not ID_LIKE.search(t), t
    assert "7 VP" in hover.folklore_track(2)
    assert all(o.text in hover.folklore_card(CARDS[0]) for o in CARDS[0].options)


def test_the_guide_lists_the_folklore_pages_with_drawn_pictures():
    g = guide()
    howto = [p.id for p in g.pages(HOWTO)]
    for pid in ("folklore", "artifacts", "folklore_cards", "folklore_track", "doublers",
                "scoring_cards"):
        assert pid in howto
    assert [p.id for p in g.pages(RULES) if p.module == "folklore"] == \
        ["R26", "R28", "R29", "R30"]
    for rid in ("R26.3.3", "R26.5", "R28.3", "R29.3.2", "R30.5"):
        assert g.entry(rid) is not None and g.entry(rid).id == rid
    for page in folklore.HOWTO:
        for view in page.views:
            pic = drawn.render(view, 700, 560, 1.0)
            assert pic is not None and pic.missing == [], (page.id, pic and pic.missing)
            assert len(pic.callouts) == len(view.marks)
            for co in pic.callouts:
                x, y, w, h = co.rect
                assert x >= 0 and y >= 0 and x + w <= pic.w + 1 and y + h <= pic.h + 1, \
                    (page.id, co.label)


def test_an_artifact_on_the_map_shows_its_owner_colour_and_shape():
    """An Artifact on the map at the table's scale (1280x720): cut in the owner's seat shape
    (each shape a different outline) and mostly the owner's colour, large enough to read."""
    scale = 0.838 * 0.8  # board units -> pixels at 1280x720
    masks: dict[str, set[tuple[int, int]]] = {}
    owner = (40, 90, 170)
    for shape in ("circle", "square", "triangle", "diamond", "hexagon", "star"):
        surf = pygame.Surface((60, 60), pygame.SRCALPHA)
        fd.map_artifact(Canvas(surf, scale, 30, 30), 0, 0, 10.5, owner, shape)
        solid = {(x, y) for x in range(60) for y in range(60) if surf.get_at((x, y)).a > 200}
        xs = [x for x, _ in solid]
        assert max(xs) - min(xs) >= 12, shape  # at least 12 pixels across
        mine = sum(1 for p in solid if surf.get_at(p)[:3] == owner)
        assert mine >= len(solid) * 0.25, shape  # the owner's colour, not the stone's
        masks[shape] = solid
    outlines = list(masks.values())
    assert all(a != b for i, a in enumerate(outlines) for b in outlines[i + 1:])

"""The Folklore pages' pictures, drawn with the table's Folklore helpers (game.folklore_draw):
the Character Board Extension, a hand of Folklore Cards, a card up close, priming, Doubler
Tokens and Scoring Cards. Each drawing names its parts for the pages' callouts."""

from __future__ import annotations

from functools import lru_cache

from engine.aac.api import Expansion, FolkloreCard, rules
from game.aac import folklore_draw as fd
from game.aac import tokens
from game.aac.guide.art import Rect
from game.aac.guide.drawn import drawing
from game.shell import theme
from game.shell.scenegraph import Canvas

SAMPLE = "freyith"  # the character whose pieces the pictures show


def _expansion() -> Expansion:
    ex = rules().expansion
    if ex is None:
        raise RuntimeError("the expansion catalog is not loaded")
    return ex


@lru_cache(maxsize=8)
def _cards(character: str) -> tuple[FolkloreCard, ...]:
    return tuple(c for c in _expansion().folklore_cards.cards if c.character == character)


def _who(character: str) -> tuple[theme.Colour, str]:
    ch = rules().characters[character]
    return theme.hex_colour(ch.colour_hex), ch.name


def _label(c: Canvas, text: str, x: float, y: float, w: float, size: float = 13.0) -> None:
    fd.fit_line(c, text, x, y, size, theme.CREAM, w, "midtop")


def _union(*rects: Rect) -> Rect:
    x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
    x1, y1 = max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects)
    return x0, y0, x1 - x0, y1 - y0


def _ext_parts(spots: dict[str, Rect], prefix: str = "") -> dict[str, Rect]:
    track = [r for k, r in spots.items() if k.startswith("folklore_track:")]
    slots = [spots[f"artifact_slot:{i}"] for i in (1, 2, 3)]
    out = {f"{prefix}track": _union(*track), f"{prefix}slots": _union(*slots),
           f"{prefix}primed": spots["artifact_slot:primed"]}
    out.update({f"{prefix}{k}": r for k, r in spots.items()})
    return out


@drawing("folklore_table", 1.2)
def folklore_table(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """A player's Folklore pieces: the extension and the tokens above, the hand below."""
    col, name = _who(SAMPLE)
    pad = w * 0.03
    ew, eh = w * 0.56, h * 0.4
    fd.board_extension(c, pad, pad, ew, eh, col, "circle", 1, 2, True)
    parts = _ext_parts(fd.extension_spots(pad, pad, ew, eh))
    hy = pad * 2 + eh
    cards = _cards(SAMPLE)[:3]
    rects = fd.hand(c, pad, hy, w - 2 * pad, h - hy - pad - 24, cards, col, name,
                    gap=pad * 0.8)
    parts["hand"] = _union(*rects)
    _label(c, "Your hand: only you see it", w / 2, rects[0][1] + rects[0][3] + 6, w - 2 * pad)
    tx = pad * 2 + ew
    tw = w - tx - pad
    r = min(eh * 0.16, tw * 0.16)
    items = (("artifact", "Artifact"), ("token_primed", "Primed"), ("doubler", "Doubler"),
             ("scoring", "Scoring Card"))
    for i, (key, word) in enumerate(items):
        cx = tx + tw * (0.25 + 0.5 * (i % 2))
        cy = pad + eh * (0.25 + 0.5 * (i // 2)) - 8
        if key == "artifact":
            fd.artifact(c, cx, cy, r, col, "circle")
        elif key == "token_primed":
            fd.artifact(c, cx, cy, r, col, "circle", primed=True)
        elif key == "doubler":
            fd.doubler(c, cx, cy, r)
        else:
            fd.scoring_card_back(c, cx - r * 0.75, cy - r * 1.05, r * 1.5, r * 2.1)
        parts[key] = (cx - r * 1.2, cy - r * 1.2, r * 2.4, r * 2.4)
        _label(c, word, cx, cy + r * 1.3, tw / 2 - 4, 12)
    return parts


@drawing("priming", 2.1)
def priming(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """An extension before and after priming: one Artifact moves to the primed slot."""
    col, _ = _who(SAMPLE)
    pad = w * 0.03
    ew = (w - 4 * pad) * 0.42
    eh = h - 2 * pad - 24
    fd.board_extension(c, pad, pad, ew, eh, col, "circle", 0, 3, False)
    x2 = w - pad - ew
    fd.board_extension(c, x2, pad, ew, eh, col, "circle", 0, 2, True)
    parts = _ext_parts(fd.extension_spots(pad, pad, ew, eh), "before_")
    parts.update(_ext_parts(fd.extension_spots(x2, pad, ew, eh), "after_"))
    mx, my = (pad + ew + x2) / 2, pad + eh / 2
    k = min(w, h) * 0.05
    c.polygon(theme.GOLD, [(mx - k * 1.4, my - k * 0.5), (mx + k * 0.3, my - k * 0.5),
                           (mx + k * 0.3, my - k), (mx + k * 1.4, my), (mx + k * 0.3, my + k),
                           (mx + k * 0.3, my + k * 0.5), (mx - k * 1.4, my + k * 0.5)])
    _label(c, "Instead of a recharge", mx, my + k * 1.3, x2 - pad - ew - 8, 12)
    _label(c, "Before", pad + ew / 2, pad + eh + 4, ew)
    _label(c, "After priming", x2 + ew / 2, pad + eh + 4, ew)
    parts["arrow"] = (mx - k * 1.4, my - k, k * 2.8, k * 2)
    return parts


@drawing("folklore_card", 1.5)
def folklore_card(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """A card up close, a played card (an option already used) and a card face down."""
    col, name = _who(SAMPLE)
    pad = w * 0.03
    ch = h - 2 * pad
    cw = ch * fd.CARD_ASPECT
    card = next(cd for cd in _cards(SAMPLE) if any(o.cost for o in cd.options)
                and len(cd.options) == 4)
    lay = fd.folklore_card(c, pad, pad, cw, ch, card, col, name, highlight="A")
    opts = fd.option_rects(lay, pad, pad, cw, c.s)
    parts: dict[str, Rect] = {"name": (pad, pad, cw, lay.header_h)}
    parts.update({f"option:{k}": r for k, r in opts.items()})
    cost = next(o.label for o in card.options if o.cost)
    parts["cost"] = opts[cost]
    sx = pad * 2 + cw
    sw = w - sx - pad
    sh = min(ch * 0.62, sw / fd.CARD_ASPECT * 0.62)
    scw = sh * fd.CARD_ASPECT
    played = next(cd for cd in _cards(SAMPLE) if cd.id != card.id)
    fd.folklore_card(c, sx, pad, scw, sh, played, col, name, used=("A",), dim=True)
    parts["played"] = (sx, pad, scw, sh)
    _label(c, "Played: stays face up", sx + scw / 2, pad + sh + 4, scw, 12)
    bw = min(scw * 0.7, sw - scw - pad)
    bx = sx + scw + pad * 0.7
    fd.folklore_card_back(c, bx, pad, bw, bw / fd.CARD_ASPECT, col)
    parts["back"] = (bx, pad, bw, bw / fd.CARD_ASPECT)
    _label(c, "Face down", bx + bw / 2, pad + bw / fd.CARD_ASPECT + 4, bw + pad * 0.6, 12)
    return parts


@drawing("folklore_track", 1.3)
def folklore_track(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """The extension with the cube on 3 of the Folklore Track."""
    col, _ = _who(SAMPLE)
    pad = w * 0.04
    fd.board_extension(c, pad, pad, w - 2 * pad, h - 2 * pad, col, "circle", 3, 1, False)
    return _ext_parts(fd.extension_spots(pad, pad, w - 2 * pad, h - 2 * pad))


@drawing("doublers", 1.9)
def doublers(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """A bound area and a pillar, each with one energy carrying a Doubler."""
    col, _ = _who(SAMPLE)
    pad = w * 0.04
    bw, bh = (w - 3 * pad) * 0.58, h - 2 * pad - 30
    c.fill(theme.darken(theme.PANEL, 0.1), pad, pad, bw, bh, 12)
    c.fill(theme.PANEL_EDGE, pad, pad, bw, bh, 12, 2)
    _label(c, "A monument's bound energy area", pad + bw / 2, pad + bh + 6, bw)
    r = min(bh * 0.16, bw * 0.09)
    parts: dict[str, Rect] = {"bound": (pad, pad, bw, bh)}
    cy = pad + bh / 2
    for i, et in enumerate(("rose", "magnet", "compass")):
        cx = pad + bw * (i + 0.75) / 3.5
        if i == 2:
            fd.doubled_energy(c, cx, cy, r, et, col, "circle")
            parts["doubled"] = (cx - r * 1.3, cy - r * 1.6, r * 2.9, r * 2.9)
            parts["doubler"] = (cx + r * 0.1, cy - r * 1.4, r * 1.3, r * 1.3)
        else:
            tokens.energy(c, cx, cy, r, et, col, "circle")
    fd.fit_line(c, "counts as 4 bound energy here", pad + bw / 2, pad + bh - 8, 13, theme.INK,
                bw - 16, "midbottom")
    px = pad * 2 + bw
    pw = w - px - pad
    c.fill(theme.darken(theme.PANEL, 0.1), px, pad, pw, bh, 12)
    c.fill(theme.PANEL_EDGE, px, pad, pw, bh, 12, 2)
    c.icon("pillar", px + pw / 2, pad + bh * 0.38, min(pw, bh) * 0.45)
    fd.doubled_energy(c, px + pw / 2, pad + bh * 0.72, r * 0.8, "wild", col, "circle")
    parts["pillar"] = (px, pad, pw, bh)
    _label(c, "A Pillar of Civilization", px + pw / 2, pad + bh + 6, pw)
    return parts


@drawing("scoring_cards", 1.7)
def scoring_cards(c: Canvas, w: float, h: float) -> dict[str, Rect]:
    """A Scoring Card as the others see it (face down) and as its holder does."""
    ex = _expansion().scoring_cards
    pad = w * 0.04
    ch = h - 2 * pad - 28
    cw = ch * fd.CARD_ASPECT
    fd.scoring_card_back(c, pad, pad, cw * 0.8, ch * 0.8)
    _label(c, "What the others see", pad + cw * 0.4, pad + ch * 0.8 + 6, cw)
    card = ex.cards[1]
    cat = next((k.name for k in ex.categories if k.id == card.category), "")
    fx = w - pad - cw * 1.15
    fd.scoring_card_face(c, fx, pad, cw * 1.15, ch, card, cat)
    _label(c, "What you see: it replaces that category's values", fx + cw * 0.575,
           pad + ch + 6, w - fx)
    return {"back": (pad, pad, cw * 0.8, ch * 0.8), "face": (fx, pad, cw * 1.15, ch)}

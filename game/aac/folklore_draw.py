"""Drawing the Folklore module's pieces: a Folklore Card (face up, readable at every size, or
face down), the Character Board Extension (Folklore Track 0-4 with its VP, three Artifact
slots and the primed slot), Artifact and Doubler tokens and Scoring Cards.

Pure drawing: every function takes plain values (a card model of `rules().expansion`, a
colour and shape, positions and counts as ints) and draws on a Canvas at (x, y) in its local
units, so the table can wire them in once the engine state exists. Nothing here reads a game
state. The layout functions (`card_layout`, `extension_spots`) are the same ones the drawing
uses, so tests and hotspots can check and point at what is drawn."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.aac.api import FolkloreCard, FolkloreTrackFile, ScoringCard, rules
from game.aac import tokens
from game.shell import theme
from game.shell.scenegraph import MIN_TEXT_PX, Canvas

Rect = tuple[float, float, float, float]

PARCHMENT = (244, 232, 204)
PARCHMENT_EDGE = (176, 146, 102)
FOLKLORE_TEAL = (47, 79, 90)
SCORING_RED = (122, 42, 38)
CARD_ASPECT = 0.70  # width / height of a card as printed (portrait)


# --- layout of a card face ---------------------------------------------------------------------
@dataclass(frozen=True)
class OptionLines:
    label: str  # "A".."D"
    lines: tuple[str, ...]
    cost: bool  # the option has a cost (a move down the Folklore Track)


@dataclass(frozen=True)
class CardLayout:
    """How a card face is laid out at one size: "full" (every option's whole text) or
    "compact" (a line per option, shortened; the full text goes in the hover help)."""

    mode: str
    name_lines: tuple[str, ...]  # the card's name: one line, or two on a narrow card
    name_px: int
    px: int  # option text size in pixels
    line_h: int  # pixels per option line
    header_h: float  # local units
    flavour: tuple[str, ...]  # flavour lines (may be empty when there is no room)
    flavour_px: int
    options: tuple[OptionLines, ...]
    text_x: float  # local offset of the option text from the card's left edge
    text_w: float  # local width of the option text


def _pad(w: float) -> float:
    return max(4.0, w * 0.045)


def _header_h(w: float, h: float) -> float:
    return max(18.0, min(h * 0.15, w * 0.2))


def _wrap_lines(text: str, px: int, width_px: int) -> list[str]:
    return theme.wrap(text, px, max(1, width_px))


def card_layout(card: FolkloreCard, w: float, h: float, scale: float = 1.0) -> CardLayout:
    """The layout of `card` drawn w x h local units at `scale` pixels per unit: the largest
    option text (at most about 13 units, at least MIN_TEXT_PX pixels) at which every option
    fits whole, dropping the flavour before shrinking below readable; else compact."""
    pad = _pad(w)
    name_w = round((w - 2 * pad) * scale)
    name_px = max(MIN_TEXT_PX, round(_header_h(w, h) * 0.42 * scale))
    while name_px > MIN_TEXT_PX and theme.font(name_px, True).size(card.name)[0] > name_w:
        name_px -= 1
    names = [card.name]
    if theme.font(name_px, True).size(card.name)[0] > name_w:
        names = theme.wrap(card.name, name_px, name_w, True)
        names = names[:1] + [" ".join(names[1:])] if len(names) > 2 else names
    header = max(_header_h(w, h),
                 len(names) * theme.font(name_px, True).get_linesize() / scale + pad)
    name_lines = tuple(names)
    disc = _disc(w)
    text_x = pad + 2 * disc + pad * 0.6
    text_w = w - text_x - pad
    width_px = round(text_w * scale)
    body_top = header + pad * 0.6
    bottom = h - pad * 0.5 - _foot_h(w, scale)
    top_px = max(MIN_TEXT_PX, round(min(17.0, w * 0.058, h * 0.04) * scale))
    fl_px = max(MIN_TEXT_PX, round(top_px * 0.9))
    flavour_full = tuple(_wrap_lines(card.flavour, fl_px, round((w - 2 * pad) * scale)))
    for flavour in (flavour_full, ()):
        fl_h = (len(flavour) * theme.font(fl_px).get_linesize() / scale + pad * 0.5) \
            if flavour else 0.0
        for px in range(top_px, MIN_TEXT_PX - 1, -1):
            line_px = theme.font(px).get_linesize()
            opts = tuple(OptionLines(o.label, tuple(_wrap_lines(o.text, px, width_px)),
                                     bool(o.cost)) for o in card.options)
            gap = line_px * 0.45 / scale
            need = sum(max(len(o.lines) * line_px / scale, 2 * disc) for o in opts) + \
                gap * (len(opts) - 1)
            if body_top + fl_h + need <= bottom and all(
                    theme.font(px).size(ln)[0] <= width_px for o in opts for ln in o.lines):
                return CardLayout("full", name_lines, name_px, px, line_px, header, flavour,
                                  fl_px, opts, text_x, text_w)
    px = MIN_TEXT_PX
    line_px = theme.font(px).get_linesize()
    avail = int((bottom - body_top) * scale // line_px)  # lines of text the body holds
    shown = card.options[:max(1, min(len(card.options), round(avail / 1.3)))]
    per = max(1, int((avail - 0.3 * (len(shown) - 1)) // len(shown)))
    opts_c: list[OptionLines] = []
    for o in shown:
        lines = _wrap_lines(o.text, px, width_px)
        if len(lines) > per:  # the last line shown takes the rest, cut with an ellipsis
            lines = lines[:per - 1] + [" ".join(lines[per - 1:])]
        opts_c.append(OptionLines(o.label, tuple(lines), bool(o.cost)))
    opts = tuple(opts_c)
    return CardLayout("compact", name_lines, name_px, px, line_px, header, (), fl_px, opts,
                      text_x, text_w)


@lru_cache(maxsize=8)
def full_card_size(scale: float) -> tuple[float, float]:
    """The smallest card (w, h, local units at the printed aspect) on which every Folklore
    Card of the catalog shows all its options whole at `scale` pixels per unit: the size
    for a hand the player reads (smaller cards use the compact face + hover help)."""
    ex = rules().expansion
    cards = ex.folklore_cards.cards if ex is not None else ()
    w = 120.0
    while w < 600 and any(card_layout(cd, w, w / CARD_ASPECT, scale).mode != "full"
                          for cd in cards):
        w += 10
    return w, w / CARD_ASPECT


def fit_line(c: Canvas, text: str, x: float, y: float, size: float, col: theme.Colour,
             max_w: float, anchor: str = "midleft", bold: bool = True) -> None:
    """One line at the largest size up to `size` that fits `max_w` (down to MIN_TEXT_PX
    pixels; shortened with an ellipsis only below that)."""
    width = max(1, round(max_w * c.s))
    px = max(MIN_TEXT_PX, round(size * c.s))
    while px > MIN_TEXT_PX and theme.font(px, bold).size(text)[0] > width:
        px -= 1
    c.text(text, x, y, px / c.s, col, bold, anchor, max_w=max_w)


def _foot_h(w: float, scale: float) -> float:
    return theme.font(MIN_TEXT_PX).get_linesize() / scale + max(2.0, w * 0.01)


def _disc(w: float) -> float:
    return max(7.0, min(13.0, w * 0.06))


def _gap(lay: CardLayout, scale: float) -> float:
    return lay.line_h / scale * (0.45 if lay.mode == "full" else 0.3)


def option_rects(lay: CardLayout, x: float, y: float, w: float,
                 scale: float = 1.0) -> dict[str, Rect]:
    """Label -> the rect of that option's block on a card drawn at (x, y) with layout `lay`
    (for hotspots: pointing at an option to choose it, or a guide callout)."""
    pad = _pad(w)
    ty = y + lay.header_h + pad * 0.6
    if lay.flavour:
        ty += len(lay.flavour) * theme.font(lay.flavour_px).get_linesize() / scale + pad * 0.5
    line, gap, disc = lay.line_h / scale, _gap(lay, scale), _disc(w)
    out: dict[str, Rect] = {}
    for opt in lay.options:
        block_h = max(len(opt.lines) * line, 2 * disc)
        out[opt.label] = (x + pad * 0.4, ty - gap * 0.4, w - pad * 0.8, block_h + gap * 0.8)
        ty += block_h + gap
    return out


UNAVAILABLE = (222, 214, 200)  # the wash over an option that cannot be chosen now


def folklore_card(c: Canvas, x: float, y: float, w: float, h: float, card: FolkloreCard,
                  colour: theme.Colour, character_name: str = "",
                  used: Collection[str] = (), highlight: str = "",
                  dim: bool = False, unavailable: Collection[str] = ()) -> CardLayout:
    """A Folklore Card face up at (x, y), w x h: the owner's colour band with the card's
    name and number, its flavour, and options A-D with their text. `used` labels are drawn
    faded (already performed from this card), `highlight` is the label being offered;
    `dim` fades the whole card (a played card in front of its owner); `unavailable` labels
    cannot be chosen now (greyed, their disc hollow). Returns its layout."""
    lay = card_layout(card, w, h, c.s)
    pad = _pad(w)
    face = theme.darken(PARCHMENT, 0.12) if dim else PARCHMENT
    band = theme.darken(colour, 0.15) if not dim else theme.lighten(colour, 0.3)
    c.fill(theme.BG_DARK, x + 2, y + 3, w, h, 9)
    c.fill(face, x, y, w, h, 9)
    c.fill(band, x, y, w, lay.header_h, 9)
    c.fill(band, x, y + lay.header_h - 9, w, 9)
    c.fill(theme.darken(colour, 0.45), x, y, w, h, 9, 2)
    name_line = theme.font(lay.name_px, True).get_linesize() / c.s
    ny = y + lay.header_h * 0.5 - name_line * (len(lay.name_lines) - 1) / 2
    for k, ln in enumerate(lay.name_lines):
        c.text(ln, x + pad, ny + k * name_line, lay.name_px / c.s, theme.CREAM, True,
               "midleft", max_w=w - 2 * pad)
    words = [f"Folklore · {character_name} {card.number}", f"{character_name} {card.number}",
             str(card.number)] if character_name else [f"Folklore · {card.number}",
                                                       str(card.number)]
    foot = theme.font(MIN_TEXT_PX)
    who = next((t for t in words if foot.size(t)[0] <= (w - 2 * pad) * c.s), words[-1])
    c.text(who, x + w - pad, y + h - pad * 0.4, MIN_TEXT_PX / c.s, theme.INK_SOFT, False,
           "bottomright", max_w=w - 2 * pad)
    ty = y + lay.header_h + pad * 0.6
    fl_line = theme.font(lay.flavour_px).get_linesize() / c.s
    for ln in lay.flavour:
        c.text(ln, x + pad, ty, lay.flavour_px / c.s, theme.INK_SOFT)
        ty += fl_line
    if lay.flavour:
        c.line(PARCHMENT_EDGE, (x + pad, ty + pad * 0.2), (x + w - pad, ty + pad * 0.2), 1)
    disc = _disc(w)
    line = lay.line_h / c.s
    size = lay.px / c.s
    for opt, (bx, by, bw, bh) in zip(lay.options, option_rects(lay, x, y, w, c.s).values(),
                                     strict=True):
        faded = opt.label in used
        off = opt.label in unavailable and not faded
        if opt.label == highlight:
            c.fill(theme.HILITE, bx, by, bw, bh, 6)
        if off:
            c.fill(UNAVAILABLE, bx, by, bw, bh, 6)
        ink = theme.INK_SOFT if faded or dim or off else theme.INK
        dcol = theme.darken(colour, 0.15) if not (faded or off) else theme.PANEL_EDGE
        top = by + _gap(lay, c.s) * 0.4
        block_h = max(len(opt.lines) * line, 2 * disc)
        cx, cy = x + pad + disc, top + min(block_h, 2 * disc) / 2
        c.circle(theme.darken(dcol, 0.4), cx + 0.6, cy + 0.9, disc)
        c.circle(dcol, cx, cy, disc)
        c.text(opt.label, cx, cy, max(MIN_TEXT_PX / c.s, disc * 1.1), theme.CREAM, True, "center")
        for k, ln in enumerate(opt.lines):  # compact: the last line may be cut short
            c.text(ln, x + lay.text_x, top + k * line, size, ink, max_w=lay.text_w)
        if faded:
            c.line(theme.INK_SOFT, (x + lay.text_x, cy), (x + w - pad, cy), 1)
    return lay


def folklore_card_back(c: Canvas, x: float, y: float, w: float, h: float,
                       colour: theme.Colour) -> None:
    """A Folklore Card face down (in someone's hand or set aside): the common back with its
    owner's colour on the edge; nothing on it tells which card it is."""
    c.fill(theme.BG_DARK, x + 2, y + 3, w, h, 9)
    c.fill(FOLKLORE_TEAL, x, y, w, h, 9)
    c.fill(theme.darken(colour, 0.1), x, y, w, h, 9, max(2.0, w * 0.05))
    inset = max(3.0, w * 0.1)
    c.fill((156, 199, 196), x + inset, y + inset, w - 2 * inset, h - 2 * inset, 5, 1)
    c.icon("folklore_back", x + w / 2, y + h / 2, min(w, h) * 0.78)


# --- the Character Board Extension -------------------------------------------------------------
def _ext_layout() -> FolkloreTrackFile:
    ext = rules().expansion
    if ext is None:
        raise RuntimeError("the expansion catalog is not loaded")
    return ext.folklore_track


def extension_spots(x: float, y: float, w: float, h: float,
                    layout: FolkloreTrackFile | None = None) -> dict[str, Rect]:
    """Where the extension's parts are when drawn at (x, y), w x h: "folklore_track:<n>" for
    each track position, "artifact_slot:<i>" (1-3) for the circular slots and
    "artifact_slot:primed", from the catalog's layout coordinates (0-1000 each way)."""
    lay = layout or _ext_layout()
    cell = min(w, h) * 0.13
    out: dict[str, Rect] = {}

    def at(px: int, py: int, size: float) -> Rect:
        cx, cy = x + w * px / 1000, y + h * py / 1000
        return cx - size / 2, cy - size / 2, size, size

    for p in lay.track.positions:
        out[f"folklore_track:{p.position}"] = at(p.x, p.y, cell)
    for s in lay.artifacts.slots:
        key = "primed" if s.kind == "primed" else str(s.index)
        out[f"artifact_slot:{key}"] = at(s.x, s.y, cell * (1.35 if s.kind == "primed" else 1.15))
    return out


def board_extension(c: Canvas, x: float, y: float, w: float, h: float, colour: theme.Colour,
                    shape: str, track_position: int, artifacts_in_slots: int, primed: bool,
                    layout: FolkloreTrackFile | None = None, highlight: str = "") -> None:
    """A player's Character Board Extension at (x, y), w x h: the Folklore Track 0-4 (the VP
    of each position printed beside it; the player's cube at `track_position`), the three
    circular Artifact slots (the first `artifacts_in_slots` hold an Artifact; the others
    went to the map) and the primed slot at the top (an Artifact there when `primed`).
    `highlight` is a key of `extension_spots` to ring (a legal target)."""
    lay = layout or _ext_layout()
    spots = extension_spots(x, y, w, h, lay)
    c.fill(theme.BG_DARK, x + 2, y + 3, w, h, 10)
    c.fill(theme.lighten(colour, 0.72), x, y, w, h, 10)
    c.fill(theme.darken(colour, 0.35), x, y, w, h, 10, 2)
    s = min(w, h)
    # the Folklore Track: a column of squares, 0 at the bottom, VP beside each
    tx0, ty0, cell, _ = spots["folklore_track:0"]
    tx4, ty4, _, _ = spots[f"folklore_track:{lay.track.max_position}"]
    c.fill(theme.darken(PARCHMENT, 0.25), tx4 - cell * 0.25, ty4 - cell * 0.25, cell * 1.5,
           ty0 - ty4 + cell * 1.5, cell * 0.3)
    label_size = max(MIN_TEXT_PX / c.s, cell * 0.36)
    for p in lay.track.positions:
        rx, ry, rw, rh = spots[f"folklore_track:{p.position}"]
        here = p.position == track_position
        c.fill(PARCHMENT, rx, ry, rw, rh, rw * 0.18)
        c.fill(theme.PANEL_EDGE, rx, ry, rw, rh, rw * 0.18, 1.5)
        c.text(str(p.position), rx + rw * 0.5, ry + rh * 0.5, rw * 0.5, theme.INK_SOFT, True,
               "center")
        room = cell * 1.6
        s3x, s3y, s3w, _ = spots["artifact_slot:3"]
        if ry < s3y + s3w and ry + rh > s3y:  # this row shares its height with the slots
            room = min(room, rx - cell * 0.4 - (s3x + s3w) - 3)
        font = theme.font(max(MIN_TEXT_PX, round(label_size * c.s)), True)
        vp = f"{p.vp} VP" if font.size(f"{p.vp} VP")[0] <= min(room, cell * 1.5) * c.s \
            else str(p.vp)
        c.text(vp, rx - cell * 0.4, ry + rh / 2, label_size, theme.INK, True, "midright",
               max_w=max(room, 1.0))
        if here:  # the tracking cube, in the player's colour and shape
            tokens.seat_marker(c, rx + rw * 0.5, ry + rh * 0.5, rw * 0.34, colour, shape)
    title_w = 2 * min(tx4 + cell / 2 - x, x + w - tx4 - cell / 2) - 8
    if ty4 - cell * 0.35 - y > MIN_TEXT_PX / c.s + 2 and \
            theme.font(MIN_TEXT_PX, True).size("Folklore Track")[0] <= title_w * c.s:
        fit_line(c, "Folklore Track", tx4 + cell / 2, ty4 - cell * 0.35, s * 0.045, theme.INK,
                 title_w, "midbottom")
    # the Artifact slots and the primed slot
    r = spots["artifact_slot:1"][2] / 2
    for i in range(1, 4):
        rx, ry, rw, _ = spots[f"artifact_slot:{i}"]
        cx, cy = rx + rw / 2, ry + rw / 2
        c.circle(theme.darken(PARCHMENT, 0.3), cx, cy, r)
        c.circle(theme.PANEL_EDGE, cx, cy, r, 1.5)
        if i <= artifacts_in_slots:
            artifact(c, cx, cy, r * 0.86, colour, shape)
    px_, py_, pw, _ = spots["artifact_slot:primed"]
    pcx, pcy, pr = px_ + pw / 2, py_ + pw / 2, pw / 2
    c.circle(theme.GOLD if primed else theme.darken(PARCHMENT, 0.3), pcx, pcy, pr)
    c.circle(theme.darken(theme.GOLD, 0.4), pcx, pcy, pr, 2)
    if primed:
        artifact(c, pcx, pcy, pr * 0.82, colour, shape, primed=True)
    if theme.font(MIN_TEXT_PX, True).size("Primed")[0] <= pr * 3 * c.s:
        fit_line(c, "Primed", pcx, pcy + pr + 3, max(MIN_TEXT_PX / c.s, s * 0.04), theme.INK,
                 pr * 3, "midtop")
    # an arrow from the row of slots up to the primed slot: priming moves an Artifact there
    ax = pcx
    a0, a1 = spots["artifact_slot:2"][1] - 4, pcy + pr + s * 0.1
    if a0 - a1 > s * 0.08:
        c.line(theme.PANEL_EDGE, (ax, a0), (ax, a1), 2)
        k = s * 0.03
        c.polygon(theme.PANEL_EDGE, [(ax, a1 - k), (ax - k, a1 + k * 0.4), (ax + k, a1 + k * 0.4)])
    if highlight in spots:
        hx, hy, hw, hh = spots[highlight]
        c.fill(theme.HILITE, hx - 4, hy - 4, hw + 8, hh + 8, 8, 3)


# --- tokens ------------------------------------------------------------------------------------
def artifact(c: Canvas, x: float, y: float, r: float, colour: theme.Colour, shape: str,
             primed: bool = False) -> None:
    """One Artifact token centred on (x, y): a disc in its owner's colour with the standing
    stone on it and the owner's seat shape at its foot (colour AND shape); glowing when
    primed."""
    def draw(cc: Canvas) -> None:
        if primed:
            cc.circle(theme.HILITE_EDGE, 0, 0, r * 1.18)
            cc.circle(theme.HILITE, 0, 0, r * 1.08)
        cc.circle(theme.darken(colour, 0.55), r * 0.08, r * 0.14, r)
        cc.circle(colour, 0, 0, r)
        cc.circle(theme.CREAM, 0, 0, r * 0.78)
        cc.circle(theme.darken(colour, 0.3), 0, 0, r, max(1.0, r * 0.1))
        cc.icon("artifact_primed" if primed else "artifact", 0, -r * 0.04, r * 1.45)
        cc.shape(shape, colour, r * 0.7, r * 0.7, r * 0.28, theme.CREAM, max(0.8, r * 0.06))

    tokens.sprite(c, ("artifact", r, colour, shape, primed), x, y, r * 1.25 + 2, draw)


def map_artifact(c: Canvas, x: float, y: float, r: float, colour: theme.Colour,
                 shape: str) -> None:
    """An Artifact on the map or in a Bound Energy Area: a token cut in its owner's seat shape
    and filled with the owner's colour (both tell whose it is, also to colour-blind eyes),
    edged in cream and dark ink so it stands out on any region, the standing stone on it."""
    k = 0.62 if shape in ("triangle", "star") else 0.78  # the stone: the colour dominates
    dy = r * 0.18 if shape == "triangle" else 0.0
    stone = [(x_ * r * k, y_ * r * k + dy) for x_, y_ in (
        (-0.36, 0.5), (-0.42, -0.08), (-0.26, -0.48), (0.0, -0.6), (0.26, -0.48),
        (0.42, -0.08), (0.36, 0.5))]

    def draw(cc: Canvas) -> None:
        cc.shape(shape, (0, 0, 0), r * 0.1, r * 0.16, r * 1.05)
        cc.shape(shape, theme.darken(colour, 0.55), 0, 0, r * 1.05)
        cc.shape(shape, theme.CREAM, 0, 0, r * 0.93)
        cc.shape(shape, colour, 0, 0, r * 0.8)
        cc.polygon(theme.CREAM, stone)
        cc.polygon(theme.darken(colour, 0.6), stone, max(0.8, r * 0.09))

    tokens.sprite(c, ("map_artifact", r, colour, shape), x, y, r * 1.35 + 2, draw)


def doubler(c: Canvas, x: float, y: float, r: float) -> None:
    """A Doubler Token centred on (x, y): the gold hexagon marked x2."""
    def draw(cc: Canvas) -> None:
        cc.circle((0, 0, 0), r * 0.1, r * 0.16, r * 0.92)
        cc.icon("doubler", 0, 0, r * 2.0)

    tokens.sprite(c, ("doubler", r), x, y, r * 1.1 + 2, draw)


def doubled_energy(c: Canvas, x: float, y: float, r: float, etype: int | str,
                   owner_colour: theme.Colour | None = None, owner_shape: str = "circle") -> None:
    """A bound energy carrying a Doubler (it counts as 2): the energy token with the Doubler
    on its upper right."""
    tokens.energy(c, x, y, r, etype, owner_colour, owner_shape)
    doubler(c, x + r * 0.75, y - r * 0.75, r * 0.62)


# --- Scoring Cards ----------------------------------------------------------------------------
def scoring_card_back(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A Scoring Card face down (what everyone but its holder sees)."""
    c.fill(theme.BG_DARK, x + 2, y + 3, w, h, 8)
    c.fill(SCORING_RED, x, y, w, h, 8)
    c.fill((58, 20, 16), x, y, w, h, 8, 2)
    c.icon("scoring_card", x + w / 2, y + h / 2, min(w * 1.2, h * 0.9))


def scoring_card_face(c: Canvas, x: float, y: float, w: float, h: float,
                      card: ScoringCard, category_name: str = "") -> None:
    """A Scoring Card face up (its holder's view, and at final scoring): its name, the
    category it replaces and its values."""
    pad = max(4.0, w * 0.06)
    head = max(16.0, min(h * 0.2, w * 0.3))
    c.fill(theme.BG_DARK, x + 2, y + 3, w, h, 8)
    c.fill(PARCHMENT, x, y, w, h, 8)
    c.fill(SCORING_RED, x, y, w, head, 8)
    c.fill(SCORING_RED, x, y + head - 8, w, 8)
    c.fill((58, 20, 16), x, y, w, h, 8, 2)
    fit_line(c, card.name, x + w / 2, y + head / 2, max(MIN_TEXT_PX / c.s, head * 0.42),
             theme.CREAM, w - 2 * pad, "center")
    top = y + head + pad * 0.5
    if category_name:
        c.text(category_name, x + w / 2, top, max(MIN_TEXT_PX / c.s, min(13.0, w * 0.06)),
               theme.INK_SOFT, True, "midtop", max_w=w - 2 * pad)
        top += max(MIN_TEXT_PX / c.s, min(13.0, w * 0.06)) * 1.5
    c.text_box(card.text, x + pad, top, w - 2 * pad, y + h - pad - top,
               min(14.0, w * 0.07), theme.INK, False, "left")


def hand(c: Canvas, x: float, y: float, w: float, h: float, cards: Sequence[FolkloreCard],
         colour: theme.Colour, character_name: str = "", face_up: bool = True,
         gap: float = 10.0) -> list[Rect]:
    """A row of cards in the box (x, y, w, h), each as large as fits with the printed
    aspect; face up (their owner, behind the hand-off) or face down (everyone else). Returns
    each card's rect, for hotspots."""
    n = len(cards)
    if n == 0:
        return []
    cw = min((w - gap * (n - 1)) / n, h * CARD_ASPECT)
    ch = cw / CARD_ASPECT
    x0 = x + (w - (cw * n + gap * (n - 1))) / 2
    out: list[Rect] = []
    for i, card in enumerate(cards):
        cx = x0 + i * (cw + gap)
        if face_up:
            folklore_card(c, cx, y, cw, ch, card, colour, character_name)
        else:
            folklore_card_back(c, cx, y, cw, ch, colour)
        out.append((cx, y, cw, ch))
    return out

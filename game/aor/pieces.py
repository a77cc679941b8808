"""Age of Reason's pieces, drawn procedurally and cached as sprites (game.shell.sprites): the
wooden control discs in a country's colour with its mark, stacks of them, the cardboard
Empire markers (Aktion or a defence number, with the Ottoman VP and the Indian gold
rewards), gold coins of 1 and 5, the country cards (face and back), the dice, the bag.

Every piece takes virtual (or board) units through a Canvas; sizes are radii or widths."""

from __future__ import annotations

import math

from engine.aor.api import tables
from game.aor import look
from game.shell import theme
from game.shell.scenegraph import Canvas, shape_points
from game.shell.sprites import sprite

Colour = theme.Colour

INK = (46, 34, 24)
CARD_FACE = (246, 238, 218)
MARKER_FACE = (232, 218, 184)
MARKER_EDGE = (120, 92, 56)
GOLD = (226, 178, 58)
GOLD_DARK = (150, 104, 24)
GOLD_LIGHT = (252, 224, 130)
ATTACK_DIE = (176, 40, 36)  # the components' red dice: the attacker's (CG7)
DEFEND_DIE = (40, 76, 156)  # blue: the defender's
DISC_THICK = 0.32  # a disc's side, as a share of its radius


# --- control discs ------------------------------------------------------------------------------

def disc(c: Canvas, x: float, y: float, r: float, country: int, glow: bool = False) -> None:
    """A wooden control disc of `country` seen from a little above: its side, its top face
    in the country's colour and its mark (colour-safe)."""
    def draw(cc: Canvas) -> None:
        col = look.colour(country)
        side = theme.darken(col, 0.38)
        t = r * DISC_THICK
        cc.circle((0, 0, 0), 0.6, t + 1.4, r)  # shadow
        cc.fill(side, -r, 0, 2 * r, t, 0)
        cc.circle(side, 0, t, r)
        cc.circle(col, 0, 0, r)
        cc.circle(theme.lighten(col, 0.22), -r * 0.25, -r * 0.3, r * 0.45)
        cc.circle(col, 0, 0, r * 0.8)
        cc.circle(theme.darken(col, 0.5), 0, 0, r, max(0.8, r * 0.09))
        ink = look.ink_on(country)
        pts = shape_points(look.mark(country), 0, 0, r * 0.5)
        if pts is None:
            cc.circle(ink, 0, 0, r * 0.46, max(1.0, r * 0.16))
        else:
            cc.polygon(ink, pts)
        if glow:
            cc.circle(theme.HILITE, 0, 0, r + 2, 2)

    sprite(c, ("aor_disc", round(r, 2), country, glow), x, y, r + r * DISC_THICK + 4, draw)


def stack(c: Canvas, x: float, y: float, r: float, country: int, n: int,
          step: float = 0.0) -> float:
    """`n` discs stacked upward from (x, y) (the bottom disc's centre); returns the y of the
    top disc. More than 8 are shown as 8 with the count on top."""
    step = step or r * DISC_THICK + 0.6
    shown = min(n, 8)
    for k in range(shown):
        disc(c, x, y - k * step, r, country)
    top = y - (shown - 1) * step
    if n > shown:
        c.text(str(n), x, top, r * 1.1, look.ink_on(country), True, "center")
    return top


def empty_space(c: Canvas, x: float, y: float, r: float, closed: bool = False) -> None:
    """A printed space for a disc; `closed`: not in play at this player count (5+)."""
    def draw(cc: Canvas) -> None:
        cc.circle((214, 198, 164), 0, 0, r)
        cc.circle((150, 122, 84), 0, 0, r, max(1.0, r * 0.12))
        if closed:
            cc.circle((120, 104, 88), 0, 0, r * 0.92)
            k = r * 0.55
            cc.line((236, 224, 200), (-k, -k), (k, k), max(1.0, r * 0.16))
            cc.line((236, 224, 200), (-k, k), (k, -k), max(1.0, r * 0.16))

    sprite(c, ("aor_space", round(r, 2), closed), x, y, r + 2, draw)


# --- Empire markers -----------------------------------------------------------------------------

def marker(c: Canvas, x: float, y: float, r: float, mid: str, face_up: bool = True,
           lift: float = 0.0) -> None:
    """An Empire marker (a square cardboard token, half-side `r`): Aktion (the action flag) or
    its defence number, with a reward badge (the Ottoman VP, the Indian gold); face down its
    back. `lift` (0..1) raises it (a shadow further below) as it flies."""
    info = tables().markers.get(mid)
    aktion = bool(info and info.aktion)
    strength = info.strength if info else 0
    vp = info.vp if info else 0
    gold_ = info.gold if info else 0

    def draw(cc: Canvas) -> None:
        k = r
        cc.fill((0, 0, 0), -k + 1.5, -k + 2 + lift * 6, 2 * k, 2 * k, k * 0.25)
        if not face_up:
            cc.fill((116, 82, 52), -k, -k, 2 * k, 2 * k, k * 0.25)
            cc.fill((70, 48, 30), -k, -k, 2 * k, 2 * k, k * 0.25, max(1.0, k * 0.1))
            cc.circle((150, 112, 70), 0, 0, k * 0.5, max(1.0, k * 0.12))
            return
        face = (236, 214, 160) if aktion else MARKER_FACE
        cc.fill(face, -k, -k, 2 * k, 2 * k, k * 0.25)
        cc.fill(MARKER_EDGE, -k, -k, 2 * k, 2 * k, k * 0.25, max(1.0, k * 0.12))
        if aktion:
            cc.icon("aor_aktion", 0, 0, k * 1.75)
        else:
            cc.text(str(strength), 0, -k * 0.05, k * 1.35, INK, True, "center")
            if vp or gold_:
                bx, by = k * 0.62, -k * 0.62
                if vp:
                    cc.circle((70, 128, 64), bx, by, k * 0.52)
                    cc.text(f"+{vp}", bx, by, k * 0.56, theme.CREAM, True, "center")
                else:
                    coin(cc, bx, by, k * 0.55, 1, str(gold_))

    sprite(c, ("aor_marker", round(r, 2), mid if face_up else "back", face_up, round(lift, 1)),
           x, y, r * 1.6 + 8, draw)


# --- gold ----------------------------------------------------------------------------------------

def coin(c: Canvas, x: float, y: float, r: float, value: int = 1, label: str = "") -> None:
    """A gold coin (1 or 5), or a coin badge with `label`."""
    def draw(cc: Canvas) -> None:
        cc.circle(GOLD_DARK, 0.5, r * 0.22, r)
        cc.circle(GOLD, 0, 0, r)
        cc.circle(GOLD_LIGHT, -r * 0.25, -r * 0.28, r * 0.42)
        cc.circle(GOLD, 0, 0, r * 0.74)
        cc.circle(GOLD_DARK, 0, 0, r, max(0.8, r * 0.1))
        text = label or ("5" if value == 5 else "")
        if text:
            cc.text(text, 0, 0, r * (1.15 if len(text) < 2 else 0.95), (96, 62, 10), True,
                    "center")
        else:
            cc.circle(GOLD_DARK, 0, 0, r * 0.34, max(0.8, r * 0.12))

    sprite(c, ("aor_coin", round(r, 2), value, label), x, y, r * 1.3 + 2, draw)


def coin_pile(c: Canvas, x: float, y: float, r: float, amount: int, width: float) -> None:
    """`amount` gold as coins: a stack of 5s, then the 1s, left to right within `width`."""
    fives, ones = divmod(max(0, amount), 5)
    cols: list[tuple[int, int]] = []  # (value, count) per column
    while fives > 0:
        cols.append((5, min(6, fives)))
        fives -= min(6, fives)
    if ones:
        cols.append((1, ones))
    step = min(r * 2.1, (width - 2 * r) / max(1, len(cols) - 1)) if len(cols) > 1 else 0
    for i, (value, n) in enumerate(cols):
        cx = x + r + i * step
        for k in range(n):
            coin(c, cx, y - k * r * 0.36, r, value)


# --- cards ---------------------------------------------------------------------------------------

def card_face(c: Canvas, x: float, y: float, w: float, h: float, cid: str,
              lit: bool = False, dim: bool = False) -> None:
    """A country card face up: the country's band, its cost coin, soldiers and ships (or
    "Ally" / "Blank"); the values sit in the top-left corner so a fan still reads them."""
    info = tables().cards.get(cid)

    def draw(cc: Canvas) -> None:
        x0, y0 = -w / 2, -h / 2
        cc.fill((0, 0, 0), x0 + 2, y0 + 3, w, h, w * 0.08)
        cc.fill(CARD_FACE, x0, y0, w, h, w * 0.08)
        if info is None:
            return
        col = look.colour(info.country)
        cc.fill(col, x0, y0, w, h * 0.16, w * 0.08)
        cc.fill(col, x0, y0 + h * 0.08, w, h * 0.08)
        pts = shape_points(look.mark(info.country), x0 + w - w * 0.16, y0 + h * 0.08,
                           h * 0.05)
        if pts is not None:
            cc.polygon(look.ink_on(info.country), pts)
        else:
            cc.circle(look.ink_on(info.country), x0 + w - w * 0.16, y0 + h * 0.08, h * 0.045,
                      1.2)
        cc.fill(theme.darken(col, 0.4), x0, y0, w, h, w * 0.08, max(1.0, w * 0.025))
        s = w * 0.2
        if info.kind == "combat":
            # the left column (cost, soldiers, ships) fits the card's height: its last
            # number ends above the card's foot whatever the card's proportions
            k = min(1.0, h * 0.86 / (s * 7.4))
            top = y0 + h * 0.08
            coin(cc, x0 + s * 0.95, top + s * 1.25 * k, s * 0.78 * k, 1, str(info.cost))
            cc.icon("aor_soldier", x0 + s * 0.95, top + s * 3.0 * k, s * 1.5 * k)
            cc.text(str(info.soldiers), x0 + s * 0.95, top + s * 4.25 * k, s * 1.05 * k,
                    INK, True, "center")
            if info.ships:
                cc.icon("aor_ship", x0 + s * 0.95, top + s * 5.6 * k, s * 1.5 * k)
                cc.text(str(info.ships), x0 + s * 0.95, top + s * 6.85 * k, s * 1.05 * k,
                        INK, True, "center")
            # the big picture in the middle: the soldiers (and ships) as icons
            cx = x0 + w * 0.62
            cc.icon("aor_soldier", cx, y0 + h * 0.42, w * 0.5)
            if info.ships:
                cc.icon("aor_ship", cx, y0 + h * 0.74, w * 0.48)
        else:
            word = "Ally" if info.kind == "ally" else "Blank"
            # on a miniature card the word shrinks, or leaves its first letter
            cc.text(word, 0, y0 + h * 0.5, w * 0.22, INK, True, "center", max_w=w * 0.88,
                    alts=(word[0],))
            if info.kind == "ally":
                coin(cc, x0 + s * 0.95, y0 + h * 0.08 + s * 1.25, s * 0.78, 1, "1")
                cc.text("+1", 0, y0 + h * 0.7, w * 0.2, (70, 120, 60), True, "center")
        if lit:
            cc.fill(theme.HILITE, x0 - 2, y0 - 2, w + 4, h + 4, w * 0.1, 3)
        if dim:
            cc.alpha_fill((60, 50, 40, 120), x0, y0, w, h, w * 0.08)

    sprite(c, ("aor_card", round(w, 2), round(h, 2), cid, lit, dim), x, y,
           max(w, h) / 2 + 6, draw)


def card_back(c: Canvas, x: float, y: float, w: float, h: float, country: int) -> None:
    """A country card face down: the country's colour and mark on a patterned back."""
    def draw(cc: Canvas) -> None:
        x0, y0 = -w / 2, -h / 2
        col = look.colour(country)
        cc.fill((0, 0, 0), x0 + 2, y0 + 3, w, h, w * 0.08)
        cc.fill(theme.darken(col, 0.25), x0, y0, w, h, w * 0.08)
        cc.fill(theme.lighten(col, 0.15), x0 + w * 0.1, y0 + w * 0.1, w * 0.8, h - w * 0.2,
                w * 0.05, max(1.0, w * 0.03))
        pts = shape_points(look.mark(country), 0, 0, w * 0.22)
        if pts is not None:
            cc.polygon(look.ink_on(country), pts)
        else:
            cc.circle(look.ink_on(country), 0, 0, w * 0.2, max(1.0, w * 0.06))
        cc.fill(theme.darken(col, 0.55), x0, y0, w, h, w * 0.08, max(1.0, w * 0.025))

    sprite(c, ("aor_back", round(w, 2), round(h, 2), country), x, y, max(w, h) / 2 + 6, draw)


# --- dice ----------------------------------------------------------------------------------------

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(c: Canvas, x: float, y: float, size: float, value: int, colour: Colour,
        angle: float = 0.0, lit: bool = False) -> None:
    """A die seen from above (side `size`), turned by `angle` radians, showing `value`."""
    ca, sa = math.cos(angle), math.sin(angle)
    h = size / 2

    def rot(px: float, py: float) -> tuple[float, float]:
        return x + px * ca - py * sa, y + px * sa + py * ca

    k = h * 0.82
    corners = [rot(-k, -h), rot(k, -h), rot(h, -k), rot(h, k), rot(k, h), rot(-k, h),
               rot(-h, k), rot(-h, -k)]
    c.polygon((0, 0, 0), [(px + 2, py + 3) for px, py in corners])
    c.polygon(colour, corners)
    c.polygon(theme.darken(colour, 0.45), corners, max(1.0, size * 0.05))
    pip = theme.CREAM
    for dx, dy in PIPS.get(value, []):
        c.circle(pip, *rot(dx * h * 0.5, dy * h * 0.5), size * 0.09)
    if lit:
        c.polygon(theme.HILITE, corners, 2.5)


# --- the bag -------------------------------------------------------------------------------------

def bag(c: Canvas, x: float, y: float, size: float, count: int) -> None:
    c.icon("aor_bag", x, y, size)
    c.circle((252, 244, 226), x + size * 0.34, y + size * 0.3, size * 0.2)
    c.circle(MARKER_EDGE, x + size * 0.34, y + size * 0.3, size * 0.2, 1.2)
    c.text(str(count), x + size * 0.34, y + size * 0.3, size * 0.22, INK, True, "center")


def ship_badge(c: Canvas, x: float, y: float, size: float) -> None:
    """The ship symbol an area shows when it needs a ship card (R1.4.3)."""
    c.icon("aor_ship", x, y, size)


def vp_badges(c: Canvas, x: float, y: float, values: tuple[int, ...], size: float,
              anchor_right: bool = True, lit: int = -1) -> float:
    """An area's VP values as small laurel-green plaques, first to last place; returns the
    width used. `lit`: the rank shown highlighted (-1: none)."""
    w = size * 1.5
    gap = size * 0.22
    total = len(values) * w + (len(values) - 1) * gap
    x0 = x - total if anchor_right else x
    for i, v in enumerate(values):
        bx = x0 + i * (w + gap)
        fill = (64, 112, 58) if i == 0 else (92, 130, 80) if i == 1 else (118, 146, 104)
        if i == lit:
            fill = theme.HILITE
        c.fill(theme.darken(fill, 0.35), bx, y - size / 2 + 1, w, size, size * 0.25)
        c.fill(fill, bx, y - size / 2, w, size, size * 0.25)
        c.text(str(v), bx + w / 2, y, size * 0.78, INK if i == lit else theme.CREAM, True,
               "center")
    return total

"""Combat odds (R8.5): strengths are fixed parts plus the difference of two dice per side, so
the margin (attacker minus defender) of a combat is a sum of small independent integer
distributions: the fixed parts, each side's card (a mixture when it is hidden), the allies who
may turn their Ally card (each a chance), and the dice. Everything here is exact arithmetic
over those distributions (no sampling), with the outcome classes that decide discs and unrest
(engine.aor.strength.outcome, the R8.6.6 table).

A distribution ("pmf") is (offset, probabilities): value offset + i has probability p[i].
"""

from __future__ import annotations

from functools import cache

from engine.aor.strength import Outcome, outcome

Pmf = tuple[int, tuple[float, ...]]

# the margin classes that differ in discs or unrest (R8.6.6): >= 3, 2, 1, 0, -1, -2, <= -3
CLASSES = (3, 2, 1, 0, -1, -2, -3)


def point(v: int) -> Pmf:
    return (v, (1.0,))


@cache
def dice_diff(faces: int = 6) -> Pmf:
    """|d1 - d2| of two dice (R8.5.4)."""
    counts = [0.0] * faces
    for a in range(1, faces + 1):
        for b in range(1, faces + 1):
            counts[abs(a - b)] += 1.0
    total = float(faces * faces)
    return (0, tuple(c / total for c in counts))


def add(a: Pmf, b: Pmf) -> Pmf:
    """The distribution of the sum of two independent values."""
    oa, pa = a
    ob, pb = b
    out = [0.0] * (len(pa) + len(pb) - 1)
    for i, x in enumerate(pa):
        if x == 0.0:
            continue
        for j, y in enumerate(pb):
            out[i + j] += x * y
    return (oa + ob, tuple(out))


def neg(a: Pmf) -> Pmf:
    o, p = a
    return (-(o + len(p) - 1), tuple(reversed(p)))


def shift(a: Pmf, k: int) -> Pmf:
    return (a[0] + k, a[1])


def mixture(items: list[tuple[float, int]]) -> Pmf:
    """A value that is `v` with weight `w` for each (w, v) (weights normalised)."""
    if not items:
        return point(0)
    lo = min(v for _, v in items)
    hi = max(v for _, v in items)
    out = [0.0] * (hi - lo + 1)
    tot = sum(w for w, _ in items)
    if tot <= 0:
        return point(lo)
    for w, v in items:
        out[v - lo] += w / tot
    return (lo, tuple(out))


def bernoullis(probs: list[float]) -> Pmf:
    """The number of successes of independent chances (allies turning their Ally card)."""
    out: Pmf = point(0)
    for q in probs:
        out = add(out, (0, (1.0 - q, q)))
    return out


@cache
def dice_margin(faces: int, att_dice: bool, def_dice: bool) -> Pmf:
    """The attacker's dice term minus the defender's."""
    d = dice_diff(faces)
    z = point(0)
    if att_dice:
        z = add(z, d)
    if def_dice:
        z = add(z, neg(d))
    return z


def classes(m: Pmf) -> tuple[float, ...]:
    """P(margin in each class of CLASSES)."""
    o, p = m
    out = [0.0] * len(CLASSES)
    for i, x in enumerate(p):
        v = o + i
        k = 0 if v >= 3 else 6 if v <= -3 else 3 - v
        out[k] += x
    return tuple(out)


def with_reroll(cls: tuple[float, ...], bad: tuple[bool, ...]) -> tuple[float, ...]:
    """The class probabilities when a holder of Reserves re-rolls the whole battle once after
    a result in a `bad` class (R6.5.7, O13: the same cards, new dice for both sides)."""
    pb = sum(p for p, b in zip(cls, bad, strict=True) if b)
    return tuple((0.0 if b else p) + pb * p for p, b in zip(cls, bad, strict=True))


def win_prob(cls: tuple[float, ...]) -> float:
    return cls[0] + cls[1] + cls[2]


@cache
def class_outcome(k: int) -> Outcome:
    """The outcome (who wins, unrest) of a margin in class k (engine.aor.strength.outcome)."""
    m = CLASSES[k]
    return outcome(m, 0) if m >= 0 else outcome(0, -m)


# margin classes bad for each side: the attacker re-rolls a tie or a loss, the defender a loss
ATT_BAD = (False, False, False, True, True, True, True)
DEF_BAD = (True, True, True, False, False, False, False)

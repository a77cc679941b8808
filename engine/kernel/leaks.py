"""A check that hidden information never reaches another seat's view, for any game on the
kernel (its declared hidden parts, engine.kernel.hidden): simulations and tests run it."""

from __future__ import annotations

import json
from typing import Any

from engine.kernel import hidden
from engine.kernel.runner import Runner


def _strings(x: Any, out: set[str]) -> set[str]:
    if isinstance(x, str):
        out.add(x)
    elif isinstance(x, dict):
        for k, v in x.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(x, list | tuple):
        for v in x:
            _strings(v, out)
    return out


def _removed(full: Any, red: Any, out: set[str]) -> set[str]:
    """The strings of `full` at the places where `red` (its redacted copy) differs."""
    if isinstance(full, dict) and isinstance(red, dict):
        for k, v in full.items():
            if k in red:
                _removed(v, red[k], out)
            else:
                _strings(v, out)
    elif isinstance(full, list) and isinstance(red, list) and len(full) == len(red):
        if full != red and _same_items(full, red):
            return out  # only the order is hidden (a bag): its items are public
        for a, b in zip(full, red, strict=True):
            _removed(a, b, out)
    elif full != red:
        _strings(full, out)
    return out


def _same_items(a: list[Any], b: list[Any]) -> bool:
    """The same items in another order."""
    key = lambda x: json.dumps(x, sort_keys=True)  # noqa: E731
    return sorted(map(key, a)) == sorted(map(key, b))


def hidden_leaks(g: Runner) -> list[str]:
    """Hidden information never reaches another seat's view: for each seat and each part
    hidden from it (the declared hidden parts, engine.kernel.hidden), the ids that part's
    redaction takes out of the full state (hidden cards...) appear nowhere in that seat's
    view — not in a rule step, a decision or any other field. Ids the game says are public
    knowledge anyway (`GameDefinition.public_ids`: cards shown face up, which may also lie in
    a hidden pile) are not counted."""
    public = g.definition.public_ids(g)
    full = g.state.to_plain()
    secrets: dict[tuple[str, int | None], set[str]] = {}  # the ids each redaction takes out
    errs: list[str] = []
    for viewer in range(g.state.n):
        shown: set[str] | None = None
        for part, owner in hidden.hidden_from(g.definition.hidden, g.state, viewer):
            key = (part.name, owner)
            if key not in secrets:
                redacted = g.state.to_plain()
                part.redact(redacted, owner)
                secrets[key] = {x for x in _removed(full, redacted, set())
                                if "_" in x and len(x) >= 4}
            if not secrets[key]:
                continue
            if shown is None:
                shown = _strings(g.view(viewer), set())
            leaked = sorted((secrets[key] & shown) - public)
            if leaked:
                errs.append(f"seat {viewer} sees {part.name} of seat {owner}: {leaked[:3]}")
    return errs

"""The save envelope shared by every game: atomic writes, a size cap, one-sentence refusals,
the version upgrade chain."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Doc = dict[str, Any]


def run_upgrades(doc: Doc, steps: Mapping[int, Callable[[Doc], Doc]], current: int) -> Doc:
    """Upgrade a document one version at a time (`steps[v]` turns version v into v + 1).
    KeyError for a version below 1 or a missing step (never skipped)."""
    v = int(doc["version"])
    if v < 1:
        raise KeyError(v)
    while v < current:
        doc = steps[v](doc)
        v += 1
        doc["version"] = v
    return doc

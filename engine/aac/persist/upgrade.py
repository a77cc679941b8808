"""Upgrading old save documents to the current version, one step per old version."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.aac.persist.models import CURRENT_VERSION

Doc = dict[str, Any]

# UPGRADERS[v] turns a version-v document into a version-(v + 1) document. Version 1 is the
# first format, so there is nothing to upgrade yet; the harness in tests/test_saves.py checks
# that a chain of registered upgraders runs in order.
UPGRADERS: dict[int, Callable[[Doc], Doc]] = {}


def upgrade(doc: Doc, current: int = CURRENT_VERSION) -> Doc:
    v = int(doc["version"])
    if v < 1:
        raise KeyError(v)
    while v < current:
        doc = UPGRADERS[v](doc)
        v += 1
        doc["version"] = v
    return doc

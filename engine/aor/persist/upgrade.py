"""Upgrade steps of the aor-save format: `UPGRADERS[v]` turns a version-v document into
version v + 1 (the kernel runs the chain, engine.kernel.saves.run_upgrades). Version 1 is
the first: no step yet. A format change bumps persist.models.CURRENT_VERSION, adds its step
here and keeps a fixture saved before the change (tests/fixtures/aor/)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Doc = dict[str, Any]

UPGRADERS: dict[int, Callable[[Doc], Doc]] = {}

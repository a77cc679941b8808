"""`--smoke`: a headless self-test of the packaged game (filled in by the packaging work)."""

from __future__ import annotations


def run() -> int:
    raise SystemExit("smoke mode is not implemented yet")

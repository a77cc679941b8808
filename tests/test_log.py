"""Game-log lines read as sentences."""

from __future__ import annotations

from engine import events as ev
from engine.data import rules
from engine.log import describe


def test_perk_line_ends_with_one_full_stop() -> None:
    r = rules()
    line = describe(ev.PerkTaken(0, "section", "Free 1 Compass and 1 Magnet energy from your "
                                               "reserve."), r, ["aureon"])
    assert line.endswith("from your reserve.") and not line.endswith("..")
    line = describe(ev.PerkTaken(0, "bonus", "Recharge"), r, ["aureon"])
    assert line.endswith("perk: Recharge.")

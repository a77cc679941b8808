"""Age of Reason's table pace (game.aor.table.driver): a person's own moves and combats play at
the set speed; the bots' bidding war (R5) speeds up the longer it runs since the person last
acted; a combat among bots alone (R8) plays faster, one a person fights or allies in does
not."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.aor.api import events as ev
from game.aor.table import driver as drv
from game.aor.table.driver import TurnDriver

PERSON = 0  # seat 0 is the person; seats 1-3 are bots


def table(kind: str = "box") -> SimpleNamespace:
    session = SimpleNamespace(humans=[PERSON], is_human=lambda seat: seat == PERSON)
    settings = SimpleNamespace(anim_speed=1.0, fast_bots=False, bot_delay=0.25)
    return SimpleNamespace(session=session, settings=settings,
                           pending=SimpleNamespace(kind=kind, seat=1))


def revealed(attacker: int, defender: int, allies: tuple[tuple[int, str], ...] = ()) -> object:
    return ev.CombatRevealed(attacker, "c", defender, "d", allies)


def driver(monkeypatch: pytest.MonkeyPatch, kind: str = "box") -> tuple[TurnDriver, list[float]]:
    clock = [100.0]
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    d = TurnDriver(table(kind))
    return d, clock


def test_a_combat_among_bots_alone_plays_faster(monkeypatch: pytest.MonkeyPatch) -> None:
    """R8.5: bots 1 and 2 fight, bot 3 allies: the person watches it at BOTS_COMBAT."""
    d, _ = driver(monkeypatch)
    d.batch_by_bot = True
    d.note_step("buy_npc", [revealed(1, 2, ((3, "ally"),)), ev.DiceRolled("attacker", (3, 4), 0)])
    assert d.anim_speed() == pytest.approx(drv.BOTS_COMBAT)


@pytest.mark.parametrize("fight", [revealed(PERSON, 2), revealed(1, PERSON),
                                   revealed(1, 2, ((PERSON, "ally"),))])
def test_a_combat_a_person_fights_or_allies_in_plays_as_set(
        monkeypatch: pytest.MonkeyPatch, fight: object) -> None:
    """R8.4/R8.5: the person attacks, defends or reveals an ally's card: the set speed, even
    when a bot made the last secret choice."""
    d, _ = driver(monkeypatch)
    d.batch_by_bot = True
    d.note_step("ally", [fight, ev.DiceRolled("attacker", (1, 6), 1)])
    assert d.anim_speed() == 1.0


def test_a_reserves_reroll_remembers_who_fights(monkeypatch: pytest.MonkeyPatch) -> None:
    """R6.5.7: the re-roll comes in a later step than the reveal; the person who fought is
    still in the combat."""
    d, _ = driver(monkeypatch)
    d.batch_by_bot = True
    d.note_step("ally", [revealed(1, PERSON)])
    d.note_step("reserves", [ev.ReservesUsed(1, "reserves"),
                             ev.DiceRolled("attacker", (2, 2), 1, rerolled_by=1)])
    assert d.anim_speed() == 1.0


def test_the_bots_bidding_war_speeds_up_after_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    """R5: bots' bids play as set at first, then faster, never past MAX_RAMP; the person's
    own bid resets the clock; the pause before a bot's bid shortens with it."""
    d, clock = driver(monkeypatch, kind="bid")
    d.batch_by_bot = False
    d.note_step("bid", [])  # the person bids
    assert d.anim_speed() == 1.0
    d.batch_by_bot = True
    clock[0] += 1.0
    d.note_step("bid", [])
    assert d.anim_speed() == 1.0 and d.bot_pause() == pytest.approx(0.25)
    clock[0] += 2.0  # 3 s after the person's bid: (3 / RAMP_AFTER) ** 3
    d.note_step("proposal", [])
    assert d.anim_speed() == pytest.approx((3.0 / drv.RAMP_AFTER) ** 3)
    assert d.bot_pause() < 0.25
    clock[0] += 60.0
    d.note_step("bid", [])
    assert d.anim_speed() == drv.MAX_RAMP
    d.batch_by_bot = False
    d.note_step("bid", [])
    assert d.anim_speed() == 1.0


def test_fast_bots_and_the_person_s_own_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "fast bots" setting: three times the set speed for every bot move; a person's
    move is never sped up."""
    d, _ = driver(monkeypatch)
    d.t.settings.fast_bots = True
    d.batch_by_bot = True
    d.note_step("box", [])
    assert d.anim_speed() == 3.0
    d.batch_by_bot = False
    d.note_step("box", [revealed(1, 2)])
    assert d.anim_speed() == 1.0


def test_the_readme_says_the_pace_the_driver_plays() -> None:
    """The README's promise ("up to four times", "1.75 times the set speed", "three times
    faster") is what the driver does."""
    text = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(
        encoding="utf-8").split())
    assert drv.MAX_RAMP == 4.0 and "(up to four times)" in text
    assert drv.BOTS_COMBAT == 1.75 and "plays at 1.75 times the set speed" in text
    assert "three times faster" in text

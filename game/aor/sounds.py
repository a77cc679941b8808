"""What Age of Reason's events sound like when the table shows them (the shell's synthesized
effects, game.shell.sound): registered on import.

Discs set down (a bid's proposal, a box taken, an Aktion converted) -> "disc"; gold paid,
levied or earned (a phase won, a levy, a non-player ally bought, income) -> "coin"; cards put
face down and turned up -> "card"; the dice are thrown by the table's own tray ("dice", and
"dice_hit" as they strike); an attack won -> "complete"; the end of a turn -> "push"; the
game's end -> "end". Everything else (words, tracks, log-only events) is silent. The
animator plays most of these where their picture lands; this map is for the events a table
shows without animation (instant speed, a skip)."""

from __future__ import annotations

from engine.aor.api import events as ev
from engine.kernel.events import Event
from game.shell import sound

EFFECTS: dict[type[Event], str] = {
    ev.MarkersDrawn: "land",
    ev.BidMade: "disc",
    ev.AuctionPhaseWon: "coin",
    ev.AlliancesDrawn: "disc",
    ev.BoxTaken: "disc",
    ev.Levied: "coin",
    ev.Converted: "disc",
    ev.CardCommitted: "card",
    ev.NpcBought: "coin",
    ev.CombatRevealed: "card",
    ev.DiceRolled: "dice",
    ev.ReservesUsed: "disc",
    ev.CombatResolved: "complete",
    ev.Income: "coin",
    ev.UnrestRolled: "dice_hit",
    ev.TurnEnded: "push",
    ev.GameOver: "end",
}

sound.add_event_effects(EFFECTS)

"""What An Age Contrived's events sound like when the table shows them (the shell's
synthesized effects, game.shell.sound): registered on import.

SectionConstructed -> "snap" (the section drops onto its stack), SectionCompleted ->
"complete", TilesPushed -> "push" (the device's tiles slide one position), TokenMoved -> "land"
(every token move ends with the token landing somewhere), TileClaimed -> "land" (a tile from
the Tile Pool lands on its board), AchievementClaimed -> "complete", GameEnded -> "end";
everything else (scores, turns, figures walking, tracks, log-only events) is silent."""

from __future__ import annotations

from engine.aac.api import events as ev
from game.shell import sound

EFFECTS: dict[type[ev.Event], str] = {
    ev.SectionConstructed: "snap",
    ev.SectionCompleted: "complete",
    ev.TilesPushed: "push",
    ev.TokenMoved: "land",
    ev.TileClaimed: "land",
    ev.AchievementClaimed: "complete",
    ev.GameEnded: "end",
}

sound.add_event_effects(EFFECTS)

"""Game configuration: seats, seed, character selection and named rules options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.aac.modules import MODULES, check_names
from engine.kernel.words import said

# Named rules options for OPEN points of RULES.md (R0.4). Defaults follow the [PROPOSED] text.
# key -> (default, explanation in plain words). The keys are saved in game configs: keep them.
# Developers: running_out_everywhere is RULES.md O63 (R14.1), ignotas_once_per_turn is O46 (R25.5),
# doubler_patron_trigger is O71 (R21.1, R29.2.1).
RULES_OPTIONS: dict[str, tuple[Any, str]] = {
    "running_out_everywhere": (
        True,
        "When your exhausted pool is empty, you may also take energy from your board (Running "
        "Out) for interest, replenishing and Tile Pool deposits, not only for loading. Off: "
        "only loading, tracks and Chronari's Rewind may run out, as in the base rulebook (with "
        "the Folklore Module the wider rule always applies).",
    ),
    "ignotas_once_per_turn": (
        False,
        "Ignotas's Keeper's Charge (recharge when a Wild is loaded into position 2) works only "
        "once per turn, as with the expansion modules. Off: no limit.",
    ),
    "doubler_patron_trigger": (
        True,
        "Putting a Doubler Token on your bound energy at a Monument (or moving a doubled energy "
        "there) lets you take its Monument Patron Token when you then count 2 or more there. "
        "Off: only binding an energy does.",
    ),
    # Folklore (R26): the expert hand (R26.1.3), O69 (R26.3.1) and O68 (R26.3.8)
    "folklore_expert_hand": (
        False,
        "Folklore: each player chooses 3 of their 6 Folklore Cards as their hand instead of "
        "being dealt 3 at random.",
    ),
    "folklore_forfeit_flexible": (
        False,
        "Folklore: placing an Artifact forfeits all flexible movement points (those you could "
        "spend on your character or a track). Off: you keep them for the tracks.",
    ),
    "folklore_active_only": (
        False,
        "Folklore: only the player whose turn it is may place Artifacts. Off: a player who "
        "moves their character on another player's turn may place one too.",
    ),
    # Pilgrimage (R27): O66 (R27.5.2), the closed space's reminder (R27.1.7, R32.1)
    "pilgrimage_active_always": (
        False,
        "Pilgrimage: the active player always takes part in a Shrine completion (builds a "
        "Shrine and moves up to their speed), even with no energy on the Pilgrim Board.",
    ),
    "pilgrimage_blocker": (
        True,
        "Pilgrimage, 2 players: at setup the start player may put an energy of an unused "
        "character on the bottom-right Compass space of the Pilgrim Board, as a reminder that "
        "it is closed (it is closed either way). Off: nobody is asked.",
    ),
}

# Options that belong to a module: a game without the module does not hold them (so the
# saves of games without it stay exactly as they were); "*": an option of the parts both
# modules share, held by a game with any module.
OPTION_MODULE: dict[str, str] = {
    "folklore_expert_hand": "folklore",
    "folklore_forfeit_flexible": "folklore",
    "folklore_active_only": "folklore",
    "pilgrimage_active_always": "pilgrimage",
    "pilgrimage_blocker": "pilgrimage",
    "doubler_patron_trigger": "*",  # the shared parts (Doublers): with any module
}

# key -> a short title for a button or a list of options.
RULES_OPTION_TITLES: dict[str, str] = {
    "folklore_expert_hand": "Choose your Folklore hand",
    "folklore_forfeit_flexible": "Artifacts forfeit flexible points",
    "folklore_active_only": "Artifacts on your own turn only",
    "pilgrimage_active_always": "Active player always takes part",
    "pilgrimage_blocker": "Mark the closed Compass space",
    "running_out_everywhere": "Running Out for every effect",
    "ignotas_once_per_turn": "Keeper's Charge once per turn",
    "doubler_patron_trigger": "Doublers win Patron Tokens",
}


def module_title(name: str) -> str:
    """A module's title in words."""
    m = MODULES.get(name)
    return m.title if m is not None else name.replace("_", " ").capitalize()


def option_title(key: str) -> str:
    """A rules option's title in words (its key with spaces if it has none)."""
    return RULES_OPTION_TITLES.get(key) or key.replace("_", " ").capitalize()



@dataclass(slots=True)
class GameConfig:
    players: int = 2
    seed: int = 0
    characters: list[str | None] | None = None  # per seat in seat order; None = random
    character_selection: str = "random"  # "random" or "choice" (free choice in turn order)
    expert_loading: bool = False  # R3.3.9 expert variant
    auto_skip_forced: bool = True  # apply decisions with exactly one legal choice automatically
    options: dict[str, Any] = field(default_factory=dict)
    modules: tuple[str, ...] = ()  # expansion modules (engine.aac.modules), none by default

    def __post_init__(self) -> None:
        self.modules = tuple(self.modules)

    def validate(self) -> None:
        if not 2 <= self.players <= 5:
            raise ValueError("players must be 2-5 (a solo game is 1 human seat + 1 bot seat)")
        if self.character_selection not in ("random", "choice"):
            raise ValueError("character_selection must be 'random' or 'choice'")
        if self.characters is not None and len(self.characters) != self.players:
            raise ValueError("characters must list one entry per seat")
        for k in self.options:
            if k not in RULES_OPTIONS:
                raise ValueError(f"unknown rules option {said(k)}")
        check_names(self.modules)

    def resolved_options(self) -> dict[str, Any]:
        # a module's option is resolved only in a game with that module (older saves of the
        # base game keep exactly their options); "*" = with any module (the shared parts)
        out = {k: v[0] for k, v in RULES_OPTIONS.items()
               if OPTION_MODULE.get(k, "") in ("", *self.modules)
               or (OPTION_MODULE.get(k) == "*" and self.modules)}
        out.update(self.options)
        out["auto_skip_forced"] = self.auto_skip_forced
        out["expert_loading"] = self.expert_loading
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "characters": self.characters,
            "character_selection": self.character_selection,
            "expert_loading": self.expert_loading,
            "auto_skip_forced": self.auto_skip_forced,
            "options": dict(self.options),
            "modules": list(self.modules),
        }

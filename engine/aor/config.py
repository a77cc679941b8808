"""A game's configuration: seats, seed, how countries are chosen, the optional random first
alliances (R5.6) and the named rules options for OPEN points of RULES.md (R0.4, R16).

Option keys are saved in game configs: never rename one. Defaults follow the [PROPOSED] text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.aor.catalog import tables
from engine.kernel.words import said

SEATS = (2, 7)

# key -> (default, what it means in plain words)
RULES_OPTIONS: dict[str, tuple[bool, str]] = {
    "gb_hanover": (
        True,
        "Great Britain's home country borders the German States (Hanover), so Great Britain "
        "may always attack there. Off: Great Britain's home borders no area.",
    ),
    "bavaria_saxony_anywhere": (
        False,
        "Bavaria and Saxony add their +1 in every area, as the rulebook's two combat examples "
        "count them. Off: only in the German States, as the boxes say (O22).",
    ),
    "seventh_disc_on_7": (
        False,
        "The seventh country always joins the top row (space 7). Off: whoever wins the last "
        "bidding chooses space 7 or 8 (O12).",
    ),
    "phase_starter_after_winner": (
        False,
        "Each new bidding phase is opened by the player to the left of the previous phase's "
        "winner. Off: to the left of the previous phase's opener (O10).",
    ),
    "one_space_per_box": (
        False,
        "A player may hold only one space of each box. Off: a player may take both spaces of "
        "Banking, Militias and the like (O26).",
    ),
    "reserves_second_space_5plus": (
        False,
        "The second Reserves space is used only with 5 or more players. Off: both Reserves "
        "spaces are used at every player count (O30).",
    ),
    "reroll_own_dice_only": (
        False,
        "Reserves re-rolls only your own two dice. Off: both sides of the battle re-roll (O13).",
    ),
    "war_office_one_segment": (
        False,
        "War Office gives two attacks only in the segment you take it. Off: in each of your "
        "action steps for the rest of the turn (O14).",
    ),
    "trading_choose_one_area": (
        False,
        "The East Indies and Levant Companies pay for the discs in one area of your choice. "
        "Off: the discs in both areas pay (O32).",
    ),
    "blank_conversion_discarded": (
        False,
        "A Blank played to convert an Aktion marker goes to your discard pile like any card. "
        "Off: it returns to your hand (O15).",
    ),
    "conversion_needs_presence": (
        False,
        "You may convert an Aktion marker only in a colony where you have a disc. Off: in any "
        "colony (O16).",
    ),
    "marker_fixed_strength": (
        False,
        "A numbered Empire marker defends with its number alone. Off: its number plus a roll "
        "of two dice (O17).",
    ),
    "npc_fixed_four": (
        False,
        "A non-player disc defends with 4 in all (plus its allies), no dice. Off: 4 plus a "
        "roll of two dice (O21).",
    ),
    "explicit_stay_out": (
        False,
        "A player who could help in a combat may stay out openly instead of putting down a "
        "card. Off: everyone who could help puts down their Ally or their Blank face down, so "
        "nobody learns who helped until the cards are turned (O18).",
    ),
    "no_allies_vs_markers": (
        False,
        "Nobody may help an attack on an Empire marker. Off: the attacker's allies may (O27).",
    ),
    "blank_ship_point": (
        False,
        "A Blank played in place of a ship card adds one ship to the attacker's strength. "
        "Off: it adds nothing (O19).",
    ),
    "blank_ally_tie_unrest": (
        False,
        "In a tie, a player who turned a Blank as an ally gains unrest too. Off: only those "
        "who turned their Ally card (O20).",
    ),
    "vp_may_go_negative": (
        False,
        "Unrest may take a country below 0 victory points. Off: victory points stop at 0 (O23).",
    ),
    "no_final_halving": (
        False,
        "Unrest is not halved after the third turn (the tie-break uses the unrest before "
        "halving). Off: it is halved as after every turn (O24).",
    ),
}

RULES_OPTION_TITLES: dict[str, str] = {
    "gb_hanover": "Hanover: Great Britain borders the German States",
    "bavaria_saxony_anywhere": "Bavaria and Saxony help everywhere",
    "seventh_disc_on_7": "Seventh country always on space 7",
    "phase_starter_after_winner": "Next bidding opens left of the winner",
    "one_space_per_box": "One space per box",
    "reserves_second_space_5plus": "Second Reserves space from 5 players",
    "reroll_own_dice_only": "Reserves re-roll your own dice only",
    "war_office_one_segment": "War Office for one segment",
    "trading_choose_one_area": "Companies pay for one area",
    "blank_conversion_discarded": "A converting Blank is discarded",
    "conversion_needs_presence": "Convert only where you have a disc",
    "marker_fixed_strength": "Empire markers defend without dice",
    "npc_fixed_four": "Non-player discs defend with 4, no dice",
    "explicit_stay_out": "Allies may stay out openly",
    "no_allies_vs_markers": "No allies against Empire markers",
    "blank_ship_point": "A Blank counts one ship",
    "blank_ally_tie_unrest": "Bluffing allies share a tie's unrest",
    "vp_may_go_negative": "Victory points may go below 0",
    "no_final_halving": "No halving after the last turn",
}

Selection = Literal["random", "choice"]


@dataclass(frozen=True)
class AorConfig:
    """players 2-7; countries: one country id (or None) per seat, or None; with selection
    "choice" the seats without a country choose in a random order (R2.1, O2), with "random"
    they get one at random; options: rules options by key (missing keys take their
    default)."""

    players: int = 3
    seed: int = 0
    countries: tuple[str | None, ...] | None = None
    country_selection: Selection = "random"
    random_first_alliances: bool = False
    options: Mapping[str, bool] = field(default_factory=dict)
    modules: tuple[str, ...] = ()

    def validate(self) -> None:
        lo, hi = SEATS
        if (not isinstance(self.players, int) or isinstance(self.players, bool)
                or not lo <= self.players <= hi):
            raise ValueError(f"Age of Reason is for {lo} to {hi} players, not {said(self.players)}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError("the seed must be a whole number")
        if self.country_selection not in ("random", "choice"):
            raise ValueError(f"unknown country selection {said(self.country_selection)}")
        if self.modules:
            raise ValueError("Age of Reason has no modules")
        for k, v in self.options.items():
            if k not in RULES_OPTIONS:
                raise ValueError(f"unknown rules option {said(k)}")
            if not isinstance(v, bool):
                raise ValueError(f"rules option {said(k)} must be true or false")
        if self.countries is not None:
            t = tables()
            if len(self.countries) != self.players:
                raise ValueError("countries must name one country (or none) per player")
            named = [c for c in self.countries if c is not None]
            for c in named:
                if c not in t.country_index:
                    raise ValueError(f"unknown country {said(c)}")
            if len(set(named)) != len(named):
                raise ValueError("two players cannot play the same country")

    def rules_options(self) -> dict[str, bool]:
        """Every rules option with its value (defaults filled in)."""
        return {k: bool(self.options.get(k, d)) for k, (d, _) in RULES_OPTIONS.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "countries": None if self.countries is None else list(self.countries),
            "country_selection": self.country_selection,
            "random_first_alliances": self.random_first_alliances,
            "options": dict(self.options),
            "modules": list(self.modules),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AorConfig:
        d = dict(data)
        known = {"players", "seed", "countries", "country_selection", "random_first_alliances",
                 "options", "modules"}
        extra = set(d) - known
        if extra:
            raise ValueError(f"unknown config field {said(sorted(extra)[0])}")
        if "players" not in d or "seed" not in d:
            raise ValueError("a config needs players and seed")
        countries = d.get("countries")
        cfg = cls(
            players=d["players"], seed=d["seed"],
            countries=None if countries is None else tuple(countries),
            country_selection=d.get("country_selection", "random"),
            random_first_alliances=d.get("random_first_alliances", False),
            options=dict(d.get("options") or {}),
            modules=tuple(d.get("modules") or ()),
        )
        cfg.validate()
        return cfg

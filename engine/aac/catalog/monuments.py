"""The models of `monuments.json`: The monuments and their sections, randomizer tokens, bonus
tiles, Monument Patron tokens and their rules (content README "monuments.json").

The top-level model is :class:`MonumentsFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import Frozen, Symbol
from engine.aac.catalog.counters import Condition
from engine.aac.catalog.effects import Effect, FreeReserveEffect


class MonumentsSetup(Frozen):
    monuments_in_use: str
    section_order: str
    bonus_tiles: str
    patron_tokens: str


class BonusTileCountRule(Frozen):
    rule: Literal["player_count_plus_one"]
    by_players: dict[int, int]


class BoundAreaScoring(Frozen):
    by_your_energy_in_one_bound_area: dict[int, int]
    cap: int
    note: str


class SectionCompletion(Frozen):
    perk_choice: str
    binding: str
    activation: str


class MonumentSpace(Frozen):
    id: str
    symbol: Symbol


class Section(Frozen):
    id: str
    number: int
    space_count: int
    spaces: tuple[MonumentSpace, ...]
    perk: FreeReserveEffect
    perk_text: str


class SymbolTotals(Frozen):
    compass: int
    rose: int
    magnet: int


class Monument(Frozen):
    id: str
    name: str
    region: str
    site: str
    always_in_use: bool
    randomizer_token: str | None
    colour: str
    description: str
    symbol_lean: str
    section_count: int
    total_spaces: int
    symbol_totals: SymbolTotals
    sections: tuple[Section, ...]


class RandomizerToken(Frozen):
    id: str
    monument: str


class MonumentBonusTile(Frozen):
    id: str
    name: str
    min_players: int
    always_present: bool
    effect: Effect
    text: str


class PatronToken(Frozen):
    id: str
    name: str
    monument: str
    spot: str


class PatronGain(Frozen):
    condition: Condition
    requires_token_available: bool
    max_held_per_player: int
    text: str


class PatronUse(Frozen):
    timing: Literal["end_of_advance_turn"]
    cost: Literal["exhaust_all_bottom_row_energy"]
    reusable: bool
    effect: Effect
    text: str


class PatronRules(Frozen):
    gain: PatronGain
    use: PatronUse


class MonumentsFile(Frozen):
    id: str
    energy_symbols: tuple[Symbol, ...]
    setup: MonumentsSetup
    bonus_tile_count_rule: BonusTileCountRule
    bound_area_scoring: BoundAreaScoring
    section_completion: SectionCompletion
    vertical_order_bottom_to_top: tuple[str, ...]
    vertical_order_note: str
    monuments: tuple[Monument, ...]
    randomizer_tokens: tuple[RandomizerToken, ...]
    monument_bonus_tiles: tuple[MonumentBonusTile, ...]
    monument_patron_tokens: tuple[PatronToken, ...]
    patron_rules: PatronRules

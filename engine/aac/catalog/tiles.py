"""The models of `tiles.json`: Icons, the transmutation device, the tracks, starting and Tile
Pool tiles, action tokens and upgrades, conduit tokens (content README "tiles.json").

The top-level model is :class:`TilesFile`.
"""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import (
    Frozen,
    IconId,
    MovementKind,
    StackId,
)
from engine.aac.catalog.effects import Effect


class Icon(Frozen):
    id: IconId
    name: str
    also_called: tuple[str, ...] = ()
    movement_kind: MovementKind
    meaning: str | None = None


class DevicePosition(Frozen):
    id: str
    position: int
    conduit_space: str


class DeckSpace(Frozen):
    id: str


class ConduitSpace(Frozen):
    id: str
    above_position: int


class TileRows(Frozen):
    top: str
    bottom: str


class Device(Frozen):
    id: str
    positions: tuple[DevicePosition, ...]
    position_order: str
    on_deck_spaces: tuple[DeckSpace, ...]
    on_deck_note: str
    conduit_spaces: tuple[ConduitSpace, ...]
    tile_rows: TileRows
    tiles_owned: int
    tiles_in_device: int


class Track(Frozen):
    id: Literal["monument_track", "pillar_track"]
    name: str
    icon: IconId
    pegs: int
    entry_peg: int
    top_peg: int
    binds_to: Literal["monument_bound_area", "pillar_of_civilization"]
    max_tokens: int
    note: str


class StartingTile(Frozen):
    id: str
    character: str
    number: Literal["0", "1", "2", "3", "4", "5"]
    start_location: str
    top_slots: int
    bottom_slots: int
    icons: tuple[IconId, ...]
    upgraded: bool


class StartingTiles(Frozen):
    note: str
    tiles: tuple[StartingTile, ...]


class TilePoolSlot(Frozen):
    slot: int
    price: int
    board_slot: str


class TilePool(Frozen):
    id: str
    location: str
    slots: tuple[TilePoolSlot, ...]
    display_size: int
    refill: str
    stacks: tuple[StackId, ...]
    setup: str
    stack_sizes_by_players: dict[StackId | Literal["total"], dict[int, int]]
    claim_steps: tuple[str, ...]
    end_game_vp_per_energy: int


class ShopTile(Frozen):
    id: str
    stack: StackId
    min_players: int
    top_slots: int
    bottom_slots: int
    icons: tuple[IconId, ...]
    upgraded: bool


class DefaultActionToken(Frozen):
    id: str
    position: int
    name: str
    effect: Effect
    text: str


class UpgradeCopy(Frozen):
    id: str
    min_players: int


class ActionUpgrade(Frozen):
    id: str
    column: int
    name: str
    replaces: str
    effect: Effect
    text: str
    copies: tuple[UpgradeCopy, ...]


class ActionUpgradeRules(Frozen):
    setup: str
    one_per_column: str
    column_5: str
    copies_by_players: dict[int, int]


class ConduitToken(Frozen):
    id: str
    icons: tuple[IconId, ...]
    double: bool


class ConduitStack(Frozen):
    id: str
    icon: IconId
    tokens_top_to_bottom: tuple[ConduitToken, ...]


class ConduitMatching(Frozen):
    rule: Literal["product_per_column"]
    text: str


class ConduitTokens(Frozen):
    stacks: tuple[ConduitStack, ...]
    setup: str
    taking: str
    matching: ConduitMatching


class ReferenceNumbers(Frozen):
    tiles_per_player: int
    device_positions: int
    tile_pool_prices: tuple[int, ...]
    claim_max_tiles: int
    reposition_default_times: int
    character_move_default: int


class TilesFile(Frozen):
    id: str
    icons: tuple[Icon, ...]
    device: Device
    tracks: tuple[Track, ...]
    starting_tiles: StartingTiles
    tile_pool: TilePool
    shop_tiles: tuple[ShopTile, ...]
    default_action_tokens: tuple[DefaultActionToken, ...]
    action_upgrades: tuple[ActionUpgrade, ...]
    action_upgrade_rules: ActionUpgradeRules
    conduit_tokens: ConduitTokens
    reference_numbers: ReferenceNumbers

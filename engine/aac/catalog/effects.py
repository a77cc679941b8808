"""The effect vocabulary: `{"effect": name, ...params}`, one closed set for the base game and
the Folklore & Pilgrimage expansion (content README "Vocabulary", expansion README "Effect
vocabulary").

Every name has one model and one parameter shape in both catalogs. A parameter value only the
expansion uses is accepted here too (`wild_from_exhausted`, `all_bottom_row`, `per`...), and so
is the `id` every expansion effect object carries. `Effect` is the discriminated union of all
models, so a name outside the vocabulary is rejected with the field that holds it.

`BASE_EFFECTS` are the names the base game's files use; `EXPANSION_EFFECTS` the 15 names only
the expansion has (the base catalog may not use them: engine.aac.catalog.loader checks it).

Frames keep effects in their saved (plain JSON) form: `effect_plain` gives that form of a model
and `effect_from_plain` the model of a plain form (both cached: catalog effects are few and
immutable).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Final, Literal, get_args

from pydantic import ConfigDict, Field, TypeAdapter

from engine.aac.catalog.common import (
    Frozen,
    MovementKind,
    ReserveChoice,
    Symbol,
    TrackKind,
)


class EffectBase(Frozen):
    """Fields every effect object has: its name (each model narrows it to its one name) and
    the expansion's positional `id`."""

    effect: str
    id: str | None = None


# --- composition -------------------------------------------------------------------------------


class ChoiceEffect(EffectBase):
    effect: Literal["choice"]
    options: tuple[Effect, ...]


class SequenceEffect(EffectBase):
    effect: Literal["sequence"]
    steps: tuple[Effect, ...]


# --- energy and reserve ------------------------------------------------------------------------


class FreeReserveEffect(EffectBase):
    effect: Literal["free_reserve"]
    types: tuple[ReserveChoice, ...]


class ShopDepositEffect(EffectBase):
    effect: Literal["shop_deposit"]
    count: int


class ReplenishTileEffect(EffectBase):
    effect: Literal["replenish_tile"]
    tiles: int
    row: Literal["top"]
    filter: Literal["has_icon"] | None = None


class RelocateEnergyEffect(EffectBase):
    effect: Literal["relocate_energy"]
    destinations: tuple[Literal["tile_pool", "achievement", "monument_section"], ...]


class LoadIntoDeviceEffect(EffectBase):
    effect: Literal["load_into_device"]
    slots: Literal["any_empty"]


class LoadEnergyEffect(EffectBase):
    effect: Literal["load_energy"]
    energies: tuple[Literal["activated_wild", "one_from_exhausted", "wild_from_exhausted"], ...]
    into: Literal["empty_slots_of_one_active_tile", "any_empty_slots"]
    if_none_exhausted: Literal["take_as_when_running_out"]


class ExhaustEnergyEffect(EffectBase):
    effect: Literal["exhaust_energy"]
    which: Literal["this", "activated_wild", "all_bottom_row"]


class SwapTopRowWithExhaustedEffect(EffectBase):
    effect: Literal["swap_top_row_with_exhausted"]
    count: int


# --- device and actions ------------------------------------------------------------------------


class RechargeEffect(EffectBase):
    effect: Literal["recharge"]


class DeployEffect(EffectBase):
    effect: Literal["deploy"]
    from_positions: tuple[int, ...]
    tiles: int


class ClaimTilesEffect(EffectBase):
    effect: Literal["claim_tiles"]
    max: int
    price_each: int | None


class ClaimRightmostFreeEffect(EffectBase):
    effect: Literal["claim_rightmost_free"]


class RepositionEffect(EffectBase):
    effect: Literal["reposition"]
    times: int


class ActivateActionEffect(EffectBase):
    effect: Literal["activate_action"]
    positions: tuple[int, ...]


class UpgradeActionEffect(EffectBase):
    effect: Literal["upgrade_action"]


class GainConduitEffect(EffectBase):
    effect: Literal["gain_conduit"]


class CountConduitsEffect(EffectBase):
    effect: Literal["count_conduits"]


class RearrangeConduitsEffect(EffectBase):
    effect: Literal["rearrange_conduits"]


class ReverseAdvanceCost(Frozen):
    exhaust_from_device: int


class ReverseAdvanceDirectionEffect(EffectBase):
    effect: Literal["reverse_advance_direction"]
    cost: ReverseAdvanceCost


# --- movement ----------------------------------------------------------------------------------


class MoveCharacterEffect(EffectBase):
    effect: Literal["move_character"]
    amount: int


class MoveTrackEffect(EffectBase):
    effect: Literal["move_track"]
    track: TrackKind
    amount: int


class MovementPointsEffect(EffectBase):
    effect: Literal["movement_points"]
    amount: int
    kinds: tuple[MovementKind, ...]
    per: Literal["region_with_your_artifact"] | None = None


class ExtraCharacterMovementEffect(EffectBase):
    effect: Literal["extra_character_movement"]
    amount: int


class SetRoseActivationEffect(EffectBase):
    effect: Literal["set_rose_activation"]
    movement_points: int


class FlyOverEmptyBridgeEffect(EffectBase):
    effect: Literal["fly_over_empty_bridge"]
    cost: int


class FlyCharacterEffect(EffectBase):
    effect: Literal["fly_character"]
    scope: Literal["current_or_adjacent_region"]
    spend: Literal["all_gained_movement"]


class TeleportCharacterEffect(EffectBase):
    effect: Literal["teleport_character"]
    to: Literal[
        "tile_pool", "any_non_bridge_space", "non_bridge_space_in_region_with_your_artifact"
    ]
    choose_facing: bool = False
    optional: bool = False


class MovementPerClaimedIconEffect(EffectBase):
    effect: Literal["movement_per_claimed_icon"]
    per_icon: int


# --- map, bridges and monuments ----------------------------------------------------------------


class PlaceBridgeEffect(EffectBase):
    effect: Literal["place_bridge"]


class ActivateOtherBonusTileEffect(EffectBase):
    effect: Literal["activate_other_bonus_tile"]


class ConstructSectionEffect(EffectBase):
    effect: Literal["construct_section"]
    which: Literal["topmost_of_any_monument"]
    completing_player: None = None


class ConstructAndDeconstructEffect(EffectBase):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    effect: Literal["construct_and_deconstruct"]
    here: Literal["a_region_entered_this_turn"]
    elsewhere: Literal["other_region_with_monument_in_use"]
    # ``construct`` would shadow ``BaseModel.construct``; the JSON key stays ``construct``.
    construct_: Literal["topmost_section_as_patron"] = Field(alias="construct")
    deconstruct: Literal["any_constructed_section_to_bottom_of_stack"]


class RelocateBoundEnergyEffect(EffectBase):
    effect: Literal["relocate_bound_energy"]
    count: int
    to: Literal["character_region", "presence_region"]
    same_kind: bool


class PlaceAsAnySymbolEffect(EffectBase):
    effect: Literal["place_as_any_symbol"]
    count: int
    energy: Literal["non_wild"]


class GainBothPerksEffect(EffectBase):
    effect: Literal["gain_both_perks"]


class BindFromSectionEffect(EffectBase):
    effect: Literal["bind_from_section"]
    count: int


class CharacterCountsAsEnergyEffect(EffectBase):
    """Valimod's passive."""

    effect: Literal["character_counts_as_energy"]
    value: int
    location: Literal["tile_pool"]
    immobile_there: bool
    may_exceed_price: bool
    when_spent_in_claim: TeleportCharacterEffect
    claim_without_tiles_to_teleport: bool
    no_interest_when_claiming_without_tiles: bool
    end_game_vp_if_in_tile_pool: int


# --- the expansion's own names (expansion README "Expansion effects") -------------------------


class FolkloreTrackEffect(EffectBase):
    effect: Literal["folklore_track"]
    steps: Literal[1, -1]


class PilgrimMoveEffect(EffectBase):
    effect: Literal["pilgrim_move"]
    max: Literal[1, 2]


class PlaceDoublerEffect(EffectBase):
    effect: Literal["place_doubler"]
    count: int
    on: Literal["monument", "pillar"] | None = None
    region: Literal["region_with_your_artifact"] | None = None


class GainScoringCardEffect(EffectBase):
    effect: Literal["gain_scoring_card"]
    cost_speed: Literal[0, 1]


class PlayersActEffect(EffectBase):
    effect: Literal["players_act"]
    who: Literal["each_opponent"]
    effects: tuple[Effect, ...]


class PrimeArtifactEffect(EffectBase):
    effect: Literal["prime_artifact"]


class SwapActionTokensEffect(EffectBase):
    effect: Literal["swap_action_tokens"]
    swaps: int


class RearrangeTilesEffect(EffectBase):
    effect: Literal["rearrange_tiles"]


class ActivateExhaustedEffect(EffectBase):
    effect: Literal["activate_exhausted"]
    count: int


class SwapWithExhaustedEffect(EffectBase):
    effect: Literal["swap_with_exhausted"]
    count: int


class ReturnToReserveEffect(EffectBase):
    effect: Literal["return_to_reserve"]
    count: int


class BindEnergyEffect(EffectBase):
    effect: Literal["bind_energy"]
    count: int
    source: Literal["exhausted_pool"]
    destination: Literal["monument", "pillar", "monument_or_pillar"]
    region: Literal["artifact_region", "any"]


class PlaceEnergyEffect(EffectBase):
    effect: Literal["place_energy"]
    count: int
    source: Literal["reserve"]
    types: tuple[Symbol, ...]
    destination: Literal["monument_section"]
    may_complete: bool
    fallback: Literal["exhaust"]


class MovementPerTileIconEffect(EffectBase):
    effect: Literal["movement_per_tile_icon"]
    tiles: int
    per_icon: int


class ConstructShrineEffect(EffectBase):
    effect: Literal["construct_shrine"]


BaseEffectModel = (
    ChoiceEffect
    | SequenceEffect
    | FreeReserveEffect
    | ShopDepositEffect
    | ReplenishTileEffect
    | RelocateEnergyEffect
    | LoadIntoDeviceEffect
    | LoadEnergyEffect
    | ExhaustEnergyEffect
    | SwapTopRowWithExhaustedEffect
    | RechargeEffect
    | DeployEffect
    | ClaimTilesEffect
    | ClaimRightmostFreeEffect
    | RepositionEffect
    | ActivateActionEffect
    | UpgradeActionEffect
    | GainConduitEffect
    | CountConduitsEffect
    | RearrangeConduitsEffect
    | ReverseAdvanceDirectionEffect
    | MoveCharacterEffect
    | MoveTrackEffect
    | MovementPointsEffect
    | ExtraCharacterMovementEffect
    | SetRoseActivationEffect
    | FlyOverEmptyBridgeEffect
    | FlyCharacterEffect
    | TeleportCharacterEffect
    | MovementPerClaimedIconEffect
    | PlaceBridgeEffect
    | ActivateOtherBonusTileEffect
    | ConstructSectionEffect
    | ConstructAndDeconstructEffect
    | RelocateBoundEnergyEffect
    | PlaceAsAnySymbolEffect
    | GainBothPerksEffect
    | BindFromSectionEffect
    | CharacterCountsAsEnergyEffect
)

ExpansionEffectModel = (
    FolkloreTrackEffect
    | PilgrimMoveEffect
    | PlaceDoublerEffect
    | GainScoringCardEffect
    | PlayersActEffect
    | PrimeArtifactEffect
    | SwapActionTokensEffect
    | RearrangeTilesEffect
    | ActivateExhaustedEffect
    | SwapWithExhaustedEffect
    | ReturnToReserveEffect
    | BindEnergyEffect
    | PlaceEnergyEffect
    | MovementPerTileIconEffect
    | ConstructShrineEffect
)

Effect = Annotated[BaseEffectModel | ExpansionEffectModel, Field(discriminator="effect")]


def _names(models: Any) -> dict[str, type[EffectBase]]:
    out: dict[str, type[EffectBase]] = {}
    for model in get_args(models):
        (name,) = get_args(model.model_fields["effect"].annotation)
        out[name] = model
    return out


BASE_MODELS: Final[Mapping[str, type[EffectBase]]] = _names(BaseEffectModel)
EXPANSION_MODELS: Final[Mapping[str, type[EffectBase]]] = _names(ExpansionEffectModel)
EFFECT_MODELS: Final[Mapping[str, type[EffectBase]]] = {**BASE_MODELS, **EXPANSION_MODELS}
BASE_EFFECTS: Final[frozenset[str]] = frozenset(BASE_MODELS)
EXPANSION_EFFECTS: Final[frozenset[str]] = frozenset(EXPANSION_MODELS)
EFFECT_NAMES: Final[frozenset[str]] = BASE_EFFECTS | EXPANSION_EFFECTS

EFFECT_ADAPTER: Final[TypeAdapter[Effect]] = TypeAdapter(Effect)


def nested(e: EffectBase) -> tuple[EffectBase, ...]:
    """The effects directly inside `e` (a choice's options, a sequence's steps, the effects
    others carry out, Valimod's teleport)."""
    if isinstance(e, ChoiceEffect):
        return e.options
    if isinstance(e, SequenceEffect):
        return e.steps
    if isinstance(e, PlayersActEffect):
        return e.effects
    if isinstance(e, CharacterCountsAsEnergyEffect):
        return (e.when_spent_in_claim,)
    return ()


def walk(e: EffectBase) -> Iterator[EffectBase]:
    """`e` and every effect nested in it, depth first."""
    yield e
    for inner in nested(e):
        yield from walk(inner)


_PLAIN: dict[int, tuple[EffectBase, dict[str, Any]]] = {}  # id(model) -> (model, plain form)
_OF_PLAIN: dict[int, tuple[Mapping[str, Any], EffectBase]] = {}  # id(plain) -> (plain, model)
_TYPED: dict[str, EffectBase] = {}  # canonical JSON of a plain form -> model


def effect_plain(e: EffectBase) -> dict[str, Any]:
    """The effect as the catalog file writes it (the fields it was given, JSON lists), which
    is also how frames and saves keep it. Do not mutate the result (it is cached)."""
    hit = _PLAIN.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    plain = e.model_dump(mode="json", by_alias=True, exclude_unset=True)
    _PLAIN[id(e)] = (e, plain)
    _OF_PLAIN[id(plain)] = (plain, e)
    _TYPED.setdefault(json.dumps(plain, sort_keys=True), e)
    return plain


def effect_from_plain(d: Mapping[str, Any]) -> EffectBase:
    """The typed effect of a plain form (from a frame or a save): validated once per shape.
    Raises pydantic's ValidationError (a ValueError) for an unknown name or a bad shape."""
    hit = _OF_PLAIN.get(id(d))
    if hit is not None and hit[0] is d:  # the cached plain form itself (a live frame)
        return hit[1]
    key = json.dumps(d, sort_keys=True)
    e = _TYPED.get(key)
    if e is None:
        e = EFFECT_ADAPTER.validate_python(d)
        _TYPED[key] = e
    return e


ChoiceEffect.model_rebuild()
SequenceEffect.model_rebuild()
PlayersActEffect.model_rebuild()

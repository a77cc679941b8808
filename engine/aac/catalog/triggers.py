"""The trigger vocabulary of character powers: `{"trigger": name, ...params}` (content README
"Triggers"), plus the power limits."""

from __future__ import annotations

from typing import Annotated, Final, Literal, get_args

from pydantic import ConfigDict, Field

from engine.aac.catalog.common import EnergyType, Frozen, TurnType

TriggerName = Literal[
    "passive",
    "on_gain_character_movement",
    "on_activate_energy",
    "end_of_turn_if_entered_region",
    "on_load_wild_into_position",
    "before_position_action",
    "on_recharge_while_charged",
    "start_of_advance_turn",
    "claim_step_2",
    "on_would_bounce",
    "after_first_push_of_two",
    "on_place_energy_in_section",
    "on_section_completed",
]
TRIGGER_NAMES: Final[frozenset[str]] = frozenset(get_args(TriggerName))


class TriggerBase(Frozen):
    trigger: str


class PassiveTrigger(TriggerBase):
    trigger: Literal["passive"]


class OnGainCharacterMovementTrigger(TriggerBase):
    trigger: Literal["on_gain_character_movement"]
    min_amount: int


class OnActivateEnergyTrigger(TriggerBase):
    trigger: Literal["on_activate_energy"]
    types: tuple[EnergyType, ...]


class EndOfTurnIfEnteredRegionTrigger(TriggerBase):
    trigger: Literal["end_of_turn_if_entered_region"]
    turn_types: tuple[TurnType, ...]


class OnLoadWildIntoPositionTrigger(TriggerBase):
    trigger: Literal["on_load_wild_into_position"]
    position: int


class BeforePositionActionTrigger(TriggerBase):
    trigger: Literal["before_position_action"]
    position: int


class OnRechargeWhileChargedTrigger(TriggerBase):
    trigger: Literal["on_recharge_while_charged"]


class StartOfAdvanceTurnTrigger(TriggerBase):
    trigger: Literal["start_of_advance_turn"]


class ClaimStep2Trigger(TriggerBase):
    trigger: Literal["claim_step_2"]


class OnWouldBounceTrigger(TriggerBase):
    trigger: Literal["on_would_bounce"]


class AfterFirstPushOfTwoTrigger(TriggerBase):
    trigger: Literal["after_first_push_of_two"]


class OnPlaceEnergyInSectionTrigger(TriggerBase):
    trigger: Literal["on_place_energy_in_section"]


class OnSectionCompletedTrigger(TriggerBase):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    trigger: Literal["on_section_completed"]
    as_: Literal["completer", "contributor_not_completer"] = Field(alias="as")


Trigger = Annotated[
    PassiveTrigger
    | OnGainCharacterMovementTrigger
    | OnActivateEnergyTrigger
    | EndOfTurnIfEnteredRegionTrigger
    | OnLoadWildIntoPositionTrigger
    | BeforePositionActionTrigger
    | OnRechargeWhileChargedTrigger
    | StartOfAdvanceTurnTrigger
    | ClaimStep2Trigger
    | OnWouldBounceTrigger
    | AfterFirstPushOfTwoTrigger
    | OnPlaceEnergyInSectionTrigger
    | OnSectionCompletedTrigger,
    Field(discriminator="trigger"),
]

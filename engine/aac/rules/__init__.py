"""Rule areas, one module each. Importing this package registers every Frame class, every
effect handler (engine.aac.rules.effects) and every character power's trigger handler (powers).

Imports go downwards only: effects (the registry), prompts <- reserve, patron, bridges <-
movement <- binding, device <- claim, endturn <- advance <- bonus <- actions, exhausted;
completion above those, activation above it; players_act (any effect) on top of effects;
powers (the trigger bus's listeners) above the rule areas they use; turn and setup on top.
"""

from engine.aac.rules import (  # noqa: F401
    actions,
    activation,
    advance,
    binding,
    bonus,
    bridges,
    claim,
    completion,
    deploy,
    device,
    effects,
    endturn,
    exhausted,
    movement,
    patron,
    players_act,
    powers,
    prompts,
    reposition,
    reserve,
    setup,
    turn,
)

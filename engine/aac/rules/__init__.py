"""Rule areas, one module each. Importing this package registers every Frame class, every
effect handler (engine.aac.rules.effects) and every character power's trigger handler (powers).

Imports go downwards only: effects (the registry) <- reserve, patron, bridges <- movement <-
claim, endturn <- advance <- bonus <- actions; completion above those; powers (the trigger
bus's listeners) above the rule areas they use; turn and setup on top.
"""

from engine.aac.rules import (  # noqa: F401
    actions,
    advance,
    bonus,
    bridges,
    claim,
    completion,
    deploy,
    effects,
    endturn,
    movement,
    patron,
    powers,
    reposition,
    reserve,
    setup,
    turn,
)

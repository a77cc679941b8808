"""Rule areas, one module each. Importing this package registers every Frame class and every
effect handler (engine.aac.rules.effects).

Imports go downwards only: effects (the registry) <- reserve, patron, bridges <- movement <-
claim, endturn <- advance <- bonus <- actions; completion above those; turn and setup on top.
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
    reposition,
    reserve,
    setup,
    turn,
)

"""Rule areas, one module each. Importing this package registers every Frame class and every
character power's trigger handler (powers)."""

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
    powers,
    reposition,
    setup,
    turn,
)

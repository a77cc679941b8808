"""Rule areas, one module each. Importing this package registers every Frame class."""

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
    reposition,
    setup,
    turn,
)

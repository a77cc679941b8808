"""What the expansion's files share: the file header and the benefit object (expansion README
"Common structures")."""

from __future__ import annotations

from typing import Literal

from engine.aac.catalog.common import Frozen
from engine.aac.catalog.effects import Effect

ModuleName = Literal["folklore", "pilgrimage", "either", "base_revision"]


class Benefit(Frozen):
    """Folklore options, Shrine benefits, bridge perks, Patron Token choices: `cost` is paid
    first and in full; `effects` are carried out in order, each skipped if impossible."""

    id: str
    text: str
    cost: tuple[Effect, ...]
    effects: tuple[Effect, ...]

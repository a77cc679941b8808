"""The Folklore module (RULES.md R26): Artifacts, Folklore Cards, the Folklore Track.
Importing this package registers it (`GameConfig(modules=("folklore",))`)."""

from engine.aac.folklore.module import MODULE
from engine.aac.modules import MODULES, register_module

if MODULE.name not in MODULES:
    register_module(MODULE)

__all__ = ["MODULE"]

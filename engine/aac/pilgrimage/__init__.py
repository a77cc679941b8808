"""The Pilgrimage module (RULES.md R27): the Pilgrim Board, Shrines, Blockades, speed, the
Pilgrims' Ford and Pilgrims' Stair. Importing this package registers it
(`GameConfig(modules=("pilgrimage",))`); engine.aac.game imports it, as it does Folklore."""

from engine.aac.modules import MODULES, register_module
from engine.aac.pilgrimage.module import MODULE

if MODULE.name not in MODULES:
    register_module(MODULE)

__all__ = ["MODULE"]

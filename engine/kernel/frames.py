"""The Frame base: a piece of rule work still to do, kept in the game state's stack."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


class Frame:
    """A piece of rule work still to do. Subclasses are slotted dataclasses.

    `step(ctx)` either returns a Decision for the frame's owner or makes progress itself
    (mutating the state, pushing or popping frames) and returns None.
    `apply(ctx, choice)` applies one of the Choices its last Decision offered.
    """

    registry: ClassVar[dict[str, type[Frame]]] = {}
    __slots__ = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        Frame.registry[cls.__name__] = cls

    def clone(self) -> Frame:
        """Frames hold only immutable values (ints, strings, tuples, catalog effect dicts that
        are never mutated), so a shallow copy is a full copy."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = tuple(f.name for f in dataclasses.fields(self))  # type: ignore[arg-type]
            _FIELD_NAMES[cls] = names
        return cls(*[getattr(self, n) for n in names])


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}

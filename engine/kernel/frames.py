"""The Frame base: a piece of rule work still to do, kept in the game state's stack.

Each concrete frame declares its `kind`, the name saves store it under, on the class line,
namespaced by its game ("<game>.<name>": the registry is shared by every game of the process):

    @dataclass(slots=True)
    class TurnFrame(Frame, kind="aac.turn"):
        seat: int
        at: str

A kind declared twice (by two different classes) raises TypeError when the second class is
created; a frame class without a kind, or with a kind without its game's prefix, raises too.
Frames hold only immutable values (ints, strings, tuples, catalog data that is never
mutated): their generated `clone` shares them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.kernel.fields import Record, built

if TYPE_CHECKING:
    from engine.kernel.decisions import Choice, Decision


class Frame(Record, ABC):
    """`step(ctx)` either returns a Decision for the frame's owner or makes progress itself
    (mutating the state, pushing or popping frames) and returns None.
    `apply(ctx, choice)` applies one of the Choices its last Decision offered."""

    registry: ClassVar[dict[str, type[Frame]]] = {}
    kind: ClassVar[str] = ""
    _share_any: ClassVar[bool] = True
    _tagged: ClassVar[bool] = True
    __slots__ = ()

    def __init_subclass__(cls, kind: str = "", abstract: bool = False, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if abstract:
            return
        if not kind:
            # @dataclass(slots=True) re-creates the class without the class keywords: the
            # copy carries the kind in its namespace and takes the first class's place
            copied = cls.__dict__.get("kind", "")
            old = Frame.registry.get(copied) if copied else None
            if old is None or (old.__module__, old.__name__) != (cls.__module__, cls.__name__):
                raise TypeError(f"{cls.__qualname__} must declare its kind: "
                                f"class {cls.__name__}(Frame, kind='...')")
            Frame.registry[copied] = cls
            return
        prefix, dot, name = kind.partition(".")
        if not (prefix and dot and name):
            raise TypeError(f"{cls.__qualname__}: a frame kind is namespaced by its game "
                            f"('<game>.<name>'), not {kind!r}")
        old = Frame.registry.get(kind)
        if old is not None:
            raise TypeError(f"frame kind {kind!r} is declared twice: by {old.__qualname__} "
                            f"({old.__module__}) and by {cls.__qualname__} ({cls.__module__})")
        cls.kind = kind
        Frame.registry[kind] = cls

    @classmethod
    def from_plain(cls, d: Mapping[str, Any]) -> Any:
        """Rebuild a frame from its plain data (`{"kind": ..., fields...}`); on the base
        class the kind picks the class."""
        if cls is Frame:
            return Frame.registry[d["kind"]].from_plain(d)
        return built(cls, "from_plain")(d)

    @abstractmethod
    def step(self, ctx: Any) -> Decision | None: ...

    @abstractmethod
    def apply(self, ctx: Any, c: Choice) -> None: ...

"""Issue 27, item 1: frames and state records copy and (de)serialise right by construction.

The generated `clone`/`to_plain`/`from_plain` are bound per class: a subclass never runs its
parent's (TrackMoveFrame of MoveFrame was saved as "move" and cloned into a MoveFrame once
MoveFrame's functions were built first). For every registered frame kind and every state
record, with its parents' functions built first: a clone keeps its class and fields, a save
(to_plain) keeps its kind and fields and reads back (from_plain) as the same class, through
JSON too; and the type-exact check (engine.kernel.fields.record_error) accepts exactly what
to_plain writes and refuses the same data with one number of another type."""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from typing import Any, Union, get_args, get_origin

import pytest

import engine.aac  # noqa: F401  (registers An Age Contrived, its modules and frames)
import tests.kernel_toy  # noqa: F401  (registers Pebbles)
from engine.aac.rules.movement import MoveFrame, TrackMoveFrame
from engine.kernel.fields import Record, fields_of, record_error
from engine.kernel.frames import Frame


def sample(tp: Any) -> Any:
    """A value of type `tp` (every field filled, nested records too)."""
    if tp is int:
        return 3
    if tp is str:
        return "x"
    if tp is bool:
        return True
    if tp is float:
        return 0.5
    if tp is type(None):
        return None
    if tp is Any or tp is object:
        return {"a": [1, "b"], "c": True}
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return sample(next(a for a in get_args(tp) if a is not type(None)))
    if origin is typing.Literal:
        return get_args(tp)[0]
    if origin is list:
        return [sample(get_args(tp)[0])]
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return (sample(args[0]), sample(args[0]))
        return tuple(sample(a) for a in args)
    if origin is dict:
        return {"k": sample(get_args(tp)[1])}
    if isinstance(tp, type) and issubclass(tp, Record):
        return make(tp)
    raise TypeError(tp)


def make(cls: type) -> Any:
    if cls is Frame:
        cls = next(iter(Frame.registry.values()))
    return cls(*[sample(tp) for _, tp in fields_of(cls)])


def records() -> list[type]:
    out: list[type] = []
    todo = list(Record.__subclasses__())
    while todo:
        c = todo.pop()
        todo.extend(c.__subclasses__())
        # the class a module holds (not the copy @dataclass(slots=True) replaced)
        held = getattr(sys.modules.get(c.__module__), c.__name__, None) is c
        if held and dataclasses.is_dataclass(c) and not getattr(c, "__abstractmethods__", None) \
                and c not in out and c.__module__.startswith(("engine.", "tests.")):
            out.append(c)
    return sorted(out, key=lambda c: (c.__module__, c.__qualname__))


def concrete_parents(cls: type) -> list[type]:
    return [b for b in reversed(cls.__mro__[1:]) if b in RECORDS]


RECORDS = records()


def test_every_frame_kind_is_a_record_checked_here() -> None:
    assert set(Frame.registry.values()) <= set(RECORDS)
    assert len(Frame.registry) >= 60


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__qualname__)
def test_save_load_and_clone_keep_the_class_and_fields(cls: type) -> None:
    for parent in concrete_parents(cls):  # the parent's functions built first (the old bug)
        p = make(parent)
        type(p).from_plain(json.loads(json.dumps(p.clone().to_plain())))
    obj = make(cls)
    twin = obj.clone()
    assert type(twin) is cls and twin == obj
    plain = obj.to_plain()
    if issubclass(cls, Frame):
        assert plain["kind"] == cls.kind
        back = Frame.from_plain(json.loads(json.dumps(plain)))
    else:
        back = cls.from_plain(json.loads(json.dumps(plain)))
    assert type(back) is cls and back == obj
    assert back.to_plain() == plain
    # the type-exact check takes exactly what to_plain writes (through JSON)...
    base = Frame if issubclass(cls, Frame) else cls
    assert record_error(base, json.loads(json.dumps(plain)), "x") == ""


def _first_int_path(v: Any) -> list[Any] | None:
    if type(v) is int:
        return []
    items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in items:
        if k == "kind":
            continue
        sub = _first_int_path(x)
        if sub is not None:
            return [k, *sub]
    return None


@pytest.mark.parametrize("cls", [c for c in RECORDS if _first_int_path(
    json.loads(json.dumps(make(c).to_plain()))) is not None], ids=lambda c: c.__qualname__)
@pytest.mark.parametrize("other", [3.0, True, "3"], ids=["float", "bool", "text"])
def test_a_number_of_another_type_is_refused(cls: type, other: Any) -> None:
    """...and refuses the same data with an int turned into an equal float, a bool or text
    (Python's == would take 3 == 3.0, and 1 == True)."""
    plain = json.loads(json.dumps(make(cls).to_plain()))
    path = _first_int_path(plain)
    assert path is not None
    target = plain
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = other
    base = Frame if issubclass(cls, Frame) else cls
    assert record_error(base, plain, "x") != ""


def test_a_track_movement_stays_one_after_its_parent_was_copied() -> None:
    """The reported case: MoveFrame's functions built, then a TrackMoveFrame saved and copied
    (R26.3.1, O69: what is left of a movement after an Artifact placement)."""
    m = MoveFrame(0, 1, 1, 0, 2, "Rose", False, 3)
    MoveFrame.from_plain(m.clone().to_plain())
    t = TrackMoveFrame(0, 0, 1, 0, 2, "Artifact", False, 0)
    assert t.to_plain()["kind"] == "aac.move_tracks"
    assert type(t.clone()) is TrackMoveFrame
    assert type(Frame.from_plain(t.to_plain())) is TrackMoveFrame

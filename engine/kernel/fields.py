"""State copy and (de)serialisation generated from dataclass fields.

A game's state classes subclass `Record` and are slotted dataclasses. Their `clone()`,
`to_plain()` and `from_plain()` are not written by hand: the first call of each compiles a
function from the class's field types (with `typing.get_type_hints`) and puts it on the
class, so every field is always included (a missed field is impossible) and later calls run
straight-line code as fast as a hand-written copy.

Field types understood (anything else is refused when the function is built):
- scalars `int`, `str`, `bool`, `float`, `None` and unions of them: shared (immutable);
- `list[T]`, `dict[str, T]`: copied, with T copied by the same rules;
- `tuple[T, ...]` and fixed tuples: shared by `clone` (immutable), lists in plain data;
- another `Record` (including `Frame`, stored with its `kind`): its own generated function;
- `Any`: plain JSON-like data (dicts, lists, tuples, scalars), copied deeply by `clone` when it
  is mutable. Frames' `Any` fields (catalog effect dicts) are never mutated, so frames share
  them.

`to_plain` turns tuples into lists (JSON); `from_plain` copies everything it reads (the caller's
data is never shared with the object), turns lists back into tuples where the field says so,
and raises KeyError for a missing field and TypeError for an unknown one.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar, Union, get_args, get_origin

from engine.kernel.words import said

R = TypeVar("R", bound="Record")

_SCALARS = (int, str, bool, float, type(None))


class Record:
    """Base of generated-copy dataclasses (see the module docstring)."""

    __slots__ = ()
    # Frames share their fields on clone (they hold only immutable values) and are stored
    # with their `kind`
    _share_any: ClassVar[bool] = False
    _tagged: ClassVar[bool] = False

    def __init_subclass__(cls, **kw: Any) -> None:
        """Give every subclass its own builders, so that the function generated for one class
        is never found through another: a subclass (TrackMoveFrame of MoveFrame) inherits
        nothing its parent built. A class that writes one of the three itself keeps it."""
        super().__init_subclass__(**kw)
        own = cls.__dict__
        for what, stub in _STUBS.items():
            if what not in own or own[what] in _STUB_VALUES:
                setattr(cls, what, stub)

    # These three run only until the class's own function is built (then the class
    # attribute is the generated function), or when reached through a method object taken
    # before that (the cache makes that cheap).
    def clone(self: R) -> R:
        return built(type(self), "clone")(self)  # type: ignore[no-any-return]

    def to_plain(self) -> dict[str, Any]:
        return built(type(self), "to_plain")(self)  # type: ignore[no-any-return]

    @classmethod
    def from_plain(cls: type[R], d: Mapping[str, Any]) -> R:
        return built(cls, "from_plain")(d)  # type: ignore[no-any-return]


_STUBS: dict[str, Any] = {
    "clone": Record.__dict__["clone"],
    "to_plain": Record.__dict__["to_plain"],
    "from_plain": Record.__dict__["from_plain"],
}
_STUB_VALUES = tuple(_STUBS.values())


_BUILT: dict[tuple[type, str], Callable[..., Any]] = {}


def built(cls: type, what: str) -> Callable[..., Any]:
    """The generated `what` of `cls` (built on first use)."""
    fn = _BUILT.get((cls, what))
    return fn if fn is not None else build(cls, what)


# --- plain data helpers (used by the generated code) ----------------------------------------


def copy_plain(v: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples kept, scalars): faster than
    deepcopy."""
    if isinstance(v, list):
        return [copy_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: copy_plain(x) for k, x in v.items()}
    if isinstance(v, tuple):
        return tuple(copy_plain(x) for x in v)
    return v


def plain_any(v: Any) -> Any:
    """JSON-like data as JSON would hold it (tuples become lists), copied."""
    if isinstance(v, Record):
        return v.to_plain()
    if isinstance(v, list | tuple):
        return [plain_any(x) for x in v]
    if isinstance(v, dict):
        return {k: plain_any(x) for k, x in v.items()}
    return v


def tuplify(v: Any) -> Any:
    """Lists (at any depth, not inside dicts) become tuples; dicts are copied."""
    if isinstance(v, list | tuple):
        return tuple(tuplify(x) for x in v)
    if isinstance(v, dict):
        return copy_plain(v)
    return v


# --- code generation ---------------------------------------------------------------------------


class _Gen:
    def __init__(self, owner: type) -> None:
        self.owner = owner
        self.env: dict[str, Any] = {
            "copy_plain": copy_plain, "plain_any": plain_any, "tuplify": tuplify,
        }
        self.n = 0

    def name(self, value: Any) -> str:
        self.n += 1
        key = f"_v{self.n}"
        self.env[key] = value
        return key

    def var(self) -> str:
        self.n += 1
        return f"x{self.n}"


def _is_scalar(tp: Any) -> bool:
    if tp in _SCALARS:
        return True
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return all(_is_scalar(a) for a in get_args(tp))
    return origin is typing.Literal


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Record)


def _elem_types(tp: Any) -> tuple[Any, ...]:
    args = get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return (args[0],)
    return args


def _clone_expr(g: _Gen, tp: Any, src: str, share_any: bool) -> str:
    if _is_scalar(tp):
        return src
    if tp is Any or tp is object:
        return src if share_any else f"copy_plain({src})"
    if _is_record(tp):
        return f"{src}.clone()"
    origin = get_origin(tp)
    if origin is tuple:
        return src  # immutable; elements are shared (tuples hold immutable values)
    if origin is list:
        (et,) = get_args(tp)
        if _is_scalar(et):
            return f"{src}[:]"
        v = g.var()
        return f"[{_clone_expr(g, et, v, share_any)} for {v} in {src}]"
    if origin is dict:
        kt, vt = get_args(tp)
        if _is_scalar(vt):
            return f"{src}.copy()"
        k, v = g.var(), g.var()
        return f"{{{k}: {_clone_expr(g, vt, v, share_any)} for {k}, {v} in {src}.items()}}"
    raise TypeError(f"{g.owner.__qualname__}: cannot copy a field of type {tp!r}")


def _plain_expr(g: _Gen, tp: Any, src: str) -> str:
    if _is_scalar(tp):
        return src
    if tp is Any or tp is object:
        return f"plain_any({src})"
    if _is_record(tp):
        return f"{src}.to_plain()"
    origin = get_origin(tp)
    if origin in (list, tuple):
        ets = _elem_types(tp)
        if all(_is_scalar(e) for e in ets):
            return f"list({src})"
        if len(ets) == 1:
            v = g.var()
            return f"[{_plain_expr(g, ets[0], v)} for {v} in {src}]"
        return f"plain_any({src})"
    if origin is dict:
        kt, vt = get_args(tp)
        if _is_scalar(vt):
            return f"dict({src})"
        k, v = g.var(), g.var()
        return f"{{{k}: {_plain_expr(g, vt, v)} for {k}, {v} in {src}.items()}}"
    raise TypeError(f"{g.owner.__qualname__}: cannot serialise a field of type {tp!r}")


def _read_expr(g: _Gen, tp: Any, src: str) -> str:
    if _is_scalar(tp):
        return src
    if tp is Any or tp is object:
        return f"copy_plain({src})"
    if _is_record(tp):
        return f"{g.name(tp)}.from_plain({src})"  # looked up per call: built once, then direct
    origin = get_origin(tp)
    if origin is tuple:
        ets = _elem_types(tp)
        if all(_is_scalar(e) for e in ets):
            return f"tuple({src})"
        if len(ets) == 1 and (ets[0] is Any or ets[0] is object):
            return f"tuplify({src})"
        if len(ets) == 1:
            v = g.var()
            return f"tuple({_read_expr(g, ets[0], v)} for {v} in {src})"
        return f"tuplify({src})"
    if origin is list:
        (et,) = get_args(tp)
        if _is_scalar(et):
            return f"list({src})"
        v = g.var()
        return f"[{_read_expr(g, et, v)} for {v} in {src}]"
    if origin is dict:
        kt, vt = get_args(tp)
        if _is_scalar(vt):
            return f"dict({src})"
        k, v = g.var(), g.var()
        return f"{{{k}: {_read_expr(g, vt, v)} for {k}, {v} in {src}.items()}}"
    raise TypeError(f"{g.owner.__qualname__}: cannot read a field of type {tp!r}")


_FIELDS: dict[type, list[tuple[str, Any]]] = {}


def fields_of(cls: type) -> list[tuple[str, Any]]:
    """(name, resolved type) of a dataclass's fields, in order."""
    got = _FIELDS.get(cls)
    if got is None:
        hints = typing.get_type_hints(cls)
        got = _FIELDS[cls] = [(f.name, hints[f.name]) for f in dataclasses.fields(cls)
                              if f.init]
    return got


def build(cls: type, what: str) -> Callable[..., Any]:
    """Compile `what` ("clone", "to_plain" or "from_plain") for `cls` and install it."""
    g = _Gen(cls)
    flds = fields_of(cls)
    share = bool(getattr(cls, "_share_any", False))
    cls_name = g.name(cls)
    lines: list[str]
    if what == "clone":
        args = ", ".join(_clone_expr(g, tp, f"self.{n}", share) for n, tp in flds)
        lines = ["def clone(self):", f"    return {cls_name}({args})"]
    elif what == "to_plain":
        tagged = bool(getattr(cls, "_tagged", False))
        kind = cls.__dict__.get("kind", "")
        items = [f"'kind': {kind!r}"] if tagged else []
        items += [f"{n!r}: {_plain_expr(g, tp, f'self.{n}')}" for n, tp in flds]
        lines = ["def to_plain(self):", f"    return {{{', '.join(items)}}}"]
    elif what == "from_plain":
        tag = {"kind"} if getattr(cls, "_tagged", False) else set()
        names = frozenset(n for n, _ in flds) | tag
        known = g.name(names)
        args = ", ".join(_read_expr(g, tp, f"d[{n!r}]") for n, tp in flds)
        lines = [
            "def from_plain(d):",
            f"    if len(d) > {len(names)} or not {known}.issuperset(d):",
            f"        raise TypeError('unknown fields for {cls.__qualname__}: ' + "
            f"', '.join(sorted(set(d) - {known})))",
            f"    return {cls_name}({args})",
        ]
    else:  # pragma: no cover - internal
        raise ValueError(what)
    code = "\n".join(lines)
    ns: dict[str, Any] = {}
    exec(compile(code, f"<{cls.__qualname__}.{what}>", "exec"), g.env, ns)  # noqa: S102
    fn = ns[what]
    if what == "from_plain":
        setattr(cls, what, staticmethod(fn))
    else:
        setattr(cls, what, fn)
    _BUILT[(cls, what)] = fn
    return fn  # type: ignore[no-any-return]


# --- type-exact checks of plain data ----------------------------------------------------------

JSON_INT = 2**53  # the largest integers JSON readers agree on


def plain_error(tp: Any, v: Any, where: str, int_limit: int = JSON_INT) -> str:
    """Why `v` (plain data read from JSON) is not exactly what `to_plain` writes for a value
    of type `tp`, or "" when it is: an int is an int (never a bool or a float), a bool a bool,
    a tuple a list, a Record a dict with exactly its fields (a Frame with a registered kind).
    `Any` accepts any JSON-like value."""
    if tp is Any or tp is object:
        return ""
    if tp is int:
        ok = type(v) is int and -int_limit < v < int_limit
        return "" if ok else f"{where} must be a whole number"
    if tp is bool:
        return "" if type(v) is bool else f"{where} must be true or false"
    if tp is str:
        return "" if type(v) is str else f"{where} must be text"
    if tp is float:
        return "" if type(v) is float else f"{where} must be a decimal number"
    if tp is type(None):
        return "" if v is None else f"{where} must be empty (null)"
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        errs = [plain_error(a, v, where, int_limit) for a in get_args(tp)]
        return "" if any(not e for e in errs) else errs[0]
    if origin is typing.Literal:
        ok = any(type(v) is type(a) and v == a for a in get_args(tp))
        return "" if ok else f"{where} is not one of its allowed values"
    if _is_record(tp):
        return record_error(tp, v, where, int_limit)
    if origin in (list, tuple):
        if type(v) is not list:
            return f"{where} must be a list"
        ets = _elem_types(tp)
        if origin is tuple and not (len(get_args(tp)) == 2 and get_args(tp)[1] is Ellipsis):
            if len(v) != len(ets):
                return f"{where} must hold {len(ets)} values"
            pairs = list(zip(ets, v, strict=True))
        else:
            pairs = [(ets[0], x) for x in v]
        for i, (et, x) in enumerate(pairs):
            err = plain_error(et, x, f"{where}[{i}]", int_limit)
            if err:
                return err
        return ""
    if origin is dict:
        if type(v) is not dict:
            return f"{where} must be a mapping"
        kt, vt = get_args(tp)
        for k, x in v.items():
            err = plain_error(kt, k, f"{where} key", int_limit) or plain_error(
                vt, x, f"{where}[{str(k)[:40]!r}]", int_limit)
            if err:
                return err
        return ""
    raise TypeError(f"cannot check a value of type {tp!r}")


def record_error(cls: type, v: Any, where: str, int_limit: int = JSON_INT) -> str:
    """`plain_error` for a Record class (a tagged class picks its subclass by `kind` from its
    `registry`)."""
    if type(v) is not dict:
        return f"{where} must be a mapping"
    tagged = bool(getattr(cls, "_tagged", False))
    if tagged:
        kind = v.get("kind")
        registry: Mapping[str, type] = getattr(cls, "registry", {})
        sub = registry.get(kind) if type(kind) is str else None
        if sub is None or not issubclass(sub, cls):
            return f"{where} is an unknown kind of rule step ({said(kind)})"
        cls = sub
    flds = fields_of(cls)
    names = {n for n, _ in flds} | ({"kind"} if tagged else set())
    if set(v) != names:
        extra = sorted(set(v) - names)[:3]
        missing = sorted(names - set(v))[:3]
        if extra:
            return f"{where} holds values a save never holds ({', '.join(map(said, extra))})"
        return f"{where} lacks values ({', '.join(map(said, missing))})"
    for n, tp in flds:
        err = plain_error(tp, v[n], f"{where}.{n}", int_limit)
        if err:
            return err
    return ""

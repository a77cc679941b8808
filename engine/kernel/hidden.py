"""Hidden information, declared once per game (and per module).

Each `HiddenPart` names one part of the state that some seats may not see, and says:
- `visible(state, owner, viewer)`: may `viewer` see it now? (`owner` is the seat it belongs
  to for a per-seat part, None for a table part; `viewer` -1 is a spectator: nobody);
- `redact(view, owner)`: blank it in a seat's view (the plain state, `Record.to_plain`);
- `resample(view, owner, seed)`: fill a blank back with a plausible guess, for bots'
  determinization. It fills only what the view lacks (a part the seat may see is left as
  it is), must not mutate nested data of the view in place (replace it: the view is shared),
  and draws its randomness from `seed` only;
- `digest(state, owner)`: what the part holds now. When a choice changes the digest of a part
  hidden from the deciding seat, or makes a part visible to it that was hidden, something
  was revealed: undo stops there with `barrier`.

The runner derives from these one seat view (`Runner.view`), one resampling
(`GameDefinition.resample`, the bots' determinization), the "something private is showing"
test of a hot-seat hand-off (`Runner.private_now`, `Runner.hidden_seats`) and the undo
barrier.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

REVEALED = "Undo stops here: hidden information was revealed."


def _never(state: Any, owner: int | None, viewer: int) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class HiddenPart:
    name: str
    redact: Callable[[dict[str, Any], int | None], None]
    resample: Callable[[dict[str, Any], int | None, int], None]
    digest: Callable[[Any, int | None], Hashable]
    visible: Callable[[Any, int | None, int], bool] = _never
    per_seat: bool = False
    barrier: str = REVEALED
    # optional, for speed: False when the part hides nothing from anybody now (then
    # `visible` is not asked seat by seat)
    hides: Callable[[Any], bool] | None = None


def owners(part: HiddenPart, n: int) -> Iterator[int | None]:
    if part.per_seat:
        yield from range(n)
    else:
        yield None


def hidden_from(parts: tuple[HiddenPart, ...], state: Any, viewer: int
                ) -> list[tuple[HiddenPart, int | None]]:
    """The (part, owner) pairs `viewer` may not see now."""
    out: list[tuple[HiddenPart, int | None]] = []
    for p in parts:
        if p.hides is not None and not p.hides(state):
            continue
        if p.per_seat:
            vis = p.visible
            out.extend((p, o) for o in range(state.n) if not vis(state, o, viewer))
        elif not p.visible(state, None, viewer):
            out.append((p, None))
    return out


def secrets(parts: tuple[HiddenPart, ...], state: Any, viewer: int
            ) -> dict[tuple[str, int | None], Hashable]:
    """What the parts hidden from `viewer` hold now (for the undo barrier)."""
    out: dict[tuple[str, int | None], Hashable] = {}
    for p in parts:
        if p.hides is not None and not p.hides(state):
            continue
        if p.per_seat:
            for o in range(state.n):
                if not p.visible(state, o, viewer):
                    out[(p.name, o)] = p.digest(state, o)
        elif not p.visible(state, None, viewer):
            out[(p.name, None)] = p.digest(state, None)
    return out


def revealed(parts: tuple[HiddenPart, ...], before: dict[tuple[str, int | None], Hashable],
             state: Any, viewer: int) -> str:
    """The barrier text if something hidden from `viewer` before a choice was revealed by
    it (a hidden part changed, or a part became visible), else ""."""
    if not before:
        return ""
    after = secrets(parts, state, viewer)
    if after == before:
        return ""
    for key, dig in before.items():
        if key not in after or after[key] != dig:
            return next(p.barrier for p in parts if p.name == key[0])
    return ""  # only newly hidden parts: nothing was revealed


def private(parts: tuple[HiddenPart, ...], state: Any) -> list[tuple[HiddenPart, int]]:
    """Per-seat parts that some seat may see and another may not (what a hot-seat screen
    must hide when it is shown to the wrong person)."""
    n = int(state.n)
    out = []
    for p in parts:
        if not p.per_seat or p.hides is not None and not p.hides(state):
            continue
        for o in range(n):
            seen = [p.visible(state, o, v) for v in range(n)]
            if any(seen) and not all(seen):
                out.append((p, o))
    return out


def resample(parts: tuple[HiddenPart, ...], view: Mapping[str, Any], seed: int
             ) -> dict[str, Any]:
    """A plain state consistent with a seat's view: each hidden part filled from `seed` (the
    view itself is not changed)."""
    d: dict[str, Any] = dict(view)
    d.pop("seat", None)
    n = int(d["n"])
    for part in parts:
        for owner in (range(n) if part.per_seat else (None,)):
            part.resample(d, owner, seed)
    return d

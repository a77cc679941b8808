"""Decisions of effects that come from a named source (a Folklore Card): the prompt starts
with the source in words, never an id. A leaf of the rule areas (imports no rule area)."""

from __future__ import annotations

from engine.aac.core import Ctx, decision
from engine.aac.names import cap, source
from engine.kernel.decisions import Choice, Decision


def ask(ctx: Ctx, seat: int, kind: str, src: str, text: str, ch: list[Choice]) -> Decision:
    """A decision whose prompt starts with its source in words ("Song of the Deep: ...")."""
    return decision(seat, kind, cap(f"{source(ctx.r, src)}: {text}" if src else text), ch)


_RUNNING_OUT = "Running out: take "


def verb_label(verb: str, label: str) -> str:
    """An energy choice's label (engine.aac.supply.energy_choices: "a Rose from your exhausted
    pool", "Running out: take a Rose from ...") led by the effect's verb: "Bind a Rose from
    your exhausted pool", "Running out: bind a Rose from ..."."""
    if label.startswith(_RUNNING_OUT):
        return f"Running out: {verb} {label[len(_RUNNING_OUT):]}"
    return f"{cap(verb)} {label}"

"""A turn that talks: what the rules did by themselves, said in words (issue 29).

A decision with a single legal answer is answered by the engine itself (the runner's
`forced`: the decision, its one choice and its place among the step's events). The table
says each one: in the log, in order among the step's own lines, and, when it was a person's
decision, on the status line — why a turn ended ("Your turn ends: no bottom-row energy is
left to spend") or what was chosen for them. A later click on a place that answered such a
decision is told that it was decided already (`why_decided`), never a reason that belongs to
another moment."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine.aac.api import Choice, Decision
from game.aac.session import TURN_END

if TYPE_CHECKING:
    from game.shell.session import Session

Forced = tuple[int, Decision, Choice]  # (events before it in its step, decision, choice)


class TalkTable(Protocol):
    """What the turn's words need of the table: the seats' names and the log."""

    @property
    def session(self) -> Session: ...


def _quoted(prompt: str) -> str:
    return f"\u201c{prompt.rstrip('.')}\u201d"


def ends_turn(d: Decision, ch: Choice) -> bool:
    return (d.kind, ch.id) == TURN_END


def for_person(d: Decision, ch: Choice) -> str:
    """The status line's words for a person's forced decision."""
    if ends_turn(d, ch):
        return "Your turn ends: no bottom-row energy is left to spend."
    return f"Chosen for you, the only possible answer to {_quoted(d.prompt)}: {ch.label}."


class TurnTalk:
    """Says the forced decisions of each applied step, and remembers a person's since
    their last own decision (for `why_decided`)."""

    def __init__(self, t: TalkTable) -> None:
        self.t = t
        self.recent: list[tuple[Decision, Choice]] = []  # the deciding person's, this turn

    def after_step(self, forced: list[Forced], acted_by_person: bool
                   ) -> str:
        """After a choice was applied (the session's log already says each forced decision,
        `Session.lines`): the words for the status line ("" when no person's decision was
        forced)."""
        s = self.t.session
        if acted_by_person:
            self.recent = []
        if not forced:
            return ""
        said: list[str] = []
        for _at, d, ch in sorted(forced, key=lambda f: f[0]):
            if s.is_human(d.seat):
                self.recent.append((d, ch))
                said.append(for_person(d, ch))
        ends = [w for w in said if w.startswith("Your turn ends")]
        if ends:
            return ends[0]
        told = list(dict.fromkeys(said))  # the same answer twice (two energies) told once
        return " ".join(told[-2:])

    def why_decided(self, target: str, now: Decision | None) -> str:
        """Why a click on `target` does nothing because a forced decision used it already
        ("" if none did)."""
        for d, ch in reversed(self.recent):
            if target in ch.targets and (now is None or now.seat == d.seat):
                return (f"that was decided for you: {_quoted(ch.label)} was the only "
                        f"possible answer to {_quoted(d.prompt)}. The question now is "
                        f"{_quoted(now.prompt)}." if now is not None else "")
        return ""

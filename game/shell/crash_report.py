"""What a crash left: the report written (game.shell.crash) and the game it kept, shown by the
crash window (game.shell.crash_window)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Resume:
    """The autosave Continue resumes after the crash (or None) and what became of the game
    that was being played."""

    path: Path | None
    turn: int
    kept: str  # one sentence for the report and the window



@dataclass(frozen=True)
class Report:
    path: Path | None  # None: the report could not be written (the text is still shown)
    summary: str  # "ValueError: ..." in one line
    resume: Resume
    text: str

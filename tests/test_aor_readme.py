"""The README's Age of Reason section keeps its promises: every rules option with its default,
every bot level, and command lines the engine's parser accepts for the game."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from engine.aor.bots import BOT_LEVELS
from engine.aor.config import RULES_OPTIONS
from engine.cli import parser

README = Path(__file__).resolve().parent.parent / "README.md"


def section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Age of Reason from the command line")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def test_every_rules_option_is_listed_with_its_default() -> None:
    rows = dict(re.findall(r"^\| `(\w+)` \| (on|off) \|", section(), re.M))
    assert rows == {k: "on" if d else "off" for k, (d, _) in RULES_OPTIONS.items()}


def test_every_bot_level_is_described() -> None:
    s = section()
    for level in BOT_LEVELS:
        assert f"- **{level}**:" in s


def test_its_command_lines_parse_for_age_of_reason() -> None:
    lines = [ln.split("#", 1)[0] for ln in section().splitlines()
             if ln.startswith(".venv/bin/python -m engine ")]
    assert len(lines) >= 6
    for ln in lines:
        a = parser().parse_args(shlex.split(ln)[3:])
        assert a.game in ("aor", "age-of-reason")

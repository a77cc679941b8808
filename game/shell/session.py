"""A game in progress as the front end sees it, for any installed game: the engine's game,
who sits where (people and bots, the names typed), the log, saves and autosaves.

A game's front end makes its sessions (`FrontEnd.session`, a subclass when the game's table
needs more of them); everything here reads the game through its engine definition only.
Saves carry the seats in their summary header (engine.kernel.summary: names typed, bot
levels); files written before headers existed keep theirs in a side file (`x.seats.json`, or
`seats.json` in an autosave folder), still read.
"""

from __future__ import annotations

import contextlib
import errno
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import pygame
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.kernel import files, saves
from engine.kernel.autosave import Autosaver, turn_files
from engine.kernel.decisions import Choice, Decision
from engine.kernel.definition import GameDefinition, by_format
from engine.kernel.events import Event
from engine.kernel.runner import Runner
from engine.kernel.saves import SaveError
from engine.kernel.summary import Summary
from game.shell import theme
from game.shell.bot_worker import BotRef, BotSpec, bot_levels, seat_bots
from game.shell.dirs import autosave_dir, saves_dir
from game.shell.preview import write_png
from game.shell.settings import NAME_LEN

NAME_MAX = NAME_LEN  # characters in a player's name
SIDE_MAX = 64 * 1024  # a seats side file is a few hundred bytes

# game id -> how its front end makes a session (game.shell.registry.register fills this in)
Maker = Callable[[Any, list["SeatSpec"], int], "Session"]
_MAKERS: dict[str, Maker] = {}


def register_maker(game: str, make: Maker) -> None:
    _MAKERS[game] = make


@dataclass
class SeatSpec:
    human: bool = True
    level: str = "random"
    character: str | None = None  # the role chosen at set-up (a character...); None: random
    name: str = ""  # the player's own name ("" = known by the role's name)


class Session:
    """A game in progress: the engine's game, its seats, its log and its saves."""

    def __init__(self, game: Runner, seats: list[SeatSpec], bot_seed: int = 0) -> None:
        self.game = game
        self.definition: GameDefinition = game.definition
        self.seats = seats
        self.bots: dict[int, BotRef] = seat_bots(  # hosted by the app's bot worker process
            {i: s.level for i, s in enumerate(seats) if not s.human}, bot_seed,
            self.definition.id)
        self.log: list[str] = []
        self.game_id = time.strftime("game-%Y%m%d-%H%M%S") + f"-{game.state.seed & 0xFFFF}"
        # Set by the front end: autosave this game at turn starts, when it ends and when a
        # player leaves it (off for tests and tools), and how to picture the table then.
        self.autosaving = False
        self.preview: Callable[[], pygame.Surface | None] | None = None
        self._kept: list[str] | None = None  # the choices as of the last autosave
        self.problem = ""  # why the last save or autosave failed, in words ("" = it worked)
        # A game opened from a save was replayed: its story (the seat deciding and the events
        # of every choice) rebuilds the log as it was, and the table's recap takes it next.
        self.story: list[tuple[int, list[Event]]] = game.story or []
        forced = game.story_forced or []
        game.story, game.story_forced = None, None
        for e in game.setup_events or []:
            self.log.append(self.describe(e))
        for k, (_, events) in enumerate(self.story):
            self.log.extend(self.lines(events, forced[k] if k < len(forced) else []))
        self._trim_log()

    # --- words ---------------------------------------------------------------------------------
    def describe(self, e: Event) -> str:
        """The log's line for an event, the seats called by the names typed."""
        return self.definition.describe(self.game, e, [s.name for s in self.seats])

    def forced_line(self, d: Decision, ch: Choice) -> str:
        """The log's line for a decision the rules answered by themselves (its one legal
        answer); a game may say it in its own words."""
        return f"{self.name(d.seat)}: {ch.label} (the only possible answer to " \
            f"\u201c{d.prompt.rstrip('.')}\u201d)."

    def lines(self, events: list[Event], forced: list[tuple[int, Decision, Choice]]
              ) -> list[str]:
        """The log's lines for one step: a line per event and, in its place among them, one
        per decision the rules made (`Runner.forced`: events before it, decision, choice)."""
        out = [self.describe(e) for e in events]
        for k, (at, d, ch) in enumerate(sorted(forced, key=lambda f: f[0])):
            out.insert(min(len(out), at + k), self.forced_line(d, ch))
        return out

    def take_story(self) -> list[tuple[int, list[Event]]]:
        """The replayed story of a game opened from a save (once; [] for a new game)."""
        story, self.story = self.story, []
        return story

    def _trim_log(self) -> None:
        if len(self.log) > 3000:
            del self.log[: len(self.log) - 2500]

    def role_name(self, seat: int) -> str:
        """What the seat plays, in words ("Freyith", "France"), or "" before it is known."""
        roles = self.definition.roles(self.game)
        role = roles[seat] if 0 <= seat < len(roles) else ""
        return self.definition.role_name(role) if role else ""

    def player_name(self, seat: int) -> str:
        """The player's own name if one was given, else the role's ("Player 2" before)."""
        given = self.seats[seat].name if 0 <= seat < len(self.seats) else ""
        return given or self.role_name(seat) or f"Player {seat + 1}"

    def name(self, seat: int) -> str:
        """How a seat is called at the table: "Anna (Freyith)", just "Freyith", "Anna" in a
        game without roles, or "Player 2"."""
        given = self.seats[seat].name if 0 <= seat < len(self.seats) else ""
        role = self.role_name(seat)
        if given and role:
            return f"{given} ({role})"
        return given or role or f"Player {seat + 1}"

    def name_forms(self, seat: int) -> list[str]:
        """Shorter ways of saying name(seat), for a box too narrow for it (Canvas.text's
        `alts`): "Wilhelmina W. (Freyith)", "Wilhelmina (Freyith)", "Wilhelmina W.",
        "Wilhelmina", "W. W." — whole words, never one cut."""
        given = self.seats[seat].name if 0 <= seat < len(self.seats) else ""
        if not given:
            return []
        role = self.role_name(seat) or f"Player {seat + 1}"
        short = shorter_names(given)
        return [f"{x} ({role})" for x in short[:2]] + short

    def player_forms(self, seat: int) -> list[str]:
        """Shorter ways of saying player_name(seat) (see name_forms)."""
        given = self.seats[seat].name if 0 <= seat < len(self.seats) else ""
        return shorter_names(given) if given else []

    def colour(self, seat: int) -> theme.Colour:
        return theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]

    def shape(self, seat: int) -> str:
        return theme.SEAT_SHAPES[seat % len(theme.SEAT_SHAPES)]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].human

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def seat_word(self, seat: int, level: bool = False) -> str:
        """What a seat is, in a word under its name: "you" for the one person at a table of
        bots; at a hot-seat table (several people share the screen) none of them is "you",
        each is a "player"; a bot is a "bot" ("bot (easy)" with `level`)."""
        if not self.is_human(seat):
            return f"bot ({self.seats[seat].level})" if level and seat < len(self.seats) \
                else "bot"
        return "you" if len(self.humans) == 1 else "player"

    def seat_labels(self) -> list[tuple[str, str]]:
        """Per seat (name typed, bot level or "" for a person): the save header's seats."""
        return [(s.name, "" if s.human else s.level) for s in self.seats]

    # --- playing ---------------------------------------------------------------------------
    def hand_to_bot(self, seat: int, level: str, seed: int) -> None:
        """`seat` is played by a bot of `level` from now on, hosted by the bot worker process
        like the game's other bots (in their roster)."""
        roster = next((b.roster for b in self.bots.values() if isinstance(b, BotSpec)), 0)
        self.seats[seat] = SeatSpec(False, level, self.seats[seat].character,
                                    self.seats[seat].name)
        self.bots[seat] = BotSpec(level, seed, roster, self.definition.id)

    def play_random(self, seed: int, moves: int, settle: int = 0,
                    ready: Callable[[Decision], bool] | None = None) -> None:
        """Play `moves` random legal choices (seeded), then at most `settle` more until a
        person decides (and `ready` says the decision will do): a mid-game position for
        tools and tests."""
        rng = random.Random(seed)
        for _ in range(moves):
            d = self.game.pending
            if d is None:
                break
            self.apply(rng.choice(d.choices).id)
        for _ in range(settle):
            d = self.game.pending
            if d is None or self.is_human(d.seat) and (ready is None or ready(d)):
                break
            self.apply(rng.choice(d.choices).id)

    def apply(self, choice_id: str) -> list[Event]:
        events = self.game.choose(choice_id)
        self.log.extend(self.lines(events, self.game.forced))
        self._trim_log()
        if self.autosaving and self.game.is_over:
            self.keep_final()
        return events

    def turn_started(self, events: list[Event]) -> bool:
        """Did these events start a new turn (when a game autosaves)?"""
        return self.definition.turn_started(events)

    # --- saves (engine.kernel.saves: validated, atomic; the seats in the summary header) -------
    def save(self, path: Path, note: str = "") -> None:
        saves.write(self.game, path, note, self.seat_labels())
        self._picture(path)

    def _rotation(self) -> Autosaver:
        return Autosaver(self.game_id, autosave_dir())

    def autosave(self) -> Path:
        """Autosave at a turn start, or mid-turn when a player leaves (the choice history
        keeps the turn's decisions so far): the last 10 per game are kept."""
        path = self._rotation().save(self.game, self.seat_labels())
        self._kept = list(self.game.history)
        self._picture(path)
        return path

    def keep(self) -> bool:
        """Keep the game exactly where it is (before a player leaves it): an autosave unless
        nothing changed since the last one. False (and `problem` says why) if it failed."""
        if not self.autosaving or self.game.is_over or self._kept == self.game.history:
            return True
        try:
            self.autosave()
        except Exception as exc:  # a full disk must not trap the player in the game
            self.problem = save_problem(exc)
            return False
        self.problem = ""
        return True

    def keep_final(self) -> None:
        """The game has ended: keep it for the "Finished games" list (and so "Continue" no
        longer offers its last turn). A failure is told in the log; nothing else stops."""
        try:
            path = self._rotation().save_final(self.game, seats=self.seat_labels())
        except Exception as exc:
            self.problem = save_problem(exc)
            self.log.append(f"The finished game could not be kept: {self.problem}.")
            return
        self._kept = list(self.game.history)
        self._picture(path)

    def _picture(self, path: Path) -> None:
        """The preview beside a save; optional, so any failure only means no picture."""
        with contextlib.suppress(Exception):
            pic = self.preview() if self.preview is not None else None
            if pic is not None:
                write_png(pic, path.with_suffix(".png"))
            else:  # never leave an older picture beside a newer save
                path.with_suffix(".png").unlink(missing_ok=True)

    @staticmethod
    def load(path: Path) -> Session:
        """Load a save of any installed game, verified against a replay of its choices; a bad
        file raises SaveError with one readable sentence. The session is the game's own
        (its front end's `session`)."""
        path = Path(path)
        text = saves.read_text(path)
        defn = by_format(saves.format_of(text))
        make = _MAKERS.get(defn.id) if defn is not None else None
        if defn is None or make is None:
            raise SaveError("This is not a save of a game installed here.")
        game = saves.loads(text, defn, verify=True)
        n = game.state.n
        seats = seats_of(path, header_of(text), n, defn.id) or \
            [SeatSpec(human=(i == 0)) for i in range(n)]
        s = make(game, seats, int(game.config.get("seed", 0)))
        turns = turn_files(path.parent) if path.parent.parent == autosave_dir() else []
        if turns and turns[-1] == path:
            s.game_id = path.parent.name  # keep autosaving into the same game's folder
            s._kept = list(game.history)
        else:
            # an earlier turn of a game, played on, is another story: a folder of its own
            # (never the one it came from, even within the same second), so the turns after
            # it stay where they were
            base, k = s.game_id, 2
            while (autosave_dir() / s.game_id).exists():
                s.game_id, k = f"{base}-{k}", k + 1
        return s


def header_of(text: str) -> Summary | None:
    """The summary header of a save's text (None when it has none or it cannot be read:
    the loader has already refused a bad one)."""
    with contextlib.suppress(Exception):
        return saves.read_summary(json.loads(text))
    return None


class _SeatModel(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    human: bool = True
    level: Annotated[str, Field(max_length=32)] = "random"
    character: Annotated[str, Field(max_length=64)] | None = None
    name: Annotated[str, Field(max_length=200)] = ""  # absent in older side files


def read_seats(side: Path, n: int, game: str) -> list[SeatSpec] | None:
    """Who sits where, from a side file written before saves had headers; None if it is
    missing, damaged or does not match the game."""
    try:
        raw = json.loads(files.read_text(side, SIDE_MAX))  # a regular file only, bounded
        if not isinstance(raw, list) or len(raw) != n:
            return None
        specs = [_SeatModel.model_validate(x) for x in raw]
    except (files.Unreadable, ValueError, RecursionError, ValidationError):
        return None
    levels = set(bot_levels(game))
    return [SeatSpec(human=m.human, level=m.level if m.level in levels else "random",
                     character=m.character, name=clean_name(m.name)) for m in specs]


def seats_of(path: Path, header: Summary | None, n: int, game: str) -> list[SeatSpec] | None:
    """Who sat where in a save: its header's seats, else its side file or its autosave
    folder's (older saves); None if none can be read."""
    if header is not None and len(header.seats) == n:
        levels = set(bot_levels(game))
        out = []
        for i, s in enumerate(header.seats):
            default = s.name in (s.role, f"Player {i + 1}")  # no name was typed
            given = "" if default else clean_name(s.name)
            if s.level:
                out.append(SeatSpec(False, s.level if s.level in levels else "random",
                                    None, given))
            else:
                out.append(SeatSpec(True, "random", None, given))
        return out
    for side in (seats_path(path), Path(path).parent / "seats.json"):
        if files.exists(side):
            return read_seats(side, n, game)
    return None


def shorter_names(name: str) -> list[str]:
    """A typed name said shorter, whole words only: "Wilhelmina Woodworth" -> ["Wilhelmina
    W.", "Wilhelmina", "W. W."]; a one-word name has no shorter form."""
    words = name.split()
    if len(words) < 2:
        return []
    out = [" ".join(words[:-1]) + f" {words[-1][0]}.", words[0],
           " ".join(f"{w[0]}." for w in words)]
    return list(dict.fromkeys(x for x in out if x != name))


def clean_name(text: str) -> str:
    """A player's name as typed: printable characters, single spaces, at most NAME_MAX."""
    text = "".join(ch for ch in text if ch.isprintable())
    return " ".join(text.split())[:NAME_MAX].strip()


def seats_path(path: Path) -> Path:
    return Path(path).with_suffix(".seats.json")


def save_problem(exc: BaseException) -> str:
    """Why a save could not be written, in words a player understands."""
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return "the disk is full"
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "the save folder cannot be written to"
        if exc.strerror:
            return f"the file could not be written ({exc.strerror.lower()})"
    return f"an unexpected problem ({type(exc).__name__})"


__all__ = ["NAME_MAX", "SeatSpec", "Session", "clean_name", "header_of", "read_seats",
           "save_problem", "saves_dir", "seats_of", "seats_path", "shorter_names"]

